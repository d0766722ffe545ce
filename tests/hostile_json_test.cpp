// Hostile JSON: every prefix of the shared corpora, every single-byte corruption of small
// documents, nesting bombs, numbers that overflow or need all of their 10,000 digits, runs of
// backslashes, broken UTF-8, NUL bytes, byte order marks, and every limit at its boundary.
// Whatever the input, a read ends with a value or a clean error, never a crash.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <fuzz/fuzz_document.hpp>
#include <spool/json.hpp>
#include <support/hostile_input.hpp>
#include <support/shared_data.hpp>

namespace {

using spool::errc;

template <class T = spool::value, spool::json::read_options O = spool::json::read_options{}>
spool::error read_error(std::string_view input) {
  T out{};
  return spool::json::read<O>(input, out);
}

double read_double(std::string_view input) {
  const spool::result<double> d = spool::json::read<double>(input);
  REQUIRE_MESSAGE(d.has_value(), d.error().message());
  return *d;
}

struct json_format {
  static constexpr std::string_view name = "JSON";
  static constexpr bool text = true;
  static constexpr bool cut_is_unexpected_end = false;  // "12" is a whole number, "[1" is not
  template <class T>
  static spool::error read(std::string_view input, T& out) {
    return spool::json::read(input, out);
  }
  static spool::error write(const spool::value& v, std::string& out) { return spool::json::write(v, out); }
};
using checks = spool_test::format_checks<json_format>;

}  // namespace

TEST_CASE("every prefix of every shared JSON file ends in a value or a clean error") {
  const std::size_t reads = checks::read_prefixes_of_files("bench/json", {".json"}) +
                            checks::read_prefixes_of_files("conformance/JSONTestSuite/test_parsing", {".json"});
  MESSAGE(reads << " prefixes read");
}

TEST_CASE("every single-byte corruption of a small document ends in a value or a clean error") {
  constexpr std::string_view typed_doc =
      R"({"name":"\u00e9☕","id":-9,"note":null,"counts":[1],"points":{"a":{"x":1.5}},)"
      R"("choice":[1e300],"color":"green","owner":{"enabled":false},"children":[{"label":"c"}]})";
  constexpr std::string_view value_doc =
      R"([{"\ud83d\ude00":"\"\\\/\b\t"},-0.0,5e-324,18446744073709551615,true,null,[],{}])";
  REQUIRE(spool::json::read<spool_fuzz::document>(typed_doc).has_value());
  REQUIRE(spool::json::read<spool::value>(value_doc).has_value());
  CHECK(checks::read_corruptions({typed_doc, value_doc}) > 0);  // some (a digit for a digit) stay valid
}

TEST_CASE("nesting bombs are depth_exceeded, also where the bomb is only skipped") {
  const std::string arrays(1'000'000, '[');
  CHECK(read_error(arrays).code == errc::depth_exceeded);
  CHECK(read_error<std::vector<spool::value>>(arrays).code == errc::depth_exceeded);
  std::string objects;
  while (objects.size() < 1'000'000) objects += R"({"":)";
  CHECK(read_error(objects).code == errc::depth_exceeded);
  CHECK(read_error<std::map<std::string, spool::value>>(objects).code == errc::depth_exceeded);
  std::string mixed;
  while (mixed.size() < 1'000'000) mixed += R"([{"a":)";
  CHECK(read_error(mixed).code == errc::depth_exceeded);
  // A member no field names is skipped, but the skip is bounded the same way.
  CHECK(read_error<spool_fuzz::document>(R"({"unknown":)" + arrays).code == errc::depth_exceeded);
  CHECK(read_error<spool_fuzz::document>(R"({"unknown":)" + objects).code == errc::depth_exceeded);
  // Closed bombs just past the limit fail the same way; at the limit they are fine.
  CHECK(read_error(std::string(257, '[') + std::string(257, ']')).code == errc::depth_exceeded);
  CHECK_FALSE(read_error(std::string(256, '[') + std::string(256, ']')));
}

TEST_CASE("huge exponents overflow cleanly and underflow to a signed zero") {
  CHECK(read_error("1e99999999999999999999").code == errc::out_of_range);
  CHECK(read_error("-1e400").code == errc::out_of_range);
  CHECK(read_error<double>("1e309").code == errc::out_of_range);
  CHECK(read_error<float>("1e39").code == errc::out_of_range);
  CHECK(std::bit_cast<std::uint64_t>(read_double("1e-99999999999999999999")) == 0);
  CHECK(std::bit_cast<std::uint64_t>(read_double("-1e-400")) == std::bit_cast<std::uint64_t>(-0.0));
  // A zero stays zero whatever its exponent, and digits can pay for an exponent.
  CHECK(read_double("0e99999999999999999999") == 0.0);
  CHECK(read_double("1" + std::string(400, '0') + "e-400") == 1.0);
  CHECK(read_double("0." + std::string(400, '0') + "1e401") == 1.0);
}

