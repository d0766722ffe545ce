// Number printing shared by the text writers (JSON, TOML): integers by two digits at a time into a
// caller's buffer, and the shortest decimal text of a float that reads back to the same bits.
//
//   char buf[spool::detail::max_number_chars];
//   char* end = spool::detail::write_integer(buf, -42);         // "-42"
//   end = spool::detail::write_floating(buf, 0.1);              // "0.1"
//   end = spool::detail::write_floating(buf, -0.0);             // "-0.0": sign and float-ness kept
#pragma once

#include <bit>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace spool::detail {

// Enough for any 64-bit integer and any shortest float or double, sign and exponent included.
inline constexpr std::size_t max_number_chars = 32;

namespace print_detail {

inline constexpr char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

inline int count_digits(std::uint64_t v) noexcept {
  static constexpr std::uint64_t powers[] = {0,
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
  // log10 estimated from the bit length (1233/4096 ~ log10(2)), then corrected by one compare.
  const int estimate = ((64 - std::countl_zero(v | 1)) * 1233) >> 12;
  return estimate + (v >= powers[estimate] ? 1 : 0);
}

inline char* write_unsigned(char* out, std::uint64_t v) noexcept {
  const int n = count_digits(v);
  char* p = out + n;
  while (v >= 100) {
    const auto pair = static_cast<unsigned>(v % 100) * 2;
    v /= 100;
    p -= 2;
    std::memcpy(p, digit_pairs + pair, 2);
  }
  if (v >= 10) {
    std::memcpy(p - 2, digit_pairs + v * 2, 2);
  } else {
    p[-1] = static_cast<char>('0' + v);
  }
  return out + n;
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

// Shortest round-trip text of a finite float. The result always reads back as a float in JSON
// and TOML alike: an integral value gets ".0" ("1.0", "-0.0"), so a reader keeps it a float.
template <std::floating_point F>
char* write_floating(char* out, F value) noexcept {
  char* end = std::to_chars(out, out + max_number_chars, value).ptr;
  for (const char* p = out; p != end; ++p)
    if (*p == '.' || *p == 'e') return end;
  std::memcpy(end, ".0", 2);
  return end + 2;
}

}  // namespace spool::detail
