// The shortest decimal that reads back as a given float or double: its digits and exponent.
//
//   auto d = spool::detail::number::shortest_decimal(0.3);   // {30000000000000000, -17}: 3 x 10^-1
//
// The method is Schubfach (R. Giulietti, "The Schubfach way to render doubles", 2020). A binary
// value v = c x 2^q owns the interval of reals that round to it, [v - half an ulp, v + half an
// ulp] (the bounds belong to it when c is even, as round-half-even reading gives them to v; the
// lower half is a quarter ulp where the exponent steps down). Scaled by 10^-k, with k chosen so
// that the interval is between 1 and 10 units wide, the interval holds at most one multiple of
// ten, which is then the unique shortest candidate, and otherwise the integers floor(v') and
// floor(v') + 1 around the scaled value v' are, the one inside (or the nearer, ties to even).
// The scaling multiplies by a 128-bit upper approximation of 10^-k (number/pow10_table.hpp) and
// keeps the integer part plus one "sticky" bit for a non-zero fraction (round to odd): all the
// comparisons are against multiples of 2 in units of a quarter, which such a value decides
// exactly. The paper proves that the approximation error can never change the integer part or
// hide a non-zero fraction over the whole double range; tests/number_print_test.cpp checks the
// results against std::to_chars.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <spool/detail/number/pow10_table.hpp>

namespace spool::detail::number {

__extension__ using uint128 = unsigned __int128;

// digits x 10^exponent.
struct decimal {
  std::uint64_t digits;
  int exponent;
};

// Integer forms of logarithms; tools/generate_pow10_table.py proves them over the ranges used
// (binary exponents of double, decimal exponents of the table).
constexpr int floor_log10_pow2(int q) noexcept { return (q * 315653) >> 20; }
constexpr int floor_log10_three_quarters_pow2(int q) noexcept { return (q * 315653 - 131237) >> 20; }
constexpr int floor_log2_pow10(int e) noexcept { return (e * 1741647) >> 19; }

// The IEEE layout of F: value = c x 2^q with c = fraction (+ the hidden bit when normal).
template <std::floating_point F>
struct binary_layout {
  static_assert(std::numeric_limits<F>::is_iec559 && (sizeof(F) == 4 || sizeof(F) == 8));
  using bits_type = std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>;
  static constexpr int fraction_bits = std::numeric_limits<F>::digits - 1;
  static constexpr int exponent_bits = static_cast<int>(sizeof(F) * 8) - 1 - fraction_bits;
  static constexpr int min_q = std::numeric_limits<F>::min_exponent - std::numeric_limits<F>::digits;

  std::uint64_t c;
  int q;
  bool narrower_below;  // a power of two above the smallest normal: the ulp below is half

