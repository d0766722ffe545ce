// Every C++ type the JSON reader and writer support: the JSON form it takes and a round trip.
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include <spool/json.hpp>

namespace json_types_test {

enum class color { red, green, blue };

struct inner {
  int a = 0;
  std::string b;
  friend bool operator==(const inner&, const inner&) = default;
};

struct outer {
  inner first;
  std::vector<inner> rest;
  std::optional<inner> maybe;
  friend bool operator==(const outer&, const outer&) = default;
};

struct circle {
  double r = 0;
  friend bool operator==(const circle&, const circle&) = default;
};
struct rectangle {
  double w = 0, h = 0;
  friend bool operator==(const rectangle&, const rectangle&) = default;
};
struct labelled {
  std::string text;
  friend bool operator==(const labelled&, const labelled&) = default;
};

struct named {
  char code[4] = {};
};

struct with_value {
  std::string name;
  spool::value extra;
};

struct with_raw {
  int id = 0;
  spool::json::raw_json payload;
};

// Writes `v`, checks the text, reads it back and checks it equals `v`.
template <class T>
void round_trip(const T& v, std::string_view expected) {
  const std::string text = spool::json::write(v);
  CHECK(text == expected);
  auto back = spool::json::read<T>(text);
  REQUIRE_MESSAGE(back.has_value(), back.error().message());
  CHECK(*back == v);
}

// spool::value members between typed ones.
struct value_holder {
  int before = 0;
  spool::value any;
  std::vector<spool::value> list;
  int after = 0;
};

}  // namespace json_types_test

using namespace json_types_test;

template <>
struct spool::meta<json_types_test::rectangle> {
  static constexpr std::string_view variant_name = "rect";
};

TEST_CASE("booleans and integers of every width, at their limits") {
  round_trip(true, "true");
  round_trip(false, "false");
  round_trip(std::numeric_limits<std::int8_t>::min(), "-128");
  round_trip(std::numeric_limits<std::uint8_t>::max(), "255");
  round_trip(std::numeric_limits<std::int16_t>::min(), "-32768");
  round_trip(std::numeric_limits<std::uint16_t>::max(), "65535");
  round_trip(std::numeric_limits<std::int32_t>::min(), "-2147483648");
  round_trip(std::numeric_limits<std::uint32_t>::max(), "4294967295");
  round_trip(std::numeric_limits<std::int64_t>::min(), "-9223372036854775808");
  round_trip(std::numeric_limits<std::int64_t>::max(), "9223372036854775807");
  round_trip(std::numeric_limits<std::uint64_t>::max(), "18446744073709551615");
  CHECK(spool::json::read<std::int8_t>("128").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<std::int8_t>("-129").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<std::uint8_t>("-1").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<std::uint8_t>("-0").value() == 0);
  CHECK(spool::json::read<std::int64_t>("9223372036854775808").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<std::int64_t>("-9223372036854775809").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<std::uint64_t>("18446744073709551616").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<std::uint64_t>("123456789012345678901234567890").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<int>("1.5").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<int>("1e2").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<int>("\"1\"").error().code == spool::errc::unexpected_type);
}

TEST_CASE("integers of every digit count, inside arrays and at the end of the input") {
  // Digits are taken up to eight per step: counts around each step, the 19 that always fit, the
  // 20 of which only some fit, and longer runs; the byte after them (',', ']', '.', 'e' or none).
  std::string digits;
  for (std::size_t n = 1; n <= 26; ++n) {
    digits += static_cast<char>('0' + n % 10);  // 1234567890123...
    const std::string max20 = "18446744073709551615";
    for (const std::string& text : {digits, n == 20 ? max20 : digits, std::string(n, '9')}) {
      // The expected value, digit by digit with an overflow check.
      std::uint64_t expected = 0;
      bool fits = true;
      for (const char c : text)
        fits = fits && !__builtin_mul_overflow(expected, std::uint64_t{10}, &expected) &&
               !__builtin_add_overflow(expected, static_cast<std::uint64_t>(c - '0'), &expected);
      const auto whole = spool::json::read<std::uint64_t>(text);
      const auto listed = spool::json::read<std::vector<std::uint64_t>>("[" + text + "," + text + "]");
      if (fits) {
        REQUIRE_MESSAGE(whole, text);
        CHECK(*whole == expected);
        REQUIRE(listed);
        CHECK(*listed == std::vector<std::uint64_t>{expected, expected});
        const auto negative = spool::json::read<std::int64_t>("-" + text);
        if (expected <= std::uint64_t{1} << 63) {
          REQUIRE_MESSAGE(negative, text);
          CHECK(*negative == static_cast<std::int64_t>(0 - expected));
        } else {
          CHECK(negative.error().code == spool::errc::out_of_range);
        }
      } else {
        CHECK_MESSAGE(whole.error().code == spool::errc::out_of_range, text);
        CHECK(whole.error().offset == 0);
        CHECK(listed.error().code == spool::errc::out_of_range);
        CHECK(listed.error().offset == 1);
      }
      // A fraction or an exponent makes it no integer, however many digits came before.
      CHECK(spool::json::read<std::uint64_t>(text + ".5").error().code == spool::errc::unexpected_type);
      const spool::error exponent = spool::json::read<std::vector<std::uint64_t>>("[" + text + "e1]").error();
      CHECK(exponent.code == spool::errc::unexpected_type);
      CHECK(exponent.offset == 1);
    }
  }
}

