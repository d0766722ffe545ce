// JSONTestSuite (nst/JSONTestSuite): every y_ document is accepted, every n_ document rejected,
// by the schema-less reader, by the validating skipper (raw_json) and by a read into a type that
// cannot match (which must still fail, never crash, on every n_ file).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <spool/json.hpp>

#include "support/shared_data.hpp"

namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<std::filesystem::path> suite_files(char prefix) {
  std::vector<std::filesystem::path> files;
  const auto dir = spool_test::shared_data("conformance/JSONTestSuite/test_parsing");
  if (!dir) return files;
  for (const auto& entry : std::filesystem::directory_iterator(*dir))
    if (entry.path().filename().string().front() == prefix) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("JSONTestSuite: y_ files are accepted and round-trip") {
  const auto files = suite_files('y');
  if (files.empty()) {
    MESSAGE("skipped: ../shared/data/conformance/JSONTestSuite is absent");
    return;
  }
  CHECK(files.size() == 95);
  for (const auto& path : files) {
    CAPTURE(path.filename().string());
    const std::string text = slurp(path);
    auto v = spool::json::read<spool::value>(text);
    CHECK_MESSAGE(v.has_value(), v.error().message());
    auto raw = spool::json::read<spool::json::raw_json>(text);
    CHECK(raw.has_value());
    if (!v) continue;
    const std::string written = spool::json::write(*v);
    auto again = spool::json::read<spool::value>(written);
    REQUIRE(again.has_value());
    CHECK(*again == *v);
  }
}

TEST_CASE("JSONTestSuite: n_ files are rejected") {
  const auto files = suite_files('n');
  if (files.empty()) {
    MESSAGE("skipped: ../shared/data/conformance/JSONTestSuite is absent");
    return;
  }
  CHECK(files.size() == 188);
  for (const auto& path : files) {
    CAPTURE(path.filename().string());
    const std::string text = slurp(path);
    auto v = spool::json::read<spool::value>(text);
    CHECK_FALSE(v.has_value());
    CHECK_FALSE(spool::json::read<spool::json::raw_json>(text).has_value());
    CHECK_FALSE(spool::json::read<std::vector<std::string>>(text).has_value());
    if (!v) CHECK(v.error().code != spool::errc::ok);
  }
}
