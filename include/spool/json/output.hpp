// The writer's cursor into its byte buffer.
//
// Writing goes through a raw pointer and a limit held in registers: reserving room for a token
// is one compare, and the buffer's own size is updated only when it must grow and at the end.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

#include <spool/detail/pool/byte_buffer.hpp>

namespace spool::json::detail {

class output {
 public:
  explicit output(spool::byte_buffer& buffer) noexcept
      : buffer_(buffer), w_(buffer.data() + buffer.size()), limit_(buffer.data() + buffer.capacity()) {}

  // At least n writable bytes at the returned pointer; commit() says how many were used.
  char* room(std::size_t n) {
    if (static_cast<std::size_t>(limit_ - w_) < n) [[unlikely]]
      grow(n);
    return w_;
  }
  void commit(char* end) noexcept { w_ = end; }

  void put(char c) {
    *room(1) = c;
    ++w_;
  }
  void put(std::string_view s) {
    if (s.empty()) return;
    std::memcpy(room(s.size()), s.data(), s.size());
    w_ += s.size();
  }

  std::size_t size() const noexcept { return static_cast<std::size_t>(w_ - buffer_.data()); }
  // Hands the written bytes to the buffer (its size() was stale until now).
  void finish() { buffer_.resize(size()); }

 private:
  void grow(std::size_t n) {
    buffer_.resize(size());
    buffer_.grow_for(n);
    w_ = buffer_.data() + buffer_.size();
    limit_ = buffer_.data() + buffer_.capacity();
  }

  spool::byte_buffer& buffer_;
  char* w_;
  char* limit_;
};

}  // namespace spool::json::detail
