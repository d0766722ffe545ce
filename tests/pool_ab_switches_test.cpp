// The A/B baselines of detail/config.hpp: with each optimisation switched off the results must
// stay the same; only the pooling/reading/resetting strategy changes. This executable's only
// spool translation unit is this file, so defining the switches here is a whole-program build.
#define SPOOL_DISABLE_POOL 1
#define SPOOL_DISABLE_LIMIT_FAST_PATH 1
#define SPOOL_DISABLE_EXACT_SIZE_READ 1
#define SPOOL_DISABLE_GENERATION_RESET 1

#include <doctest/doctest.h>

#include <cstring>
#include <span>
#include <string>

#include <spool/detail/generation_table.hpp>
#include <spool/pool.hpp>

static_assert(!spool::detail::pool_enabled && !spool::detail::limit_fast_path &&
              !spool::detail::exact_size_read && !spool::detail::generation_reset);

namespace {
struct context {
  int value = 0;
  void reset_for_reuse() { value = 0; }
};
}  // namespace

TEST_CASE("SPOOL_DISABLE_POOL: every lease is fresh and nothing is retained") {
  spool::reset_thread_pool_stats();
  for (int i = 0; i < 3; ++i) {
    spool::buffer_lease lease = spool::lease_buffer();
    CHECK(lease->capacity() == 0);
    lease->append("data");
  }
  { auto input = spool::lease_buffer(spool::buffer_class::input); input->append("x"); }
  for (int i = 0; i < 3; ++i) {
    auto object = spool::lease_object<context>();
    CHECK(object->value == 0);
    object->value = 7;
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.leases == 7);
  CHECK(s.fresh_allocations == 7);
  CHECK(s.reuses == 0);
  CHECK(s.drops == 7);
  CHECK(s.buffers_retained == 0);
  CHECK(s.bytes_retained == 0);
  CHECK(s.objects_retained == 0);
}

TEST_CASE("SPOOL_DISABLE_LIMIT_FAST_PATH: the predicate answers the same") {
  constexpr std::size_t d = spool::default_pool_buffer_limit;
  CHECK_FALSE(spool::pool_buffer_oversized(d));
  CHECK(spool::pool_buffer_oversized(d + 1));
  spool::set_pool_buffer_limit(2 * static_cast<std::int64_t>(d));
  CHECK_FALSE(spool::pool_buffer_oversized(2 * d));
  CHECK(spool::pool_buffer_oversized(2 * d + 1));
  spool::set_pool_buffer_limit(1);
  CHECK(spool::pool_buffer_oversized(d + 1));
  spool::set_pool_buffer_limit(0);
  CHECK(spool::pool_buffer_limit() == d);
}

TEST_CASE("SPOOL_DISABLE_EXACT_SIZE_READ: a sized source is read by growth, with the same bytes") {
  struct sized_source {
    std::string data;
    std::size_t pos = 0;
    int reads = 0;
    std::size_t size() const { return data.size(); }
    std::size_t read(std::span<std::byte> out) {
      ++reads;
      std::size_t n = std::min(out.size(), data.size() - pos);
      std::memcpy(out.data(), data.data() + pos, n);
      pos += n;
      return n;
    }
  };
  sized_source src{std::string(50'000, 'q')};
  auto body = spool::read_all(src);
  REQUIRE(body);
  CHECK(body.value()->view() == src.data);
  CHECK(src.reads > 2);  // the exact path takes two: the fill and the end probe
}

TEST_CASE("SPOOL_DISABLE_GENERATION_RESET: tables clear slot by slot, same observable state") {
  spool::detail::generation_table<int> t(16);
  t[3] = 5;
  t.reset();
  CHECK(t.get(3) == 0);
  CHECK(t[3] == 0);
  t[3] = 6;
  CHECK(t.get(3) == 6);
  t[20] = 1;
  t.reset();
  CHECK(t.storage_size() == 0);

  spool::detail::generation_set seen;
  CHECK(seen.insert(9));
  CHECK_FALSE(seen.insert(9));
  seen.reset();
  CHECK_FALSE(seen.contains(9));
  CHECK(seen.insert(9));
}
