// Hostile TOML: every prefix of the shared corpora, every single-byte corruption of small
// documents, nesting bombs in arrays, inline tables, dotted keys and headers, numbers that
// overflow or need all of their 10,000 digits, runs of backslashes, broken UTF-8 wherever text
// may stand, NUL bytes, byte order marks, and every limit at its boundary. Whatever the input, a
// read ends with a value or a clean error, never a crash.
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
#include <spool/toml.hpp>
#include <support/hostile_input.hpp>
#include <support/shared_data.hpp>

namespace {

using spool::errc;

template <class T = spool::value, spool::toml::read_options O = spool::toml::read_options{}>
spool::error read_error(std::string_view input) {
  T out{};
  return spool::toml::read<O>(input, out);
}

// The float `a` of the document "a = <text>".
double read_double(std::string_view text) {
  const spool::result<spool::value> v = spool::toml::read<spool::value>("a = " + std::string(text));
  REQUIRE_MESSAGE(v.has_value(), v.error().message());
  return (*v)["a"].as_double().value();
}

struct toml_format {
  static constexpr std::string_view name = "TOML";
  static constexpr bool text = true;
  static constexpr bool cut_is_unexpected_end = false;  // a cut at a line's end leaves a document
  template <class T>
  static spool::error read(std::string_view input, T& out) {
    return spool::toml::read(input, out);
  }
  static spool::error write(const spool::value& v, std::string& out) { return spool::toml::write(v, out); }
};
using checks = spool_test::format_checks<toml_format>;
using spool_test::repeated;

}  // namespace

TEST_CASE("every prefix of every shared TOML file ends in a value or a clean error") {
  const std::size_t reads = checks::read_prefixes_of_files("bench/toml", {".toml"}) +
                            checks::read_prefixes_of_files("conformance/toml-test/tests", {".toml"});
  MESSAGE(reads << " prefixes read");
}

TEST_CASE("every single-byte corruption of a small document ends in a value or a clean error") {
  constexpr std::string_view typed_doc =
      "name = \"\\u00e9\xE2\x98\x95\"\ncounts = [0x10]\nchoice = [inf]\n[points.a]\nx = 1.5\n[[children]]\nlabel = 'c'\n";
  constexpr std::string_view value_doc = "t = 1979-05-27T07:32:00.999-07:00\n\"k\\n\" = { a = [1, 2.5e-3], b.c = nan }\n";
  REQUIRE(spool::toml::read<spool_fuzz::document>(typed_doc).has_value());
  REQUIRE(spool::toml::read<spool::value>(value_doc).has_value());
  CHECK(checks::read_corruptions({typed_doc, value_doc}) > 0);
}

TEST_CASE("nesting bombs are depth_exceeded: arrays, inline tables, dotted keys, headers") {
  CHECK(read_error("a=" + std::string(1'000'000, '[')).code == errc::depth_exceeded);
  CHECK(read_error("a=" + repeated("{b=", 1'000'000)).code == errc::depth_exceeded);
  CHECK(read_error("a=" + repeated("[{b=", 1'000'000)).code == errc::depth_exceeded);
  CHECK(read_error(repeated("a.", 1'000'000) + "a=1").code == errc::depth_exceeded);
  CHECK(read_error("[" + repeated("a.", 1'000'000) + "a]").code == errc::depth_exceeded);
  CHECK(read_error("[[" + repeated("a.", 1'000'000) + "a]]").code == errc::depth_exceeded);
  // Into a struct, through a member no field names and through a map.
  CHECK(read_error<spool_fuzz::document>("unknown=" + std::string(1'000'000, '[')).code == errc::depth_exceeded);
  CHECK(read_error<spool_fuzz::document>("[" + repeated("a.", 1'000'000) + "a]").code == errc::depth_exceeded);
  CHECK(read_error<std::map<std::string, spool::value>>("a=" + std::string(1'000'000, '[')).code ==
        errc::depth_exceeded);
}

TEST_CASE("huge exponents overflow cleanly and underflow to a signed zero") {
  CHECK(read_error("a=1e99999999999999999999").code == errc::out_of_range);
  CHECK(read_error("a=-1e400").code == errc::out_of_range);
  CHECK(std::bit_cast<std::uint64_t>(read_double("1e-99999999999999999999")) == 0);
  CHECK(std::bit_cast<std::uint64_t>(read_double("-1e-400")) == std::bit_cast<std::uint64_t>(-0.0));
  CHECK(read_double("0e99999999999999999999") == 0.0);
  CHECK(read_double("1" + std::string(400, '0') + "e-400") == 1.0);
}

