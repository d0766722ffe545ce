// Round trips over every document of the TOML benchmark corpora: read, write, read again gives
// the same value, and writing that value again gives the same text. Read into a map of values,
// each document writes the same text straight from the map as through spool::to_value.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <spool/toml.hpp>
#include <support/shared_data.hpp>

namespace {
constexpr spool::toml::write_options inline_small{.inline_table_max = 8};
}  // namespace

TEST_CASE("every benchmark document survives read -> write -> read") {
  auto folder = spool_test::shared_data("bench/toml");
  if (!folder) {
    MESSAGE("skipped: ../shared/data/bench/toml is absent");
    return;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(*folder))
    if (entry.is_regular_file() && entry.path().extension() == ".toml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  CHECK(files.size() >= 30);

  for (const auto& path : files) {
    CAPTURE(path.string());
    spool::result<spool::value> original = spool::toml::read_file<spool::value>(path);
    REQUIRE_MESSAGE(original, original.error().message());
    std::string text;
    const spool::error w = spool::toml::write(*original, text);
    REQUIRE_MESSAGE(!w, w.message());
    spool::result<spool::value> again = spool::toml::read<spool::value>(text);
    REQUIRE_MESSAGE(again, again.error().message());
    CHECK(*again == *original);
    CHECK(spool::toml::write(*again) == text);
    // The inline-table layout reads back the same too.
    const std::string compact = spool::toml::write<inline_small>(*original);
    CHECK(spool::toml::read<spool::value>(compact).value() == *original);

    const auto by_key = spool::toml::read_file<std::map<std::string, spool::value>>(path);
    REQUIRE_MESSAGE(by_key, by_key.error().message());
    CHECK(spool::toml::write(*by_key) == spool::toml::write(spool::to_value(*by_key)));
    CHECK(spool::toml::write<inline_small>(*by_key) == spool::toml::write<inline_small>(spool::to_value(*by_key)));
  }
}
