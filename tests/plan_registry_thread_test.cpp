// The plan registry under concurrent first use: every thread gets the one plan per (type,
// options), fully built, whichever thread built it, while the registry's lock-free index is
// copied into larger ones (120 plans: its 64 slots grow twice). Runs under ThreadSanitizer in the
// tsan preset.
#include <spool/reflect.hpp>

#include <doctest/doctest.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

template <int N>
struct racer {
  int firstField = N;
  std::string secondField;
};

constexpr int type_count = 40;
constexpr int thread_count = 8;
constexpr int option_count = 3;

const spool::plan_options options[option_count] = {
    {}, {.case_insensitive = true}, {spool::naming::kebab_case, true}};

// Plans seen by one thread, indexed [type][options].
using seen = std::array<std::array<const spool::struct_plan*, option_count>, type_count>;

template <class Get>
void collect(seen& out, Get&& get) {
  [&]<int... N>(std::integer_sequence<int, N...>) {
    for (int o = 0; o < option_count; ++o) ((out[N][o] = &get(std::integral_constant<int, N>{}, options[o])), ...);
  }(std::make_integer_sequence<int, type_count>{});
}

// A plan another thread published must be complete when it is read here.
bool well_formed(const spool::struct_plan& plan, int o) {
  const std::string_view second = o == 2 ? "second-field" : "secondField";
  return plan.size() == 2 && plan.fields()[1].name == second && plan.find(second) == 1 &&
         plan.case_insensitive() == options[o].case_insensitive;
}

}  // namespace

TEST_CASE("threads racing to first use of many plans all get the same, complete plans") {
  std::vector<seen> results(thread_count);
  std::vector<int> problems(thread_count, 0);  // per thread: memo/registry disagreements, bad plans
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      // Start together so the first lookups really race.
      ready.fetch_add(1);
      while (ready.load() < thread_count) std::this_thread::yield();
      spool::plan_memo memo;
      seen via_memo{};
      for (int round = 0; round < 50; ++round) {
        if (t % 2 == 0) {
          collect(results[t], [](auto n, spool::plan_options o) -> const spool::struct_plan& {
            return spool::plan_registry_get<racer<decltype(n)::value>>(o);
          });
        } else {
          collect(results[t], [&](auto n, spool::plan_options o) -> const spool::struct_plan& {
            return memo.get<racer<decltype(n)::value>>(o);
          });
        }
        collect(via_memo, [&](auto n, spool::plan_options o) -> const spool::struct_plan& {
          return memo.get<racer<decltype(n)::value>>(o);
        });
        if (via_memo != results[t]) ++problems[t];
        for (int n = 0; n < type_count; ++n) {
          for (int o = 0; o < option_count; ++o) problems[t] += well_formed(*via_memo[n][o], o) ? 0 : 1;
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  for (int t = 0; t < thread_count; ++t) {
    CAPTURE(t);
    CHECK(problems[t] == 0);
    for (int n = 0; n < type_count; ++n) {
      for (int o = 0; o < option_count; ++o) {
        REQUIRE(results[t][n][o] != nullptr);
        CHECK(results[t][n][o] == results[0][n][o]);
        CHECK(well_formed(*results[t][n][o], o));
      }
    }
  }
  // Distinct (type, options) pairs have distinct plans.
  for (int n = 0; n < type_count; ++n) {
    CHECK(results[0][n][0] != results[0][n][1]);
    CHECK(results[0][n][0] != results[0][n][2]);
    if (n > 0) CHECK(results[0][n][0] != results[0][n - 1][0]);
  }
}
