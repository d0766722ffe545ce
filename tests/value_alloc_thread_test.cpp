// Values cross threads: a node block allocated on one thread and freed on another joins the
// freeing thread's cache (every block is its own operator new allocation), and thread exit gives
// the cache back. Built under TSan by the tsan preset; the sanitizer build checks for leaks.
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

namespace {

spool::detail::value_node_cache_stats stats() { return spool::detail::this_thread_value_nodes.stats(); }

value document(int i) {
  const std::string json = R"({"id":)" + std::to_string(i) +
                           R"(,"points":[[1.5,2.5],[3.5,4.5]],"name":"a name longer than fourteen bytes",)"
                           R"("tags":["first tag of many","second tag of many"],"nested":{"a":{"b":[1,2,3]}}})";
  return spool::json::read<value>(json).value();
}

}  // namespace

TEST_CASE("blocks allocated on one thread are kept by the thread that frees them, and reused there") {
  std::vector<value> built;
  spool::detail::value_node_cache_stats producer{};
  std::thread([&] {
    for (int i = 0; i < 50; ++i) built.push_back(document(i));
    producer = stats();
  }).join();
  CHECK(producer.allocated > 0);
  CHECK(producer.kept < producer.allocated);  // most blocks are still in the documents

  spool::detail::value_node_cache_stats after_free{}, after_reuse{};
  std::thread([&] {
    built.clear();
    after_free = stats();
    for (int i = 0; i < 50; ++i) {
      const value v = document(i);
      CHECK(v["id"].as_int64().value() == i);
    }
    after_reuse = stats();
  }).join();
  CHECK(after_free.allocated == 0);
  CHECK(after_free.kept > 0);
  CHECK(after_free.idle_blocks == after_free.kept);
  CHECK(after_reuse.reused > 0);  // blocks the producer allocated
}

TEST_CASE("two threads destroying each other's documents concurrently") {
  std::mutex m;
  std::condition_variable cv;
  std::deque<value> to_first, to_second;
  constexpr int rounds = 200;

  auto worker = [&](int self, std::deque<value>& inbox, std::deque<value>& outbox) {
    std::uint64_t received = 0;
    for (int i = 0; i < rounds; ++i) {
      value mine = document(self * rounds + i);
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
      CHECK(theirs["points"][1][0] == value(3.5));
      ++received;
      theirs = value();  // freed here, allocated there
    }
    CHECK(received == rounds);
    CHECK(stats().kept + stats().released > 0);
  };
  std::thread first(worker, 0, std::ref(to_first), std::ref(to_second));
  std::thread second(worker, 1, std::ref(to_second), std::ref(to_first));
  first.join();
  second.join();
  CHECK(to_first.empty());
  CHECK(to_second.empty());
}

TEST_CASE("a thread's cache is given back when it exits, also to values destroyed after it") {
  std::thread([] {
    // Constructed before the cache is first used, so destroyed after the cache closes: its blocks
    // then go to operator delete (the leak checker sees if they went anywhere else).
    thread_local value early = value(std::string(100, 'e'));
    CHECK(early.as_string().value().size() == 100);
    { value scratch = document(1); }
    CHECK(stats().idle_blocks > 0);
  }).join();
}
