// TOML 1.1 (and 1.0 by option) for spool: read documents into structs, maps and spool::value;
// write them back.
//
//   struct Server { std::string host; std::uint16_t port = 0; };
//   struct Config { std::string title; Server server; std::vector<Server> replicas; };
//
//   spool::result<Config> cfg = spool::toml::read_file<Config>("config.toml");
//   if (!cfg) {
//     std::cerr << cfg.error().message() << '\n';
//     // config.toml:14:1: error: duplicate key at 'server': table 'server' defined twice
//     //   (first at line 9)
//     //   [server]
//     //   ^
//     return 1;
//   }
//   spool::error e = spool::toml::read(text, *cfg);          // into an object, reusing its capacity
//   auto doc = spool::toml::read<spool::value>(text);        // no schema
//   std::string out = spool::toml::write(*cfg);              // title = "x"\n\n[server]\n...
//   spool::error w = spool::toml::write(*cfg, out);          // appends to out
//
// Options (toml/options.hpp) are template arguments:
//   constexpr spool::toml::read_options toml10{.toml_version = spool::toml::version::v1_0};
//   spool::toml::read<Config, toml10>(text);
//
// Structs, maps and spool::value members are read directly (headers and dotted keys navigate
// struct plans; [[arrays]] append to containers) and written directly (a struct's scalars, then
// its sub-tables as [headers] and containers of tables as [[headers]]).
//
// Every rule of the specification is enforced, including the table rules (no table defined
// twice, dotted keys cannot reopen a [table], inline tables and static arrays are closed), bare
// CR, control characters and invalid UTF-8. Date-times keep their kind and nanoseconds
// (spool::offset_datetime, local_datetime, local_date, local_time).
//
// write(obj) returns the text and throws spool::exception (or, without exceptions, terminates
// with the message) on what TOML cannot hold: a null, a binary, an integer above INT64_MAX, a top
// level that is not a table; write(obj, out) reports that as a spool::error naming the path
// (such errors have no position: spool::error::has_position()).
#pragma once

#include <filesystem>
#include <istream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <spool/error.hpp>
#include <spool/pool.hpp>
#include <spool/toml/options.hpp>
#include <spool/toml/reader.hpp>
#include <spool/toml/struct_reader.hpp>
#include <spool/toml/writer.hpp>
#include <spool/value.hpp>

namespace spool::toml {

namespace detail {

// The document `input` read into `out` with the leased context `ctx`; false on failure.
template <read_options Opts, table_type T>
bool read_document(reader_context& ctx, std::string_view input, T& out) {
  if constexpr (std::is_same_v<T, spool::value>) return value_reader(ctx, Opts).document(input, out);
  else return struct_reader(ctx, Opts).document(input, out);
}

// The error a failed read_document() left, located in `input`.
inline spool::error read_failure(reader_context& ctx, std::string_view input) {
  spool::error e = std::move(ctx.s.err);
  e.locate(input);
  return e;
}

}  // namespace detail

// Reads a whole document into an existing object, reusing the capacity of its strings and
// containers; members the document does not name keep their values. A spool::value is replaced
// and the first [[array]] of a container starts it afresh; on failure `out` is unspecified.
template <read_options Opts = read_options{}, detail::table_type T>
spool::error read(std::string_view input, T& out) {
  auto ctx = spool::lease_object<detail::reader_context>();
  if (detail::read_document<Opts>(*ctx, input, out)) return {};
  return detail::read_failure(*ctx, input);
}

// Reads a T from the whole of `input`.
template <detail::table_type T, read_options Opts = read_options{}>
spool::result<T> read(std::string_view input) {
  // The T is made inside the result and read there: no move of the whole T into the result, no
  // destruction of a moved-from T, no spool::error made and destroyed on success.
  spool::result<T> out(std::in_place);
  auto ctx = spool::lease_object<detail::reader_context>();
  if (!detail::read_document<Opts>(*ctx, input, *out)) out = detail::read_failure(*ctx, input);
  return out;
}

// Reads the whole stream into a pooled buffer, then into `out`.
template <read_options Opts = read_options{}, detail::table_type T>
spool::error read(std::istream& in, T& out) {
  spool::result<spool::buffer_lease> body = spool::read_all(in, Opts.max_input_size);
  if (!body) return std::move(body).error();
  return read<Opts>((*body)->view(), out);
}

// Reads the whole stream into a pooled buffer, then a T from it.
template <detail::table_type T, read_options Opts = read_options{}>
spool::result<T> read(std::istream& in) {
  T out{};
  if (spool::error e = read<Opts>(in, out)) return e;
  return out;
}

// Reads the file at `path` into a pooled buffer, then into `out`; messages name the file.
template <read_options Opts = read_options{}, detail::table_type T>
spool::error read_file(const std::filesystem::path& path, T& out) {
  spool::result<spool::buffer_lease> body = spool::read_file(path, Opts.max_input_size);
  if (!body) return std::move(body).error();
  spool::error e = read<Opts>((*body)->view(), out);
  if (e) e.source_name = path.string();
  return e;
}

// Reads the file at `path` into a pooled buffer, then a T from it; messages name the file.
template <detail::table_type T, read_options Opts = read_options{}>
spool::result<T> read_file(const std::filesystem::path& path) {
  T out{};
  if (spool::error e = read_file<Opts>(path, out)) return e;
  return out;
}

// Appends the TOML text of `v` to `out` (std::string, std::vector<char> or spool::byte_buffer).
// On error `out` is left as it was; the error names a path but no position (has_position()).
template <write_options Opts = write_options{}, class T, class Out>
spool::error write(const T& v, Out& out) {
  if constexpr (std::is_same_v<Out, spool::byte_buffer>) {
    const std::size_t before = out.size();
    detail::writer<Opts> w(out, before != 0);
    if (w.document(v)) return {};
    out.resize(before);
    return std::move(w.error());
  } else {
    static_assert(std::is_same_v<Out, std::string> || std::is_same_v<Out, std::vector<char>>,
                  "write appends to std::string, std::vector<char> or spool::byte_buffer");
    spool::buffer_lease buffer = spool::lease_buffer();
    detail::writer<Opts> w(*buffer, !out.empty());
    if (!w.document(v)) return std::move(w.error());
    spool::detail::append_output(out, *buffer);
    return {};
  }
}

// The TOML text of `v`; throws spool::exception (or, without exceptions, terminates with the
// message) when `v` cannot be written.
template <write_options Opts = write_options{}, class T>
std::string write(const T& v) {
  spool::buffer_lease buffer = spool::lease_buffer();
  detail::writer<Opts> w(*buffer);
  if (!w.document(v)) spool::detail::fail(w.error());
  return std::string(buffer->view());
}

}  // namespace spool::toml
