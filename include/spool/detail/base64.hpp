// Base64 (RFC 4648 section 4, the standard alphabet) for binary carried in text: JSON strings
// and command-line arguments. Encoding pads with '='. Decoding is strict so that every byte
// string has exactly one accepted text: padding may be left out but, when present, must complete
// the last group; characters outside the alphabet, '=' before the end and nonzero leftover bits
// ("QR==" for "QQ==") are errc::syntax at the offending character.
//
//   std::string text(base64_encoded_size(bytes.size()), '\0');
//   base64_encode(bytes, text.data());
//   std::vector<std::byte> back(base64_decoded_capacity(text.size()));
//   base64_decoded decoded = base64_decode(text, back.data());   // decoded.size bytes written
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <spool/error.hpp>

namespace spool::detail {

inline constexpr char base64_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::size_t base64_encoded_size(std::size_t bytes) noexcept { return (bytes + 2) / 3 * 4; }
// At least the number of bytes any text of this length decodes to.
constexpr std::size_t base64_decoded_capacity(std::size_t text_size) noexcept { return (text_size + 3) / 4 * 3; }

// Writes base64_encoded_size(in.size()) characters at `out`; returns their end.
inline char* base64_encode(std::span<const std::byte> in, char* out) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(in.data());
  std::size_t n = in.size();
  for (; n >= 3; n -= 3, p += 3) {
    const std::uint32_t group = std::uint32_t{p[0]} << 16 | std::uint32_t{p[1]} << 8 | p[2];
    *out++ = base64_alphabet[group >> 18];
    *out++ = base64_alphabet[(group >> 12) & 63];
    *out++ = base64_alphabet[(group >> 6) & 63];
    *out++ = base64_alphabet[group & 63];
  }
  if (n != 0) {
    const std::uint32_t group = std::uint32_t{p[0]} << 16 | (n == 2 ? std::uint32_t{p[1]} << 8 : 0);
    *out++ = base64_alphabet[group >> 18];
    *out++ = base64_alphabet[(group >> 12) & 63];
    *out++ = n == 2 ? base64_alphabet[(group >> 6) & 63] : '=';
    *out++ = '=';
  }
  return out;
}

inline constexpr std::uint8_t base64_invalid = 0xFF;

inline constexpr std::array<std::uint8_t, 256> base64_values = [] {
  std::array<std::uint8_t, 256> values{};
  values.fill(base64_invalid);
  for (std::uint8_t i = 0; i < 64; ++i) values[static_cast<unsigned char>(base64_alphabet[i])] = i;
  return values;
}();

struct base64_decoded {
  errc code = errc::ok;     // ok or syntax
  std::size_t offset = 0;   // on error: the offending character
  std::size_t size = 0;     // bytes written
};

// Decodes all of `text` into `out`, which has room for base64_decoded_capacity(text.size()).
inline base64_decoded base64_decode(std::string_view text, std::byte* out) noexcept {
  auto fail = [](std::size_t at) { return base64_decoded{errc::syntax, at, 0}; };
  std::size_t length = text.size();
  // Padding: one or two '=' that complete the last group of four.
  if (length != 0 && length % 4 == 0 && text[length - 1] == '=') length -= text[length - 2] == '=' ? 2 : 1;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  auto* o = reinterpret_cast<unsigned char*>(out);
  std::size_t i = 0;
  std::uint32_t group = 0;
  for (; i < length; ++i) {
    const std::uint8_t v = base64_values[p[i]];
    if (v == base64_invalid) return fail(i);
    group = group << 6 | v;
    if (i % 4 == 3) {
      *o++ = static_cast<unsigned char>(group >> 16);
      *o++ = static_cast<unsigned char>(group >> 8);
      *o++ = static_cast<unsigned char>(group);
      group = 0;
    }
  }
  switch (length % 4) {
    case 1: return fail(length);  // 6 bits make no byte: the text was cut
    case 2:  // 12 bits: one byte and 4 bits that must be zero
      if ((group & 0xF) != 0) return fail(length - 1);
      *o++ = static_cast<unsigned char>(group >> 4);
      break;
    case 3:  // 18 bits: two bytes and 2 bits that must be zero
      if ((group & 0x3) != 0) return fail(length - 1);
      *o++ = static_cast<unsigned char>(group >> 10);
      *o++ = static_cast<unsigned char>(group >> 2);
      break;
    default: break;
  }
  return {errc::ok, 0, static_cast<std::size_t>(o - reinterpret_cast<unsigned char*>(out))};
}

}  // namespace spool::detail
