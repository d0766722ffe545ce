// How long this thread's last document of a format was, so that the next one's output buffer
// grows to about that size in one step.
//
// Writers build their output in a pooled buffer that starts small (the pool keeps no scratch
// buffer above its retention limit), so a document of megabytes would otherwise grow through a
// dozen doublings: as many reallocations and copies, and fresh pages to fault in each time (large
// blocks come straight from mmap). Programs write documents of similar sizes again and again, so
// the size of the previous one is a good guess; a wrong guess costs one over-sized reservation
// (untouched pages cost no memory) or the doublings that remain.
//
//   std::size_t& last = spool::detail::write_size_hint<json_tag>::last();
//   std::size_t target = spool::detail::hinted_capacity(used + needed, last);
#pragma once

#include <cstddef>

#include <spool/detail/config.hpp>

namespace spool::detail {

// One hint per format and thread (Format is a tag type).
template <class Format>
struct write_size_hint {
  static std::size_t& last() noexcept {
    thread_local std::size_t size = 0;
    return size;
  }
};

// What to reserve on a document's first growth: the bytes needed, or the last document's length
// plus a quarter, for documents a little longer than the last and for the writers' worst-case
// reservations near the end.
constexpr std::size_t hinted_capacity(std::size_t needed, std::size_t last) noexcept {
  if (!output_size_hint) return needed;
  const std::size_t hinted = last + last / 4;
  return hinted > needed ? hinted : needed;
}

}  // namespace spool::detail
