// Reading JSON string bodies: finding the closing quote, validating UTF-8 and decoding escapes.
//
// A string without escapes is handed back as a view into the input, so the caller copies it once
// into its target (or keeps the view); only strings with escapes are decoded into a sink, usually
// the target std::string itself, reusing its capacity.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include <spool/detail/config.hpp>
#include <spool/detail/utf8.hpp>
#include <spool/error.hpp>
#include <spool/json/escapes.hpp>
#include <spool/json/scan.hpp>

namespace spool::json::detail {

// A sink for strings that are only validated (skipped values, unknown keys).
struct discard_sink {
  void clear() noexcept {}
  void append(const char*, std::size_t) noexcept {}
};

inline constexpr int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Four hex digits at p, or -1.
inline long read_hex4(const char* p) noexcept {
  const int a = hex_value(p[0]), b = hex_value(p[1]), c = hex_value(p[2]), d = hex_value(p[3]);
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

// Decodes the escape at p (a backslash) into the sink and moves p past it.
template <class Ctx, class Sink>
bool decode_escape(Ctx& ctx, const char*& p, Sink& sink) {
  const char* const end = ctx.end;
  if (end - p < 2) return ctx.fail(errc::unexpected_end, end, "escape sequence");
  if (p[1] == 'u') {
    if (end - p < 6) return ctx.fail(errc::unexpected_end, end, "four hex digits after \\u");
    long unit = read_hex4(p + 2);
    if (unit < 0) return ctx.fail(errc::invalid_escape, p, "four hex digits after \\u");
    char32_t cp = static_cast<char32_t>(unit);
    const char* const escape = p;
    p += 6;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
      return ctx.fail_detail(errc::invalid_escape, escape, "lone low surrogate \\u escape");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      // UTF-16 surrogate pair: the low half must follow as a second escape.
      if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
        return ctx.fail_detail(errc::invalid_escape, escape, "high surrogate \\u escape without its low half");
      unit = read_hex4(p + 2);
      if (unit < 0xDC00 || unit > 0xDFFF)
        return ctx.fail_detail(errc::invalid_escape, escape, "high surrogate \\u escape without its low half");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<char32_t>(unit) - 0xDC00);
      p += 6;
    }
    char utf8[4];
    sink.append(utf8, spool::detail::encode_utf8(cp, utf8));
    return true;
  }
  const char simple = escapes.decode[static_cast<unsigned char>(p[1])];
  if (simple == 0) return ctx.fail(errc::invalid_escape, p, "escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)");
  sink.append(&simple, 1);
  p += 2;
  return true;
}

// p points just after the opening quote. On success p is just after the closing quote and `out`
// views the string's content: into the input when it has no escapes, else into the sink.
template <bool ValidateUtf8, class Ctx, class Sink>
bool parse_string(Ctx& ctx, const char*& p, std::string_view& out, Sink& sink) {
  const char* const end = ctx.end;
  const char* chunk = p;  // start of the bytes not yet handed to the sink
  bool escaped = false;
  for (;;) {
    p = find_special<ValidateUtf8>(p, end);
    if (p == end) return ctx.fail(errc::unexpected_end, end, "closing quote of string");
    const char c = *p;
    if (c == '"') {
      if (!escaped) {
        out = std::string_view(chunk, static_cast<std::size_t>(p - chunk));
      } else {
        sink.append(chunk, static_cast<std::size_t>(p - chunk));
        if constexpr (!std::is_same_v<Sink, discard_sink>) out = std::string_view(sink.data(), sink.size());
      }
      ++p;
      return true;
    }
    if (c == '\\') {
      if (!escaped) {
        sink.clear();
        escaped = true;
      }
      sink.append(chunk, static_cast<std::size_t>(p - chunk));
      if (!decode_escape(ctx, p, sink)) return false;
      chunk = p;
      continue;
    }
    if (static_cast<unsigned char>(c) < 0x20)
      return ctx.fail_detail(errc::syntax, p, "control character in string (must be escaped)");
    if constexpr (spool::detail::json_block_utf8 && spool::detail::block_utf8_check) {
      // Non-ASCII text: the stretch up to the next quote, backslash or control byte (the rest of
      // a tweet, say) is checked 16 bytes per step, only where strings have such bytes, so ASCII
      // documents pay nothing. Only an invalid stretch is walked below, to find where it breaks.
      const char* const stop = find_special<false>(p, end);
      if (spool::detail::is_valid_utf8(std::string_view(p, static_cast<std::size_t>(stop - p)))) {
        p = stop;
        continue;
      }
    }
    // Sequence by sequence, a run of them (a word of CJK characters) in one loop.
    p = spool::detail::skip_multibyte_run(p, end);
    if (p != end && static_cast<unsigned char>(*p) >= 0x80) return ctx.fail(errc::invalid_utf8, p);
  }
}

}  // namespace spool::json::detail
