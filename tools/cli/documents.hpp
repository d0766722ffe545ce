// Reading documents of any format into spool::value and writing them out again, with the
// reader options of the command line chosen at run time among the compiled-in combinations.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <spool/error.hpp>
#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/toml.hpp>
#include <spool/value.hpp>

#include "arguments.hpp"
#include "lossless.hpp"

namespace spool_cli {

template <spool::json::read_options Opts>
spool::error read_json_as(std::string_view text, spool::value& out) {
  return spool::json::read<Opts>(text, out);
}

inline spool::error read_json(std::string_view text, const arguments& args, spool::value& out) {
  if (args.allow_comments && args.allow_trailing_commas)
    return read_json_as<spool::json::read_options{.comments = true, .trailing_commas = true}>(text, out);
  if (args.allow_comments) return read_json_as<spool::json::read_options{.comments = true}>(text, out);
  if (args.allow_trailing_commas) return read_json_as<spool::json::read_options{.trailing_commas = true}>(text, out);
  return read_json_as<spool::json::read_options{}>(text, out);
}

// NDJSON: one document per line; blank lines are allowed. Errors point into the whole input.
inline spool::error read_ndjson(std::string_view text, const arguments& args, std::vector<spool::value>& out) {
  std::size_t line_start = 0;
  while (line_start < text.size()) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = text.size();
    std::string_view line = text.substr(line_start, line_end - line_start);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
      spool::value document;
      if (spool::error e = read_json(line, args, document)) {
        if (e.has_position()) e.offset += line_start;
        e.locate(text);
        return e;
      }
      out.push_back(std::move(document));
    }
    line_start = line_end + 1;
  }
  return {};
}

inline spool::result<std::vector<spool::value>> read_documents(std::string_view text, format from,
                                                               const arguments& args) {
  std::vector<spool::value> documents;
  if (from == format::ndjson) {
    if (spool::error e = read_ndjson(text, args, documents)) return e;
    return documents;
  }
  spool::value document;
  spool::error e;
  switch (from) {
    case format::json: e = read_json(text, args, document); break;
    case format::toml:
      e = args.toml_version == "1.0"
              ? spool::toml::read<spool::toml::read_options{.toml_version = spool::toml::version::v1_0}>(text, document)
              : spool::toml::read<spool::toml::read_options{.toml_version = spool::toml::version::v1_1}>(text, document);
      break;
    case format::msgpack: e = spool::msgpack::read(text, document); break;
    case format::ndjson: break;
  }
  if (e) return e;
  documents.push_back(std::move(document));
  return documents;
}

inline spool::error write_json(const spool::value& document, bool pretty, std::string& out) {
  return pretty ? spool::json::write<spool::json::write_options{.pretty = true}>(document, out) : spool::json::write(document, out);
}

// The documents in format `to`. Several documents need NDJSON (or MessagePack, written back to
// back); JSON output ends with a newline, as text files do.
inline spool::result<std::string> write_documents(std::span<const spool::value> documents, format to,
                                                  const arguments& args) {
  if (documents.size() != 1 && to != format::ndjson && to != format::msgpack)
    return spool::make_error(spool::errc::unsupported, spool::error::no_position, "one document",
                             std::to_string(documents.size()) + " documents (write NDJSON)");
  std::string out;
  for (const spool::value& original : documents) {
    spool::value document = to_representable(original, to);
    spool::error e;
    switch (to) {
      case format::json: e = write_json(document, args.pretty.value_or(false), out); out += '\n'; break;
      case format::ndjson: e = write_json(document, false, out); out += '\n'; break;
      case format::toml: e = spool::toml::write(document, out); break;
      case format::msgpack: e = spool::msgpack::write(document, out); break;
    }
    if (e) return e;
  }
  return out;
}

}  // namespace spool_cli
