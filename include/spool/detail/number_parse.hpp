// Exact number parsing shared by the text formats (JSON, TOML): integers over the whole int64 and
// uint64 ranges with overflow detection, and correctly rounded floating point.
//
// The callers validate their own grammar (JSON and TOML differ on signs, underscores, leading
// zeros); these functions only convert already validated digit runs.
//
//   std::uint64_t magnitude; const char* after = spool::detail::parse_decimal(p, end, magnitude);
//   // after == nullptr: more than 2^64 - 1
//   int v; bool ok = spool::detail::integer_from_magnitude(negative, magnitude, v);
//   double d; auto status = spool::detail::parse_floating(first, last, d);
#pragma once

#include <bit>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <limits>
#include <system_error>
#include <type_traits>

#include <spool/detail/config.hpp>
#include <spool/detail/number/pow10_table.hpp>
#include <spool/detail/number/shortest_double.hpp>

namespace spool::detail {

inline constexpr bool is_digit(char c) noexcept { return static_cast<unsigned char>(c - '0') < 10; }

// Whether the 8 bytes at p are all ASCII digits: every byte is 0x3? and stays so when 6 is added.
inline bool are_eight_digits(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return (v & 0xF0F0F0F0F0F0F0F0ULL) == 0x3030303030303030ULL &&
         ((v + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) == 0x3030303030303030ULL;
}

// The value of 8 ASCII digits loaded little-endian (the first digit in the lowest byte),
// combining neighbours in three multiplications: digit pairs, then pairs of pairs, then halves.
inline std::uint32_t eight_digits_value(std::uint64_t v) noexcept {
  v -= 0x3030303030303030ULL;
  v = (v * (10 * 256 + 1)) >> 8;
  v = ((v & 0x00FF00FF00FF00FFULL) * (100 * 65536 + 1)) >> 16;
  v = ((v & 0x0000FFFF0000FFFFULL) * (10000ULL * 4294967296ULL + 1)) >> 32;
  return static_cast<std::uint32_t>(v);
}

// The value of 8 ASCII digits at p (checked by are_eight_digits).
inline std::uint32_t eight_digits_value(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return eight_digits_value(v);
}

// Reads the run of decimal digits at p into `value`. Returns the end of the run, or nullptr when
// the run does not fit 64 bits. 19 digits always fit, so only the 20th needs a checked step.
inline const char* parse_decimal(const char* p, const char* end, std::uint64_t& value) noexcept {
  std::uint64_t v = 0;
  const char* const first = p;
  // Long runs (ids, timestamps) take eight digits per step; 16 of them always fit.
  if (end - p >= 8 && are_eight_digits(p)) {
    v = eight_digits_value(p);
    p += 8;
    if (end - p >= 8 && are_eight_digits(p)) {
      v = v * 100000000 + eight_digits_value(p);
      p += 8;
    }
  }
  while (p != end && is_digit(*p) && p - first < 19) v = v * 10 + static_cast<unsigned>(*p++ - '0');
  if (p != end && is_digit(*p)) {
    if (__builtin_mul_overflow(v, std::uint64_t{10}, &v) ||
        __builtin_add_overflow(v, static_cast<std::uint64_t>(*p - '0'), &v))
      return nullptr;
    ++p;
    if (p != end && is_digit(*p)) return nullptr;
  }
  value = v;
  return p;
}

// Stores sign and magnitude into an integer type when the value is representable; false when not.
template <class T>
  requires std::integral<T>
constexpr bool integer_from_magnitude(bool negative, std::uint64_t magnitude, T& out) noexcept {
  using U = std::make_unsigned_t<T>;
  if (!negative) {
    if (magnitude > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return false;
    out = static_cast<T>(magnitude);
    return true;
  }
  if constexpr (std::is_unsigned_v<T>) {
    if (magnitude != 0) return false;
    out = 0;
    return true;
  } else {
    // |min| is max + 1; the negation is done in unsigned arithmetic so min itself does not overflow.
    if (magnitude > static_cast<std::uint64_t>(std::numeric_limits<T>::max()) + 1) return false;
    out = static_cast<T>(static_cast<U>(0) - static_cast<U>(magnitude));
    return true;
  }
}

enum class float_status : std::uint8_t { ok, overflow, invalid };

namespace number_detail {

// Whether the decimal text (digits, optional '.', optional exponent) denotes a magnitude below 1.
// std::from_chars reports underflow and overflow alike; the sign of the decimal exponent tells
// them apart, because doubles overflow only above 1e308 and underflow only below 1e-324.
inline bool below_one(const char* p, const char* last) noexcept {
  if (p != last && (*p == '-' || *p == '+')) ++p;
  long exponent = -1;
  bool seen_nonzero = false, after_point = false;
  for (; p != last && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') { after_point = true; continue; }
    if (seen_nonzero) { if (!after_point) ++exponent; continue; }
    if (*p != '0') { seen_nonzero = true; if (!after_point) ++exponent; }
    else if (after_point) --exponent;
  }
  if (!seen_nonzero) return true;
  if (p != last) {
    ++p;
    bool negative = false;
    if (p != last && (*p == '-' || *p == '+')) negative = *p++ == '-';
    long e = 0;
    for (; p != last && e < 100000; ++p) e = e * 10 + (*p - '0');  // saturates far beyond any double
    exponent += negative ? -e : e;
  }
  return exponent < 0;
}

}  // namespace number_detail

// Correctly rounded conversion of validated decimal text ([-]digits[.digits][e[+-]digits]).
// Values too small for F round to a signed zero as IEEE arithmetic would; values too large are
// float_status::overflow, never an infinity.
template <std::floating_point F>
float_status parse_floating(const char* first, const char* last, F& out) noexcept {
  F value{};
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec == std::errc{} && ptr == last) {
    out = value;
    return float_status::ok;
  }
  if (ec == std::errc::result_out_of_range && ptr == last) {
    if (!number_detail::below_one(first, last)) return float_status::overflow;
    out = *first == '-' ? -F{0} : F{0};
    return float_status::ok;
  }
  return float_status::invalid;
}

// Every entry of number/pow10_table.hpp's table is 10^e's 128-bit significand truncated plus one
// in its low word; no low word is zero, so each high word is also that of the truncated significand.
inline constexpr bool pow10_low_words_nonzero = [] {
  for (const number::pow10_significand& s : number::pow10_significands)
    if (s.low == 0) return false;
  return true;
}();
static_assert(pow10_low_words_nonzero);

// Eisel and Lemire's conversion of mantissa * 10^exponent10 (mantissa != 0) with one 64 x 64-bit
// multiplication by the top half of 10^exponent10's truncated 128-bit significand (the high word
// of number/pow10_table.hpp's entry, see above), and a second one by the low half only when the
// first leaves the bits below the rounding bit all ones (a carry could still reach it).
// The truncated significand and the dropped low product make the result less than two units of
// its lowest 64-bit word too small, so rounding is settled unless they could matter: bits below
// the rounding bit all ones with the low word within two of all ones (a carry), or a midpoint
// (rounding bit set, nothing below), where the exact value may be a tie. Those decline, as do
// exponents outside the table (it stops at 10^-292, above every subnormal), subnormals and
// overflow.
//
// steps<false> is the inline one (scaled_double, below): it hands the rare first products that
// need the second multiplication to careful(), out of line, which starts again as steps<true>,
// so that the inline code keeps nothing in registers for that case.
struct scaled_double_paths {
  [[gnu::noinline]] static bool careful(std::uint64_t mantissa, int exponent10, bool negative, double& out) noexcept {
    return steps<true>(mantissa, exponent10, negative, out);
  }

  template <bool Careful>
  [[gnu::always_inline]] static bool steps(std::uint64_t mantissa, int exponent10, bool negative, double& out) noexcept {
    using spool::detail::number::pow10_max_exponent;
    using spool::detail::number::pow10_min_exponent;
    __extension__ using uint128 = unsigned __int128;
    if (static_cast<unsigned>(exponent10 - pow10_min_exponent) > static_cast<unsigned>(pow10_max_exponent - pow10_min_exponent))
      return false;
    const number::pow10_significand& rounded_up = number::pow10_significands[exponent10 - pow10_min_exponent];
    const int shift = std::countl_zero(mantissa);
    const std::uint64_t w = mantissa << shift;
    const uint128 product = static_cast<uint128>(w) * rounded_up.high;
    auto top = static_cast<std::uint64_t>(product >> 64);
    auto bottom = static_cast<std::uint64_t>(product);
    if constexpr (!Careful) {
      if (((top + 1) & 0x1FF) == 0) [[unlikely]] return careful(mantissa, exponent10, negative, out);
    } else if ((top & 0x1FF) == 0x1FF) {
      const auto cross = static_cast<std::uint64_t>((static_cast<uint128>(w) * (rounded_up.low - 1)) >> 64);
      bottom += cross;
      top += bottom < cross ? 1 : 0;
      if ((top & 0x1FF) == 0x1FF && bottom >= ~std::uint64_t{0} - 1) return false;
    }
    // 54 bits: the double's 53 and the rounding bit.
    const int upper = static_cast<int>(top >> 63);
    std::uint64_t bits = top >> (upper + 9);
    // A midpoint: the rounding bit set, the bits below it and the low word zero, in one test (the
    // rounding bit and those below it moved to the top of a word, or-ed with the low word).
    if ((((top << (54 - upper)) ^ (std::uint64_t{1} << 63)) | bottom) == 0) [[unlikely]] return false;
    // Rounded to 53 bits: 2^52 to 2^53, the leading bit at 52 (2^53 when rounding carried). Added
    // to the biased exponent less one shifted to its field, that bit completes the exponent (a
    // carry makes it the next one, with a zero significand).
    bits = (bits + 1) >> 1;
    const std::int64_t field = number::floor_log2_pow10(exponent10) + 1085 + upper - shift;
    if (static_cast<std::uint64_t>(field) + (bits >> 53) >= 2046u) [[unlikely]] return false;  // subnormal, overflow
    out = std::bit_cast<double>((bits + (static_cast<std::uint64_t>(field) << 52)) | static_cast<std::uint64_t>(negative) << 63);
    return true;
  }
};

[[gnu::always_inline]] inline bool scaled_double(std::uint64_t mantissa, int exponent10, bool negative, double& out) noexcept {
  return scaled_double_paths::steps<false>(mantissa, exponent10, negative, out);
}

namespace number_detail {

// Clinger's fast path: a mantissa up to 2^53 scaled by a power of ten up to 22 is exact in double
// arithmetic. Where long double has a 64-bit mantissa (x87), a wider path covers every 19-digit
// mantissa and powers of ten from -27 to 27 with one multiplication: by 10^k (exact for k <= 27,
// as 5^27 < 2^64) or by the correctly rounded 10^-k (no division, whose latency dominated). The
// extended result is within 2 extended ulps of the true value, so rounding it to double is
// correct unless it lies within 2 ulps of a double midpoint (dropped bits 0x400); those rare
// cases decline. Kept out of line: it runs only for what scaled_double declines, and the callers
// inline fast_double into their number loops.
[[gnu::noinline]] inline bool exact_double_paths(std::uint64_t mantissa, int exponent10, bool negative, double& out) noexcept {
  static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (mantissa <= (std::uint64_t{1} << 53) && exponent10 >= -22 && exponent10 <= 22) {
    double d = static_cast<double>(mantissa);
    d = exponent10 < 0 ? d / powers[-exponent10] : d * powers[exponent10];
    out = negative ? -d : d;
    return true;
  }
  if constexpr (std::numeric_limits<long double>::digits == 64 && std::numeric_limits<long double>::radix == 2) {
    static constexpr long double wide_powers[] = {
        1e-27L, 1e-26L, 1e-25L, 1e-24L, 1e-23L, 1e-22L, 1e-21L, 1e-20L, 1e-19L, 1e-18L, 1e-17L,
        1e-16L, 1e-15L, 1e-14L, 1e-13L, 1e-12L, 1e-11L, 1e-10L, 1e-9L,  1e-8L,  1e-7L,  1e-6L,
        1e-5L,  1e-4L,  1e-3L,  1e-2L,  1e-1L,  1e0L,   1e1L,   1e2L,   1e3L,   1e4L,   1e5L,
        1e6L,   1e7L,   1e8L,   1e9L,   1e10L,  1e11L,  1e12L,  1e13L,  1e14L,  1e15L,  1e16L,
        1e17L,  1e18L,  1e19L,  1e20L,  1e21L,  1e22L,  1e23L,  1e24L,  1e25L,  1e26L,  1e27L};
    if (exponent10 < -27 || exponent10 > 27) return false;
    const long double w = static_cast<long double>(mantissa) * wide_powers[exponent10 + 27];
    // The extended mantissa's low 11 bits are what rounding to double's 53 bits drops.
    std::uint64_t bits;
    std::memcpy(&bits, &w, sizeof bits);
    const std::uint64_t dropped = bits & 0x7FF;
    if (dropped >= 0x3FE && dropped <= 0x402) return false;
    const double d = static_cast<double>(w);
    out = negative ? -d : d;
    return true;
  }
  return false;
}

}  // namespace number_detail

// Exact double for mantissa * 10^exponent10 when the fast paths settle it; false when they do
// not apply (then parse_floating decides).
//
// scaled_double takes every mantissa first, inline in the caller. What it declines (bits below
// the rounding bit that could still carry) is common for short decimals whose value a double
// holds exactly, such as 337100890.0: there the truncated table entry leaves the product just
// below an exact integer. Those go on to number_detail::exact_double_paths, which
// SPOOL_DISABLE_SCALED_DOUBLE_PARSE makes the only ones.
[[gnu::always_inline]] inline bool fast_double(std::uint64_t mantissa, int exponent10, bool negative, double& out) noexcept {
  if constexpr (scaled_double_parse) {
    // Every mantissa goes the same way first: a choice between Clinger's path and this one by
    // mantissa size is mispredicted where short and long numbers mix (coordinates).
    if (mantissa == 0) {
      out = negative ? -0.0 : 0.0;
      return true;
    }
    if (scaled_double(mantissa, exponent10, negative, out)) [[likely]] return true;
  }
  return number_detail::exact_double_paths(mantissa, exponent10, negative, out);
}

}  // namespace spool::detail
