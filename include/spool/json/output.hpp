// The writer's cursor into its byte buffer.
//
// Writing goes through a raw pointer and a limit held in registers: reserving room for a token
// is one compare, and the buffer's own size is updated only when it must grow and at the end.
// The compare is forced inline and the growth kept out of line, so the hot path stays a few
// instructions wherever the writer reserves.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

#include <spool/detail/pool/byte_buffer.hpp>
#include <spool/detail/write_size_hint.hpp>

namespace spool::json::detail {

class output {
 public:
  explicit output(spool::byte_buffer& buffer) noexcept
      : buffer_(buffer), w_(buffer.data() + buffer.size()), limit_(buffer.data() + buffer.capacity()), start_(buffer.size()) {}

  // At least n writable bytes at the returned pointer; commit() says how many were used.
  [[gnu::always_inline]] char* room(std::size_t n) {
    if (static_cast<std::size_t>(limit_ - w_) < n) [[unlikely]]
      grow(n);
    return w_;
  }
  void commit(char* end) noexcept { w_ = end; }

  [[gnu::always_inline]] void put(char c) {
    *room(1) = c;
    ++w_;
  }
  [[gnu::always_inline]] void put(std::string_view s) {
    if (s.empty()) return;
    std::memcpy(room(s.size()), s.data(), s.size());
    w_ += s.size();
  }

  std::size_t size() const noexcept { return static_cast<std::size_t>(w_ - buffer_.data()); }
  // Hands the written bytes to the buffer (its size() was stale until now) and leaves the
  // document's length as the next one's size hint.
  void finish() {
    buffer_.resize(size());
    size_hint::last() = size() - start_;
  }

 private:
  // The first growth of a document goes to the last document's size (detail/write_size_hint.hpp),
  // later ones double.
  [[gnu::noinline]] void grow(std::size_t n) {
    buffer_.resize(size());
    const std::size_t needed = buffer_.size() + n;
    if (!grown_) {
      grown_ = true;
      buffer_.reserve(start_ + spool::detail::hinted_capacity(needed - start_, size_hint::last()));
    }
    buffer_.grow_for(n);
    w_ = buffer_.data() + buffer_.size();
    limit_ = buffer_.data() + buffer_.capacity();
  }

  struct json_tag;
  using size_hint = spool::detail::write_size_hint<json_tag>;

  spool::byte_buffer& buffer_;
  char* w_;
  char* limit_;
  std::size_t start_;  // what the buffer held before this document
  bool grown_ = false;
};

}  // namespace spool::json::detail
