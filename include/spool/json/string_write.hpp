// Writing JSON strings: quoting, escaping and (by option) ASCII-only output.
//
// Plain runs are found with the same byte scan the reader uses and copied in one block; strings
// of up to 32 bytes (most keys and values) are copied by fixed-size moves. Non-ASCII text is
// checked once, from its first byte above 0x7F to the end, 16 bytes per step, and then copied as
// plain text. Output room is reserved per block of input, so a huge string never reserves six
// times its size at once.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

#include <spool/detail/config.hpp>
#include <spool/detail/short_copy.hpp>
#include <spool/detail/utf8.hpp>
#include <spool/error.hpp>
#include <spool/json/escapes.hpp>
#include <spool/json/output.hpp>
#include <spool/json/scan.hpp>

namespace spool::json::detail {

inline constexpr char hex_digits[] = "0123456789abcdef";

inline char* write_u_escape(char* out, unsigned unit) noexcept {
  out[0] = '\\';
  out[1] = 'u';
  out[2] = hex_digits[(unit >> 12) & 0xF];
  out[3] = hex_digits[(unit >> 8) & 0xF];
  out[4] = hex_digits[(unit >> 4) & 0xF];
  out[5] = hex_digits[unit & 0xF];
  return out + 6;
}

// The escape for a quote, backslash or control byte (never called for other bytes).
inline char* write_simple_escape(char* out, unsigned char c) noexcept {
  const char letter = escapes.encode[c];
  if (letter == 0) return write_u_escape(out, c);
  out[0] = '\\';
  out[1] = letter;
  return out + 2;
}

// Whether a string is written verbatim between quotes (used for compile-time field names).
constexpr bool needs_no_escape(std::string_view s) noexcept {
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') return false;
  }
  return true;
}

// Copies [p, end) of the string that starts at `begin` to w, escaping as it goes, block by block
// of input; the opening quote is written, the closing one is not. LookAtNonAscii stops at bytes
// above 0x7F to check (and with EscapeUnicode, escape) their UTF-8; false once the rest of the
// string is known to be valid. check_blocks: whether the first non-ASCII byte still starts a check
// of the rest in 16-byte blocks (false once one has failed: the walk then finds the byte). Fails
// (invalid_utf8) as write_string says.
template <bool LookAtNonAscii, bool EscapeUnicode>
bool escape_rest(output& out, char*& w, const char* p, const char* end, const char* begin, spool::error& err,
                 bool check_blocks) {
  constexpr std::size_t block = 4096;
  const auto invalid_utf8_at = [&](const char* at) {
    out.commit(w);
    err = make_error(errc::invalid_utf8, static_cast<std::size_t>(at - begin));
    err.detail = "string to write is not valid UTF-8";
    return false;
  };
  while (p != end) {
    const char* const stop = end - p > static_cast<std::ptrdiff_t>(block) ? p + block : end;
    while (p < stop) {
      const char* special = find_special<LookAtNonAscii>(p, stop);
      std::memcpy(w, p, static_cast<std::size_t>(special - p));
      w += special - p;
      p = special;
      if (p == stop) break;
      const auto c = static_cast<unsigned char>(*p);
      if (c < 0x80) {
        w = write_simple_escape(w, c);
        ++p;
        continue;
      }
      if constexpr (LookAtNonAscii) {
        if constexpr (!EscapeUnicode && spool::detail::json_write_block_utf8 && spool::detail::block_utf8_check) {
          // The first non-ASCII byte: the rest of the string is checked in 16-byte blocks, once,
          // and when it is valid, copied as plain text. When it is not, the walk below finds the
          // byte.
          if (check_blocks) {
            if (spool::detail::is_valid_utf8(std::string_view(p, static_cast<std::size_t>(end - p)))) {
              out.commit(w);
              w = out.room(std::min(static_cast<std::size_t>(end - p), block) * 6 + 16);
              return escape_rest<false, false>(out, w, p, end, begin, err, false);
            }
            check_blocks = false;
          }
        }
        const std::size_t length =
            spool::detail::utf8_sequence_length(std::string_view(p, static_cast<std::size_t>(end - p)), 0);
        if (length == 0) return invalid_utf8_at(p);
        if constexpr (EscapeUnicode) {
          std::size_t decoded_length;
          const char32_t cp = spool::detail::decode_utf8(p, decoded_length);
          if (cp >= 0x10000) {
            const char32_t v = cp - 0x10000;
            w = write_u_escape(w, static_cast<unsigned>(0xD800 + (v >> 10)));
            w = write_u_escape(w, static_cast<unsigned>(0xDC00 + (v & 0x3FF)));
          } else {
            w = write_u_escape(w, static_cast<unsigned>(cp));
          }
          p += length;
        } else {
          // Non-ASCII text comes in runs (whole words of a script): validate and copy sequence
          // after sequence until the next ASCII byte, without a scan in between.
          std::size_t n = length;
          for (;;) {
            for (std::size_t i = 0; i < n; ++i) w[i] = p[i];
            w += n;
            p += n;
            if (p >= stop || static_cast<unsigned char>(*p) < 0x80) break;
            n = spool::detail::utf8_sequence_length(std::string_view(p, static_cast<std::size_t>(end - p)), 0);
            if (n == 0) return invalid_utf8_at(p);
          }
        }
      }
    }
    if (p != end) {
      out.commit(w);
      w = out.room(std::min(static_cast<std::size_t>(end - p), block) * 6 + 16);
    }
  }
  return true;
}