TEST_CASE("floats and doubles: shortest text, exact round trip, overflow is an error") {
  round_trip(0.1, "0.1");
  round_trip(-0.0, "-0.0");
  round_trip(1.0, "1.0");
  round_trip(1e300, "1e+300");
  round_trip(5e-324, "5e-324");
  round_trip(std::numeric_limits<double>::max(), "1.7976931348623157e+308");
  round_trip(0.3f, "0.3");
  round_trip(std::numeric_limits<float>::max(), "3.4028235e+38");
  CHECK(spool::json::read<double>("1").value() == 1.0);
  CHECK(spool::json::read<double>("-12.5e-1").value() == -1.25);
  CHECK(spool::json::read<double>("2.2250738585072011e-308").value() == 2.2250738585072011e-308);
  CHECK(spool::json::read<double>("123456789012345678901234567890").value() == 123456789012345678901234567890.0);
  CHECK(spool::json::read<double>("1e400").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<double>("-1e400").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<float>("1e39").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<double>("1e-400").value() == 0.0);
}

TEST_CASE("strings, string views and char arrays") {
  round_trip(std::string("h\xC3\xA9llo \"q\" \\ \n\t\x01"), R"("héllo \"q\" \\ \n\t\u0001")");
  auto view = spool::json::read<std::string_view>(R"("plain")");
  REQUIRE(view);
  CHECK(*view == "plain");
  const std::string input = R"("abc")";
  CHECK(spool::json::read<std::string_view>(input).value().data() == input.data() + 1);  // points into the input
  CHECK(spool::json::read<std::string_view>(R"("a\nb")").error().code == spool::errc::unsupported);
  CHECK(spool::json::write(std::string_view("x\"y")) == R"("x\"y")");
  auto n = spool::json::read<named>(R"({"code":"abc"})");
  REQUIRE(n);
  CHECK(std::string_view(n->code) == "abc");
  CHECK(spool::json::write(*n) == R"({"code":"abc"})");
  CHECK(spool::json::read<named>(R"({"code":"abcd"})").error().code == spool::errc::size_exceeded);
}

TEST_CASE("sequences, arrays, sets and tuples are JSON arrays") {
  round_trip(std::vector<int>{1, 2, 3}, "[1,2,3]");
  round_trip(std::vector<int>{}, "[]");
  round_trip(std::deque<std::string>{"a", "b"}, R"(["a","b"])");
  round_trip(std::list<double>{1.5, -2.0}, "[1.5,-2.0]");
  round_trip(std::vector<bool>{true, false, true}, "[true,false,true]");
  round_trip(std::array<int, 3>{4, 5, 6}, "[4,5,6]");
  round_trip(std::set<int>{3, 1, 2}, "[1,2,3]");
  round_trip(std::unordered_set<int>{7}, "[7]");
  round_trip(std::tuple<int, std::string, bool>{1, "x", true}, R"([1,"x",true])");
  round_trip(std::pair<std::string, double>{"pi", 3.25}, R"(["pi",3.25])");
  round_trip(std::vector<std::vector<int>>{{1}, {}, {2, 3}}, "[[1],[],[2,3]]");
  round_trip(std::vector<std::uint8_t>{0, 255}, "[0,255]");
  round_trip(std::vector<std::byte>{std::byte{1}, std::byte{200}}, "[1,200]");
  round_trip(std::array<std::byte, 2>{std::byte{9}, std::byte{8}}, "[9,8]");
  int c_array[2] = {0, 0};
  CHECK_FALSE(spool::json::read("[10,20]", c_array));
  CHECK(c_array[0] == 10);
  CHECK(c_array[1] == 20);
  CHECK(spool::json::read<std::array<int, 3>>("[1,2]").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<std::array<int, 2>>("[1,2,3]").error().code == spool::errc::size_exceeded);
  CHECK(spool::json::read<std::tuple<int, int>>("[1]").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<std::tuple<int, int>>("[1,2,3]").error().code == spool::errc::size_exceeded);
  CHECK(spool::json::read<std::vector<std::byte>>("[256]").error().code == spool::errc::out_of_range);
}

