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

#include <spool/detail/config.hpp>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSSE3__)
#include <tmmintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace spool::detail {

inline constexpr bool is_surrogate(char32_t cp) noexcept { return cp >= 0xD800 && cp <= 0xDFFF; }

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

// Validates the run of multi-byte sequences at p (non-ASCII text, such as a run of CJK
// characters) and returns where it stops: at an ASCII byte, at end, or at the first ill-formed
// sequence (a byte >= 0x80 there tells the caller which). Three-byte and two-byte sequences are
// checked from one four-byte load; the rest go through utf8_sequence_length.
inline const char* skip_multibyte_run(const char* p, const char* end) noexcept {
  while (end - p >= 4) {
    std::uint32_t w;
    std::memcpy(&w, p, 4);
    if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap32(w);
    const std::uint32_t b0 = w & 0xFF;
    if (b0 < 0x80) return p;
    if ((w & 0xC0C0F0) == 0x8080E0) {  // 1110xxxx 10xxxxxx 10xxxxxx
      const std::uint32_t cp = ((b0 & 0x0F) << 12) | ((w >> 2) & 0xFC0) | ((w >> 16) & 0x3F);
      if (cp < 0x800 || is_surrogate(cp)) return p;  // overlong, or a surrogate
      p += 3;
      continue;
    }
    if ((w & 0xC0E0) == 0x80C0) {  // 110xxxxx 10xxxxxx
      if (b0 < 0xC2) return p;     // overlong
      p += 2;
      continue;
    }
    const std::size_t length = utf8_sequence_length(std::string_view(p, static_cast<std::size_t>(end - p)), 0);
    if (length == 0) return p;
    p += length;
  }
  while (p != end && static_cast<unsigned char>(*p) >= 0x80) {
    const std::size_t length = utf8_sequence_length(std::string_view(p, static_cast<std::size_t>(end - p)), 0);
    if (length == 0) return p;
    p += length;
  }
  return p;
}

