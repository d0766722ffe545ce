// spool::byte_buffer: the growable byte storage that pools hand out.
//
// Unlike std::string/std::vector, growing never zero-fills: a reader that is about to overwrite
// a megabyte with file contents should not first write a megabyte of zeros. Storage comes from
// malloc/realloc so that a large buffer can grow in place when the allocator allows it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <new>
#include <span>
#include <string_view>
#include <utility>

#include <spool/detail/config.hpp>

namespace spool {

namespace detail {
[[noreturn]] inline void out_of_memory() {
#ifdef SPOOL_NO_EXCEPTIONS
  std::abort();
#else
  throw std::bad_alloc();
#endif
}
}  // namespace detail

class byte_buffer {
 public:
  byte_buffer() noexcept = default;
  byte_buffer(const byte_buffer&) = delete;
  byte_buffer& operator=(const byte_buffer&) = delete;
  byte_buffer(byte_buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  byte_buffer& operator=(byte_buffer&& other) noexcept {
    if (this != &other) {
      std::free(data_);
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
  }
  ~byte_buffer() { std::free(data_); }

  char* data() noexcept { return data_; }
  const char* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  bool empty() const noexcept { return size_ == 0; }
  char& operator[](std::size_t i) noexcept { return data_[i]; }
  char operator[](std::size_t i) const noexcept { return data_[i]; }

  std::string_view view() const noexcept { return {data_, size_}; }
  std::span<const std::byte> bytes() const noexcept { return {reinterpret_cast<const std::byte*>(data_), size_}; }
  // The allocated but unused tail, for reading straight into the buffer before resize().
  std::span<std::byte> spare_capacity() noexcept {
    return {reinterpret_cast<std::byte*>(data_) + size_, capacity_ - size_};
  }

  // Capacity of exactly `n` bytes (when more than now); false when the allocator refuses (the
  // contents are kept). For sizes that come from outside (a file size, a length prefix).
  [[nodiscard]] bool try_reserve(std::size_t n) noexcept { return n <= capacity_ || reallocate(n); }
  void reserve(std::size_t n) {
    if (!try_reserve(n)) detail::out_of_memory();
  }
  // Room for `n` more bytes, growing geometrically so that appends stay amortised O(1).
  void grow_for(std::size_t n) {
    if (!try_grow_for(n)) detail::out_of_memory();
  }
  [[nodiscard]] bool try_grow_for(std::size_t n) noexcept {
    if (n <= capacity_ - size_) return true;
    if (n > max_size() - size_) return false;
    std::size_t needed = size_ + n;
    std::size_t doubled = capacity_ > max_size() / 2 ? max_size() : capacity_ * 2;
    return reallocate(std::max({needed, doubled, min_growth}));
  }
  // New bytes are left uninitialised: the caller writes them.
  void resize(std::size_t n) {
    if (n > size_) grow_for(n - size_);
    size_ = n;
  }
  void clear() noexcept { size_ = 0; }

  void append(const void* p, std::size_t n) {
    if (n == 0) return;  // memcpy with a null source is undefined even for zero bytes
    auto* src = static_cast<const char*>(p);
    if (n > capacity_ - size_) {
      // Appending part of this very buffer: growing moves it, so find the source again after.
      std::less_equal<const char*> le;
      bool inside = data_ != nullptr && le(data_, src) && std::less<const char*>()(src, data_ + size_);
      std::size_t at = inside ? static_cast<std::size_t>(src - data_) : 0;
      grow_for(n);
      if (inside) src = data_ + at;
    }
    std::memcpy(data_ + size_, src, n);
    size_ += n;
  }
  void append(std::string_view s) { append(s.data(), s.size()); }
  void push_back(char c) {
    if (size_ == capacity_) grow_for(1);
    data_[size_++] = c;
  }

  // Return all storage to the allocator.
  void release() noexcept {
    std::free(std::exchange(data_, nullptr));
    size_ = capacity_ = 0;
  }
  // Drop unused capacity (e.g. before keeping a result for long).
  void shrink_to_fit() noexcept {
    if (size_ == 0) release();
    else if (size_ < capacity_) reallocate(size_);  // on refusal the buffer simply stays larger
  }

  static constexpr std::size_t max_size() noexcept {
    return static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max());
  }

 private:
  static constexpr std::size_t min_growth = 64;

  bool reallocate(std::size_t n) noexcept {
    if (n > max_size()) return false;
    // With nothing to keep, free-then-malloc avoids realloc copying stale bytes.
    void* p;
    if (size_ == 0) {
      std::free(std::exchange(data_, nullptr));
      capacity_ = 0;
      p = std::malloc(n);
    } else {
      p = std::realloc(data_, n);
    }
    if (p == nullptr) return false;
    data_ = static_cast<char*>(p);
    capacity_ = n;
    return true;
  }

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

namespace detail {
// Appends a finished output to the caller's std::string or std::vector of bytes.
// std::string::append copies at once; insert() at end() takes the general replace path.
template <class Out>
void append_output(Out& out, const byte_buffer& output) {
  const auto* first = reinterpret_cast<const typename Out::value_type*>(output.data());
  if constexpr (requires { out.append(first, output.size()); }) {
    out.append(first, output.size());
  } else {
    out.insert(out.end(), first, first + output.size());
  }
}
}  // namespace detail

}  // namespace spool
