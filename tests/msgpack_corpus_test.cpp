// Real documents: the MessagePack bench corpus read into spool::value, written back and read
// again; the same documents compared with their JSON originals; every JSON bench document
// converted to MessagePack through spool::value and back; canada read into typed structs.
#include <spool/json.hpp>
#include <spool/msgpack.hpp>

#include <doctest/doctest.h>

#include <array>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/shared_data.hpp"

namespace {

std::string slurp(const std::filesystem::path& path) {
  auto body = spool::read_file(path);
  REQUIRE(body.has_value());
  return std::string(body.value()->view());
}

struct polygon {
  std::string type;
  std::vector<std::vector<std::array<double, 2>>> coordinates;
  friend bool operator==(const polygon&, const polygon&) = default;
};

struct feature {
  std::string type;
  std::map<std::string, std::string> properties;
  polygon geometry;
  friend bool operator==(const feature&, const feature&) = default;
};

struct feature_collection {
  std::string type;
  std::vector<feature> features;
  friend bool operator==(const feature_collection&, const feature_collection&) = default;
};

struct nothing {};

}  // namespace

TEST_CASE("the msgpack corpus reads into spool::value and survives a round trip") {
  auto dir = spool_test::shared_data("bench/msgpack");
  if (!dir) {
    MESSAGE("shared data absent: bench/msgpack skipped");
    return;
  }
  for (const char* name : {"twitter", "citm_catalog", "canada"}) {
    CAPTURE(name);
    const std::string original = slurp(*dir / (std::string(name) + ".msgpack"));
    auto doc = spool::msgpack::read<spool::value>(original);
    INFO(doc.error().message());
    REQUIRE(doc.has_value());
    const std::string again = spool::msgpack::write(*doc);
    auto reread = spool::msgpack::read<spool::value>(again);
    REQUIRE(reread.has_value());
    CHECK(*reread == *doc);
    // Writing is canonical: the smallest forms, so a second trip gives the same bytes. Only
    // float32 numbers (which a value holds as doubles) make the first trip longer than the input.
    CHECK(spool::msgpack::write(*reread) == again);
    CHECK(again.size() >= original.size());
    // A struct that wants nothing skips the whole document.
    CHECK(spool::msgpack::read<nothing>(original).has_value());
    // Cut anywhere, the document is an error and never a crash.
    for (std::size_t cut : {original.size() / 3, original.size() / 2, original.size() - 1}) {
      CHECK(spool::msgpack::read<spool::value>(std::string_view(original).substr(0, cut)).error().code ==
            spool::errc::unexpected_end);
    }
  }
}

TEST_CASE("the msgpack corpus says what its JSON originals say") {
  auto msgpack_dir = spool_test::shared_data("bench/msgpack");
  auto json_dir = spool_test::shared_data("bench/json");
  if (!msgpack_dir || !json_dir) {
    MESSAGE("shared data absent: corpus comparison skipped");
    return;
  }
  for (const char* name : {"twitter", "citm_catalog", "canada"}) {
    CAPTURE(name);
    auto from_msgpack = spool::msgpack::read<spool::value>(slurp(*msgpack_dir / (std::string(name) + ".msgpack")));
    auto from_json = spool::json::read<spool::value>(slurp(*json_dir / (std::string(name) + ".json")));
    REQUIRE(from_msgpack.has_value());
    REQUIRE(from_json.has_value());
    CHECK(*from_msgpack == *from_json);
  }
}

TEST_CASE("every JSON bench document converts to msgpack and back through spool::value") {
  auto dir = spool_test::shared_data("bench/json");
  if (!dir) {
    MESSAGE("shared data absent: bench/json skipped");
    return;
  }
  std::size_t converted = 0;
  for (const auto& entry : std::filesystem::directory_iterator(*dir)) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().filename().string());
    auto json = spool::json::read<spool::value>(slurp(entry.path()));
    INFO(json.error().message());
    REQUIRE(json.has_value());
    const std::string packed = spool::msgpack::write(*json);
    auto back = spool::msgpack::read<spool::value>(packed);
    INFO(back.error().message());
    REQUIRE(back.has_value());
    CHECK(*back == *json);
    // And on to JSON again: the text reads as the same document.
    auto json_again = spool::json::read<spool::value>(spool::json::write(*back));
    REQUIRE(json_again.has_value());
    CHECK(*json_again == *json);
    ++converted;
  }
  CHECK(converted >= 20);
}

TEST_CASE("canada reads into typed structs and round trips through them") {
  auto dir = spool_test::shared_data("bench/msgpack");
  if (!dir) {
    MESSAGE("shared data absent: bench/msgpack skipped");
    return;
  }
  const std::string original = slurp(*dir / "canada.msgpack");
  auto typed = spool::msgpack::read<feature_collection>(original);
  INFO(typed.error().message());
  REQUIRE(typed.has_value());
  REQUIRE(typed->features.size() == 1);
  CHECK(typed->features[0].geometry.type == "Polygon");
  CHECK(typed->features[0].geometry.coordinates.size() == 480);
  // Every coordinate pair, checked against the dynamic reading of the same bytes.
  const spool::value doc = spool::msgpack::read<spool::value>(original).value();
  const spool::value& ring = doc["features"][0]["geometry"]["coordinates"][479];
  REQUIRE(ring.size() == typed->features[0].geometry.coordinates[479].size());
  CHECK(ring[0][1].as_double().value() == typed->features[0].geometry.coordinates[479][0][1]);
  CHECK(spool::msgpack::read<feature_collection>(spool::msgpack::write(*typed)).value() == *typed);
  const auto as_arrays = spool::msgpack::write<spool::msgpack::write_options{.struct_as_array = true}>(*typed);
  CHECK(spool::msgpack::read<feature_collection>(as_arrays).value() == *typed);
}
