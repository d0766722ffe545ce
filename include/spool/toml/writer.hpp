// The TOML writer: a table (a reflected struct, a map, a spool::value holding an object) as
// idiomatic TOML, straight from the C++ objects (toml/shape.hpp says what is a table, an array
// or a scalar; the text is the same as that of spool::to_value of the object).
//
// Each table writes its plain keys first, then its sub-tables under [headers] and its arrays of
// tables under [[headers]]; a table holding only sub-tables gets no header of its own (TOML
// implies it). Keys are quoted only when they are not bare; strings become 'literal' when that
// avoids escapes and """multi-line""" when they hold newlines; floats are the shortest text that
// reads back to the same bits. What TOML cannot hold (null, binary, an integer above INT64_MAX,
// a top level that is not a table, text that is not UTF-8) is an error naming its path; such
// errors have no position (spool::error::has_position()).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <spool/datetime.hpp>
#include <spool/detail/config.hpp>
#include <spool/detail/datetime_text.hpp>
#include <spool/detail/error/path.hpp>
#include <spool/detail/number_print.hpp>
#include <spool/detail/pool/byte_buffer.hpp>
#include <spool/detail/short_copy.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/detail/utf8.hpp>
#include <spool/error.hpp>
#include <spool/json/output.hpp>
#include <spool/json/string_write.hpp>
#include <spool/toml/lexer.hpp>
#include <spool/toml/options.hpp>
#include <spool/toml/shape.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

using spool::json::detail::output;

// Keys and the runs between escapes are mostly short: fixed-size moves rather than a memcpy call.
inline void append(output& out, std::string_view s) {
  if (spool::detail::toml_write_short_copy && s.size() <= 32) {
    char* w = out.room(s.size());
    spool::detail::copy_short(w, s.data(), s.size());
    out.commit(w + s.size());
  } else {
    out.put(s);
  }
}
inline void append(std::string& out, std::string_view s) { out += s; }

// What a string holds that decides how it is written, gathered in one pass (string_class).
enum string_flags : unsigned {
  has_newline = 1,
  has_quote_or_backslash = 2,
  has_control = 4,  // a control character other than tab and newline, or DEL: always escaped
  has_apostrophe = 8,
  has_non_ascii = 16,
};

inline constexpr auto string_flag_table = [] {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = has_control;
  t['\t'] = 0;
  t['\n'] = has_newline;
  t[0x7F] = has_control;
  t['"'] = t['\\'] = has_quote_or_backslash;
  t['\''] = has_apostrophe;
  for (int c = 0x80; c < 0x100; ++c) t[c] = has_non_ascii;
  return t;
}();

// Text is mostly long runs of plain bytes: 16 of them are classified per step (SSE2, baseline on
// x86-64), each class's hits ORed across blocks and read once at the end; strings shorter than
// one block byte by byte.
inline unsigned string_class(std::string_view s) noexcept {
  unsigned flags = 0;
  const char* p = s.data();
  const char* const end = p + s.size();
#if defined(__SSE2__)
  if constexpr (spool::detail::toml_write_scan) {
    if (end - p >= 16) {
      const __m128i control_max = _mm_set1_epi8(0x1F);
      __m128i newline = _mm_setzero_si128(), quote = newline, control = newline, apostrophe = newline, high = newline;
      // The last bytes as the 16 that end the string (a flag set twice is the same flag): no
      // byte-by-byte tail after the blocks.
      const char* const last_block = end - 16;
      do {
        if (p > last_block) p = last_block;
        const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i lf = _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\n'));
        // max(c, 0x1F) == 0x1F for c <= 0x1F: a control character, unless tab or newline.
        const __m128i low = _mm_cmpeq_epi8(_mm_max_epu8(chunk, control_max), control_max);
        const __m128i text_controls = _mm_or_si128(lf, _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\t')));
        control = _mm_or_si128(control, _mm_or_si128(_mm_andnot_si128(text_controls, low),
                                                     _mm_cmpeq_epi8(chunk, _mm_set1_epi8(0x7F))));
        newline = _mm_or_si128(newline, lf);
        quote = _mm_or_si128(quote, _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8('"')),
                                                 _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\\'))));
        apostrophe = _mm_or_si128(apostrophe, _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\'')));
        high = _mm_or_si128(high, chunk);  // the top bit of each byte: non-ASCII
        p += 16;
      } while (p != end);
      const auto any = [](__m128i hits, unsigned flag) { return _mm_movemask_epi8(hits) != 0 ? flag : 0u; };
      flags = any(newline, has_newline) | any(quote, has_quote_or_backslash) | any(control, has_control) |
              any(apostrophe, has_apostrophe) | any(high, has_non_ascii);
    }
  }
