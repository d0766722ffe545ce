// detail::map_refill (refilling std::map, std::set and the unordered containers with the nodes
// they hold) and the MessagePack reader's maps and sets through it. Allocations are counted by
// replacing the global operator new in this test program, so the counts are exact.
#include <doctest/doctest.h>

#include <cstdlib>
#include <initializer_list>
#include <map>
#include <new>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <spool/detail/map_refill.hpp>
#include <spool/msgpack.hpp>

#include <support/counting_new.hpp>

namespace map_refill_test {

using spool::detail::map_refill;

using spool_test::allocations_in;

// Keys long enough to live on the heap: a new key costs an allocation of its own.
std::string long_key(char c) { return std::string(24, c); }

using vmap = std::map<std::string, std::vector<int>>;

// Refills m with `keys` in turn (short keys: no allocation of their own); values are left as
// slot() hands them out.
template <class M>
void refill_with(M& m, std::initializer_list<const char*> keys) {
  map_refill refill(m, keys.size());
  for (const char* k : keys) {
    std::string key = k;
    bool repeated = false;
    refill.slot(std::move(key), repeated);
    CHECK_FALSE(repeated);
  }
}

struct event {
  std::string name;
  std::vector<long> ids;
  bool operator==(const event&) const = default;
};

struct catalog {
  std::map<std::string, std::string> names;
  std::map<std::string, event> events;
  std::set<std::string> tags;
  std::set<int> numbers;
  std::unordered_map<std::string, int> counts;
  bool operator==(const catalog&) const = default;
};

catalog sample() {
  catalog c;
  c.names = {{"1", "a name longer than the small string buffer"}, {"2", "short"}, {"3", "another long name, on the heap"}};
  c.events = {{"10", {"the first event's name, long", {1, 2, 3}}}, {"11", {"x", {4}}}, {"12", {"", {}}}};
  c.tags = {"a tag longer than the small string buffer", "b", "c"};
  c.numbers = {1, 5, 9};
  c.counts = {{"p", 1}, {"q", 2}};
  return c;
}

}  // namespace map_refill_test

using namespace map_refill_test;

TEST_CASE("the same keys again: no allocation, every value keeps its buffer") {
  vmap m{{"a", {1, 2, 3}}, {"b", {4, 5}}, {"c", {6}}};
  const int* a_data = m["a"].data();
  const auto* b_node = &*m.find("b");
  CHECK(allocations_in([&] { refill_with(m, {"a", "b", "c"}); }) == 0);
  CHECK(m.size() == 3);
  CHECK(m["a"] == std::vector<int>{1, 2, 3});  // kept: the reader reads into it as into any object
  CHECK(m["a"].data() == a_data);
  CHECK(&*m.find("b") == b_node);
  // Out of order: found by search, still no allocation.
  CHECK(allocations_in([&] { refill_with(m, {"c", "a", "b"}); }) == 0);
  CHECK(m["a"].data() == a_data);
  CHECK(m.size() == 3);
}

TEST_CASE("a new key takes an old node with a value-initialized value") {
  vmap m{{"a", {1, 2, 3}}, {"b", {4, 5}}};
  CHECK(allocations_in([&] { refill_with(m, {"x", "y"}); }) == 0);
  REQUIRE(m.size() == 2);
  CHECK(m["x"].empty());  // value-initialized, not {1, 2, 3}
  CHECK(m["y"].empty());
  CHECK(m.count("a") == 0);
  CHECK(m.count("b") == 0);
  // A key before every old one, then one after: each takes a stale node, none leaks its value.
  vmap n{{"m", {7, 7}}, {"n", {8, 8}}};
  CHECK(allocations_in([&] { refill_with(n, {"a", "z"}); }) == 0);
  CHECK(n == vmap{{"a", {}}, {"z", {}}});
}

TEST_CASE("more keys than nodes allocate exactly the missing ones, fewer free the rest") {
  vmap m{{"a", {1}}, {"b", {2}}};
  CHECK(allocations_in([&] { refill_with(m, {"a", "b", "c", "d", "e"}); }) == 3);  // a node each
  CHECK(m.size() == 5);
  CHECK(allocations_in([&] { refill_with(m, {"b", "d"}); }) == 0);
  CHECK(m == vmap{{"b", {2}}, {"d", {}}});
  CHECK(allocations_in([&] { refill_with(m, {}); }) == 0);
  CHECK(m.empty());
  CHECK(allocations_in([&] { refill_with(m, {"q"}); }) == 1);
}

