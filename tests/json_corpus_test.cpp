// Round trips over the benchmark corpus (../shared/data/bench/json): read -> write -> read gives
// an equal document, compact and pretty, and writing is stable from the second pass on.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <spool/json.hpp>

#include "support/shared_data.hpp"

TEST_CASE("every corpus document survives read -> write -> read") {
  const auto dir = spool_test::shared_data("bench/json");
  if (!dir) {
    MESSAGE("skipped: ../shared/data/bench/json is absent");
    return;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(*dir))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE_FALSE(files.empty());
  for (const auto& path : files) {
    CAPTURE(path.filename().string());
    auto doc = spool::json::read_file<spool::value>(path);
    REQUIRE_MESSAGE(doc.has_value(), doc.error().message());

    const std::string compact = spool::json::write(*doc);
    auto again = spool::json::read<spool::value>(compact);
    REQUIRE(again.has_value());
    CHECK(*again == *doc);
    CHECK(spool::json::write(*again) == compact);

    const std::string pretty = spool::json::write<spool::json::write_options{.pretty = true, .indent_width = 3}>(*doc);
    auto from_pretty = spool::json::read<spool::value>(pretty);
    REQUIRE(from_pretty.has_value());
    CHECK(*from_pretty == *doc);

    const std::string ascii = spool::json::write<spool::json::write_options{.escape_unicode = true}>(*doc);
    CHECK(std::all_of(ascii.begin(), ascii.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
    auto from_ascii = spool::json::read<spool::value>(ascii);
    REQUIRE(from_ascii.has_value());
    CHECK(*from_ascii == *doc);

    auto raw = spool::json::read_file<spool::json::raw_json>(path);
    REQUIRE(raw.has_value());
    CHECK(raw->text.size() <= std::filesystem::file_size(path));
  }
}
