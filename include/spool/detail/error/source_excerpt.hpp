// Turning a byte offset into what a person reads: line, column and the offending line of text.
// Runs only on the error path, so it favours clarity over speed (a linear scan of the input).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <spool/detail/error/utf8_sequence.hpp>

namespace spool::detail {

struct source_excerpt {
  std::uint32_t line = 0;    // 1-based
  std::uint32_t column = 0;  // 1-based, in characters (a malformed byte counts as one)
  std::string text;          // the line, sanitised and clipped around the column when very long
  std::uint32_t text_column = 0;  // 1-based position of the offset within `text`
};

// A minified document is one long line: show a window around the offset, not megabytes.
inline constexpr std::size_t excerpt_context_before = 60;
inline constexpr std::size_t excerpt_width = 120;
inline constexpr std::string_view excerpt_ellipsis = "...";

// Byte length of the character at `pos`, or 0 when it is not valid UTF-8 (then shown as one
// replacement character per byte). A sequence may not straddle `boundary`, so that the offset
// always falls on a character start.
inline std::size_t excerpt_char_length(std::string_view s, std::size_t pos, std::size_t boundary) noexcept {
  std::size_t len = utf8_sequence_length(s, pos);
  if (pos < boundary && pos + len > boundary) return 0;
  return len;
}

// Appends the characters of s[from, to) to `out`, at most `max_chars` of them, replacing malformed
// bytes and control characters (other than tab) with U+FFFD so the message stays printable, valid
// UTF-8. Returns where it stopped.
inline std::size_t append_excerpt(std::string& out, std::string_view s, std::size_t from, std::size_t to,
                                  std::size_t boundary, std::size_t max_chars) {
  constexpr std::string_view replacement = "\xEF\xBF\xBD";
  std::size_t pos = from;
  for (std::size_t chars = 0; pos < to && chars < max_chars; ++chars) {
    std::size_t len = excerpt_char_length(s, pos, boundary);
    auto byte = static_cast<unsigned char>(s[pos]);
    if (len == 0 || (byte < 0x20 && byte != '\t') || byte == 0x7F) {
      out += replacement;
      ++pos;
    } else {
      out.append(s.substr(pos, len));
      pos += len;
    }
  }
  return pos;
}

inline std::uint32_t saturate_u32(std::size_t n) noexcept {
  return static_cast<std::uint32_t>(std::min<std::size_t>(n, std::numeric_limits<std::uint32_t>::max()));
}

inline source_excerpt excerpt_at(std::string_view input, std::size_t offset) {
  offset = std::min(offset, input.size());
  std::size_t line_start = offset == 0 ? std::string_view::npos : input.rfind('\n', offset - 1);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  std::size_t line_end = std::min(input.find('\n', offset), input.size());
  if (line_end > offset && input[line_end - 1] == '\r') --line_end;

  source_excerpt out;
  out.line = saturate_u32(1 + static_cast<std::size_t>(std::count(input.begin(), input.begin() + line_start, '\n')));

  // Walk to the offset, remembering where the last `excerpt_context_before` characters began.
  std::array<std::size_t, excerpt_context_before + 1> starts{};
  std::size_t chars = 0;
  for (std::size_t pos = line_start; pos < offset; ++chars) {
    starts[chars % starts.size()] = pos;
    std::size_t len = excerpt_char_length(input, pos, offset);
    pos += len == 0 ? 1 : len;
  }
  out.column = saturate_u32(chars + 1);

  std::size_t begin = line_start;
  std::size_t shown_before = chars;
  if (chars > excerpt_context_before) {
    begin = starts[(chars - excerpt_context_before) % starts.size()];
    shown_before = excerpt_context_before;
    out.text = excerpt_ellipsis;
  }
  out.text_column = saturate_u32(out.text.size() + shown_before + 1);
  std::size_t stop = append_excerpt(out.text, input, begin, line_end, offset, excerpt_width);
  if (stop < line_end) out.text += excerpt_ellipsis;
  return out;
}

}  // namespace spool::detail
