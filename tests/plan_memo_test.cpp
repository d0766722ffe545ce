// plan_memo: exact slot order under the transpose-on-hit / stale-candidate-or-last-slot policy,
// counters, and how often the registry is consulted; the registry's index as it grows.
#include <spool/reflect.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

template <int N>
struct doc {
  int field = N;
};

template <int N>
const spool::struct_plan* plan_of() {
  return &spool::plan_registry_get<doc<N>>();
}

std::uint64_t registry_lookups() { return spool::detail::registry_lookups_on_this_thread(); }

// The memo's slots front to back, as plan pointers (nullptr for empty slots).
std::vector<const spool::struct_plan*> slots(const spool::plan_memo& memo) {
  std::vector<const spool::struct_plan*> out;
  for (std::size_t i = 0; i < spool::plan_memo::capacity; ++i) out.push_back(memo.slot(i));
  return out;
}

using order = std::vector<const spool::struct_plan*>;

// Looks up doc<First>, doc<First + 1>, ... in turn.
template <int First, int... N>
void get_each(spool::plan_memo& memo, std::integer_sequence<int, N...>) {
  (memo.get<doc<First + N>>(), ...);
}

}  // namespace

static_assert(spool::plan_memo::capacity == 8);

TEST_CASE("hits move a plan one slot forward; misses fill the free slots in order") {
  spool::plan_memo memo;
  const auto* const a = plan_of<0>();
  const auto* const b = plan_of<1>();
  const auto* const c = plan_of<2>();
  const auto* const d = plan_of<3>();
  const std::uint64_t before = registry_lookups();

  CHECK(&memo.get<doc<0>>() == a);
  CHECK(&memo.get<doc<1>>() == b);
  CHECK(&memo.get<doc<2>>() == c);
  CHECK(slots(memo) == order{a, b, c, nullptr, nullptr, nullptr, nullptr, nullptr});
  CHECK(&memo.get<doc<2>>() == c);  // hit at slot 2: swaps with slot 1
  CHECK(slots(memo) == order{a, c, b, nullptr, nullptr, nullptr, nullptr, nullptr});
  CHECK(&memo.get<doc<2>>() == c);  // hit at slot 1: moves to the front
  CHECK(slots(memo) == order{c, a, b, nullptr, nullptr, nullptr, nullptr, nullptr});
  CHECK(&memo.get<doc<2>>() == c);  // hit at the front: stays
  CHECK(slots(memo) == order{c, a, b, nullptr, nullptr, nullptr, nullptr, nullptr});
  CHECK(&memo.get<doc<1>>() == b);
  CHECK(slots(memo) == order{c, b, a, nullptr, nullptr, nullptr, nullptr, nullptr});
  CHECK(&memo.get<doc<3>>() == d);  // miss: the first free slot
  CHECK(slots(memo) == order{c, b, a, d, nullptr, nullptr, nullptr, nullptr});

  CHECK(memo.counters().hits == 4);
  CHECK(memo.counters().misses == 4);
  CHECK(registry_lookups() - before == 4);
}

TEST_CASE("once full, a miss overwrites the last slot while every plan is in use") {
  spool::plan_memo memo;
  get_each<0>(memo, std::make_integer_sequence<int, 8>{});
  memo.get<doc<7>>();  // hit at slot 7: swaps with slot 6
  CHECK(slots(memo) == order{plan_of<0>(), plan_of<1>(), plan_of<2>(), plan_of<3>(), plan_of<4>(), plan_of<5>(),
                             plan_of<7>(), plan_of<6>()});
  CHECK(&memo.get<doc<8>>() == plan_of<8>());  // the candidate, doc<0>, was used 9 lookups ago: not stale
  CHECK(slots(memo) == order{plan_of<0>(), plan_of<1>(), plan_of<2>(), plan_of<3>(), plan_of<4>(), plan_of<5>(),
                             plan_of<7>(), plan_of<8>()});
  CHECK(&memo.get<doc<6>>() == plan_of<6>());  // evicted a moment ago: a miss, into the last slot again
  CHECK(slots(memo) == order{plan_of<0>(), plan_of<1>(), plan_of<2>(), plan_of<3>(), plan_of<4>(), plan_of<5>(),
                             plan_of<7>(), plan_of<6>()});
  CHECK(memo.counters().hits == 1);
  CHECK(memo.counters().misses == 10);
}

