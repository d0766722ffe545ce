// TOML integers (decimal, 0x, 0o, 0b, with `_` between digits) and floats (fraction and/or
// exponent, inf, nan, signs).
//
// The grammar is checked on the input first; the conversion then runs on the input itself when no
// `_` is present (the common case) and on an underscore-free copy otherwise.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include <spool/detail/config.hpp>
#include <spool/detail/number_parse.hpp>
#include <spool/toml/lexer.hpp>

namespace spool::toml::detail {

struct number {
  bool is_float = false;
  std::int64_t integer = 0;
  double floating = 0;
};

template <int Radix>
constexpr bool is_radix_digit(char c) noexcept {
  if constexpr (Radix == 16) return hex_digit(c) >= 0;
  else return static_cast<unsigned char>(c - '0') < Radix;
}

// DIGIT *( DIGIT / "_" DIGIT ) for the digits of Radix: false when there is no digit at p or an
// underscore is not between two digits. Sets `underscores` when one was seen.
template <int Radix>
bool digit_run(scanner& s, bool& underscores) {
  if (s.p == s.end || !is_radix_digit<Radix>(*s.p)) return s.unexpected("digit");
  ++s.p;
  for (;;) {
    while (s.p != s.end && is_radix_digit<Radix>(*s.p)) ++s.p;
    if (s.p == s.end || *s.p != '_') return true;
    underscores = true;
    if (s.p + 1 == s.end || !is_radix_digit<Radix>(s.p[1]))
      return s.fail(errc::invalid_number, s.p, "an underscore must sit between two digits");
    s.p += 2;
  }
}

// A number ends where a value may end; "1.2.3", "12abc" or "0x1g" are one bad token.
inline bool number_ends(scanner& s, const char* first) {
  if (s.p == s.end || has_class(*s.p, cls::value_end)) return true;
  s.fail(errc::invalid_number, first);
  s.err.found = describe_char(s.p, s.end);
  return false;
}

// After 0x, 0o or 0b (at the prefix's letter).
inline bool scan_radix_integer(scanner& s, const char* first, number& out) {
  const int radix = s.p[1] == 'x' ? 16 : s.p[1] == 'o' ? 8 : 2;
  s.p += 2;
  const char* digits = s.p;
  bool underscores = false;
  const bool ok = radix == 16 ? digit_run<16>(s, underscores)
                  : radix == 8 ? digit_run<8>(s, underscores)
                               : digit_run<2>(s, underscores);
  if (!ok || !number_ends(s, first)) return false;
  const int bits = radix == 16 ? 4 : radix == 8 ? 3 : 1;
  std::uint64_t v = 0;
  for (const char* q = digits; q != s.p; ++q) {
    if (*q == '_') continue;
    if (v >> (63 - bits) != 0) return s.fail(errc::out_of_range, first, "integer does not fit 64 bits signed");
    v = (v << bits) | static_cast<std::uint64_t>(hex_digit(*q));
  }
  out.is_float = false;
  out.integer = static_cast<std::int64_t>(v);
  return true;
}

// Removes the underscores of [first, last) into `buf`, spilling to `spill` for very long numbers.
inline std::string_view without_underscores(const char* first, const char* last, char (&buf)[128], std::string& spill) {
  char* out = buf;
  if (last - first > static_cast<std::ptrdiff_t>(sizeof buf)) {
    spill.assign(first, last);
    out = spill.data();
  }
  char* w = out;
  for (const char* q = first; q != last; ++q)
    if (*q != '_') *w++ = *q;
  return {out, static_cast<std::size_t>(w - out)};
}

// Most floats in documents have at most 19 significant digits and a small exponent: their value
// is then one exact multiplication or division (Clinger), no need for the general algorithm.
// [first, last) is validated text without underscores or sign.
inline bool fast_float(const char* first, const char* last, bool negative, double& out) noexcept {
  std::uint64_t mantissa = 0;
  int digits = 0, fraction = 0;
  bool after_point = false;
  const char* p = first;
  for (; p != last && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') {
      after_point = true;
      continue;
    }
    if (++digits > 19) return false;
    mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    fraction += after_point;
  }
  int exponent = 0;
  if (p != last) {
    ++p;
    const bool minus = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    for (; p != last; ++p) {
      if (exponent > 1000) return false;
      exponent = exponent * 10 + (*p - '0');
    }
    if (minus) exponent = -exponent;
  }
  return spool::detail::fast_double(mantissa, exponent - fraction, negative, out);
}

// At a digit: whether a date or time starts here (4 digits and '-', or 2 digits and ':') rather
// than a number.
inline bool starts_datetime(const scanner& s) noexcept {
  auto digit = [&s](std::ptrdiff_t i) { return s.end - s.p > i && s.p[i] >= '0' && s.p[i] <= '9'; };
  if (digit(1) && s.end - s.p > 2 && s.p[2] == ':') return true;
  return digit(1) && digit(2) && digit(3) && s.end - s.p > 4 && s.p[4] == '-';
}

// Whether a number (not a date) starts at the cursor: sign, digit, inf or nan.
inline bool starts_number(const scanner& s) noexcept {
  if (s.p == s.end) return false;
  const char c = *s.p;
  if (c >= '0' && c <= '9') return !starts_datetime(s);
  return c == '+' || c == '-' || c == 'i' || c == 'n';
}

