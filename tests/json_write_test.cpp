// The JSON writer: compact and pretty layout, string escaping, output targets and options.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spool/json.hpp>
#include <spool/value.hpp>

namespace json_write_test {

struct item {
  std::string name;
  std::vector<int> counts;
  std::optional<double> price;
  std::map<std::string, bool> flags;
};

struct holder {
  std::unique_ptr<int> p;
  std::optional<int> o;
};

struct odd_names {
  int plain = 1;
  int quoted = 2;
};

}  // namespace json_write_test

using namespace json_write_test;

template <>
struct spool::meta<odd_names> {
  static constexpr auto fields = spool::field_options(spool::rename("quoted", "say \"hi\""));
};

TEST_CASE("compact output has no whitespace at all") {
  const item i{"n", {1, 2}, 2.5, {{"a", true}}};
  CHECK(spool::json::write(i) == R"({"name":"n","counts":[1,2],"price":2.5,"flags":{"a":true}})");
}

TEST_CASE("pretty output indents by the option and keeps empty containers on one line") {
  const item i{"n", {1, 2}, std::nullopt, {}};
  CHECK(spool::json::write<spool::json::write_options{.pretty = true}>(i) ==
        "{\n"
        "  \"name\": \"n\",\n"
        "  \"counts\": [\n"
        "    1,\n"
        "    2\n"
        "  ],\n"
        "  \"price\": null,\n"
        "  \"flags\": {}\n"
        "}");
  CHECK(spool::json::write<spool::json::write_options{.pretty = true, .indent_width = 4}>(std::vector<std::vector<int>>{{}, {7}}) ==
        "[\n    [],\n    [\n        7\n    ]\n]");
  CHECK(spool::json::write<spool::json::write_options{.pretty = true}>(std::vector<int>{}) == "[]");
}

TEST_CASE("skip_null_members leaves out empty optionals and pointers") {
  const item i{"n", {}, std::nullopt, {}};
  CHECK(spool::json::write<spool::json::write_options{.skip_null_members = true}>(i) == R"({"name":"n","counts":[],"flags":{}})");
  CHECK(spool::json::write<spool::json::write_options{.skip_null_members = true}>(holder{}) == "{}");
}

TEST_CASE("strings: short escapes, \\u00XX for other controls, UTF-8 kept or escaped") {
  CHECK(spool::json::write(std::string("\"\\/\b\f\n\r\t")) == R"("\"\\/\b\f\n\r\t")");
  CHECK(spool::json::write(std::string("\x00\x1f\x7f", 3)) == "\"\\u0000\\u001f\x7f\"");
  CHECK(spool::json::write(std::string("caf\xC3\xA9 \xF0\x9F\x98\x80")) == "\"caf\xC3\xA9 \xF0\x9F\x98\x80\"");
  constexpr spool::json::write_options ascii{.escape_unicode = true};
  CHECK(spool::json::write<ascii>(std::string("caf\xC3\xA9 \xF0\x9F\x98\x80")) == R"("caf\u00e9 \ud83d\ude00")");
  CHECK(spool::json::read<std::string>(spool::json::write<ascii>(std::string("\xE2\x82\xAC"))).value() == "\xE2\x82\xAC");
  // Long strings cross the writer's internal blocks; escapes on both sides of a boundary survive.
  std::string long_text;
  for (int i = 0; i < 3000; ++i) long_text += i % 7 == 0 ? "\"\xC3\xA9\n" : "abc";
  const std::string written = spool::json::write(long_text);
  CHECK(spool::json::read<std::string>(written).value() == long_text);
  CHECK(spool::json::read<std::string>(spool::json::write<ascii>(long_text)).value() == long_text);
  constexpr spool::json::write_options unchecked{.validate_utf8 = false};
  CHECK(spool::json::write<unchecked>(std::string("\xFF")) == "\"\xFF\"");
}

TEST_CASE("field names needing escapes are escaped") {
  CHECK(spool::json::write(odd_names{}) == R"({"plain":1,"say \"hi\"":2})");
  CHECK(spool::json::read<odd_names>(R"({"plain":3,"say \"hi\"":4})").value().quoted == 4);
}

