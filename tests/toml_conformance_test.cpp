// toml-test (TOML 1.0.0), every case in-process: valid documents must decode to the expected
// tagged JSON, and encode back to TOML that decodes to the same value; invalid ones must be
// rejected.
//
// The expected .json files are read with nlohmann/json so this test does not depend on spool's
// own JSON reader; the comparison is on typed values (tools/toml_test_protocol.hpp turns the
// tagged JSON into a spool::value), so floats compare as numbers and date-times whatever the
// spelling, as toml-test compares them.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <spool/toml.hpp>
#include <support/shared_data.hpp>
#include "../tools/toml_test_protocol.hpp"

#if __has_include(<nlohmann/json.hpp>)
#include <nlohmann/json.hpp>
#define SPOOL_TEST_HAVE_NLOHMANN 1
#endif

namespace {

namespace fs = std::filesystem;

std::string read_binary(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The .toml cases of one part of the suite ("valid", "invalid"), sorted so that failures list
// the same way on every run; none (with a message) when the suite is absent.
std::vector<fs::path> cases(std::string_view part) {
  std::vector<fs::path> out;
  auto folder = spool_test::shared_data("conformance/toml-test/tests/" + std::string(part));
  if (!folder) {
    MESSAGE("skipped: ../shared/data/conformance/toml-test is absent");
    return out;
  }
  for (const auto& entry : fs::recursive_directory_iterator(*folder))
    if (entry.is_regular_file() && entry.path().extension() == ".toml") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

constexpr spool::toml::read_options toml_1_0{.toml_version = spool::toml::version::v1_0};

#ifdef SPOOL_TEST_HAVE_NLOHMANN
// JSON as a plain spool::value (the tags stay objects of strings).
spool::value from_json(const nlohmann::json& j) {
  if (j.is_object()) {
    spool::value out = spool::value::object();
    for (const auto& [k, v] : j.items()) out.try_emplace(k, from_json(v));
    return out;
  }
  if (j.is_array()) {
    spool::value out = spool::value::array();
    for (const auto& e : j) out.push_back(from_json(e));
    return out;
  }
  return spool::value(j.get<std::string>());
}
#endif

}  // namespace

TEST_CASE("toml-test valid documents decode to the expected values and encode back") {
#ifndef SPOOL_TEST_HAVE_NLOHMANN
  MESSAGE("skipped: nlohmann/json.hpp is not installed (it reads the expected .json files)");
#else
  const std::vector<fs::path> valid = cases("valid");
  if (valid.empty()) return;
  std::size_t count = 0;
  for (const fs::path& path : valid) {
    CAPTURE(path.string());
    fs::path json_path = path;
    json_path.replace_extension(".json");
    const std::string toml_text = read_binary(path);
    const nlohmann::json expected_json = nlohmann::json::parse(read_binary(json_path));
    spool::result<spool::value> expected = spool_tools::from_tagged(from_json(expected_json));
    REQUIRE_MESSAGE(expected, expected.error().message());

    spool::result<spool::value> got = spool::toml::read<spool::value, toml_1_0>(toml_text);
    REQUIRE_MESSAGE(got, got.error().message());
    CHECK(*got == *expected);
    // The decoder's own output, as the command-line tool prints it, reads back the same.
    CHECK(spool_tools::from_tagged(spool_tools::to_tagged(*got)).value() == *expected);

    // Encoder: the expected value written as TOML and read again.
    std::string written;
    const spool::error w = spool::toml::write(*expected, written);
    REQUIRE_MESSAGE(!w, w.message());
    spool::result<spool::value> again = spool::toml::read<spool::value, toml_1_0>(written);
    REQUIRE_MESSAGE(again, std::string(again.error().message() + "\n" + written));
    CHECK_MESSAGE(*again == *expected, written);
    ++count;
  }
  CHECK(count == 210);
#endif
}

TEST_CASE("toml-test invalid documents are rejected") {
  const std::vector<fs::path> invalid = cases("invalid");
  if (invalid.empty()) return;
  std::size_t count = 0;
  for (const fs::path& path : invalid) {
    CAPTURE(path.string());
    const std::string text = read_binary(path);
    spool::result<spool::value> got = spool::toml::read<spool::value, toml_1_0>(text);
    CHECK_FALSE(got.has_value());
    if (!got) {
      // Every rejection is located inside the document and renders a message.
      CHECK(got.error().offset <= text.size());
      CHECK(got.error().line >= 1);
      CHECK_FALSE(got.error().message().empty());
    }
    ++count;
  }
  CHECK(count == 499);
}