#endif
  for (; p != end; ++p) flags |= string_flag_table[static_cast<unsigned char>(*p)];
  return flags;
}

// A run-time key TOML can write without quotes: A-Z a-z 0-9 _ -, at least one.
inline bool bare_key_text(std::string_view key) noexcept {
  unsigned all = cls::bare_key;
  for (const char c : key) all &= char_classes.bits[static_cast<unsigned char>(c)];
  return all != 0 && !key.empty();
}

// Appends s as a "basic string", escaping what TOML does not allow raw (controls but tab, DEL).
template <class Out>
void write_basic_string(Out& out, std::string_view s, bool multiline) {
  append(out, multiline ? "\"\"\"\n" : "\"");
  const char* run = s.data();
  const char* end = s.data() + s.size();
  for (const char* p = run; p != end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    const bool raw = c >= 0x80 || (c >= 0x20 && c != 0x7F && c != '"' && c != '\\') || c == '\t' ||
                     (multiline && c == '\n');
    if (raw) continue;
    append(out, std::string_view(run, static_cast<std::size_t>(p - run)));
    char buf[8];
    append(out, std::string_view(buf, static_cast<std::size_t>(spool::json::detail::write_simple_escape(buf, c) - buf)));
    run = p + 1;
  }
  append(out, std::string_view(run, static_cast<std::size_t>(end - run)));
  append(out, multiline ? "\"\"\"" : "\"");
}

template <class Out>
void write_key(Out& out, const member_key& key) {
  const bool bare = key.form == member_key::unknown ? bare_key_text(key.text) : key.form == member_key::bare;
  if (bare) append(out, key.text);
  else write_basic_string(out, key.text, false);
}

template <write_options Opts>
class writer {
 public:
  // Appends to `out`; when the text goes after other text (`follows_text`), a blank line
  // separates its first [header] from it, as it separates every other section.
  explicit writer(spool::byte_buffer& out, bool follows_text = false) noexcept
      : out_(out), start_(follows_text ? SIZE_MAX : out.size()) {}

  spool::error& error() noexcept { return failure(); }

  // Writes one whole document; the buffer holds it (or, on failure, what came before the error).
  template <class T>
  bool document(const T& root) {
    const bool ok = is_table(root) ? with_table(root, [&](const auto& table) { return table_body(table, 0); })
                                   : top_level_error(spool::to_value(root).type_name());
    out_.finish();
    return ok;
  }

 private:
  bool top_level_error(std::string_view found) {
    return fail(errc::unexpected_type, "a table at the top level of a TOML document", found);
  }

  // Keys of one table, then its sub-tables; the keys of its header are in header_.
  template <class Table>
  bool table_body(const Table& table, std::size_t level) {
    const bool keys = for_each_member(table, [&](const member_key& key, const auto& member) {
      if (is_section(member)) return true;
      indent(level);
      write_key(out_, key);
      out_.put(" = ");
      if (!inline_value(member)) return failure().at_key(key.text), false;
      out_.put('\n');
      return true;
    });
    if (!keys) return false;
    return for_each_member(table, [&](const member_key& key, const auto& member) {
      if (!is_section(member)) return true;
      const std::size_t mark = header_.size();
      if (!header_.empty()) header_ += '.';
      write_key(header_, key);
      bool ok;
      if (is_table(member)) {
        ok = with_table(member, [&](const auto& sub) {
          if (needs_header(sub)) header_line(level, false);
          return table_body(sub, level + 1);
        });
      } else {
        ok = unwrap(
            member,
            [&](const auto& elements) {
              if constexpr (form_of<std::remove_cvref_t<decltype(elements)>>() != form::array) {
                return false;  // is_section() said it is an array of tables
              } else {
                return for_each_element(elements, [&](std::size_t i, const auto& element) {
                  header_line(level, true);
                  if (with_table(element, [&](const auto& sub) { return table_body(sub, level + 1); })) return true;
                  failure().at_index(i);
                  return false;
                });
              }
            },
            false);
      }
      if (!ok) return failure().at_key(key.text), false;
      header_.resize(mark);
      return true;
    });
  }

  // A member written as a [section] rather than `key = value`.
  template <class M>
  bool is_section(const M& m) const {
    if (is_table(m)) return !fits_inline(m);
    return is_array_of_tables(m);
  }