TEST_CASE("a document using at most eight types reaches the registry once per type") {
  spool::plan_memo memo;
  const std::array<const spool::struct_plan*, 8> expected{plan_of<0>(), plan_of<1>(), plan_of<2>(), plan_of<3>(),
                                                          plan_of<4>(), plan_of<5>(), plan_of<6>(), plan_of<7>()};
  const std::uint64_t before = registry_lookups();
  // A fixed, irregular walk over the eight types, as nested structs in a document would make.
  unsigned state = 12345;
  for (int step = 0; step < 2000; ++step) {
    state = state * 1103515245u + 12345u;
    const unsigned which = (state >> 16) % 8;
    const spool::struct_plan* got = nullptr;
    switch (which) {
      case 0: got = &memo.get<doc<0>>(); break;
      case 1: got = &memo.get<doc<1>>(); break;
      case 2: got = &memo.get<doc<2>>(); break;
      case 3: got = &memo.get<doc<3>>(); break;
      case 4: got = &memo.get<doc<4>>(); break;
      case 5: got = &memo.get<doc<5>>(); break;
      case 6: got = &memo.get<doc<6>>(); break;
      default: got = &memo.get<doc<7>>(); break;
    }
    REQUIRE(got == expected[which]);
  }
  CHECK(memo.counters().misses == 8);
  CHECK(memo.counters().hits == 2000 - 8);
  CHECK(registry_lookups() - before == 8);
}

// n types looked up in turn, `rounds` times, every answer checked.
template <int N>
void rotate(spool::plan_memo& memo, int rounds) {
  const auto lookup = [&]<int I>(std::integral_constant<int, I>) { REQUIRE(&memo.get<doc<I>>() == plan_of<I>()); };
  for (int round = 0; round < rounds; ++round) {
    [&]<int... I>(std::integer_sequence<int, I...>) {
      (lookup(std::integral_constant<int, I>{}), ...);
    }(std::make_integer_sequence<int, N>{});
  }
}

TEST_CASE("more types in rotation than slots: all but the last slot keep hitting") {
  constexpr int rounds = 20;
  SUBCASE("nine types") {
    spool::plan_memo memo;
    const std::uint64_t before = registry_lookups();
    rotate<9>(memo, rounds);
    // The first round fills the eight slots and puts doc<8> in the last; from then on doc<0>..doc<6>
    // hit, and doc<7> and doc<8> take turns in the last slot.
    CHECK(memo.counters().misses == 9 + 2 * (rounds - 1));
    CHECK(memo.counters().hits == 7 * (rounds - 1));
    // plan_of<N>() in the REQUIREs asks the registry too, once per lookup.
    CHECK(registry_lookups() - before == memo.counters().misses + 9 * rounds);
  }
  SUBCASE("ten types, as a document with ten struct types read again and again") {
    spool::plan_memo memo;
    rotate<10>(memo, rounds);
    CHECK(memo.counters().misses == 10 + 3 * (rounds - 1));
    CHECK(memo.counters().hits == 7 * (rounds - 1));
  }
}

TEST_CASE("plans unused for more than stale_after lookups give way before the last slot does") {
  static_assert(spool::plan_memo::stale_after == 16);
  spool::plan_memo memo;
  get_each<0>(memo, std::make_integer_sequence<int, 8>{});  // lookups 1..8: doc<0> last used at 1
  // Two new types taking turns: each evicts the other from the last slot. Each miss checks one
  // candidate, slots 0..6 in turn: slot 0 at lookup 15 (doc<0> unused for 14 lookups: kept), and
  // again at lookup 23 (22: replaced).
  for (int i = 0; i < 7; ++i) {
    memo.get<doc<8>>();
    memo.get<doc<9>>();
  }
  CHECK(memo.counters().misses == 8 + 14);
  CHECK(slots(memo) == order{plan_of<0>(), plan_of<1>(), plan_of<2>(), plan_of<3>(), plan_of<4>(), plan_of<5>(),
                             plan_of<6>(), plan_of<9>()});
  memo.get<doc<8>>();  // lookup 23
  CHECK(memo.counters().misses == 23);
  CHECK(memo.slot(0) == plan_of<8>());
  CHECK(memo.slot(7) == plan_of<9>());
  memo.get<doc<9>>();  // a hit now: moves up from the last slot
  CHECK(memo.slot(6) == plan_of<9>());
  CHECK(memo.slot(7) == plan_of<6>());
  for (int i = 0; i < 50; ++i) {
    memo.get<doc<8>>();
    memo.get<doc<9>>();
  }
  CHECK(memo.counters().misses == 23);
  CHECK(memo.counters().hits == 101);
}

