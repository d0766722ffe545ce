// The cursor every TOML scanning function advances: whitespace, comments, newlines, and the one
// error slot a failed parse fills.
//
// TOML's lexical rules are byte-level: only LF and CRLF end a line (a bare CR is an error), tab is
// the only control character allowed in comments, and text outside strings and comments is ASCII.
// The scanners below therefore never decode UTF-8 except where TOML allows non-ASCII text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <spool/detail/utf8.hpp>
#include <spool/error.hpp>

namespace spool::toml::detail {

// Character classes by byte; one table lookup decides the common case in the hot loops.
namespace cls {
inline constexpr std::uint8_t bare_key = 1;     // A-Z a-z 0-9 _ -
inline constexpr std::uint8_t string_text = 2;  // printable ASCII and tab, except " and '\'
inline constexpr std::uint8_t literal_text = 4; // printable ASCII and tab, except '
inline constexpr std::uint8_t comment_text = 8; // printable ASCII and tab
inline constexpr std::uint8_t value_end = 16;   // what may follow a scalar value: ws , ] } # CR LF
}  // namespace cls

inline constexpr auto char_classes = [] {
  struct table {
    std::uint8_t bits[256];
  } t{};
  for (int c = 0x20; c < 0x7F; ++c) {
    t.bits[c] = cls::string_text | cls::literal_text | cls::comment_text;
    bool bare = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (bare) t.bits[c] |= cls::bare_key;
  }
  t.bits[static_cast<unsigned char>('\t')] = cls::string_text | cls::literal_text | cls::comment_text;
  t.bits[static_cast<unsigned char>('"')] &= static_cast<std::uint8_t>(~cls::string_text);
  t.bits[static_cast<unsigned char>('\\')] &= static_cast<std::uint8_t>(~cls::string_text);
  t.bits[static_cast<unsigned char>('\'')] &= static_cast<std::uint8_t>(~cls::literal_text);
  for (unsigned char c : {' ', '\t', ',', ']', '}', '#', '\r', '\n'}) t.bits[c] |= cls::value_end;
  return t;
}();

inline constexpr bool has_class(char c, std::uint8_t bits) noexcept {
  return (char_classes.bits[static_cast<unsigned char>(c)] & bits) != 0;
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
    err = {};
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

  void skip_ws() noexcept {
    while (p != end && (*p == ' ' || *p == '\t')) ++p;
  }

  // At '#': skips to the end of the line, which must hold only tab, printable characters and
  // well-formed UTF-8 (no other control character, not even a lone CR).
  bool skip_comment() {
    ++p;
    for (;;) {
      while (p != end && has_class(*p, cls::comment_text)) ++p;
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
  // inline table in TOML 1.1).
  bool skip_blank() {
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