  // A small table of scalars, when the options ask for inline tables.
  template <class M>
  bool fits_inline(const M& m) const {
    if constexpr (Opts.inline_table_max == 0) {
      return false;
    } else {
      return with_table(m, [](const auto& table) {
        const std::size_t n = member_count(table);
        if (n == 0 || n > Opts.inline_table_max) return false;
        return for_each_member(table, [](const member_key&, const auto& member) {
          return !is_table(member) && !is_array_of_tables(member);
        });
      });
    }
  }

  // A table needs its own header when it holds keys or nothing at all; one with only sub-tables
  // is implied by their headers.
  template <class Table>
  bool needs_header(const Table& table) const {
    bool any = false;
    const bool all_sections = for_each_member(table, [&](const member_key&, const auto& member) {
      any = true;
      return is_section(member);
    });
    return !any || !all_sections;
  }

  void header_line(std::size_t level, bool array) {
    if (out_.size() != start_) out_.put('\n');
    indent(level);
    out_.put(array ? "[[" : "[");
    out_.put(header_);
    out_.put(array ? "]]\n" : "]\n");
  }
  void indent(std::size_t level) {
    if constexpr (Opts.indent_width != 0) {
      const std::size_t n = level * Opts.indent_width;
      char* w = out_.room(n);
      std::memset(w, ' ', n);
      out_.commit(w + n);
    }
  }

  spool::error& failure() noexcept {
    if (!error_) error_.emplace();
    return *error_;
  }

  bool fail(errc code, std::string_view expected, std::string_view found) {
    failure() = make_error(code, spool::error::no_position, expected, found);
    return false;
  }
  bool cannot_hold(spool::kind k) { return fail(errc::unsupported, "a value TOML can hold", spool::to_string(k)); }