  explicit binary_layout(F value) noexcept {
    const auto bits = std::bit_cast<bits_type>(value);
    const std::uint64_t fraction = bits & ((bits_type{1} << fraction_bits) - 1);
    const int biased = static_cast<int>((bits >> fraction_bits) & ((1u << exponent_bits) - 1));
    if (biased == 0) {
      c = fraction;
      q = min_q;
    } else {
      c = fraction | (std::uint64_t{1} << fraction_bits);
      q = biased + min_q - 1;
    }
    narrower_below = fraction == 0 && biased > 1;
  }
};

// floor(g x x / 2^128), rounded to odd: the lowest bit set when the bits below are not all zero.
// (The lowest 64 bits of the product only ever hold the approximation's error, never a fraction
// of the exact scaled value, so they do not count.)
inline std::uint64_t scaled_round_to_odd(const pow10_significand& g, std::uint64_t x) noexcept {
  const uint128 low = static_cast<uint128>(g.low) * x;
  const uint128 top = static_cast<uint128>(g.high) * x + (low >> 64);
  return static_cast<std::uint64_t>(top >> 64) | (static_cast<std::uint64_t>(top) != 0 ? 1u : 0u);
}

// The shortest decimal in the rounding interval of a finite, non-zero value (its sign ignored);
// among several of that length the nearest, ties to an even last digit. digits may end in zeros
// (a multiple of ten chosen, or an integer): the printer drops them from its text, where they
// cost a count of zero bytes rather than a division per digit. Inlined into the printer, which
// is its one caller per value: a call of its own saved and restored six registers.
template <std::floating_point F>
[[gnu::always_inline]] inline decimal shortest_decimal(F value) noexcept {
  const binary_layout<F> b(value);
  const std::uint64_t c = b.c;
  const int q = b.q;

  // An integer below 2^(fraction_bits + 1): every integer near it is a float too, so the integer
  // itself is the only decimal in its interval at its length.
  if (q < 0 && q >= -binary_layout<F>::fraction_bits) {
    const std::uint64_t integer = c >> -q;
    if ((integer << -q) == c) return {integer, 0};
  }

  // Bounds in quarter units: the interval is [4c - 2, 4c + 2] x 2^q / 4, or [4c - 1, 4c + 2]
  // below a power of two.
  const std::uint64_t bounds_excluded = c & 1;
  const int k = b.narrower_below ? floor_log10_three_quarters_pow2(q) : floor_log10_pow2(q);
  // Scaling by 10^-k: 2^q x 10^-k = 2^h x g / 2^128 with h in [1, 4]. The value and its bounds
  // are three products with the same g: independent multiplications, shorter than deriving the
  // bounds from the value's 192-bit product by shifts and carries.
  const int h = q + floor_log2_pow10(-k) + 1;
  const pow10_significand& g = pow10_significands[-k - pow10_min_exponent];
  const std::uint64_t quarters = c << 2;
  const std::uint64_t vb = scaled_round_to_odd(g, quarters << h);
  const std::uint64_t vb_low = scaled_round_to_odd(g, (quarters - (b.narrower_below ? 1 : 2)) << h);
  const std::uint64_t vb_high = scaled_round_to_odd(g, (quarters + 2) << h);

  // A multiple of ten inside the interval is the unique shortest candidate; otherwise one of the
  // two integers around the scaled value: the one inside, or the nearer (ties to even). The
  // choices are data-dependent coin flips, so they are made by arithmetic and masks rather than
  // branches (GCC turns ?: and || on them into jumps).
  const std::uint64_t s = vb >> 2;
  const std::uint64_t s_tens = s / 10 * 10;
  const std::uint64_t t_tens = s_tens + 10;
  const bool s_tens_in = vb_low + bounds_excluded <= s_tens << 2;
  const bool t_tens_in = (t_tens << 2) + bounds_excluded <= vb_high;
  const std::uint64_t t = s + 1;
  const bool s_in = vb_low + bounds_excluded <= s << 2;
  const bool t_in = (t << 2) + bounds_excluded <= vb_high;
  // vb against 4 x the midpoint s + 1/2: below it, or on it with s even.
  const bool s_nearer = vb < 2 * (s + t) + (~s & 1);
  const bool take_s = (s_in & !t_in) | ((s_in == t_in) & s_nearer);
  const std::uint64_t nearest = t - (take_s ? 1 : 0);
  const std::uint64_t tens = t_tens - (s_tens_in ? 10 : 0);
  const std::uint64_t take_tens = std::uint64_t{0} - (s_tens_in != t_tens_in ? 1 : 0);
  return {(tens & take_tens) | (nearest & ~take_tens), k};
}

// The exact value of an integral float below 2^128 (printing it in fixed notation needs every
// digit, which the shortest decimal may not have: 2^60 is 1152921504606846976, shortest
// 1152921504606847e3).
template <std::floating_point F>
uint128 exact_integer(F value) noexcept {
  const binary_layout<F> b(value);
  return b.q >= 0 ? static_cast<uint128>(b.c) << b.q : static_cast<uint128>(b.c >> -b.q);
}

}  // namespace spool::detail::number
