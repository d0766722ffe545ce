// JSON (RFC 8259) for spool: read into structs, containers and spool::value; write them back.
//
//   struct server { std::string host; std::uint16_t port = 80; std::vector<std::string> tags; };
//
//   spool::result<server> s = spool::json::read<server>(R"({"host":"a","port":8080,"tags":[]})");
//   if (!s) std::cerr << s.error().message() << '\n';    // 1:21: error: expected integer for 'port' ...
//   spool::error e = spool::json::read(text, existing);  // into an object, reusing its capacity
//   auto doc = spool::json::read<spool::value>(text);    // no schema
//   auto cfg = spool::json::read_file<server>("server.json");
//   std::string out = spool::json::write(*s);                           // {"host":"a",...}
//   std::string pretty = spool::json::write<spool::json::write_options{.pretty = true}>(*s);
//   spool::error w = spool::json::write(*s, out);                       // appends to out
//
// Reading is strict RFC 8259 unless read_options say otherwise (json/options.hpp: comments,
// trailing commas, unknown keys, required fields, limits). The input is one value with optional
// whitespace around it: whitespace only is errc::empty_input (an empty body, not a syntax error),
// anything after the value is errc::trailing_data. Errors carry offset, line, column and path.
//
// Reading into an existing object assigns what the document says and leaves the rest: members
// the document does not name keep their values (those declared with spool::default_value get
// that value again), and elements of vectors are read into in place (then surplus ones
// dropped), so a reused object allocates only for strings that must grow.
//
// std::string_view members point into the input: they are valid while the input lives, and a
// string with escapes cannot be viewed (errc::unsupported: read it into std::string).
//
// Writing is compact by default; write_options give pretty output, NaN/Inf as null, ASCII-only
// output. write(obj) returns the text (one exactly-sized allocation; the text is built in a pooled
// buffer) and throws spool::exception when the object cannot be written (NaN without
// nan_inf_as_null, a string that is not UTF-8); write(obj, out) reports that as a spool::error.
//
// Type mapping: bool, integers (range-checked), float/double, std::string/string_view/char[N],
// sequences, std::array, sets and tuples as arrays; maps with string, integer or enum keys and
// reflected structs as objects; optional/unique_ptr/shared_ptr as null or the value; enums by
// name (or number with enums_as_integers); std::chrono::sys_time as RFC 3339 text and durations
// as their tick count; byte containers as arrays of numbers; variants by JSON type, or tagged by
// read/write_options::variant_tag (json/variant_tag.hpp); spool::value anywhere; raw_json keeps
// a sub-document as text (json/raw_json.hpp).
//
// Streams of values (NDJSON, concatenated JSON from a socket) are read one value at a time, in
// bounded memory, by spool::json::stream_reader (json/stream_reader.hpp):
//   spool::json::stream_reader in{std::cin};
//   while (in.more()) { auto e = in.read<event>(); if (!e) { report(e.error()); break; } use(*e); }
#pragma once

#include <filesystem>
#include <istream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <spool/error.hpp>
#include <spool/json/options.hpp>
#include <spool/json/raw_json.hpp>
#include <spool/json/reader.hpp>
#include <spool/json/stream_reader.hpp>
#include <spool/json/writer.hpp>
#include <spool/pool.hpp>

namespace spool::json {

// Reads a whole document into an existing object, reusing the capacity of its strings and
// containers; members the document does not name keep their values (or get their
// spool::default_value).
template <read_options Opts = read_options{}, class T>
spool::error read(std::string_view input, T& out) {
  auto r = spool::lease_object<detail::reader<Opts>>();
  if (r->document(input, out)) return {};
  spool::error e = std::move(r->error);
  e.locate(input);
  return e;
}

// Reads a T from the whole of `input`.
template <class T, read_options Opts = read_options{}>
  requires std::is_default_constructible_v<T>
spool::result<T> read(std::string_view input) {
  T out{};
  if (spool::error e = read<Opts>(input, out)) return e;
  return out;
}

// Reads the whole stream into a pooled buffer, then into `out`.
template <read_options Opts = read_options{}, class T>
spool::error read(std::istream& in, T& out) {
  spool::result<spool::buffer_lease> body = spool::read_all(in, Opts.max_input_size);
  if (!body) return std::move(body).error();
  return read<Opts>((*body)->view(), out);
}

// Reads the whole stream into a pooled buffer, then a T from it.
template <class T, read_options Opts = read_options{}>
  requires std::is_default_constructible_v<T>
spool::result<T> read(std::istream& in) {
  T out{};
  if (spool::error e = read<Opts>(in, out)) return e;
  return out;
}

// Reads the file at `path` into a pooled buffer, then into `out`; messages name the file.
template <read_options Opts = read_options{}, class T>
spool::error read_file(const std::filesystem::path& path, T& out) {
  spool::result<spool::buffer_lease> body = spool::read_file(path, Opts.max_input_size);
  if (!body) return std::move(body).error();
  spool::error e = read<Opts>((*body)->view(), out);
  if (e) e.source_name = path.string();
  return e;
}

// Reads the file at `path` into a pooled buffer, then a T from it; messages name the file.
template <class T, read_options Opts = read_options{}>
  requires std::is_default_constructible_v<T>
spool::result<T> read_file(const std::filesystem::path& path) {
  T out{};
  if (spool::error e = read_file<Opts>(path, out)) return e;
  return out;
}

// Appends the JSON text of `v` to `out` (std::string, std::vector<char> or spool::byte_buffer).
// On error `out` is left as it was; the error names a path but no position (has_position()).
template <write_options Opts = write_options{}, class T, class Out>
spool::error write(const T& v, Out& out) {
  if constexpr (std::is_same_v<Out, spool::byte_buffer>) {
    const std::size_t before = out.size();
    detail::writer<Opts> w(out);
    if (w.document(v)) return {};
    out.resize(before);
    return std::move(w.error().drop_position());
  } else {
    static_assert(std::is_same_v<Out, std::string> || std::is_same_v<Out, std::vector<char>>,
                  "write appends to std::string, std::vector<char> or spool::byte_buffer");
    spool::buffer_lease buffer = spool::lease_buffer();
    detail::writer<Opts> w(*buffer);
    if (!w.document(v)) return std::move(w.error().drop_position());
    spool::detail::append_output(out, *buffer);
    return {};
  }
}

// The JSON text of `v`; throws spool::exception (or, without exceptions, terminates with the
// message) when `v` cannot be written.
template <write_options Opts = write_options{}, class T>
std::string write(const T& v) {
  spool::buffer_lease buffer = spool::lease_buffer();
  detail::writer<Opts> w(*buffer);
  if (!w.document(v)) spool::detail::fail(w.error().drop_position());
  return std::string(buffer->view());
}

}  // namespace spool::json