// Adds the digit run at p to `mantissa` (eight digits per step while they last), counting them;
// returns the end of the run. The mantissa wraps past 19 digits in all: the caller checks the count
// before trusting it.
inline const char* accumulate_digits(const char* p, const char* end, std::uint64_t& mantissa, int& count) noexcept {
  const char* const first = p;
  while (end - p >= 8 && spool::detail::are_eight_digits(p)) {
    mantissa = mantissa * 100000000 + spool::detail::eight_digits_value(p);
    p += 8;
  }
  while (p != end && spool::detail::is_digit(*p)) {
    mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    ++p;
  }
  count += static_cast<int>(p - first);
  return p;
}

// The common decimal, [+-]DIGITS[.DIGITS][(e|E)[+-]DIGITS] with no underscore, at most 19
// significant digits and nothing odd, converted in the pass that scans it. False, with the cursor
// unmoved, for anything else: scan_number's general path then reads it or words its error.
inline bool scan_plain_decimal(scanner& s, number& out) noexcept {
  const char* p = s.p;
  const char* const end = s.end;
  const bool negative = *p == '-';
  if (negative || *p == '+') ++p;
  const char* const int_part = p;
  std::uint64_t mantissa = 0;
  int digits = 0;
  p = accumulate_digits(p, end, mantissa, digits);
  if (digits == 0 || digits > 19 || (*int_part == '0' && digits > 1)) return false;
  if (p == end || has_class(*p, cls::value_end)) {
    if (!spool::detail::integer_from_magnitude(negative, mantissa, out.integer)) return false;
    out.is_float = false;
    s.p = p;
    return true;
  }
  int fraction = 0;
  if (*p == '.') {
    p = accumulate_digits(p + 1, end, mantissa, fraction);
    digits += fraction;
    if (fraction == 0 || digits > 19) return false;
  }
  int exponent = 0;
  if (p != end && (*p == 'e' || *p == 'E')) {
    ++p;
    const bool minus = p != end && *p == '-';
    if (p != end && (*p == '-' || *p == '+')) ++p;
    const char* const exp_digits = p;
    while (p != end && spool::detail::is_digit(*p) && p - exp_digits < 4) exponent = exponent * 10 + (*p++ - '0');
    if (p == exp_digits) return false;
    if (minus) exponent = -exponent;
  }
  if (p != end && !has_class(*p, cls::value_end)) return false;
  if (!spool::detail::fast_double(mantissa, exponent - fraction, negative, out.floating)) return false;
  out.is_float = true;
  s.p = p;
  return true;
}

// At '+', '-', a digit, 'i' or 'n' of a value that is not a date or time.
inline bool scan_number(scanner& s, number& out) {
  const char* first = s.p;
  if constexpr (spool::detail::toml_number_fast_path)
    if (scan_plain_decimal(s, out)) return true;
  const bool negative = *s.p == '-';
  const bool signed_ = negative || *s.p == '+';
  if (signed_) ++s.p;
  if (s.p != s.end && (*s.p == 'i' || *s.p == 'n')) {
    const bool inf = s.end - s.p >= 3 && std::memcmp(s.p, "inf", 3) == 0;
    const bool nan = s.end - s.p >= 3 && std::memcmp(s.p, "nan", 3) == 0;
    if (!inf && !nan) return s.fail(errc::invalid_number, first);
    s.p += 3;
    if (!number_ends(s, first)) return false;
    out.is_float = true;
    const double magnitude = inf ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    out.floating = std::copysign(magnitude, negative ? -1.0 : 1.0);
    return true;
  }
  if (s.end - s.p >= 2 && s.p[0] == '0' && (s.p[1] == 'x' || s.p[1] == 'o' || s.p[1] == 'b')) {
    if (signed_) return s.fail(errc::invalid_number, first, "hex, octal and binary integers take no sign");
    return scan_radix_integer(s, first, out);
  }

  const char* int_part = s.p;
  bool underscores = false;
  if (!digit_run<10>(s, underscores)) return false;
  if (*int_part == '0' && s.p - int_part > 1)
    return s.fail(errc::invalid_number, first, "leading zeros are not allowed");
  bool is_float = false;
  if (s.p != s.end && *s.p == '.') {
    ++s.p;
    is_float = true;
    if (!digit_run<10>(s, underscores)) return false;
  }
  if (s.p != s.end && (*s.p == 'e' || *s.p == 'E')) {
    ++s.p;
    is_float = true;
    if (s.p != s.end && (*s.p == '+' || *s.p == '-')) ++s.p;
    if (!digit_run<10>(s, underscores)) return false;
  }
  if (!number_ends(s, first)) return false;

  // from_chars takes no '+'; the digits start after it.
  const char* text = *first == '+' ? first + 1 : first;
  char buf[128];
  std::string spill;
  std::string_view digits = underscores ? without_underscores(text, s.p, buf, spill)
                                        : std::string_view(text, static_cast<std::size_t>(s.p - text));
  out.is_float = is_float;
  if (is_float && !underscores && fast_float(int_part, s.p, negative, out.floating)) return true;
  if (is_float) {
    switch (spool::detail::parse_floating(digits.data(), digits.data() + digits.size(), out.floating)) {
      case spool::detail::float_status::ok: return true;
      case spool::detail::float_status::overflow:
        return s.fail(errc::out_of_range, first, "float is too large for a double");
      case spool::detail::float_status::invalid: break;
    }
    return s.fail(errc::invalid_number, first);
  }
  const char* d = digits.data() + (negative ? 1 : 0);
  std::uint64_t magnitude = 0;
  const char* stop = spool::detail::parse_decimal(d, digits.data() + digits.size(), magnitude);
  if (stop == nullptr || !spool::detail::integer_from_magnitude(negative, magnitude, out.integer))
    return s.fail(errc::out_of_range, first, "integer does not fit 64 bits signed");
  return true;
}

}  // namespace spool::toml::detail
