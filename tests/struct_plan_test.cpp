// struct_plan: field keys under plan_options, the hash index, required fields, defaults flag.
#include <spool/reflect.hpp>

#include <doctest/doctest.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct endpoint {
  std::string host;
  int port = 0;
  std::optional<int> timeoutMs;
  std::vector<std::string> tags;
  bool internal = false;
};

struct empty {};

struct quoted {
  int plain = 0;
  int odd = 0;
};

struct mixed_case {
  int value = 0;
  int Value = 0;
};

// Same length, same first and last eight bytes: one hash for all three, told apart by comparison.
struct colliding {
  int settings_1_timeoutMs = 0;
  int settings_2_timeoutMs = 0;
  int settings_3_timeoutMs = 0;
};

struct wide {
  int a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, c0, c1, c2, c3, c4, c5,
      c6, c7, c8, c9, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, e0, e1, e2, e3, e4, e5, e6, e7, e8, e9;
};

}  // namespace

template <>
struct spool::meta<endpoint> {
  static constexpr auto fields = spool::field_options(spool::required("host"), spool::required("port"),
                                                      spool::default_value("timeoutMs", 1000),
                                                      spool::rename("internal", "is-internal"));
};

template <>
struct spool::meta<quoted> {
  static constexpr auto fields = spool::field_options(spool::rename("odd", "say \"hi\""));
};

TEST_CASE("plain_keys: every key spelled in a quoted text exactly as stored") {
  CHECK(spool::plan_registry_get<endpoint>().plain_keys());  // '-' and '_' are plain
  CHECK_FALSE(spool::plan_registry_get<endpoint>({.case_insensitive = true}).plain_keys());
  CHECK_FALSE(spool::plan_registry_get<quoted>().plain_keys());
  CHECK(spool::plan_registry_get<empty>().plain_keys());
  CHECK(spool::detail::is_plain_key("a b~"));
  CHECK_FALSE(spool::detail::is_plain_key("a\\b"));
  CHECK_FALSE(spool::detail::is_plain_key("tab\t"));
  CHECK_FALSE(spool::detail::is_plain_key("\xC3\xA9"));
}

TEST_CASE("a plan lists the visible fields with their keys, required flags and defaults") {
  const spool::struct_plan& plan = spool::plan_registry_get<endpoint>();
  REQUIRE(plan.size() == 5);
  const auto fields = plan.fields();
  CHECK(fields[0].name == "host");
  CHECK(fields[0].required);
  CHECK(fields[1].name == "port");
  CHECK(fields[2].name == "timeoutMs");
  CHECK(fields[2].has_default);
  CHECK_FALSE(fields[2].required);
  CHECK(fields[4].name == "is-internal");
  REQUIRE(plan.required_fields().size() == 2);
  CHECK(plan.required_fields()[0] == 0);
  CHECK(plan.required_fields()[1] == 1);
  CHECK(plan.has_defaults());
  CHECK_FALSE(plan.case_insensitive());
}

TEST_CASE("find maps every key to its index and anything else to -1") {
  const spool::struct_plan& plan = spool::plan_registry_get<endpoint>();
  for (std::size_t i = 0; i < plan.size(); ++i) CHECK(plan.find(plan.fields()[i].name) == static_cast<std::ptrdiff_t>(i));
  CHECK(plan.find("internal") == -1);  // renamed away
  CHECK(plan.find("Host") == -1);
  CHECK(plan.find("") == -1);
  CHECK(plan.find("hostt") == -1);
  CHECK(plan.find("hos") == -1);
  CHECK(plan.find(std::string_view("host\0", 5)) == -1);
}

TEST_CASE("a case-insensitive plan folds ASCII case, and only ASCII") {
  const spool::struct_plan& plan = spool::plan_registry_get<endpoint>({.case_insensitive = true});
  CHECK(plan.case_insensitive());
  CHECK(plan.find("HOST") == 0);
  CHECK(plan.find("TimeoutMS") == 2);
  CHECK(plan.find("IS-INTERNAL") == 4);
  CHECK(plan.find("hosT") == 0);
  CHECK(plan.find("h\xC3\xB6st") == -1);
  CHECK(plan.find("hos") == -1);
}

TEST_CASE("under case folding, keys that differ only in case resolve to the first field") {
  const spool::struct_plan& exact = spool::plan_registry_get<mixed_case>();
  CHECK(exact.find("value") == 0);
  CHECK(exact.find("Value") == 1);
  const spool::struct_plan& folded = spool::plan_registry_get<mixed_case>({.case_insensitive = true});
  CHECK(folded.find("value") == 0);
  CHECK(folded.find("VALUE") == 0);
  CHECK(folded.find("Value") == 0);
}

TEST_CASE("a naming override renames keys except explicit renames") {
  const spool::struct_plan& plan = spool::plan_registry_get<endpoint>({spool::naming::snake_case, true});
  CHECK(plan.fields()[2].name == "timeout_ms");
  CHECK(plan.fields()[4].name == "is-internal");
  CHECK(plan.find("timeout_ms") == 2);
  CHECK(plan.find("timeoutMs") == -1);
}

TEST_CASE("an empty struct has an empty plan that finds nothing") {
  const spool::struct_plan& plan = spool::plan_registry_get<empty>();
  CHECK(plan.size() == 0);
  CHECK(plan.required_fields().empty());
  CHECK_FALSE(plan.has_defaults());
  CHECK(plan.find("") == -1);
  CHECK(plan.find("x") == -1);
}

TEST_CASE("every key of a wide struct is found, under both case modes") {
  for (const bool fold : {false, true}) {
    const spool::struct_plan& plan = spool::plan_registry_get<wide>({.case_insensitive = fold});
    REQUIRE(plan.size() == 50);
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const std::string key(plan.fields()[i].name);
      CHECK(plan.find(key) == static_cast<std::ptrdiff_t>(i));
      CHECK(plan.find(key + "_") == -1);
    }
  }
}

TEST_CASE("keys whose hashes collide are told apart by comparison") {
  for (const bool fold : {false, true}) {
    const spool::struct_plan& plan = spool::plan_registry_get<colliding>({.case_insensitive = fold});
    CHECK(plan.find("settings_1_timeoutMs") == 0);
    CHECK(plan.find("settings_2_timeoutMs") == 1);
    CHECK(plan.find("settings_3_timeoutMs") == 2);
    CHECK(plan.find("settings_4_timeoutMs") == -1);
    CHECK(plan.find("SETTINGS_3_TIMEOUTMS") == (fold ? 2 : -1));
  }
}

TEST_CASE("the registry builds each (type, options) plan once and hands out the same one") {
  const spool::struct_plan& a = spool::plan_registry_get<endpoint>();
  const spool::struct_plan& b = spool::plan_registry_get<endpoint>();
  CHECK(&a == &b);
  CHECK(&spool::plan_registry_get<const endpoint>() == &a);
  CHECK(&spool::plan_registry_get<endpoint>({.case_insensitive = true}) != &a);
  // endpoint names no policy of its own, so key_naming changes its keys...
  CHECK(&spool::plan_registry_get<endpoint>({spool::naming::kebab_case}) != &a);
  // ...and options that spell the same keys share one plan.
  const spool::plan_options as_is_forced{spool::naming::as_is, true};
  CHECK(&spool::plan_registry_get<endpoint>(as_is_forced) == &a);
}
