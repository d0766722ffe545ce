// Equality of short byte runs (keys), shared by the JSON and MessagePack readers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

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

}  // namespace spool::detail
