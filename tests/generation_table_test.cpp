// generation_table / generation_set: O(1) reset, stale reads, counter wrap-around, size valve.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include <spool/detail/generation_table.hpp>

using spool::detail::basic_generation_set;
using spool::detail::generation_set;
using spool::detail::generation_table;

TEST_CASE("a slot reads back until reset, then as V{}") {
  generation_table<std::uint32_t> t;
  CHECK(t.get(3) == 0);  // absent
  t[3] = 7;
  ++t[3];
  CHECK(t.get(3) == 8);
  CHECK(t.get(2) == 0);  // grown but never written
  CHECK(t.storage_size() == 4);
  t.reset();
  CHECK(t.get(3) == 0);
  CHECK(t[3] == 0);  // a stale slot is refreshed, not resurrected
  t[3] = 1;
  CHECK(t.get(3) == 1);
  CHECK(t.storage_size() == 4);  // storage is kept across documents
}

TEST_CASE("values with state are refreshed to V{} when stale") {
  generation_table<std::string> t;
  t[0] = "first document";
  t.reset();
  CHECK(t.get(0).empty());
  t[0] += "x";
  CHECK(t.get(0) == "x");
}

TEST_CASE("many documents: only the current generation is visible") {
  generation_table<int> t;
  for (int doc = 1; doc <= 100; ++doc) {
    t[static_cast<std::size_t>(doc % 7)] = doc;
    for (std::size_t i = 0; i < 7; ++i) CHECK(t.get(i) == (i == static_cast<std::size_t>(doc % 7) ? doc : 0));
    t.reset();
  }
}

TEST_CASE("wrap-around of the stamp clears old slots once") {
  // With 8-bit stamps the counter wraps after 255 resets. A slot written in generation 1 and
  // never touched again would look current after the wrap unless the table clears it.
  generation_table<int, std::uint8_t> t;
  t[5] = 42;
  t[6] = 1;
  for (int i = 0; i < 255; ++i) {
    t.reset();
    t[6] = i;  // a slot that is written every generation
    CHECK(t.get(5) == 0);
  }
  CHECK(t.get(5) == 0);
  CHECK(t.get(6) == 254);
  for (int i = 0; i < 600; ++i) {
    t.reset();
    CHECK(t.get(5) == 0);
    CHECK(t.get(6) == 0);
  }
}

TEST_CASE("the size valve drops storage that one document made huge") {
  generation_table<int> t(100);
  CHECK(t.size_valve() == 100);
  t[99] = 1;
  t.reset();
  CHECK(t.storage_size() == 100);  // at the valve: kept
  t[100] = 1;
  CHECK(t.storage_size() == 101);
  t.reset();
  CHECK(t.storage_size() == 0);  // past it: dropped
  CHECK(t.get(100) == 0);
  t[2] = 3;
  CHECK(t.get(2) == 3);

  generation_table<int> by_default;
  CHECK(by_default.size_valve() == spool::detail::default_generation_valve);
}

TEST_CASE("generation_set: insert reports novelty, reset forgets in O(1)") {
  generation_set seen;
  CHECK_FALSE(seen.contains(0));
  CHECK(seen.insert(0));
  CHECK_FALSE(seen.insert(0));
  CHECK(seen.insert(63));
  CHECK(seen.insert(64));  // next word
  CHECK(seen.insert(1000));
  CHECK(seen.contains(63));
  CHECK(seen.contains(64));
  CHECK_FALSE(seen.contains(65));
  CHECK_FALSE(seen.contains(999));
  CHECK_FALSE(seen.contains(1'000'000));  // beyond storage
  seen.reset();
  for (std::size_t i : {0u, 63u, 64u, 1000u}) {
    CAPTURE(i);
    CHECK_FALSE(seen.contains(i));
  }
  CHECK(seen.insert(64));
  CHECK_FALSE(seen.contains(0));  // the rest of a refreshed word is empty too
}

TEST_CASE("generation_set wraps and has a valve") {
  basic_generation_set<std::uint8_t> seen(128);
  CHECK(seen.insert(3));
  for (int i = 0; i < 300; ++i) {
    seen.reset();
    CHECK_FALSE(seen.contains(3));
  }
  CHECK(seen.insert(127));
  seen.reset();
  CHECK(seen.storage_size() == 128);
  CHECK(seen.insert(128));
  CHECK(seen.storage_size() == 192);
  seen.reset();
  CHECK(seen.storage_size() == 0);
  CHECK_FALSE(seen.contains(128));
}

TEST_CASE("set() writes a slot whole: new, stale and current slots, past the storage, across resets") {
  generation_table<std::uint32_t, std::uint8_t> t;
  t.set(5, 9);  // past the storage: grown
  CHECK(t.storage_size() == 6);
  CHECK(t.get(5) == 9);
  CHECK(t.get(4) == 0);
  t.set(5, 10);  // a current slot
  CHECK(t.get(5) == 10);
  CHECK(t[5] == 10);
  for (int generation = 0; generation < 600; ++generation) {  // the 8-bit stamp wraps
    t.reset();
    CHECK(t.get(5) == 0);  // stale
    t.set(5, static_cast<std::uint32_t>(generation));
    CHECK(t.get(5) == static_cast<std::uint32_t>(generation));
    CHECK(t.get(2) == 0);
    ++t[5];
    CHECK(t.get(5) == static_cast<std::uint32_t>(generation) + 1);
  }
  generation_table<std::string> s;
  s[1] = "old";
  s.reset();
  s.set(1, "new");
  CHECK(s.get(1) == "new");
}
