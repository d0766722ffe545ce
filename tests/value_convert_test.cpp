#include <spool/value.hpp>

#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

using spool::value;
using namespace std::chrono_literals;

namespace convert_test {

enum class role { primary, replica, witness };

struct endpoint {
  std::string host;
  std::uint16_t port = 0;
  friend bool operator==(const endpoint&, const endpoint&) = default;
};

struct server {
  std::string name;
  endpoint address;
  role kind = role::primary;
  std::vector<std::string> tags;
  std::optional<int> weight;
  std::map<std::string, double> limits;
  std::variant<std::int64_t, std::string> id;
  std::pair<int, std::string> version;
  std::vector<std::byte> key;
  std::chrono::sys_time<std::chrono::milliseconds> started{};
  std::chrono::seconds timeout{0};
  spool::local_date since;
  std::array<int, 2> window{};
  std::set<int> shards;
  friend bool operator==(const server&, const server&) = default;
};

struct cluster {
  std::string name;
  std::vector<server> servers;
  std::map<int, std::string> zones;
  std::map<role, int> counts;
  std::unique_ptr<endpoint> gateway;
  std::shared_ptr<std::string> note;
  value extra;
};

struct with_chars {
  char code[4] = {};
};

struct strict {
  int port = 0;
  std::string host;
  int optional_thing = 7;
};

}  // namespace convert_test

template <>
struct spool::meta<convert_test::strict> {
  static constexpr auto fields = spool::field_options(spool::required("port"), spool::required("host"),
                                                      spool::default_value("optional_thing", 42));
};

using namespace convert_test;

namespace {

cluster sample() {
  cluster c;
  c.name = "east";
  for (int i = 0; i < 3; ++i) {
    server s;
    s.name = "node" + std::to_string(i);
    s.address = {"10.0.0." + std::to_string(i), static_cast<std::uint16_t>(8000 + i)};
    s.kind = i == 0 ? role::primary : role::replica;
    s.tags = {"a", "b"};
    if (i == 1) s.weight = 5;
    s.limits = {{"cpu", 1.5}, {"mem", -0.0}};
    s.id = i == 2 ? decltype(s.id)(std::string("two")) : decltype(s.id)(std::int64_t{i});
    s.version = {i, "v" + std::to_string(i)};
    s.key = {std::byte{0}, std::byte{0xff}, static_cast<std::byte>(i)};
    s.started = std::chrono::sys_time<std::chrono::milliseconds>{1'700'000'000'123ms};
    s.timeout = 30s;
    s.since = {2020, 2, 29};
    s.window = {i, i + 1};
    s.shards = {3, 1, 2};
    c.servers.push_back(std::move(s));
  }
  c.zones = {{1, "one"}, {-2, "minus two"}};
  c.counts = {{role::primary, 1}, {role::replica, 2}};
  c.gateway = std::make_unique<endpoint>(endpoint{"gw", 443});
  c.extra = value{{"free", {1, "form"}}};
  return c;
}

}  // namespace

