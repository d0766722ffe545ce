// The TOML writer: a spool::value (a table) as idiomatic TOML.
//
// Each table writes its plain keys first, then its sub-tables under [headers] and its arrays of
// tables under [[headers]]; a table holding only sub-tables gets no header of its own (TOML
// implies it). Keys are quoted only when they are not bare; strings become 'literal' when that
// avoids escapes and """multi-line""" when they hold newlines; floats are the shortest text that
// reads back to the same bits. What TOML cannot hold (null, binary, an integer above INT64_MAX,
// a top level that is not a table, text that is not UTF-8) is an error naming its path.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <spool/detail/datetime_text.hpp>
#include <spool/detail/error/path.hpp>
#include <spool/detail/number_print.hpp>
#include <spool/detail/utf8.hpp>
#include <spool/error.hpp>
#include <spool/json/string_write.hpp>
#include <spool/toml/options.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

// A non-empty array whose elements are all tables: written as [[header]] sections.
inline bool is_array_of_tables(const spool::value& v) {
  const spool::array* a = v.if_array();
  if (a == nullptr || a->empty()) return false;
  for (const spool::value& e : *a)
    if (!e.is_object()) return false;
  return true;
}

// Appends s as a "basic string", escaping what TOML does not allow raw (controls but tab, DEL).
inline void write_basic_string(std::string& out, std::string_view s, bool multiline) {
  out += multiline ? "\"\"\"\n" : "\"";
  const char* run = s.data();
  const char* end = s.data() + s.size();
  for (const char* p = run; p != end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    const bool raw = c >= 0x80 || (c >= 0x20 && c != 0x7F && c != '"' && c != '\\') || c == '\t' ||
                     (multiline && c == '\n');
    if (raw) continue;
    out.append(run, p);
    char buf[8];
    out.append(buf, spool::json::detail::write_simple_escape(buf, c));
    run = p + 1;
  }
  out.append(run, end);
  out += multiline ? "\"\"\"" : "\"";
}

// Whether s reads the same between single quotes: no ', no control character but tab.
inline bool literal_safe(std::string_view s, bool multiline) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\'' || c == 0x7F || (c < 0x20 && c != '\t' && !(multiline && c == '\n'))) return false;
  }
  return true;
}

inline void write_key(std::string& out, std::string_view key) {
  if (spool::detail::is_bare_key(key)) out += key;
  else write_basic_string(out, key, false);
}

class value_writer {
 public:
  value_writer(std::string& out, const write_options& opts) noexcept : out_(out), opts_(opts) {}

  spool::error document(const spool::value& root) {
    const spool::object* table = root.if_object();
    if (table == nullptr) {
      error_ = make_error(errc::unexpected_type, 0, "a table at the top level of a TOML document", root.type_name());
      return std::move(error_);
    }
    table_body(*table, 0);
    return std::move(error_);
  }

 private:
  // Keys of one table, then its sub-tables; `path` (the header keys) is in header_.
  bool table_body(const spool::object& table, std::size_t level) {
    for (const auto& m : table) {
      if (is_section(m.value)) continue;
      indent(level);
      write_key(out_, m.key());
      out_ += " = ";
      if (!inline_value(m.value, m.key())) return false;
      out_ += '\n';
    }
    for (const auto& m : table) {
      if (!is_section(m.value)) continue;
      const std::size_t mark = header_.size();
      if (!header_.empty()) header_ += '.';
      write_key(header_, m.key());
      bool ok = true;
      if (const spool::object* sub = m.value.if_object()) {
        if (needs_header(*sub)) header_line(level, false);
        ok = table_body(*sub, level + 1);
      } else {
        const spool::array& elements = m.value.as_array();
        for (std::size_t i = 0; ok && i < elements.size(); ++i) {
          header_line(level, true);
          ok = table_body(elements[i].as_object(), level + 1);
          if (!ok) error_.at_index(i);
        }
      }
      if (!ok) {
        error_.at_key(m.key());
        return false;
      }
      header_.resize(mark);
    }
    return true;
  }

  // A member written as a [section] rather than `key = value`.
  bool is_section(const spool::value& v) const {
    if (const spool::object* o = v.if_object()) return !fits_inline(*o);
    return is_array_of_tables(v);
  }

  // A small table of scalars, when the options ask for inline tables.
  bool fits_inline(const spool::object& o) const {
    if (opts_.inline_table_max == 0 || o.size() > opts_.inline_table_max || o.empty()) return false;
    for (const auto& m : o)
      if (m.value.is_object() || is_array_of_tables(m.value)) return false;
    return true;
  }

