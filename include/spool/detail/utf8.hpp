// UTF-8 validation and encoding shared by every format (JSON strings, TOML, MessagePack str).
//
// Validation follows Unicode's table of well-formed byte sequences (no overlongs, no surrogates,
// nothing above U+10FFFF). Text is mostly ASCII, so the scan skips 16 (SSE2) or 8 (portable) ASCII
// bytes at a time and only walks multi-byte sequences one by one.
//
//   if (!spool::detail::is_valid_utf8(text)) ...
//   const char* bad = spool::detail::find_invalid_utf8(first, last);  // == last when valid
//   char buf[4]; std::size_t n = spool::detail::encode_utf8(U'é', buf);
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <spool/detail/error/utf8_sequence.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace spool::detail {

// The first byte in [p, end) with its high bit set, or end.
inline const char* skip_ascii(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
  while (end - p >= 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    if (const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(chunk)); mask != 0)
      return p + std::countr_zero(mask);
    p += 16;
  }
#endif
  while (end - p >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    if (const std::uint64_t high = word & 0x8080808080808080ULL; high != 0) {
      if constexpr (std::endian::native == std::endian::little) return p + std::countr_zero(high) / 8;
      else return p + std::countl_zero(high) / 8;
    }
    p += 8;
  }
  while (p != end && static_cast<unsigned char>(*p) < 0x80) ++p;
  return p;
}

// The first byte of [p, end) that does not start a well-formed sequence, or end when all is valid.
inline const char* find_invalid_utf8(const char* p, const char* end) noexcept {
  for (;;) {
    p = skip_ascii(p, end);
    if (p == end) return end;
    const std::size_t length = utf8_sequence_length(std::string_view(p, static_cast<std::size_t>(end - p)), 0);
    if (length == 0) return p;
    p += length;
  }
}

inline bool is_valid_utf8(std::string_view text) noexcept {
  return find_invalid_utf8(text.data(), text.data() + text.size()) == text.data() + text.size();
}

inline constexpr bool is_surrogate(char32_t cp) noexcept { return cp >= 0xD800 && cp <= 0xDFFF; }

// Writes the UTF-8 form of a scalar value (not a surrogate, at most U+10FFFF) and returns its
// length, 1 to 4.
inline std::size_t encode_utf8(char32_t cp, char* out) noexcept {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | (cp >> 6));
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (cp >> 12));
    out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (cp >> 18));
  out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

// Decodes the well-formed sequence at p (as validated by utf8_sequence_length) and its length.
inline char32_t decode_utf8(const char* p, std::size_t& length) noexcept {
  const auto b = [&](int i) { return static_cast<char32_t>(static_cast<unsigned char>(p[i])); };
  if (b(0) < 0x80) { length = 1; return b(0); }
  if (b(0) < 0xE0) { length = 2; return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F); }
  if (b(0) < 0xF0) { length = 3; return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F); }
  length = 4;
  return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
}

}  // namespace spool::detail
