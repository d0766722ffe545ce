// Reading JSON numbers straight into integers and floats, validating RFC 8259's grammar
// (-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?) on the way.
#pragma once

#include <concepts>
#include <cstdint>

#include <spool/detail/number_parse.hpp>
#include <spool/error.hpp>

namespace spool::json::detail {

using spool::detail::is_digit;

// Whether the byte can start a JSON number.
inline constexpr bool starts_number(char c) noexcept { return c == '-' || is_digit(c); }

// An integer. p is at '-' or a digit (checked by the caller); a number with a fraction or
// exponent is the wrong type, a too large magnitude is out of range.
template <class T, class Ctx>
bool read_integer(Ctx& ctx, const char*& p, T& out) {
  const char* const start = p;
  const char* const end = ctx.end;
  const bool negative = *p == '-';
  if (negative) ++p;
  std::uint64_t magnitude = 0;
  if (p == end) return ctx.fail(errc::unexpected_end, end, "digit");
  if (*p == '0') {
    ++p;
    if (p != end && is_digit(*p)) return ctx.fail_detail(errc::invalid_number, start, "leading zero in number");
  } else if (is_digit(*p)) {
    const char* after = spool::detail::parse_decimal(p, end, magnitude);
    if (after == nullptr) {
      while (p != end && is_digit(*p)) ++p;
      if (p == end || (*p != '.' && (*p | 0x20) != 'e')) return ctx.fail(errc::out_of_range, start, "integer");
    } else {
      p = after;
    }
  } else {
    return ctx.fail(errc::invalid_number, p, "digit");
  }
  if (p != end && (*p == '.' || (*p | 0x20) == 'e')) return ctx.fail(errc::unexpected_type, start, "integer", "number with a fraction or exponent");
  if (!spool::detail::integer_from_magnitude(negative, magnitude, out)) return ctx.fail(errc::out_of_range, start, "integer");
  return true;
}

// The pieces of a scanned number, for callers that choose the representation afterwards.
struct scanned_number {
  const char* first = nullptr;
  const char* last = nullptr;
  std::uint64_t mantissa = 0;  // all digits as one integer, valid when exact_mantissa
  int exponent = 0;            // decimal exponent applying to mantissa
  bool negative = false;
  bool integral = true;        // no fraction, no exponent
  bool exact_mantissa = true;  // at most 19 digits
};

// Validates the number at p (at '-' or a digit) and gathers its pieces in one pass.
template <class Ctx>
bool scan_number(Ctx& ctx, const char*& p, scanned_number& n) {
  const char* const end = ctx.end;
  n.first = p;
  n.negative = *p == '-';
  if (n.negative) ++p;
  if (p == end) return ctx.fail(errc::unexpected_end, end, "digit");
  if (!is_digit(*p)) return ctx.fail(errc::invalid_number, p, "digit");
  int digits = 0;
  std::uint64_t m = 0;
  const auto take = [&](char c) {
    if (digits < 19) m = m * 10 + static_cast<unsigned>(c - '0');
    ++digits;
  };
  if (*p == '0') {
    ++p;
    if (p != end && is_digit(*p)) return ctx.fail_detail(errc::invalid_number, n.first, "leading zero in number");
  } else {
    while (p != end && is_digit(*p)) take(*p++);
  }
  int exponent = 0;
  if (p != end && *p == '.') {
    n.integral = false;
    ++p;
    const char* const fraction = p;
    while (p != end && is_digit(*p)) {
      take(*p++);
      --exponent;
    }
    if (p == fraction) return p == end ? ctx.fail(errc::unexpected_end, end, "digit") : ctx.fail(errc::invalid_number, p, "digit after decimal point");
  }
  if (p != end && (*p | 0x20) == 'e') {
    n.integral = false;
    ++p;
    bool negative_exponent = false;
    if (p != end && (*p == '+' || *p == '-')) negative_exponent = *p++ == '-';
    const char* const digits_start = p;
    int e = 0;
    for (; p != end && is_digit(*p); ++p)
      if (e < 100000) e = e * 10 + (*p - '0');  // saturates far beyond any double's range
    if (p == digits_start) return p == end ? ctx.fail(errc::unexpected_end, end, "digit") : ctx.fail(errc::invalid_number, p, "digit in exponent");
    exponent += negative_exponent ? -e : e;
  }
  n.last = p;
  n.mantissa = m;
  n.exponent = exponent;
  n.exact_mantissa = digits <= 19;
  return true;
}

// A scanned number as a float, correctly rounded; too large for F is out of range.
template <std::floating_point F, class Ctx>
bool to_floating(Ctx& ctx, const scanned_number& n, F& out) {
  if constexpr (std::is_same_v<F, double>) {
    if (n.exact_mantissa && spool::detail::fast_double(n.mantissa, n.exponent, n.negative, out)) return true;
  }
  switch (spool::detail::parse_floating(n.first, n.last, out)) {
    case spool::detail::float_status::ok: return true;
    case spool::detail::float_status::overflow: return ctx.fail(errc::out_of_range, n.first, "finite number");
    case spool::detail::float_status::invalid: break;
  }
  return ctx.fail(errc::invalid_number, n.first, "number");
}

template <std::floating_point F, class Ctx>
bool read_floating(Ctx& ctx, const char*& p, F& out) {
  scanned_number n;
  return scan_number(ctx, p, n) && to_floating(ctx, n, out);
}

}  // namespace spool::json::detail
