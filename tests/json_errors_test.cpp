// Every error the JSON reader and writer report: its code, offset, line/column and path.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <spool/json.hpp>

namespace json_errors_test {

struct user_info {
  std::uint32_t id = 0;
  std::string name;
};
struct status {
  std::string text;
  user_info user;
};
struct timeline {
  std::vector<status> statuses;
};

struct port_config {
  std::string host;
  int port = 0;
  std::optional<int> backlog;
};

template <class T = spool::value, spool::json::read_options Opts = spool::json::read_options{}>
spool::error read_error(std::string_view text) {
  auto r = spool::json::read<T, Opts>(text);
  REQUIRE_FALSE(r.has_value());
  return r.error();
}

}  // namespace json_errors_test

using namespace json_errors_test;

template <>
struct spool::meta<json_errors_test::port_config> {
  static constexpr auto fields = spool::field_options(spool::required("port"));
};

TEST_CASE("into spool::value, the path names the failing member however deep, and nothing is left pending") {
  // Members after other objects, after escaped keys and past the eight members an object indexes
  // by hash: the path is built from each level's own key, never a key of a member read before.
  const std::string wide = R"({"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":{"x":1},)";
  const spool::error deep = read_error(wide + R"("a\u0062":{"c":{"d":[1,{"e":2}]},"f":[true,{"g":nul}]}})");
  CHECK(deep.code == spool::errc::syntax);
  CHECK(deep.path == "ab.f[1].g");
  // The same thread reads the next document from a clean start.
  auto next = spool::json::read<spool::value>(wide + R"("z":[{"y":"a string longer than fourteen bytes"}]})");
  REQUIRE(next);
  CHECK((*next)["z"][0]["y"].as_string().value() == "a string longer than fourteen bytes");
  CHECK(next->size() == 10);
  // A repeated key keeps its first position and takes the last value.
  auto repeated = spool::json::read<spool::value>(R"({"a":1,"b":2,"a":{"c":3}})");
  REQUIRE(repeated);
  CHECK(spool::json::write(*repeated) == R"({"a":{"c":3},"b":2})");
}

TEST_CASE("the path names the failing member, with offset, line and column") {
  const std::string text = "{\"statuses\": [\n"
                           "  {\"text\": \"a\", \"user\": {\"id\": 1, \"name\": \"x\"}},\n"
                           "  {\"text\": \"b\", \"user\": {\"id\": -5, \"name\": \"y\"}}\n"
                           "]}";
  const spool::error e = read_error<timeline>(text);
  CHECK(e.code == spool::errc::out_of_range);
  CHECK(e.path == "statuses[1].user.id");
  CHECK(e.offset == text.find("-5"));
  CHECK(e.line == 3);
  CHECK(e.column == 32);
  CHECK(e.source_line == "  {\"text\": \"b\", \"user\": {\"id\": -5, \"name\": \"y\"}}");
  CHECK(e.message().find("statuses[1].user.id") != std::string::npos);
}

TEST_CASE("an error inside a skipped member's value is named by that member's keys") {
  // Unknown keys are skipped, not stored, but an error in what they hold still needs its path: the
  // skipped keys (an escaped one too, decoded again after a nested key took the scratch) lead it.
  const std::string text = R"({"text":"a","extra":{"d\u0065ep":{"k\u0031":[1,2,x]}},"user":{"id":1}})";
  const spool::error e = read_error<status>(text);
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.path == "extra.deep.k1[2]");
  CHECK(e.offset == text.find("x]"));
  const spool::error in_array = read_error<status>(R"({"text":"a","more":[{"q":tru}]})");
  CHECK(in_array.path == "more[0].q");
  CHECK(in_array.offset == 25);
}

TEST_CASE("syntax errors and cut-off documents") {
  CHECK(read_error("[1 2]").code == spool::errc::syntax);
  CHECK(read_error("[1 2]").offset == 3);
  CHECK(read_error("{\"a\" 1}").code == spool::errc::syntax);
  CHECK(read_error("{1:2}").code == spool::errc::syntax);
  CHECK(read_error("[tru]").code == spool::errc::syntax);
  CHECK(read_error("@").code == spool::errc::syntax);
  CHECK(read_error("\"a\tb\"").code == spool::errc::syntax);  // raw control character
  CHECK(read_error("[1,]").code == spool::errc::syntax);
  CHECK(read_error("{\"a\":1,}").code == spool::errc::syntax);
  CHECK(read_error("// c\n1").code == spool::errc::syntax);
  CHECK(read_error("[1,").code == spool::errc::unexpected_end);
  CHECK(read_error("{\"a\":").code == spool::errc::unexpected_end);
  CHECK(read_error("\"abc").code == spool::errc::unexpected_end);
  CHECK(read_error("tr").code == spool::errc::unexpected_end);
  CHECK(read_error("-").code == spool::errc::unexpected_end);
  CHECK(read_error("[").offset == 1);
}

