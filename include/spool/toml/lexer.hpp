// The cursor every TOML scanning function advances: whitespace, comments, newlines, and the one
// error slot a failed parse fills.
//
// TOML's lexical rules are byte-level: only LF and CRLF end a line (a bare CR is an error), tab is
// the only control character allowed in comments, and text outside strings and comments is ASCII.
// The scanners below therefore never decode UTF-8 except where TOML allows non-ASCII text.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <spool/detail/config.hpp>
#include <spool/detail/utf8.hpp>
#include <spool/error.hpp>

namespace spool::toml::detail {

// Character classes by byte; one table lookup decides the common case in the hot loops.
namespace cls {
inline constexpr std::uint8_t bare_key = 1;   // A-Z a-z 0-9 _ -
inline constexpr std::uint8_t value_end = 2;  // what may follow a scalar value: ws , ] } # CR LF
inline constexpr std::uint8_t blank = 4;      // what skip_blank() skips or starts to: ws # CR LF
}  // namespace cls

inline constexpr auto char_classes = [] {
  struct table {
    std::uint8_t bits[256];
  } t{};
  for (int c = 0; c < 0x7F; ++c) {
    const bool bare = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (bare) t.bits[c] |= cls::bare_key;
  }
  for (unsigned char c : {' ', '\t', ',', ']', '}', '#', '\r', '\n'}) t.bits[c] |= cls::value_end;
  for (unsigned char c : {' ', '\t', '#', '\r', '\n'}) t.bits[c] |= cls::blank;
  return t;
}();

inline constexpr bool has_class(char c, std::uint8_t bits) noexcept {
  return (char_classes.bits[static_cast<unsigned char>(c)] & bits) != 0;
}

// The first byte in [p, end) that is not a bare-key character (A-Z a-z 0-9 _ -). With SSE2 16
// bytes are classified per step while 16 remain (keys are mostly 4-20 bytes: one or two steps
// instead of a table lookup, a test and a branch per byte); the rest byte by byte.
inline const char* bare_key_end(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
  if constexpr (spool::detail::toml_bare_key_blocks) {
    while (end - p >= 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      // A letter folded to lower case, and a digit, are each within a range from its first
      // character: subtracted, an unsigned minimum with the range's width leaves them unchanged.
      const __m128i letter = _mm_sub_epi8(_mm_or_si128(chunk, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
      const __m128i digit = _mm_sub_epi8(chunk, _mm_set1_epi8('0'));
      const __m128i bare = _mm_or_si128(
          _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(25)), letter),
                       _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit)),
          _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8('_')), _mm_cmpeq_epi8(chunk, _mm_set1_epi8('-'))));
      const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(bare)) & 0xFFFFu;
      if (other != 0) return p + std::countr_zero(other);
      p += 16;
    }
  }
#endif
  while (p != end && has_class(*p, cls::bare_key)) ++p;
  return p;
}

// The first byte in [p, end) that is not printable ASCII (0x20-0x7E) or is `Quote` (when not 0)
// or a backslash (when Escapes): where a string or comment scan must look. Text runs are mostly
// plain ASCII, so 16 bytes are tested per step (SSE2, baseline on x86-64); tab, allowed in text
// but below 0x20, stops the block scan and is taken by the caller's byte loop.
template <char Quote, bool Escapes>
inline const char* plain_text_end(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
  const __m128i control_max = _mm_set1_epi8(0x1F), printable_max = _mm_set1_epi8(0x7E);
  while (end - p >= 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Unsigned comparisons by max: max(c, 0x1F) == 0x1F for c <= 0x1F, max(c, 0x7E) != 0x7E above it.
    __m128i hits = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(chunk, control_max), control_max),
                                _mm_xor_si128(_mm_cmpeq_epi8(_mm_max_epu8(chunk, printable_max), printable_max),
                                              _mm_set1_epi8(-1)));
    if constexpr (Quote != 0) hits = _mm_or_si128(hits, _mm_cmpeq_epi8(chunk, _mm_set1_epi8(Quote)));
    if constexpr (Escapes) hits = _mm_or_si128(hits, _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\\')));
    if (const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hits)); mask != 0)
      return p + std::countr_zero(mask);
    p += 16;
  }
#endif
  for (; p != end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    if (c < 0x20 || c > 0x7E || (Quote != 0 && c == static_cast<unsigned char>(Quote)) || (Escapes && c == '\\')) break;
  }
  return p;
}

// The value of a hex digit in either case, or -1.
inline constexpr int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Names a byte for an error message: "'x'", "newline", "end of input", "byte 0x07".
inline std::string describe_char(const char* p, const char* end) {
  if (p == end) return "end of input";
  auto byte = static_cast<unsigned char>(*p);
  if (byte == '\n') return "newline";
  if (byte == '\r') return "carriage return";
  if (byte == '\t') return "tab";
  if (byte >= 0x20 && byte < 0x7F) return std::string{'\'', static_cast<char>(byte), '\''};
  constexpr char hex[] = "0123456789abcdef";
  return std::string("byte 0x") + hex[byte >> 4] + hex[byte & 0xF];
}

