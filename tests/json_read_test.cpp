#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <spool/json.hpp>

namespace json_read_test {

struct point {
  double x = 0;
  double y = 0;
  friend bool operator==(const point&, const point&) = default;
};

struct user {
  std::uint64_t id = 0;
  std::string name;
  std::optional<std::string> email;
  std::vector<point> path;
  bool admin = false;
};

}  // namespace json_read_test

using namespace json_read_test;

TEST_CASE("a struct reads field by field") {
  auto u = spool::json::read<user>(R"({"id": 7, "name": "ann", "path": [{"x": 1, "y": 2.5}], "admin": true})");
  REQUIRE(u);
  CHECK(u->id == 7);
  CHECK(u->name == "ann");
  CHECK_FALSE(u->email);
  REQUIRE(u->path.size() == 1);
  CHECK(u->path[0] == point{1, 2.5});
  CHECK(u->admin);
  CHECK(spool::json::write(*u) == R"({"id":7,"name":"ann","email":null,"path":[{"x":1.0,"y":2.5}],"admin":true})");
}