TEST_CASE("doubles: shortest round trip, negative zero kept, NaN and Inf by option") {
  CHECK(spool::json::write(std::vector<double>{0.1, -0.0, 1e21, 1.5e-7, 123456789.0}) == "[0.1,-0.0,1e+21,1.5e-07,123456789.0]");
  constexpr spool::json::write_options nulls{.nan_inf_as_null = true};
  CHECK(spool::json::write<nulls>(std::vector<double>{std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::infinity()}) == "[null,null]");
  CHECK(spool::json::write<nulls>(std::numeric_limits<float>::infinity()) == "null");
}

TEST_CASE("write appends to std::string, std::vector<char> and spool::byte_buffer") {
  std::string s = "prefix:";
  CHECK_FALSE(spool::json::write(std::vector<int>{1}, s));
  CHECK(s == "prefix:[1]");
  std::vector<char> v{'>'};
  CHECK_FALSE(spool::json::write(true, v));
  CHECK(std::string(v.begin(), v.end()) == ">true");
  spool::byte_buffer b;
  b.append("x=");
  CHECK_FALSE(spool::json::write(std::map<int, int>{{1, 2}}, b));
  CHECK(b.view() == R"(x={"1":2})");
  // On error the target is left as it was.
  CHECK(spool::json::write(std::numeric_limits<double>::quiet_NaN(), b));
  CHECK(b.view() == R"(x={"1":2})");
}

TEST_CASE("the returned string is exactly sized") {
  std::vector<std::string> many(1000, "some text to make the output long");
  const std::string out = spool::json::write(many);
  CHECK(out.size() == 1000 * 36 + 1);
  CHECK(out.capacity() == out.size());
}

namespace {

// The escaping rules spelled out byte by byte: the reference the fast paths are checked against.
std::string reference_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20) {
          constexpr char hex[] = "0123456789abcdef";
          out += "\\u00";
          out += hex[u >> 4];
          out += hex[u & 0xF];
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace

TEST_CASE("strings: every length and position of an escape, UTF-8 runs, invalid bytes located") {
  // Plain strings of every length around the 16-byte scan steps, with one byte that needs an
  // escape (or a two-byte UTF-8 sequence) at every position.
  for (std::size_t length = 0; length <= 40; ++length) {
    const std::string plain(length, 'x');
    CHECK(spool::json::write(plain) == reference_string(plain));
    for (std::size_t at = 0; at < length; ++at) {
      for (const char special : {'"', '\\', '\n', '\x01', '\x1f'}) {
        std::string s = plain;
        s[at] = special;
        CHECK(spool::json::write(s) == reference_string(s));
      }
      std::string utf8 = plain;
      utf8.replace(at, 1, "\xC3\xA9");
      CHECK(spool::json::write(utf8) == reference_string(utf8));
    }
  }
  // Runs of three-byte sequences (kana) straddling the 4096-byte blocks, in both option sets.
  std::string kana;
  for (int i = 0; i < 3000; ++i) kana += i % 500 == 0 ? "a\"" : "\xE3\x81\x82";
  CHECK(spool::json::write(kana) == reference_string(kana));
  CHECK(spool::json::read<std::string>(spool::json::write<spool::json::write_options{.escape_unicode = true}>(kana)).value() == kana);
  // An invalid byte inside a run and after a plain prefix longer than one block is reported at
  // its own offset.
  for (const std::size_t at : {std::size_t{0}, std::size_t{5}, std::size_t{17}, std::size_t{5000}}) {
    std::string bad = std::string(at, 'y') + "\xE3\x81\x82\xE3\x81" + "z";
    std::string out;
    const spool::error e = spool::json::write(bad, out);
    REQUIRE(e);
    CHECK(e.code == spool::errc::invalid_utf8);
    CHECK(out.empty());
  }
}

TEST_CASE("struct keys: the comma joins the key only after a member was written") {
  const holder h{nullptr, 3};
  CHECK(spool::json::write<spool::json::write_options{.skip_null_members = true}>(h) == R"({"o":3})");
  CHECK(spool::json::write(h) == R"({"p":null,"o":3})");
  const item i{"a", {}, 1.0, {{"k", false}}};
  CHECK(spool::json::write(std::vector<item>{i, i}) ==
        R"([{"name":"a","counts":[],"price":1.0,"flags":{"k":false}},{"name":"a","counts":[],"price":1.0,"flags":{"k":false}}])");
}

TEST_CASE("arrays of numbers: separators, limits, and a NaN located by its index") {
  CHECK(spool::json::write(std::vector<int>{}) == "[]");
  CHECK(spool::json::write(std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(), 0, std::numeric_limits<std::int64_t>::max()}) ==
        "[-9223372036854775808,0,9223372036854775807]");
  CHECK(spool::json::write(std::vector<std::uint64_t>{std::numeric_limits<std::uint64_t>::max(), 7}) == "[18446744073709551615,7]");
  CHECK(spool::json::write(std::vector<float>{0.5f, -0.0f}) == "[0.5,-0.0]");
  const std::vector<double> with_nan{1.0, std::numeric_limits<double>::quiet_NaN()};
  std::string out;
  const spool::error e = spool::json::write(with_nan, out);
  REQUIRE(e);
  CHECK(e.code == spool::errc::out_of_range);
  CHECK(e.path == "[1]");
  CHECK(spool::json::write<spool::json::write_options{.nan_inf_as_null = true}>(with_nan) == "[1.0,null]");
  CHECK(spool::json::write<spool::json::write_options{.pretty = true}>(std::vector<int>{1, 2}) == "[\n  1,\n  2\n]");
}