TEST_CASE("10,000-digit numbers: integers overflow, decimals round correctly on the last digit") {
  CHECK(read_error(std::string(10'000, '9')).code == errc::out_of_range);
  CHECK(read_error<std::int64_t>(std::string(10'000, '9')).code == errc::out_of_range);
  CHECK(read_error<std::uint64_t>("-" + std::string(10'000, '9')).code == errc::out_of_range);
  const std::string half = spool_test::half_of_smallest_subnormal();
  const double smallest = std::numeric_limits<double>::denorm_min();
  CHECK(read_double(half) == 0.0);  // a tie, to the even neighbour
  CHECK(read_double(half + std::string(10'000 - half.size(), '0')) == 0.0);
  CHECK(read_double(half + std::string(10'000 - half.size(), '0') + "1") == smallest);
  CHECK(read_double(half + "1") == smallest);
  const std::string thirds = "0." + std::string(10'000, '3');
  CHECK(read_double(thirds) == std::strtod(thirds.c_str(), nullptr));
  const std::string long_one = "1." + std::string(10'000, '0') + "1";
  CHECK(read_double(long_one) == 1.0);
}

TEST_CASE("long runs of backslashes") {
  const std::string even = "\"" + std::string(100'000, '\\') + "\"";
  const spool::result<std::string> s = spool::json::read<std::string>(even);
  REQUIRE(s.has_value());
  CHECK(*s == std::string(50'000, '\\'));
  CHECK(read_error("\"" + std::string(100'001, '\\') + "\"").code == errc::unexpected_end);
  const spool::result<spool::value> key = spool::json::read<spool::value>("{" + even + ":1}");
  REQUIRE(key.has_value());
  CHECK(key->contains(std::string(50'000, '\\')));
  CHECK(read_error("\"" + std::string(99'999, '\\') + "x\"").code == errc::invalid_escape);
}

TEST_CASE("invalid and overlong UTF-8 is invalid_utf8 at its first byte, in strings and keys") {
  const std::string_view bad[] = {
      "\xC0\x80",          // overlong NUL
      "\xC1\xBF",          // overlong two-byte
      "\xE0\x80\x80",      // overlong three-byte
      "\xE0\x9F\xBF",      // overlong three-byte, highest
      "\xF0\x80\x80\x80",  // overlong four-byte
      "\xF0\x8F\xBF\xBF",  // overlong four-byte, highest
      "\xED\xA0\x80",      // UTF-16 surrogate
      "\xED\xBF\xBF",      // surrogate, highest
      "\xF4\x90\x80\x80",  // above U+10FFFF
      "\xF5\x80\x80\x80",  // lead byte that never occurs
      "\xFF",              // never occurs
      "\x80",              // continuation without a lead
      "\xC3",              // cut short by the closing quote
      "\xE2\x82",          // cut short
      "\xF0\x9F\x98",      // cut short
  };
  for (const std::string_view seq : bad) {
    CAPTURE(seq);
    const spool::error in_string = read_error("[\"ab" + std::string(seq) + "\"]");
    CHECK(in_string.code == errc::invalid_utf8);
    CHECK(in_string.offset == 4);
    const spool::error in_key = read_error<std::map<std::string, int>>("{\"" + std::string(seq) + "\":1}");
    CHECK(in_key.code == errc::invalid_utf8);
    CHECK(in_key.offset == 2);
    CHECK(read_error<std::string>("\"" + std::string(seq) + "\"").code == errc::invalid_utf8);
    // Validation off: the bytes are kept as they are.
    constexpr spool::json::read_options raw{.validate_utf8 = false};
    const spool::result<std::string> kept = spool::json::read<std::string, raw>("\"" + std::string(seq) + "\"");
    REQUIRE(kept.has_value());
    CHECK(*kept == seq);
  }
  // The boundaries of every sequence length are valid.
  for (const std::string_view seq : {"\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80",
                                     "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF"}) {
    CAPTURE(seq);
    const spool::result<std::string> s = spool::json::read<std::string>("\"" + std::string(seq) + "\"");
    REQUIRE(s.has_value());
    CHECK(*s == seq);
  }
}

TEST_CASE("NUL bytes: escaped they are data, raw they are errors") {
  const spool::result<spool::value> v = spool::json::read<spool::value>(R"({"a\u0000b":"x\u0000","a":1})");
  REQUIRE(v.has_value());
  CHECK(v->size() == 2);
  const spool::value* nul_key = v->find(std::string_view("a\0b", 3));
  REQUIRE(nul_key != nullptr);
  CHECK(nul_key->as_string().value() == std::string_view("x\0", 2));
  CHECK((*v)["a"].as_int64().value() == 1);
  checks::round_trip(*v);
  const spool::result<std::map<std::string, std::string>> m =
      spool::json::read<std::map<std::string, std::string>>(R"({"\u0000":"\u0000\u0000"})");
  REQUIRE(m.has_value());
  CHECK(m->at(std::string(1, '\0')) == std::string(2, '\0'));
  using namespace std::string_view_literals;
  CHECK(read_error("[\"a\0b\"]"sv).code == errc::syntax);
  CHECK(read_error("{\"a\0\":1}"sv).code == errc::syntax);
  CHECK(read_error("[1]\0"sv).code == errc::trailing_data);
  CHECK(read_error("\0[1]"sv).code == errc::syntax);
  CHECK(read_error("[1,\0 2]"sv).code == errc::syntax);
}

TEST_CASE("a byte order mark is not JSON (RFC 8259 lets a reader refuse it); inside a string it is U+FEFF") {
  const spool::error bom = read_error("\xEF\xBB\xBF{}");
  CHECK(bom.code == errc::syntax);
  CHECK(bom.offset == 0);
  CHECK(read_error("[\xEF\xBB\xBF]").code == errc::syntax);
  const spool::result<std::string> inside = spool::json::read<std::string>("\"\xEF\xBB\xBF\"");
  REQUIRE(inside.has_value());
  CHECK(*inside == "\xEF\xBB\xBF");
}

TEST_CASE("every limit holds at its boundary, for spool::value and typed targets") {
  SUBCASE("depth") {
    constexpr spool::json::read_options o{.max_depth = 3};
    CHECK_FALSE(read_error<spool::value, o>("[[[1]]]"));
    CHECK(read_error<spool::value, o>("[[[[1]]]]").code == errc::depth_exceeded);
    CHECK(read_error<spool::value, o>(R"({"a":{"b":{"c":{}}}})").code == errc::depth_exceeded);
    CHECK_FALSE(read_error<std::vector<std::vector<std::vector<int>>>, o>("[[[1]]]"));
    CHECK(read_error<std::vector<std::vector<std::vector<std::vector<int>>>>, o>("[[[[1]]]]").code ==
          errc::depth_exceeded);
    CHECK(read_error<spool_fuzz::document, o>(R"({"x":[[[1]]]})").code == errc::depth_exceeded);
  }
  SUBCASE("input size") {
    constexpr spool::json::read_options o{.max_input_size = 7};
    CHECK_FALSE(read_error<spool::value, o>("[1,2,3]"));
    CHECK(read_error<spool::value, o>("[1,2,3] ").code == errc::size_exceeded);
    CHECK(read_error<std::vector<int>, o>("[1,2,34]").code == errc::size_exceeded);
  }
  SUBCASE("string length, counted in decoded bytes, keys too") {
    constexpr spool::json::read_options o{.max_string_length = 4};
    CHECK_FALSE(read_error<spool::value, o>(R"(["\u00e9\u00e9"])"));  // 12 bytes of text, 4 decoded
    CHECK(read_error<spool::value, o>(R"(["abcde"])").code == errc::size_exceeded);
    CHECK(read_error<std::string, o>(R"("\u00e9\u00e9a")").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>(R"({"abcde":1})").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>(R"({"name":"abcde"})").code == errc::size_exceeded);
  }
  SUBCASE("container size, arrays and objects") {
    constexpr spool::json::read_options o{.max_container_size = 3};
    CHECK_FALSE(read_error<spool::value, o>("[1,2,3]"));
    CHECK(read_error<spool::value, o>("[1,2,3,4]").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>(R"({"a":1,"b":2,"c":3,"d":4})").code == errc::size_exceeded);
    CHECK(read_error<std::vector<int>, o>("[1,2,3,4]").code == errc::size_exceeded);
    CHECK(read_error<std::map<std::string, int>, o>(R"({"a":1,"b":2,"c":3,"d":4})").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>(R"({"counts":[1,2,3,4]})").code == errc::size_exceeded);
  }
}
