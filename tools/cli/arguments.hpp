// Command-line parsing for the spool tool: one struct of everything a command may be given.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace spool_cli {

enum class format { json, ndjson, toml, msgpack };

struct arguments {
  std::string command;                 // convert, check, toml-test
  std::optional<format> from, to;
  std::optional<bool> pretty;          // unset: pretty for TOML and terminals' JSON, compact otherwise
  std::vector<std::string> inputs;     // "-" is standard input
  std::optional<std::string> output;   // -o; standard output when unset
  std::string toml_version = "1.1";
  bool allow_comments = false;
  bool allow_trailing_commas = false;
  bool help = false;
  bool version = false;
};

// A format from its name on the command line (json, ndjson, toml, msgpack).
inline std::optional<format> format_named(std::string_view name) {
  if (name == "json") return format::json;
  if (name == "ndjson") return format::ndjson;
  if (name == "toml") return format::toml;
  if (name == "msgpack" || name == "mpk") return format::msgpack;
  return std::nullopt;
}

// A format from a file name's extension, for inputs and outputs given without --from/--to.
inline std::optional<format> format_of_path(std::string_view path) {
  auto dot = path.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  auto extension = path.substr(dot + 1);
  if (extension == "json") return format::json;
  if (extension == "ndjson" || extension == "jsonl") return format::ndjson;
  if (extension == "toml") return format::toml;
  if (extension == "msgpack" || extension == "mpk") return format::msgpack;
  return std::nullopt;
}

inline std::string_view name_of(format f) {
  switch (f) {
    case format::json: return "json";
    case format::ndjson: return "ndjson";
    case format::toml: return "toml";
    case format::msgpack: return "msgpack";
  }
  return "?";
}

// Parses argv after the program name. On a usage error returns nullopt and sets `problem`.
inline std::optional<arguments> parse_arguments(std::span<char* const> args, std::string& problem) {
  arguments parsed;
  auto take_format = [&](std::size_t& i, std::optional<format>& into) {
    if (i + 1 >= args.size()) return problem = std::string(args[i]) + " needs a format", false;
    auto named = format_named(args[++i]);
    if (!named) return problem = "unknown format '" + std::string(args[i]) + "'", false;
    into = named;
    return true;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") parsed.help = true;
    else if (arg == "--version") parsed.version = true;
    else if (arg == "--from") { if (!take_format(i, parsed.from)) return std::nullopt; }
    else if (arg == "--to") { if (!take_format(i, parsed.to)) return std::nullopt; }
    else if (arg == "--pretty") parsed.pretty = true;
    else if (arg == "--compact") parsed.pretty = false;
    else if (arg == "--allow-comments") parsed.allow_comments = true;
    else if (arg == "--allow-trailing-commas") parsed.allow_trailing_commas = true;
    else if (arg == "--toml-version") {
      if (i + 1 >= args.size()) return problem = "--toml-version needs 1.0 or 1.1", std::nullopt;
      parsed.toml_version = args[++i];
      if (parsed.toml_version != "1.0" && parsed.toml_version != "1.1")
        return problem = "--toml-version takes 1.0 or 1.1", std::nullopt;
    } else if (arg == "-o" || arg == "--output") {
      if (i + 1 >= args.size()) return problem = "-o needs a file name", std::nullopt;
      parsed.output = args[++i];
    } else if (arg.size() > 1 && arg.front() == '-' && arg != "-") {
      return problem = "unknown option '" + std::string(arg) + "'", std::nullopt;
    } else if (parsed.command.empty()) {
      parsed.command = arg;
    } else {
      parsed.inputs.emplace_back(arg);
    }
  }
  return parsed;
}

}  // namespace spool_cli