namespace {

// The offset write_string reports for s (no_position when it writes s).
std::size_t invalid_utf8_offset(std::string_view s) {
  spool::byte_buffer buffer;
  spool::json::detail::output out(buffer);
  spool::error e;
  if (spool::json::detail::write_string<true, false>(out, s, e)) return spool::error::no_position;
  CHECK(e.code == spool::errc::invalid_utf8);
  return e.offset;
}

}  // namespace

TEST_CASE("strings: non-ASCII text checked once from its first byte above 0x7F, escapes after it kept") {
  // Two-, three- and four-byte sequences followed by every escape, in the first block and past it.
  const std::string text = "a\xC3\xA9 \xE3\x81\x82 \xF0\x9F\x98\x80";
  for (const std::size_t prefix : {std::size_t{0}, std::size_t{3}, std::size_t{20}, std::size_t{4100}}) {
    for (const char special : {'"', '\\', '\n', '\x01', '\x1f'}) {
      std::string s = std::string(prefix, 'p') + text + special + text;
      CHECK(spool::json::write(s) == reference_string(s));
      s = std::string(prefix, 'p') + special + text + special;
      CHECK(spool::json::write(s) == reference_string(s));
    }
  }
  // Non-ASCII text across the 4096-byte blocks, an escape in every block.
  std::string long_text;
  for (int i = 0; i < 4000; ++i) long_text += i % 1000 == 999 ? "\t\xC3\xA9" : "\xC3\xA9x";
  CHECK(spool::json::write(long_text) == reference_string(long_text));
}

TEST_CASE("strings: an invalid UTF-8 byte is reported at its offset wherever the check finds it") {
  CHECK(invalid_utf8_offset("plain \xC3\xA9 text") == spool::error::no_position);
  // After valid text (the block check fails, the walk finds the byte), after escapes, past the
  // first block, and a sequence cut off by the end.
  for (const std::size_t prefix : {std::size_t{0}, std::size_t{7}, std::size_t{31}, std::size_t{4097}}) {
    const std::string lead(prefix, 'q');
    CHECK(invalid_utf8_offset(lead + "\xFF") == prefix);
    CHECK(invalid_utf8_offset(lead + "\xC3\xA9\xE3\x81\x82z\xC3\xA9\x80") == prefix + 8);
    CHECK(invalid_utf8_offset(lead + "\n\"\xC3\xA9 \xE3\x81") == prefix + 5);
    CHECK(invalid_utf8_offset(lead + "\xE3\x81\x82" + std::string(5000, 'r') + "\xC0\xAF") == prefix + 5003);
  }
}

