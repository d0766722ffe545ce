// The MessagePack encoder core: an output window over a growable buffer and the smallest encoding
// of every scalar and header. writer.hpp maps C++ types onto these calls.
//
//   spool::byte_buffer buf;
//   spool::msgpack::detail::encoder enc(buf);
//   enc.map_header(1); enc.str("id"); enc.uint(300);   // 81 a2 69 64 cd 01 2c
//   enc.finish();                                       // buf.size() == 7
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include <spool/detail/short_copy.hpp>
#include <spool/detail/write_size_hint.hpp>
#include <spool/error.hpp>
#include <spool/msgpack/format.hpp>
#include <spool/msgpack/timestamp.hpp>
#include <spool/pool.hpp>

namespace spool::msgpack::detail {

class encoder {
 public:
  // Appends after what `out` already holds.
  explicit encoder(spool::byte_buffer& out) noexcept : out_(out), start_(out.size()) { rebase(out.size()); }
  encoder(const encoder&) = delete;
  encoder& operator=(const encoder&) = delete;

  // Trims the buffer to what was written. errc::ok, or size_exceeded when a string, byte string,
  // container or extension was longer than the format's 2^32 - 1 limit (nothing sensible was
  // written for it then).
  errc finish() noexcept {
    out_.resize(size());
    size_hint::last() = size() - start_;
    return status_;
  }
  std::size_t size() const noexcept { return static_cast<std::size_t>(pos_ - begin_); }

  // Each call checks capacity once, for its largest form, then writes unchecked.
  void nil() { one(format::nil); }
  void boolean(bool b) { one(b ? format::true_ : format::false_); }

  void uint(std::uint64_t v) {
    reserve(9);
    put_uint(v);
  }

  void sint(std::int64_t v) {
    reserve(9);
    pos_ = encode_sint(pos_, v);
  }

  void float32(float f) {
    reserve(5);
    pos_ = encode_float32(pos_, f);
  }
  void float64(double d) {
    reserve(9);
    pos_ = encode_float64(pos_, d);
  }

  void str_header(std::size_t n) {
    reserve(5);
    put_sized(n, format::fixstr, format::fixstr_max_length, format::str8);
  }
  void bin_header(std::size_t n) {
    reserve(5);
    put_sized(n, 0, 0, format::bin8);
  }
  void array_header(std::size_t n) {
    reserve(5);
    put_counted(n, format::fixarray, format::array16);
  }
  void map_header(std::size_t n) {
    reserve(5);
    put_counted(n, format::fixmap, format::map16);
  }
  void ext_header(std::int8_t type, std::size_t n) {
    reserve(6);
    put_ext_header(type, n);
  }

  void str(std::string_view s) {
    const std::size_t n = s.size();
    reserve(5 + n);
    if (n <= format::fixstr_max_length) {  // keys and most values: no call to copy them
      pos_ = encode_fixstr(pos_, s);
      return;
    }
    put_sized(n, format::fixstr, format::fixstr_max_length, format::str8);
    put_raw(s.data(), n);
  }
  void bin(const void* p, std::size_t n) {
    reserve(5 + n);
    put_sized(n, 0, 0, format::bin8);
    put_raw(p, n);
  }
  void ext(std::int8_t type, const void* p, std::size_t n) {
    reserve(6 + n);
    put_ext_header(type, n);
    put_raw(p, n);
  }

  void timestamp(spool::msgpack::timestamp t) {
    unsigned char payload[12];
    ext(format::timestamp_type, payload, detail::encode_timestamp(t, payload));
  }

  void raw(const void* p, std::size_t n) {
    reserve(n);
    put_raw(p, n);
  }

