// The chunks behind spool::value's heap blocks (detail/value/node_cache.hpp): blocks are carved in
// order from a chunk, a chunk is reused once all its blocks are back, idle chunks stay within the
// limit, and values keep their semantics whatever the memory below them did. Checked through the
// cache's counters and addresses, never through timing.
#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/value.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

using spool::value;
using cache = spool::detail::value_node_cache;
using chunk = spool::detail::value_node_chunk;

static_assert(std::is_same_v<spool::array, std::vector<value>>, "spool::array is still the standard vector");
static_assert(spool::detail::value_node_cache_enabled);

namespace {

cache& this_thread() { return spool::detail::this_thread_value_nodes; }
spool::detail::value_node_cache_stats stats() { return this_thread().stats(); }
std::size_t chunks_alive() { return spool::detail::value_node_chunks_alive.load(); }

// The default limit, no idle chunks and zeroed counters, for each test.
void start_empty() {
  spool::set_value_node_cache_limit(spool::default_value_node_cache_limit);
  this_thread().trim();
  this_thread().reset_counters();
}

// Runs f on a new thread, whose cache starts with no chunk at all: exact block counts.
template <class F>
void on_fresh_thread(F f) {
  std::thread(f).join();
}

char* address(void* p) { return static_cast<char*>(p); }

// A document of about `members` objects, each with a long string, an array and a nested object:
// enough blocks to fill several chunks when `members` is in the thousands.
value document(int members) {
  value doc;
  for (int i = 0; i < members; ++i) {
    value& m = doc["member number " + std::to_string(i)];
    m["text"] = "a string longer than fourteen bytes, number " + std::to_string(i);
    m["list"] = value{i, i + 1, "x"};
    m["nested"]["n"] = i;
  }
  return doc;
}

}  // namespace

TEST_CASE("blocks are 8-byte multiples carved one after the other from a chunk aligned to its size") {
  CHECK(cache::block_size(0) == 0);
  CHECK(cache::block_size(1) == 8);
  CHECK(cache::block_size(8) == 8);
  CHECK(cache::block_size(9) == 16);
  CHECK(cache::largest_block == cache::chunk_bytes / 4);

  cache c;
  const std::size_t alive = chunks_alive();
  void* a = c.allocate(24);
  void* b = c.allocate(13);
  void* d = c.allocate(0);
  void* e = c.allocate(40);
  CHECK(c.stats().chunks_made == 1);
  CHECK(chunks_alive() == alive + 1);
  CHECK(address(b) == address(a) + 24);
  CHECK(address(d) == address(b) + 16);
  CHECK(address(e) == address(d));  // a 0-byte block takes no room
  const chunk* home = chunk::of(a);
  CHECK(reinterpret_cast<std::uintptr_t>(home) % cache::chunk_bytes == 0);
  CHECK(chunk::of(e) == home);
  CHECK(address(a) == address(const_cast<chunk*>(home)) + sizeof(chunk));
  CHECK(c.current_blocks() == 4);

  c.release(b, 13);
  c.release(d, 0);
  c.release(a, 24);
  CHECK(c.current_blocks() == 1);
  CHECK(c.allocate(8) == address(e) + 40);  // freed space is not reused while the chunk lives
  c.release(address(e) + 40, 8);
  c.release(e, 40);
  CHECK(c.current_blocks() == 0);
  CHECK(c.stats().chunks_reset == 1);  // empty: the chunk starts over
  CHECK(c.allocate(16) == a);
  c.release(a, 16);
  CHECK(c.stats().chunks_reset == 2);
  CHECK(c.stats().chunks_made == 1);

  c.close();  // what thread exit does
  CHECK(!c.has_current_chunk());
  CHECK(c.stats().chunks_freed == 1);
  CHECK(chunks_alive() == alive);
}