// Appends s as a quoted JSON string. Fails (invalid_utf8, with the byte offset in the string) only
// when ValidateUtf8 or EscapeUnicode is set and s is not well-formed UTF-8.
template <bool ValidateUtf8, bool EscapeUnicode>
bool write_string(output& out, std::string_view s, spool::error& err) {
  constexpr std::size_t block = 4096;
  constexpr bool look_at_non_ascii = ValidateUtf8 || EscapeUnicode;
  const char* p = s.data();
  const char* const end = p + s.size();
  // Worst case per input byte is 6 output bytes (a control byte as \u00XX); a multi-byte sequence
  // that straddles the block end adds at most 12 more (a surrogate pair).
  char* w = out.room(std::min(s.size(), block) * 6 + 32);
  *w++ = '"';
  // Most strings need no escape: copy the first block as it is and look for special bytes in the
  // copy, where the room reserved past it lets the scan run in whole 16-byte steps (the padding is
  // set to a plain byte first) instead of ending byte by byte. Up to the first special byte the
  // copy stands; from there on escape_rest() takes over.
  const std::size_t n = std::min(s.size(), block);
  if (spool::detail::json_write_short_copy && n <= 32) spool::detail::copy_short(w, p, n);
  else std::memcpy(w, p, n);
  std::memset(w + n, 'a', 16);
  const char* const scan_end = w + ((n + 15) & ~std::size_t{15});
  const char* special = find_special<look_at_non_ascii>(w, scan_end);
  bool check_blocks = true;  // whether the rest may still be checked in blocks
  bool rest_valid = false;   // whether it was, and passed
  if constexpr (ValidateUtf8 && !EscapeUnicode && spool::detail::json_write_block_utf8 &&
                spool::detail::block_utf8_check) {
    const std::size_t at = static_cast<std::size_t>(special - w);
    if (at < n && static_cast<unsigned char>(w[at]) >= 0x80) {
      check_blocks = false;
      rest_valid = spool::detail::is_valid_utf8(std::string_view(p + at, static_cast<std::size_t>(end - p - at)));
      // Valid from its first non-ASCII byte to the end: only quotes, backslashes and control
      // bytes stop the copy, in the block already copied and beyond.
      if (rest_valid) special = find_special<false>(special, scan_end);
    }
  }
  const std::size_t plain = std::min(static_cast<std::size_t>(special - w), n);
  w += plain;
  p += plain;
  if (p != end) {
    out.commit(w);
    w = out.room(std::min(static_cast<std::size_t>(end - p), block) * 6 + 16);
    const bool ok = rest_valid ? escape_rest<false, false>(out, w, p, end, s.data(), err, false)
                               : escape_rest<look_at_non_ascii, EscapeUnicode>(out, w, p, end, s.data(), err, check_blocks);
    if (!ok) return false;
  }
  *w++ = '"';
  out.commit(w);
  return true;
}

}  // namespace spool::json::detail
