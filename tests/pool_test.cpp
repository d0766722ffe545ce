// The per-thread pools on one thread: retention limits, bounded bins, counters, object leases,
// and byte_buffer itself. Cross-thread behaviour is in pool_threads_test.cpp.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include <spool/pool.hpp>

namespace {

// Every test starts from an empty pool with zeroed counters and the default limit.
struct fresh_pool {
  fresh_pool() {
    spool::set_pool_buffer_limit(0);
    spool::trim_thread_pool();
    spool::reset_thread_pool_stats();
  }
  ~fresh_pool() {
    spool::set_pool_buffer_limit(0);
    spool::trim_thread_pool();
  }
};

// A lease whose buffer has at least `capacity` bytes.
spool::buffer_lease lease_with_capacity(std::size_t capacity, spool::buffer_class c = spool::buffer_class::scratch) {
  spool::buffer_lease lease = spool::lease_buffer(c);
  lease->reserve(capacity);
  return lease;
}

}  // namespace

TEST_CASE("pool_buffer_oversized against the default, raised, clamped and restored limit") {
  fresh_pool guard;
  constexpr std::size_t d = spool::default_pool_buffer_limit;
  constexpr auto no_call = std::numeric_limits<std::int64_t>::min();  // leave the limit as is
  struct row {
    std::int64_t set;
    std::size_t expected_limit;
    std::size_t capacity;
    bool oversized;
  };
  const row table[] = {
      {no_call, d, 0, false},
      {no_call, d, d, false},          // at the default
      {no_call, d, d + 1, true},       // one byte over
      {100'000, 100'000, d + 1, false},
      {100'000, 100'000, 100'000, false},
      {100'000, 100'000, 100'001, true},
      {1'000, d, d, false},            // below the default clamps to it
      {1'000, d, d + 1, true},
      {static_cast<std::int64_t>(d) - 1, d, d + 1, true},
      {static_cast<std::int64_t>(d) + 1, d + 1, d + 1, false},
      {static_cast<std::int64_t>(d) + 1, d + 1, d + 2, true},
      {0, d, d + 1, true},             // 0 restores the default
      {5'000'000, 5'000'000, 4'999'999, false},
      {-7, d, d + 1, true},            // negative restores it too
      {-7, d, d, false},
      {std::numeric_limits<std::int64_t>::max(),
       static_cast<std::size_t>(std::min<std::uint64_t>(std::numeric_limits<std::int64_t>::max(),
                                                        std::numeric_limits<std::size_t>::max())),
       std::size_t{1} << 40, false},
  };
  for (const row& r : table) {
    CAPTURE(r.set);
    CAPTURE(r.capacity);
    if (r.set != no_call) spool::set_pool_buffer_limit(r.set);
    CHECK(spool::pool_buffer_limit() == r.expected_limit);
    CHECK(spool::pool_buffer_oversized(r.capacity) == r.oversized);
  }
}

TEST_CASE("byte_buffer grows geometrically and keeps its contents") {
  spool::byte_buffer b;
  CHECK(b.empty());
  CHECK(b.capacity() == 0);
  CHECK(b.data() == nullptr);
  b.append("hello");
  b.push_back(',');
  b.append(std::string_view(" world"));
  CHECK(b.view() == "hello, world");
  CHECK(b.size() == 12);
  CHECK(b.bytes().size() == 12);
  CHECK(b.bytes()[0] == std::byte{'h'});

  std::size_t before = b.capacity();
  b.resize(before + 1);
  CHECK(b.capacity() >= 2 * before);  // geometric, not just enough
  CHECK(b.view().substr(0, 12) == "hello, world");

  b.resize(5);
  CHECK(b.view() == "hello");
  CHECK(b.spare_capacity().size() == b.capacity() - 5);
  std::memcpy(b.spare_capacity().data(), "!!", 2);
  b.resize(7);
  CHECK(b.view() == "hello!!");

  // Appending a part of itself while growing: the source moves with the storage.
  b.shrink_to_fit();
  b.append(b.data() + 2, 3);
  CHECK(b.view() == "hello!!llo");

  b.clear();
  CHECK(b.empty());
  CHECK(b.capacity() >= 12);
  b.append("x", 0);  // nothing, and no null-pointer memcpy
  CHECK(b.empty());
}

TEST_CASE("byte_buffer reserve is exact, shrink and release give memory back") {
  spool::byte_buffer b;
  b.reserve(1000);
  CHECK(b.capacity() == 1000);
  b.reserve(10);  // never shrinks
  CHECK(b.capacity() == 1000);
  CHECK(b.try_reserve(1001));
  CHECK(b.capacity() == 1001);
  CHECK_FALSE(b.try_reserve(spool::byte_buffer::max_size() + 1));
  CHECK(b.capacity() == 1001);

  b.append("abc");
  CHECK_FALSE(b.try_grow_for(spool::byte_buffer::max_size() - 2));  // would pass max_size()
  CHECK(b.view() == "abc");
  b.shrink_to_fit();
  CHECK(b.capacity() == 3);
  CHECK(b.view() == "abc");

  spool::byte_buffer moved = std::move(b);
  CHECK(moved.view() == "abc");
  CHECK(b.capacity() == 0);  // moved-from state is specified

  moved.release();
  CHECK(moved.capacity() == 0);
  CHECK(moved.empty());
}

TEST_CASE("a returned buffer is reused, cleared, with its capacity") {
  fresh_pool guard;
  const char* storage;
  {
    spool::buffer_lease lease = spool::lease_buffer();
    lease->append("scratch data");
    storage = lease->data();
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.leases == 1);
  CHECK(s.fresh_allocations == 1);
  CHECK(s.reuses == 0);
  CHECK(s.buffers_retained == 1);
  CHECK(s.bytes_retained >= 12);

  spool::buffer_lease again = spool::lease_buffer();
  CHECK(again->data() == storage);
  CHECK(again->empty());
  CHECK(again->capacity() >= 12);
  s = spool::thread_pool_stats();
  CHECK(s.leases == 2);
  CHECK(s.reuses == 1);
  CHECK(s.buffers_retained == 0);
  CHECK(s.bytes_retained == 0);
}

TEST_CASE("at most four idle buffers per class are kept") {
  fresh_pool guard;
  {
    std::vector<spool::buffer_lease> held;
    for (int i = 0; i < 6; ++i) held.push_back(lease_with_capacity(100));
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 4);
  CHECK(s.bytes_retained == 400);
  CHECK(s.drops == 2);
  CHECK(s.fresh_allocations == 6);

  { spool::buffer_lease input = lease_with_capacity(100, spool::buffer_class::input); }
  s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 5);  // the input class has its own bin
  CHECK(s.drops == 2);

  // A scratch lease never receives an input buffer, nor the reverse.
  spool::buffer_lease input = spool::lease_buffer(spool::buffer_class::input);
  CHECK(input.kind() == spool::buffer_class::input);
  CHECK(spool::thread_pool_stats().reuses == 1);
  spool::buffer_lease input2 = spool::lease_buffer(spool::buffer_class::input);
  CHECK(spool::thread_pool_stats().fresh_allocations == 8);
}

TEST_CASE("a full bin keeps the larger buffers; empty buffers are not kept") {
  fresh_pool guard;
  {
    std::vector<spool::buffer_lease> held;
    for (std::size_t capacity : {100, 50, 300, 200, 400, 10}) held.push_back(lease_with_capacity(capacity));
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 4);
  CHECK(s.bytes_retained == 100 + 300 + 200 + 400);  // 400 replaced 50; 10 was not kept
  CHECK(s.drops == 2);

  { spool::buffer_lease unused = spool::lease_buffer(); }  // a kept buffer, returned with its capacity
  CHECK(spool::thread_pool_stats().buffers_retained == 4);
  spool::trim_thread_pool();
  { spool::buffer_lease never_written = spool::lease_buffer(); }
  s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 0);
  CHECK(s.drops == 3);
}

TEST_CASE("a scratch buffer larger than the limit is freed on return") {
  fresh_pool guard;
  constexpr std::size_t d = spool::default_pool_buffer_limit;
  {
    auto at_limit = lease_with_capacity(d);
    auto over = lease_with_capacity(d + 1);
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 1);
  CHECK(s.bytes_retained == d);
  CHECK(s.drops == 1);

  spool::set_pool_buffer_limit(4 * static_cast<std::int64_t>(d));
  { auto raised = lease_with_capacity(d + 1); }  // reuses the d buffer, grows it, keeps it
  s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 1);
  CHECK(s.bytes_retained == d + 1);
  CHECK(s.drops == 1);
}

TEST_CASE("input buffers obey the fixed 1 MiB cap, not the scratch limit") {
  fresh_pool guard;
  spool::set_pool_buffer_limit(16 * static_cast<std::int64_t>(spool::input_buffer_limit));
  { auto body = lease_with_capacity(spool::input_buffer_limit + 1, spool::buffer_class::input); }
  CHECK(spool::thread_pool_stats().drops == 1);
  CHECK(spool::thread_pool_stats().buffers_retained == 0);
  { auto body = lease_with_capacity(spool::input_buffer_limit, spool::buffer_class::input); }
  CHECK(spool::thread_pool_stats().buffers_retained == 1);
  CHECK(spool::thread_pool_stats().bytes_retained == spool::input_buffer_limit);

  spool::set_pool_buffer_limit(0);
  { auto scratch = lease_with_capacity(spool::input_buffer_limit); }  // over the scratch limit
  CHECK(spool::thread_pool_stats().drops == 2);
}

TEST_CASE("leases move; the buffer returns once, when the last owner ends") {
  fresh_pool guard;
  spool::buffer_lease a = lease_with_capacity(64);
  spool::buffer_lease b = std::move(a);
  CHECK(b->capacity() >= 64);
  spool::buffer_lease c;
  c = std::move(b);
  CHECK(spool::thread_pool_stats().buffers_retained == 0);
  c = lease_with_capacity(32);  // move-assignment returns the buffer c held
  CHECK(spool::thread_pool_stats().buffers_retained == 1);
  c = spool::buffer_lease{};
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 2);
  CHECK(s.leases == 2);
  CHECK(s.drops == 0);
}

