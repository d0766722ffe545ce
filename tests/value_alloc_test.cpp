// The node cache behind spool::value's heap blocks (detail/value/node_cache.hpp): which blocks it
// keeps, how many, and that reading a document again reuses them. Checked through the cache's
// counters, never through timing.
#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/value.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

using spool::value;
using cache = spool::detail::value_node_cache;

static_assert(std::is_same_v<spool::array, std::vector<value>>, "spool::array is still the standard vector");
static_assert(spool::detail::value_node_cache_enabled);

namespace {

spool::detail::value_node_cache_stats stats() { return spool::detail::this_thread_value_nodes.stats(); }

// An empty cache with zeroed counters, and the default limit, for each test.
void start_empty() {
  spool::set_value_node_cache_limit(spool::default_value_node_cache_limit);
  spool::detail::this_thread_value_nodes.trim();
  spool::detail::this_thread_value_nodes.reset_counters();
}

}  // namespace

TEST_CASE("size classes follow malloc's usable sizes, 24 + 16k bytes up to 1032") {
  CHECK(cache::class_of(1) == 0);
  CHECK(cache::class_of(24) == 0);
  CHECK(cache::class_of(25) == 1);
  CHECK(cache::class_of(40) == 1);
  CHECK(cache::class_of(41) == 2);
  CHECK(cache::class_of(cache::largest_block) == cache::class_count - 1);
  CHECK(cache::largest_block == 1032);
  for (std::size_t size = 1; size <= cache::largest_block; ++size) {
    const std::size_t c = cache::class_of(size);
    CHECK(cache::block_size(c) >= size);
    if (c > 0) CHECK(cache::block_size(c - 1) < size);
  }
}

TEST_CASE("a cache of its own: blocks are kept by class, handed out again, and trimmed") {
  spool::set_value_node_cache_limit(spool::default_value_node_cache_limit);
  cache c;
  void* a = c.allocate(24);
  void* b = c.allocate(40);
  void* big = c.allocate(cache::largest_block + 1);
  CHECK(c.stats().allocated == 3);
  c.release(a, 24);
  c.release(b, 33);  // same class as 40
  c.release(big, cache::largest_block + 1);
  CHECK(c.stats().kept == 2);
  CHECK(c.stats().released == 1);  // too large to keep
  CHECK(c.stats().idle_blocks == 2);
  CHECK(c.stats().idle_bytes == 24 + 40);

  CHECK(c.allocate(20) == a);  // the class-0 block again
  CHECK(c.allocate(26) == b);  // the class-1 block again
  CHECK(c.stats().reused == 2);
  CHECK(c.stats().idle_blocks == 0);
  void* fresh = c.allocate(10);  // class 0 is empty now
  CHECK(c.stats().allocated == 4);

  c.release(a, 24);
  c.release(b, 40);
  c.release(fresh, 10);
  CHECK(c.stats().idle_blocks == 3);
  c.trim();
  CHECK(c.stats().idle_blocks == 0);
  CHECK(c.stats().idle_bytes == 0);
  c.reset_counters();
  CHECK(c.stats().kept == 0);
  c.close();  // what thread exit does: later frees go to operator delete
  void* late = c.allocate(24);
  c.release(late, 24);
  CHECK(c.stats().released == 1);
  CHECK(c.stats().idle_blocks == 0);
}

