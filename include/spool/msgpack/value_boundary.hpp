// Where a MessagePack value ends in bytes that arrive piece by piece: the stream reader's scanner.
//
// A counter of items still to come replaces recursion (as in decoder::skip): each header adds its
// container's elements (two per map entry) and takes itself off. Only lengths are read, nothing is
// validated (the decoder does that over exactly the value's bytes), so a value is never called
// invalid here. The scan is resumable: each call continues from the last whole item, so a value
// delivered in many small reads is scanned once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <spool/detail/stream/value_stream.hpp>
#include <spool/msgpack/format.hpp>

namespace spool::msgpack::detail {

class value_boundary {
 public:
  spool::detail::stream::boundary_status scan(std::string_view bytes, bool /*at_end*/) noexcept {
    namespace f = spool::msgpack::format;
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t size = bytes.size();
    while (pending_ != 0) {
      const std::size_t left = size - at_;
      if (left == 0) return spool::detail::stream::boundary_status::incomplete;
      const unsigned char* p = data + at_;
      const std::uint8_t b = *p;
      std::size_t header = 1, payload = 0;  // bytes of the item: header + payload
      std::uint64_t items = 0;              // elements it opens
      std::size_t length_bytes = 0;         // size of a big-endian length field after the byte
      bool map = false, container = false;
      if (b <= f::positive_fixint_max || b >= f::negative_fixint_min) {
      } else if (b < f::fixarray) {
        items = 2u * (b & 0x0fu);
      } else if (b < f::fixstr) {
        items = b & 0x0fu;
      } else if (b < f::nil) {
        payload = b & 0x1fu;
      } else {
        switch (b) {
          case f::uint8: case f::int8: payload = 1; break;
          case f::uint16: case f::int16: payload = 2; break;
          case f::uint32: case f::int32: case f::float32: payload = 4; break;
          case f::uint64: case f::int64: case f::float64: payload = 8; break;
          case f::fixext1: case f::fixext2: case f::fixext4: case f::fixext8: case f::fixext16:
            payload = 1 + (std::size_t{1} << (b - f::fixext1));
            break;
          case f::str8: case f::bin8: length_bytes = 1; break;
          case f::str16: case f::bin16: length_bytes = 2; break;
          case f::str32: case f::bin32: length_bytes = 4; break;
          case f::ext8: length_bytes = 1, payload = 1; break;   // + the type byte
          case f::ext16: length_bytes = 2, payload = 1; break;
          case f::ext32: length_bytes = 4, payload = 1; break;
          case f::array16: length_bytes = 2, container = true; break;
          case f::array32: length_bytes = 4, container = true; break;
          case f::map16: length_bytes = 2, container = map = true; break;
          case f::map32: length_bytes = 4, container = map = true; break;
          default: break;  // nil, booleans, never_used: one byte (the decoder judges 0xc1)
        }
      }
      if (length_bytes != 0) {
        if (left < 1 + length_bytes) return spool::detail::stream::boundary_status::incomplete;
        std::uint64_t n = 0;
        for (std::size_t i = 1; i <= length_bytes; ++i) n = n << 8 | p[i];
        header += length_bytes;
        if (container) items = map ? 2 * n : n;
        else payload += static_cast<std::size_t>(n);
      }
      if (left < header || left - header < payload) return spool::detail::stream::boundary_status::incomplete;
      at_ += header + payload;
      pending_ = pending_ - 1 + items;
    }
    return spool::detail::stream::boundary_status::complete;
  }

  // The value's length in bytes, once scan() said complete.
  std::size_t length() const noexcept { return at_; }

 private:
  std::size_t at_ = 0;           // start of the next item
  std::uint64_t pending_ = 1;    // items still to come
};

}  // namespace spool::msgpack::detail