#if defined(__SSSE3__)
// Whether [p, end) is well-formed UTF-8, 16 bytes per step without branching on the bytes: each
// byte is classified together with the one before it through three 16-entry tables (the high
// nibble of both, the low nibble of the first), whose flags intersect only for an ill-formed
// pair, and bytes two or three after a 3- or 4-byte lead must be continuations (the method of
// Keiser and Lemire, "Validating UTF-8 in less than one instruction per byte", 2021). It says only
// whether the text is valid; find_invalid_utf8 finds where it is not. With AVX2, 32 bytes per step.
// Bytes up to readable_end (>= end) may be loaded, never used: the input a string lies in.
inline bool valid_utf8_blocks(const char* p, const char* end, [[maybe_unused]] const char* readable_end) noexcept {
  constexpr std::uint8_t too_short = 1 << 0, too_long = 1 << 1, overlong_3 = 1 << 2, too_large = 1 << 3,
                         surrogate = 1 << 4, overlong_2 = 1 << 5, too_large_1000 = 1 << 6, overlong_4 = 1 << 6,
                         two_conts = 1 << 7;
  constexpr std::uint8_t carry = too_short | too_long | two_conts;
  const auto table = [](std::uint8_t a0, std::uint8_t a1, std::uint8_t a2, std::uint8_t a3, std::uint8_t a4,
                        std::uint8_t a5, std::uint8_t a6, std::uint8_t a7, std::uint8_t a8, std::uint8_t a9,
                        std::uint8_t a10, std::uint8_t a11, std::uint8_t a12, std::uint8_t a13, std::uint8_t a14,
                        std::uint8_t a15) {
    return _mm_setr_epi8(static_cast<char>(a0), static_cast<char>(a1), static_cast<char>(a2), static_cast<char>(a3),
                         static_cast<char>(a4), static_cast<char>(a5), static_cast<char>(a6), static_cast<char>(a7),
                         static_cast<char>(a8), static_cast<char>(a9), static_cast<char>(a10), static_cast<char>(a11),
                         static_cast<char>(a12), static_cast<char>(a13), static_cast<char>(a14), static_cast<char>(a15));
  };
  const __m128i first_high = table(too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,
                                   two_conts, two_conts, two_conts, two_conts, too_short | overlong_2, too_short,
                                   too_short | overlong_3 | surrogate, too_short | too_large | too_large_1000 | overlong_4);
  constexpr std::uint8_t large = carry | too_large | too_large_1000;
  const __m128i first_low = table(carry | overlong_3 | overlong_2 | overlong_4, carry | overlong_2, carry, carry,
                                  carry | too_large, large, large, large, large, large, large, large, large,
                                  large | surrogate, large, large);
  constexpr std::uint8_t cont = too_long | overlong_2 | two_conts;
  const __m128i second_high = table(too_short, too_short, too_short, too_short, too_short, too_short, too_short,
                                    too_short, cont | overlong_3 | too_large_1000 | overlong_4, cont | overlong_3 | too_large,
                                    cont | surrogate | too_large, cont | surrogate | too_large, too_short, too_short,
                                    too_short, too_short);
#if defined(__AVX2__)
  if constexpr (utf8_wide_blocks) {
    // The same check 32 bytes per step, every block in full: no branch on each block's bytes,
    // which mixed text (ASCII words between CJK ones) would mispredict. The byte before a block
    // comes from the other 16-byte half (alignr works within each), the last of the block before.
    const __m256i high_1 = _mm256_broadcastsi128_si256(first_high), low_1 = _mm256_broadcastsi128_si256(first_low),
                  high_2 = _mm256_broadcastsi128_si256(second_high), nibble = _mm256_set1_epi8(0x0F);
    const __m256i incomplete_max = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                    static_cast<char>(0xF0 - 1), static_cast<char>(0xE0 - 1),
                                                    static_cast<char>(0xC0 - 1));
    __m256i previous = _mm256_setzero_si256(), error = _mm256_setzero_si256();
    const auto check = [&](__m256i block) __attribute__((always_inline)) {
      const __m256i before = _mm256_permute2x128_si256(previous, block, 0x21);
      const __m256i prev1 = _mm256_alignr_epi8(block, before, 15);
      const __m256i special = _mm256_and_si256(
          _mm256_and_si256(_mm256_shuffle_epi8(high_1, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble)),
                           _mm256_shuffle_epi8(low_1, _mm256_and_si256(prev1, nibble))),
          _mm256_shuffle_epi8(high_2, _mm256_and_si256(_mm256_srli_epi16(block, 4), nibble)));
      const __m256i prev2 = _mm256_alignr_epi8(block, before, 14), prev3 = _mm256_alignr_epi8(block, before, 13);
      const __m256i third_or_fourth =
          _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(static_cast<char>(0xE0 - 0x80))),
                          _mm256_subs_epu8(prev3, _mm256_set1_epi8(static_cast<char>(0xF0 - 0x80))));
      const __m256i must_continue = _mm256_and_si256(third_or_fourth, _mm256_set1_epi8(static_cast<char>(0x80)));
      error = _mm256_or_si256(error, _mm256_xor_si256(must_continue, special));
      previous = block;
    };
    const auto load = [](const char* at) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(at)); };
    while (end - p >= 64) {
      const __m256i a = load(p), b = load(p + 32);
      if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {  // ASCII stretches, 64 bytes at a time
        error = _mm256_or_si256(error, _mm256_subs_epu8(previous, incomplete_max));
        previous = b;
      } else {
        check(a), check(b);
      }
      p += 64;
    }
    if (end - p >= 32) {
      check(load(p));
      p += 32;
    }
    if (p != end) {
      // The last 1-31 bytes: read in place when the buffer continues past them (the bytes after
      // `end` zeroed, so they count as the ASCII that follows), else from a copy.
      const auto rest = static_cast<char>(end - p);
      if (readable_end - p >= 32) {
        const __m256i index = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                               20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
        check(_mm256_and_si256(load(p), _mm256_cmpgt_epi8(_mm256_set1_epi8(rest), index)));
      } else {
        char tail[32] = {};
        std::memcpy(tail, p, static_cast<std::size_t>(end - p));
        check(load(tail));
      }
    }
    error = _mm256_or_si256(error, _mm256_subs_epu8(previous, incomplete_max));  // a sequence cut off by the end
    return _mm256_testz_si256(error, error) != 0;
  }
