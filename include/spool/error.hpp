// Errors and results shared by every spool format.
//
// A failed read reports what went wrong (errc), where (byte offset, then line/column once the
// top-level function has called locate()), in which field (path) and what was expected/found:
//
//   spool::result<Config> cfg = spool::toml::read_file<Config>("config.toml");
//   if (!cfg) {
//     std::cerr << cfg.error().message() << '\n';
//     // config.toml:12:9: error: expected integer for 'server.port', found string
//     //   port = "8080"
//     //          ^
//     return 1;
//   }
//   use(cfg->server.port);      // or cfg.value(), which throws spool::exception on error
//
// Errors of writers and of spool::from_value are about a value, not a place in some input: they
// have no position (has_position() is false, offset is error::no_position) and render as
//   error: unsupported at 'servers[1].note': expected a value TOML can hold, found null
//
// result<T> also works with -fno-exceptions: value() on an error then prints message() to stderr
// and calls std::terminate().
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include <spool/detail/config.hpp>
#include <spool/detail/error/path.hpp>
#include <spool/detail/error/source_excerpt.hpp>

namespace spool {

enum class errc : std::uint8_t {
  ok = 0,
  syntax,
  unexpected_end,
  unexpected_type,
  out_of_range,
  invalid_number,
  invalid_escape,
  invalid_utf8,
  invalid_datetime,
  unknown_key,
  missing_key,
  duplicate_key,
  depth_exceeded,
  size_exceeded,
  trailing_data,
  empty_input,
  unsupported,
  io,
};

constexpr std::string_view to_string(errc code) noexcept {
  switch (code) {
    case errc::ok: return "no error";
    case errc::syntax: return "syntax error";
    case errc::unexpected_end: return "unexpected end of input";
    case errc::unexpected_type: return "unexpected type";
    case errc::out_of_range: return "value out of range";
    case errc::invalid_number: return "invalid number";
    case errc::invalid_escape: return "invalid escape sequence";
    case errc::invalid_utf8: return "invalid UTF-8";
    case errc::invalid_datetime: return "invalid date or time";
    case errc::unknown_key: return "unknown key";
    case errc::missing_key: return "missing key";
    case errc::duplicate_key: return "duplicate key";
    case errc::depth_exceeded: return "depth exceeded";
    case errc::size_exceeded: return "size limit exceeded";
    case errc::trailing_data: return "trailing data after the document";
    case errc::empty_input: return "empty input";
    case errc::unsupported: return "unsupported";
    case errc::io: return "I/O error";
  }
  return "unknown error";
}

struct error {
  // The offset of an error that is not about a place in an input (a writer's, a conversion's).
  static constexpr std::size_t no_position = static_cast<std::size_t>(-1);

  errc code = errc::ok;
  std::size_t offset = 0;              // byte offset into the input, or no_position
  std::uint32_t line = 0, column = 0;  // 1-based, 0 = unknown; filled by locate()
  std::string path;                    // "servers[2].port", `["odd key"].x`
  std::string expected, found;         // "integer", "string" (may be empty)
  std::string detail;                  // free text when expected/found do not say it
  std::string source_name;             // "config.toml" (optional)
  std::string source_line;             // the offending line (filled by locate(); clipped if very long)
  std::uint32_t source_column = 0;     // 1-based caret position in source_line; 0 = same as column

  // True when there IS an error.
  explicit operator bool() const noexcept { return code != errc::ok; }

  // False for errors about a value rather than an input: message() then names only the path.
  bool has_position() const noexcept { return offset != no_position; }

  // Marks the error as one without a position (see has_position()).
  error& drop_position() noexcept {
    offset = no_position;
    line = column = source_column = 0;
    source_line.clear();
    return *this;
  }

  // Prepend a key segment while unwinding: "port" then at_key("server") gives "server.port".
  error& at_key(std::string_view key) {
    if (detail::is_bare_key(key)) {
      detail::prepend_path_segment(path, key);
    } else {
      std::string quoted;
      detail::append_quoted_key(quoted, key);
      detail::prepend_path_segment(path, quoted);
    }
    return *this;
  }

  // Prepend "[i]".
  error& at_index(std::size_t i) {
    std::string segment = "[" + std::to_string(i) + "]";
    detail::prepend_path_segment(path, segment);
    return *this;
  }

  // Compute line, column and source_line from offset; `input` is the whole document read.
  error& locate(std::string_view input) {
    if (!has_position()) return *this;
    detail::source_excerpt where = detail::excerpt_at(input, offset);
    line = where.line;
    column = where.column;
    source_line = std::move(where.text);
    source_column = where.text_column;
    return *this;
  }

