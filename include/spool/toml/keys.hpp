// Keys: bare (A-Z a-z 0-9 _ -), "basic" or 'literal', joined by dots with optional spaces around
// them: `site."google.com".owner`.
//
// Segments are views of the input; only a quoted key with escapes is decoded, into storage the
// path owns, so reading a key allocates nothing once the path's buffers are warm.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <spool/detail/error/path.hpp>
#include <spool/toml/lexer.hpp>
#include <spool/toml/strings.hpp>

namespace spool::toml::detail {

// Appends one key to an error path in the notation spool::error uses.
inline void append_path_key(std::string& path, std::string_view key) {
  if (!spool::detail::is_bare_key(key)) {
    spool::detail::append_quoted_key(path, key);
    return;
  }
  if (!path.empty()) path += '.';
  path += key;
}

struct key_segment {
  std::string_view text;
  const char* at;  // where it starts in the input, for errors
};

class key_path {
 public:
  // At the first character of a key: reads `a.b."c"` up to (not including) what follows it.
  bool scan(scanner& s, std::uint32_t max_depth) {
    count_ = 0;
    decoded_.clear();
    decoded_at_.clear();
    for (;;) {
      if (count_ == max_depth) return s.fail(errc::depth_exceeded, s.p, "key has too many parts");
      if (!scan_simple(s)) return false;
      s.skip_ws();
      if (s.p == s.end || *s.p != '.') break;
      ++s.p;
      s.skip_ws();
    }
    // Decoded segments were views of decoded_ while it grew; point them at its final storage.
    for (auto [index, offset] : decoded_at_)
      segments_[index].text = std::string_view(decoded_).substr(offset, segments_[index].text.size());
    return true;
  }

  // The common key, one bare segment followed by spaces and '=': read with the '=' and true;
  // false with the cursor unmoved for anything else (then scan() reads the key).
  bool scan_plain_before_equals(scanner& s) {
    const char* const at = s.p;
    const char* const p = bare_key_end(at, s.end);
    const char* after = p;
    while (after != s.end && (*after == ' ' || *after == '\t')) ++after;
    if (p == at || after == s.end || *after != '=') return false;
    count_ = 0;
    push({std::string_view(at, static_cast<std::size_t>(p - at)), at});
    s.p = after + 1;
    return true;
  }

  // The common header key, bare segments joined by dots with no spaces, up to its ']': read (the
  // cursor on the ']') and true; false with the cursor unmoved for anything else, which scan()
  // then reads (and words any error of).
  bool scan_plain_header(scanner& s, std::uint32_t max_depth) {
    const char* p = s.p;
    count_ = 0;
    for (;;) {
      const char* const at = p;
      p = bare_key_end(p, s.end);
      if (p == at || count_ == max_depth) return false;
      push({std::string_view(at, static_cast<std::size_t>(p - at)), at});
      if (p == s.end || *p != '.') break;
      ++p;
    }
    if (p == s.end || *p != ']') return false;
    s.p = p;
    return true;
  }

  std::span<const key_segment> segments() const noexcept { return {segments_.data(), count_}; }
  std::size_t size() const noexcept { return count_; }
  const key_segment& operator[](std::size_t i) const noexcept { return segments_[i]; }
  const key_segment& back() const noexcept { return segments_[count_ - 1]; }

  // The first `count` segments as an error path: `servers.alpha`, `site["google.com"]`.
  std::string path(std::size_t count) const {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) append_path_key(out, segments_[i].text);
    return out;
  }

 private:
  bool scan_simple(scanner& s) {
    const char* at = s.p;
    if (s.p == s.end) return s.unexpected("key");
    if (*s.p == '"' || *s.p == '\'') {
      if (starts_multiline(s)) return s.fail(errc::syntax, at, "a multi-line string cannot be a key");
      scanned_text text;
      const std::size_t mark = decoded_.size();
      if (!(*s.p == '"' ? scan_basic(s, decoded_, text) : scan_literal(s, text))) return false;
      if (text.decoded) decoded_at_.push_back({count_, mark});
      push({text.view, at});
      return true;
    }
    s.p = bare_key_end(s.p, s.end);
    if (s.p == at) return s.unexpected("key");
    push({std::string_view(at, static_cast<std::size_t>(s.p - at)), at});
    return true;
  }

  // The segments' storage only grows: a key is mostly one or two segments written in place.
  void push(const key_segment& segment) {
    if (count_ < segments_.size()) [[likely]]
      segments_[count_] = segment;
    else
      append(segment);
    ++count_;
  }
  [[gnu::noinline]] void append(const key_segment& segment) { segments_.push_back(segment); }

  struct decoded_segment {
    std::size_t index;
    std::size_t offset;
  };

  std::vector<key_segment> segments_;  // the first count_ are the key's
  std::size_t count_ = 0;
  std::string decoded_;
  std::vector<decoded_segment> decoded_at_;
};

}  // namespace spool::toml::detail
