// plan_memo: exact slot order under the transpose-on-hit / rotating-overwrite policy, counters,
// and how often the registry is consulted.
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

TEST_CASE("hits move a plan one slot forward; misses fill the slot under the cursor") {
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
  CHECK(&memo.get<doc<3>>() == d);  // miss: the cursor is at slot 3
  CHECK(slots(memo) == order{c, b, a, d, nullptr, nullptr, nullptr, nullptr});

  CHECK(memo.counters().hits == 4);
  CHECK(memo.counters().misses == 4);
  CHECK(registry_lookups() - before == 4);
}

TEST_CASE("once full, each miss overwrites the next slot in turn") {
  spool::plan_memo memo;
  get_each<0>(memo, std::make_integer_sequence<int, 8>{});
  memo.get<doc<7>>();  // hit at slot 7: swaps with slot 6
  CHECK(slots(memo) == order{plan_of<0>(), plan_of<1>(), plan_of<2>(), plan_of<3>(), plan_of<4>(), plan_of<5>(),
                             plan_of<7>(), plan_of<6>()});
  CHECK(&memo.get<doc<8>>() == plan_of<8>());  // the cursor wrapped to slot 0
  CHECK(slots(memo) == order{plan_of<8>(), plan_of<1>(), plan_of<2>(), plan_of<3>(), plan_of<4>(), plan_of<5>(),
                             plan_of<7>(), plan_of<6>()});
  CHECK(&memo.get<doc<0>>() == plan_of<0>());  // evicted a moment ago: a miss, into slot 1
  CHECK(slots(memo) == order{plan_of<8>(), plan_of<0>(), plan_of<2>(), plan_of<3>(), plan_of<4>(), plan_of<5>(),
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

TEST_CASE("nine types in rotation miss every time, and every answer is still right") {
  spool::plan_memo memo;
  const std::uint64_t before = registry_lookups();
  constexpr int rounds = 20;
  const auto lookup = [&]<int N>(std::integral_constant<int, N>) {
    REQUIRE(&memo.get<doc<N>>() == plan_of<N>());
  };
  for (int round = 0; round < rounds; ++round) {
    [&]<int... N>(std::integer_sequence<int, N...>) {
      (lookup(std::integral_constant<int, N>{}), ...);
    }(std::make_integer_sequence<int, 9>{});
  }
  CHECK(memo.counters().hits == 0);
  CHECK(memo.counters().misses == 9 * rounds);
  // plan_of<N>() in the REQUIREs asks the registry too, once per lookup.
  CHECK(registry_lookups() - before == 2 * 9 * rounds);
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

TEST_CASE("a warm memo: a hit can swap a plan into the cursor's path, where a later miss evicts it") {
  spool::plan_memo memo;
  get_each<0>(memo, std::make_integer_sequence<int, 13>{});
  // Thirteen misses: the cursor is at slot 5. A "document" now uses doc<13>..doc<20>, eight types.
  memo.get<doc<13>>();  // miss into slot 5
  memo.get<doc<13>>();  // hit: swapped into slot 4, the slot the cursor reaches last
  CHECK(memo.slot(4) == plan_of<13>());
  get_each<14>(memo, std::make_integer_sequence<int, 7>{});
  CHECK(memo.slot(4) == plan_of<20>());
  const auto misses = memo.counters().misses;
  memo.get<doc<13>>();
  CHECK(memo.counters().misses == misses + 1);  // why decoders wanting the bound clear() per document
}
