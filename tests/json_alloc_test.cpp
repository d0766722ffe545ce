// Allocation behaviour of the JSON reader and writer, counted by replacing the global operator
// new in this test program: reading into a reused object allocates nothing once its containers
// have capacity, and write() makes exactly one allocation, the returned string.
#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include <spool/json.hpp>

namespace {

std::size_t allocations = 0;

}  // namespace

void* operator new(std::size_t n) {
  ++allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
// g++ 12 at -O1 and above flags free() on memory from operator new once both are inlined (the plan
// registry's make_unique is), though the replacement operator new above is what allocated it.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

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

// Allocations made by f().
template <class F>
std::size_t count(F&& f) {
  const std::size_t before = allocations;
  f();
  return allocations - before;
}

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
  CHECK(count([&] { CHECK_FALSE(spool::json::read(doc, c)); }) == 0);
  CHECK(c.features.size() == 2);
  CHECK(c.features[0].geometry.coordinates[0][2][1] == 6.5);
  // A shorter document into the same object: still nothing.
  const std::string shorter = R"({"type": "F", "features": [{"type": "Feature", "name": "n",
    "geometry": {"type": "Point", "coordinates": [[[0, 0]]]}}]})";
  CHECK(count([&] { CHECK_FALSE(spool::json::read(shorter, c)); }) == 0);
  CHECK(c.features.size() == 1);
}

TEST_CASE("write() allocates only the returned string; appending reuses the target") {
  if (!spool::detail::pool_enabled) {
    MESSAGE("skipped: SPOOL_DISABLE_POOL makes every buffer lease fresh");
    return;
  }
  std::vector<std::array<double, 2>> points(200, {1.25, -3.5});
  CHECK(spool::json::write(points).size() > 0);  // warms the pooled buffer
  std::string out;
  CHECK(count([&] { out = spool::json::write(points); }) == 1);
  out.reserve(out.size() * 3);
  out.clear();
  CHECK(count([&] { CHECK_FALSE(spool::json::write(points, out)); }) == 0);
}
