// Where a JSON value ends in bytes that arrive piece by piece: the stream reader's scanner.
//
// The stream reader decodes optimistically; when that fails before the end of the input, this
// scanner decides whether the value is merely cut off (read more) or complete (then the decoder's
// error is real). It checks only what places a value's end: strings (skipped with find_special,
// escapes stepped over), numbers (RFC 8259's grammar, so `12` then `34` is one number, and `1-2`
// two), the literals, bracket depth against read_options::max_depth, and comments when allowed.
// Everything else is the decoder's job. It is iterative (a depth counter, no recursion) and
// resumable: each call continues where the previous one stopped, so a value delivered in many
// small reads is scanned once, not once per read.
//
// "invalid" means the bytes seen already make the value wrong whatever follows (a stray byte, a
// closing bracket at the top level, nesting past max_depth): the decoder, run over the same bytes,
// fails at or before that byte, with the error a whole-input read gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <spool/detail/number_parse.hpp>
#include <spool/detail/stream/value_stream.hpp>
#include <spool/json/options.hpp>
#include <spool/json/scan.hpp>

namespace spool::json::detail {

using boundary = spool::detail::stream::boundary_status;

// The comment at p ('/'): its end, or nullptr when it is cut off at `end`, or p itself when '/'
// starts no comment (the decoder reports that).
inline const char* comment_end(const char* p, const char* end, bool at_end) noexcept {
  if (end - p < 2) return at_end ? p : nullptr;
  if (p[1] == '/') {
    const void* nl = std::memchr(p + 2, '\n', static_cast<std::size_t>(end - p - 2));
    if (nl != nullptr) return static_cast<const char*>(nl) + 1;
    return at_end ? end : nullptr;
  }
  if (p[1] != '*') return p;
  for (const char* q = p + 2; end - q >= 2; ++q) {
    q = static_cast<const char*>(std::memchr(q, '*', static_cast<std::size_t>(end - q)));
    if (q == nullptr || end - q < 2) break;
    if (q[1] == '/') return q + 2;
  }
  return at_end ? p : nullptr;  // unterminated: the decoder says where
}

// Whitespace (and comments when Comments) at the front of `bytes`: how many bytes they take.
// `cut_off` is set when a comment runs past the end and more bytes are needed to skip it.
template <bool Comments>
std::size_t separator_length(std::string_view bytes, bool at_end, bool& cut_off) noexcept {
  const char* const first = bytes.data();
  const char* const end = first + bytes.size();
  const char* p = skip_whitespace(first, end);
  cut_off = false;
  if constexpr (Comments) {
    while (p != end && *p == '/') {
      const char* q = comment_end(p, end, at_end);
      if (q == nullptr) {
        cut_off = true;
        break;
      }
      if (q == p) break;
      p = skip_whitespace(q, end);
    }
  }
  return static_cast<std::size_t>(p - first);
}

template <read_options Opts>
class value_boundary {
 public:
  // Scans `bytes`, which start at the value and hold at least what the previous call saw. At the
  // end of the input (at_end) a top-level number that reaches the last byte is complete.
  boundary scan(std::string_view bytes, bool at_end) noexcept {
    const char* const first = bytes.data();
    const char* const end = first + bytes.size();
    const char* p = first + resume_;
    if (in_string_) {
      if (!string_rest(p, end)) return p == nullptr ? boundary::invalid : stop(first, p);
      if (depth_ == 0) return done(first, p);
    }
    for (;;) {
      p = skip_whitespace(p, end);
      if constexpr (Opts.comments) {
        while (p != end && *p == '/') {
          const char* q = comment_end(p, end, at_end);
          if (q == nullptr) return stop(first, p);
          if (q == p) return boundary::invalid;
          p = skip_whitespace(q, end);
        }
      }
      if (p == end) return stop(first, p);
      switch (*p) {
        case '{':
        case '[':
          if (++depth_ > Opts.max_depth) return boundary::invalid;
          ++p;
          continue;
        case '}':
        case ']':
          if (depth_ == 0) return boundary::invalid;
          ++p;
          if (--depth_ == 0) return done(first, p);
          continue;
        case ',':
        case ':':
          if (depth_ == 0) return boundary::invalid;
          ++p;
          continue;
        case '"':
          ++p;
          in_string_ = true;
          if (!string_rest(p, end)) return p == nullptr ? boundary::invalid : stop(first, p);
          break;
        case 't':
        case 'f':
        case 'n': {
          const std::string_view word = *p == 't' ? "true" : *p == 'f' ? "false" : "null";
          const auto avail = static_cast<std::size_t>(end - p);
          const bool cut = avail < word.size();
          if (std::memcmp(p, word.data(), cut ? avail : word.size()) != 0) return boundary::invalid;
          if (cut) return stop(first, p);
          p += word.size();
          break;
        }
        default: {
          const char* q = number_end(p, end);
          if (q == nullptr) return boundary::invalid;
          if (q == end) {
            if (depth_ == 0 && at_end) return done(first, q);
            return stop(first, p);  // more digits may follow: rescan the number whole
          }
          p = q;
          break;
        }
      }
      if (depth_ == 0) return done(first, p);
    }
  }

  // The value's length in bytes, once scan() said complete.
  std::size_t length() const noexcept { return resume_; }

 private:
  boundary stop(const char* first, const char* at) noexcept {
    resume_ = static_cast<std::size_t>(at - first);
    return boundary::incomplete;
  }
  boundary done(const char* first, const char* at) noexcept {
    resume_ = static_cast<std::size_t>(at - first);
    return boundary::complete;
  }

  // The rest of a string body from p: true with p past the closing quote; false with p where to
  // resume (cut off; never inside an escape) or nullptr (a control byte: malformed).
  bool string_rest(const char*& p, const char* end) noexcept {
    for (;;) {
      const char* q = find_special<false>(p, end);
      if (q == end || (*q == '\\' && end - q < 2)) {
        p = q;
        return false;
      }
      if (*q == '"') {
        p = q + 1;
        in_string_ = false;
        return true;
      }
      if (*q != '\\') {
        p = nullptr;
        return false;
      }
      p = q + 2;
    }
  }

  // Past the number at p by RFC 8259's grammar; end when it reaches the last byte (more digits
  // may follow); nullptr when it is malformed already.
  static const char* number_end(const char* p, const char* end) noexcept {
    using spool::detail::is_digit;
    auto digits = [&](const char* q) {
      while (q != end && is_digit(*q)) ++q;
      return q;
    };
    if (*p == '-' && ++p == end) return end;
    if (!is_digit(*p)) return nullptr;
    if (*p == '0') {
      if (++p != end && is_digit(*p)) return nullptr;  // a leading zero
    } else {
      p = digits(p);
    }
    if (p != end && *p == '.') {
      if (++p == end) return end;
      if (!is_digit(*p)) return nullptr;
      p = digits(p);
    }
    if (p != end && (*p | 0x20) == 'e') {
      if (++p == end) return end;
      if ((*p == '+' || *p == '-') && ++p == end) return end;
      if (!is_digit(*p)) return nullptr;
      p = digits(p);
    }
    return p;
  }

  std::size_t resume_ = 0;  // where the next scan starts; the length once complete
  std::uint32_t depth_ = 0;
  bool in_string_ = false;
};

}  // namespace spool::json::detail
