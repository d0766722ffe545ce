// Copying a few bytes without a call to memcpy: the text writers copy keys and short strings,
// the MessagePack encoder its short str, most of them under 32 bytes, where the library call costs
// more than the copy.
//
//   spool::detail::copy_short(out, key.data(), key.size());   // key.size() <= 32
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

namespace spool::detail {

// Copies n <= 32 bytes as two overlapping fixed-size moves of the largest width that fits,
// reading and writing exactly n bytes.
// Any byte type on either side (the JSON writer's chars, the MessagePack encoder's unsigned chars).
[[gnu::always_inline]] inline void copy_short(void* destination, const void* source, std::size_t n) noexcept {
  auto* to = static_cast<unsigned char*>(destination);
  const auto* from = static_cast<const unsigned char*>(source);
  const auto two = [&]<std::size_t W>(std::integral_constant<std::size_t, W>) {
    std::memcpy(to, from, W);
    std::memcpy(to + n - W, from + n - W, W);
  };
  if (n >= 16) two(std::integral_constant<std::size_t, 16>{});
  else if (n >= 8) two(std::integral_constant<std::size_t, 8>{});
  else if (n >= 4) two(std::integral_constant<std::size_t, 4>{});
  else if (n != 0) {
    to[0] = from[0];
    to[n / 2] = from[n / 2];
    to[n - 1] = from[n - 1];
  }
}

}  // namespace spool::detail
