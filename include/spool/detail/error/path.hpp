// Rendering of the error path ("servers[2].port", `["odd key"].x`), built from the innermost
// segment outwards while a decoder unwinds.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <spool/detail/error/utf8_sequence.hpp>

namespace spool::detail {

// Keys made of these characters print as-is; anything else is quoted so that a reader can tell
// `a.b` (two keys) from `["a.b"]` (one key holding a dot).
constexpr bool is_bare_key(std::string_view key) noexcept {
  if (key.empty()) return false;
  for (char c : key) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-';
    if (!ok) return false;
  }
  return true;
}

// Prepends one rendered segment (a key or "[i]") to `path`, inserting the '.' that separates two
// key segments.
inline void prepend_path_segment(std::string& path, std::string_view segment) {
  std::string joined;
  joined.reserve(segment.size() + 1 + path.size());
  joined += segment;
  if (!path.empty() && path.front() != '[') joined += '.';
  joined += path;
  path = std::move(joined);
}

// `["..."]` with JSON-style escapes; bytes that are not valid UTF-8 cannot come from a text key but
// can come from a MessagePack map, so they print as \xNN to keep the message valid UTF-8.
inline void append_quoted_key(std::string& out, std::string_view key) {
  constexpr char hex[] = "0123456789abcdef";
  out += "[\"";
  for (std::size_t i = 0; i < key.size();) {
    auto byte = static_cast<unsigned char>(key[i]);
    if (byte >= 0x80) {
      std::size_t len = utf8_sequence_length(key, i);
      if (len != 0) {
        out.append(key.substr(i, len));
        i += len;
        continue;
      }
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xF];
    } else if (byte == '"' || byte == '\\') {
      out += '\\';
      out += static_cast<char>(byte);
    } else if (byte == '\n') {
      out += "\\n";
    } else if (byte == '\t') {
      out += "\\t";
    } else if (byte == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7F) {
      out += "\\u00";
      out += hex[byte >> 4];
      out += hex[byte & 0xF];
    } else {
      out += static_cast<char>(byte);
    }
    ++i;
  }
  out += "\"]";
}

}  // namespace spool::detail
