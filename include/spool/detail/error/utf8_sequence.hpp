// Length of one well-formed UTF-8 sequence, for code that must print untrusted bytes as valid text.
#pragma once

#include <cstddef>
#include <string_view>

namespace spool::detail {

// The length (1-4) of the well-formed UTF-8 sequence starting at s[pos], or 0 when the bytes there
// are not one (stray continuation, overlong form, surrogate, above U+10FFFF, or cut short).
constexpr std::size_t utf8_sequence_length(std::string_view s, std::size_t pos) noexcept {
  auto at = [&](std::size_t i) { return static_cast<unsigned char>(s[pos + i]); };
  const std::size_t avail = s.size() - pos;
  const unsigned char b0 = at(0);
  if (b0 < 0x80) return 1;
  std::size_t len;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    if (b0 == 0xE0) lo = 0xA0;  // overlong
    if (b0 == 0xED) hi = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    if (b0 == 0xF0) lo = 0x90;  // overlong
    if (b0 == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (avail < len || at(1) < lo || at(1) > hi) return 0;
  for (std::size_t i = 2; i < len; ++i)
    if ((at(i) & 0xC0) != 0x80) return 0;
  return len;
}

}  // namespace spool::detail
