// Reading TOML straight into structs: headers and dotted keys navigating struct plans, arrays of
// tables into containers, maps and spool::value members, defaults, required and unknown keys,
// the table rules, and errors with paths. Writing structs directly gives the text of writing
// spool::to_value of them.
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include <spool/toml.hpp>

namespace toml_struct_test {

enum class level { debug, info, warn };

struct endpoint {
  std::string host;
  std::uint16_t port = 0;
};

struct limits {
  int max_connections = 0;
  double ratio = 0;
};

struct plugin {
  std::string name;
  std::vector<std::string> args;
  std::optional<limits> limits_;
  struct meta_info {
    std::string author;
  } meta;
};

struct config {
  std::string title;
  level log = level::info;
  spool::local_date released{};
  std::chrono::sys_time<std::chrono::nanoseconds> updated{};
  endpoint server;
  std::vector<endpoint> replicas;
  std::map<std::string, int> weights;
  std::map<std::string, endpoint> named;
  std::vector<plugin> plugins;
  spool::value extra;
  std::array<int, 3> triple{};
  std::unique_ptr<limits> caps;
};

struct with_required {
  std::string name;
  int port = 0;
  int retries = 0;
};

struct nested_required {
  with_required inner;
};

struct fleet {
  std::vector<with_required> members;
};

// Keys that are not one bare key: a renamed field's key is compared with the input only when TOML
// would read it as one bare key.
struct odd_keys {
  int a;
  int dotted;  // "x.y"
  int b;
};
struct spaced_key {
  int a;
  int spaced;  // "p q"
};

}  // namespace toml_struct_test

template <>
struct spool::meta<toml_struct_test::with_required> {
  static constexpr auto fields = spool::field_options(spool::required("port"), spool::default_value("retries", 3));
};

template <>
struct spool::meta<toml_struct_test::odd_keys> {
  static constexpr auto fields = spool::field_options(spool::rename("dotted", "x.y"));
};

template <>
struct spool::meta<toml_struct_test::spaced_key> {
  static constexpr auto fields = spool::field_options(spool::rename("spaced", "p q"));
};

template <>
struct spool::meta<toml_struct_test::plugin> {
  static constexpr auto fields = spool::field_options(spool::rename("limits_", "limits"));
};

using namespace toml_struct_test;

namespace {

template <class T, spool::toml::read_options Opts = spool::toml::read_options{}>
T read(std::string_view text) {
  spool::result<T> r = spool::toml::read<T, Opts>(text);
  REQUIRE_MESSAGE(r, r.error().message());
  return std::move(*r);
}

template <class T, spool::toml::read_options Opts = spool::toml::read_options{}>
spool::error fails(std::string_view text) {
  spool::result<T> r = spool::toml::read<T, Opts>(text);
  REQUIRE_FALSE(r);
  return r.error();
}

constexpr std::string_view document = R"(title = "demo"
log = "warn"
released = 2024-03-01
updated = 2024-03-01T12:00:00+02:00
triple = [1, 2, 3]
weights = { a = 1, b = 2 }

[[plugins]]
name = "fmt"
args = ["-i"]
limits.max_connections = 4

[plugins.meta]
author = "ann"

[server]
host = "example.org"
port = 443

[[replicas]]
host = "r1"

[[plugins]]
name = "lint"
[plugins.limits]
ratio = 0.5

[[replicas]]
host = "r2"
port = 8080

[named.primary]
host = "p"
[named.backup]
port = 1

[extra]
anything = [1, "two"]
[extra.deeper.still]
ok = true

[caps]
max_connections = 9
)";

}  // namespace

TEST_CASE("a whole document into nested structs, in any table order") {
  config c = read<config>(document);
  CHECK(c.title == "demo");
  CHECK(c.log == level::warn);
  CHECK(c.released == spool::local_date{2024, 3, 1});
  CHECK(c.updated == std::chrono::sys_days{std::chrono::year{2024} / 3 / 1} + std::chrono::hours{10});
  CHECK(c.triple == std::array<int, 3>{1, 2, 3});
  CHECK(c.weights == std::map<std::string, int>{{"a", 1}, {"b", 2}});
  CHECK(c.server.host == "example.org");
  CHECK(c.server.port == 443);
  REQUIRE(c.replicas.size() == 2);
  CHECK(c.replicas[0].host == "r1");
  CHECK(c.replicas[1].port == 8080);
  REQUIRE(c.plugins.size() == 2);
  CHECK(c.plugins[0].args == std::vector<std::string>{"-i"});
  REQUIRE(c.plugins[0].limits_);
  CHECK(c.plugins[0].limits_->max_connections == 4);
  CHECK(c.plugins[0].meta.author == "ann");
  REQUIRE(c.plugins[1].limits_);
  CHECK(c.plugins[1].limits_->ratio == 0.5);
  CHECK(c.named.at("primary").host == "p");
  CHECK(c.named.at("backup").port == 1);
  CHECK(c.extra == spool::value::object({{"anything", spool::value::array({1, "two"})},
                                         {"deeper", spool::value::object({{"still", spool::value::object({{"ok", true}})}})}}));
  REQUIRE(c.caps);
  CHECK(c.caps->max_connections == 9);
}

TEST_CASE("the same document through spool::value gives the same struct") {
  spool::value v = spool::toml::read<spool::value>(document).value();
  config via_value = spool::from_value<config>(v).value();
  config direct = read<config>(document);
  CHECK(via_value.title == direct.title);
  CHECK(via_value.plugins.size() == direct.plugins.size());
  CHECK(via_value.extra == direct.extra);
  CHECK(via_value.named.size() == direct.named.size());
}

TEST_CASE("maps and spool::value at the top level") {
  auto m = read<std::map<std::string, endpoint>>("[a]\nhost = 'x'\n[b]\nport = 2\n");
  CHECK(m.at("a").host == "x");
  CHECK(m.at("b").port == 2);
  auto counts = read<std::map<std::string, std::int64_t>>("x = 1\ny = -2\n");
  CHECK(counts.at("y") == -2);

  // spool::value members and map entries take arrays of tables and empty tables too.
  const char* tables = "[[products]]\nname = 'a'\n[[products]]\n[products.meta]\nk = 1\n[empty]\n";
  auto values = read<std::map<std::string, spool::value>>(tables);
  spool::value whole = spool::toml::read<spool::value>(tables).value();
  CHECK(values.at("products") == whole["products"]);
  CHECK(values.at("empty") == spool::value::object());
  config c = read<config>("[[extra]]\nk = 1\n[[extra]]\n[extra.sub]\n");
  CHECK(c.extra == spool::value::array({spool::value::object({{"k", 1}}),
                                        spool::value::object({{"sub", spool::value::object()}})}));
  CHECK(read<config>("[extra]\n").extra == spool::value::object());
}