  void reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - pos_) < n) [[unlikely]] grow(n);
  }

  // Runs of values whose encoded size has a known bound (writer.hpp: arrays of numbers) reserve
  // once for the whole run and encode through a local cursor with the functions below, which the
  // compiler keeps in a register (stores through the encoder's own pointer are byte stores that
  // may alias it, so each would reload it).
  unsigned char* cursor() noexcept { return pos_; }
  void set_cursor(unsigned char* p) noexcept { pos_ = p; }
  // The end of the room reserved so far: a loop that keeps it with its cursor checks its own room.
  unsigned char* limit() const noexcept { return end_; }

  template <class U>
  static unsigned char* encode_tagged(unsigned char* p, std::uint8_t tag, U v) noexcept {
    p[0] = tag;
    format::store_be(p + 1, v);
    return p + 1 + sizeof(U);
  }
  // The integer and fixstr encoders are inlined at every call: each field's or element's own copy
  // of their branches predicts its own values' sizes (one shared copy mixes a struct's small and
  // large fields: MessagePack citm_catalog mispredicted more and took longer with fewer
  // instructions).
  [[gnu::always_inline]] static unsigned char* encode_uint(unsigned char* p, std::uint64_t v) noexcept {
    if (v <= format::positive_fixint_max) {
      *p = static_cast<std::uint8_t>(v);
      return p + 1;
    }
    if (v <= 0xff) return encode_tagged(p, format::uint8, static_cast<std::uint8_t>(v));
    if (v <= 0xffff) return encode_tagged(p, format::uint16, static_cast<std::uint16_t>(v));
    if (v <= 0xffff'ffff) return encode_tagged(p, format::uint32, static_cast<std::uint32_t>(v));
    return encode_tagged(p, format::uint64, v);
  }
  // Non-negative values take the unsigned forms, which are never longer and are what other
  // encoders produce, so that equal numbers encode to equal bytes.
  [[gnu::always_inline]] static unsigned char* encode_sint(unsigned char* p, std::int64_t v) noexcept {
    if (v >= 0) return encode_uint(p, static_cast<std::uint64_t>(v));
    if (v >= -32) {
      *p = static_cast<std::uint8_t>(v);
      return p + 1;
    }
    if (v >= std::numeric_limits<std::int8_t>::min()) return encode_tagged(p, format::int8, static_cast<std::uint8_t>(v));
    if (v >= std::numeric_limits<std::int16_t>::min()) return encode_tagged(p, format::int16, static_cast<std::uint16_t>(v));
    if (v >= std::numeric_limits<std::int32_t>::min()) return encode_tagged(p, format::int32, static_cast<std::uint32_t>(v));
    return encode_tagged(p, format::int64, static_cast<std::uint64_t>(v));
  }
  static unsigned char* encode_float32(unsigned char* p, float f) noexcept {
    return encode_tagged(p, format::float32, std::bit_cast<std::uint32_t>(f));
  }
  static unsigned char* encode_float64(unsigned char* p, double d) noexcept {
    return encode_tagged(p, format::float64, std::bit_cast<std::uint64_t>(d));
  }
  // s.size() <= 31 (the caller checks): copied without a call to memcpy.
  [[gnu::always_inline]] static unsigned char* encode_fixstr(unsigned char* p, std::string_view s) noexcept {
    const std::size_t n = s.size();
    p[0] = static_cast<std::uint8_t>(format::fixstr | n);
    spool::detail::copy_short(p + 1, s.data(), n);
    return p + 1 + n;
  }
  static unsigned char* encode_boolean(unsigned char* p, bool b) noexcept {
    *p = b ? format::true_ : format::false_;
    return p + 1;
  }
  // n < 2^32 (the caller checks).
  static unsigned char* encode_array_header(unsigned char* p, std::size_t n) noexcept {
    if (n <= 15) {
      *p = static_cast<std::uint8_t>(format::fixarray | n);
      return p + 1;
    }
    if (n <= 0xffff) return encode_tagged(p, format::array16, static_cast<std::uint16_t>(n));
    return encode_tagged(p, static_cast<std::uint8_t>(format::array16 + 1), static_cast<std::uint32_t>(n));
  }
  // n < 2^32 (the caller checks).
  static unsigned char* encode_map_header(unsigned char* p, std::size_t n) noexcept {
    if (n <= 15) {
      *p = static_cast<std::uint8_t>(format::fixmap | n);
      return p + 1;
    }
    if (n <= 0xffff) return encode_tagged(p, format::map16, static_cast<std::uint16_t>(n));
    return encode_tagged(p, static_cast<std::uint8_t>(format::map16 + 1), static_cast<std::uint32_t>(n));
  }

 private:
  void one(std::uint8_t b) {
    reserve(1);
    put(b);
  }

  // ---- unchecked writes: the caller reserved room ----

  void put(std::uint8_t b) noexcept { *pos_++ = b; }
  template <class U>
  void put(std::uint8_t tag, U v) noexcept {
    pos_ = encode_tagged(pos_, tag, v);
  }
  void put_raw(const void* p, std::size_t n) noexcept {
    if (n == 0) return;  // p may be null for an empty range
    std::memcpy(pos_, p, n);
    pos_ += n;
  }
  void put_uint(std::uint64_t v) noexcept { pos_ = encode_uint(pos_, v); }
  // str, bin and ext share one layout: an optional fix form, then 8-, 16- and 32-bit lengths
  // behind three consecutive format bytes.
  void put_sized(std::size_t n, std::uint8_t fix, std::uint8_t fix_max, std::uint8_t tag8) noexcept {
    if (fix != 0 && n <= fix_max) put(static_cast<std::uint8_t>(fix | n));
    else if (n <= 0xff) put(tag8, static_cast<std::uint8_t>(n));
    else if (n <= 0xffff) put(static_cast<std::uint8_t>(tag8 + 1), static_cast<std::uint16_t>(n));
    else if (n <= 0xffff'ffff) put(static_cast<std::uint8_t>(tag8 + 2), static_cast<std::uint32_t>(n));
    else status_ = errc::size_exceeded;
  }
  // array and map: a 4-bit fix form, then 16- and 32-bit counts.
  void put_counted(std::size_t n, std::uint8_t fix, std::uint8_t tag16) noexcept {
    if (n <= 15) put(static_cast<std::uint8_t>(fix | n));
    else if (n <= 0xffff) put(tag16, static_cast<std::uint16_t>(n));
    else if (n <= 0xffff'ffff) put(static_cast<std::uint8_t>(tag16 + 1), static_cast<std::uint32_t>(n));
    else status_ = errc::size_exceeded;
  }
  void put_ext_header(std::int8_t type, std::size_t n) noexcept {
    const auto t = static_cast<std::uint8_t>(type);
    switch (n) {
      case 1: return put(format::fixext1, t);
      case 2: return put(format::fixext2, t);
      case 4: return put(format::fixext4, t);
      case 8: return put(format::fixext8, t);
      case 16: return put(format::fixext16, t);
      default: break;
    }
    put_sized(n, 0, 0, format::ext8);
    put(t);
  }

  // The first growth of a document goes to the last document's size (detail/write_size_hint.hpp),
  // later ones double.
  [[gnu::noinline]] void grow(std::size_t n) {
    const std::size_t used = size();
    out_.resize(used);
    if (!grown_) {
      grown_ = true;
      out_.reserve(start_ + spool::detail::hinted_capacity(used + n - start_, size_hint::last()));
    }
    out_.grow_for(n);
    rebase(used);
  }
  // Writes go straight into the buffer's spare capacity; finish() sets the real size.
  void rebase(std::size_t used) {
    out_.resize(out_.capacity());
    begin_ = reinterpret_cast<unsigned char*>(out_.data());
    pos_ = begin_ + used;
    end_ = begin_ + out_.size();
  }

  struct msgpack_tag;
  using size_hint = spool::detail::write_size_hint<msgpack_tag>;

  spool::byte_buffer& out_;
  std::size_t start_;  // what the buffer held before this document
  bool grown_ = false;
  unsigned char* begin_ = nullptr;
  unsigned char* pos_ = nullptr;
  unsigned char* end_ = nullptr;
  errc status_ = errc::ok;
};

}  // namespace spool::msgpack::detail