TEST_CASE("release_to_allocator frees now and counts a drop") {
  fresh_pool guard;
  {
    spool::buffer_lease lease = lease_with_capacity(128);
    lease.release_to_allocator();
    CHECK(lease->capacity() == 0);
    lease->append("still usable, but unpooled");
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.drops == 1);
  CHECK(s.buffers_retained == 0);
}

TEST_CASE("trim frees idle buffers; resetting stats keeps the gauges") {
  fresh_pool guard;
  { auto a = lease_with_capacity(10); auto b = lease_with_capacity(20, spool::buffer_class::input); }
  spool::reset_thread_pool_stats();
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.leases == 0);
  CHECK(s.fresh_allocations == 0);
  CHECK(s.buffers_retained == 2);
  CHECK(s.bytes_retained == 30);
  spool::trim_thread_pool();
  s = spool::thread_pool_stats();
  CHECK(s.buffers_retained == 0);
  CHECK(s.bytes_retained == 0);
  spool::buffer_lease after = spool::lease_buffer();
  CHECK(after->capacity() == 0);
  CHECK(spool::thread_pool_stats().fresh_allocations == 1);
}

namespace {

int decoder_destroyed = 0;

struct decoder_context {
  std::vector<int> stack;
  bool was_reset = false;
  std::size_t resets = 0;
  void reset_for_reuse() {
    stack.clear();
    was_reset = true;
    ++resets;
  }
  // A context one document inflated is not worth keeping.
  bool oversized() const { return stack.capacity() > 1000; }
  ~decoder_context() { ++decoder_destroyed; }
};

struct plain_context {
  int value = 0;
};

}  // namespace