TEST_CASE("numbers outside the grammar are invalid_number") {
  for (const char* text : {"01", "-01", "1.", "1.e5", ".5", "1e", "1e+", "-a", "+1"}) {
    CAPTURE(text);
    const spool::error e = read_error(text);
    CHECK((e.code == spool::errc::invalid_number || e.code == spool::errc::unexpected_end || e.code == spool::errc::syntax));
  }
  CHECK(read_error("01").code == spool::errc::invalid_number);
  CHECK(read_error("[1.x]").code == spool::errc::invalid_number);
  CHECK(read_error("[1ex]").code == spool::errc::invalid_number);
  CHECK(read_error<int>("01").code == spool::errc::invalid_number);
  CHECK(read_error<int>("-x").code == spool::errc::invalid_number);
}

TEST_CASE("escapes: unknown letters, bad hex and lone surrogates are invalid_escape") {
  CHECK(read_error(R"("\x")").code == spool::errc::invalid_escape);
  CHECK(read_error(R"("\u12G4")").code == spool::errc::invalid_escape);
  CHECK(read_error(R"("\uD800")").code == spool::errc::invalid_escape);
  CHECK(read_error(R"("\uD800\u0041")").code == spool::errc::invalid_escape);
  CHECK(read_error(R"("\uDC00")").code == spool::errc::invalid_escape);
  CHECK(read_error(R"("ab\uDC00")").offset == 3);
  CHECK(read_error(R"("\u00")").code == spool::errc::unexpected_end);
  CHECK(spool::json::read<std::string>(R"("\uD83D\uDE00 \u00e9\/")").value() == "\xF0\x9F\x98\x80 \xC3\xA9/");
}

TEST_CASE("invalid UTF-8 is rejected where it is, unless validation is off") {
  const spool::error e = read_error("[\"ok\", \"bad \xC3\x28\"]");
  CHECK(e.code == spool::errc::invalid_utf8);
  CHECK(e.offset == 12);
  CHECK(e.path == "[1]");
  CHECK(read_error("\"\xED\xA0\x80\"").code == spool::errc::invalid_utf8);  // encoded surrogate
  CHECK(read_error("{\"k\xFF\":1}").code == spool::errc::invalid_utf8);
  constexpr spool::json::read_options lax{.validate_utf8 = false};
  CHECK(spool::json::read<std::string, lax>("\"\xFF\"").value() == "\xFF");
}

TEST_CASE("type mismatches name what was expected and found") {
  const spool::error e = read_error<port_config>(R"({"host": 80, "port": 1})");
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.expected == "string");
  CHECK(e.found == "number");
  CHECK(e.path == "host");
  CHECK(read_error<std::vector<int>>("{}").code == spool::errc::unexpected_type);
  CHECK(read_error<bool>("1").code == spool::errc::unexpected_type);
  CHECK(read_error<std::nullptr_t>("0").code == spool::errc::unexpected_type);
}

TEST_CASE("keys: unknown (by option), missing required, duplicate") {
  CHECK(spool::json::read<port_config>(R"({"port": 1, "extra": [1, {"x": null}]})").has_value());
  constexpr spool::json::read_options strict{.error_on_unknown_keys = true};
  const spool::error unknown = read_error<port_config, strict>(R"({"port": 1, "extra": 2})");
  CHECK(unknown.code == spool::errc::unknown_key);
  CHECK(unknown.path == "extra");
  CHECK(unknown.offset == 12);

  const spool::error missing = read_error<port_config>(R"({"host": "h"})");
  CHECK(missing.code == spool::errc::missing_key);
  CHECK(missing.path == "port");
  constexpr spool::json::read_options all{.require_all_fields = true};
  CHECK(read_error<port_config, all>(R"({"port": 1})").path == "host");
  CHECK(spool::json::read<port_config, all>(R"({"port": 1, "host": ""})").has_value());  // backlog is optional

  const spool::error dup = read_error<port_config>(R"({"port": 1, "port": 2})");
  CHECK(dup.code == spool::errc::duplicate_key);
  CHECK(dup.path == "port");
  CHECK(dup.offset == 12);
}

TEST_CASE("depth: a nesting bomb is depth_exceeded, not a stack overflow") {
  const std::string bomb(1000000, '[');
  CHECK(read_error(bomb).code == spool::errc::depth_exceeded);
  CHECK(read_error<spool::json::raw_json>(bomb).code == spool::errc::depth_exceeded);
  CHECK(read_error<std::vector<spool::value>>(bomb).code == spool::errc::depth_exceeded);
  std::string deep_objects;
  for (int i = 0; i < 300; ++i) deep_objects += "{\"a\":";
  CHECK(read_error(deep_objects).code == spool::errc::depth_exceeded);
  const std::string ok = std::string(256, '[') + std::string(256, ']');
  CHECK(spool::json::read<spool::value>(ok).has_value());
  CHECK(read_error(std::string(257, '[') + std::string(257, ']')).code == spool::errc::depth_exceeded);
  constexpr spool::json::read_options shallow{.max_depth = 2};
  CHECK(read_error<spool::value, shallow>("[[[]]]").code == spool::errc::depth_exceeded);
  CHECK(spool::json::read<spool::value, shallow>("[[]]").has_value());
}