TEST_CASE("maps with string, integer and enum keys are JSON objects") {
  round_trip(std::map<std::string, int>{{"a", 1}, {"b", 2}}, R"({"a":1,"b":2})");
  round_trip(std::map<int, std::string>{{-1, "m"}, {10, "t"}}, R"({"-1":"m","10":"t"})");
  round_trip(std::map<color, int>{{color::red, 1}, {color::blue, 3}}, R"({"red":1,"blue":3})");
  round_trip(std::unordered_map<std::string, std::vector<int>>{{"k", {1}}}, R"({"k":[1]})");
  round_trip(std::map<std::uint8_t, bool>{{255, true}}, R"({"255":true})");
  CHECK(spool::json::read<std::map<int, int>>(R"({"x":1})").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<std::map<int, int>>(R"({"01":1})").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<std::map<std::uint8_t, int>>(R"({"256":1})").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<std::map<color, int>>(R"({"pink":1})").error().code == spool::errc::out_of_range);
  // A repeated key in a map: the last value wins.
  CHECK(spool::json::read<std::map<std::string, int>>(R"({"a":1,"a":2})").value().at("a") == 2);
}

TEST_CASE("optionals and smart pointers are null or their value") {
  round_trip(std::optional<int>{}, "null");
  round_trip(std::optional<int>{5}, "5");
  auto u = spool::json::read<std::unique_ptr<std::string>>(R"("s")");
  REQUIRE(u);
  REQUIRE(*u);
  CHECK(**u == "s");
  CHECK(spool::json::write(*u) == R"("s")");
  auto s = spool::json::read<std::shared_ptr<std::vector<int>>>("[1]");
  REQUIRE(s);
  REQUIRE(*s);
  CHECK((**s)[0] == 1);
  CHECK_FALSE(spool::json::read<std::unique_ptr<int>>("null").value());
  CHECK(spool::json::write(std::unique_ptr<int>{}) == "null");
  std::optional<std::string> reset{"was"};
  CHECK_FALSE(spool::json::read("null", reset));
  CHECK_FALSE(reset);
}

TEST_CASE("enums by name, or by number with enums_as_integers") {
  round_trip(color::green, R"("green")");
  CHECK(spool::json::read<color>(R"("purple")").error().code == spool::errc::out_of_range);
  CHECK(spool::json::write<spool::json::write_options{.enums_as_integers = true}>(color::blue) == "2");
  CHECK(spool::json::read<color, spool::json::read_options{.enums_as_integers = true}>("1").value() == color::green);
  // A value without a name keeps its number.
  CHECK(spool::json::write(static_cast<color>(42)) == "42");
}

TEST_CASE("chrono: system time points as RFC 3339, other clocks and durations as ticks") {
  using namespace std::chrono;
  const sys_time<milliseconds> t = sys_days{2024y / 3 / 15} + 10h + 30min + 5s + 250ms;
  round_trip(t, R"("2024-03-15T10:30:05.25Z")");
  const sys_seconds epoch{};
  round_trip(epoch, R"("1970-01-01T00:00:00Z")");
  auto shifted = spool::json::read<sys_seconds>(R"("2024-03-15T12:30:05+02:00")");
  REQUIRE(shifted);
  CHECK(*shifted == time_point_cast<seconds>(t));
  CHECK(spool::json::read<sys_seconds>(R"("2024-03-15")").error().code == spool::errc::invalid_datetime);
  CHECK(spool::json::read<sys_seconds>(R"("2024-13-15T00:00:00Z")").error().code == spool::errc::invalid_datetime);
  round_trip(milliseconds{1500}, "1500");
  round_trip(duration<double>{2.5}, "2.5");
  round_trip(steady_clock::time_point{nanoseconds{42}}, "42");
}