TEST_CASE("the byte limit bounds what a thread keeps") {
  start_empty();
  spool::set_value_node_cache_limit(50);
  cache c;
  void* a = c.allocate(24);
  void* b = c.allocate(40);
  void* d = c.allocate(40);
  void* big = c.allocate(100);
  c.release(a, 24);  // 24 <= 50: kept
  CHECK(c.stats().idle_bytes == 24);
  c.release(b, 40);  // 24 + 40 > 50: the idle class-0 block makes room
  CHECK(c.stats().kept == 2);
  CHECK(c.stats().released == 1);
  CHECK(c.stats().idle_blocks == 1);
  CHECK(c.stats().idle_bytes == 40);
  c.release(d, 40);  // 40 + 40 > 50 and only class 1 is idle: freed
  CHECK(c.stats().released == 2);
  c.release(big, 100);  // a 104-byte block can never fit under 50
  CHECK(c.stats().released == 3);
  CHECK(c.stats().idle_bytes == 40);
  void* again = c.allocate(40);
  CHECK(again == b);
  void* fresh = c.allocate(24);  // class 0 was emptied to make room: a new block
  CHECK(c.stats().allocated == 5);
  c.release(again, 40);
  c.release(fresh, 24);
  c.trim();

  spool::set_value_node_cache_limit(0);
  CHECK(spool::value_node_cache_limit() == 0);
  { value v{1, 2, 3}; }
  CHECK(stats().kept == 0);
  CHECK(stats().idle_blocks == 0);
  spool::set_value_node_cache_limit(spool::default_value_node_cache_limit);
}

TEST_CASE("at the limit, the nodes of the document just destroyed displace older idle blocks") {
  start_empty();
  spool::set_value_node_cache_limit(4096);
  {
    std::vector<value> strings;
    for (int i = 0; i < 100; ++i) strings.emplace_back(std::string(30, 's'));  // class 1, 40 bytes
  }
  CHECK(stats().idle_bytes >= 4000);  // the vector's own buffer went through the cache too
  auto build = [] {
    std::vector<value> arrays;
    arrays.reserve(30);
    for (int i = 0; i < 30; ++i) {
      spool::array a;
      a.reserve(4);  // 64 bytes: class 3; the header is class 0
      arrays.emplace_back(std::move(a));
    }
    return arrays;
  };
  { auto arrays = build(); }
  CHECK(stats().idle_bytes <= 4096);
  spool::detail::this_thread_value_nodes.reset_counters();
  { auto arrays = build(); }
  CHECK(stats().allocated == 0);  // every header and buffer came from the cache
  CHECK(stats().reused == 61);    // 30 headers, 30 buffers and the outer vector's buffer
  spool::set_value_node_cache_limit(spool::default_value_node_cache_limit);
}

TEST_CASE("an array is a header block and a buffer block, both reused by the next array") {
  start_empty();
  {
    spool::array elements;
    elements.reserve(2);  // 32 bytes: class 1
    elements.emplace_back(1);
    elements.emplace_back(2.5);
    value v(std::move(elements));  // header: sizeof(std::vector) = 24, class 0
    CHECK(stats().allocated == 2);
  }
  CHECK(stats().kept == 2);
  CHECK(stats().idle_blocks == 2);
  CHECK(stats().idle_bytes == 24 + 40);
  {
    spool::array elements;
    elements.reserve(2);
    value v(std::move(elements));
  }
  CHECK(stats().allocated == 2);
  CHECK(stats().reused == 2);
  CHECK(stats().idle_blocks == 2);
}

TEST_CASE("strings up to 14 bytes take no block; longer ones one; huge ones bypass the cache") {
  start_empty();
  { value s(std::string(14, 's')); }
  CHECK(stats().allocated == 0);
  { value s(std::string(30, 's')); }  // 8-byte length + 30 = 38: class 1
  CHECK(stats().allocated == 1);
  CHECK(stats().kept == 1);
  CHECK(stats().idle_bytes == 40);
  { value s(std::string(2000, 's')); }
  CHECK(stats().allocated == 2);
  CHECK(stats().released == 1);
  { value b = value::binary(spool::bytes_view(reinterpret_cast<const std::byte*>("0123456789abcdefghij"), 20)); }
  CHECK(stats().reused == 1);  // 28 bytes: class 1, the block the string left
}

