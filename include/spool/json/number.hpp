// Reading JSON numbers straight into integers and floats, validating RFC 8259's grammar
// (-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?) on the way.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <spool/detail/config.hpp>
#include <spool/detail/number_parse.hpp>
#include <spool/error.hpp>
#include <spool/json/scan.hpp>

#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

namespace spool::json::detail {

using spool::detail::is_digit;

// Whether the byte can start a JSON number.
inline constexpr bool starts_number(char c) noexcept { return c == '-' || is_digit(c); }

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

#if defined(__SSSE3__)
// For a run of n digits (0-16), the shuffle that moves them to the top of 16 bytes and zeroes the
// bytes below (index 0x80).
inline constexpr auto digit_run_shuffles = [] {
  std::array<std::array<std::uint8_t, 16>, 17> table{};
  for (std::size_t n = 0; n <= 16; ++n)
    for (std::size_t i = 0; i < 16; ++i) table[n][i] = static_cast<std::uint8_t>(i >= 16 - n ? i - (16 - n) : 0x80);
  return table;
}();
#endif

#if defined(__SSSE3__)
// The 16 bytes at p (all readable), each less '0' (bytes that are no digit wrap above 9), and
// the mask of the digit bytes.
[[gnu::always_inline]] inline __m128i digit_values(const char* p, unsigned& digit_mask) noexcept {
  // From scan.hpp's byte_rows: built in place at each use, GCC's broadcasts cost more than the
  // loads, in number loops too branchy for it to keep them in registers.
  const unsigned char* const rows = byte_rows_base();
  const __m128i zeros = byte_row_at(rows, byte_row::digit_zero);
  const __m128i nines = byte_row_at(rows, byte_row::digit_nine);
  const __m128i values = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), zeros);
  // Unsigned "value <= 9": the minimum with 9 leaves only digits unchanged.
  digit_mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(values, nines), values)));
  return values;
}

// The number the first n (1 to 16) digit values of digit_values spell: the run shuffled to the
// top of the vector with zeros below, then multiply-adds of neighbours (digit pairs, pairs of
// pairs, 4-digit groups) give its two 8-digit halves.
[[gnu::always_inline]] inline std::uint64_t digit_run_value(__m128i values, std::size_t n) noexcept {
  const __m128i run = _mm_shuffle_epi8(values, _mm_loadu_si128(reinterpret_cast<const __m128i*>(digit_run_shuffles[n].data())));
  const __m128i pairs = _mm_maddubs_epi16(run, _mm_set1_epi16(0x010A));                              // 10 * first + second
  const __m128i quads = _mm_madd_epi16(pairs, _mm_set1_epi32(0x00010064));                            // 100 * first + second
  const __m128i octets = _mm_madd_epi16(_mm_packs_epi32(quads, quads), _mm_set1_epi32(0x00012710));  // 10000 * first + second
  const auto high = static_cast<std::uint32_t>(_mm_cvtsi128_si32(octets));
  const auto low = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(octets, 4)));
  return std::uint64_t{high} * 100000000 + low;
}
#endif