TEST_CASE("size limits: input, string length, container size") {
  constexpr spool::json::read_options small{.max_input_size = 8, .max_string_length = 3, .max_container_size = 2};
  CHECK(read_error<spool::value, small>("[1,2,3,4,5]").code == spool::errc::size_exceeded);
  CHECK(read_error<spool::value, small>(R"("abcd")").code == spool::errc::size_exceeded);
  CHECK(spool::json::read<spool::value, small>(R"("abc")").has_value());
  CHECK(read_error<std::vector<int>, small>("[1,2,3]").code == spool::errc::size_exceeded);
  CHECK(read_error<spool::value, small>(R"({"a":1,"b":2,"c":3})").code == spool::errc::size_exceeded);
  CHECK(spool::json::read<std::vector<int>, small>("[1,2]").has_value());
}

TEST_CASE("whole bodies: whitespace only is empty_input, anything after the value trailing_data") {
  CHECK(read_error("").code == spool::errc::empty_input);
  CHECK(read_error(" \n\t\r ").code == spool::errc::empty_input);
  constexpr spool::json::read_options comments{.comments = true};
  CHECK(read_error<spool::value, comments>(" /* nothing */ // here\n").code == spool::errc::empty_input);
  const spool::error trailing = read_error("{} x");
  CHECK(trailing.code == spool::errc::trailing_data);
  CHECK(trailing.offset == 3);
  CHECK(read_error("1 2").code == spool::errc::trailing_data);
  CHECK(read_error("\xEF\xBB\xBF{}").code == spool::errc::syntax);  // a byte order mark is not whitespace
}

TEST_CASE("date-time text that is not RFC 3339 is invalid_datetime") {
  CHECK(read_error<std::chrono::sys_seconds>(R"("yesterday")").code == spool::errc::invalid_datetime);
}

TEST_CASE("read_file and streams report I/O errors and name the file") {
  auto missing = spool::json::read_file<spool::value>("/nonexistent/spool/file.json");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().code == spool::errc::io);
  std::istringstream in("[1, 2,");
  auto partial = spool::json::read<std::vector<int>>(in);
  REQUIRE_FALSE(partial);
  CHECK(partial.error().code == spool::errc::unexpected_end);
}

TEST_CASE("writer errors: NaN and infinity, invalid UTF-8, MessagePack extensions") {
  std::string out = "keep";
  spool::error e = spool::json::write(std::vector<double>{1.0, std::nan("")}, out);
  CHECK(e.code == spool::errc::out_of_range);
  CHECK(e.path == "[1]");
  CHECK(out == "keep");
  CHECK(spool::json::write<spool::json::write_options{.nan_inf_as_null = true}>(std::vector<double>{std::numeric_limits<double>::infinity()}) == "[null]");
  std::map<std::string, std::string> bad{{"k", "\xC0\xAF"}};
  e = spool::json::write(bad, out);
  CHECK(e.code == spool::errc::invalid_utf8);
  CHECK(e.path == "k");
  CHECK_THROWS_AS(spool::json::write(std::nan("")), spool::exception);
  CHECK(spool::json::write(spool::value{spool::ext{1, {}}}, out).code == spool::errc::unsupported);
}

TEST_CASE("every truncation and many byte flips of a document fail cleanly") {
  const std::string doc =
      R"({"statuses": [{"text": "caf\u00e9 \ud83d\ude00 \"q\"", "user": {"id": 12, "name": "n\u00e9"}}, )"
      R"({"text": "b", "user": {"id": 4294967295, "name": "y"}}], "extra": [1.5e3, -0, true, null, {"k": []}]})";
  REQUIRE(spool::json::read<timeline>(doc).has_value());
  REQUIRE(spool::json::read<spool::value>(doc).has_value());
  for (std::size_t n = 0; n < doc.size(); ++n) {
    CAPTURE(n);
    const std::string_view prefix(doc.data(), n);
    auto as_struct = spool::json::read<timeline>(prefix);
    REQUIRE_FALSE(as_struct.has_value());
    CHECK(as_struct.error().offset <= n);
    CHECK_FALSE(spool::json::read<spool::value>(prefix).has_value());
  }
  // Flipped bytes may still form valid JSON; what matters is a clean answer either way.
  std::uint32_t state = 12345;
  for (int round = 0; round < 2000; ++round) {
    std::string mutated = doc;
    for (int flips = 0; flips < 3; ++flips) {
      state = state * 1103515245u + 12345u;
      mutated[(state >> 8) % mutated.size()] = static_cast<char>(state >> 24);
    }
    auto v = spool::json::read<spool::value>(mutated);
    auto t = spool::json::read<timeline>(mutated);
    if (!v) CHECK(v.error().offset <= mutated.size());
    if (!t) CHECK(t.error().offset <= mutated.size());
  }
}