TEST_CASE("untagged variants are chosen by the JSON type") {
  using v = std::variant<std::monostate, bool, std::int64_t, double, std::string, std::vector<int>, inner>;
  round_trip(v{}, "null");
  round_trip(v{true}, "true");
  round_trip(v{std::int64_t{-3}}, "-3");
  round_trip(v{2.5}, "2.5");
  round_trip(v{std::string("s")}, R"("s")");
  round_trip(v{std::vector<int>{1}}, "[1]");
  round_trip(v{inner{1, "x"}}, R"({"a":1,"b":"x"})");
  CHECK(spool::json::read<v>("3").value().index() == 2);
  CHECK(spool::json::read<v>("3.0").value().index() == 3);
  CHECK(spool::json::read<std::variant<int, std::string>>("[1]").error().code == spool::errc::unexpected_type);
  // Only a floating alternative: integers are read into it.
  CHECK(std::get<double>(spool::json::read<std::variant<std::string, double>>("7").value()) == 7.0);
  // spool::value takes whatever no other alternative does.
  CHECK(spool::json::read<std::variant<int, spool::value>>("[1]").value().index() == 1);
}

TEST_CASE("tagged variants carry the alternative's name under the tag key") {
  using shape = std::variant<circle, rectangle, labelled>;
  constexpr spool::json::read_options r{.variant_tag = "type"};
  constexpr spool::json::write_options w{.variant_tag = "type"};
  const std::vector<shape> shapes{circle{1.5}, rectangle{2, 3}, labelled{"hi"}};
  const std::string text = spool::json::write<w>(shapes);
  CHECK(text == R"([{"type":"circle","r":1.5},{"type":"rect","w":2.0,"h":3.0},{"type":"labelled","text":"hi"}])");
  auto back = spool::json::read<std::vector<shape>, r>(text);
  REQUIRE(back);
  CHECK(*back == shapes);
  // The tag may come anywhere in the object.
  auto late = spool::json::read<shape, r>(R"({"w":4,"h":5,"type":"rect"})");
  REQUIRE(late);
  CHECK(std::get<rectangle>(*late) == rectangle{4, 5});
  CHECK(spool::json::read<shape, r>(R"({"r":1})").error().code == spool::errc::missing_key);
  auto unknown = spool::json::read<shape, r>(R"({"type":"hexagon"})");
  CHECK(unknown.error().code == spool::errc::unexpected_type);
  CHECK(unknown.error().path == "type");
  constexpr spool::json::read_options strict{.error_on_unknown_keys = true, .variant_tag = "type"};
  CHECK(spool::json::read<shape, strict>(R"({"type":"circle","r":1})").has_value());
}

TEST_CASE("nested structs, spool::value members and raw JSON members") {
  round_trip(outer{{1, "a"}, {{2, "b"}, {3, "c"}}, inner{4, "d"}},
             R"({"first":{"a":1,"b":"a"},"rest":[{"a":2,"b":"b"},{"a":3,"b":"c"}],"maybe":{"a":4,"b":"d"}})");
  auto wv = spool::json::read<with_value>(R"({"name":"n","extra":{"k":[1,"two",null,true,2.5]}})");
  REQUIRE(wv);
  CHECK(wv->extra == spool::value{{"k", spool::value::array({1, "two", nullptr, true, 2.5})}});
  CHECK(spool::json::write(*wv) == R"({"name":"n","extra":{"k":[1,"two",null,true,2.5]}})");
  auto wr = spool::json::read<with_raw>(R"({"id":1,"payload":{"a" : [1, 2.50, "\u00e9"]} })");
  REQUIRE(wr);
  CHECK(wr->payload.text == R"({"a" : [1, 2.50, "\u00e9"]})");
  CHECK(spool::json::write(*wr) == R"({"id":1,"payload":{"a" : [1, 2.50, "\u00e9"]}})");
  CHECK(spool::json::write(with_raw{}) == R"({"id":0,"payload":null})");
  CHECK(spool::json::read<with_raw>(R"({"id":1,"payload":[1,]})").error().code == spool::errc::syntax);
}