TEST_CASE("defaults, required keys, unknown keys") {
  with_required w = read<with_required>("name = 'n'\nport = 1\n");
  CHECK(w.retries == 3);  // default_value() for an absent key
  CHECK(read<with_required>("port = 1\nretries = 7\n").retries == 7);

  spool::error e = fails<with_required>("name = 'n'\n");
  CHECK(e.code == spool::errc::missing_key);
  CHECK(e.path == "port");
  e = fails<nested_required>("[inner]\nname = 'n'\n");
  CHECK(e.code == spool::errc::missing_key);
  CHECK(e.path == "inner.port");
  CHECK(e.line == 1);
  e = fails<nested_required>("inner.name = 'n'\n");
  CHECK(e.path == "inner.port");

  constexpr spool::toml::read_options all{.require_all_fields = true};
  CHECK(fails<endpoint, all>("host = 'h'\n").code == spool::errc::missing_key);
  CHECK(read<endpoint, all>("host = 'h'\nport = 1\n").port == 1);

  endpoint ep = read<endpoint>("host = 'h'\nunknown = 1\n[unknown_table.sub]\nx = [1]\n[[unknown_array]]\n");
  CHECK(ep.host == "h");
  constexpr spool::toml::read_options strict{.error_on_unknown_keys = true};
  e = fails<endpoint, strict>("host = 'h'\nunknown = 1\n");
  CHECK(e.code == spool::errc::unknown_key);
  CHECK(e.path == "unknown");
  e = fails<config, strict>("[server]\nhost = 'h'\n[server.bogus]\n");
  CHECK(e.code == spool::errc::unknown_key);
  CHECK(e.path == "server.bogus");
}

TEST_CASE("the table rules hold when reading into structs") {
  const char* invalid[] = {
      "[server]\n[server]",
      "title = 'a'\ntitle = 'b'",
      "[server]\nhost = 'a'\nhost = 'b'",
      "server.host = 'a'\n[server]",
      "server = { host = 'a' }\n[server]",
      "server = { host = 'a' }\nserver.port = 1",
      "[[replicas]]\n[replicas]",
      "[server.host]",
      "[[plugins]]\n[plugins.meta]\nauthor = 'x'\n[plugins.meta]",
      "replicas = []\n[[replicas]]",
      "weights = {}\nweights.c = 1",
      "[named.a]\nhost = 'x'\nhost = 'y'",
      "[extra]\nk = 1\nk = 2",
  };
  for (const char* text : invalid) {
    CAPTURE(text);
    CHECK_FALSE(spool::toml::read<config>(text).has_value());
  }
}

