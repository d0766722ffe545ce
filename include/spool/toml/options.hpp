// Compile-time options of the TOML reader and writer.
//
// Options are template arguments, like JSON's, so a rule that does not apply costs nothing:
//
//   constexpr spool::toml::read_options strict10{.toml_version = spool::toml::version::v1_0};
//   auto cfg = spool::toml::read<Config, strict10>(text);
//   constexpr spool::toml::write_options compact{.inline_table_max = 4};
//   std::string s = spool::toml::write<compact>(*cfg);
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

namespace spool::toml {

// TOML 1.1 adds, over 1.0: newlines, comments and a trailing comma inside inline tables, the \e
// and \xHH escapes, and times written without seconds (07:32). Everything else is the same.
enum class version : std::uint8_t { v1_0, v1_1 };

inline constexpr std::size_t unlimited = std::numeric_limits<std::size_t>::max();

struct read_options {
  version toml_version = version::v1_1;
  bool error_on_unknown_keys = false;  // a key no struct field matches is an error (else skipped)
  bool require_all_fields = false;     // every struct field must be present (else only required() ones)
  std::uint32_t max_depth = 256;       // nesting of tables and arrays, the root table being 1
  std::size_t max_input_size = unlimited;      // bytes of the whole document
  std::size_t max_string_length = unlimited;   // bytes of one decoded string
  std::size_t max_container_size = unlimited;  // elements of one array or keys of one table
};

struct write_options {
  // Sub-tables with at most this many scalar entries (and no nested tables) are written inline,
  // `point = { x = 1, y = 2 }`, instead of under a [header]. 0 writes every table as a header.
  std::uint8_t inline_table_max = 0;
  std::uint8_t indent_width = 0;  // spaces per nesting level before keys of sub-tables
  bool multiline_strings = true;  // strings holding newlines are written as """ blocks
  bool literal_strings = true;    // strings holding " or \ (and no ') are written as '...'
};

}  // namespace spool::toml
