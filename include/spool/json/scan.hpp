// Byte scanning for the JSON reader and writer: the next byte of a string body that needs
// attention, and whitespace.
//
// String bodies are mostly plain ASCII, so the scan tests 16 bytes at a time (SSE2, baseline on
// x86-64) or 8 (portable SWAR) for a quote, a backslash, a control byte and, when UTF-8 must be
// looked at, a byte >= 0x80. The writer asks the same question to find what it must escape.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <spool/detail/config.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace spool::json::detail {

#if defined(__SSE2__)
// The byte constants of the 16-byte scans, each in all 16 bytes, loaded from memory through a
// pointer the compiler is not shown (SPOOL_DISABLE_JSON_MEMORY_CONSTANTS: built in place): GCC
// otherwise builds every _mm_set1_epi8 from an immediate (a move, a vmovd and a broadcast) at
// each use, in the reader's loops too branchy for it to keep them in registers; a load folds
// into the instruction that uses it.
// (The last two rows are number.hpp's digit step.)
enum class byte_row : std::size_t { quote, backslash, control_max, space, digit_zero, digit_nine };
alignas(16) inline constexpr unsigned char byte_rows[6][16] = {
    {'"', '"', '"', '"', '"', '"', '"', '"', '"', '"', '"', '"', '"', '"', '"', '"'},
    {'\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\', '\\'},
    {0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F},
    {' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '},
    {'0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'},
    {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}};

// The table's address, hidden from the optimizer when the switch is on.
[[gnu::always_inline]] inline const unsigned char* byte_rows_base() noexcept {
  const unsigned char* base = &byte_rows[0][0];
#if defined(__GNUC__)
  if constexpr (spool::detail::json_memory_constants) asm("" : "+r"(base));
#endif
  return base;
}

[[gnu::always_inline]] inline __m128i byte_row_at(const unsigned char* base, byte_row row) noexcept {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(base + 16 * static_cast<std::size_t>(row)));
}
#endif

// The first byte in [p, end) that is '"', '\\', below 0x20, or (when NonAscii) 0x80 and above;
// end when there is none.
template <bool NonAscii>
inline const char* find_special(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
  const unsigned char* const rows = byte_rows_base();
  const __m128i quote = byte_row_at(rows, byte_row::quote), backslash = byte_row_at(rows, byte_row::backslash);
  const __m128i control_max = byte_row_at(rows, byte_row::control_max);
  while (end - p >= 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Unsigned "chunk <= 0x1F": max(chunk, 0x1F) stays 0x1F only for control bytes.
    const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(chunk, control_max), control_max);
    const __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)), control);
    unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
    if constexpr (NonAscii) mask |= static_cast<unsigned>(_mm_movemask_epi8(chunk));
    if (mask != 0) return p + std::countr_zero(mask);
    p += 16;
  }
#endif
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  while (end - p >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    // Classic zero-byte tests: borrows can only flag bytes above a true hit, so the lowest flagged
    // byte (little-endian) is exact.
    const std::uint64_t q = word ^ (ones * '"'), b = word ^ (ones * '\\');
    std::uint64_t hits = ((q - ones) & ~q) | ((b - ones) & ~b) | ((word - ones * 0x20) & ~word);
    hits &= highs;
    if constexpr (NonAscii) hits |= word & highs;
    if (hits != 0 && std::endian::native == std::endian::little) return p + std::countr_zero(hits) / 8;
    if (hits != 0) break;  // big-endian: find the byte below
    p += 8;
  }
  for (; p != end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\' || c < 0x20 || (NonAscii && c >= 0x80)) return p;
  }
  return end;
}

inline constexpr bool is_whitespace(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The first byte in [p, end) that is not a space.
inline const char* skip_spaces(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
  const __m128i space = byte_row_at(byte_rows_base(), byte_row::space);
  while (end - p >= 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned spaces = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, space)));
    if (spaces != 0xFFFF) return p + std::countr_one(spaces);
    p += 16;
  }
#endif
  while (p != end && *p == ' ') ++p;
  return p;
}

// p at a newline of pretty-printed text: the token after it and an indentation of up to 31
// spaces, or nullptr when something else follows (a longer indentation, tabs, a blank line) or
// fewer than 33 bytes are left, for the general skip. The 32 bytes after the newline are compared
// with spaces at once, and the token checked after them, instead of a step per byte.
[[gnu::always_inline]] inline const char* token_after_indentation(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
  if (end - p > 32) {
    const __m128i space = byte_row_at(byte_rows_base(), byte_row::space);
    const auto low = static_cast<std::uint32_t>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1)), space)));
    const auto high = static_cast<std::uint32_t>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 17)), space)));
    const int run = std::countr_one(low | (high << 16));
    if (run < 32 && static_cast<unsigned char>(p[1 + run]) > ' ') return p + 1 + run;
  }
#else
  (void)p;
  (void)end;
#endif
  return nullptr;
}

// Skips JSON whitespace (no comments).
inline const char* skip_whitespace(const char* p, const char* end) noexcept {
  if constexpr (spool::detail::json_indent_skip) {
    if (p != end && *p == '\n') {
      if (const char* const token = token_after_indentation(p, end)) return token;
    }
  }
  // Minified documents have no whitespace at all: one compare settles that. Pretty ones put a
  // newline before an indentation run, which is skipped in blocks.
  while (p != end && static_cast<unsigned char>(*p) <= ' ' && is_whitespace(*p)) {
    if (*p++ == '\n' && end - p > 1 && p[0] == ' ' && p[1] == ' ') p = skip_spaces(p, end);
  }
  return p;
}

}  // namespace spool::json::detail
