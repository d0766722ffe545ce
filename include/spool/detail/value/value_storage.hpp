// The 16 bytes behind spool::value: 15 payload bytes and a tag byte.
//
// Scalars and date-times live in the payload (an offset_datetime packs into 14 bytes); strings
// and binaries of up to 14 bytes too, with their length in byte 14; longer ones, arrays, objects
// and ext values live on the heap behind one pointer, and the tag's heap bit says so. The payload
// is read and written with memcpy, which compilers turn into plain loads and stores and which
// keeps every access well defined whatever was stored before. A move is a copy of the 16 bytes.
// They are held as two 64-bit words: a scalar is stored as two whole words and a copy is two
// register moves. (Held as 15 bytes and a tag byte, a scalar was written in pieces and copied as
// one 16-byte load, which cannot take its bytes from those pending stores and waits for them:
// reading canada.msgpack into a value took about twice as long.)
// Heap blocks come from the thread's node cache (node_cache.hpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string_view>
#include <type_traits>

#include <spool/datetime.hpp>
#include <spool/detail/config.hpp>
#include <spool/detail/value/node_cache.hpp>

namespace spool::detail {

class value_storage {
 public:
  static constexpr std::size_t inline_bytes = 14;
  static constexpr std::uint8_t heap_bit = 0x80;

  constexpr value_storage() noexcept = default;

  std::uint8_t tag() const noexcept { return static_cast<std::uint8_t>(words_[1] >> tag_shift); }
  std::uint8_t kind_bits() const noexcept { return static_cast<std::uint8_t>(tag() & ~heap_bit); }
  bool on_heap() const noexcept { return (tag() & heap_bit) != 0; }

  template <class T>
  T load() const noexcept {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= inline_bytes + 1);
    T out;
    std::memcpy(&out, words_, sizeof(T));
    return out;
  }
  // A value of up to 8 bytes fills the first word and the tag the second, whole: two plain stores.
  template <class T>
  void store(std::uint8_t tag, const T& in) noexcept {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= inline_bytes + 1);
    if constexpr (sizeof(T) <= sizeof(std::uint64_t)) {
      std::uint64_t first = 0;
      std::memcpy(&first, &in, sizeof(T));
      words_[0] = first;
      words_[1] = tag_word(tag);
    } else {
      std::memcpy(words_, &in, sizeof(T));
      set_tag(tag);
    }
  }
  template <class T>
  T* pointer() const noexcept {
    return static_cast<T*>(load<void*>());
  }
  void store_pointer(std::uint8_t tag, void* p) noexcept { store(static_cast<std::uint8_t>(tag | heap_bit), p); }

  // offset_datetime is 16 bytes with padding; its fields fit in 14.
  offset_datetime load_offset_datetime() const noexcept {
    offset_datetime out;
    std::memcpy(&out.date, bytes_at(0), sizeof(local_date));
    std::memcpy(&out.time, bytes_at(4), sizeof(local_time));
    std::memcpy(&out.offset_minutes, bytes_at(12), sizeof(std::int16_t));
    return out;
  }
  void store_offset_datetime(std::uint8_t tag, const offset_datetime& in) noexcept {
    static_assert(sizeof(local_date) == 4 && sizeof(local_time) == 8);
    std::memcpy(bytes_at(0), &in.date, sizeof(local_date));
    std::memcpy(bytes_at(4), &in.time, sizeof(local_time));
    std::memcpy(bytes_at(12), &in.offset_minutes, sizeof(std::int16_t));
    set_tag(tag);
  }

  // A string or binary: inline up to inline_bytes (the length in the payload's last byte), else one
  // heap block (size, then the bytes).
  void store_bytes(std::uint8_t tag, const void* data, std::size_t size) {
    if (size <= inline_bytes) {
      if constexpr (std::endian::native == std::endian::little && value_word_strings) {
        store_short_bytes(tag, static_cast<const unsigned char*>(data), size);
      } else {
        if (size != 0) std::memcpy(bytes_at(0), data, size);
        *bytes_at(inline_bytes) = static_cast<unsigned char>(size);
        set_tag(tag);
      }
      return;
    }
    void* block = allocate_value_node(sizeof(std::size_t) + size);
    std::memcpy(block, &size, sizeof(std::size_t));
    std::memcpy(static_cast<char*>(block) + sizeof(std::size_t), data, size);
    store_pointer(tag, block);
  }
  std::string_view bytes() const noexcept {
    if (!on_heap()) return {reinterpret_cast<const char*>(bytes_at(0)), *bytes_at(inline_bytes)};
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

  void reset() noexcept { words_[1] = 0; }

  // The raw words. Two strings made inline (up to 14 bytes) from zeroed storage, as a fresh value's,
  // are equal exactly when their words are: the bytes, the zeros past them, the length and the tag.
  std::uint64_t word(std::size_t i) const noexcept { return words_[i]; }

 private:
  // The tag is the last of the 16 bytes: the top byte of the second word on a little-endian
  // machine, its bottom byte on a big-endian one.
  static constexpr unsigned tag_shift = std::endian::native == std::endian::little ? 56 : 0;
  static constexpr std::uint64_t tag_word(std::uint8_t tag) noexcept { return std::uint64_t{tag} << tag_shift; }
  void set_tag(std::uint8_t tag) noexcept {
    words_[1] = (words_[1] & ~tag_word(0xff)) | tag_word(tag);
  }
  // Up to 14 bytes as two whole words, from loads that stay inside [data, data + size): the
  // first and last 8 (or 4) bytes, overlapping in the middle, where both hold the same bytes. No
  // call to memcpy for a variable length, no byte stores read back as words, and the bytes past
  // the string are zero, as in a fresh value. Little-endian only (byte i is bits 8i to 8i + 7).
  void store_short_bytes(std::uint8_t tag, const unsigned char* data, std::size_t size) noexcept {
    std::uint64_t first = 0;
    std::uint64_t second = 0;
    if (size >= 8) {
      std::memcpy(&first, data, 8);
      if (size > 8) {
        std::uint64_t last = 0;
        std::memcpy(&last, data + size - 8, 8);
        second = last >> (8 * (16 - size));  // bytes 8 to size - 1
      }
    } else if (size >= 4) {
      std::uint32_t low = 0;
      std::uint32_t high = 0;
      std::memcpy(&low, data, 4);
      std::memcpy(&high, data + size - 4, 4);
      first = low | std::uint64_t{high} << (8 * (size - 4));
    } else if (size != 0) {
      first = std::uint64_t{data[0]} | std::uint64_t{data[size / 2]} << (8 * (size / 2)) |
              std::uint64_t{data[size - 1]} << (8 * (size - 1));
    }
    words_[0] = first;
    words_[1] = second | std::uint64_t{size} << (8 * (inline_bytes - 8)) | tag_word(tag);
  }

  unsigned char* bytes_at(std::size_t i) noexcept { return reinterpret_cast<unsigned char*>(words_) + i; }
  const unsigned char* bytes_at(std::size_t i) const noexcept {
    return reinterpret_cast<const unsigned char*>(words_) + i;
  }

  // Bytes 0-14 are the payload, in memory order; byte 15 the tag. Two words, so that a copy is two
  // register moves and a scalar is stored whole (no byte stores read back as one 16-byte load).
  std::uint64_t words_[2] = {};
};

static_assert(sizeof(value_storage) == 16);

}  // namespace spool::detail