TEST_CASE("options are part of the key; options spelling the same keys share an entry") {
  spool::plan_memo memo;
  const spool::struct_plan& exact = memo.get<doc<0>>();
  const spool::struct_plan& folded = memo.get<doc<0>>({.case_insensitive = true});
  CHECK(&exact != &folded);
  CHECK(folded.case_insensitive());
  CHECK(memo.counters().misses == 2);
  CHECK(&memo.get<doc<0>>({spool::naming::as_is, true}) == &exact);
  CHECK(memo.counters().hits == 1);
}

TEST_CASE("clear forgets the plans and the counters") {
  spool::plan_memo memo;
  memo.get<doc<0>>();
  memo.get<doc<0>>();
  memo.clear();
  CHECK(memo.counters().hits == 0);
  CHECK(memo.counters().misses == 0);
  CHECK(memo.slot(0) == nullptr);
  const std::uint64_t before = registry_lookups();
  CHECK(&memo.get<doc<0>>() == plan_of<0>());
  CHECK(memo.counters().misses == 1);
  CHECK(registry_lookups() - before == 2);  // the memo's miss and plan_of
}

TEST_CASE("a warm memo: a document's types replace the plans of earlier documents as they go stale") {
  spool::plan_memo memo;
  get_each<0>(memo, std::make_integer_sequence<int, 13>{});  // eight slots of plans no longer used
  const auto misses = memo.counters().misses;
  // A "document" of three nested types (a table, an array of tables, a table in each element).
  for (int round = 0; round < 30; ++round) {
    memo.get<doc<20>>();
    memo.get<doc<21>>();
    memo.get<doc<22>>();
  }
  // Lookups 14..24 miss: each takes the last slot from the one before, while the candidate slot
  // moves on; at lookups 23 and 24 it reaches slots 0 and 1 again, whose plans have gone unused
  // for 22 lookups, and doc<20> and doc<21> take them. doc<22>, in the last slot since lookup 22,
  // then hits, and so does every lookup after it.
  CHECK(memo.counters().misses - misses == 11);
  CHECK(slots(memo) == order{plan_of<21>(), plan_of<22>(), plan_of<20>(), plan_of<2>(), plan_of<3>(), plan_of<4>(),
                             plan_of<5>(), plan_of<6>()});
  const auto settled = memo.counters().misses;
  for (int round = 0; round < 10; ++round) {
    memo.get<doc<20>>();
    memo.get<doc<21>>();
    memo.get<doc<22>>();
  }
  CHECK(memo.counters().misses == settled);
}

// More plans than the registry's first index holds (64 slots, at most half full): it is copied into
// larger ones while the plans already handed out stay where they are.
TEST_CASE("the registry's index grows without moving plans") {
  std::vector<const spool::struct_plan*> first;
  [&]<int... N>(std::integer_sequence<int, N...>) {
    (first.push_back(plan_of<100 + N>()), ...);
  }(std::make_integer_sequence<int, 150>{});
  const std::uint64_t before = registry_lookups();
  std::vector<const spool::struct_plan*> again;
  std::vector<const spool::struct_plan*> folded;
  [&]<int... N>(std::integer_sequence<int, N...>) {
    (again.push_back(plan_of<100 + N>()), ...);
    (folded.push_back(&spool::plan_registry_get<doc<100 + N>>({.case_insensitive = true})), ...);
  }(std::make_integer_sequence<int, 150>{});
  CHECK(again == first);
  for (const spool::struct_plan* plan : folded) CHECK(plan->case_insensitive());
  CHECK(registry_lookups() - before == 300);
  for (std::size_t i = 1; i < first.size(); ++i) CHECK(first[i] != first[i - 1]);
}
