// spool: convert between JSON, NDJSON, TOML and MessagePack, check documents, and drive the
// toml-test conformance suite. Exit codes: 0 success, 1 invalid input, 2 usage or I/O error.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/pool.hpp>
#include <spool/toml.hpp>
#include <spool/value.hpp>
#include <spool/version.hpp>

#include "cli/arguments.hpp"
#include "cli/documents.hpp"
#include "toml_test_protocol.hpp"

namespace {

using namespace spool_cli;

constexpr int exit_ok = 0, exit_invalid = 1, exit_usage = 2;

constexpr std::string_view general_help = R"(usage: spool COMMAND [OPTIONS]

Commands:
  convert [--from FMT] [--to FMT] [--pretty|--compact] [INPUT|-] [-o OUTPUT]
                      convert a document (standard input/output when no file is named)
  check [--from FMT] [INPUT|-]...
                      validate documents, printing each error
  toml-test decode    toml-test's decoder: TOML on stdin, tagged JSON on stdout
  toml-test encode    toml-test's encoder: tagged JSON on stdin, TOML on stdout

FMT is json, ndjson, toml or msgpack; without --from/--to it comes from the file extension
(.json, .ndjson, .toml, .msgpack, .mpk). Reader options: --toml-version 1.0|1.1 (default 1.1),
--allow-comments and --allow-trailing-commas (JSON).

Values are kept exactly (64-bit integers at their limits, doubles to the last bit). Where the
target cannot hold a value, it becomes one that loses nothing:
  JSON:    date-times become RFC 3339 strings, binary a base64 string, MessagePack ext
           {"$ext": type, "base64": "..."}.
  TOML:    binary and ext as for JSON; a null is an error naming its path.
  MessagePack: offset date-times become timestamps (and timestamps TOML offset date-times);
           the local date-time kinds become RFC 3339 strings.
An NDJSON input holds one document per line; converting several documents needs an NDJSON output.

Exit status: 0 success, 1 invalid input (nothing is written), 2 usage or I/O error.
spool --version prints the version.
)";

constexpr std::string_view convert_help = R"(usage: spool convert [--from FMT] [--to FMT] [--pretty|--compact] [INPUT|-] [-o OUTPUT]

Reads one document (or an NDJSON stream) and writes it in another format. Output goes to
OUTPUT or standard output, and nothing is written when the input is invalid.
See `spool --help` for formats, reader options and how values a format cannot hold are mapped.
)";

constexpr std::string_view check_help = R"(usage: spool check [--from FMT] [INPUT|-]...

Validates each input and prints every error as FILE:LINE:COLUMN: error: ... with the source line.
Exit status 0 when every input is valid, 1 when one is not, 2 on usage or I/O errors.
)";

constexpr std::string_view toml_test_help = R"(usage: spool toml-test decode|encode [--toml-version 1.0|1.1]

decode: TOML on standard input, toml-test's tagged JSON on standard output; exit 1 on invalid TOML.
encode: tagged JSON on standard input, TOML on standard output.
)";

int usage_error(std::string_view problem) {
  std::cerr << "spool: " << problem << "\n(see spool --help)\n";
  return exit_usage;
}

std::optional<std::string> slurp(const std::string& name, std::string& problem) {
  spool::result<spool::buffer_lease> body =
      name == "-" ? spool::read_all(std::cin) : spool::read_file(name);
  if (!body) {
    problem = body.error().message();
    return std::nullopt;
  }
  return std::string((*body)->view());
}

bool write_out(const std::optional<std::string>& output, std::string_view bytes) {
  if (!output) {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(std::cout.flush());
  }
  std::ofstream file(*output, std::ios::binary | std::ios::trunc);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(file.flush());
}

