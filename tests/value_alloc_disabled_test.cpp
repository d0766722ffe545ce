// SPOOL_DISABLE_VALUE_NODE_CACHE, the A/B baseline of the value node cache: every block goes to
// operator new/delete, no chunk is made, and values behave the same. This executable's only spool
// translation unit is this file, so defining the switch here is a whole-program build.
#define SPOOL_DISABLE_VALUE_NODE_CACHE 1

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/value.hpp>

#include <doctest/doctest.h>

#include <string>

using spool::value;

static_assert(!spool::detail::value_node_cache_enabled);

TEST_CASE("SPOOL_DISABLE_VALUE_NODE_CACHE: no block passes through the cache; results are the same") {
  const std::string json =
      R"({"list":[[1.5,2.5],[3,4]],"name":"a name longer than fourteen bytes","object":{"k":{"deep":[null,true]}}})";
  for (int round = 0; round < 3; ++round) {
    const value doc = spool::json::read<value>(json).value();
    CHECK(doc["list"][1][0] == value(3));
    CHECK(doc["name"].as_string().value() == "a name longer than fourteen bytes");
    value copy = doc;
    copy["object"]["k"]["deep"].push_back(value(std::string(40, 'x')));
    CHECK(copy != doc);
    const std::string packed = spool::msgpack::write(doc);
    CHECK(spool::msgpack::read<value>(packed).value() == doc);
    value moved = std::move(copy["object"]);
    CHECK(moved["k"]["deep"].size() == 3);
  }
  const auto& s = spool::detail::this_thread_value_nodes.stats();
  CHECK(s.chunks_made == 0);
  CHECK(s.chunks_reused == 0);
  CHECK(s.chunks_reset == 0);
  CHECK(s.large_blocks == 0);
  CHECK(s.idle_chunks == 0);
  CHECK(!spool::detail::this_thread_value_nodes.has_current_chunk());
  CHECK(spool::detail::value_node_chunks_alive.load() == 0);
}
