// How large a pooled buffer may be and still be kept for reuse.
//
// A document that once needed a 50 MB scratch buffer must not pin 50 MB per thread forever, so a
// buffer whose capacity exceeds the limit is freed on return instead of kept. The limit is one
// process-wide atomic; the common case (a buffer no larger than the compiled-in default) is
// decided without touching it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <spool/detail/config.hpp>

namespace spool {

inline constexpr std::size_t default_pool_buffer_limit = 32 * 1024;  // scratch retention cap
inline constexpr std::size_t input_buffer_limit = 1024 * 1024;       // whole-input/stream buffers

namespace detail {
// Relaxed ordering is enough: the limit guards no other data, and a return that races with a
// change may use either value.
inline std::atomic<std::size_t> pool_buffer_limit_value{default_pool_buffer_limit};
}  // namespace detail

// Raises the scratch retention cap to `n` bytes. Values below the default clamp to the default
// (the pool never keeps less than that); n <= 0 restores the default.
inline void set_pool_buffer_limit(std::int64_t n) noexcept {
  std::size_t limit = default_pool_buffer_limit;
  if (n > 0) {
    auto wanted = static_cast<std::uint64_t>(n);
    limit = wanted > std::numeric_limits<std::size_t>::max() ? std::numeric_limits<std::size_t>::max()
                                                               : static_cast<std::size_t>(wanted);
    if (limit < default_pool_buffer_limit) limit = default_pool_buffer_limit;
  }
  detail::pool_buffer_limit_value.store(limit, std::memory_order_relaxed);
}

inline std::size_t pool_buffer_limit() noexcept {
  return detail::pool_buffer_limit_value.load(std::memory_order_relaxed);
}

// True when a scratch buffer of this capacity must be freed rather than kept.
inline bool pool_buffer_oversized(std::size_t capacity) noexcept {
  // The limit never drops below the default, so a capacity within it is never oversized.
  if (detail::limit_fast_path && capacity <= default_pool_buffer_limit) return false;
  return capacity > pool_buffer_limit();
}

}  // namespace spool