TEST_CASE("blocks over a quarter chunk are operator new's; a full chunk makes way for the next") {
  spool::set_value_node_cache_limit(spool::default_value_node_cache_limit);
  cache c;
  void* big = c.allocate(cache::largest_block + 1);
  CHECK(c.stats().large_blocks == 1);
  CHECK(c.stats().chunks_made == 0);
  void* edge = c.allocate(cache::largest_block);
  CHECK(c.stats().large_blocks == 1);
  CHECK(c.stats().chunks_made == 1);
  c.release(big, cache::largest_block + 1);

  // Fill the chunk: the block that does not fit starts a second one.
  std::vector<void*> blocks{edge};
  while (chunk::of(blocks.back()) == chunk::of(edge)) blocks.push_back(c.allocate(1000));
  CHECK(c.stats().chunks_made == 2);
  CHECK(blocks.size() > (cache::chunk_bytes - cache::largest_block) / 1000);
  // The first chunk empties once all its blocks are back: it becomes idle.
  c.release(edge, cache::largest_block);
  for (std::size_t i = 1; i + 1 < blocks.size(); ++i) c.release(blocks[i], 1000);
  CHECK(c.stats().idle_chunks == 1);
  CHECK(c.stats().idle_bytes == cache::chunk_bytes);
  c.release(blocks.back(), 1000);  // the current one starts over
  CHECK(c.stats().chunks_reset == 1);

  // Filling the current chunk again takes the idle one rather than a new one.
  void* first = c.allocate(1000);
  void* p = first;
  std::vector<void*> again{first};
  while (chunk::of(p) == chunk::of(first)) again.push_back(p = c.allocate(1000));
  CHECK(c.stats().chunks_reused == 1);
  CHECK(c.stats().chunks_made == 2);
  CHECK(chunk::of(p) == chunk::of(edge));
  for (void* q : again) c.release(q, 1000);
  c.close();
  CHECK(c.stats().chunks_freed == 2);
}

TEST_CASE("a destroyed tree leaves its chunks idle, and the next one like it reuses them") {
  start_empty();
  { const value doc = document(2000); }  // warms the reader-independent path too
  start_empty();
  const std::size_t alive = chunks_alive();
  {
    const value doc = document(2000);
    CHECK(stats().chunks_made + stats().chunks_reused + stats().chunks_reset >= 4);
  }
  const auto after = stats();
  CHECK(after.idle_chunks >= 3);
  CHECK(after.idle_bytes == after.idle_chunks * cache::chunk_bytes);
  CHECK(after.chunks_freed == 0);
  CHECK(chunks_alive() == alive + after.chunks_made);

  this_thread().reset_counters();
  {
    const value doc = document(2000);
    CHECK(doc["member number 1999"]["nested"]["n"] == value(1999));
  }
  CHECK(stats().chunks_made == 0);  // every chunk of the second tree was one of the first's
  CHECK(stats().chunks_reused > 0);
  CHECK(stats().idle_chunks == after.idle_chunks);
}

TEST_CASE("the limit bounds the idle chunks a thread keeps; 0 keeps nothing") {
  start_empty();
  spool::set_value_node_cache_limit(2 * cache::chunk_bytes);
  { const value doc = document(3000); }
  CHECK(stats().idle_chunks <= 2);
  CHECK(stats().idle_bytes <= 2 * cache::chunk_bytes);
  CHECK(stats().chunks_freed > 0);

  spool::set_value_node_cache_limit(0);
  CHECK(spool::value_node_cache_limit() == 0);
  this_thread().trim();
  this_thread().reset_counters();
  { const value doc = document(3000); }
  CHECK(stats().idle_chunks == 0);
  CHECK(stats().idle_bytes == 0);
  CHECK(stats().chunks_freed > 0);

  // A cache of its own shows the current chunk goes too once empty.
  cache c;
  const std::size_t alive = chunks_alive();
  void* p = c.allocate(100);
  CHECK(chunks_alive() == alive + 1);
  c.release(p, 100);
  CHECK(!c.has_current_chunk());
  CHECK(chunks_alive() == alive);
  CHECK(c.stats().chunks_reset == 0);
  c.close();
  spool::set_value_node_cache_limit(spool::default_value_node_cache_limit);
}

TEST_CASE("one live block keeps its chunk from going idle; the chunk empties with it") {
  start_empty();
  cache c;
  void* pin = c.allocate(32);
  std::vector<void*> rest;
  for (int i = 0; i < 200; ++i) rest.push_back(c.allocate(500));  // past the first chunk
  CHECK(c.stats().chunks_made == 2);
  for (void* q : rest) c.release(q, 500);
  CHECK(c.stats().idle_chunks == 0);  // the first chunk still holds `pin`
  c.release(pin, 32);
  CHECK(c.stats().idle_chunks == 1);
  c.close();
  CHECK(c.stats().chunks_freed == 2);
}