TEST_CASE("spool::value: numbers, strings and containers written as from the types they hold") {
  spool::value doc{{"name", "spool"},
                   {"ints", {0, -1, std::int64_t{-9223372036854775807} - 1, std::uint64_t{18446744073709551615u}}},
                   {"doubles", {0.1, -0.0, 1e21, 2.5}},
                   {"mixed", {nullptr, true, false, "s\n", spool::value{{"k", 1.5}}, spool::value{}}},
                   {"empty", spool::array{}},
                   {"nested", {{"a", {1, {2, {3}}}}, {"b", spool::object{}}}}};
  CHECK(spool::json::write(doc) ==
        R"({"name":"spool","ints":[0,-1,-9223372036854775808,18446744073709551615],"doubles":[0.1,-0.0,1e+21,2.5],)"
        R"("mixed":[null,true,false,"s\n",{"k":1.5},null],"empty":[],"nested":{"a":[1,[2,[3]]],"b":{}}})");
  CHECK(spool::json::read<spool::value>(spool::json::write(doc)).value() == doc);
  CHECK(spool::json::write<spool::json::write_options{.pretty = true}>(spool::value{{"a", {1, 2.5}}, {"b", 3}, {"c", spool::array{}}}) ==
        "{\n  \"a\": [\n    1,\n    2.5\n  ],\n  \"b\": 3,\n  \"c\": []\n}");
  CHECK(spool::json::write(spool::value{{"x", 7}}) == R"({"x":7})");
  CHECK(spool::json::write(spool::value(-3.0)) == "-3.0");
}

// An array of spool::value that starts with a number is written by its own loop (doubles and
// signed integers in place, other elements through the general dispatch): every kind after a
// number, numbers after other kinds, the integer limits, non-finite values at each position.
TEST_CASE("spool::value: arrays that start with a number hold any kind after it") {
  const double inf = std::numeric_limits<double>::infinity();
  const spool::value doc{
      1, -2.5, "s", nullptr, true, std::uint64_t{18446744073709551615u}, spool::value{{"k", {3, "t"}}},
      spool::array{}, {4.0, {5, 6}}, std::int64_t{-9223372036854775807} - 1, std::int64_t{9223372036854775807}, 0.0,
      -0.0, 1e-7, 123456789012345680.0, spool::local_date{2024, 2, 29}, spool::value::binary({}), 7};
  CHECK(spool::json::write(doc) ==
        R"([1,-2.5,"s",null,true,18446744073709551615,{"k":[3,"t"]},[],[4.0,[5,6]],-9223372036854775808,)"
        R"(9223372036854775807,0.0,-0.0,1e-07,123456789012345680.0,"2024-02-29",[],7])");
  CHECK(spool::json::write(spool::value::array({1.5})) == "[1.5]");
  CHECK(spool::json::write(spool::value::array({-7})) == "[-7]");
  CHECK(spool::json::write(spool::value{{"a", {1, 2}}, {"b", {2.5, "x", 3}}}) == R"({"a":[1,2],"b":[2.5,"x",3]})");
  for (std::size_t at = 0; at < 3; ++at) {
    CAPTURE(at);
    spool::value numbers{1.0, 2, 3.0};
    numbers[at] = at == 1 ? -inf : inf;
    std::string out;
    const spool::error e = spool::json::write(numbers, out);
    CHECK(e.code == spool::errc::out_of_range);
    CHECK(e.path == "[" + std::to_string(at) + "]");
    const std::string expected[] = {"[null,2,3.0]", "[1.0,null,3.0]", "[1.0,2,null]"};
    CHECK(spool::json::write<spool::json::write_options{.nan_inf_as_null = true}>(numbers) == expected[at]);
  }
  std::string out;
  const spool::error e = spool::json::write(spool::value{{"x", {1, 2.0, spool::ext{1, {}}}}}, out);
  CHECK(e.code == spool::errc::unsupported);
  CHECK(e.path == "x[2]");
  CHECK(spool::json::write<spool::json::write_options{.pretty = true}>(spool::value{1, "a", 2.5}) ==
        "[\n  1,\n  \"a\",\n  2.5\n]");
}