TEST_CASE("a repeated key is reported, its key left as it was and its entry the first one") {
  std::map<std::string, int> m{{"a", 1}};
  map_refill refill(m);
  bool repeated = true;
  refill.slot(long_key('k'), repeated).second = 5;
  CHECK_FALSE(repeated);
  std::string again = long_key('k');
  auto& entry = refill.slot(std::move(again), repeated);
  CHECK(repeated);
  CHECK(again == long_key('k'));
  CHECK(entry.second == 5);
  entry.second = 6;  // "last one wins", as the JSON reader does
  refill.slot("b", repeated);
  CHECK_FALSE(repeated);
  refill.slot("a", repeated);  // an old key after a new one: a search, not the first old node
  CHECK_FALSE(repeated);
  CHECK(refill.spare() == 0);
  CHECK(m.size() == 3);
  CHECK(m[long_key('k')] == 6);
}

TEST_CASE("a refill stopped midway leaves the entries so far and frees the rest") {
  vmap m{{"a", {1}}, {"b", {2}}, {"c", {3}}};
  {
    map_refill refill(m);
    bool repeated = false;
    refill.slot("b", repeated);
    refill.slot("z", repeated);
    CHECK(refill.spare() == 1);
  }
  CHECK(m.size() == 2);
  CHECK(m["b"] == std::vector<int>{2});
  CHECK(m["z"].empty());
  m["d"] = {4};  // still a working map
  CHECK(m.size() == 3);
}

TEST_CASE("std::set: elements read into the old nodes") {
  std::set<std::string> s{long_key('a'), long_key('b'), "c"};
  std::vector<std::string> in{long_key('a'), long_key('b'), "c"};
  auto refill_set = [&](std::set<std::string>& target, const std::vector<std::string>& elements) {
    map_refill refill(target, elements.size());
    std::size_t inserted = 0;
    for (const auto& e : elements) {
      std::string& slot = refill.element();
      CHECK(slot.empty());  // reset, whatever the node held
      slot.append(e);       // as the reader does: into the capacity there
      inserted += refill.commit();
    }
    return inserted;
  };
  CHECK(allocations_in([&] { CHECK(refill_set(s, in) == 3); }) == 0);
  CHECK(s == std::set<std::string>(in.begin(), in.end()));
  // A repeat is dropped (the first stays); fewer elements free the rest.
  const std::vector<std::string> repeat{"c", "c"}, more{"c", "d", long_key('e')};
  CHECK(allocations_in([&] { CHECK(refill_set(s, repeat) == 1); }) == 0);
  CHECK(s == std::set<std::string>{"c"});
  // More: one node per new element, and the long string's buffer.
  CHECK(allocations_in([&] { CHECK(refill_set(s, more) == 3); }) == 3);
  CHECK(s.size() == 3);
  std::multiset<int> ms{1, 1, 2};
  {
    map_refill refill(ms);
    for (int v : {3, 3, 3}) {
      refill.element() = v;
      CHECK(refill.commit());
    }
  }
  CHECK(ms == std::multiset<int>{3, 3, 3});
}

TEST_CASE("unordered containers: nodes reused, one bucket array per refill") {
  std::unordered_map<std::string, std::vector<int>> m{{"a", {1, 2}}, {"b", {3}}, {"c", {4}}};
  const int* a_data = m["a"].data();
  CHECK(allocations_in([&] { refill_with(m, {"c", "a", "b"}); }) == 1);
  CHECK(m["a"].data() == a_data);
  CHECK(allocations_in([&] { refill_with(m, {"x", "a"}); }) == 1);
  CHECK(m.size() == 2);
  CHECK(m["x"].empty());
  CHECK(m["a"] == std::vector<int>{1, 2});
  std::unordered_set<int> s{1, 2, 3};
  {
    map_refill refill(s, 4);
    for (int v : {7, 8, 7, 9}) {
      refill.element() = v;
      refill.commit();
    }
  }
  CHECK(s == std::unordered_set<int>{7, 8, 9});
  std::unordered_map<int, int> repeats{{1, 1}};
  map_refill refill(repeats);
  bool repeated = false;
  refill.slot(2, repeated);
  refill.slot(2, repeated);
  CHECK(repeated);
}