TEST_CASE("objects: header, members and index all come back to the cache") {
  start_empty();
  {
    value o;
    for (int i = 0; i < 20; ++i) o["member number " + std::to_string(i)] = i;  // keys > 14 bytes
    CHECK(o.size() == 20);
    CHECK(o.find("member number 7")->as_int64().value() == 7);
  }
  const auto first = stats();
  CHECK(first.reused + first.allocated == first.kept + first.released);  // everything came back
  CHECK(first.released == 0);  // all within 1032 bytes
  {
    value o;
    for (int i = 0; i < 20; ++i) o["member number " + std::to_string(i)] = i;
  }
  CHECK(stats().allocated == first.allocated);  // the second object needed no new block
}

TEST_CASE("reading a document again reuses every node block of the read before") {
  const std::string json =
      R"({"type":"FeatureCollection","features":[{"geometry":{"coordinates":[[1.5,2.5],[3.5,4.5],[5.5,6.5]]},)"
      R"("properties":{"name":"a name longer than fourteen bytes","tags":["x","y","z"],"n":null}}]})";
  const value expected = spool::json::read<value>(json).value();
  const std::string packed = spool::msgpack::write(expected);
  start_empty();
  // The first read also grows the reader's pooled stacks; its nodes come back when it is destroyed.
  CHECK(spool::json::read<value>(json).has_value());
  CHECK(stats().allocated > 0);
  std::uint64_t reused = 0;
  for (int round = 0; round < 3; ++round) {
    spool::detail::this_thread_value_nodes.reset_counters();
    {
      const value again = spool::json::read<value>(json).value();
      CHECK(again == expected);
    }
    CHECK(stats().allocated == 0);
    CHECK(stats().reused > 0);
    CHECK(stats().kept == stats().reused);
    if (round > 0) CHECK(stats().reused == reused);  // the same blocks each time
    reused = stats().reused;
  }

  // The same through MessagePack.
  CHECK(spool::msgpack::read<value>(packed).has_value());
  spool::detail::this_thread_value_nodes.reset_counters();
  {
    const value again = spool::msgpack::read<value>(packed).value();
    CHECK(again == expected);
  }
  CHECK(stats().allocated == 0);
  CHECK(stats().kept == stats().reused);
}

TEST_CASE("values built from cached blocks keep their semantics") {
  start_empty();
  for (int round = 0; round < 3; ++round) {  // fresh blocks, then reused ones
    value doc{{"list", {1, "two", std::string(40, 'l')}},
              {"object", {{"k1", 1}, {"k2", std::string(20, 'v')}}},
              {"ext", spool::ext{4, {std::byte{1}, std::byte{2}}}}};
    for (int i = 0; i < 12; ++i) doc["object"]["key " + std::to_string(i) + std::string(16, '_')] = i;
    value copy = doc;
    CHECK(copy == doc);
    copy["list"].push_back(value(std::string(100, 'p')));
    CHECK(copy != doc);
    CHECK(doc["list"].size() == 3);

    // Moving a subtree out, and a child over its parent.
    value list = std::move(copy["list"]);
    CHECK(copy["list"].is_null());
    CHECK(list.size() == 4);
    CHECK(list[2] == value(std::string(40, 'l')));
    value parent{{"child", {{"x", std::string(50, 'x')}}}};
    parent = std::move(parent["child"]);
    CHECK(parent["x"] == value(std::string(50, 'x')));
    value& self = parent;
    parent = std::move(self);  // self-move keeps the value
    CHECK(parent["x"] == value(std::string(50, 'x')));

    // Mutating a member of an indexed object, erasing, re-adding.
    spool::object& members = doc["object"].as_object();
    CHECK(members.size() == 14);
    CHECK(members.erase("k1"));
    CHECK(members.find("k1") == nullptr);
    members["k1"] = std::string(30, 'n');
    CHECK(members.nth(members.size() - 1).key() == "k1");
    CHECK(*members.find("key 3" + std::string(16, '_')) == value(3));
    CHECK(doc.as_ext().has_value() == false);
    CHECK(doc["ext"].as_ext().value().type == 4);
  }
  CHECK(stats().reused > 0);
}