// A spool::value member's key of up to 16 bytes is copied and checked in one step, others go
// through the string writer: keys of every length around that limit, with each kind of byte
// that needs an escape or a UTF-8 check at every position, are written as the same text as a
// string value, under every option that changes strings.
TEST_CASE("spool::value: keys of every length and content written as strings are") {
  static constexpr spool::json::write_options ascii{.escape_unicode = true};
  static constexpr spool::json::write_options unchecked{.validate_utf8 = false};
  const auto check_key = [](const std::string& key) {
    CAPTURE(key);
    const spool::value doc{{key, 1}, {"b", spool::value{{key, true}}}};
    const auto expect = [&]<spool::json::write_options Opts>() {
      std::string quoted;
      const spool::error e = spool::json::write<Opts>(spool::value(key), quoted);
      std::string out;
      const spool::error got = spool::json::write<Opts>(doc, out);
      CHECK(got.code == e.code);
      if (!e) CHECK(out == "{" + quoted + ":1,\"b\":{" + quoted + ":true}}");
    };
    expect.template operator()<spool::json::write_options{}>();
    expect.template operator()<ascii>();
    expect.template operator()<unchecked>();
  };
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyz";
  for (std::size_t length = 0; length <= 20; ++length) {
    const std::string plain = alphabet.substr(0, length);
    check_key(plain);
    for (std::size_t at = 0; at < length; ++at) {
      for (const std::string_view special :
           std::initializer_list<std::string_view>{"\"", "\\", "\n", std::string_view("\0", 1), "\x1F", "\x7F",
                                                   "\xC3\xA9", "\xE2\x82\xAC", "\xFF"}) {
        std::string key = plain;
        key.replace(at, 1, special);
        check_key(key);
      }
    }
  }
}

// A member whose value is a null, a boolean, a number or a plain string of up to 16 bytes is
// written with its key in one step, other values through the general dispatch: every kind as the
// first, a middle and the last member, and string values of every length around that limit with
// each kind of byte that needs an escape or a UTF-8 check at every position, written as the same
// text as the string alone, under every option that changes strings; errors name the member.
TEST_CASE("spool::value: member values of every kind and string values of every length and content") {
  const spool::value kinds[] = {nullptr, true, false, 0, -1, std::int64_t{-9223372036854775807} - 1,
                                std::int64_t{9223372036854775807}, std::int64_t{123456789012}, std::uint64_t{18446744073709551615u},
                                0.0, -0.0, 2.5, 1e300, "", "sixteen bytes!!!", "seventeen bytes!!", spool::array{},
                                spool::value{1, "a"}, spool::object{}, spool::value{{"in", 1}},
                                spool::local_date{2024, 2, 29}, spool::value::binary({})};
  for (const spool::value& v : kinds) {
    const std::string text = spool::json::write(v);
    CAPTURE(text);
    CHECK(spool::json::write(spool::value{{"only", v}}) == R"({"only":)" + text + "}");
    CHECK(spool::json::write(spool::value{{"a", 1}, {"v", v}, {"z", v}}) == R"({"a":1,"v":)" + text + R"(,"z":)" + text + "}");
    CHECK(spool::json::write(spool::value{{"a long key of twenty", v}, {"q\"", v}}) ==
          R"({"a long key of twenty":)" + text + R"(,"q\"":)" + text + "}");
  }
  // Empty containers are written with their key in one step too: alone, next to each other, in
  // arrays (the general loop) and nested; pretty output keeps them on one line.
  for (const std::string document : {R"({"a":[]})", R"({"a":{}})", R"({"a":[],"b":{},"c":[],"d":1})",
                                     R"([{"a":[]},[],{},[[]],{"b":{"c":{}}}])", R"({"a":[{},[]],"b":{"c":[],"d":{}}})"}) {
    spool::value v;
    REQUIRE_FALSE(spool::json::read(document, v));
    CHECK(spool::json::write(v) == document);
  }
  CHECK(spool::json::write<spool::json::write_options{.pretty = true}>(spool::value{{"a", spool::array{}}, {"b", spool::object{}}}) ==
        "{\n  \"a\": [],\n  \"b\": {}\n}");
  static constexpr spool::json::write_options ascii{.escape_unicode = true};
  static constexpr spool::json::write_options unchecked{.validate_utf8 = false};
  static constexpr spool::json::write_options pretty{.pretty = true};
  const auto check_value = [](const std::string& s) {
    CAPTURE(s);
    const spool::value doc{{"k", s}, {"b", spool::value{{"c", s}, {"d", 1}}}};
    const auto expect = [&]<spool::json::write_options Opts>() {
      std::string quoted;
      const spool::error e = spool::json::write<Opts>(spool::value(s), quoted);
      std::string out;
      const spool::error got = spool::json::write<Opts>(doc, out);
      CHECK(got.code == e.code);
      if (e) CHECK(got.path == "k");
      else if (Opts.pretty) CHECK(out == "{\n  \"k\": " + quoted + ",\n  \"b\": {\n    \"c\": " + quoted + ",\n    \"d\": 1\n  }\n}");
      else CHECK(out == "{\"k\":" + quoted + ",\"b\":{\"c\":" + quoted + ",\"d\":1}}");
    };
    expect.template operator()<spool::json::write_options{}>();
    expect.template operator()<ascii>();
    expect.template operator()<unchecked>();
    expect.template operator()<pretty>();
  };
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyz";
  for (std::size_t length = 0; length <= 20; ++length) {
    const std::string plain = alphabet.substr(0, length);
    check_value(plain);
    for (std::size_t at = 0; at < length; ++at) {
      for (const std::string_view special :
           std::initializer_list<std::string_view>{"\"", "\\", "\n", std::string_view("\0", 1), "\x1F", "\x7F",
                                                   "\xC3\xA9", "\xE2\x82\xAC", "\xFF"}) {
        std::string value = plain;
        value.replace(at, 1, special);
        check_value(value);
      }
    }
  }
}

