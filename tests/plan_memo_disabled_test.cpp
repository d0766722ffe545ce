// plan_memo built with SPOOL_DISABLE_PLAN_MEMO, the A/B switch: every get() goes to the registry.
// Defined here for this executable alone (no other translation unit of it uses plan_memo).
#ifndef SPOOL_DISABLE_PLAN_MEMO
#define SPOOL_DISABLE_PLAN_MEMO 1
#endif

#include <spool/reflect.hpp>

#include <doctest/doctest.h>

#include <cstdint>

namespace {

struct first {
  int a = 0;
};
struct second {
  int b = 0;
};

}  // namespace

static_assert(!spool::detail::plan_memo_enabled);

TEST_CASE("with the memo switched off every lookup reaches the registry and nothing is kept") {
  spool::plan_memo memo;
  const auto before = spool::detail::registry_lookups_on_this_thread();
  for (int i = 0; i < 5; ++i) {
    CHECK(&memo.get<first>() == &spool::plan_registry_get<first>());
    CHECK(&memo.get<second>() == &spool::plan_registry_get<second>());
  }
  CHECK(spool::detail::registry_lookups_on_this_thread() - before == 20);
  CHECK(memo.counters().hits == 0);
  CHECK(memo.counters().misses == 10);
  CHECK(memo.slot(0) == nullptr);
}