TEST_CASE("type mismatches name the member") {
  spool::error e = fails<config>("[server]\nport = 'https'\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "server.port");
  CHECK(e.line == 2);
  e = fails<config>("[server]\nport = 70000\n");
  CHECK(e.code == spool::errc::out_of_range);
  e = fails<config>("triple = [1, 'x', 3]\n");
  CHECK(e.path == "triple[1]");
  e = fails<config>("[title]\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "title");
  e = fails<config>("[[server]]\n");
  CHECK(e.code == spool::errc::unexpected_type);
  e = fails<config>("[replicas]\n");
  CHECK(e.code == spool::errc::unexpected_type);
  e = fails<config>("log = 'verbose'\n");
  CHECK(e.path == "log");
}

TEST_CASE("errors inside arrays of tables name the element") {
  spool::error e = fails<config>("[[replicas]]\nport = 1\n[[replicas]]\nport = 2\n[[replicas]]\nport = 'x'\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "replicas[2].port");
  CHECK(e.line == 6);
  e = fails<config>("[[plugins]]\nname = 'a'\n[[plugins]]\n[plugins.limits]\nratio = 'high'\n");
  CHECK(e.path == "plugins[1].limits.ratio");
  e = fails<config>("[[plugins]]\n[[plugins]]\nmeta.author = 1\n");
  CHECK(e.path == "plugins[1].meta.author");
  // spool::value and map members hold arrays of tables too.
  e = fails<config>("[[extra.list]]\n[[extra.list]]\nk = 1\nk = 2\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "extra.list[1].k");
  e = fails<config>("[server]\nhost = 'a'\nhost = 'b'\n");
  CHECK(e.path == "server.host");
  e = fails<config>("[[plugins]]\n[[plugins]]\nlimits.ratio = 1.0\nlimits.ratio = 2.0\n");
  CHECK(e.path == "plugins[1].limits.ratio");
  e = fails<config>("[named.a]\nport = 1\nport = 2\n");
  CHECK(e.path == "named.a.port");
  // Required members missing from the third element.
  e = fails<fleet>("[[members]]\nport = 1\n[[members]]\nport = 2\n[[members]]\nname = 'c'\n");
  CHECK(e.code == spool::errc::missing_key);
  CHECK(e.path == "members[2].port");
  CHECK(e.line == 5);
  // A later document starts counting again (the registry forgets in O(1)).
  e = fails<fleet>("[[members]]\nname = 'a'\n");
  CHECK(e.path == "members[0].port");
  // Headers that break a rule name the element they pass through.
  e = fails<config>("[[plugins]]\n[[plugins]]\n[plugins.meta]\n[plugins.meta]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "plugins[1].meta");
  e = fails<config>("[[plugins]]\n[[plugins]]\nname = 'x'\n[plugins.name.y]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "plugins[1].name");
  e = fails<config>("[[plugins]]\n[[plugins]]\n[plugins.name]\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "plugins[1].name");
}

TEST_CASE("reading into an existing object keeps what the document does not mention") {
  config c;
  c.title = "kept";
  c.replicas = {endpoint{"old", 1}};
  REQUIRE_FALSE(spool::toml::read("[[replicas]]\nhost = 'new'\n", c));
  CHECK(c.title == "kept");
  REQUIRE(c.replicas.size() == 1);  // the first [[replicas]] of a document starts the container afresh
  CHECK(c.replicas[0].host == "new");
}

TEST_CASE("the plan memo serves repeated tables without going back to the registry") {
  auto ctx = spool::lease_object<spool::toml::detail::reader_context>();
  ctx->memo.clear();
  std::string text;
  for (int i = 0; i < 50; ++i) text += "[[replicas]]\nhost = 'h'\n";
  config c;
  REQUIRE(spool::toml::detail::struct_reader(*ctx, spool::toml::read_options{}).document(text, c));
  CHECK(c.replicas.size() == 50);
  const auto stats = ctx->memo.counters();
  if constexpr (spool::detail::toml_type_plans) {
    CHECK(stats.misses + stats.hits == 0);  // each type's plan is found once per process instead
  } else {
    CHECK(stats.misses == 2);  // config and endpoint, once each
    CHECK(stats.hits == 49);   // endpoint once per further element: a table's plan serves all its keys
  }
}

// Ten struct types, more than a plan memo holds.
template <int N>
struct numbered {
  std::int64_t v = 0;
};
struct ten_types {
  numbered<0> a0;
  numbered<1> a1;
  numbered<2> a2;
  numbered<3> a3;
  numbered<4> a4;
  numbered<5> a5;
  numbered<6> a6;
  numbered<7> a7;
  numbered<8> a8;
};

TEST_CASE("a document with more struct types than the plan memo holds reads every table, round after round") {
  std::string text;
  for (int i = 0; i < 9; ++i) text += "[a" + std::to_string(i) + "]\nv = " + std::to_string(i) + "\n";
  for (int round = 0; round < 3; ++round) {
    const ten_types t = read<ten_types>(text);
    CHECK(t.a0.v == 0);
    CHECK(t.a1.v == 1);
    CHECK(t.a4.v == 4);
    CHECK(t.a7.v == 7);
    CHECK(t.a8.v == 8);
  }
}

TEST_CASE("ten struct types read again and again: seven of every ten plans come from the memo") {
  std::string text;
  for (int i = 0; i < 9; ++i) text += "[a" + std::to_string(i) + "]\nv = " + std::to_string(i) + "\n";
  auto ctx = spool::lease_object<spool::toml::detail::reader_context>();
  ctx->memo.clear();
  constexpr int rounds = 4;
  for (int round = 0; round < rounds; ++round) {
    ten_types t;
    REQUIRE(spool::toml::detail::struct_reader(*ctx, spool::toml::read_options{}).document(text, t));
    CHECK(t.a0.v == 0);
    CHECK(t.a6.v == 6);
    CHECK(t.a7.v == 7);
    CHECK(t.a8.v == 8);
  }
  // ten_types and numbered<0..8> each round. The first fills the memo; after it, numbered<6..8>
  // take turns in the last slot while the other seven hit (every lookup misses without the memo).
  const auto stats = ctx->memo.counters();
  if constexpr (spool::detail::toml_type_plans) {
    CHECK(stats.misses + stats.hits == 0);
  } else if constexpr (spool::detail::plan_memo_enabled) {
    CHECK(stats.misses == 10 + 3 * (rounds - 1));
    CHECK(stats.hits == 7 * (rounds - 1));
  } else {
    CHECK(stats.misses == 10 * rounds);
  }
}

// Headers that share keys with the one before them (header_chain.hpp).
struct chain_leaf {
  std::int64_t v = 0;
};
struct chain_mid {
  chain_leaf one;
  chain_leaf two;
  std::vector<chain_leaf> items;
};
struct chain_top {
  chain_mid m;
};
struct chain_part {
  std::int64_t v = 0;
  chain_leaf detail;
};
struct chain_group {
  std::vector<chain_part> parts;
  chain_leaf meta;
};
struct chain_doc {
  chain_group g;
  std::vector<chain_group> gs;
  spool::value extra;
};

TEST_CASE("a header reaches the tables it shares with the previous one without the plan memo") {
  auto ctx = spool::lease_object<spool::toml::detail::reader_context>();
  ctx->memo.clear();
  chain_top t;
  REQUIRE(spool::toml::detail::struct_reader(*ctx, spool::toml::read_options{})
              .document("[m.one]\nv = 1\n[m.two]\nv = 2\n[[m.items]]\nv = 3\n[[m.items]]\nv = 4\n", t));
  CHECK(t.m.one.v == 1);
  CHECK(t.m.two.v == 2);
  REQUIRE(t.m.items.size() == 2);
  CHECK(t.m.items[1].v == 4);
  const auto stats = ctx->memo.counters();
  if constexpr (spool::detail::toml_type_plans) {
    CHECK(stats.misses + stats.hits == 0);
  } else {
    CHECK(stats.misses == 3);  // chain_top, chain_mid, chain_leaf
    // chain_leaf for m.two and each element; from the root, chain_mid as well for each header.
    CHECK(stats.hits == (spool::detail::toml_header_chain ? 3 : 6));
  }
}

TEST_CASE("headers resumed below shared keys keep the table rules, elements and error places") {
  const chain_doc d = read<chain_doc>(
      "[[gs]]\n[[gs.parts]]\nv = 1\n[gs.parts.detail]\nv = 10\n[[gs.parts]]\nv = 2\n[gs.parts.detail]\nv = 20\n"
      "[gs.meta]\nv = 5\n[[gs]]\n[[gs.parts]]\nv = 3\n[g.meta]\nv = 7\n[g]\n"
      "[extra.a.b]\nx = 1\n[extra.a]\ny = 2\n[[extra.list]]\nz = 1\n[[extra.list]]\nz = 2\n[extra.list.q]\nw = 3\n");
  REQUIRE(d.gs.size() == 2);
  REQUIRE(d.gs[0].parts.size() == 2);
  CHECK(d.gs[0].parts[0].v == 1);
  CHECK(d.gs[0].parts[0].detail.v == 10);
  CHECK(d.gs[0].parts[1].v == 2);
  CHECK(d.gs[0].parts[1].detail.v == 20);
  CHECK(d.gs[0].meta.v == 5);
  REQUIRE(d.gs[1].parts.size() == 1);
  CHECK(d.gs[1].parts[0].v == 3);
  CHECK(d.gs[1].meta.v == 0);
  CHECK(d.g.meta.v == 7);
  CHECK(d.extra == spool::toml::read<spool::value>("a.b.x = 1\na.y = 2\nlist = [{z = 1}, {z = 2, q = {w = 3}}]\n").value());

  struct failure {
    const char* text;
    spool::errc code;
    std::uint32_t line;
    const char* path;
  };
  const failure failures[] = {
      {"[g.meta]\nv = 1\n[g.meta]\n", spool::errc::duplicate_key, 3, "g.meta"},
      {"[g.meta]\n[g]\n[g]\n", spool::errc::duplicate_key, 3, "g"},
      {"[g.meta]\n[g]\nmeta.v = 1\n", spool::errc::duplicate_key, 3, "g.meta"},
      {"[[gs]]\n[gs]\n", spool::errc::duplicate_key, 2, "gs"},
      {"[g]\n[[g]]\n", spool::errc::duplicate_key, 2, "g"},
      {"[[gs]]\n[[gs.parts]]\n[[gs]]\n[[gs.parts]]\nv = 'x'\n", spool::errc::unexpected_type, 5, "gs[1].parts[0].v"},
      {"[[gs]]\n[gs.meta]\nv = 1\n[[gs]]\n[gs.meta]\nv = 2\n[gs.meta]\n", spool::errc::duplicate_key, 7, "gs[1].meta"},
      {"[[gs]]\n[[gs.parts]]\n[[gs.parts]]\n[gs.parts.detail]\nv = 1\nv = 2\n", spool::errc::duplicate_key, 6,
       "gs[0].parts[1].detail.v"},
      {"[extra.a.b]\n[extra.a]\n[extra.a]\n", spool::errc::duplicate_key, 3, "extra.a"},
      // Quoted keys (decoded, so copied into the chain) and bare ones (views of the input) match.
      {"[g.\"meta\"]\nv = 1\n[g.meta]\n", spool::errc::duplicate_key, 3, "g.meta"},
      {"[[gs]]\n[\"gs\".meta]\nv = 1\n[gs.'meta']\n", spool::errc::duplicate_key, 4, "gs[0].meta"},
      {"[[extra.l]]\n[[extra.l]]\nk = 1\n[extra.l.k]\n", spool::errc::duplicate_key, 4, "extra.l[1].k"},
  };
  for (const failure& f : failures) {
    const std::string_view text = f.text;
    CAPTURE(text);
    const spool::error e = fails<chain_doc>(text);
    CHECK(e.code == f.code);
    CHECK(e.line == f.line);
    CHECK(e.path == f.path);
  }
}

TEST_CASE("structs write as TOML and read back") {
  config c = read<config>(document);
  const std::string text = spool::toml::write(c);
  config back = read<config>(text);
  CHECK(spool::to_value(back) == spool::to_value(c));
  CHECK(text.find("[server]\nhost = \"example.org\"\nport = 443\n") != std::string::npos);
  CHECK(text.find("[[replicas]]\nhost = \"r1\"\nport = 0\n") != std::string::npos);
  CHECK(text.find("log = \"warn\"\n") != std::string::npos);

  // An empty optional is left out; an object that is not a table at the top is an error.
  plugin p{"x", {}, std::nullopt, {"me"}};
  CHECK(spool::toml::write(p) == "name = \"x\"\nargs = []\n\n[meta]\nauthor = \"me\"\n");
  std::string out;
  CHECK(spool::toml::write(std::vector<int>{1, 2}, out).code == spool::errc::unexpected_type);
  CHECK_THROWS_AS(spool::toml::write(std::vector<int>{1, 2}), spool::exception);
}

namespace toml_struct_test {
struct scalars {
  std::string text;
  std::int8_t small = 0;
  std::uint64_t big = 0;
  double ratio = 0;
  float single = 0;
  bool flag = false;
};
}  // namespace toml_struct_test

TEST_CASE("scalar members of every width, through the direct and the converting paths") {
  scalars s = read<scalars>(
      "text = \"tab\\there \\u00e9\"\nsmall = -128\nbig = 9223372036854775807\nratio = 2\nsingle = 0.5\n"
      "flag = true\n");
  CHECK(s.text == "tab\there \xC3\xA9");
  CHECK(s.small == -128);
  CHECK(s.big == 9223372036854775807ull);
  CHECK(s.ratio == 2.0);  // an integer into a double converts
  CHECK(s.single == 0.5f);
  CHECK(s.flag);
  CHECK(fails<scalars>("small = 128\n").code == spool::errc::out_of_range);
  CHECK(fails<scalars>("big = -1\n").code == spool::errc::out_of_range);
  CHECK(fails<scalars>("ratio = 'x'\n").code == spool::errc::unexpected_type);
  CHECK(fails<scalars>("text = 1\n").code == spool::errc::unexpected_type);
  CHECK(fails<scalars>("text = \"bad \\q\"\n").code == spool::errc::invalid_escape);
  constexpr spool::toml::read_options short_strings{.max_string_length = 2};
  CHECK(fails<scalars, short_strings>("text = 'abc'\n").code == spool::errc::size_exceeded);

  // Booleans read directly; what is not exactly true or false is worded by the value reader.
  CHECK(read<scalars>("flag = true # on\n").flag);
  CHECK_FALSE(read<scalars>("flag = false").flag);
  CHECK(read<scalars>("flag=true\n").flag);
  spool::error e = fails<scalars>("flag = truex\n");
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.path == "flag");
  CHECK(e.column == 8);
  e = fails<scalars>("flag = 1\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "flag");
  CHECK(fails<scalars>("flag = fals").code == spool::errc::syntax);
}

namespace toml_struct_test {
struct lists {
  std::vector<std::string> names{"default"};
  std::vector<std::int64_t> ids;
  std::vector<double> weights;
  std::vector<bool> flags;
  std::vector<std::uint8_t> small;
};
}  // namespace toml_struct_test

TEST_CASE("arrays of scalars go straight into sequences, or the converting way when they must") {
  lists l = read<lists>(
      "names = ['a', \"b\\tc\", \"\"\"d\"\"\",]\nids = [1, -2,\n  3 # three\n]\nweights = [0.5, 1e3]\n"
      "flags = [true, false]\n");
  CHECK(l.names == std::vector<std::string>{"a", "b\tc", "d"});
  CHECK(l.ids == std::vector<std::int64_t>{1, -2, 3});
  CHECK(l.weights == std::vector<double>{0.5, 1000.0});
  CHECK(l.flags == std::vector<bool>{true, false});
  // Byte containers are binary, never read element by element.
  CHECK(fails<lists>("small = [1, 255]\n").code == spool::errc::unexpected_type);
  CHECK(read<lists>("names = []\n").names.empty());  // the default is replaced, not appended to
  // An element of another kind sends the whole array the converting way (an integer into a
  // double converts), which also words the errors.
  CHECK(read<lists>("weights = [0.5, 2]\n").weights == std::vector<double>{0.5, 2.0});
  spool::error e = fails<lists>("ids = [1, 2, 'x']\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "ids[2]");
  e = fails<lists>("ids = [1, 2, 0x]\n");
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.path == "ids[2]");
  e = fails<lists>("names = ['a', \"bad \\q\"]\n");
  CHECK(e.code == spool::errc::invalid_escape);
  CHECK(e.path == "names[1]");
  CHECK(fails<lists>("ids = [1 2]\n").code == spool::errc::syntax);
  CHECK(fails<lists>("ids = [1, 2\n").code == spool::errc::unexpected_end);
  CHECK(fails<lists>("ids = [[1], 2]\n").code == spool::errc::unexpected_type);
  constexpr spool::toml::read_options two{.max_container_size = 2};
  CHECK(fails<lists, two>("ids = [1, 2, 3]\n").code == spool::errc::size_exceeded);
  constexpr spool::toml::read_options shallow{.max_depth = 1};
  CHECK(fails<lists, shallow>("ids = [1]\n").code == spool::errc::depth_exceeded);
}

TEST_CASE("a fresh sequence member is built at its exact size; one with storage is read in place") {
  lists l = read<lists>("ids = [1, 2, 3]\nweights = [0.5]\nflags = [true, false, true]\n");
  CHECK(l.ids == std::vector<std::int64_t>{1, 2, 3});
  CHECK(l.weights == std::vector<double>{0.5});
  CHECK(l.flags == std::vector<bool>{true, false, true});
  if constexpr (spool::detail::toml_array_scratch) {
    CHECK(l.ids.capacity() == 3);
    CHECK(l.weights.capacity() == 1);
  }
  // The scratch a read leaves in the pool starts the next one empty.
  CHECK(read<lists>("ids = [7]\n").ids == std::vector<std::int64_t>{7});
  lists reused;
  reused.ids.reserve(16);
  const std::int64_t* storage = reused.ids.data();
  REQUIRE_FALSE(spool::toml::read("ids = [4, 5]\nnames = ['x', 'y', 'z']\n", reused));
  CHECK(reused.ids == std::vector<std::int64_t>{4, 5});
  CHECK(reused.ids.data() == storage);
  CHECK(reused.names == std::vector<std::string>{"x", "y", "z"});  // the default replaced
  // A failed element leaves the member as it was and the error names the element.
  spool::error e = fails<lists>("ids = [1, 2, 3, 4, 99999999999999999999]\n");
  CHECK(e.path == "ids[4]");
}

TEST_CASE("string elements of a sequence member: plain, escaped, short and long, or refused") {
  const std::string fifteen(15, 'f'), sixteen(16, 's'), long_text(100, 'l');
  lists l = read<lists>("names = ['', '" + fifteen + "', \"" + sixteen + "\", '''" + long_text +
                        "''', \"e\\u00e9\\n\", \"x\\ty\", 'last']\n");
  CHECK(l.names == std::vector<std::string>{"", fifteen, sixteen, long_text, "e\xC3\xA9\n", "x\ty", "last"});
  // Read in place into a member that holds storage: the old elements are replaced.
  lists reused;
  reused.names.assign(5, long_text);
  REQUIRE_FALSE(spool::toml::read("names = [\"a\\u0041\", '" + sixteen + "']\n", reused));
  CHECK(reused.names == std::vector<std::string>{"aA", sixteen});
  // Each element is held to max_string_length, and the error names it.
  constexpr spool::toml::read_options three{.max_string_length = 3};
  CHECK(read<lists, three>("names = ['abc', 'de']\n").names == std::vector<std::string>{"abc", "de"});
  spool::error e = fails<lists, three>("names = ['abc', 'abcd']\n");
  CHECK(e.code == spool::errc::size_exceeded);
  CHECK(e.path == "names[1]");
  // An element of another kind after strings sends the array the converting way, which refuses it.
  e = fails<lists>("names = ['a', 'b', 3]\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "names[2]");
  e = fails<lists>("names = ['a', \"b\n");
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.path == "names[1]");
}

TEST_CASE("keys are matched in any order, once each, with the next declared field tried first") {
  endpoint in_order = read<endpoint>("host = 'a'\nport = 1\n");
  CHECK(in_order.host == "a");
  CHECK(in_order.port == 1);
  endpoint reversed = read<endpoint>("port = 2\nhost = 'b'\n");
  CHECK(reversed.host == "b");
  CHECK(reversed.port == 2);
  // Near misses of the next field's name are other keys (unknown here, ignored or refused).
  endpoint near = read<endpoint>("host = 'c'\nportx = 7\npor = 8\nport = 3\n");
  CHECK(near.host == "c");
  CHECK(near.port == 3);
  constexpr spool::toml::read_options strict{.error_on_unknown_keys = true};
  spool::error e = fails<endpoint, strict>("host = 'c'\nportx = 7\n");
  CHECK(e.code == spool::errc::unknown_key);
  // A key set twice is an error whether or not it was the predicted one.
  e = fails<endpoint>("host = 'a'\nport = 1\nhost = 'b'\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "host");
  e = fails<endpoint>("host = 'a'\nhost = 'b'\n");
  CHECK(e.code == spool::errc::duplicate_key);
  // Every element of an array of tables starts again at the first field.
  config c = read<config>("[[replicas]]\nhost = 'r1'\nport = 1\n[[replicas]]\nport = 2\nhost = 'r2'\n");
  REQUIRE(c.replicas.size() == 2);
  CHECK(c.replicas[0].host == "r1");
  CHECK(c.replicas[1].host == "r2");
  CHECK(c.replicas[1].port == 2);
  // Dotted keys go through their own tables without disturbing the table's next field.
  config d = read<config>("title = 't'\nserver.port = 5\nserver.host = 'h'\nlog = 'debug'\n");
  CHECK(d.title == "t");
  CHECK(d.server.host == "h");
  CHECK(d.server.port == 5);
  CHECK(d.log == level::debug);
}

TEST_CASE("the bare-key cache gives back only the entry of the plan asked for") {
  // 100 plans with one bare key each and one with keys 0 and 2 bare, through 64 slots.
  std::vector<const spool::struct_plan*> plans;
  [&]<int... N>(std::integer_sequence<int, N...>) {
    (plans.push_back(&spool::plan_registry_get<numbered<100 + N>>()), ...);
  }(std::make_integer_sequence<int, 100>{});
  plans.push_back(&spool::plan_registry_get<odd_keys>());
  const auto expected = [&](const spool::struct_plan* plan) -> std::uint64_t {
    return plan == plans.back() ? 0b101 : 0b1;
  };
  spool::toml::detail::bare_key_cache cache;
  for (int round = 0; round < 2; ++round) {
    std::size_t kept = 0;
    for (const spool::struct_plan* plan : plans) {
      auto& e = cache.slot_for(*plan);
      if (e.plan == plan) {
        ++kept;
        CHECK(e.bare == expected(plan));
      } else {
        e = {plan, expected(plan)};
      }
      CHECK(cache.slot_for(*plan).plan == plan);  // just filled or found: found now
    }
    CHECK(kept <= spool::toml::detail::bare_key_cache::size);
    if (round == 1) CHECK(kept > 0);
  }
}

TEST_CASE("the predicted key is compared with the input only where TOML reads one bare key") {
  // Spacing around '=' as TOML allows it; the value starts after the blanks.
  endpoint spaced = read<endpoint>("host='a'\nport\t=\t9\n");
  CHECK(spaced.host == "a");
  CHECK(spaced.port == 9);
  // The predicted name followed by more of a bare key, a dot, or a quote is another key.
  constexpr spool::toml::read_options strict{.error_on_unknown_keys = true};
  spool::error e = fails<endpoint, strict>("host = 'a'\nport-x = 1\n");
  CHECK(e.code == spool::errc::unknown_key);
  CHECK(e.line == 2);
  e = fails<endpoint>("host = 'a'\nport.x = 1\n");  // a dotted key through an integer member
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "port");
  endpoint quoted = read<endpoint>("host = 'a'\n\"port\" = 4\n");
  CHECK(quoted.port == 4);
  // The name, then anything but blanks and '=': the general path reads (and refuses) it.
  e = fails<endpoint>("host = 'a'\nport\r= 1\n");
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.line == 2);
  e = fails<endpoint>("host = 'a'\nport");
  CHECK(e.line == 2);
  e = fails<endpoint>("host = 'a'\nport = ");
  CHECK(e.line == 2);
  // A value that fails after a predicted key: the key leads the path, the place is the value's.
  e = fails<endpoint>("host = 'a'\nport = 'x'\n");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.path == "port");
  CHECK(e.line == 2);
  CHECK(e.column == 8);
  e = fails<endpoint>("host = 'a'\nport = 70000\n");
  CHECK(e.path == "port");
  e = fails<config>("[[replicas]]\nhost = 'a'\nport = 'x'\n");
  CHECK(e.path == "replicas[0].port");
  // The predicted field set before: a duplicate, found by the general path.
  e = fails<endpoint>("port = 1\nhost = 'a'\nport = 2\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "port");
  CHECK(e.line == 3);
  odd_keys order = read<odd_keys>("a = 1\n\"x.y\" = 2\nb = 4\n");
  CHECK(order.a == 1);
  CHECK(order.dotted == 2);
  CHECK(order.b == 4);
  e = fails<odd_keys>("a = 1\nb = 2\na = 3\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "a");
  CHECK(e.line == 3);
  // `x.y` after `a` is the dotted key x.y (a table x), not the field keyed "x.y".
  e = fails<odd_keys, strict>("a = 1\nx.y = 2\n");
  CHECK(e.code == spool::errc::unknown_key);
  const odd_keys lenient = read<odd_keys>("a = 1\nx.y = 2\nb = 3\n");
  CHECK(lenient.dotted == 0);
  CHECK(lenient.b == 3);
  const spaced_key quoted_space = read<spaced_key>("a = 1\n\"p q\" = 3\n");
  CHECK(quoted_space.spaced == 3);
  e = fails<spaced_key>("a = 1\np q = 3\n");
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.line == 2);
}

TEST_CASE("one pooled context reads document after document with fresh bookkeeping") {
  auto ctx = spool::lease_object<spool::toml::detail::reader_context>();
  for (int round = 0; round < 3; ++round) {
    config c;
    REQUIRE(spool::toml::detail::struct_reader(*ctx, spool::toml::read_options{}).document(document, c));
    CHECK(c.plugins.size() == 2);
    with_required w;
    REQUIRE_FALSE(spool::toml::detail::struct_reader(*ctx, spool::toml::read_options{}).document("name = 'x'", w));
    CHECK(ctx->s.err.code == spool::errc::missing_key);
  }
}

TEST_CASE("max_container_size holds for containers of tables and maps") {
  constexpr spool::toml::read_options two{.max_container_size = 2};
  CHECK(read<config, two>("[[replicas]]\n[[replicas]]\n").replicas.size() == 2);
  CHECK(fails<config, two>("[[replicas]]\n[[replicas]]\n[[replicas]]\n").code == spool::errc::size_exceeded);
  CHECK(fails<config, two>("[named.a]\n[named.b]\n[named.c]\n").code == spool::errc::size_exceeded);
  CHECK(fails<config, two>("[extra]\na = 1\nb = 2\nc = 3\n").code == spool::errc::size_exceeded);
  using counts = std::map<std::string, int>;
  CHECK(fails<counts, two>("a = 1\nb = 2\nc = 3\n").code == spool::errc::size_exceeded);
  CHECK(read<counts, two>("a = 1\nb = 2\n").size() == 2);
}

namespace toml_struct_test {
enum class color { red, green };
struct shapes {
  std::variant<int, std::string, endpoint> choice = endpoint{"v", 1};
  std::tuple<int, std::string> pair{1, "one"};
  std::pair<endpoint, endpoint> two_tables{{"a", 1}, {"b", 2}};
  std::map<color, int> by_color{{color::red, 1}, {static_cast<color>(7), 2}};
  std::map<int, endpoint> by_number{{-3, {"m", 3}}};
  std::unordered_map<std::string, std::vector<int>> lists{{"k", {1, 2}}};
  std::set<std::string> names{"x", "y"};
  std::chrono::year_month_day day{std::chrono::year{2024}, std::chrono::month{2}, std::chrono::day{29}};
  std::chrono::seconds timeout{30};
  std::chrono::duration<double> fraction{0.25};
  std::chrono::sys_time<std::chrono::seconds> instant{std::chrono::seconds{86400}};
  char code[8] = "abc";
  std::string_view view = "a 'quoted' \"word\"";
  std::vector<std::optional<endpoint>> maybe_tables{endpoint{"o", 2}};
  std::vector<spool::value> values{spool::value::object({{"k", 1}})};
  std::optional<std::vector<endpoint>> optional_tables = std::vector<endpoint>{{"p", 4}};
  std::shared_ptr<endpoint> shared = std::make_shared<endpoint>(endpoint{"s", 5});
  std::map<std::string, std::map<std::string, int>> nested{{"outer", {{"inner", 1}}}, {"empty", {}}};
  std::vector<std::vector<endpoint>> tables_in_arrays{{{"deep", 6}}};
  std::array<endpoint, 0> none{};
  float single = 0.1f;
  std::uint64_t big = 42;
  spool::value anything = spool::value::object({{"list", spool::value::array({spool::value::object(), 1})}});
};
}  // namespace toml_struct_test

namespace {

// Writes `v` straight from the object and through spool::to_value: the same text, or the same
// error at the same path.
template <spool::toml::write_options Opts = spool::toml::write_options{}, class T>
void same_both_ways(const T& v) {
  std::string direct, converted;
  const spool::error a = spool::toml::write<Opts>(v, direct);
  const spool::error b = spool::toml::write<Opts>(spool::to_value(v), converted);
  CHECK_MESSAGE(a.code == b.code, a.message() << " | " << b.message());
  CHECK(a.path == b.path);
  CHECK(a.expected == b.expected);
  CHECK(a.found == b.found);
  CHECK(direct == converted);
}

template <class T>
void same_with_every_layout(const T& v) {
  same_both_ways(v);
  same_both_ways<spool::toml::write_options{.inline_table_max = 2}>(v);
  same_both_ways<spool::toml::write_options{.inline_table_max = 8, .indent_width = 2}>(v);
  same_both_ways<spool::toml::write_options{.multiline_strings = false, .literal_strings = false}>(v);
}

}  // namespace

TEST_CASE("structs write the same text directly as through spool::to_value") {
  config c = read<config>(document);
  c.caps = std::make_unique<limits>(limits{3, 0.5});
  same_with_every_layout(c);
  same_with_every_layout(config{});
  same_with_every_layout(plugin{"x", {}, std::nullopt, {"me"}});
  same_with_every_layout(plugin{"y", {"a", "b"}, limits{1, 2}, {}});
  same_with_every_layout(read<scalars>("text = 'q\"'\nbig = 1\n"));
  same_with_every_layout(with_required{"n", 1, 2});
  same_with_every_layout(nested_required{});
  same_with_every_layout(fleet{{{"a", 1, 0}, {"b", 2, 0}}});
  same_with_every_layout(shapes{});
  same_with_every_layout(std::map<std::string, endpoint>{{"one", {"h", 1}}, {"two", {}}});
  same_with_every_layout(std::map<std::string, spool::value>{{"v", spool::value::array({1, 2})}});
  same_with_every_layout(std::unordered_map<int, std::vector<endpoint>>{{1, {{"a", 1}}}, {2, {}}});

  // What TOML cannot hold fails at the same path both ways.
  shapes bad;
  bad.maybe_tables.push_back(std::nullopt);
  same_both_ways(bad);
  shapes huge;
  huge.big = std::uint64_t{1} << 63;
  same_both_ways(huge);
  shapes monostate_like;
  monostate_like.anything = spool::value::object({{"n", nullptr}});
  same_both_ways(monostate_like);
  shapes binary;
  binary.anything = spool::value::object({{"b", spool::value::binary({})}});
  same_both_ways(binary);
  shapes impossible_day;
  impossible_day.day = std::chrono::year_month_day{std::chrono::year{2023}, std::chrono::month{2}, std::chrono::day{29}};
  same_both_ways(impossible_day);
  same_both_ways(std::vector<endpoint>{});
  same_both_ways(std::map<std::string, std::vector<std::uint8_t>>{{"bytes", {1, 2}}});
  same_both_ways(std::map<std::string, std::variant<std::monostate, int>>{{"empty", {}}});
}

namespace toml_struct_test {
struct flags {
  bool on = false;
  bool off = true;
  std::vector<bool> list;
};
struct wide_element {
  std::array<std::int64_t, 40> filler{};  // 320 bytes: one element's room at the first [[header]]
  std::int64_t v = 0;
};
struct many_arrays {
  std::vector<endpoint> small;
  std::vector<wide_element> wide;
};
}  // namespace toml_struct_test

TEST_CASE("booleans compared as words: true and false, cut off or followed by more of a word") {
  const flags f = read<flags>("on = true\noff = false\nlist = [true, false,true]\n");
  CHECK(f.on);
  CHECK_FALSE(f.off);
  CHECK(f.list == std::vector<bool>{true, false, true});
  CHECK(read<flags>("on = true").on);  // at the very end of the input
  CHECK_FALSE(read<flags>("off = false").off);
  CHECK(read<flags>("on = true # note\n").on);
  for (const std::string_view bad : {"tru", "t", "fals", "f", "falsy", "truex", "true1", "falsee", "True", "fAlse", "tr\n"}) {
    const spool::error e = fails<flags>("off = false\non = " + std::string(bad) + "\n");
    CAPTURE(bad);
    CHECK(e.line == 2);
    CHECK(e.column == 6);
    CHECK(e.path == "on");
  }
  const spool::error e = fails<flags>("list = [true, fals]\n");
  CHECK(e.line == 1);
  CHECK(e.path == "list[1]");
}

TEST_CASE("arrays of tables of 1 to 9 elements into fresh and used containers, narrow and wide elements") {
  for (int n = 1; n <= 9; ++n) {
    std::string text;
    for (int i = 0; i < n; ++i)
      text += "[[small]]\nhost = 'h" + std::to_string(i) + "'\nport = " + std::to_string(i) + "\n[[wide]]\nv = " +
              std::to_string(i) + "\n";
    CAPTURE(n);
    const many_arrays fresh = read<many_arrays>(text);
    REQUIRE(fresh.small.size() == static_cast<std::size_t>(n));
    REQUIRE(fresh.wide.size() == static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      CHECK(fresh.small[static_cast<std::size_t>(i)].host == "h" + std::to_string(i));
      CHECK(fresh.small[static_cast<std::size_t>(i)].port == i);
      CHECK(fresh.wide[static_cast<std::size_t>(i)].v == i);
    }
    many_arrays used;
    used.small.resize(12, endpoint{"old", 1});
    used.wide.resize(1);
    REQUIRE_FALSE(spool::toml::read(text, used));
    CHECK(used.small.size() == static_cast<std::size_t>(n));  // the first [[small]] starts it afresh
    CHECK(used.small.back().host == "h" + std::to_string(n - 1));
    CHECK(used.wide.size() == static_cast<std::size_t>(n));
  }
  // The rules hold whatever room was made: a [table] on the array, a value on it, an element past
  // max_container_size.
  spool::error e = fails<many_arrays>("[[small]]\nhost = 'a'\n[small]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 3);
  e = fails<many_arrays>("small = []\n[[small]]\nhost = 'b'\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 2);
  constexpr spool::toml::read_options two{.max_container_size = 2};
  e = fails<many_arrays, two>("[[small]]\n[[small]]\n[[small]]\n");
  CHECK(e.code == spool::errc::size_exceeded);
  CHECK(e.line == 3);
}

TEST_CASE("tables added by headers and dotted keys: each key hashed once, the rules and paths as before") {
  constexpr spool::toml::read_options strict{.error_on_unknown_keys = true};
  // A dotted key into a struct member, then a header below it, then the same dotted table again.
  const config c = read<config>("server.host = 'a'\nserver.port = 2\n[[plugins]]\n[plugins.meta]\nauthor = 'm'\n");
  CHECK(c.server.host == "a");
  CHECK(c.server.port == 2);
  REQUIRE(c.plugins.size() == 1);
  CHECK(c.plugins[0].meta.author == "m");
  spool::error e = fails<config>("server.host = 'a'\n[server]\nport = 1\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 2);
  e = fails<config>("[server]\nhost = 'a'\n[server]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 3);
  CHECK(e.path == "server");
  e = fails<config>("[[plugins]]\nname = 'p'\n[plugins.meta]\nauthor = 'x'\n[plugins.meta]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 5);
  CHECK(e.path == "plugins[0].meta");
  e = fails<config, strict>("[server]\nhost = 'a'\n[server.nope]\n");
  CHECK(e.code == spool::errc::unknown_key);
  CHECK(e.line == 3);
  e = fails<config, strict>("[[plugins]]\nname = 'p'\n[[plugins]]\nmeta.nope = 1\n");
  CHECK(e.code == spool::errc::unknown_key);
  CHECK(e.line == 4);
  CHECK(e.path == "plugins[1].meta.nope");
  // Keys of map and spool::value tables, claimed one by one: a repeat is found.
  e = fails<config>("[weights]\na = 1\nb = 2\na = 3\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 4);
  e = fails<config>("[extra]\nx.y = 1\nx.y = 2\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 3);
}

namespace toml_struct_test {
struct hp_leaf {
  int a = 0;
  int b = 0;
};
struct hp_mid {
  hp_leaf x;
  hp_leaf y;
  hp_leaf z;
  std::vector<hp_leaf> many;
};
struct hp_root {
  int n = 0;
  hp_mid first;
  hp_mid second;
  std::vector<hp_mid> list;
};
struct hp_strings {
  std::string s;
  std::string t;
  std::vector<std::string> v;
};
}  // namespace toml_struct_test

TEST_CASE("header steps predict the field after the last step out of a table: any order reads the same") {
  const auto check_leaf = [](const hp_leaf& l, int a, int b) {
    CHECK(l.a == a);
    CHECK(l.b == b);
  };
  // In declaration order, in reverse, interleaved, and with the root's keys before the headers.
  for (const std::string_view text :
       {"n = 7\n[first.x]\na = 1\n[first.y]\na = 2\n[first.z]\na = 3\n[second.x]\nb = 4\n[second.z]\nb = 5\n",
        "[second.z]\nb = 5\n[second.x]\nb = 4\n[first.z]\na = 3\n[first.y]\na = 2\n[first.x]\na = 1\n[n2]\n",
        "[first.z]\na = 3\n[second.x]\nb = 4\n[first.x]\na = 1\n[second.z]\nb = 5\n[first.y]\na = 2\n",
        "n = 7\n[first]\nx.a = 1\n[first.y]\na = 2\n[first.z]\na = 3\n[second]\nx = {b = 4}\nz.b = 5\n"}) {
    CAPTURE(text);
    if (text.find("[n2]") != std::string_view::npos) {
      const spool::error e = fails<hp_root, spool::toml::read_options{.error_on_unknown_keys = true}>(text);
      CHECK(e.code == spool::errc::unknown_key);
      CHECK(e.line == 11);
      continue;
    }
    const hp_root r = read<hp_root>(text);
    check_leaf(r.first.x, 1, 0);
    check_leaf(r.first.y, 2, 0);
    check_leaf(r.first.z, 3, 0);
    check_leaf(r.second.x, 0, 4);
    check_leaf(r.second.y, 0, 0);
    check_leaf(r.second.z, 0, 5);
  }
  // Arrays of tables with sub-tables in and out of order, and nested arrays.
  const hp_root r = read<hp_root>(
      "[[list]]\n[list.x]\na = 1\n[list.y]\na = 2\n[[list.many]]\na = 3\n[[list.many]]\na = 4\n"
      "[[list]]\n[list.z]\nb = 5\n[list.x]\nb = 6\n[[list]]\n[[list.many]]\nb = 7\n[list.y]\nb = 8\n");
  REQUIRE(r.list.size() == 3);
  check_leaf(r.list[0].x, 1, 0);
  check_leaf(r.list[0].y, 2, 0);
  REQUIRE(r.list[0].many.size() == 2);
  check_leaf(r.list[0].many[1], 4, 0);
  check_leaf(r.list[1].z, 0, 5);
  check_leaf(r.list[1].x, 0, 6);
  REQUIRE(r.list[2].many.size() == 1);
  check_leaf(r.list[2].many[0], 0, 7);
  check_leaf(r.list[2].y, 0, 8);
  // Errors where a prediction was taken or missed: the same codes, lines and paths.
  spool::error e = fails<hp_root>("[first.x]\n[first.y]\n[first.x]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 3);
  CHECK(e.path == "first.x");
  e = fails<hp_root>("[[list]]\n[list.x]\n[list.y]\n[list.y]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 4);
  CHECK(e.path == "list[0].y");
  e = fails<hp_root>("n = 1\n[n]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 2);
  e = fails<hp_root>("[first]\nx = {a = 1}\n[first.x]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.line == 3);
}

TEST_CASE("string members of 0 to 40 bytes constructed where they lie or appended to, fresh and reused") {
  for (std::size_t length = 0; length <= 40; ++length) {
    const std::string text(length, 'q');
    const std::string doc = "s = '" + text + "'\nt = \"" + text + "\\u0041\"\nv = ['" + text + "', '']\n";
    const hp_strings fresh = read<hp_strings>(doc);
    CHECK(fresh.s == text);
    CHECK(fresh.t == text + "A");
    REQUIRE(fresh.v.size() == 2);
    CHECK(fresh.v[0] == text);
    // Read into members holding short and long text (with and without room for the new text).
    for (const std::size_t before : {std::size_t{0}, std::size_t{3}, std::size_t{15}, std::size_t{16}, std::size_t{64}}) {
      hp_strings used;
      used.s.assign(before, 'x');
      used.t.assign(before, 'y');
      const std::size_t capacity = used.s.capacity();
      REQUIRE_FALSE(spool::toml::read(doc, used));
      CHECK(used.s == text);
      CHECK(used.t == text + "A");
      if (length <= capacity && capacity > std::string().capacity()) CHECK(used.s.capacity() == capacity);
    }
  }
}