#endif
  const __m128i nibble = _mm_set1_epi8(0x0F);
  // A block that ends inside a sequence: its last three bytes are lead bytes too long for the rest.
  const __m128i incomplete_max = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                               static_cast<char>(0xF0 - 1), static_cast<char>(0xE0 - 1),
                                               static_cast<char>(0xC0 - 1));
  __m128i previous = _mm_setzero_si128(), error = _mm_setzero_si128();
  const auto check = [&](__m128i block) __attribute__((always_inline)) {
    if (_mm_movemask_epi8(block) == 0) {
      error = _mm_or_si128(error, _mm_subs_epu8(previous, incomplete_max));
    } else {
      const __m128i prev1 = _mm_alignr_epi8(block, previous, 15);
      const __m128i special =
          _mm_and_si128(_mm_and_si128(_mm_shuffle_epi8(first_high, _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble)),
                                      _mm_shuffle_epi8(first_low, _mm_and_si128(prev1, nibble))),
                        _mm_shuffle_epi8(second_high, _mm_and_si128(_mm_srli_epi16(block, 4), nibble)));
      const __m128i prev2 = _mm_alignr_epi8(block, previous, 14), prev3 = _mm_alignr_epi8(block, previous, 13);
      const __m128i third_or_fourth = _mm_or_si128(_mm_subs_epu8(prev2, _mm_set1_epi8(static_cast<char>(0xE0 - 0x80))),
                                                   _mm_subs_epu8(prev3, _mm_set1_epi8(static_cast<char>(0xF0 - 0x80))));
      const __m128i must_continue = _mm_and_si128(third_or_fourth, _mm_set1_epi8(static_cast<char>(0x80)));
      error = _mm_or_si128(error, _mm_xor_si128(must_continue, special));
    }
    previous = block;
  };
  const auto load = [](const char* at) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at)); };
  while (end - p >= 64) {
    // ASCII stretches are settled 64 bytes at a time.
    const __m128i a = load(p), b = load(p + 16), c = load(p + 32), d = load(p + 48);
    if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) == 0) {
      error = _mm_or_si128(error, _mm_subs_epu8(previous, incomplete_max));
      previous = d;
    } else {
      check(a), check(b), check(c), check(d);
    }
    p += 64;
  }
  for (; end - p >= 16; p += 16) check(load(p));
  if (p != end) {
    char tail[16] = {};
    std::memcpy(tail, p, static_cast<std::size_t>(end - p));
    check(_mm_loadu_si128(reinterpret_cast<const __m128i*>(tail)));
  }
  check(_mm_setzero_si128());  // a sequence cut off by the end
  return _mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) == 0xFFFF;
}
inline bool valid_utf8_blocks(const char* p, const char* end) noexcept { return valid_utf8_blocks(p, end, end); }

inline constexpr bool block_utf8_check = true;
#else
inline constexpr bool block_utf8_check = false;  // is_valid_utf8 walks sequence by sequence
#endif

inline bool is_valid_utf8(std::string_view text) noexcept {
#if defined(__SSSE3__)
  return valid_utf8_blocks(text.data(), text.data() + text.size());
#else
  return find_invalid_utf8(text.data(), text.data() + text.size()) == text.data() + text.size();
#endif
}

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