TEST_CASE("a nested struct round-trips through spool::value") {
  const cluster original = sample();
  const value v = spool::to_value(original);

  CHECK(v["name"] == value("east"));
  CHECK(v["servers"].size() == 3);
  CHECK(v["servers"][0]["address"]["port"] == value(8000));
  CHECK(v["servers"][0]["kind"] == value("primary"));
  CHECK(v["servers"][0]["id"] == value(0));
  CHECK(v["servers"][2]["id"] == value("two"));
  CHECK(v["servers"][1]["version"] == value{1, "v1"});
  CHECK(v["servers"][1]["key"].is_binary());
  CHECK(v["servers"][1]["started"].is_offset_datetime());
  CHECK(spool::to_string(*v["servers"][1]["started"].as_offset_datetime()) == "2023-11-14T22:13:20.123Z");
  CHECK(v["servers"][1]["timeout"] == value(30));
  CHECK(v["servers"][1]["since"] == value(spool::local_date{2020, 2, 29}));
  CHECK(v["servers"][1]["shards"] == value{1, 2, 3});
  CHECK(v["servers"][1]["weight"] == value(5));
  CHECK_FALSE(v["servers"][0].contains("weight"));  // an empty optional field is left out
  CHECK(v["zones"]["-2"] == value("minus two"));
  CHECK(v["counts"]["replica"] == value(2));
  CHECK(v["gateway"]["host"] == value("gw"));
  CHECK_FALSE(v.contains("note"));
  CHECK(v["extra"]["free"][1] == value("form"));

  const cluster back = spool::from_value<cluster>(v).value();
  CHECK(back.name == original.name);
  CHECK(back.servers == original.servers);
  CHECK(std::signbit(back.servers[0].limits.at("mem")));
  CHECK(back.zones == original.zones);
  CHECK(back.counts == original.counts);
  REQUIRE(back.gateway != nullptr);
  CHECK(*back.gateway == *original.gateway);
  CHECK(back.note == nullptr);
  CHECK(back.extra == original.extra);
  CHECK(spool::to_value(back) == v);
}

TEST_CASE("errors carry the path of the failing element") {
  value v = spool::to_value(sample());
  v["servers"][2]["address"]["port"] = 70000;
  spool::result<cluster> r = spool::from_value<cluster>(v);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().code == spool::errc::out_of_range);
  CHECK(r.error().path == "servers[2].address.port");
  CHECK(r.error().found == "70000");

  v = spool::to_value(sample());
  v["servers"][1]["tags"][1] = 5;
  r = spool::from_value<cluster>(v);
  CHECK(r.error().code == spool::errc::unexpected_type);
  CHECK(r.error().path == "servers[1].tags[1]");
  CHECK(r.error().expected == "string");
  CHECK(r.error().found == "integer");

  v = spool::to_value(sample());
  v["zones"].insert_or_assign("one", "x");
  r = spool::from_value<cluster>(v);
  CHECK(r.error().code == spool::errc::invalid_number);
  CHECK(r.error().path == "zones.one");

  v = spool::to_value(sample());
  v["counts"].insert_or_assign("observer", 1);
  r = spool::from_value<cluster>(v);
  CHECK(r.error().code == spool::errc::out_of_range);
  CHECK(r.error().path == "counts.observer");

  v = spool::to_value(sample());
  v["servers"][0]["key"] = "not base64!";
  r = spool::from_value<cluster>(v);
  CHECK(r.error().code == spool::errc::syntax);
  CHECK(r.error().path == "servers[0].key");
  CHECK(!r.error().has_position());  // a value is no input: conversion errors name a path only

  v = spool::to_value(sample());
  v["servers"][0]["window"] = value{1, 2, 3};
  r = spool::from_value<cluster>(v);
  CHECK(r.error().code == spool::errc::out_of_range);
  CHECK(r.error().path == "servers[0].window");

  v = spool::to_value(sample());
  v["servers"][0]["since"] = "2023-02-29";
  r = spool::from_value<cluster>(v);
  CHECK(r.error().code == spool::errc::invalid_datetime);
  CHECK(r.error().path == "servers[0].since");

  CHECK(spool::from_value<cluster>(value{1, 2}).error().code == spool::errc::unexpected_type);
}

TEST_CASE("unknown keys are ignored; missing required fields are missing_key; others keep defaults") {
  strict s = spool::from_value<strict>(value{{"port", 80}, {"host", "h"}, {"unknown", {1, 2}}}).value();
  CHECK(s.port == 80);
  CHECK(s.host == "h");
  CHECK(s.optional_thing == 42);  // default_value() applies to an absent field

  spool::result<strict> r = spool::from_value<strict>(value{{"host", "h"}});
  CHECK(r.error().code == spool::errc::missing_key);
  CHECK(r.error().path == "port");

  // Reading into an existing object: fields without a key keep what they had.
  endpoint e{"keep", 1};
  CHECK_FALSE(spool::from_value(value{{"port", 2}}, e));
  CHECK(e == endpoint{"keep", 2});
  const spool::error failed = spool::from_value(value{{"port", -1}}, e);
  CHECK(failed.code == spool::errc::out_of_range);
  CHECK(failed.path == "port");
}