TEST_CASE("10,000-digit numbers: integers overflow, decimals round correctly on the last digit") {
  CHECK(read_error("a=" + std::string(10'000, '9')).code == errc::out_of_range);
  CHECK(read_error("a=1" + repeated("_000", 10'000)).code == errc::out_of_range);
  CHECK(read_error<std::map<std::string, std::int64_t>>("a=-" + std::string(10'000, '9')).code == errc::out_of_range);
  const std::string half = spool_test::half_of_smallest_subnormal();
  const double smallest = std::numeric_limits<double>::denorm_min();
  CHECK(read_double(half) == 0.0);
  CHECK(read_double(half + std::string(10'000 - half.size(), '0')) == 0.0);
  CHECK(read_double(half + std::string(10'000 - half.size(), '0') + "1") == smallest);
  const std::string thirds = "0." + std::string(10'000, '3');
  CHECK(read_double(thirds) == std::strtod(thirds.c_str(), nullptr));
}

TEST_CASE("long runs of backslashes in every kind of string") {
  const std::string run(100'000, '\\');
  const spool::result<spool::value> basic = spool::toml::read<spool::value>("a = \"" + run + "\"");
  REQUIRE(basic.has_value());
  CHECK((*basic)["a"].as_string().value() == std::string(50'000, '\\'));
  CHECK(read_error("a = \"" + run + "\\\"").code == errc::unexpected_end);  // the last quote is escaped
  const spool::result<spool::value> literal = spool::toml::read<spool::value>("a = '" + run + "'");
  REQUIRE(literal.has_value());
  CHECK((*literal)["a"].as_string().value() == run);
  const spool::result<spool::value> multi = spool::toml::read<spool::value>("a = \"\"\"" + run + "\"\"\"");
  REQUIRE(multi.has_value());
  CHECK((*multi)["a"].as_string().value() == std::string(50'000, '\\'));
  const spool::result<spool::value> key = spool::toml::read<spool::value>("\"" + run + "\" = 1");
  REQUIRE(key.has_value());
  CHECK(key->contains(std::string(50'000, '\\')));
  CHECK(read_error("a = \"" + std::string(99'999, '\\') + "q\"").code == errc::invalid_escape);
}

TEST_CASE("invalid and overlong UTF-8 is invalid_utf8 at its first byte, wherever text may stand") {
  const std::string_view bad[] = {
      "\xC0\x80",         "\xC1\xBF",         "\xE0\x80\x80", "\xE0\x9F\xBF", "\xF0\x80\x80\x80",
      "\xF0\x8F\xBF\xBF", "\xED\xA0\x80",     "\xED\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80",
      "\xFF",             "\x80",             "\xC3",         "\xE2\x82",     "\xF0\x9F\x98",
  };
  for (const std::string_view seq : bad) {
    CAPTURE(seq);
    const std::string s(seq);
    // Each document puts the sequence at offset 6.
    for (const std::string& doc : {"a = \"x" + s + "\"", "a = 'x" + s + "'", "a='''x" + s + "'''",
                                   "a=\"\"\"x" + s + "\"\"\"", "\"xyzab" + s + "\" = 1", "a=1 #x" + s}) {
      CAPTURE(doc);
      const spool::error e = read_error(doc);
      CHECK(e.code == errc::invalid_utf8);
      CHECK(e.offset == 6);
    }
  }
  for (const std::string_view seq : {"\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80",
                                     "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF"}) {
    CAPTURE(seq);
    const spool::result<spool::value> v = spool::toml::read<spool::value>("a = '" + std::string(seq) + "' # " +
                                                                          std::string(seq));
    REQUIRE(v.has_value());
    CHECK((*v)["a"].as_string().value() == seq);
  }
}

TEST_CASE("NUL bytes: escaped they are data, raw they are errors") {
  const spool::result<spool::value> v = spool::toml::read<spool::value>("\"a\\u0000b\" = \"x\\u0000\"\na = 1\n");
  REQUIRE(v.has_value());
  CHECK(v->size() == 2);
  const spool::value* nul_key = v->find(std::string_view("a\0b", 3));
  REQUIRE(nul_key != nullptr);
  CHECK(nul_key->as_string().value() == std::string_view("x\0", 2));
  checks::round_trip(*v);
  // A key with a NUL in it is not the field whose name is its first part.
  constexpr spool::toml::read_options strict{.error_on_unknown_keys = true};
  CHECK(read_error<spool_fuzz::document, strict>("\"name\\u0000x\" = 'a'").code == errc::unknown_key);
  using namespace std::string_view_literals;
  for (const std::string_view doc : {"a = \"x\0\""sv, "a = 'x\0'"sv, "a = 1 #\0\n"sv, "a\0 = 1"sv, "\0a = 1"sv,
                                     "a = '''\0'''"sv, "[a\0]"sv}) {
    CAPTURE(doc);
    const spool::error e = read_error(doc);
    CHECK(e.code == errc::syntax);
    CHECK(e.offset == doc.find('\0'));
  }
}

TEST_CASE("a byte order mark opens a document; anywhere else it is a syntax error or text") {
  const spool::result<spool::value> v = spool::toml::read<spool::value>("\xEF\xBB\xBF" "a = 1");
  REQUIRE(v.has_value());
  CHECK((*v)["a"].as_int64().value() == 1);
  CHECK(read_error("a = 1\n\xEF\xBB\xBF" "b = 1").code == errc::syntax);
  CHECK(read_error("\xEF\xBB\xBF\xEF\xBB\xBF" "a = 1").code == errc::syntax);
  const spool::result<spool::value> inside = spool::toml::read<spool::value>("a = '\xEF\xBB\xBF'");
  REQUIRE(inside.has_value());
  CHECK((*inside)["a"].as_string().value() == "\xEF\xBB\xBF");
}

TEST_CASE("every limit holds at its boundary, for spool::value and typed targets") {
  SUBCASE("depth, the root table being 1") {
    constexpr spool::toml::read_options o{.max_depth = 3};
    CHECK_FALSE(read_error<spool::value, o>("a = [[1]]"));
    CHECK(read_error<spool::value, o>("a = [[[1]]]").code == errc::depth_exceeded);
    CHECK_FALSE(read_error<spool::value, o>("[a.b]\nx = 1"));
    CHECK(read_error<spool::value, o>("[a.b.c]\nx = 1").code == errc::depth_exceeded);
    CHECK_FALSE(read_error<spool::value, o>("a = {b = {c = 1}}"));
    CHECK(read_error<spool::value, o>("a = {b = {c = {}}}").code == errc::depth_exceeded);
    CHECK(read_error<spool::value, o>("a.b.c.d = 1").code == errc::depth_exceeded);
    CHECK_FALSE(read_error<spool_fuzz::document, o>("[points.a]\nx = 1"));
    CHECK(read_error<spool_fuzz::document, o>("[points.a.b]").code == errc::depth_exceeded);
  }
  SUBCASE("input size") {
    constexpr spool::toml::read_options o{.max_input_size = 5};
    CHECK_FALSE(read_error<spool::value, o>("a=123"));
    CHECK(read_error<spool::value, o>("a=1234").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>("id=1234").code == errc::size_exceeded);
  }
  SUBCASE("string length, counted in decoded bytes") {
    constexpr spool::toml::read_options o{.max_string_length = 4};
    CHECK_FALSE(read_error<spool::value, o>("a = \"\\u00e9\\u00e9\""));
    CHECK(read_error<spool::value, o>("a = 'abcde'").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>("a = \"\"\"abcde\"\"\"").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>("name = 'abcde'").code == errc::size_exceeded);
  }
  SUBCASE("container size: arrays, tables, inline tables, arrays of tables") {
    constexpr spool::toml::read_options o{.max_container_size = 3};
    CHECK_FALSE(read_error<spool::value, o>("a = [1, 2, 3]"));
    CHECK(read_error<spool::value, o>("a = [1, 2, 3, 4]").code == errc::size_exceeded);
    CHECK_FALSE(read_error<spool::value, o>("a = 1\nb = 2\nc = 3"));
    CHECK(read_error<spool::value, o>("a = 1\nb = 2\nc = 3\nd = 4").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>("t = {a = 1, b = 2, c = 3, d = 4}").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>("[[t]]\n[[t]]\n[[t]]\n[[t]]\n").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>("counts = [1, 2, 3, 4]").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>("[[children]]\n[[children]]\n[[children]]\n[[children]]\n").code ==
          errc::size_exceeded);
  }
}
