// The MessagePack wire format: format bytes, the families they belong to, and big-endian loads and
// stores of the fixed-width fields that follow them.
//
//   using namespace spool::msgpack::format;
//   family_of(0xcd) == family::integer;       // uint16
//   family_name(family::binary) == "binary";  // for "expected string, found binary"
//
// Names follow the specification (github.com/msgpack/msgpack/blob/master/spec.md); only the reader
// and writer in this folder use them.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace spool::msgpack::format {

// Single-byte families: the value lives in the format byte itself.
inline constexpr std::uint8_t positive_fixint_max = 0x7f;
inline constexpr std::uint8_t fixmap = 0x80;    // 0x80..0x8f, 4-bit count
inline constexpr std::uint8_t fixarray = 0x90;  // 0x90..0x9f, 4-bit count
inline constexpr std::uint8_t fixstr = 0xa0;    // 0xa0..0xbf, 5-bit length
inline constexpr std::uint8_t negative_fixint_min = 0xe0;  // 0xe0..0xff = -32..-1

inline constexpr std::uint8_t fixmap_max_count = 15;
inline constexpr std::uint8_t fixarray_max_count = 15;
inline constexpr std::uint8_t fixstr_max_length = 31;

inline constexpr std::uint8_t nil = 0xc0;
inline constexpr std::uint8_t never_used = 0xc1;
inline constexpr std::uint8_t false_ = 0xc2;
inline constexpr std::uint8_t true_ = 0xc3;
inline constexpr std::uint8_t bin8 = 0xc4;
inline constexpr std::uint8_t bin16 = 0xc5;
inline constexpr std::uint8_t bin32 = 0xc6;
inline constexpr std::uint8_t ext8 = 0xc7;
inline constexpr std::uint8_t ext16 = 0xc8;
inline constexpr std::uint8_t ext32 = 0xc9;
inline constexpr std::uint8_t float32 = 0xca;
inline constexpr std::uint8_t float64 = 0xcb;
inline constexpr std::uint8_t uint8 = 0xcc;
inline constexpr std::uint8_t uint16 = 0xcd;
inline constexpr std::uint8_t uint32 = 0xce;
inline constexpr std::uint8_t uint64 = 0xcf;
inline constexpr std::uint8_t int8 = 0xd0;
inline constexpr std::uint8_t int16 = 0xd1;
inline constexpr std::uint8_t int32 = 0xd2;
inline constexpr std::uint8_t int64 = 0xd3;
inline constexpr std::uint8_t fixext1 = 0xd4;
inline constexpr std::uint8_t fixext2 = 0xd5;
inline constexpr std::uint8_t fixext4 = 0xd6;
inline constexpr std::uint8_t fixext8 = 0xd7;
inline constexpr std::uint8_t fixext16 = 0xd8;
inline constexpr std::uint8_t str8 = 0xd9;
inline constexpr std::uint8_t str16 = 0xda;
inline constexpr std::uint8_t str32 = 0xdb;
inline constexpr std::uint8_t array16 = 0xdc;
inline constexpr std::uint8_t array32 = 0xdd;
inline constexpr std::uint8_t map16 = 0xde;
inline constexpr std::uint8_t map32 = 0xdf;

// The extension type the specification reserves for timestamps.
inline constexpr std::int8_t timestamp_type = -1;

// What a format byte announces, coarse enough for "expected X, found Y" messages.
enum class family : std::uint8_t { nil, boolean, integer, floating, string, binary, array, map, ext, never_used };

// The rule, byte by byte; family_of reads it from a table built from it at compile time.
constexpr family family_by_rule(std::uint8_t byte) noexcept {
  if (byte <= positive_fixint_max || byte >= negative_fixint_min) return family::integer;
  if (byte < fixarray) return family::map;
  if (byte < fixstr) return family::array;
  if (byte < nil) return family::string;
  switch (byte) {
    case nil: return family::nil;
    case false_:
    case true_: return family::boolean;
    case bin8:
    case bin16:
    case bin32: return family::binary;
    case ext8:
    case ext16:
    case ext32:
    case fixext1:
    case fixext2:
    case fixext4:
    case fixext8:
    case fixext16: return family::ext;
    case float32:
    case float64: return family::floating;
    case str8:
    case str16:
    case str32: return family::string;
    case array16:
    case array32: return family::array;
    case map16:
    case map32: return family::map;
    case never_used: return family::never_used;
    default: return family::integer;  // 0xcc..0xd3
  }
}

inline constexpr auto family_table = [] {
  std::array<family, 256> table{};
  for (unsigned b = 0; b < 256; ++b) table[b] = family_by_rule(static_cast<std::uint8_t>(b));
  return table;
}();

// One load where every value of a document starts: the readers dispatch on it.
[[gnu::always_inline]] constexpr family family_of(std::uint8_t byte) noexcept { return family_table[byte]; }

constexpr std::string_view family_name(family f) noexcept {
  switch (f) {
    case family::nil: return "nil";
    case family::boolean: return "boolean";
    case family::integer: return "integer";
    case family::floating: return "float";
    case family::string: return "string";
    case family::binary: return "binary";
    case family::array: return "array";
    case family::map: return "map";
    case family::ext: return "extension";
    case family::never_used: return "the reserved byte 0xc1";
  }
  return "unknown";
}

// Big-endian fields. memcpy plus a byte swap compiles to one load/store and a bswap; the pointer
// needs no alignment.
template <class U>
inline U load_be(const unsigned char* p) noexcept {
  U v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::endian::native == std::endian::little && sizeof(U) > 1) {
    if constexpr (sizeof(U) == 2) v = static_cast<U>(__builtin_bswap16(v));
    if constexpr (sizeof(U) == 4) v = static_cast<U>(__builtin_bswap32(v));
    if constexpr (sizeof(U) == 8) v = static_cast<U>(__builtin_bswap64(v));
  }
  return v;
}

template <class U>
inline void store_be(unsigned char* p, U v) noexcept {
  if constexpr (std::endian::native == std::endian::little && sizeof(U) > 1) {
    if constexpr (sizeof(U) == 2) v = static_cast<U>(__builtin_bswap16(v));
    if constexpr (sizeof(U) == 4) v = static_cast<U>(__builtin_bswap32(v));
    if constexpr (sizeof(U) == 8) v = static_cast<U>(__builtin_bswap64(v));
  }
  std::memcpy(p, &v, sizeof v);
}

}  // namespace spool::msgpack::format