  std::string message() const;
};

// Renders like a compiler diagnostic; see the example at the top of this file.
inline std::string error::message() const {
  if (code == errc::ok) return std::string(to_string(code));
  std::string out = source_name;
  if (!out.empty()) out += ':';
  if (line != 0) {
    out += std::to_string(line);
    out += ':';
    if (column != 0) (out += std::to_string(column)) += ':';
  } else if (has_position() && code != errc::io) {  // an I/O failure is about the source, not a place in it
    if (!out.empty()) out += ' ';
    (out += "offset ") += std::to_string(offset);
    out += ':';
  }
  if (!out.empty()) out += ' ';
  out += "error: ";
  // When the input simply does not match its grammar or the target type, "expected X, found Y"
  // says it all; other codes (out of range, invalid number, ...) and errors without a position
  // (nothing was being read) lead with what went wrong.
  bool mismatch = has_position() && (code == errc::unexpected_type || code == errc::syntax ||
                                     code == errc::unexpected_end || code == errc::trailing_data ||
                                     code == errc::empty_input);
  if (mismatch && !expected.empty()) {
    (out += "expected ") += expected;
    if (!path.empty()) ((out += " for '") += path) += '\'';
    if (!found.empty()) (out += ", found ") += found;
  } else {
    out += to_string(code);
    if (!path.empty()) ((out += " at '") += path) += '\'';
    if (!expected.empty()) (out += ": expected ") += expected;
    if (!found.empty()) (out += expected.empty() ? ": found " : ", found ") += found;
  }
  if (!detail.empty()) (out += ": ") += detail;

  if (line != 0 && !source_line.empty()) {
    ((out += "\n  ") += source_line) += "\n  ";
    // Mirror the tabs of the line so the caret lands under the column whatever the tab width.
    std::uint32_t caret = source_column != 0 ? source_column : column;
    std::uint32_t before = caret == 0 ? 0 : caret - 1;
    for (std::size_t i = 0; i < source_line.size() && before != 0; ++i) {
      auto byte = static_cast<unsigned char>(source_line[i]);
      if ((byte & 0xC0) == 0x80) continue;  // continuation bytes belong to the previous character
      out += byte == '\t' ? '\t' : ' ';
      --before;
    }
    out.append(before, ' ');  // a column past the end of the line (e.g. at end of input)
    out += '^';
  }
  return out;
}

inline error make_error(errc code, std::size_t offset, std::string_view expected = {},
                        std::string_view found = {}) {
  error e;
  e.code = code;
  e.offset = offset;
  e.expected = expected;
  e.found = found;
  return e;
}

class exception : public std::runtime_error {
 public:
  explicit exception(spool::error e) : std::runtime_error(e.message()), error_(std::move(e)) {}
  const spool::error& error() const noexcept { return error_; }

 private:
  spool::error error_;
};

namespace detail {

// Where result<T>::value() goes on an error: throw, or without exceptions print and terminate.
[[noreturn]] inline void fail(const spool::error& e) {
#ifdef SPOOL_NO_EXCEPTIONS
  std::string text = e.message();
  std::fprintf(stderr, "spool: %s\n", text.c_str());
  std::fflush(stderr);
  std::terminate();
#else
  throw spool::exception(e);
#endif
}

// What error() returns on a result that holds a value: "no error", never a dangling reference.
inline const spool::error& no_error() noexcept {
  static const spool::error none;
  return none;
}

}  // namespace detail

// Either a T or an error; the error must carry a code other than errc::ok.
template <class T>
class result {
  static_assert(!std::is_reference_v<T> && !std::is_same_v<std::remove_cv_t<T>, spool::error>,
                "result<T> holds an object type other than spool::error");

 public:
  template <class U = T>
    requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::remove_cvref_t<U>, result> &&
             !std::is_same_v<std::remove_cvref_t<U>, spool::error> &&
             !std::is_same_v<std::remove_cvref_t<U>, std::in_place_t>)
  result(U&& v) noexcept(std::is_nothrow_constructible_v<T, U&&>)  // NOLINT: implicit like std::expected
      : state_(std::in_place_index<0>, std::forward<U>(v)) {}
  template <class... Args>
  explicit result(std::in_place_t, Args&&... args) : state_(std::in_place_index<0>, std::forward<Args>(args)...) {}
  result(spool::error e) : state_(std::in_place_index<1>, std::move(e)) {  // NOLINT: implicit
    assert(std::get<1>(state_).code != errc::ok && "a failed result needs an error code");
  }

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & {
    if (!has_value()) detail::fail(std::get<1>(state_));
    return *std::get_if<0>(&state_);
  }
  const T& value() const& {
    if (!has_value()) detail::fail(std::get<1>(state_));
    return *std::get_if<0>(&state_);
  }
  T&& value() && { return std::move(value()); }

  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? *std::get_if<0>(&state_) : static_cast<T>(std::forward<U>(fallback));
  }
  template <class U>
  T value_or(U&& fallback) && {
    return has_value() ? std::move(*std::get_if<0>(&state_)) : static_cast<T>(std::forward<U>(fallback));
  }

  const spool::error& error() const& noexcept {
    const spool::error* e = std::get_if<1>(&state_);
    return e != nullptr ? *e : detail::no_error();
  }
  spool::error error() && {
    spool::error* e = std::get_if<1>(&state_);
    return e != nullptr ? std::move(*e) : spool::error{};
  }

  // Unchecked access, like std::optional: only on a result that has a value.
  T& operator*() & noexcept { return assert(has_value()), *std::get_if<0>(&state_); }
  const T& operator*() const& noexcept { return assert(has_value()), *std::get_if<0>(&state_); }
  T&& operator*() && noexcept { return assert(has_value()), std::move(*std::get_if<0>(&state_)); }
  T* operator->() noexcept { return assert(has_value()), std::get_if<0>(&state_); }
  const T* operator->() const noexcept { return assert(has_value()), std::get_if<0>(&state_); }

 private:
  std::variant<T, spool::error> state_;
};

template <>
class result<void> {
 public:
  result() = default;
  result(spool::error e) : error_(std::move(e)) {}  // NOLINT: implicit; errc::ok means success

  bool has_value() const noexcept { return error_.code == errc::ok; }
  explicit operator bool() const noexcept { return has_value(); }
  void value() const {
    if (!has_value()) detail::fail(error_);
  }
  const spool::error& error() const& noexcept { return error_; }
  spool::error error() && { return std::move(error_); }

 private:
  spool::error error_;
};

}  // namespace spool
