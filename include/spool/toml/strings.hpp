// The four TOML string kinds: "basic", 'literal', """multi-line basic""" and '''multi-line
// literal'''.
//
// A string without escapes is returned as a view of the input, so keys and most values cost no
// copy; only escapes make the scanner decode into the caller's scratch string.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <spool/detail/utf8.hpp>
#include <spool/toml/lexer.hpp>

namespace spool::toml::detail {

struct scanned_text {
  std::string_view view;  // valid until the scratch string or the input changes
  bool decoded = false;   // view is the tail of the scratch string (escapes were decoded)
};

// Steps over text that needs no attention: printable ASCII other than `Quote` (and the backslash
// when Escapes), tabs, and well-formed multi-byte UTF-8. Stops at what the caller's loop decides
// on (a quote, a backslash, a newline, or a byte that is an error there).
template <char Quote, bool Escapes>
inline void skip_text(scanner& s) noexcept {
  for (;;) {
    s.p = plain_text_end<Quote, Escapes>(s.p, s.end);
    if (s.p == s.end) return;
    if (*s.p == '\t') {
      ++s.p;
      continue;
    }
    if (static_cast<unsigned char>(*s.p) < 0x80) return;
    const char* after = spool::detail::skip_multibyte_run(s.p, s.end);
    if (after == s.p) return;  // ill-formed: the caller's skip_utf8 words the error
    s.p = after;
  }
}

// At the letter after '\' of \xHH, \uXXXX or \UXXXXXXXX: reads `digits` hex digits and appends the
// UTF-8 form of the scalar value they name.
inline bool hex_escape(scanner& s, const char* backslash, int digits, std::string& out) {
  ++s.p;
  char32_t cp = 0;
  for (int i = 0; i < digits; ++i, ++s.p) {
    int d = s.p == s.end ? -1 : hex_digit(*s.p);
    if (d < 0)
      return s.fail(errc::invalid_escape, backslash,
                    "\\" + std::string(1, backslash[1]) + " needs " + std::to_string(digits) + " hex digits");
    cp = cp * 16 + static_cast<char32_t>(d);
  }
  if (cp > 0x10FFFF || spool::detail::is_surrogate(cp))
    return s.fail(errc::invalid_escape, backslash, "escape names no Unicode scalar value");
  char buf[4];
  out.append(buf, spool::detail::encode_utf8(cp, buf));
  return true;
}

// At '\' inside a basic string: appends the escaped character.
inline bool decode_escape(scanner& s, std::string& out) {
  const char* backslash = s.p++;
  if (s.p == s.end) return s.fail(errc::unexpected_end, backslash, "unterminated escape");
  switch (*s.p) {
    case 'b': out += '\b'; break;
    case 't': out += '\t'; break;
    case 'n': out += '\n'; break;
    case 'f': out += '\f'; break;
    case 'r': out += '\r'; break;
    case '"': out += '"'; break;
    case '\\': out += '\\'; break;
    case 'e':
      if (!s.v11) return s.fail(errc::invalid_escape, backslash, "\\e needs TOML 1.1");
      out += '\x1B';
      break;
    case 'x':
      if (!s.v11) return s.fail(errc::invalid_escape, backslash, "\\x needs TOML 1.1");
      return hex_escape(s, backslash, 2, out);
    case 'u': return hex_escape(s, backslash, 4, out);
    case 'U': return hex_escape(s, backslash, 8, out);
    default:
      s.fail(errc::invalid_escape, backslash);
      s.err.found = describe_char(s.p, s.end);
      return false;
  }
  ++s.p;
  return true;
}

// Ends a scan: the text between `run` and `stop`, appended to the scratch when decoding began.
inline void finish_text(std::string& scratch, std::size_t mark, const char* run, const char* stop, bool decoded,
                        scanned_text& out) {
  if (!decoded) {
    out = {std::string_view(run, static_cast<std::size_t>(stop - run)), false};
    return;
  }
  scratch.append(run, stop);
  out = {std::string_view(scratch).substr(mark), true};
}

// At the opening '"' of a single-line basic string.
inline bool scan_basic(scanner& s, std::string& scratch, scanned_text& out) {
  const char* open = s.p++;
  const char* run = s.p;
  const std::size_t mark = scratch.size();
  bool decoded = false;
  for (;;) {
    skip_text<'"', true>(s);
    if (s.p == s.end) return s.fail(errc::unexpected_end, open, "unterminated string");
    switch (*s.p) {
      case '"':
        finish_text(scratch, mark, run, s.p, decoded, out);
        ++s.p;
        return true;
      case '\\':
        scratch.append(run, s.p);
        decoded = true;
        if (!decode_escape(s, scratch)) return false;
        run = s.p;
        break;
      case '\n':
        return s.fail(errc::syntax, s.p, "newline in a single-line string");
      default:
        if (!s.skip_utf8("in a string")) return false;
    }
  }
}

// At the opening ' of a single-line literal string: the text as written, no escapes.
inline bool scan_literal(scanner& s, scanned_text& out) {
  const char* open = s.p++;
  const char* run = s.p;
  for (;;) {
    skip_text<'\'', false>(s);
    if (s.p == s.end) return s.fail(errc::unexpected_end, open, "unterminated string");
    if (*s.p == '\'') {
      out = {std::string_view(run, static_cast<std::size_t>(s.p - run)), false};
      ++s.p;
      return true;
    }
    if (*s.p == '\n') return s.fail(errc::syntax, s.p, "newline in a single-line string");
    if (!s.skip_utf8("in a string")) return false;
  }
}

// At a run of `quote` characters inside a multi-line string: up to two quotes are text, three
// close the string, and the closing three may follow one or two quotes of text (""""" is `""`).
// Returns the end of the text when the string closes here, else nullptr (the run was text).
inline const char* multiline_close(scanner& s, char quote) {
  const char* run = s.p;
  while (s.p != s.end && *s.p == quote) ++s.p;
  const auto n = s.p - run;
  if (n < 3) return nullptr;
  if (n > 5) {
    s.fail(errc::syntax, run + 5, "too many quotes at the end of a multi-line string");
    return nullptr;
  }
  return run + (n - 3);
}

// At the opening """ of a multi-line basic string.
inline bool scan_multiline_basic(scanner& s, std::string& scratch, scanned_text& out) {
  const char* open = s.p;
  s.p += 3;
  s.newline();  // a newline right after the delimiter is not part of the string
  const char* run = s.p;
  const std::size_t mark = scratch.size();
  bool decoded = false;
  for (;;) {
    skip_text<'"', true>(s);
    if (s.p == s.end) return s.fail(errc::unexpected_end, open, "unterminated multi-line string");
    switch (*s.p) {
      case '"':
        if (const char* stop = multiline_close(s, '"')) {
          finish_text(scratch, mark, run, stop, decoded, out);
          return true;
        }
        if (s.err) return false;
        break;
      case '\\': {
        scratch.append(run, s.p);
        decoded = true;
        // A backslash ending a line (spaces may follow it) trims every space and newline after it.
        const char* backslash = s.p++;
        s.skip_ws();
        if (s.p != s.end && (*s.p == '\n' || *s.p == '\r')) {
          while (s.newline() || (s.p != s.end && (*s.p == ' ' || *s.p == '\t'))) {
            s.skip_ws();
          }
        } else {
          s.p = backslash;
          if (!decode_escape(s, scratch)) return false;
        }
        run = s.p;
        break;
      }
      default:
        if (!s.newline() && !s.skip_utf8("in a string")) return false;
    }
  }
}

// At the opening ''' of a multi-line literal string.
inline bool scan_multiline_literal(scanner& s, scanned_text& out) {
  const char* open = s.p;
  s.p += 3;
  s.newline();
  const char* run = s.p;
  for (;;) {
    skip_text<'\'', false>(s);
    if (s.p == s.end) return s.fail(errc::unexpected_end, open, "unterminated multi-line string");
    if (*s.p == '\'') {
      if (const char* stop = multiline_close(s, '\'')) {
        out = {std::string_view(run, static_cast<std::size_t>(stop - run)), false};
        return true;
      }
      if (s.err) return false;
    } else if (!s.newline() && !s.skip_utf8("in a string")) {
      return false;
    }
  }
}

inline bool starts_multiline(const scanner& s) noexcept {
  return s.end - s.p >= 3 && s.p[1] == s.p[0] && s.p[2] == s.p[0];
}

// At '"' or ': any of the four kinds.
inline bool scan_string(scanner& s, std::string& scratch, scanned_text& out) {
  const bool basic = *s.p == '"';
  if (starts_multiline(s)) return basic ? scan_multiline_basic(s, scratch, out) : scan_multiline_literal(s, out);
  return basic ? scan_basic(s, scratch, out) : scan_literal(s, out);
}

}  // namespace spool::toml::detail
