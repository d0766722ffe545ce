// Naming policies: word splitting of C++ identifiers and their five spellings, at compile time
// (struct keys) and at run time (plans with a naming override), which must agree.
#include <spool/reflect.hpp>

#include <doctest/doctest.h>

#include <string>
#include <string_view>

namespace {

using spool::naming;

constexpr std::string_view policy_name(naming policy) {
  switch (policy) {
    case naming::as_is: return "as_is";
    case naming::snake_case: return "snake_case";
    case naming::camel_case: return "camel_case";
    case naming::kebab_case: return "kebab_case";
    case naming::pascal_case: return "pascal_case";
  }
  return "?";
}

std::string spell(std::string_view name, naming policy) {
  std::string out;
  spool::detail::append_spelled(out, name, policy);
  return out;
}

struct expectation {
  std::string_view name, snake, camel, kebab, pascal;
};

constexpr expectation cases[] = {
    {"maxConnections", "max_connections", "maxConnections", "max-connections", "MaxConnections"},
    {"max_connections", "max_connections", "maxConnections", "max-connections", "MaxConnections"},
    {"MaxConnections", "max_connections", "maxConnections", "max-connections", "MaxConnections"},
    {"max-connections", "max_connections", "maxConnections", "max-connections", "MaxConnections"},
    {"HTTPServer", "http_server", "httpServer", "http-server", "HttpServer"},
    {"parseJSON", "parse_json", "parseJson", "parse-json", "ParseJson"},
    {"ipv4Address", "ipv4_address", "ipv4Address", "ipv4-address", "Ipv4Address"},
    {"user2FA", "user2_fa", "user2Fa", "user2-fa", "User2Fa"},
    {"id", "id", "id", "id", "Id"},
    {"ID", "id", "id", "id", "Id"},
    {"x", "x", "x", "x", "X"},
    {"_private", "private", "private", "private", "Private"},
    {"trailing_", "trailing", "trailing", "trailing", "Trailing"},
    {"double__under", "double_under", "doubleUnder", "double-under", "DoubleUnder"},
    {"a_b_c", "a_b_c", "aBC", "a-b-c", "ABC"},
    {"", "", "", "", ""},
};

}  // namespace

TEST_CASE("each naming policy spells every form of the same words the same way") {
  for (const expectation& e : cases) {
    CAPTURE(e.name);
    CHECK(spell(e.name, naming::as_is) == e.name);
    CHECK(spell(e.name, naming::snake_case) == e.snake);
    CHECK(spell(e.name, naming::camel_case) == e.camel);
    CHECK(spell(e.name, naming::kebab_case) == e.kebab);
    CHECK(spell(e.name, naming::pascal_case) == e.pascal);
  }
}

TEST_CASE("spelled_size agrees with the spelling for every case and policy") {
  for (const expectation& e : cases) {
    for (const naming policy : {naming::as_is, naming::snake_case, naming::camel_case, naming::kebab_case,
                                naming::pascal_case}) {
      CAPTURE(e.name);
      CAPTURE(policy_name(policy));
      CHECK(spool::detail::spelled_size(e.name, policy) == spell(e.name, policy).size());
    }
  }
}

namespace {

struct connection_settings {
  int maxConnections = 0;
  int idle_timeout = 0;
  bool useTLS = false;
};

}  // namespace

template <>
struct spool::meta<connection_settings> {
  static constexpr auto naming = spool::naming::kebab_case;
};

// Keys are computed at compile time from the C++ names.
static_assert(spool::reflect::field_name<connection_settings, 0> == "max-connections");
static_assert(spool::reflect::field_name<connection_settings, 1> == "idle-timeout");
static_assert(spool::reflect::field_name<connection_settings, 2> == "use-tls");

namespace {

struct no_policy {
  int maxConnections = 0;
};

template <spool::naming Policy>
struct with_policy {
  int maxConnections = 0;
  int idle_timeout = 0;
  struct spool_meta {
    static constexpr auto naming = Policy;
  };
};

}  // namespace

static_assert(spool::reflect::field_name<no_policy, 0> == "maxConnections");
static_assert(spool::reflect::field_name<with_policy<naming::snake_case>, 0> == "max_connections");
static_assert(spool::reflect::field_name<with_policy<naming::camel_case>, 1> == "idleTimeout");
static_assert(spool::reflect::field_name<with_policy<naming::pascal_case>, 1> == "IdleTimeout");
static_assert(spool::reflect::field_name<with_policy<naming::as_is>, 1> == "idle_timeout");

TEST_CASE("a run-time plan under the struct's own policy has the compile-time keys") {
  const spool::struct_plan& plan = spool::plan_registry_get<connection_settings>();
  REQUIRE(plan.size() == 3);
  CHECK(plan.fields()[0].name == spool::reflect::field_name<connection_settings, 0>);
  CHECK(plan.fields()[1].name == spool::reflect::field_name<connection_settings, 1>);
  CHECK(plan.fields()[2].name == spool::reflect::field_name<connection_settings, 2>);
}

TEST_CASE("plan_options.key_naming applies to structs without a policy; override_naming to all") {
  const spool::plan_options snake{naming::snake_case};
  CHECK(spool::plan_registry_get<no_policy>(snake).fields()[0].name == "max_connections");
  // The struct's own policy wins unless the options override it.
  CHECK(spool::plan_registry_get<connection_settings>(snake).fields()[0].name == "max-connections");
  const spool::plan_options forced{naming::pascal_case, true};
  CHECK(spool::plan_registry_get<connection_settings>(forced).fields()[0].name == "MaxConnections");
  CHECK(spool::plan_registry_get<connection_settings>(forced).fields()[2].name == "UseTls");
}