int convert(const arguments& args) {
  if (args.inputs.size() > 1) return usage_error("convert takes one input");
  const std::string input = args.inputs.empty() ? "-" : args.inputs.front();
  std::optional<format> from = args.from ? args.from : format_of_path(input);
  std::optional<format> to = args.to ? args.to : (args.output ? format_of_path(*args.output) : std::nullopt);
  if (!from) return usage_error("cannot tell the input format of '" + input + "': give --from");
  if (!to) return usage_error("give the output format with --to (or an -o file with a known extension)");

  std::string problem;
  std::optional<std::string> text = slurp(input, problem);
  if (!text) {
    std::cerr << problem << '\n';
    return exit_usage;
  }
  spool::result<std::vector<spool::value>> documents = read_documents(*text, *from, args);
  if (!documents) {
    spool::error e = documents.error();
    e.source_name = input == "-" ? "<stdin>" : input;
    std::cerr << e.message() << '\n';
    return exit_invalid;
  }
  spool::result<std::string> out = write_documents(*documents, *to, args);
  if (!out) {
    std::cerr << "spool: cannot write " << name_of(*to) << ": " << out.error().message() << '\n';
    return exit_invalid;
  }
  if (!write_out(args.output, *out)) {
    std::cerr << "spool: cannot write " << (args.output ? *args.output : "standard output") << '\n';
    return exit_usage;
  }
  return exit_ok;
}

int check(const arguments& args) {
  std::vector<std::string> inputs = args.inputs;
  if (inputs.empty()) inputs.emplace_back("-");
  int status = exit_ok;
  for (const std::string& input : inputs) {
    std::optional<format> from = args.from ? args.from : format_of_path(input);
    if (!from) return usage_error("cannot tell the format of '" + input + "': give --from");
    std::string problem;
    std::optional<std::string> text = slurp(input, problem);
    if (!text) {
      std::cerr << problem << '\n';
      return exit_usage;
    }
    if (auto documents = read_documents(*text, *from, args); !documents) {
      spool::error e = documents.error();
      e.source_name = input == "-" ? "<stdin>" : input;
      std::cerr << e.message() << '\n';
      status = exit_invalid;
    }
  }
  return status;
}

int toml_test(const arguments& args) {
  if (args.inputs.size() != 1 || (args.inputs[0] != "decode" && args.inputs[0] != "encode"))
    return usage_error("toml-test takes decode or encode");
  std::string problem;
  std::optional<std::string> text = slurp("-", problem);
  if (!text) {
    std::cerr << problem << '\n';
    return exit_usage;
  }
  if (args.inputs[0] == "decode") {
    spool::result<std::vector<spool::value>> document = read_documents(*text, format::toml, args);
    if (!document) {
      spool::error e = document.error();
      e.source_name = "<stdin>";
      std::cerr << e.message() << '\n';
      return exit_invalid;
    }
    std::string out = spool::json::write(spool_tools::to_tagged(document->front()));
    out += '\n';
    return write_out(std::nullopt, out) ? exit_ok : exit_usage;
  }
  spool::result<spool::value> tagged = spool::json::read<spool::value>(*text);
  if (!tagged) {
    std::cerr << tagged.error().message() << '\n';
    return exit_invalid;
  }
  spool::result<spool::value> document = spool_tools::from_tagged(*tagged);
  if (!document) {
    std::cerr << document.error().message() << '\n';
    return exit_invalid;
  }
  spool::result<std::string> out = write_documents(std::span(&*document, 1), format::toml, args);
  if (!out) {
    std::cerr << out.error().message() << '\n';
    return exit_invalid;
  }
  return write_out(std::nullopt, *out) ? exit_ok : exit_usage;
}

}  // namespace

int main(int argc, char** argv) {
  std::string problem;
  std::optional<arguments> args =
      parse_arguments(std::span<char* const>(argv + 1, static_cast<std::size_t>(argc - 1)), problem);
  if (!args) return usage_error(problem);
  if (args->version) {
    std::cout << "spool " << spool::version_string << '\n';
    return exit_ok;
  }
  if (args->command.empty()) {
    std::cout << general_help;
    return args->help ? exit_ok : exit_usage;
  }
  if (args->command == "convert") {
    if (args->help) return std::cout << convert_help, exit_ok;
    return convert(*args);
  }
  if (args->command == "check") {
    if (args->help) return std::cout << check_help, exit_ok;
    return check(*args);
  }
  if (args->command == "toml-test") {
    if (args->help) return std::cout << toml_test_help, exit_ok;
    return toml_test(*args);
  }
  return usage_error("unknown command '" + args->command + "'");
}
