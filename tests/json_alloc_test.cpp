// Allocation behaviour of the JSON reader and writer, counted by replacing the global operator
// new in this test program: reading into a reused object allocates nothing once its containers
// have capacity, and write() makes exactly one allocation, the returned string.
#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <map>
#include <set>
#include <new>
#include <string>
#include <vector>

#include <spool/json.hpp>

#include <support/counting_new.hpp>

namespace json_alloc_test {

struct geometry_data {
  std::string type;
  std::vector<std::vector<std::array<double, 2>>> coordinates;
};
struct feature {
  std::string type;
  std::string name;
  geometry_data geometry;
};
struct collection {
  std::string type;
  std::vector<feature> features;
};

struct venue {
  std::string name;
  std::vector<std::int64_t> seats;
};
struct catalog {
  std::map<std::string, std::string> area_names;
  std::map<std::string, venue> venues;
  std::set<std::string> tags;
};

using spool_test::allocations_in;

}  // namespace json_alloc_test

using namespace json_alloc_test;

TEST_CASE("reading into a reused struct allocates nothing once capacity is there") {
  if (!spool::detail::pool_enabled) {
    MESSAGE("skipped: SPOOL_DISABLE_POOL makes every reader lease fresh");
    return;
  }
  const std::string doc = R"({"type": "FeatureCollection", "features": [
    {"type": "Feature", "name": "a name longer than the small string buffer",
     "geometry": {"type": "Polygon", "coordinates": [[[1.5, 2.5], [3.5, 4.5], [5.5, 6.5]], [[7, 8]]]}},
    {"type": "Feature", "name": "another name longer than the small string buffer",
     "geometry": {"type": "Polygon", "coordinates": [[[-1, -2]]]}}]})";
  collection c;
  REQUIRE_FALSE(spool::json::read(doc, c));  // warms the pooled reader, the plans and c itself
  CHECK(allocations_in([&] { CHECK_FALSE(spool::json::read(doc, c)); }) == 0);
  CHECK(c.features.size() == 2);
  CHECK(c.features[0].geometry.coordinates[0][2][1] == 6.5);
  // A shorter document into the same object: still nothing.
  const std::string shorter = R"({"type": "F", "features": [{"type": "Feature", "name": "n",
    "geometry": {"type": "Point", "coordinates": [[[0, 0]]]}}]})";
  CHECK(allocations_in([&] { CHECK_FALSE(spool::json::read(shorter, c)); }) == 0);
  CHECK(c.features.size() == 1);
}

TEST_CASE("maps and sets read into again reuse their nodes") {
  if (!spool::detail::pool_enabled || !spool::detail::map_node_reuse) {
    MESSAGE("skipped: SPOOL_DISABLE_POOL or SPOOL_DISABLE_MAP_NODE_REUSE");
    return;
  }
  const std::string doc = R"({
    "area_names": {"205705993": "Arrière-scène central, a name past the small buffer", "205705994": "1er balcon central"},
    "venues": {"138586341": {"name": "Salle Pleyel, a name past the small buffer", "seats": [1, 2, 3]},
               "138586345": {"name": "Opéra Bastille", "seats": [4]}},
    "tags": ["a tag longer than the small string buffer", "b"]})";
  catalog c;
  REQUIRE_FALSE(spool::json::read(doc, c));
  CHECK(allocations_in([&] { CHECK_FALSE(spool::json::read(doc, c)); }) == 0);
  CHECK(c.venues.at("138586341").seats == std::vector<std::int64_t>{1, 2, 3});
  CHECK(c.tags.count("b") == 1);
  // Other keys take the old nodes with fresh values: nothing of 138586341's venue shows in 7.
  const std::string other = R"({"area_names": {"1": "x"}, "venues": {"7": {"name": "v"}}, "tags": ["c"]})";
  CHECK(allocations_in([&] { CHECK_FALSE(spool::json::read(other, c)); }) == 0);
  CHECK(c.area_names == std::map<std::string, std::string>{{"1", "x"}});
  REQUIRE(c.venues.size() == 1);
  CHECK(c.venues.at("7").name == "v");
  CHECK(c.venues.at("7").seats.empty());
  CHECK(c.tags == std::set<std::string>{"c"});
  // A repeated key: the last one wins, with a fresh value.
  CHECK_FALSE(spool::json::read(R"({"venues": {"7": {"name": "a", "seats": [1]}, "7": {"name": "b"}}})", c));
  CHECK(c.venues.at("7").name == "b");
  CHECK(c.venues.at("7").seats.empty());
  // An error midway leaves the entries read so far, and the error names the key.
  const spool::error e = spool::json::read(R"({"venues": {"8": {"name": "ok"}, "9": {"name": 5}}})", c);
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "venues.9.name");
  CHECK(c.venues.size() == 2);
  CHECK(c.venues.at("8").name == "ok");
}

TEST_CASE("write() allocates only the returned string; appending reuses the target") {
  if (!spool::detail::pool_enabled) {
    MESSAGE("skipped: SPOOL_DISABLE_POOL makes every buffer lease fresh");
    return;
  }
  std::vector<std::array<double, 2>> points(200, {1.25, -3.5});
  CHECK(spool::json::write(points).size() > 0);  // warms the pooled buffer
  std::string out;
  CHECK(allocations_in([&] { out = spool::json::write(points); }) == 1);
  out.reserve(out.size() * 3);
  out.clear();
  CHECK(allocations_in([&] { CHECK_FALSE(spool::json::write(points, out)); }) == 0);
}
