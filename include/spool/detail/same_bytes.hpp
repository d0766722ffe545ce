// Equality of short byte runs (keys), shared by the JSON and MessagePack readers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

namespace spool::detail {

// Whether the n bytes at a and b are equal: memcmp for the short runs of keys, without the call.
// Reads exactly n bytes from each.
[[gnu::always_inline]] inline bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
  const auto load = [](const char* p, std::size_t size) {
    std::uint64_t word = 0;
    std::memcpy(&word, p, size);
    return word;
  };
  for (; n >= 8; a += 8, b += 8, n -= 8) {
    if (load(a, 8) != load(b, 8)) return false;
  }
  if (n >= 4) return load(a, 4) == load(b, 4) && load(a + n - 4, 4) == load(b + n - 4, 4);
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

// The W bytes at p (8, 4 or 2) as one unsigned integer in the machine's byte order, for equality.
template <std::size_t W>
using word_type = std::conditional_t<W == 8, std::uint64_t, std::conditional_t<W == 4, std::uint32_t, std::uint16_t>>;
template <std::size_t W, class Byte>
[[gnu::always_inline]] inline word_type<W> word_at(const Byte* p) noexcept {
  word_type<W> w;
  std::memcpy(&w, p, W);
  return w;
}

// Whether the N bytes at p are `constant`'s, an array the caller holds as a constexpr static (a
// field's key in the form a writer gives it): compared as words of 8 bytes (the last overlapping
// the one before), 4 or 2, whose constant side folds to immediates. Reads exactly N bytes at p.
template <std::size_t N, class Byte>
[[gnu::always_inline]] inline bool same_as_constant(const Byte* p, const std::array<Byte, N>& constant) noexcept {
  const Byte* const key = constant.data();
  if constexpr (N >= 8) {
    // Forced inline: GCC otherwise leaves this fold as a call per key of 16 bytes and more.
    const bool same = [&]<std::size_t... W>(std::index_sequence<W...>) __attribute__((always_inline)) {
      return ((word_at<8>(p + 8 * W) == word_at<8>(key + 8 * W)) && ...);
    }(std::make_index_sequence<N / 8>{});
    if constexpr (N % 8 != 0) return same && word_at<8>(p + N - 8) == word_at<8>(key + N - 8);
    else return same;
  } else if constexpr (N >= 4) {
    return word_at<4>(p) == word_at<4>(key) && word_at<4>(p + N - 4) == word_at<4>(key + N - 4);
  } else if constexpr (N >= 2) {
    return word_at<2>(p) == word_at<2>(key) && word_at<2>(p + N - 2) == word_at<2>(key + N - 2);
  } else {
    return *p == *key;
  }
}

}  // namespace spool::detail