TEST_CASE("strings up to 14 bytes take no block; longer ones one; huge ones bypass the chunks") {
  on_fresh_thread([] {
    CHECK(!this_thread().has_current_chunk());
    {
      value s(std::string(14, 's'));
      CHECK(!this_thread().has_current_chunk());
    }
    {
      value s(std::string(30, 's'));  // 8-byte length + 30 bytes
      CHECK(this_thread().current_blocks() == 1);
      value t = s;
      CHECK(this_thread().current_blocks() == 2);
    }
    CHECK(this_thread().current_blocks() == 0);
    CHECK(stats().chunks_made == 1);
    CHECK(stats().chunks_reset == 1);
    { value s(std::string(cache::largest_block, 's')); }
    CHECK(stats().large_blocks == 1);
    value b = value::binary(spool::bytes_view(reinterpret_cast<const std::byte*>("0123456789abcdefghij"), 20));
    CHECK(this_thread().current_blocks() == 1);
    CHECK(stats().chunks_made == 1);
  });
}

TEST_CASE("destroying a tree gives back every block: buffers of any capacity, indexes, long keys") {
  on_fresh_thread([] {
    CHECK(this_thread().current_blocks() == 0);
    {
      value doc;
      doc["empty array"] = spool::array{};
      doc["reserved"] = spool::array{};
      doc["reserved"].reserve(10);
      doc["reserved"].push_back(1);
      value& grown = doc["grown"];
      for (int i = 0; i < 37; ++i) grown.push_back(std::string(20 + i, 'g'));
      doc["empty object"] = spool::object{};
      value& indexed = doc["an object with more members than the index threshold"];
      for (std::size_t i = 0; i < 3 * spool::object::index_threshold; ++i) {
        indexed["a key longer than fourteen bytes " + std::to_string(i)] = value{std::string(30, 'v'), value{}};
        indexed["k" + std::to_string(i)] = static_cast<int>(i);
      }
      indexed.erase("k0");
      value& small = doc["small"];
      small["a long key, over fourteen bytes"] = value::binary(
          spool::bytes_view(reinterpret_cast<const std::byte*>("0123456789abcdefghij"), 20));
      small["e"] = value(spool::ext{5, std::vector<std::byte>(40, std::byte{1})});
      const value copy = doc;
      const value packed = spool::msgpack::read<value>(spool::msgpack::write(doc)).value();
      CHECK(packed == doc);
      CHECK(this_thread().current_blocks() > 100);
    }
    CHECK(this_thread().current_blocks() == 0);
    CHECK(stats().chunks_made == 1);
  });
}

TEST_CASE("reading a document again needs no new chunk, and gives every block back") {
  const std::string json =
      R"({"type":"FeatureCollection","features":[{"geometry":{"coordinates":[[1.5,2.5],[3.5,4.5],[5.5,6.5]]},)"
      R"("properties":{"name":"a name longer than fourteen bytes","tags":["x","y","z"],"n":null}}]})";
  const value expected = spool::json::read<value>(json).value();
  const std::string packed = spool::msgpack::write(expected);
  on_fresh_thread([&] {
    CHECK(spool::json::read<value>(json).has_value());  // grows the reader's pooled stacks
    CHECK(spool::msgpack::read<value>(packed).has_value());
    for (int round = 0; round < 3; ++round) {
      this_thread().reset_counters();
      const std::size_t blocks = this_thread().current_blocks();
      {
        const value again = spool::json::read<value>(json).value();
        CHECK(again == expected);
        const value unpacked = spool::msgpack::read<value>(packed).value();
        CHECK(unpacked == expected);
        CHECK(this_thread().current_blocks() > blocks);
      }
      CHECK(stats().chunks_made == 0);
      CHECK(this_thread().current_blocks() == blocks);
    }
  });
}

TEST_CASE("a subtree moved out of a tree outlives the tree, and new trees leave it alone") {
  start_empty();
  value kept;
  value expected;
  {
    value doc = document(3000);  // several chunks
    expected = doc["member number 1500"];
    kept = std::move(doc["member number 1500"]);
    CHECK(doc["member number 1500"].is_null());
  }
  CHECK(kept == expected);
  for (int round = 0; round < 3; ++round) {  // reuse every chunk the tree left
    value other = document(3000);
    other["member number 1500"]["text"] = std::string(100, 'o');
    CHECK(kept == expected);
  }
  kept = value();
  CHECK(expected["list"][2] == value("x"));
}