// Appends the digit run at p to m (wrapping past 19 digits, which the caller detects by count).
// With SSSE3 and sixteen bytes readable, up to sixteen digits of the run are taken in one step:
// the bytes' digit values are compared with 9 at once, the run is shuffled to the top of the
// vector with zeros below, and two multiply-adds of neighbours (digit pairs, then pairs of pairs)
// and one of the 4-digit groups give its two 8-digit halves; a longer run (ids) goes on below.
// Otherwise, with eight bytes readable, a run's next up to eight digits are taken in one step:
// the digits before the first other byte are moved to the top of the word, '0's fill in below,
// and the word is read as eight digits. Numbers then cost a step or two, not a branch per digit.
[[gnu::always_inline]] inline const char* accumulate_digits(const char* p, const char* end, std::uint64_t& m) noexcept {
#if defined(__SSSE3__)
  if constexpr (spool::detail::json_simd_digits) {
    if (end - p >= 16) {
      unsigned digit_mask = 0;
      const __m128i values = digit_values(p, digit_mask);
      const int n = std::countr_one(digit_mask);
      static constexpr std::uint64_t powers[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
                                                 1000000000, 10000000000, 100000000000, 1000000000000,
                                                 10000000000000, 100000000000000, 1000000000000000, 10000000000000000};
      if (n == 0) return p;
      m = m * powers[n] + digit_run_value(values, static_cast<std::size_t>(n));
      p += n;
      if (n < 16) return p;
    }
  }
#endif
  if constexpr (std::endian::native == std::endian::little) {
    static constexpr std::uint64_t powers[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    constexpr std::uint64_t highs = 0xF0F0F0F0F0F0F0F0ULL, threes = 0x3030303030303030ULL;
    while (end - p >= 8) {
      std::uint64_t word;
      std::memcpy(&word, p, 8);
      // Non-zero in each byte that is no digit (exactly so up to the first such byte: a carry
      // from adding 6 can only reach the bytes above it).
      const std::uint64_t other = ((word & highs) ^ threes) | (((word + 0x0606060606060606ULL) & highs) ^ threes);
      if (other == 0) {
        m = m * 100000000 + spool::detail::eight_digits_value(word);
        p += 8;
        continue;
      }
      const int digits = std::countr_zero(other) / 8;
      if (digits != 0) {
        const int shift = 8 * (8 - digits);
        m = m * powers[digits] + spool::detail::eight_digits_value((word << shift) | (threes >> (64 - shift)));
        p += digits;
      }
      return p;
    }
  }
  while (end - p >= 8 && spool::detail::are_eight_digits(p)) {
    m = m * 100000000 + spool::detail::eight_digits_value(p);
    p += 8;
  }
  for (; p != end && is_digit(*p); ++p) m = m * 10 + static_cast<unsigned>(*p - '0');
  return p;
}

// An integer. p is at '-' or a digit (checked by the caller); a number with a fraction or
// exponent is the wrong type, a too large magnitude is out of range.
template <class T, class Ctx>
[[gnu::noinline]] bool read_integer_text(Ctx& ctx, const char*& p, T& out) {
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
    // Up to eight digits per step (accumulate_digits); a run of 20 or more, which it wraps, is
    // read again with the overflow check.
    const char* const digits = p;
    p = accumulate_digits(p, end, magnitude);
    if (p - digits > 19) {
      magnitude = 0;
      if (spool::detail::parse_decimal(digits, end, magnitude) == nullptr &&
          (p == end || (*p != '.' && (*p | 0x20) != 'e')))
        return ctx.fail(errc::out_of_range, start, "integer");
    }
  } else {
    return ctx.fail(errc::invalid_number, p, "digit");
  }
  if (p != end && (*p == '.' || (*p | 0x20) == 'e')) return ctx.fail(errc::unexpected_type, start, "integer", "number with a fraction or exponent");
  if (!spool::detail::integer_from_magnitude(negative, magnitude, out)) return ctx.fail(errc::out_of_range, start, "integer");
  return true;
}

// read_integer_text, with the common case first, inline in the caller's loop: an integer of 1 to
// 15 digits, 17 bytes readable from its first digit, that fits T. Its digits are found and
// converted in one 16-byte step (as in accumulate_digits); longer runs (64-bit ids, where taking
// 16 to 19 digits here cost more for the short ones than it saved), a leading zero before more
// digits, a fraction or exponent, a value T cannot hold or anything else are left to
// read_integer_text from the number's start, so errors and their offsets are those of the
// general reader. Out of line, the general reader's call cost as much as the conversion (citm's
// 14 000 ids: a register save and restore of six, for its error paths, around every one).
template <class T, class Ctx>
[[gnu::always_inline]] inline bool read_integer(Ctx& ctx, const char*& p, T& out) {
#if defined(__SSSE3__)
  if constexpr (spool::detail::json_inline_integers) {
    const bool negative = *p == '-';
    const char* const q = p + (negative ? 1 : 0);
    if (ctx.end - q >= 17) {
      unsigned digit_mask = 0;
      const __m128i values = digit_values(q, digit_mask);
      const auto n = static_cast<unsigned>(std::countr_one(digit_mask));
      const char after = q[n];
      if (n - 1 < 15 && (n == 1 || *q != '0') && after != '.' && (after | 0x20) != 'e') {
        if (spool::detail::integer_from_magnitude(negative, digit_run_value(values, n), out)) [[likely]] {
          p = q + n;
          return true;
        }
      }
    }
  }
#endif
  return read_integer_text(ctx, p, out);
}

