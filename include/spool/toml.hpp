// TOML 1.1 (and 1.0 by option) for spool: read documents into spool::value, write values back.
//
//   spool::result<spool::value> cfg = spool::toml::read_file<spool::value>("config.toml");
//   if (!cfg) {
//     std::cerr << cfg.error().message() << '\n';
//     // config.toml:14:1: error: duplicate key at 'servers.alpha': table 'servers.alpha' defined
//     //   twice (first at line 9)
//     //   [servers.alpha]
//     //   ^
//     return 1;
//   }
//   std::int64_t port = (*cfg)["server"]["port"].as_int64().value();
//   std::string text = spool::toml::write(*cfg).value();      // [server]\nport = 8080\n...
//
// Options (toml/options.hpp) are template arguments:
//   constexpr spool::toml::read_options toml10{.toml_version = spool::toml::version::v1_0};
//   spool::toml::read<spool::value, toml10>(text);
//
// Structs, maps and spool::value members are read directly (headers and dotted keys navigate
// struct plans; [[arrays]] append to containers):
//   struct Server { std::string host; std::uint16_t port = 0; };
//   struct Config { std::string title; Server server; std::vector<Server> replicas; };
//   spool::result<Config> c = spool::toml::read<Config>("title = 'x'\n[server]\nport = 80\n");
//
// Every rule of the specification is enforced, including the table rules (no table defined
// twice, dotted keys cannot reopen a [table], inline tables and static arrays are closed), bare
// CR, control characters and invalid UTF-8. Date-times keep their kind and nanoseconds
// (spool::offset_datetime, local_datetime, local_date, local_time). Writing fails, naming the
// path, on what TOML cannot hold: a null, a binary, an integer above INT64_MAX, a top level that
// is not a table.
#pragma once

#include <filesystem>
#include <istream>
#include <string>
#include <string_view>
#include <type_traits>

#include <spool/error.hpp>
#include <spool/pool.hpp>
#include <spool/toml/options.hpp>
#include <spool/toml/reader.hpp>
#include <spool/toml/struct_reader.hpp>
#include <spool/toml/writer.hpp>
#include <spool/value.hpp>

namespace spool::toml {

// Reads `input` into `out`: a spool::value is replaced; a struct or map keeps what the document
// does not mention (and the first [[array]] of a container starts it afresh). Returns an error
// with line, column, path and the offending line on failure (out is then unspecified).
template <read_options Opts = read_options{}, detail::table_type T>
spool::error read(std::string_view input, T& out) {
  auto ctx = spool::lease_object<detail::reader_context>();
  bool ok;
  if constexpr (std::is_same_v<T, spool::value>) ok = detail::value_reader(*ctx, Opts).document(input, out);
  else ok = detail::struct_reader(*ctx, Opts).document(input, out);
  if (ok) return {};
  spool::error e = std::move(ctx->s.err);
  e.locate(input);
  return e;
}

template <detail::table_type T, read_options Opts = read_options{}>
spool::result<T> read(std::string_view input) {
  T out;
  if (spool::error e = read<Opts>(input, out)) return e;
  return out;
}

// The whole stream, read into one pooled buffer first.
template <detail::table_type T, read_options Opts = read_options{}>
spool::result<T> read(std::istream& in) {
  spool::result<spool::buffer_lease> text = spool::read_all(in, Opts.max_input_size);
  if (!text) return text.error();
  return read<T, Opts>((*text)->view());
}

// The file at `path`; messages name it ("config.toml:3:7: error: ...").
template <detail::table_type T, read_options Opts = read_options{}>
spool::result<T> read_file(const std::filesystem::path& path) {
  spool::result<spool::buffer_lease> text = spool::read_file(path, Opts.max_input_size);
  if (!text) return text.error();
  T out;
  if (spool::error e = read<Opts>((*text)->view(), out)) {
    e.source_name = path.string();
    return e;
  }
  return out;
}

// Appends the TOML text of `v` (a spool::value, or anything spool::to_value converts: structs,
// maps) to `out`. Structs are converted to a spool::value first.
template <write_options Opts = write_options{}, class T>
spool::error write(const T& v, std::string& out) {
  if constexpr (std::is_same_v<T, spool::value>) return detail::value_writer(out, Opts).document(v);
  else return detail::value_writer(out, Opts).document(spool::to_value(v));
}

template <write_options Opts = write_options{}, class T>
spool::result<std::string> write(const T& v) {
  std::string out;
  out.reserve(256);  // small documents then fit without regrowing
  if (spool::error e = write<Opts>(v, out)) return e;
  return out;
}

}  // namespace spool::toml
