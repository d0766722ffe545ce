// The spool command-line tool end to end: conversions both ways on small documents and on the
// shared corpora, exit codes, messages, and toml-test's decoder and encoder protocols over the
// whole suite.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/version.hpp>
#include <spool/toml.hpp>
#include <support/shared_data.hpp>

#include "../tools/toml_test_protocol.hpp"

#ifdef SPOOL_CLI_PATH

namespace {

namespace fs = std::filesystem;

const fs::path test_data = fs::path(SPOOL_TEST_DATA_DIR) / "cli";

struct outcome {
  int status = -1;
  std::string out, err;
};

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs the tool with `args` (already quoted where needed) and `stdin_file` on standard input.
outcome run(const std::string& args, const fs::path& stdin_file = "/dev/null") {
  static const fs::path scratch = fs::temp_directory_path() / ("spool-cli-test-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  const fs::path out = scratch / "out", err = scratch / "err";
  std::string command = quoted(SPOOL_CLI_PATH) + " " + args + " < " + quoted(stdin_file.string()) + " > " +
                        quoted(out.string()) + " 2> " + quoted(err.string());
  int raw = std::system(command.c_str());
  outcome o;
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  o.out = slurp(out);
  o.err = slurp(err);
  return o;
}

fs::path scratch_file(const std::string& name, const std::string& contents) {
  fs::path path = fs::temp_directory_path() / ("spool-cli-test-" + std::to_string(::getpid())) / name;
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

spool::value json_value(const std::string& text) {
  auto v = spool::json::read<spool::value>(text);
  REQUIRE_MESSAGE(v.has_value(), v.error().message());
  return *v;
}

}  // namespace

TEST_CASE("version, help and usage errors") {
  outcome version = run("--version");
  CHECK(version.status == 0);
  CHECK(version.out == std::string("spool ") + spool::version_string + "\n");

  outcome help = run("--help");
  CHECK(help.status == 0);
  CHECK(help.out.find("toml-test decode") != std::string::npos);
  CHECK(help.out.find("base64") != std::string::npos);  // the lossless mapping is documented
  for (const char* command : {"convert", "check", "toml-test"}) {
    outcome h = run(std::string(command) + " --help");
    CHECK(h.status == 0);
    CHECK(h.out.find(std::string("usage: spool ") + command) == 0);
  }

  CHECK(run("frobnicate").status == 2);
  CHECK(run("convert --bogus").status == 2);
  CHECK(run("convert --from yaml").status == 2);
  CHECK(run("convert " + quoted((test_data / "numbers.json").string())).status == 2);  // no --to
  CHECK(run("check /no/such/file.json").status == 2);
  CHECK(run("").status == 2);
}

TEST_CASE("JSON to MessagePack and back keeps every number and string exactly") {
  const fs::path source = test_data / "numbers.json";
  const fs::path packed = scratch_file("numbers.msgpack", "");
  outcome to_msgpack = run("convert " + quoted(source.string()) + " -o " + quoted(packed.string()));
  REQUIRE_MESSAGE(to_msgpack.status == 0, to_msgpack.err);

  auto unpacked = spool::msgpack::read<spool::value>(slurp(packed));
  REQUIRE(unpacked.has_value());
  CHECK(*unpacked == json_value(slurp(source)));

  outcome back = run("convert --from msgpack --to json", packed);
  REQUIRE_MESSAGE(back.status == 0, back.err);
  spool::value round_tripped = json_value(back.out);
  CHECK(round_tripped == json_value(slurp(source)));
  CHECK(round_tripped["uint64_max"].as_uint64().value() == 18446744073709551615ull);
  CHECK(std::signbit(round_tripped["negative_zero"].as_double().value()));
}

TEST_CASE("TOML date-times become RFC 3339 strings in JSON and timestamps in MessagePack") {
  const fs::path source = test_data / "server.toml";
  outcome json = run("convert --to json " + quoted(source.string()));
  REQUIRE_MESSAGE(json.status == 0, json.err);
  spool::value v = json_value(json.out);
  CHECK(v["started"].as_string().value() == "1979-05-27T07:32:00.999999-07:00");
  CHECK(v["day"].as_string().value() == "1979-05-27");
  CHECK(v["server"]["routes"][0]["path"].as_string().value() == "/");

  const fs::path packed = scratch_file("server.msgpack", "");
  REQUIRE(run("convert " + quoted(source.string()) + " -o " + quoted(packed.string())).status == 0);
  outcome toml = run("convert --from msgpack --to toml", packed);
  REQUIRE_MESSAGE(toml.status == 0, toml.err);
  auto back = spool::toml::read<spool::value>(toml.out);
  REQUIRE_MESSAGE(back.has_value(), back.error().message());
  // The offset date-time survives as a timestamp (the same instant; MessagePack keeps no offset).
  auto original = spool::toml::read<spool::value>(slurp(source)).value();
  CHECK((*back)["started"].as_offset_datetime().value().to_sys_time().value() ==
        original["started"].as_offset_datetime().value().to_sys_time().value());
  CHECK((*back)["server"] == original["server"]);
}

TEST_CASE("binary and ext become base64 forms in JSON") {
  // {"b": bin8 [1 2 3], "e": fixext1 type 5 [0xff]}
  const std::string bytes("\x82\xa1" "b" "\xc4\x03\x01\x02\x03" "\xa1" "e" "\xd4\x05\xff", 13);
  outcome json = run("convert --from msgpack --to json", scratch_file("bin.msgpack", bytes));
  REQUIRE_MESSAGE(json.status == 0, json.err);
  spool::value v = json_value(json.out);
  CHECK(v["b"].as_string().value() == "AQID");
  CHECK(v["e"]["$ext"].as_int64().value() == 5);
  CHECK(v["e"]["base64"].as_string().value() == "/w==");
}

TEST_CASE("invalid input: exit 1, a located message, nothing written") {
  const fs::path bad = test_data / "trailing_comma.json";
  outcome checked = run("check " + quoted(bad.string()));
  CHECK(checked.status == 1);
  CHECK(checked.err.find(bad.string() + ":2:23: error:") == 0);
  CHECK(checked.err.find("\n   \"ports\": [8080, 8081,],\n") != std::string::npos);
  CHECK(checked.err.find('^') != std::string::npos);

  CHECK(run("check --allow-trailing-commas " + quoted(bad.string())).status == 0);
  CHECK(run("check " + quoted((test_data / "numbers.json").string()) + " " + quoted(bad.string())).status == 1);

  const fs::path target = fs::temp_directory_path() / ("spool-cli-test-" + std::to_string(::getpid())) / "never.toml";
  fs::remove(target);
  CHECK(run("convert " + quoted(bad.string()) + " -o " + quoted(target.string())).status == 1);
  CHECK_FALSE(fs::exists(target));

  outcome null_to_toml = run("convert --from json --to toml", scratch_file("null.json", R"({"a": {"b": null}})"));
  CHECK(null_to_toml.status == 1);
  CHECK(null_to_toml.err ==
        "spool: cannot write toml: error: unsupported at 'a.b': expected a value TOML can hold, found null\n");
  CHECK(null_to_toml.out.empty());
  outcome two_to_json = run("convert --from ndjson --to json", scratch_file("two.ndjson", "1\n2\n"));
  CHECK(two_to_json.status == 1);
  CHECK(two_to_json.err.find(": error: unsupported: expected one document, found 2 documents") != std::string::npos);
  CHECK(two_to_json.err.find("offset") == std::string::npos);
}

TEST_CASE("NDJSON: one document per line, errors located in the whole stream") {
  const fs::path lines = scratch_file("lines.ndjson", "{\"a\":1}\n\n[2,3]\n\"x\"\n");
  outcome same = run("convert --to ndjson " + quoted(lines.string()));
  REQUIRE_MESSAGE(same.status == 0, same.err);
  CHECK(same.out == "{\"a\":1}\n[2,3]\n\"x\"\n");
  CHECK(run("convert --to json " + quoted(lines.string())).status == 1);  // three documents

  const fs::path broken = scratch_file("broken.ndjson", "{\"a\":1}\n[2,,3]\n");
  outcome checked = run("check " + quoted(broken.string()));
  CHECK(checked.status == 1);
  CHECK(checked.err.find(broken.string() + ":2:4: error:") == 0);
}

TEST_CASE("the JSON corpus converts to MessagePack and TOML and back without a change") {
  auto folder = spool_test::shared_data("bench/json");
  if (!folder) {
    MESSAGE("skipped: ../shared/data/bench/json is absent");
    return;
  }
  for (const char* name : {"twitter.simdjson.json", "citm_catalog.json", "canada.json", "random.json"}) {
    CAPTURE(name);
    const fs::path source = *folder / name;
    const spool::value original = json_value(slurp(source));
    for (const char* via : {"msgpack", "toml"}) {
      CAPTURE(via);
      const fs::path middle = scratch_file(std::string("corpus.") + via, "");
      outcome there = run("convert --from json --to " + std::string(via) + " " + quoted(source.string()) +
                          " -o " + quoted(middle.string()));
      if (std::string(via) == "toml" && there.status == 1) {
        // TOML has no null: documents holding one are refused, naming the path.
        CHECK(there.err.find("null") != std::string::npos);
        continue;
      }
      REQUIRE_MESSAGE(there.status == 0, there.err);
      outcome back = run("convert --from " + std::string(via) + " --to json", middle);
      REQUIRE_MESSAGE(back.status == 0, back.err);
      CHECK(json_value(back.out) == original);
    }
  }
}

TEST_CASE("toml-test protocol over the whole TOML 1.0.0 suite") {
  auto suite = spool_test::shared_data("conformance/toml-test/tests");
  if (!suite) {
    MESSAGE("skipped: ../shared/data/conformance/toml-test is absent");
    return;
  }
  std::vector<fs::path> valid, invalid;
  for (const auto& entry : fs::recursive_directory_iterator(*suite)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".toml") continue;
    auto relative = fs::relative(entry.path(), *suite).string();
    (relative.rfind("valid/", 0) == 0 ? valid : invalid).push_back(entry.path());
  }
  std::sort(valid.begin(), valid.end());
  std::sort(invalid.begin(), invalid.end());
  CHECK(valid.size() == 210);
  CHECK(invalid.size() == 499);

  for (const fs::path& toml : valid) {
    CAPTURE(toml.string());
    fs::path expected_json = toml;
    expected_json.replace_extension(".json");
    spool::value expected = spool_tools::from_tagged(json_value(slurp(expected_json))).value();

    outcome decoded = run("toml-test decode --toml-version 1.0", toml);
    REQUIRE_MESSAGE(decoded.status == 0, decoded.err);
    auto typed = spool_tools::from_tagged(json_value(decoded.out));
    REQUIRE(typed.has_value());
    CHECK(*typed == expected);

    outcome encoded = run("toml-test encode", expected_json);
    REQUIRE_MESSAGE(encoded.status == 0, encoded.err);
    auto reread = spool::toml::read<spool::value>(encoded.out);
    REQUIRE_MESSAGE(reread.has_value(), reread.error().message());
    CHECK(*reread == expected);
  }
  for (const fs::path& toml : invalid) {
    CAPTURE(toml.string());
    outcome decoded = run("toml-test decode --toml-version 1.0", toml);
    CHECK(decoded.status == 1);
    CHECK(decoded.out.empty());
    CHECK_FALSE(decoded.err.empty());
  }
}

#else

TEST_CASE("the command-line tool is not built in this configuration") {
  MESSAGE("skipped: SPOOL_BUILD_TOOLS is off, so there is no spool tool to test");
}

#endif
