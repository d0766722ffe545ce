// The 16 bytes behind spool::value: 15 payload bytes and a tag byte.
//
// Scalars and date-times live in the payload (an offset_datetime packs into 14 bytes); strings
// and binaries of up to 14 bytes too, with their length in byte 14; longer ones, arrays, objects
// and ext values live on the heap behind one pointer, and the tag's heap bit says so. The payload
// is read and written with memcpy, which compilers turn into plain loads and stores and which
// keeps every access well defined whatever was stored before. A move is a copy of the 16 bytes.
// Heap blocks come from the thread's node cache (node_cache.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string_view>
#include <type_traits>

#include <spool/datetime.hpp>
#include <spool/detail/value/node_cache.hpp>

namespace spool::detail {

class value_storage {
 public:
  static constexpr std::size_t inline_bytes = 14;
  static constexpr std::uint8_t heap_bit = 0x80;

  constexpr value_storage() noexcept = default;

  std::uint8_t tag() const noexcept { return tag_; }
  std::uint8_t kind_bits() const noexcept { return static_cast<std::uint8_t>(tag_ & ~heap_bit); }
  bool on_heap() const noexcept { return (tag_ & heap_bit) != 0; }

  template <class T>
  T load() const noexcept {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= inline_bytes + 1);
    T out;
    std::memcpy(&out, raw_, sizeof(T));
    return out;
  }
  template <class T>
  void store(std::uint8_t tag, const T& in) noexcept {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= inline_bytes + 1);
    std::memcpy(raw_, &in, sizeof(T));
    tag_ = tag;
  }
  template <class T>
  T* pointer() const noexcept {
    return static_cast<T*>(load<void*>());
  }
  void store_pointer(std::uint8_t tag, void* p) noexcept { store(static_cast<std::uint8_t>(tag | heap_bit), p); }

  // offset_datetime is 16 bytes with padding; its fields fit in 14.
  offset_datetime load_offset_datetime() const noexcept {
    offset_datetime out;
    std::memcpy(&out.date, raw_, sizeof(local_date));
    std::memcpy(&out.time, raw_ + 4, sizeof(local_time));
    std::memcpy(&out.offset_minutes, raw_ + 12, sizeof(std::int16_t));
    return out;
  }
  void store_offset_datetime(std::uint8_t tag, const offset_datetime& in) noexcept {
    static_assert(sizeof(local_date) == 4 && sizeof(local_time) == 8);
    std::memcpy(raw_, &in.date, sizeof(local_date));
    std::memcpy(raw_ + 4, &in.time, sizeof(local_time));
    std::memcpy(raw_ + 12, &in.offset_minutes, sizeof(std::int16_t));
    tag_ = tag;
  }

  // A string or binary: inline up to inline_bytes, else one heap block (size, then the bytes).
  void store_bytes(std::uint8_t tag, const void* data, std::size_t size) {
    if (size <= inline_bytes) {
      if (size != 0) std::memcpy(raw_, data, size);
      raw_[inline_bytes] = static_cast<unsigned char>(size);
      tag_ = tag;
      return;
    }
    void* block = allocate_value_node(sizeof(std::size_t) + size);
    std::memcpy(block, &size, sizeof(std::size_t));
    std::memcpy(static_cast<char*>(block) + sizeof(std::size_t), data, size);
    store_pointer(tag, block);
  }
  std::string_view bytes() const noexcept {
    if (!on_heap()) return {reinterpret_cast<const char*>(raw_), raw_[inline_bytes]};
    const char* block = pointer<const char>();
    std::size_t size = 0;
    std::memcpy(&size, block, sizeof(std::size_t));
    return {block + sizeof(std::size_t), size};
  }
  // Frees a heap byte block; the caller knows the tag says bytes.
  void free_bytes() noexcept {
    void* block = pointer<void>();
    std::size_t size = 0;
    std::memcpy(&size, block, sizeof(std::size_t));
    release_value_node(block, sizeof(std::size_t) + size);
  }

  void reset() noexcept { tag_ = 0; }

 private:
  alignas(8) unsigned char raw_[inline_bytes + 1] = {};
  std::uint8_t tag_ = 0;
};

static_assert(sizeof(value_storage) == 16);

}  // namespace spool::detail
