// Compile-time options of the MessagePack reader and writer, passed as template arguments so that
// every disabled check disappears from the generated code:
//
//   constexpr spool::msgpack::read_options strict{.max_depth = 32, .error_on_unknown_keys = true};
//   auto r = spool::msgpack::read<Config, strict>(bytes);
//   constexpr spool::msgpack::write_options positional{.struct_as_array = true};
//   std::string compact = spool::msgpack::write<positional>(config);
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

namespace spool::msgpack {

struct read_options {
  // Nesting of arrays and maps (and of structs, which are one of them on the wire).
  std::uint32_t max_depth = 256;
  // Whole input, str/bin/ext payload and array/map element counts. A declared length is always
  // checked against the bytes that remain first, so these only tighten that bound.
  std::size_t max_input_size = std::numeric_limits<std::size_t>::max();
  std::size_t max_string_length = std::numeric_limits<std::size_t>::max();
  std::size_t max_container_size = std::numeric_limits<std::size_t>::max();
  // A map key that names no field is skipped unless this is set; so are the extra elements of a
  // struct written as a longer array.
  bool error_on_unknown_keys = false;
  // Every field must be present, not only those marked spool::required.
  bool require_all_fields = false;
  // str bytes read into strings and string views must be well-formed UTF-8.
  bool validate_utf8 = true;
};

struct write_options {
  // Write every struct as an array of its fields in declaration order instead of a map keyed by
  // field name; spool::meta<T>::as_array does the same for one type. Readers accept both forms.
  bool struct_as_array = false;
};

}  // namespace spool::msgpack