  template <class T>
  bool inline_value(const T& x) {
    using namespace spool::detail;
    if constexpr (std::is_same_v<T, spool::value>) {
      return dynamic_value(x);
    } else if constexpr (std::is_same_v<T, spool::ext>) {
      return cannot_hold(spool::kind::ext);
    } else if constexpr (datetime_type<T>) {
      return datetime(x);
    } else if constexpr (std::is_same_v<T, std::chrono::year_month_day>) {
      return datetime(spool::local_date::from_year_month_day(x));
    } else if constexpr (boolean<T>) {
      out_.put(x ? std::string_view("true") : std::string_view("false"));
      return true;
    } else if constexpr (floating<T>) {
      return floating_point(static_cast<double>(x));
    } else if constexpr (integer<T>) {
      if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(std::int64_t)) {
        if (x > static_cast<T>(std::numeric_limits<std::int64_t>::max())) return above_int64();
      }
      out_.commit(write_integer(out_.room(max_number_chars), static_cast<std::int64_t>(x)));
      return true;
    } else if constexpr (owning_string<T> || string_view_like<T>) {
      return string(std::string_view(x));
    } else if constexpr (char_array<T>) {
      return string(std::string_view(x, static_cast<std::size_t>(std::find(x, x + std::extent_v<T>, '\0') - x)));
    } else if constexpr (byte_container<T>) {
      return cannot_hold(spool::kind::binary);
    } else if constexpr (system_time_point<T>) {
      if (auto dt = spool::offset_datetime::from_sys_time(x)) return datetime(*dt);
      return inline_value(x.time_since_epoch().count());
    } else if constexpr (local_time_point<T>) {
      if (auto dt = spool::local_datetime::from_local_time(x)) return datetime(*dt);
      return inline_value(x.time_since_epoch().count());
    } else if constexpr (chrono_duration<T>) {
      return inline_value(x.count());
    } else if constexpr (enum_type<T>) {
      const std::string_view name = spool::reflect::enum_name(x);
      if (name.empty()) return inline_value(static_cast<std::underlying_type_t<T>>(x));
      return string(name);
    } else if constexpr (form_of<T>() == form::dynamic) {  // optional, pointer, variant
      return unwrap(x, [&](const auto& held) { return inline_value(held); }, false) || null_value(x);
    } else if constexpr (form_of<T>() == form::array) {
      return inline_array(x);
    } else if constexpr (form_of<T>() == form::table) {
      return inline_table(x);
    } else {
      return cannot_hold(spool::kind::null);  // std::monostate, std::nullptr_t
    }
  }

  // After unwrap() returned false: an error already set, or nothing held (a null).
  template <class T>
  bool null_value(const T&) {
    if (error_ && *error_) return false;
    return cannot_hold(spool::kind::null);
  }

  // Through visit(): each alternative straight from the value's storage, without the checks
  // and the result<> of the as_*() accessors.
  bool dynamic_value(const spool::value& v) {
    return v.visit([&](const auto& x) {
      using X = std::remove_cvref_t<decltype(x)>;
      if constexpr (std::is_same_v<X, std::uint64_t>) return above_int64();
      else if constexpr (std::is_same_v<X, std::string_view>) return string(x);
      else if constexpr (std::is_same_v<X, spool::array>) return inline_array(x);
      else if constexpr (std::is_same_v<X, spool::object>) return inline_table(x);
      else if constexpr (std::is_same_v<X, bool> || std::is_same_v<X, std::int64_t> || std::is_same_v<X, double> ||
                         spool::detail::datetime_type<X>)
        return inline_value(x);
      else return cannot_hold(v.kind());  // null, binary, ext
    });
  }

  bool above_int64() {
    return fail(errc::out_of_range, "an integer within 64 bits signed", "an integer above INT64_MAX");
  }

  bool floating_point(double d) {
    if (std::isnan(d)) out_.put(std::signbit(d) ? "-nan" : "nan");
    else if (std::isinf(d)) out_.put(d < 0 ? "-inf" : "inf");
    else out_.commit(spool::detail::write_floating(out_.room(spool::detail::max_number_chars), d));
    return true;
  }

  template <class A>
  bool inline_array(const A& elements) {
    out_.put('[');
    const bool ok = for_each_element(elements, [&](std::size_t i, const auto& element) {
      if (i != 0) out_.put(", ");
      if (inline_value(element)) return true;
      failure().at_index(i);
      return false;
    });
    if (!ok) return false;
    out_.put(']');
    return true;
  }

  template <class Table>
  bool inline_table(const Table& table) {
    bool first = true;
    const bool ok = for_each_member(table, [&](const member_key& key, const auto& member) {
      out_.put(first ? "{ " : ", ");
      first = false;
      write_key(out_, key);
      out_.put(" = ");
      if (inline_value(member)) return true;
      failure().at_key(key.text);
      return false;
    });
    if (!ok) return false;
    out_.put(first ? "{}" : " }");
    return true;
  }

  template <class T>
  bool datetime(const T& dt) {
    char* w = out_.room(spool::detail::max_datetime_text);
    char* end = spool::detail::format_datetime(w, dt);
    if (end == w) return fail(errc::invalid_datetime, "a valid date-time", "an impossible one");
    out_.commit(end);
    return true;
  }

  bool string(std::string_view s) {
    const unsigned flags = string_class(s);
    if ((flags & has_non_ascii) != 0 && !spool::detail::is_valid_utf8(s))
      return fail(errc::invalid_utf8, "UTF-8 text", "invalid UTF-8");
    const bool multiline = Opts.multiline_strings && (flags & has_newline) != 0;
    const unsigned escaped = has_quote_or_backslash | has_control | (multiline ? 0u : has_newline);
    if ((flags & escaped) == 0 && !multiline) {
      // Nothing to escape: the text between quotes as it is; most strings are short enough for
      // fixed-size moves rather than a call to memcpy.
      char* w = out_.room(s.size() + 2);
      *w++ = '"';
      if (spool::detail::toml_write_short_copy && s.size() <= 32) spool::detail::copy_short(w, s.data(), s.size());
      else std::memcpy(w, s.data(), s.size());
      w += s.size();
      *w++ = '"';
      out_.commit(w);
      return true;
    }
    if ((flags & escaped) == 0) {
      // Multi-line with nothing to escape: after the newline that the reader trims, as it is.
      char* w = out_.room(s.size() + 7);
      std::memcpy(w, "\"\"\"\n", 4);
      std::memcpy(w + 4, s.data(), s.size());
      std::memcpy(w + 4 + s.size(), "\"\"\"", 3);
      out_.commit(w + 7 + s.size());
      return true;
    }
    // Between single quotes when that avoids escapes: no ' (which also rules out the ''' that
    // would end a multi-line literal and a ' just before it), no control character, and for a
    // multi-line literal no leading newline (the reader trims it).
    const unsigned not_literal = has_apostrophe | has_control | (multiline ? 0u : has_newline);
    if (Opts.literal_strings && (flags & has_quote_or_backslash) != 0 && (flags & not_literal) == 0 &&
        (!multiline || s.front() != '\n')) {
      out_.put(multiline ? "'''\n" : "'");
      out_.put(s);
      out_.put(multiline ? "'''" : "'");
      return true;
    }
    write_basic_string(out_, s, multiline);
    return true;
  }

  output out_;
  std::size_t start_;  // the size of the output before the document; SIZE_MAX after other text
  // Made on the first failure: an empty spool::error (six strings) costs as much to make and to
  // destroy as writing a one-line document.
  std::optional<spool::error> error_;
  std::string header_;  // keys of the current section, "a.b"
};

}  // namespace spool::toml::detail
