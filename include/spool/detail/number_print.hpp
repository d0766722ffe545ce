// Number printing shared by the text writers (JSON, TOML): integers into a caller's buffer, eight
// digits per step in a scalar register, and the shortest decimal text of a float that reads back
// to the same bits. (Sixteen digits at once in an SSE2 register took fewer instructions but more
// time: its multiply-and-shuffle chain is longer than two scalar eight-digit steps.)
//
//   char buf[spool::detail::max_number_chars];
//   char* end = spool::detail::write_integer(buf, -42);         // "-42"
//   end = spool::detail::write_floating(buf, 0.1);              // "0.1"
//   end = spool::detail::write_floating(buf, -0.0);             // "-0.0": sign and float-ness kept
//
// Floats are written as std::to_chars writes them without a format (the shortest digits, fixed
// or scientific notation, whichever is shorter, fixed on a tie), plus ".0" on integral values in
// fixed notation. The digits come from number/shortest_double.hpp; SPOOL_DISABLE_FAST_DOUBLE_PRINT
// (detail/config.hpp) takes them from std::to_chars instead, with the same text.
#pragma once

#include <bit>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include <spool/detail/config.hpp>
#include <spool/detail/number/shortest_double.hpp>

namespace spool::detail {

// Enough for any 64-bit integer and any shortest float or double, sign and exponent included;
// the writers below may use all of it as scratch, so a caller's buffer has this many bytes.
inline constexpr std::size_t max_number_chars = 32;

namespace print_detail {

inline constexpr char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// 10^i for i in [0, 19].
inline constexpr std::uint64_t powers_of_ten[] = {1ULL,
                                             10ULL,
                                             100ULL,
                                             1000ULL,
                                             10000ULL,
                                             100000ULL,
                                             1000000ULL,
                                             10000000ULL,
                                             100000000ULL,
                                             1000000000ULL,
                                             10000000000ULL,
                                             100000000000ULL,
                                             1000000000000ULL,
                                             10000000000000ULL,
                                             100000000000000ULL,
                                             1000000000000000ULL,
                                             10000000000000000ULL,
                                             100000000000000000ULL,
                                             1000000000000000000ULL,
                                             10000000000000000000ULL};

inline int count_digits(std::uint64_t v) noexcept {
  // log10 estimated from the bit length (1233/4096 ~ log10(2)), then corrected by one compare.
  const int estimate = ((64 - std::countl_zero(v | 1)) * 1233) >> 12;
  // v | 1 has as many digits as v (every power of ten from 10 up is even) and makes 0 one digit.
  return estimate + ((v | 1) >= powers_of_ten[estimate] ? 1 : 0);
}

// The eight decimal digits of v < 10^8 (leading zeros included) as eight byte values 0-9, the
// first digit in the lowest byte: halves, quarters and pairs split in parallel lanes of one
// register ((x * 10486) >> 20 is x / 100 for x < 16384, (x * 103) >> 10 is x / 10 for x < 100).
// Each split puts the quotient in the low half of a lane and the remainder in the high half:
// (x << w) - q * ((d << w) - 1) is q + (x - q * d) << w, one multiplication instead of a
// multiplication, a subtraction, a shift and an or. Inlined: with -march=native GCC called it,
// twice per integer and per double, where its multiplications could overlap the caller's work.
[[gnu::always_inline]] inline std::uint64_t eight_digit_bytes(std::uint32_t v) noexcept {
  const std::uint64_t high_half = v / 10000;
  const std::uint64_t halves = (std::uint64_t{v} << 32) - high_half * ((10000ULL << 32) - 1);
  const std::uint64_t hundreds = ((halves * 10486) >> 20) & 0x0000007F0000007FULL;
  const std::uint64_t quarters = (halves << 16) - hundreds * ((100 << 16) - 1);
  const std::uint64_t tens = ((quarters * 103) >> 10) & 0x000F000F000F000FULL;
  return (quarters << 8) - tens * ((10 << 8) - 1);
}

inline constexpr std::uint64_t ascii_zeros = 0x3030303030303030ULL;

// Exactly eight digits of v < 10^8, leading zeros included.
inline void write_eight_digits(char* out, std::uint32_t v) noexcept {
  const std::uint64_t text = eight_digit_bytes(v) + ascii_zeros;
  std::memcpy(out, &text, 8);
}

// 0 < v < 10^8 without leading zeros; stores eight bytes at out (the ones past the digits are
// scratch).
inline char* write_leading_digits(char* out, std::uint32_t v) noexcept {
  const std::uint64_t digits = eight_digit_bytes(v);
  const int leading_zeros = std::countr_zero(digits) / 8;
  const std::uint64_t text = (digits + ascii_zeros) >> (8 * leading_zeros);
  std::memcpy(out, &text, 8);
  return out + 8 - leading_zeros;
}

// v in decimal; may store up to max_number_chars bytes at out (the ones past the returned end
// are scratch), which every caller's buffer has. Inlined where it is called: its chain of
// multiplications then overlaps the writer's work around it (the next key, the separator)
// instead of ending in a return that the caller waits for.
[[gnu::always_inline]] inline char* write_unsigned(char* out, std::uint64_t v) noexcept {
  constexpr std::uint64_t e8 = 100000000;
  if (v < e8) {
    if (v == 0) {
      *out = '0';
      return out + 1;
    }
    return write_leading_digits(out, static_cast<std::uint32_t>(v));
  }
  if (v < e8 * e8) {
    const std::uint64_t high = v / e8;
    if (high < 100) {
      // Nine or ten digits (ids, counts, seconds since 1970): the leading one or two from the
      // pair table (one byte into the pair for a single digit; the byte after it is scratch)
      // instead of a third split into eight digits and a count of the zeros before them.
      const std::size_t single = high < 10 ? 1 : 0;
      std::memcpy(out, digit_pairs + 2 * high + single, 2);
      out += 2 - single;
    } else {
      out = write_leading_digits(out, static_cast<std::uint32_t>(high));
    }
    write_eight_digits(out, static_cast<std::uint32_t>(v - high * e8));
    return out + 8;
  }
  const std::uint64_t high = v / (e8 * e8);  // at most 1844
  const std::uint64_t rest = v - high * (e8 * e8);
  const std::uint64_t middle = rest / e8;
  out = write_leading_digits(out, static_cast<std::uint32_t>(high));
  write_eight_digits(out, static_cast<std::uint32_t>(middle));
  write_eight_digits(out + 8, static_cast<std::uint32_t>(rest - middle * e8));
  return out + 16;
}

}  // namespace print_detail

template <std::integral T>
char* write_integer(char* out, T value) noexcept {
  if constexpr (std::is_signed_v<T>) {
    if (value < 0) {
      *out++ = '-';
      // Negate in unsigned arithmetic so that the minimum value does not overflow.
      return print_detail::write_unsigned(out, std::uint64_t{0} - static_cast<std::uint64_t>(value));
    }
  }
  return print_detail::write_unsigned(out, static_cast<std::uint64_t>(value));
}

namespace print_detail {

inline char* write_uint128(char* out, number::uint128 v) noexcept {
  constexpr std::uint64_t ten19 = 10000000000000000000ULL;
  if (v <= ~std::uint64_t{0}) return write_unsigned(out, static_cast<std::uint64_t>(v));
  // Below 2^128 / 10^19 < 10^20 the leading part takes at most two 64-bit steps.
  out = write_uint128(out, v / ten19);
  const auto rest = static_cast<std::uint64_t>(v % ten19);
  const int n = count_digits(rest);
  std::memset(out, '0', static_cast<std::size_t>(19 - n));
  return write_unsigned(out + 19 - n, rest);
}

// The text of digits x 10^exponent, a float's shortest decimal (digits may end in zeros), for a
// non-zero finite value. The digits are scaled to exactly seventeen, the most a shortest double
// has, and held as three words of text: the leading digit and two eight-digit blocks. The zeros
// at the end of the blocks give the number of significant digits without a division per digit,
// and every layout below is a few stores of these words, at a place or with the point merged in.
template <std::floating_point F>
[[gnu::always_inline]] inline char* write_decimal(char* out, F value, std::uint64_t digits, int exponent) noexcept {
  constexpr std::uint64_t e8 = 100000000;
  constexpr std::uint64_t e15 = 1000000000000000;
  std::uint64_t scaled;
  int n;
  if (digits >= e15) [[likely]] {
    // Sixteen or seventeen digits, as Schubfach gives every normal double that is not a small
    // integer: one compare instead of counting them.
    const bool sixteen = digits < 10 * e15;
    scaled = sixteen ? digits * 10 : digits;
    n = sixteen ? 16 : 17;
  } else {
    n = count_digits(digits);
    scaled = digits * powers_of_ten[17 - n];
  }
  // Both splits from the scaled value, side by side rather than one after the other.
  const std::uint64_t leading = scaled / (e8 * e8);
  const std::uint64_t upper = scaled / e8;
  const std::uint64_t middle_digits = eight_digit_bytes(static_cast<std::uint32_t>(upper - leading * e8));
  const std::uint64_t last_digits = eight_digit_bytes(static_cast<std::uint32_t>(scaled - upper * e8));
  // A zero digit is a zero byte and the last digit is the highest byte. The middle block counts
  // only when the last one is all zeros (64 leading zero bits), taken by a mask rather than a
  // branch: which numbers end in eight zeros is data.
  const int last_zero_bits = std::countl_zero(last_digits);
  const int trailing_zeros = (last_zero_bits + (std::countl_zero(middle_digits) & -(last_zero_bits >> 6))) / 8;
  const int significant = 17 - trailing_zeros;
  const auto first = static_cast<std::uint64_t>('0' + leading);
  const std::uint64_t middle = middle_digits + ascii_zeros;
  const std::uint64_t last = last_digits + ascii_zeros;
  const auto store_text = [&](char* at) {
    *at = static_cast<char>(first);
    std::memcpy(at + 1, &middle, 8);
    std::memcpy(at + 9, &last, 8);
  };
  // Digits before the point in fixed notation (the scientific exponent plus one).
  const int point = exponent + n;

  if (point > 0 && point < significant) {
    // The point inside the digits: always fixed notation.
    if (point < 8) {
      // The first eight bytes of text with the point merged in, then the rest one byte up.
      const std::uint64_t head = first | middle << 8;
      const unsigned shift = 8 * static_cast<unsigned>(point);
      const std::uint64_t integer_mask = (std::uint64_t{1} << shift) - 1;
      // Three stores of eight bytes (an array of the words, copied at once, went through the
      // stack and read back as one 16-byte load, which store forwarding cannot serve).
      const std::uint64_t integer_and_point =
          (head & integer_mask) | std::uint64_t{'.'} << shift | (head & ~integer_mask) << 8;
      const std::uint64_t fraction = middle >> 48 | last << 16;
      const std::uint64_t fraction_end = last >> 48;
      std::memcpy(out, &integer_and_point, 8);
      std::memcpy(out + 8, &fraction, 8);
      std::memcpy(out + 16, &fraction_end, 8);
    } else {
      store_text(out);
      std::memmove(out + point + 1, out + point, static_cast<std::size_t>(17 - point));
      out[point] = '.';
    }
    return out + significant + 1;
  }
  // std::to_chars' choice: fixed notation unless scientific is strictly shorter (ties go to
  // fixed), which allows one more zero before or after the digits when there are several.
  const int several = significant > 1 ? 1 : 0;
  if (point <= 0 && point >= -2 - several) {
    // 0.000ddd
    std::memcpy(out, "0.000000", 8);
    char* digits_at = out + 2 - point;
    store_text(digits_at);
    return digits_at + significant;
  }
  if (point > 0 && point <= significant + 4 + several) {
    // An integer, written with all its digits (as printf's %.0f would) and ".0".
    char* end;
    // Below 2^digits (the float's precision) the integer is digits x 10^exponent itself: its
    // text and zeros after it, which the scaled text has (the integer has at most 16 digits).
    if (value >= static_cast<F>(std::uint64_t{1} << std::numeric_limits<F>::digits)) {
      end = write_uint128(out, number::exact_integer(value));
    } else {
      store_text(out);
      end = out + point;
    }
    std::memcpy(end, ".0", 2);
    return end + 2;
  }
  // d.ddde+XX: the text one place up, its first digit moved before the point.
  store_text(out + 1);
  out[0] = static_cast<char>(first);
  out[1] = '.';
  char* end = out + (significant > 1 ? significant + 1 : 1);
  const int scientific_exponent = point - 1;
  *end++ = 'e';
  *end++ = scientific_exponent < 0 ? '-' : '+';
  const auto magnitude = static_cast<unsigned>(scientific_exponent < 0 ? -scientific_exponent : scientific_exponent);
  if (magnitude >= 100) {
    *end++ = static_cast<char>('0' + magnitude / 100);
    std::memcpy(end, digit_pairs + (magnitude % 100) * 2, 2);
  } else {
    std::memcpy(end, digit_pairs + magnitude * 2, 2);
  }
  return end + 2;
}

}  // namespace print_detail

// Shortest round-trip text of a finite float. The result always reads back as a float in JSON
// and TOML alike: an integral value gets ".0" ("1.0", "-0.0"), so a reader keeps it a float.
template <std::floating_point F>
char* write_floating(char* out, F value) noexcept {
  if constexpr (!fast_double_print) {
    char* end = std::to_chars(out, out + max_number_chars, value).ptr;
    for (const char* p = out; p != end; ++p)
      if (*p == '.' || *p == 'e') return end;
    std::memcpy(end, ".0", 2);
    return end + 2;
  } else {
    // The sign stored unconditionally and kept or overwritten: negative and positive values
    // often alternate (coordinates), which a branch would guess wrong.
    *out = '-';
    out += std::signbit(value) ? 1 : 0;
    value = std::fabs(value);
    if (value == 0) {
      std::memcpy(out, "0.0", 3);
      return out + 3;
    }
    const number::decimal d = number::shortest_decimal(value);
    return print_detail::write_decimal(out, value, d.digits, d.exponent);
  }
}

}  // namespace spool::detail