  // A table needs its own header when it holds keys or nothing at all; one with only sub-tables
  // is implied by their headers.
  bool needs_header(const spool::object& o) const {
    if (o.empty()) return true;
    for (const auto& m : o)
      if (!is_section(m.value)) return true;
    return false;
  }

  void header_line(std::size_t level, bool array) {
    if (!out_.empty()) out_ += '\n';
    indent(level);
    out_ += array ? "[[" : "[";
    out_ += header_;
    out_ += array ? "]]\n" : "]\n";
  }
  void indent(std::size_t level) { out_.append(level * opts_.indent_width, ' '); }

  bool fail(errc code, std::string_view expected, std::string_view found) {
    error_ = make_error(code, 0, expected, found);
    return false;
  }

  bool inline_value(const spool::value& v, std::string_view key) {
    if (inline_value(v)) return true;
    error_.at_key(key);
    return false;
  }

  bool inline_value(const spool::value& v) {
    char buf[spool::detail::max_datetime_text + spool::detail::max_number_chars];
    switch (v.kind()) {
      case spool::kind::boolean:
        out_ += *v.as_bool() ? "true" : "false";
        return true;
      case spool::kind::integer:
        out_.append(buf, spool::detail::write_integer(buf, *v.as_int64()));
        return true;
      case spool::kind::floating: {
        const double d = *v.as_double();
        if (std::isnan(d)) out_ += std::signbit(d) ? "-nan" : "nan";
        else if (std::isinf(d)) out_ += d < 0 ? "-inf" : "inf";
        else out_.append(buf, spool::detail::write_floating(buf, d));
        return true;
      }
      case spool::kind::string: return string(*v.as_string());
      case spool::kind::offset_datetime: return datetime(*v.as_offset_datetime(), buf);
      case spool::kind::local_datetime: return datetime(*v.as_local_datetime(), buf);
      case spool::kind::local_date: return datetime(*v.as_local_date(), buf);
      case spool::kind::local_time: return datetime(*v.as_local_time(), buf);
      case spool::kind::array: {
        const spool::array& elements = v.as_array();
        out_ += '[';
        for (std::size_t i = 0; i < elements.size(); ++i) {
          if (i != 0) out_ += ", ";
          if (!inline_value(elements[i])) {
            error_.at_index(i);
            return false;
          }
        }
        out_ += ']';
        return true;
      }
      case spool::kind::object: {
        const spool::object& members = v.as_object();
        if (members.empty()) {
          out_ += "{}";
          return true;
        }
        out_ += "{ ";
        bool first = true;
        for (const auto& m : members) {
          if (!first) out_ += ", ";
          first = false;
          write_key(out_, m.key());
          out_ += " = ";
          if (!inline_value(m.value, m.key())) return false;
        }
        out_ += " }";
        return true;
      }
      case spool::kind::unsigned_integer:
        return fail(errc::out_of_range, "an integer within 64 bits signed", "an integer above INT64_MAX");
      default:
        return fail(errc::unsupported, "a value TOML can hold", v.type_name());
    }
  }

  template <class T>
  bool datetime(const T& dt, char* buf) {
    char* end = spool::detail::format_datetime(buf, dt);
    if (end == buf) return fail(errc::invalid_datetime, "a valid date-time", "an impossible one");
    out_.append(buf, end);
    return true;
  }

  bool string(std::string_view s) {
    if (!spool::detail::is_valid_utf8(s)) return fail(errc::invalid_utf8, "UTF-8 text", "invalid UTF-8");
    const bool multiline = opts_.multiline_strings && s.find('\n') != std::string_view::npos;
    const bool needs_escapes = s.find_first_of("\"\\") != std::string_view::npos;
    // ''' ends a multi-line literal, and a leading newline would be trimmed by the reader.
    if (opts_.literal_strings && needs_escapes && literal_safe(s, multiline) &&
        (!multiline || (s.find("'''") == std::string_view::npos && s.front() != '\n' && s.back() != '\''))) {
      out_ += multiline ? "'''\n" : "'";
      out_ += s;
      out_ += multiline ? "'''" : "'";
      return true;
    }
    write_basic_string(out_, s, multiline);
    return true;
  }

  std::string& out_;
  const write_options& opts_;
  spool::error error_;
  std::string header_;  // keys of the current section, "a.b"
};

}  // namespace spool::toml::detail