TEST_CASE("integers convert with range checks in both signednesses") {
  CHECK(spool::from_value<std::int8_t>(value(-128)).value() == -128);
  CHECK(spool::from_value<std::int8_t>(value(128)).error().code == spool::errc::out_of_range);
  CHECK(spool::from_value<std::uint8_t>(value(-1)).error().code == spool::errc::out_of_range);
  CHECK(spool::from_value<std::uint64_t>(value(std::numeric_limits<std::uint64_t>::max())).value() ==
        std::numeric_limits<std::uint64_t>::max());
  CHECK(spool::from_value<std::int64_t>(value(std::numeric_limits<std::uint64_t>::max())).error().code ==
        spool::errc::out_of_range);
  CHECK(spool::from_value<int>(value(1.0)).error().code == spool::errc::unexpected_type);
  CHECK(spool::from_value<double>(value(3)).value() == 3.0);
  CHECK(spool::from_value<float>(value(1e300)).error().code == spool::errc::out_of_range);
  CHECK(std::isinf(spool::from_value<float>(value(std::numeric_limits<double>::infinity())).value()));
  CHECK(spool::to_value(std::uint64_t{5}) == value(5));
  CHECK(spool::to_value(std::numeric_limits<std::uint64_t>::max()).kind() == spool::kind::unsigned_integer);
  CHECK(value(5).get<short>().value() == 5);
}

TEST_CASE("variants pick the alternative of the value's kind first") {
  using v_t = std::variant<std::monostate, double, std::int64_t, std::string, std::vector<int>>;
  CHECK(std::get<std::int64_t>(spool::from_value<v_t>(value(1)).value()) == 1);  // not the double
  CHECK(std::get<double>(spool::from_value<v_t>(value(1.5)).value()) == 1.5);
  CHECK(std::get<std::string>(spool::from_value<v_t>(value("s")).value()) == "s");
  CHECK(std::get<std::vector<int>>(spool::from_value<v_t>(value{1, 2}).value()).size() == 2);
  CHECK(spool::from_value<v_t>(value()).value().index() == 0);
  CHECK(spool::from_value<v_t>(value(true)).error().code == spool::errc::unexpected_type);
  // With no alternative of the value's kind, the first that converts wins.
  using number_t = std::variant<std::string, double>;
  CHECK(std::get<double>(spool::from_value<number_t>(value(2)).value()) == 2.0);
  CHECK(spool::to_value(v_t{}) == value());
}