TEST_CASE("spool::value: every JSON kind, integers kept exact") {
  auto v = spool::json::read<spool::value>(
      R"({"i":-9223372036854775808,"u":18446744073709551615,"big":18446744073709551616,"d":0.5,"s":"x","n":null,"b":false,"a":[]})");
  REQUIRE(v);
  CHECK((*v)["i"].kind() == spool::kind::integer);
  CHECK((*v)["i"].as_int64().value() == std::numeric_limits<std::int64_t>::min());
  CHECK((*v)["u"].kind() == spool::kind::unsigned_integer);
  CHECK((*v)["u"].as_uint64().value() == std::numeric_limits<std::uint64_t>::max());
  CHECK((*v)["big"].kind() == spool::kind::floating);
  CHECK((*v)["d"].as_double().value() == 0.5);
  CHECK((*v)["s"].as_string().value() == "x");
  CHECK((*v)["n"].is_null());
  CHECK((*v)["b"].as_bool().value() == false);
  CHECK((*v)["a"].is_array());
  CHECK(spool::json::write(*v) ==
        R"({"i":-9223372036854775808,"u":18446744073709551615,"big":18446744073709551616.0,"d":0.5,"s":"x","n":null,"b":false,"a":[]})");
  // Keys keep document order; a repeated key keeps its first position and the last value.
  CHECK(spool::json::write(spool::json::read<spool::value>(R"({"z":1,"a":2,"z":3})").value()) == R"({"z":3,"a":2})");
  const spool::value dates{{"d", spool::local_date{2024, 2, 29}}, {"bin", spool::value::binary(std::vector<std::byte>{std::byte{1}, std::byte{2}})}};
  CHECK(spool::json::write(dates) == R"({"d":"2024-02-29","bin":[1,2]})");
}

TEST_CASE("spool::value: containers at every depth, escaped and repeated keys, values inside structs") {
  // Members and elements of open containers wait on one stack: siblings at each level must not
  // mix with their nephews, escaped keys (decoded into an arena) must keep their own text.
  const std::string text =
      R"({"a\u0062":[1,[2,3],{"k\"q":[4,{}],"x":[]},"s"],"big":{"m0":0,"m1":1,"m2":2,"m3":3,"m4":4,)"
      R"("m5":5,"m6":6,"m7":7,"m8":8,"m9":9,"m3":[33],"m\u0030":"zero"},"e\n":{"\u00e9":true},"last":null})";
  auto v = spool::json::read<spool::value>(text);
  REQUIRE(v);
  CHECK(spool::json::write(*v) ==
        R"({"ab":[1,[2,3],{"k\"q":[4,{}],"x":[]},"s"],"big":{"m0":"zero","m1":1,"m2":2,"m3":[33],"m4":4,)"
        R"("m5":5,"m6":6,"m7":7,"m8":8,"m9":9},"e\n":{"é":true},"last":null})");
  CHECK((*v)["big"].size() == 10);
  CHECK((*v)["big"]["m7"].as_int64().value() == 7);
  // A repeated key whose first value was a container: the container goes, the last value stays.
  CHECK(spool::json::write(spool::json::read<spool::value>(R"({"k":{"a":[1,2]},"k":[3],"j":0})").value()) ==
        R"({"k":[3],"j":0})");
  // Reading into a value that holds a tree replaces it.
  spool::value existing = spool::json::read<spool::value>(R"({"old":[1,2,3]})").value();
  REQUIRE_FALSE(spool::json::read(R"([{"new":1}])", existing));
  CHECK(spool::json::write(existing) == R"([{"new":1}])");
  // Values as members and elements of typed containers, read between typed ones.
  const auto h = spool::json::read<value_holder>(R"({"before":1,"any":{"a":[{"b":2}]},"list":[[],{"c":3},"d"],"after":4})");
  REQUIRE(h);
  CHECK(h->before == 1);
  CHECK(spool::json::write(h->any) == R"({"a":[{"b":2}]})");
  REQUIRE(h->list.size() == 3);
  CHECK(spool::json::write(h->list[1]) == R"({"c":3})");
  CHECK(h->list[2].as_string().value() == "d");
  CHECK(h->after == 4);
  // A failure deep inside names its path, and the next read starts from an empty stack.
  const spool::error e = spool::json::read<spool::value>(R"({"a":[1,{"b\u0062":[2,x]}]})").error();
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.path == "a[1].bb[1]");
  CHECK(spool::json::write(spool::json::read<spool::value>(R"({"z":[1]})").value()) == R"({"z":[1]})");
}