class scanner {
 public:
  const char* begin = nullptr;
  const char* p = nullptr;
  const char* end = nullptr;
  spool::error err;
  bool v11 = true;  // TOML 1.1 rules (see options.hpp)

  void start(std::string_view input, bool toml_1_1) noexcept {
    begin = p = input.data();
    end = begin + input.size();
    // Cleared only when set: assigning an empty spool::error (six strings) costs as much as
    // reading a one-line document.
    if (err) err = {};
    v11 = toml_1_1;
  }

  std::size_t offset(const char* at) const noexcept { return static_cast<std::size_t>(at - begin); }
  bool at_end() const noexcept { return p == end; }
  bool peek(char c) const noexcept { return p != end && *p == c; }

  // Records the first error (later ones are consequences of it) and returns false for `return fail(...)`.
  bool fail(errc code, const char* at, std::string detail = {}, std::string_view expected = {}) {
    if (!err) {
      err = make_error(code, offset(at), expected);
      err.detail = std::move(detail);
    }
    return false;
  }
  bool fail_expected(std::string_view what, const char* at) {
    return fail(at == end ? errc::unexpected_end : errc::syntax, at, {}, what);
  }
  // fail_expected() with the offending character as err.found.
  bool unexpected(std::string_view what) {
    fail_expected(what, p);
    err.found = describe_char(p, end);
    return false;
  }

  // Spaces and tabs: mostly none (after a value), one (around '=' and after ',') or a line's
  // indentation. One is taken inline; a longer run 8 bytes per step while the input has that
  // many left, the byte after the spaces deciding whether a tab continues it.
  [[gnu::always_inline]] void skip_ws() noexcept {
    if (p == end || (*p != ' ' && *p != '\t')) return;
    ++p;
    if (p != end && (*p == ' ' || *p == '\t')) skip_ws_run();
  }

  // At '#': skips to the end of the line, which must hold only tab, printable characters and
  // well-formed UTF-8 (no other control character, not even a lone CR).
  bool skip_comment() {
    ++p;
    for (;;) {
      p = plain_text_end<0, false>(p, end);
      if (p != end && *p == '\t') {
        ++p;
        continue;
      }
      if (p == end || *p == '\n' || (*p == '\r' && p + 1 != end && p[1] == '\n')) return true;
      if (!skip_utf8("in a comment")) return false;
    }
  }

  // At a byte >= 0x80 inside text that allows Unicode: steps over one well-formed sequence.
  // Anything else at p is a control character the caller does not allow.
  bool skip_utf8(std::string_view where) {
    if (static_cast<unsigned char>(*p) < 0x80) {
      if (*p == '\r') return fail(errc::syntax, p, "carriage return without line feed " + std::string(where));
      return fail(errc::syntax, p, "control character " + describe_char(p, end) + " " + std::string(where));
    }
    std::size_t n = spool::detail::utf8_sequence_length({p, static_cast<std::size_t>(end - p)}, 0);
    if (n == 0) return fail(errc::invalid_utf8, p, "invalid UTF-8 " + std::string(where));
    p += n;
    return true;
  }

  // At LF or CRLF: steps over it. Anything else is not a newline.
  bool newline() noexcept {
    if (p != end && *p == '\n') return ++p, true;
    if (p != end && *p == '\r' && p + 1 != end && p[1] == '\n') return p += 2, true;
    return false;
  }

  // After a statement: spaces, an optional comment, then a newline or the end of the input.
  bool end_of_line() {
    skip_ws();
    if (p != end && *p == '#' && !skip_comment()) return false;
    if (p == end || newline()) return true;
    return unexpected("end of line");
  }

  // Whitespace, comments and newlines, as allowed between the elements of an array (and of an
  // inline table in TOML 1.1). Between elements there is mostly nothing or one space: that case
  // returns at once, the rest goes to the loop.
  bool skip_blank() {
    if (p != end && *p == ' ') ++p;
    if (p != end && !has_class(*p, cls::blank)) return true;
    return skip_blanks();
  }

 private:
  [[gnu::noinline]] void skip_ws_run() noexcept {
    for (;;) {
      while (end - p >= 8) {
        std::uint64_t spaces;
        std::memcpy(&spaces, p, 8);
        spaces ^= 0x2020202020202020u;  // a zero byte for each space
        if (spaces != 0) {
          if constexpr (std::endian::native == std::endian::little) p += std::countr_zero(spaces) / 8;
          else p += std::countl_zero(spaces) / 8;
          break;
        }
        p += 8;
      }
      if (p == end || (*p != ' ' && *p != '\t')) return;
      ++p;
    }
  }

  [[gnu::noinline]] bool skip_blanks() {
    for (;;) {
      skip_ws();
      if (p == end) return true;
      if (*p == '#') {
        if (!skip_comment()) return false;
      } else if (!newline()) {
        if (*p == '\r') return fail(errc::syntax, p, "carriage return without line feed");
        return true;
      }
    }
  }
};

}  // namespace spool::toml::detail