// Keys and strings of up to 14 bytes are checked and copied as the 16 bytes of the value that
// holds them, with the bytes past the text (zeros, its length, the tag: control bytes) masked
// off: read from text (the reader's builder lays them out) and written back, every length around
// that limit, plain and with an escape or non-ASCII text at its first, a middle and its last byte.
TEST_CASE("spool::value: keys and strings read from text are written back as they were") {
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyz";
  for (std::size_t length = 0; length <= 17; ++length) {
    std::vector<std::string> texts{alphabet.substr(0, length)};
    for (const std::size_t at : {std::size_t{0}, length / 2, length - 1}) {
      if (at >= length) continue;
      // As the writer writes them: escaped, or UTF-8 as it is.
      for (const std::string_view special : {R"(\")", R"(\n)", R"(\u0000)", R"(\u001f)", "\xC3\xA9"}) {
        std::string text = alphabet.substr(0, length);
        text.replace(at, 1, special);
        texts.push_back(text);
      }
    }
    for (const std::string& text : texts) {
      const std::string document = "{\"" + text + "\":\"" + text + "\",\"k\":[\"" + text + "\",{\"" + text + "\":1}]}";
      CAPTURE(document);
      spool::value v;
      REQUIRE_FALSE(spool::json::read(document, v));
      CHECK(spool::json::write(v) == document);
    }
  }
}

TEST_CASE("spool::value: a NaN in an array or a member is located by its path") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const spool::value doc{{"a", {1.0, spool::value{{"b", {2.0, nan}}}}}};
  std::string out;
  const spool::error e = spool::json::write(doc, out);
  REQUIRE(e);
  CHECK(e.code == spool::errc::out_of_range);
  CHECK(e.path == "a[1].b[1]");
  CHECK(out.empty());
  const spool::value member{{"m", nan}};
  CHECK(spool::json::write(member, out).path == "m");
  CHECK(spool::json::write<spool::json::write_options{.nan_inf_as_null = true}>(doc) == R"({"a":[1.0,{"b":[2.0,null]}]})");
}