TEST_CASE("enums, chrono, bytes, tuples and containers of every shape") {
  CHECK(spool::to_value(role::witness) == value("witness"));
  CHECK(spool::to_value(static_cast<role>(9)) == value(9));  // unnamed values write their number
  CHECK(spool::from_value<role>(value(9)).value() == static_cast<role>(9));
  CHECK(spool::from_value<role>(value("replica")).value() == role::replica);

  const auto tp = std::chrono::sys_days{std::chrono::year{2024} / 2 / 29} + 1h + 1ns;
  CHECK(spool::to_value(tp) == value(spool::offset_datetime{{2024, 2, 29}, {1, 0, 0, 1}, 0}));
  CHECK(spool::from_value<std::chrono::sys_time<std::chrono::nanoseconds>>(value("2024-02-29T03:00:00.000000001+02:00"))
            .value() == tp);
  CHECK(spool::from_value<std::chrono::sys_seconds>(value(1'000)).value().time_since_epoch() == 1000s);
  CHECK(spool::from_value<std::chrono::sys_time<std::chrono::nanoseconds>>(value("0001-01-01T00:00:00Z")).error().code ==
        spool::errc::out_of_range);
  CHECK(spool::from_value<std::chrono::sys_seconds>(value("2024-02-29T01:00:00")).error().code ==
        spool::errc::unexpected_type);
  // A time point past the year 9999 has no date-time; it travels as its tick count.
  const std::chrono::sys_seconds far{std::chrono::seconds{400'000'000'000}};
  CHECK(spool::to_value(far) == value(400'000'000'000));
  CHECK(spool::from_value<std::chrono::sys_seconds>(spool::to_value(far)).value() == far);
  const auto local = std::chrono::local_days{std::chrono::year{1999} / 12 / 31} + 23h;
  CHECK(spool::to_value(local) == value(spool::local_datetime{{1999, 12, 31}, {23, 0, 0, 0}}));
  CHECK(spool::from_value<std::chrono::local_seconds>(spool::to_value(local)).value() == local);
  CHECK(spool::from_value<std::chrono::milliseconds>(value(5)).value() == 5ms);
  CHECK(spool::to_value(std::chrono::duration<double>(1.5)) == value(1.5));
  CHECK(spool::from_value<std::chrono::year_month_day>(value("2024-02-29")).value() ==
        std::chrono::year{2024} / 2 / 29);
  CHECK(spool::from_value<spool::local_time>(value("25:00:00")).error().code == spool::errc::invalid_datetime);

  const std::vector<std::uint8_t> raw{1, 2, 3};
  CHECK(spool::to_value(raw).is_binary());
  CHECK(spool::from_value<std::vector<std::uint8_t>>(value("AQID")).value() == raw);
  CHECK(spool::from_value<std::array<std::byte, 3>>(spool::to_value(raw)).value()[2] == std::byte{3});
  CHECK(spool::from_value<std::array<std::byte, 2>>(spool::to_value(raw)).error().code == spool::errc::out_of_range);
  const value bin = spool::to_value(raw);
  CHECK(spool::from_value<std::span<const std::byte>>(bin).value().size() == 3);

  using tuple_t = std::tuple<int, std::string, bool>;
  CHECK(spool::to_value(tuple_t{1, "a", true}) == value{1, "a", true});
  CHECK(spool::from_value<tuple_t>(value{2, "b", false}).value() == tuple_t{2, "b", false});
  spool::result<tuple_t> bad_tuple = spool::from_value<tuple_t>(value{2, 3, false});
  CHECK(bad_tuple.error().path == "[1]");
  CHECK(spool::from_value<tuple_t>(value{2, "b"}).error().code == spool::errc::out_of_range);

  CHECK(spool::from_value<std::deque<int>>(value{1, 2}).value() == std::deque<int>{1, 2});
  CHECK(spool::from_value<std::list<std::string>>(value{"x"}).value().front() == "x");
  CHECK(spool::from_value<std::set<int>>(value{3, 1, 3}).value() == std::set<int>{1, 3});
  CHECK(spool::from_value<std::unordered_map<std::string, int>>(value{{"a", 1}}).value().at("a") == 1);
  CHECK(spool::from_value<std::map<std::uint8_t, int>>(value{{"300", 1}}).error().code == spool::errc::out_of_range);
  CHECK(spool::from_value<std::optional<int>>(value()).value() == std::nullopt);
  CHECK(spool::from_value<std::optional<int>>(value(4)).value() == 4);
  CHECK(spool::from_value<std::unique_ptr<int>>(value(4)).value() != nullptr);

  with_chars w = spool::from_value<with_chars>(value{{"code", "abc"}}).value();
  CHECK(std::string(w.code) == "abc");
  CHECK(spool::to_value(w) == value{{"code", "abc"}});
  CHECK(spool::from_value<with_chars>(value{{"code", "abcd"}}).error().code == spool::errc::out_of_range);

  CHECK(spool::from_value<spool::object>(value{{"a", 1}}).value().size() == 1);
  CHECK(spool::from_value<spool::ext>(value(spool::ext{4, {}})).value().type == 4);
  CHECK(spool::from_value<spool::array>(value{1, "x"}).value().size() == 2);
}