TEST_CASE("std::multimap: every key adds an entry") {
  std::multimap<int, std::string> m{{1, "a"}, {2, "b"}};
  {
    map_refill refill(m);
    bool repeated = true;
    refill.slot(5, repeated).second = "x";
    CHECK_FALSE(repeated);
    refill.slot(5, repeated).second = "y";
    CHECK_FALSE(repeated);
  }
  CHECK(m == std::multimap<int, std::string>{{5, "x"}, {5, "y"}});
}

TEST_CASE("MessagePack into reused maps and sets allocates nothing once they have their nodes") {
  if (!spool::detail::pool_enabled) {
    MESSAGE("skipped: SPOOL_DISABLE_POOL makes every reader lease fresh");
    return;
  }
  const catalog in = sample();
  const std::string bytes = spool::msgpack::write(in);
  catalog c;
  REQUIRE_FALSE(spool::msgpack::read(bytes, c));
  CHECK(c == in);
  const std::size_t again = allocations_in([&] { CHECK_FALSE(spool::msgpack::read(bytes, c)); });
  CHECK(c == in);
  if (spool::detail::map_node_reuse) {
    CHECK(again == 1);  // the unordered_map's bucket array
  } else {
    CHECK(again > 10);
  }
  // Other keys into the same nodes: values are fresh, nothing of the old entries stays.
  catalog other = sample();
  other.events = {{"20", {"y", {9}}}, {"21", {"", {}}}};
  other.names = {{"0", "z"}};
  other.tags = {"t"};
  const std::string other_bytes = spool::msgpack::write(other);
  REQUIRE_FALSE(spool::msgpack::read(other_bytes, c));
  CHECK(c == other);
  REQUIRE_FALSE(spool::msgpack::read(bytes, c));
  CHECK(c == in);
}

TEST_CASE("MessagePack map and set errors: codes, offsets and paths as before, the map left valid") {
  using smap = std::map<std::string, int>;
  smap m{{"a", 1}, {"z", 26}};
  // {"b": 1, "b": 2}: the repeat at the second key's offset.
  const std::vector<unsigned char> dup{0x82, 0xa1, 'b', 1, 0xa1, 'b', 2};
  spool::error e = spool::msgpack::read(dup, m);
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.offset == 4);
  CHECK(e.path == "b");
  CHECK(m == smap{{"b", 1}});
  // {"a": 1, "c": "x"}: the wrong type at the value, with the key in the path.
  m = {{"a", 1}, {"c", 3}, {"d", 4}};
  const std::vector<unsigned char> bad{0x82, 0xa1, 'a', 1, 0xa1, 'c', 0xa1, 'x'};
  e = spool::msgpack::read(bad, m);
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.offset == 6);
  CHECK(e.path == "c");
  CHECK(m.at("a") == 1);
  CHECK(m.count("d") == 0);
  // A cut-off key.
  e = spool::msgpack::read(std::vector<unsigned char>{0x82, 0xa1, 'a', 1, 0xa2, 'c'}, m);
  CHECK(e.code == spool::errc::unexpected_end);
  CHECK(m == smap{{"a", 1}});
  // Sets: a wrong element at its index, a repeat dropped.
  std::set<int> s{1, 2, 3};
  e = spool::msgpack::read(std::vector<unsigned char>{0x93, 1, 0xa1, 'x', 3}, s);
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.offset == 2);
  CHECK(e.path == "[1]");
  CHECK(s == std::set<int>{1});
  CHECK_FALSE(spool::msgpack::read(std::vector<unsigned char>{0x93, 4, 4, 2}, s));
  CHECK(s == std::set<int>{2, 4});
  // Integer keys, the same map read twice.
  std::map<int, std::string> im;
  const std::vector<unsigned char> ints{0x82, 0xff, 0xa1, 'n', 0xcc, 200, 0xa1, 'p'};
  REQUIRE_FALSE(spool::msgpack::read(ints, im));
  REQUIRE_FALSE(spool::msgpack::read(ints, im));
  CHECK(im == std::map<int, std::string>{{-1, "n"}, {200, "p"}});
}
