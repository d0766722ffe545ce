// Values cross threads: a block carved from one thread's chunk may be freed on another, which
// subtracts it from the chunk's atomic count; whoever takes the count to zero owns the chunk (keeps
// it idle or frees it), exactly once. Thread exit gives up the thread's chunks, and values that
// outlive their thread free theirs with their last block. Built under TSan by the tsan preset;
// the sanitizer builds check for leaks and double frees.
#include <spool/json.hpp>
#include <spool/value.hpp>

#include <doctest/doctest.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using spool::value;
using cache = spool::detail::value_node_cache;

namespace {

cache& this_thread() { return spool::detail::this_thread_value_nodes; }
spool::detail::value_node_cache_stats stats() { return this_thread().stats(); }
std::size_t chunks_alive() { return spool::detail::value_node_chunks_alive.load(); }
// Chunks alive that are not this thread's (idle or current).
std::size_t chunks_elsewhere() {
  return chunks_alive() - stats().idle_chunks - (this_thread().has_current_chunk() ? 1 : 0);
}

value document(int i) {
  const std::string json = R"({"id":)" + std::to_string(i) +
                           R"(,"points":[[1.5,2.5],[3.5,4.5]],"name":"a name longer than fourteen bytes",)"
                           R"("tags":["first tag of many","second tag of many"],"nested":{"a":{"b":[1,2,3]}}})";
  return spool::json::read<value>(json).value();
}

// Values built without a reader (whose pooled stacks would stay behind in the thread's chunk).
value built(int i) {
  value v;
  v["name"] = "a name longer than fourteen bytes, number " + std::to_string(i);
  v["list"] = value{i, "x", std::string(30, 'l')};
  return v;
}

}  // namespace

TEST_CASE("values that outlive their thread free its chunks when they go, exactly once") {
  const std::size_t alive = chunks_alive();
  std::vector<value> kept;
  std::uint64_t made = 0;
  std::thread([&] {
    for (int i = 0; i < 3000; ++i) kept.push_back(built(i));
    made = stats().chunks_made;
  }).join();  // exits with every block of its chunks still live
  CHECK(made > 2);
  CHECK(chunks_alive() > alive);
  CHECK(kept[2999]["list"][0] == value(2999));

  std::thread([&] {
    kept.clear();
    kept.shrink_to_fit();
    CHECK(stats().idle_chunks > 0);  // the emptied chunks are this thread's to keep now
    CHECK(stats().chunks_made == 0);
  }).join();  // and its exit frees them
  CHECK(chunks_alive() == alive);
}

TEST_CASE("a block of a thread's current chunk freed elsewhere: the chunk is found empty when given up") {
  std::thread([] {
    value v = built(1);
    const std::uint64_t made = stats().chunks_made;
    CHECK(made == 1);
    std::thread([&] { v = value(); }).join();  // the current chunk's count drops below the bias
    CHECK(this_thread().current_blocks() > 0);  // this thread does not see those frees
    std::vector<value> more;
    while (stats().chunks_made + stats().chunks_reset == made) more.push_back(built(2));
    CHECK(stats().chunks_made == made + 1);  // the first chunk was still holding blocks of `more`
    more = std::vector<value>();
    CHECK(stats().idle_chunks == 1);  // the first chunk, emptied after it was given up
  }).join();
}

TEST_CASE("two threads destroying each other's documents concurrently") {
  // The deques' element blocks are freed on this thread, at the end of the scope: the chunks they
  // empty join this thread's idle ones.
  const std::size_t alive = chunks_elsewhere();
  {
    std::mutex m;
    std::condition_variable cv;
    // std::deque<value> takes its element blocks from the node chunks too (std::allocator<value>),
    // so these cross threads as well.
    std::deque<value> to_first, to_second;
    constexpr int rounds = 200;

    auto worker = [&](int self, std::deque<value>& inbox, std::deque<value>& outbox) {
      std::uint64_t received = 0;
      for (int i = 0; i < rounds; ++i) {
        value mine = (i % 2 == 0) ? document(self * rounds + i) : built(self * rounds + i);
        {
          std::lock_guard lock(m);
          outbox.push_back(std::move(mine));
        }
        cv.notify_all();
        value theirs;
        {
          std::unique_lock lock(m);
          cv.wait(lock, [&] { return !inbox.empty(); });
          theirs = std::move(inbox.front());
          inbox.pop_front();
        }
        if (i % 2 == 0) {
          CHECK(theirs["points"][1][0] == value(3.5));
        } else {
          CHECK(theirs["list"][1] == value("x"));
        }
        ++received;
        theirs = value();  // freed here, allocated there
      }
      CHECK(received == rounds);
    };
    std::thread first(worker, 0, std::ref(to_first), std::ref(to_second));
    std::thread second(worker, 1, std::ref(to_second), std::ref(to_first));
    first.join();
    second.join();
    CHECK(to_first.empty());
    CHECK(to_second.empty());
  }
  CHECK(chunks_elsewhere() == alive);  // every other chunk was freed, once
}

TEST_CASE("a thread's chunks are given back when it exits, also to values destroyed after it") {
  const std::size_t alive = chunks_alive();
  std::thread([] {
    // Constructed before the cache is first used, so destroyed after the cache closes: its chunk
    // is then freed with its block (the leak checker sees if it went anywhere else).
    thread_local value early = value(std::string(100, 'e'));
    CHECK(early.as_string().value().size() == 100);
    { value scratch = built(1); }
    CHECK(this_thread().has_current_chunk());
  }).join();
  CHECK(chunks_alive() == alive);
}

TEST_CASE("a large object's first lookups on several threads at once: one index is kept, every key found") {
  for (int round = 0; round < 20; ++round) {
    std::string json = "{";
    for (int i = 0; i < 200; ++i) json += (i == 0 ? "" : ",") + ("\"key number " + std::to_string(i) + "\":") + std::to_string(i);
    json += "}";
    const value doc = spool::json::read<value>(json).value();
    std::vector<std::thread> threads;
    std::vector<int> found(4, 0);
    for (std::size_t t = 0; t < found.size(); ++t) {
      threads.emplace_back([&doc, &found, t] {
        for (int i = 199; i >= 0; --i) {
          const value* v = doc.find("key number " + std::to_string(i));
          if (v != nullptr && v->as_int64().value() == i) ++found[t];
        }
        if (doc.find("absent") == nullptr) ++found[t];
      });
    }
    for (std::thread& t : threads) t.join();
    for (int n : found) CHECK(n == 201);
  }
}