TEST_CASE("object leases reuse contexts and reset them on return") {
  fresh_pool guard;
  decoder_context* first;
  {
    auto ctx = spool::lease_object<decoder_context>();
    CHECK_FALSE(ctx->was_reset);
    ctx->stack.assign(10, 1);
    first = ctx.get();
  }
  CHECK(spool::thread_pool_stats().objects_retained == 1);
  {
    auto ctx = spool::lease_object<decoder_context>();
    CHECK(ctx.get() == first);
    CHECK(ctx->was_reset);
    CHECK(ctx->stack.empty());
    CHECK(ctx->stack.capacity() >= 10);  // warm state survives
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.leases == 2);
  CHECK(s.reuses == 1);
  CHECK(s.fresh_allocations == 1);
  CHECK(s.drops == 0);
  CHECK(s.buffers_retained == 0);  // objects are counted apart from buffers
}

TEST_CASE("an object that reports oversized() is dropped after reset") {
  fresh_pool guard;
  int destroyed_before = decoder_destroyed;
  {
    auto ctx = spool::lease_object<decoder_context>();
    ctx->stack.resize(5000);
  }
  CHECK(decoder_destroyed == destroyed_before + 1);
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.drops == 1);
  CHECK(s.objects_retained == 0);
}

TEST_CASE("object caches are bounded per type and trimmed with the pool") {
  fresh_pool guard;
  int destroyed_before = decoder_destroyed;
  {
    std::vector<spool::object_lease<decoder_context>> held;
    for (int i = 0; i < 6; ++i) held.push_back(spool::lease_object<decoder_context>());
    auto other = spool::lease_object<plain_context>();
    other->value = 5;
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.objects_retained == 5);  // 4 decoders + 1 plain context
  CHECK(s.drops == 2);
  CHECK(decoder_destroyed == destroyed_before + 2);

  auto plain = spool::lease_object<plain_context>();
  CHECK(plain->value == 5);  // no reset_for_reuse: returned as it was left

  spool::trim_thread_pool();
  CHECK(decoder_destroyed == destroyed_before + 6);
  CHECK(spool::thread_pool_stats().objects_retained == 0);
}

namespace {
struct context_with_scratch {
  spool::buffer_lease scratch = spool::lease_buffer();
};
}  // namespace

TEST_CASE("trimming frees a cached context and the buffers it held") {
  fresh_pool guard;
  {
    auto ctx = spool::lease_object<context_with_scratch>();
    ctx->scratch->reserve(100);
  }
  spool::pool_stats s = spool::thread_pool_stats();
  CHECK(s.objects_retained == 1);
  CHECK(s.buffers_retained == 0);  // the buffer stays with its context
  spool::trim_thread_pool();
  s = spool::thread_pool_stats();
  CHECK(s.objects_retained == 0);
  CHECK(s.buffers_retained == 0);
  CHECK(s.bytes_retained == 0);
}

TEST_CASE("object leases move and end once") {
  fresh_pool guard;
  spool::object_lease<plain_context> a = spool::lease_object<plain_context>();
  spool::object_lease<plain_context> b = std::move(a);
  CHECK_FALSE(a);  // moved-from state is specified
  CHECK(b);
  spool::object_lease<plain_context> c = spool::lease_object<plain_context>();
  c = std::move(b);  // returns c's first object
  CHECK(spool::thread_pool_stats().objects_retained == 1);
  c = {};
  CHECK(spool::thread_pool_stats().objects_retained == 2);
}