// Validates the number at p (at '-' or a digit) and gathers its pieces in one pass.
template <class Ctx>
[[gnu::always_inline]] inline bool scan_number(Ctx& ctx, const char*& pos, scanned_number& n) {
  const char* p = pos;  // a local cursor stays in a register; `pos` is written once at the end
  const char* const end = ctx.end;
  const char* const first = p;
  const bool negative = *p == '-';
  if (negative) ++p;
  if (p == end) return ctx.fail(errc::unexpected_end, end, "digit");
  // Digits accumulate without checks: past 19 of them the mantissa is flagged inexact and the
  // wrapped value is never used.
  std::uint64_t m = 0;
  const char* const int_start = p;
  if (*p == '0') {
    ++p;
    if (p != end && is_digit(*p)) return ctx.fail_detail(errc::invalid_number, first, "leading zero in number");
  } else if (is_digit(*p)) {
    if constexpr (spool::detail::json_short_integer_digits) {
      // The integer part of a number with a fraction is mostly one to three digits (coordinates,
      // prices, ratios): those are taken one by one, cheaper than a masked eight-digit step; a
      // longer run goes on in eight-digit steps.
      m = static_cast<unsigned>(*p++ - '0');
      if (p != end && is_digit(*p)) {
        m = m * 10 + static_cast<unsigned>(*p++ - '0');
        if (p != end && is_digit(*p)) {
          m = m * 10 + static_cast<unsigned>(*p++ - '0');
          p = accumulate_digits(p, end, m);
        }
      }
    } else {
      p = accumulate_digits(p, end, m);
    }
  } else {
    return ctx.fail(errc::invalid_number, p, "digit");
  }
  std::ptrdiff_t digits = p - int_start;
  int exponent = 0;
  bool integral = true;
  if (p != end && *p == '.') {
    integral = false;
    ++p;
    const char* const fraction = p;
    p = accumulate_digits(p, end, m);
    if (p == fraction) return p == end ? ctx.fail(errc::unexpected_end, end, "digit") : ctx.fail(errc::invalid_number, p, "digit after decimal point");
    digits += p - fraction;
    // Only used when digits <= 19, so the narrowing cannot lose anything that matters.
    exponent = -static_cast<int>(std::min<std::ptrdiff_t>(p - fraction, 100000));
  }
  if (p != end && (*p | 0x20) == 'e') {
    integral = false;
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
  n.first = first;
  n.last = p;
  n.mantissa = m;
  n.exponent = exponent;
  n.negative = negative;
  n.integral = integral;
  n.exact_mantissa = digits <= 19;
  pos = p;
  return true;
}

// What the inline conversion leaves: numbers of more than 19 digits, floats, and the rare
// doubles fast_double declines, converted from their text; too large for F is out of range.
// The text's ends come by value, so that the scanned_number of an inline caller stays in registers.
template <std::floating_point F, class Ctx>
[[gnu::noinline]] bool floating_from_text(Ctx& ctx, const char* first, const char* last, F& out) {
  switch (spool::detail::parse_floating(first, last, out)) {
    case spool::detail::float_status::ok: return true;
    case spool::detail::float_status::overflow: return ctx.fail(errc::out_of_range, first, "finite number");
    case spool::detail::float_status::invalid: break;
  }
  return ctx.fail(errc::invalid_number, first, "number");
}

// A scanned number as a float, correctly rounded; too large for F is out of range.
template <std::floating_point F, class Ctx>
[[gnu::always_inline]] inline bool to_floating(Ctx& ctx, const scanned_number& n, F& out) {
  if constexpr (std::is_same_v<F, double>) {
    if (n.exact_mantissa && spool::detail::fast_double(n.mantissa, n.exponent, n.negative, out)) [[likely]] return true;
  }
  return floating_from_text(ctx, n.first, n.last, out);
}

// Inline in the loop of the array or struct that holds the number: a call per number, with the
// registers it saves and restores, cost as much as converting a short one.
template <std::floating_point F, class Ctx>
[[gnu::always_inline]] inline bool read_floating(Ctx& ctx, const char*& p, F& out) {
  scanned_number n;
  return scan_number(ctx, p, n) && to_floating(ctx, n, out);
}

}  // namespace spool::json::detail
