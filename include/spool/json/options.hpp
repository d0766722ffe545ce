// Compile-time options of the JSON reader and writer.
//
// Options are template arguments, so a feature that is off costs nothing on the hot path (no
// comment handling, no limit checks when a limit is unbounded):
//
//   constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
//   auto cfg = spool::json::read<Config, lenient>(text);
//   std::string s = spool::json::write<spool::json::write_options{.pretty = true, .indent_width = 4}>(cfg);
//   // (g++ also takes write<{.pretty = true}>; clang 14 needs the type named)
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

namespace spool::json {

// A short key usable inside the options (a template argument cannot hold a std::string_view).
struct option_key {
  static constexpr std::size_t capacity = 32;
  char text[capacity]{};
  std::size_t length = 0;

  constexpr option_key() = default;
  template <std::size_t N>
    requires(N <= capacity)
  constexpr option_key(const char (&s)[N]) : length(N - 1) {  // NOLINT: implicit from a literal
    for (std::size_t i = 0; i + 1 < N; ++i) text[i] = s[i];
  }
  constexpr std::string_view view() const noexcept { return {text, length}; }
  constexpr bool empty() const noexcept { return length == 0; }
};

inline constexpr std::size_t unlimited = std::numeric_limits<std::size_t>::max();

struct read_options {
  bool comments = false;               // accept // and /* */ comments where whitespace may be
  bool trailing_commas = false;        // accept [1,2,] and {"a":1,}
  bool error_on_unknown_keys = false;  // an object key no struct field matches is an error (else skipped)
  bool require_all_fields = false;     // every struct field must be present (else only required() ones)
  bool validate_utf8 = true;           // reject strings that are not well-formed UTF-8
  bool enums_as_integers = false;      // enums are read from numbers instead of names
  std::uint32_t max_depth = 256;       // nesting of arrays and objects; deeper is depth_exceeded
  std::size_t max_input_size = unlimited;      // bytes of the whole document
  std::size_t max_string_length = unlimited;   // bytes of one decoded string
  std::size_t max_container_size = unlimited;  // elements of one array or members of one object
  // Key naming a std::variant of structs by: {"type": "circle", "r": 2}. Empty: untagged, the
  // alternative is chosen by the JSON type of the value.
  option_key variant_tag = {};
};

struct write_options {
  bool pretty = false;            // newlines and indentation
  std::uint8_t indent_width = 2;  // spaces per level when pretty
  bool nan_inf_as_null = false;   // write NaN and infinities as null (else they are an error)
  bool validate_utf8 = true;      // a string that is not UTF-8 is an error (else copied as is)
  bool escape_unicode = false;    // write every non-ASCII character as \uXXXX (output is ASCII)
  bool enums_as_integers = false; // enums are written as numbers instead of names
  bool skip_null_members = false; // struct members that are empty optionals/pointers are left out
  option_key variant_tag = {};    // as in read_options
};

}  // namespace spool::json