TEST_CASE("values built on reused chunks keep their semantics") {
  start_empty();
  for (int round = 0; round < 3; ++round) {  // fresh chunks, then reused ones
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
  CHECK(stats().chunks_reset + stats().chunks_reused > 0);
}

TEST_CASE("a very deep tree is destroyed without recursion, its frees batched like any other") {
  start_empty();
  value deep;
  value* at = &deep;
  for (int i = 0; i < 100000; ++i) at = &(*at)[0];
  *at = std::string(40, 'd');
  CHECK(stats().chunks_made + stats().chunks_reused > 1);
  deep = value();
  CHECK(stats().idle_chunks > 0);
}

TEST_CASE("accessor errors are about a value, not a place in an input: they carry no position") {
  const value s("text");
  CHECK_FALSE(s.as_int64().error().has_position());
  CHECK_FALSE(value(-1).as_uint64().error().has_position());
  CHECK_FALSE(value(std::uint64_t{1} << 63).as_int64().error().has_position());
  CHECK_FALSE(value((std::int64_t{1} << 60) + 1).as_double().error().has_position());
  CHECK(s.as_double().error().message().find("offset") == std::string::npos);
  try {
    (void)value{1, 2}.at(5);
    FAIL("at() past the end throws");
  } catch (const spool::exception& e) {
    CHECK_FALSE(e.error().has_position());
    CHECK(e.error().code == spool::errc::out_of_range);
  }
  try {
    (void)value::object({{"a", 1}}).at("b");
    FAIL("at() of a missing key throws");
  } catch (const spool::exception& e) {
    CHECK_FALSE(e.error().has_position());
    CHECK(e.error().path == "b");
  }
}

TEST_CASE("a container's node and its buffer go back together, also when a chunk ends between them") {
  // 20000 arrays of 1-9 numbers (24-byte nodes, 16-144-byte buffers) over several chunks: some
  // node is the last block of its chunk and its buffer the first of the next.
  std::string json = "[";
  for (int i = 0; i < 20000; ++i) {
    json += i == 0 ? "[" : ",[";
    for (int k = 0; k <= i % 9; ++k) json += (k == 0 ? "" : ",") + std::to_string(k) + ".5";
    json += "]";
  }
  json += "]";
  const std::size_t before = chunks_alive();
  on_fresh_thread([&json, before] {
    {
      const value doc = spool::json::read<value>(json).value();
      CHECK(stats().chunks_made > 3);
      std::size_t split = 0;
      for (const value& e : doc.as_array()) {
        const spool::array& a = e.as_array();
        if (chunk::of(&a) != chunk::of(a.data())) ++split;
      }
      CHECK(split > 0);
    }
    CHECK(this_thread().current_blocks() == 0);
    CHECK(chunks_alive() - before == stats().idle_chunks + (this_thread().has_current_chunk() ? 1 : 0));
  });
  CHECK(chunks_alive() == before);
  // Made on one thread, destroyed on another: every chunk is freed once both are gone.
  on_fresh_thread([&json] {
    value doc = spool::json::read<value>(json).value();
    std::thread([taken = std::move(doc)]() mutable { taken = value(); }).join();
  });
  CHECK(chunks_alive() == before);
}

TEST_CASE("nested arrays of scalars and arrays holding a heap value at any place are all freed") {
  // Arrays of 0-6 elements inside arrays and objects, each of them scalars only or with one long
  // string, long binary, nested array or object at every position: an array freed in its parent's
  // loop (no element on the heap) must be exactly those, or a block stays taken.
  on_fresh_thread([] {
    {
      value doc = value::array({});
      for (std::size_t n = 0; n <= 6; ++n) {
        for (std::size_t heap_at = 0; heap_at <= n; ++heap_at) {  // heap_at == n: none
          for (int heap_kind = 0; heap_kind < 4; ++heap_kind) {
            value inner = value::array({});
            for (std::size_t i = 0; i < n; ++i) {
              if (i != heap_at) {
                inner.push_back(i % 2 == 0 ? value(1.5 * static_cast<double>(i)) : value("short"));
              } else if (heap_kind == 0) {
                inner.push_back(std::string(15 + i, 's'));
              } else if (heap_kind == 1) {
                inner.push_back(value::binary(spool::bytes_view(reinterpret_cast<const std::byte*>("0123456789abcdefghij"), 20)));
              } else if (heap_kind == 2) {
                inner.push_back(value::array({1, std::string(20, 'n')}));
              } else {
                inner.push_back(value::object({{"k", 1}}));
              }
            }
            doc.push_back(value::array({inner, value::object({{"inner", inner}})}));
          }
        }
      }
      CHECK(this_thread().current_blocks() > 100);
      // The same trees read back, as a reader builds them.
      const value read = spool::msgpack::read<value>(spool::msgpack::write(doc)).value();
      CHECK(read == doc);
    }
    CHECK(this_thread().current_blocks() == 0);
  });
}

TEST_CASE("arrays of scalars freed in their parent's loop give back buffers of any capacity, at any depth") {
  // Without an element on the heap, a nested array goes back with its node and its buffer at
  // once: emptied with room left, reserved past its size, a buffer from operator new (over a
  // quarter chunk), never given one, and under the levels past which destruction uses a worklist.
  const std::size_t before = chunks_alive();
  on_fresh_thread([] {
    {
      value doc = value::array({});
      value emptied = value::array({1, 2, 3});
      emptied.as_array().clear();
      doc.push_back(emptied);
      doc.push_back(std::move(emptied));
      value reserved = value::array({true});
      reserved.reserve(100);
      doc.push_back(std::move(reserved));
      value large = value::array({});
      for (int i = 0; i < 3000; ++i) large.push_back(i);
      doc.push_back(std::move(large));
      doc.push_back(value::array({}));
      doc.push_back(value::object({{"leaf", value::array({1.5, 2.5})}, {"empty", value::array({})}}));
      value deep = value::array({});
      value* at = &deep;
      for (int level = 0; level < 200; ++level) {
        at->push_back(value::array({level, "short"}));
        at->push_back(value::array({}));
        at = &at->as_array()[at->size() - 2];
      }
      doc.push_back(std::move(deep));
      CHECK(stats().large_blocks > 0);
      CHECK(this_thread().current_blocks() > 400);
    }
    CHECK(this_thread().current_blocks() == 0);
  });
  CHECK(chunks_alive() == before);
}

TEST_CASE("long strings and binaries of any size give back the block their size asked, from every copy") {
  // Freeing must ask for the block's own size (8 bytes of length + the text), on each side of the
  // largest block the chunks hold: a block over it is operator new's and goes back to operator
  // delete.
  on_fresh_thread([] {
    std::vector<std::size_t> sizes;
    for (std::size_t n = 15; n <= 300; ++n) sizes.push_back(n);
    for (std::size_t n = cache::largest_block - 12; n <= cache::largest_block + 4; ++n) sizes.push_back(n);
    sizes.push_back(std::size_t{1} << 20);
    for (const std::size_t n : sizes) {
      CAPTURE(n);
      std::string text(n, 'x');
      for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<char>('a' + (i * 7 + n) % 26);
      const std::size_t large_before = stats().large_blocks;
      const bool large = sizeof(std::size_t) + n > cache::largest_block;
      {
        value s(text);
        CHECK(stats().large_blocks == large_before + (large ? 1 : 0));
        CHECK(s.as_string().value() == text);
        CHECK(s.as_string().value().size() == n);
        value copy = s;
        CHECK(copy == s);
        value moved = std::move(copy);
        CHECK(moved.as_string().value() == text);
        value b = value::binary(spool::bytes_view(reinterpret_cast<const std::byte*>(text.data()), n));
        CHECK(b.as_binary().value().size() == n);
        value doc;
        doc[text] = std::move(moved);
        doc[text + "!"] = b;
        CHECK(doc.find(text) != nullptr);
        CHECK(doc.at(text).as_string().value() == text);
        const value packed = spool::msgpack::read<value>(spool::msgpack::write(doc)).value();
        CHECK(packed == doc);
        std::string json = "{\"";
        json.append(text).append("\":\"").append(text).append("\"}");
        const value parsed = spool::json::read<value>(json).value();
        CHECK(parsed.at(text).as_string().value() == text);
        CHECK(this_thread().current_blocks() > 0);
      }
      CHECK(this_thread().current_blocks() == 0);
    }
  });
}
