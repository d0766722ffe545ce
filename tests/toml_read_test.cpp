// Reading TOML into spool::value: every value kind, the table rules, TOML 1.0 versus 1.1, limits,
// streams and files, and reuse of the pooled reader context.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include <spool/detail/value/builder.hpp>
#include <spool/toml.hpp>

namespace {

using spool::value;
constexpr spool::toml::read_options v10{.toml_version = spool::toml::version::v1_0};

value read(std::string_view text) {
  spool::result<value> r = spool::toml::read<value>(text);
  REQUIRE_MESSAGE(r, r.error().message());
  return *r;
}

spool::error fails(std::string_view text) {
  spool::result<value> r = spool::toml::read<value>(text);
  REQUIRE_FALSE(r);
  return r.error();
}

template <spool::toml::read_options Opts>
bool accepts(std::string_view text) {
  return spool::toml::read<value, Opts>(text).has_value();
}

}  // namespace

TEST_CASE("strings: basic, literal, multi-line, escapes") {
  value v = read(R"(a = "tab\there \"q\" \\ \u00e9 \U0001F600"
b = 'C:\path\no escapes'
c = """
first
second \
     joined"""
d = '''
raw \n
'''
e = """two quotes at the end"""""
f = ''''one quote''''
g = ""
)");
  CHECK(v["a"] == value("tab\there \"q\" \\ \xC3\xA9 \xF0\x9F\x98\x80"));
  CHECK(v["b"] == value("C:\\path\\no escapes"));
  CHECK(v["c"] == value("first\nsecond joined"));
  CHECK(v["d"] == value("raw \\n\n"));
  CHECK(v["e"] == value("two quotes at the end\"\""));
  CHECK(v["f"] == value("'one quote'"));
  CHECK(v["g"] == value(""));
  CHECK(read("s = \"line\\r\\n\"\r\n")["s"] == value("line\r\n"));
}

// Basic strings are scanned 16 bytes per step up to what needs a look: the quote, an escape, a
// tab, a control byte and UTF-8 are placed at every position of strings around the block size,
// and at the end of the input.
TEST_CASE("basic strings: what stops the block scan, at every position") {
  for (std::size_t length = 0; length <= 40; ++length) {
    const std::string plain(length, 'x');
    CAPTURE(length);
    CHECK(read("a = \"" + plain + "\"\n")["a"] == value(plain));
    CHECK(read("a = \"" + plain + "\"")["a"] == value(plain));
    for (std::size_t at = 0; at < length; ++at) {
      CAPTURE(at);
      std::string text = plain;
      text[at] = '\t';
      CHECK(read("a = \"" + text + "\"")["a"] == value(text));
      std::string escaped = plain;
      escaped.replace(at, 1, "\\n");
      std::string decoded = plain;
      decoded[at] = '\n';
      CHECK(read("a = \"" + escaped + "\"")["a"] == value(decoded));
      std::string utf8 = plain;
      utf8.replace(at, 1, "\xC3\xA9");
      CHECK(read("a = \"" + utf8 + "\"")["a"] == value(utf8));
      std::string control = plain;
      control[at] = '\x7F';
      CHECK(fails("a = \"" + control + "\"").offset == 5 + at);
      std::string cut = plain;
      cut[at] = '\n';
      CHECK(fails("a = \"" + cut + "\"").offset == 5 + at);
      std::string bad = plain;
      bad[at] = '\xFF';
      CHECK(fails("a = \"" + bad + "\"").code == spool::errc::invalid_utf8);
    }
    CHECK(fails("a = \"" + plain).code == spool::errc::unexpected_end);
  }
  CHECK(read("a = \"\"")["a"] == value(""));
  CHECK(fails("a = \"").code == spool::errc::unexpected_end);
  CHECK(read("a = \"\"\"x\"\"\"")["a"] == value("x"));
}

// Runs of spaces and tabs are skipped 8 bytes per step: any mix, across steps and at the end of
// the input, is skipped exactly.
TEST_CASE("whitespace runs of every length and mix") {
  for (std::size_t length = 0; length <= 20; ++length) {
    for (const char* pattern : {" ", "\t", " \t", "\t  "}) {
      std::string ws;
      for (std::size_t i = 0; ws.size() < length; ++i) ws += pattern[i % std::char_traits<char>::length(pattern)];
      CAPTURE(length);
      CAPTURE(pattern);
      const value v = read(ws + "a" + ws + "=" + ws + "[1," + ws + "2]" + ws + "\n" + ws + "b = 3" + ws);
      CHECK(v["a"] == value::array({1, 2}));
      CHECK(v["b"] == value(3));
      const spool::error e = fails(ws + "a = 'v'" + ws + "x");
      CHECK(e.offset == 2 * length + 7);
    }
  }
}

// Bare keys of every length up to 40, as a plain key, a dotted key, a header and a key of an
// inline table; every byte that may not be in one, at the start, middle and end of the key.
TEST_CASE("bare keys of every length, ended by every byte") {
  const std::string alphabet = "azAZ09_-mQ5";
  for (std::size_t length = 1; length <= 40; ++length) {
    std::string key;
    for (std::size_t i = 0; i < length; ++i) key += alphabet[(i * 7 + length) % alphabet.size()];
    CAPTURE(key);
    const value v = read(key + " = 1\n" + key + "x.y = 2\nt = {" + key + " = 3}\n[" + key + "-h." + key + "]\n" + key + "=4");
    CHECK(v[key] == value(1));
    CHECK(v[key + "x"]["y"] == value(2));
    CHECK(v["t"][key] == value(3));
    CHECK(v[key + "-h"][key][key] == value(4));
    // Each byte next to the letters, digits, '_' and '-' (and non-ASCII) ends the key: where it
    // cannot follow a key, the error is at that byte.
    for (int byte = 1; byte < 256; ++byte) {
      const char c = static_cast<char>(byte);
      const bool bare = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
      if (bare || c == ' ' || c == '\t' || c == '=' || c == '.') continue;
      for (const std::size_t at : {std::size_t{0}, length / 2, length - 1}) {
        std::string broken = key;
        broken[at] = c;
        CAPTURE(byte);
        CAPTURE(at);
        const spool::result<value> r = spool::toml::read<value>(broken + " = 1");
        if (at == 0 && (c == '"' || c == '\'' || c == '\n' || c == '#' || c == '[')) continue;  // other syntax
        REQUIRE_FALSE(r);
        CHECK(r.error().offset == at);
      }
    }
  }
}

TEST_CASE("integers in every base, with separators and limits") {
  value v = read(R"(dec = 1_000_000
neg = -17
pos = +42
hex = 0xDEAD_beef
oct = 0o755
bin = 0b1101_0101
max = 9223372036854775807
min = -9223372036854775808
zero = -0
)");
  CHECK(v["dec"] == value(1000000));
  CHECK(v["neg"] == value(-17));
  CHECK(v["pos"] == value(42));
  CHECK(v["hex"] == value(0xDEADBEEF));
  CHECK(v["oct"] == value(0755));
  CHECK(v["bin"] == value(0b11010101));
  CHECK(v["max"] == value(std::numeric_limits<std::int64_t>::max()));
  CHECK(v["min"] == value(std::numeric_limits<std::int64_t>::min()));
  CHECK(v["zero"] == value(0));

  CHECK(fails("a = 9223372036854775808").code == spool::errc::out_of_range);
  CHECK(fails("a = 0x8000000000000000").code == spool::errc::out_of_range);
  for (std::string_view bad : {"a = 012", "a = 1__2", "a = 1_", "a = +0x1", "a = 0X1", "a = 0x1g", "a = 1a"}) {
    CAPTURE(bad);
    CHECK(fails(bad).code == spool::errc::invalid_number);
  }
  CHECK(fails("a = _1").code == spool::errc::syntax);
  CHECK(fails("a = 0x").code == spool::errc::unexpected_end);
}

TEST_CASE("floats: fraction, exponent, specials, exact conversion") {
  value v = read(R"(a = 3.1415
b = -0.0
c = 5e+22
d = 6.626e-34
e = 1_000.000_1
f = inf
g = -inf
h = nan
i = 0.1
j = 1e-400
)");
  CHECK(v["a"] == value(3.1415));
  CHECK(v["b"] == value(-0.0));
  CHECK(std::signbit(*v["b"].as_double()));
  CHECK(v["c"] == value(5e22));
  CHECK(v["d"] == value(6.626e-34));
  CHECK(v["e"] == value(1000.0001));
  CHECK(v["f"] == value(std::numeric_limits<double>::infinity()));
  CHECK(v["g"] == value(-std::numeric_limits<double>::infinity()));
  CHECK(std::isnan(*v["h"].as_double()));
  CHECK(v["i"] == value(0.1));
  CHECK(v["j"] == value(0.0));
  CHECK(fails("a = 1e400").code == spool::errc::out_of_range);
  for (std::string_view bad : {"a = 1.", "a = .5", "a = 1.e5", "a = 1e", "a = 01.5", "a = 1.5_", "a = Inf", "a = 1.2.3"}) {
    CAPTURE(bad);
    CHECK_FALSE(accepts<spool::toml::read_options{}>(bad));
  }
}

TEST_CASE("booleans and the four date-time kinds") {
  value v = read(R"(t = true
f = false
odt = 1979-05-27T07:32:00.999999999-07:00
lower = 1979-05-27t07:32:00z
space = 1979-05-27 07:32:00Z
ldt = 1979-05-27T00:32:00.5
ld = 1979-05-27
lt = 07:32:00.123456789123
)");
  CHECK(v["t"] == value(true));
  CHECK(v["f"] == value(false));
  CHECK(v["odt"] == value(spool::offset_datetime{{1979, 5, 27}, {7, 32, 0, 999999999}, -420}));
  CHECK(v["lower"] == value(spool::offset_datetime{{1979, 5, 27}, {7, 32, 0, 0}, 0}));
  CHECK(v["space"] == v["lower"]);
  CHECK(v["ldt"] == value(spool::local_datetime{{1979, 5, 27}, {0, 32, 0, 500000000}}));
  CHECK(v["ld"] == value(spool::local_date{1979, 5, 27}));
  CHECK(v["lt"] == value(spool::local_time{7, 32, 0, 123456789}));  // digits past ns are truncated
  CHECK(fails("a = 1979-02-30").code == spool::errc::invalid_datetime);
  CHECK(fails("a = 1979-05-27T25:00:00").code == spool::errc::invalid_datetime);
  CHECK(fails("a = truex").code == spool::errc::syntax);
}

TEST_CASE("arrays and inline tables") {
  value v = read(R"(a = [ 1, "two", [3.0, []], { x = 1 }, ]
b = [
  1, # comment
  2,
]
point = { x = 1, y.z = 2, "q k" = 'v' }
empty = {}
)");
  CHECK(v["a"] == value::array({1, "two", value::array({3.0, value::array()}), value::object({{"x", 1}})}));
  CHECK(v["b"] == value::array({1, 2}));
  CHECK(v["point"] == value::object({{"x", 1}, {"y", value::object({{"z", 2}})}, {"q k", "v"}}));
  CHECK(v["empty"] == value::object());
}

// Inline tables (and the arrays in them) are built through the thread's value builder; what it
// does not take (errors, repeated keys, dotted keys) is read again the mutable way, with the same
// result.
TEST_CASE("arrays and inline tables: every value kind, nesting, fallbacks and limits") {
  const spool::detail::value_builder& builder = spool::detail::value_builder::for_this_thread();
  value v = read(R"(a = [inf, -inf, +1, -2.5, 0x10, true, false, 1979-05-27, 07:32:00, 1979-05-27T07:32:00Z, "s", 'l']
t = { z = 1, y = [ { x = { w = [] } }, {} ], "quoted key" = "v", k = 2021-01-01T00:00:00 }
d = { a.b = 1, c = [1, { e.f = 2 }], a.g = 3 }
big = [ [1, 2], [3, [4, [5, [6]]]], { p = { q = { r = "deep" } } } ]
)");
  const value& a = v["a"];
  REQUIRE(a.is_array());
  REQUIRE(a.as_array().size() == 12);
  CHECK(a[0] == value(std::numeric_limits<double>::infinity()));
  CHECK(a[1] == value(-std::numeric_limits<double>::infinity()));
  CHECK(a[2] == value(1));
  CHECK(a[3] == value(-2.5));
  CHECK(a[4] == value(16));
  CHECK(a[5] == value(true));
  CHECK(a[6] == value(false));
  CHECK(a[7].is_local_date());
  CHECK(a[8].is_local_time());
  CHECK(a[9].is_offset_datetime());
  CHECK(a[10] == value("s"));
  CHECK(a[11] == value("l"));
  CHECK(v["t"] == value::object({{"z", 1},
                                 {"y", value::array({value::object({{"x", value::object({{"w", value::array()}})}}),
                                                     value::object()})},
                                 {"quoted key", "v"},
                                 {"k", v["t"]["k"]}}));
  CHECK(v["t"]["k"].is_local_datetime());
  // Keys keep the document's order.
  CHECK(v["t"].as_object().nth(0).key() == "z");
  CHECK(v["t"].as_object().nth(2).key() == "quoted key");
  CHECK(v["d"] == value::object({{"a", value::object({{"b", 1}, {"g", 3}})},
                                 {"c", value::array({1, value::object({{"e", value::object({{"f", 2}})}})})}}));
  CHECK(v["big"] == value::array({value::array({1, 2}),
                                  value::array({3, value::array({4, value::array({5, value::array({6})})})}),
                                  value::object({{"p", value::object({{"q", value::object({{"r", "deep"}})}})}})}));
  CHECK(builder.position().values == 0);

  // A repeated key is reported where it repeats, before any later error.
  spool::error e = fails("t = { a = 1, a = 2, b = tru }\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.column == 14);
  CHECK(e.path == "t.a");
  e = fails("t = [1, { a = 1, b = [1, { a = 1, a = 2 }] }]\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "t[1].b[1].a");
  CHECK(e.column == 35);
  // A dotted key that meets a value, and an error after dotted keys.
  CHECK(fails("t = { a = 1, a.b = 2 }\n").code == spool::errc::duplicate_key);
  e = fails("t = { a.b = 1, a.c = 2, d = [1, 2x] }\n");
  CHECK(e.code == spool::errc::invalid_number);
  CHECK(e.path == "t.d[1]");
  CHECK(fails("a = [1, 2\n").code == spool::errc::unexpected_end);
  CHECK(fails("a = { x = 1\n").code == spool::errc::unexpected_end);
  CHECK(builder.position().values == 0);
  CHECK(builder.position().keys == 0);

  // The inline table rules of each version.
  CHECK(accepts<spool::toml::read_options{}>("t = { a = 1, }"));
  CHECK_FALSE(accepts<v10>("t = { a = 1, }"));
  CHECK(accepts<spool::toml::read_options{}>("t = {\n a = 1 # c\n}"));
  CHECK_FALSE(accepts<v10>("t = {\n a = 1 }"));
  CHECK_FALSE(accepts<spool::toml::read_options{}>("t = { , }"));
  CHECK_FALSE(accepts<spool::toml::read_options{}>("t = { a = 1 b = 2 }"));

  // Limits at their boundaries.
  constexpr spool::toml::read_options two{.max_container_size = 2};
  CHECK(accepts<two>("a = [1, 2]\nt = { x = 1, y = [3, 4] }"));
  CHECK(spool::toml::read<value, two>("a = [[1, 2], [1, 2, 3]]").error().code == spool::errc::size_exceeded);
  CHECK(spool::toml::read<value, two>("t = { x = 1, y = 2, z = 3 }").error().code == spool::errc::size_exceeded);
  constexpr spool::toml::read_options short_strings{.max_string_length = 3};
  CHECK(accepts<short_strings>("a = ['abc', { b = 'abc' }]"));
  CHECK(spool::toml::read<value, short_strings>("a = ['abc', { b = 'abcd' }]").error().code ==
        spool::errc::size_exceeded);
  CHECK(builder.position().values == 0);
}

TEST_CASE("tables: headers, implicit parents, dotted keys, arrays of tables") {
  value v = read(R"(title = "t"
[a.b.c]
d = 1
[a]
x.y = 2
[a.b]
e = 3
[[fruit]]
name = "apple"
[fruit.physical]
color = "red"
[[fruit.variety]]
name = "red delicious"
[[fruit]]
name = "banana"
['quoted . key']
k = true
)");
  CHECK(v["a"]["b"]["c"]["d"] == value(1));
  CHECK(v["a"]["x"]["y"] == value(2));
  CHECK(v["a"]["b"]["e"] == value(3));
  REQUIRE(v["fruit"].size() == 2);
  CHECK(v["fruit"][std::size_t{0}]["physical"]["color"] == value("red"));
  CHECK(v["fruit"][std::size_t{0}]["variety"][std::size_t{0}]["name"] == value("red delicious"));
  CHECK(v["fruit"][std::size_t{1}] == value::object({{"name", "banana"}}));
  CHECK(v["quoted . key"]["k"] == value(true));
}

// Each [[array]] element is given room for as many members as the one before it: elements
// larger, smaller and empty after it read the same, and keys repeated in one are still errors
// (below and above the size where objects index their keys).
TEST_CASE("arrays of tables whose elements differ in size") {
  const std::size_t sizes[] = {2, 20, 3, 20, 0, 9, 1};
  std::string text;
  value expected = value(spool::array{});
  for (const std::size_t n : sizes) {
    text += "[[t]]\n";
    spool::object element;
    for (std::size_t i = 0; i < n; ++i) {
      text += "k" + std::to_string(i) + " = " + std::to_string(i) + "\n";
      element.try_emplace("k" + std::to_string(i), value(static_cast<std::int64_t>(i)));
    }
    expected.as_array().emplace_back(std::move(element));
  }
  const value v = read(text);
  CHECK(v["t"] == expected);
  for (const std::size_t n : {std::size_t{3}, std::size_t{12}}) {
    CAPTURE(n);
    std::string twice = "[[t]]\n";
    for (std::size_t i = 0; i < n; ++i) twice += "k" + std::to_string(i) + " = 1\n";
    twice += "[[t]]\n";
    for (std::size_t i = 0; i < n; ++i) twice += "k" + std::to_string(i) + " = 1\n";
    twice += "k0 = 2\n";
    const spool::error e = fails(twice);
    CHECK(e.code == spool::errc::duplicate_key);
    CHECK(e.path == "t[1].k0");
  }
}

// Members keep the document's order whether they come from plain keys, dotted keys or headers,
// and errors inside a table's lines keep their offsets and paths.
TEST_CASE("key/value lines of a table: order, repeated keys, errors in the middle") {
  const value v = read("[t]\na = 1\r\n\n  # note\nb = [1, {x = 2}]\nc.d = 3\ne = { f = 4 }\nc.g = 5\n"
                       "[[u]]\nk = 'one'\n[[u]]\nk = 'two'\nl = 1979-05-27\n[u.sub]\nm = true");
  const spool::object& t = v["t"].as_object();
  REQUIRE(t.size() == 4);
  CHECK(t.nth(0).key() == "a");
  CHECK(t.nth(1).key() == "b");
  CHECK(t.nth(2).key() == "c");
  CHECK(t.nth(3).key() == "e");
  CHECK(v["t"]["b"][std::size_t{1}]["x"] == value(2));
  CHECK(v["t"]["c"] == value::object({{"d", 3}, {"g", 5}}));
  CHECK(v["t"]["e"]["f"] == value(4));
  CHECK(v["u"][std::size_t{0}] == value::object({{"k", "one"}}));
  CHECK(v["u"][std::size_t{1}]["k"] == value("two"));
  CHECK(v["u"][std::size_t{1}]["sub"]["m"] == value(true));
  // A repeated key, among plain keys and after a dotted key.
  spool::error e = fails("a = 1\nb = 2\na = 3\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.offset == 12);
  CHECK(e.path == "a");
  e = fails("[[t]]\na = 1\n[[t]]\na = 1\nb = 2\na = 3\n");
  CHECK(e.offset == 30);
  CHECK(e.path == "t[1].a");
  e = fails("[t]\nk.x = 2\nk = 1\n");
  CHECK(e.offset == 12);
  CHECK(e.path == "t.k");
  // A key holding a value: no header or dotted key may go through it.
  e = fails("[[t]]\nx = 1\n[t.x]\n");
  CHECK(e.offset == 12);
  CHECK(e.path == "t[0].x");
  CHECK(fails("[t]\nk = 1\nk.x = 2\n").path == "t.k");
  // A table with members already (from a sub-table's header): its keys are checked against them.
  e = fails("[t.u]\n[t]\na = 1\nu = 2\n");
  CHECK(e.offset == 16);
  CHECK(e.path == "t.u");
  // Broken lines among good ones are found where they are.
  e = fails("[t]\na = 1\nb = \nc = 3\n");
  CHECK(e.offset == 14);
  CHECK(e.path == "t.b");
  e = fails("[t]\na = 1\n# c\x01\nc = 3\n");
  CHECK(e.offset == 13);
  e = fails("a = 1\nb = 2 x\n");
  CHECK(e.offset == 12);
  e = fails("[t]\na = 1\nb = { c = 1, c = 2 }\n");
  CHECK(e.offset == 23);
  CHECK(e.path == "t.b.c");
  constexpr spool::toml::read_options small_containers{.max_container_size = 2};
  const spool::error big = spool::toml::read<value, small_containers>("[t]\na = 1\nb = 2\nc = 3").error();
  CHECK(big.code == spool::errc::size_exceeded);
  CHECK(big.offset == 16);
}

// A new table's plain key/values wait on the value builder until the next header or the end
// closes the table (reader.hpp, open_run): what the run meets first must be what the document
// reports, whether that is a repeated key (found only at the close), a broken value, a dotted key
// or a comment; and nothing is left on the builder after any of them.
TEST_CASE("runs of plain key/values: values, repeats found at the close, fallbacks") {
  const spool::detail::value_builder& builder = spool::detail::value_builder::for_this_thread();
  const value v = read("s = 'short'\nl = 'a string longer than fourteen bytes'\ni = -7\nf = 0.5\nb = false\n"
                       "d = 1979-05-27T07:32:00Z\na = [1, [2], {x = 3}]\nt = {y = 'z'}\n"
                       "[[e]]\na-key-longer-than-fourteen = 1\nm = 2\n[[e]]\n[[e]]\nm = 3");
  REQUIRE(v.as_object().size() == 9);
  CHECK(v.as_object().nth(0).key() == "s");
  CHECK(v.as_object().nth(7).key() == "t");
  CHECK(v["l"] == value("a string longer than fourteen bytes"));
  CHECK(v["i"] == value(-7));
  CHECK(v["f"] == value(0.5));
  CHECK(v["b"] == value(false));
  CHECK(v["d"].is_offset_datetime());
  CHECK(v["a"] == value::array({1, value::array({2}), value::object({{"x", 3}})}));
  CHECK(v["t"] == value::object({{"y", "z"}}));
  CHECK(v["e"] == value::array({value::object({{"a-key-longer-than-fourteen", 1}, {"m", 2}}), value::object(),
                                value::object({{"m", 3}})}));
  CHECK(builder.position().values == 0);

  // A repeat among more than eight keys (found through the builder's hash table), at the root
  // closed by the end of the input and in a table closed by a header.
  std::string many;
  for (int i = 0; i < 12; ++i) many += "k" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  spool::error e = fails(many + "k5 = 0");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.offset == many.size());
  CHECK(e.path == "k5");
  e = fails("[t]\n" + many + "k11 = 0\n[u]\n");
  CHECK(e.offset == many.size() + 4);
  CHECK(e.path == "t.k11");
  e = fails("[t]\nthe-first-long-key = 1\nb = 2\nthe-first-long-key = 3\n");
  CHECK(e.offset == 33);
  CHECK(e.path == "t.the-first-long-key");
  // The repeat comes before a later error that the run reads first: the repeat is reported.
  e = fails("[t]\na = 1\na = 2\nb = \n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.offset == 10);
  e = fails("[t]\na = 1\na = 2\n[broken");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.offset == 10);
  e = fails("[t]\na = 1\na = 2\nb.c = 3\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.offset == 10);
  e = fails("a = 1\na = 2\n# \x01\n");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.offset == 6);
  // A broken comment or line end inside a run, with nothing repeated.
  e = fails("[t]\na = 1\n# \x01\nb = 2\n");
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.offset == 12);
  e = fails("[t]\na = 1 b = 2\n");
  CHECK(e.offset == 10);
  // A dotted key after plain ones: the run's members stay first, the dotted key's table joins
  // them, and plain keys after it are checked against both.
  const value dotted = read("[t]\na = 1\nb.c = 2\nd = 3\nb.e = 4\n[t.f]\n");
  CHECK(dotted["t"] == value::object({{"a", 1}, {"b", value::object({{"c", 2}, {"e", 4}})}, {"d", 3}, {"f", value::object()}}));
  CHECK(fails("[t]\na = 1\nb.c = 2\na = 3\n").path == "t.a");
  CHECK(fails("[t]\nb = 1\nb.c = 2\n").path == "t.b");
  // The run's keys are the table's: a later header may extend a table among them, not a value.
  CHECK(read("[t]\na = {}\n[t.b]\nc = 1")["t"]["b"]["c"] == value(1));
  e = fails("[t]\na = 1\n[t.a]\n");
  CHECK(e.offset == 10);
  CHECK(e.path == "t.a");
  // Limits: the depth of a value and the number of keys, where the mutable way finds them.
  constexpr spool::toml::read_options shallow{.max_depth = 3};
  e = spool::toml::read<value, shallow>("[a.b]\nc = 1\nd = [1]\n").error();
  CHECK(e.code == spool::errc::depth_exceeded);
  CHECK(e.offset == 16);
  CHECK(e.path == "a.b.d");
  constexpr spool::toml::read_options two_keys{.max_container_size = 2};
  e = spool::toml::read<value, two_keys>("a = 1\nb = 2\nc = 3\n[t]").error();
  CHECK(e.code == spool::errc::size_exceeded);
  CHECK(e.offset == 12);
  CHECK(builder.position().values == 0);
  CHECK(builder.position().keys == 0);
}

// Array elements and inline tables have registry ids of their own (tables.hpp, unlisted) but no
// node: the tables their dotted keys and sub-headers make belong to the one element or inline
// table, never to a sibling, however many elements there are.
TEST_CASE("array elements and inline tables keep their own sub-tables") {
  std::string text;
  for (int i = 0; i < 300; ++i) {
    const std::string n = std::to_string(i);
    text += "[[a]]\nx.y = " + n + "\ninline = { p.q = " + n + " }\n[a.b]\nc = " + n + "\n[[a.b.d]]\ne = " + n + "\n";
  }
  const value v = read(text);
  REQUIRE(v["a"].size() == 300);
  for (std::size_t i = 0; i < 300; ++i) {
    CAPTURE(i);
    const value& element = v["a"][i];
    const auto n = static_cast<std::int64_t>(i);
    CHECK(element["x"] == value::object({{"y", n}}));
    CHECK(element["inline"]["p"] == value::object({{"q", n}}));
    CHECK(element["b"]["c"] == value(n));
    CHECK(element["b"]["d"].size() == 1);
  }
  // Each element's tables are its own to redefine: the second [a.b] is in a new element, a
  // second one in the same element is not.
  CHECK(accepts<spool::toml::read_options{}>("[[a]]\n[a.b]\n[[a]]\n[a.b]"));
  const spool::error e = fails("[[a]]\n[a.b]\n[[a]]\n[a.b]\n[a.b]");
  CHECK(e.code == spool::errc::duplicate_key);
  CHECK(e.path == "a[1].b");
  CHECK(fails("[[a]]\nx.y = 1\n[[a]]\nx.y = 2\nx.y = 3").path == "a[1].x.y");
  CHECK(fails("t = { p.q = 1, p.q = 2 }").path == "t.p.q");
}

// An [[array]] header that repeats the last header's text adds an element to the array that
// header reached without reading its keys again (reader.hpp, repeats_array_header): what
// follows it, what differs from it only in spacing or in what comes after its "]]", and the
// errors after it, are as for any header.
TEST_CASE("repeated array-of-tables headers") {
  const value v = read("[[a]]\nx = 1\n[[a]]\nx = 2\n[[a.b]]\n[[a.b]]\ny = 1\n[[ a ]]\n[[a]] # c\n[a.c]\n[[a]]\n[a.c]\nz = 3\n");
  REQUIRE(v["a"].size() == 5);
  CHECK(v["a"][std::size_t{0}] == value::object({{"x", 1}}));
  CHECK(v["a"][std::size_t{1}]["x"] == value(2));
  CHECK(v["a"][std::size_t{1}]["b"].size() == 2);
  CHECK(v["a"][std::size_t{1}]["b"][std::size_t{1}]["y"] == value(1));
  CHECK(v["a"][std::size_t{2}] == value::object({}));
  CHECK(v["a"][std::size_t{3}]["c"] == value::object({}));
  CHECK(v["a"][std::size_t{4}]["c"]["z"] == value(3));
  // Errors name the element the repeat made.
  spool::error e = fails("[[a]]\n[[a]]\n[[a]]\nk = 1\nk = 2\n");
  CHECK(e.offset == 24);
  CHECK(e.path == "a[2].k");
  e = fails("[[a]]\n[[a]]\n[a.b]\n[[a]]\n[a.b]\n[a.b]\n");
  CHECK(e.offset == 30);
  CHECK(e.path == "a[2].b");
  // The repeated text followed by more than a header allows.
  CHECK(fails("[[a]]\n[[a]]x\n").offset == 11);
  CHECK(fails("[[a]]\n[[a]]]\n").offset == 11);
  CHECK(fails("[[a]]\n[[a]").code == spool::errc::unexpected_end);
  // A table header is never a repeat: the second [a] is defined twice.
  CHECK(fails("[a]\n[a]\n").path == "a");
  constexpr spool::toml::read_options small_containers{.max_container_size = 2};
  e = spool::toml::read<value, small_containers>("[[a]]\n[[a]]\n[[a]]\n").error();
  CHECK(e.code == spool::errc::size_exceeded);
  CHECK(e.offset == 12);
}

// Headers of bare segments and dots up to ']' take a short scan; spaces, quotes and errors the
// general one: both name the same tables, and errors are found at the same place.
TEST_CASE("header keys: plain, spaced, quoted, and broken") {
  const value plain = read("[a.b-1.c_2]\nx = 1\n[[d.e]]\ny = 2\n");
  CHECK(read("[ a . b-1 . c_2 ]\nx = 1\n[[ d.\"e\" ]]\ny = 2\n") == plain);
  CHECK(read("[a.'b-1'.c_2]\nx = 1\n[[d .e]]\ny = 2\n") == plain);
  CHECK(plain["a"]["b-1"]["c_2"]["x"] == value(1));
  CHECK(plain["d"]["e"][std::size_t{0}]["y"] == value(2));
  for (const char* broken : {"[a.]\n", "[a..b]\n", "[.a]\n", "[]\n", "[a.b\n", "[a.b]]\n", "[[a.b]\n", "[[a.b] ]\n",
                             "[a b]\n", "[a.b"}) {
    CAPTURE(broken);
    const spool::error e = fails(broken);
    CHECK((e.code == spool::errc::syntax || e.code == spool::errc::unexpected_end));
  }
  CHECK(fails("x = 1\n[a.]\n").column == 4);
  CHECK(fails("[[a.b] ]\n").column == 7);
  constexpr spool::toml::read_options shallow{.max_depth = 3};
  CHECK(spool::toml::read<value, shallow>("[a.b]\n").has_value());
  CHECK(spool::toml::read<value, shallow>("[a.b.c]\n").error().code == spool::errc::depth_exceeded);
}

TEST_CASE("headers sharing keys with the previous header reach the same tables as from the root") {
  // Each header here starts below the keys it shares with the one before (header_chain.hpp):
  // deeper, shallower, the same array again, a sibling, a quoted key spelled two ways.
  value v = read(R"([a.b.c]
x = 1
[a.b]
y = 2
[a.b.c.d]
z = 3
[[arr]]
n = 1
[arr.sub]
m = 1
[[arr.sub.list]]
k = 1
[[arr.sub.list]]
k = 2
[[arr]]
n = 2
[arr.sub]
m = 2
[[arr.sub.list]]
k = 3
["k\u0065y"]
p = 1
[key.inner]
q = 2
['key'.other]
r = 3
[a]
w = 4
)");
  CHECK(v["a"]["b"]["c"]["x"] == value(1));
  CHECK(v["a"]["b"]["y"] == value(2));
  CHECK(v["a"]["b"]["c"]["d"]["z"] == value(3));
  CHECK(v["a"]["w"] == value(4));
  REQUIRE(v["arr"].size() == 2);
  const value& first = v["arr"][std::size_t{0}];
  const value& second = v["arr"][std::size_t{1}];
  CHECK(first["n"] == value(1));
  CHECK(first["sub"]["m"] == value(1));
  REQUIRE(first["sub"]["list"].size() == 2);
  CHECK(first["sub"]["list"][std::size_t{1}]["k"] == value(2));
  CHECK(second["n"] == value(2));
  CHECK(second["sub"]["m"] == value(2));
  REQUIRE(second["sub"]["list"].size() == 1);
  CHECK(second["sub"]["list"][std::size_t{0}]["k"] == value(3));
  CHECK(v["key"]["p"] == value(1));
  CHECK(v["key"]["inner"]["q"] == value(2));
  CHECK(v["key"]["other"]["r"] == value(3));
  // The rules still hold for a header whose keys the previous one shares.
  for (const char* text : {"[a.b]\n[a.b]", "[a.b.c]\n[a.b]\n[a.b]", "[[a.b]]\n[a.b]", "[a.b]\n[[a.b]]",
                           "[a]\nb = 1\n[a.b]", "[a]\nb = 1\n[a.b.c]", "[a]\nb.c = 1\n[a.b]"}) {
    CAPTURE(text);
    CHECK_FALSE(accepts<spool::toml::read_options{}>(text));
  }
  CHECK(accepts<spool::toml::read_options{}>("[a]\nb.c = 1\n[a.b.d]"));
}

TEST_CASE("table rules the specification rejects") {
  const char* invalid[] = {
      "[a]\n[a]",                          // defined twice
      "[a.b]\n[a]\n[a]",                   // implicit then defined twice
      "a = 1\n[a]",                        // a value, not a table
      "a.b = 1\n[a]",                      // dotted keys defined it
      "[a]\nb.c = 1\n[a.b]",               // dotted keys defined a.b
      "[a.b]\nc = 1\n[a]\nb.d = 2",        // dotted keys cannot reopen [a.b]
      "a = {}\n[a.b]",                     // inline tables are closed
      "a = { b = 1 }\na.c = 2",            // ... to dotted keys too
      "a = { b = { c = 1 }, b.d = 2 }",    // ... even inside the outer inline table
      "a = [1]\n[[a]]",                    // a static array cannot take [[a]]
      "a = [{}]\n[a.b]",                   // nor a sub-table
      "[[a]]\n[a]",                        // [a] on an array of tables
      "[a]\n[[a]]",                        // [[a]] on a table
      "[[a.b]]\n[a]\nb.c = 1",             // dotted keys into an array of tables
      "a = 1\na = 2",                      // duplicate key
      "a.b = 1\na.b = 2",                  // duplicate dotted key
      "a = { b = 1, b = 2 }",              // duplicate inside an inline table
  };
  for (const char* text : invalid) {
    CAPTURE(text);
    CHECK_FALSE(accepts<spool::toml::read_options{}>(text));
  }
  // Allowed: sub-tables of dotted-key tables, implicit tables defined later, a parent implied
  // by a header extended with dotted keys.
  CHECK(accepts<spool::toml::read_options{}>("[fruit]\napple.color = 'red'\n[fruit.apple.texture]\nsmooth = true"));
  CHECK(accepts<spool::toml::read_options{}>("[a.b.c]\n[a]\nx = 1"));
  CHECK(accepts<spool::toml::read_options{}>("[a.b.c]\n[a]\nb.x = 1"));
  CHECK(accepts<spool::toml::read_options{}>("[[a.b]]\nx = 1\n[a]\ny = 2"));
}

TEST_CASE("TOML 1.1 additions, rejected under 1.0") {
  constexpr spool::toml::read_options v11{};
  const char* additions[] = {
      "a = { x = 1,\n  y = 2 }",     // newline in an inline table
      "a = { x = 1, }",              // trailing comma in an inline table
      "a = {\n # comment\n x = 1\n}",  // comment in an inline table
      "a = \"\\e\"",                 // \e
      "a = \"\\xE9\"",               // \xHH
      "a = 07:32",                   // time without seconds
      "a = 1979-05-27T07:32Z",       // date-time without seconds
  };
  for (const char* text : additions) {
    CAPTURE(text);
    CHECK(accepts<v11>(text));
    CHECK_FALSE(accepts<v10>(text));
  }
  value v = read("a = \"\\e\\xE9\"\nb = 07:32\nc = { x = 1,\n}");
  CHECK(v["a"] == value("\x1B\xC3\xA9"));
  CHECK(v["b"] == value(spool::local_time{7, 32, 0, 0}));
  CHECK(v["c"] == value::object({{"x", 1}}));
}

TEST_CASE("line endings, BOM, comments, control characters, UTF-8") {
  CHECK(read("\xEF\xBB\xBF" "a = 1\r\n# c\r\nb = 2") == value::object({{"a", 1}, {"b", 2}}));
  CHECK(read("") == value::object());
  CHECK(read("# only a comment") == value::object());
  CHECK(read("a = 1 # comment with \xC3\xA9") == value::object({{"a", 1}}));
  CHECK(fails("a = 1\rb = 2").code == spool::errc::syntax);
  CHECK(fails("a = \"x\ry\"").code == spool::errc::syntax);
  CHECK(fails("a = 1 # \x01").code == spool::errc::syntax);
  CHECK(fails("a = 1 # \x7F").code == spool::errc::syntax);
  CHECK(fails("a = \"\xC0\xAF\"").code == spool::errc::invalid_utf8);
  CHECK(fails("a = 1 # \xED\xA0\x80").code == spool::errc::invalid_utf8);
  CHECK(fails(std::string_view("a = 1\n\0", 7)).code == spool::errc::syntax);
  CHECK(fails("a = 'x\x08'").code == spool::errc::syntax);
}

TEST_CASE("limits from the options") {
  std::string deep = "a = " + std::string(300, '[') + std::string(300, ']');
  CHECK(fails(deep).code == spool::errc::depth_exceeded);
  // The root table is level 1, each table or array inside adds one.
  constexpr spool::toml::read_options shallow{.max_depth = 3};
  CHECK(accepts<shallow>("a = [[1]]"));
  CHECK(accepts<shallow>("a = { b = [1] }"));
  CHECK(accepts<shallow>("a.b.c = 1"));
  CHECK(accepts<shallow>("[a.b]\nc = 1"));
  CHECK_FALSE(accepts<shallow>("a = [[[1]]]"));
  CHECK_FALSE(accepts<shallow>("a = { b = { c = [] } }"));
  CHECK_FALSE(accepts<shallow>("a.b.c.d = 1"));
  CHECK_FALSE(accepts<shallow>("[a.b.c]"));
  CHECK_FALSE(accepts<shallow>("[a.b]\nc.d = 1"));
  constexpr spool::toml::read_options tiny_input{.max_input_size = 4};
  constexpr spool::toml::read_options short_strings{.max_string_length = 3};
  constexpr spool::toml::read_options small_containers{.max_container_size = 2};
  CHECK(spool::toml::read<value, tiny_input>("a = 1").error().code == spool::errc::size_exceeded);
  CHECK(spool::toml::read<value, short_strings>("a = 'abcd'").error().code == spool::errc::size_exceeded);
  CHECK(spool::toml::read<value, small_containers>("a = [1, 2, 3]").error().code ==
        spool::errc::size_exceeded);
  CHECK(spool::toml::read<value, small_containers>("a = 1\nb = 2\nc = 3").error().code ==
        spool::errc::size_exceeded);
  CHECK(spool::toml::read<value, small_containers>("[[a]]\n[[a]]\n[[a]]").error().code ==
        spool::errc::size_exceeded);
}

TEST_CASE("streams, files, and reading into an existing value") {
  std::istringstream in("[server]\nport = 8080\n");
  spool::result<value> r = spool::toml::read<value>(in);
  REQUIRE(r);
  CHECK((*r)["server"]["port"] == value(8080));

  const auto path = std::filesystem::temp_directory_path() / "spool_toml_read_test.toml";
  std::ofstream(path, std::ios::binary) << "name = \"spool\"\n";
  CHECK(spool::toml::read_file<value>(path).value() == value::object({{"name", "spool"}}));
  std::filesystem::remove(path);
  CHECK(spool::toml::read_file<value>(path).error().code == spool::errc::io);

  value existing = value::array({1, 2});
  CHECK_FALSE(spool::toml::read("x = 1", existing));
  CHECK(existing == value::object({{"x", 1}}));
}

TEST_CASE("a pooled reader context forgets the previous document") {
  // The same thread reuses one context: the tables of the first document must not leak into the
  // second (which would reject [a] as defined twice).
  for (int i = 0; i < 3; ++i) {
    CHECK(read("[a]\nx = 1\n[[b]]\n[b.c]") == value::object({{"a", value::object({{"x", 1}})},
                                                             {"b", value::array({value::object({{"c", value::object()}})})}}));
  }
  CHECK_FALSE(accepts<spool::toml::read_options{}>("[a]\n[a]"));
  CHECK(accepts<spool::toml::read_options{}>("[a]"));
  // A document with many tables grows the bookkeeping; the next one still starts empty.
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "[t" + std::to_string(i) + ".sub]\n";
  CHECK(read(many).size() == 5000);
  CHECK(accepts<spool::toml::read_options{}>("[t1.sub]"));
}

TEST_CASE("large arrays read in linear time and exactly") {
  std::string text = "a = [";
  for (int i = 0; i < 100000; ++i) text += std::to_string(i) + ".5, ";
  text += "]";
  value v = read(text);
  REQUIRE(v["a"].size() == 100000);
  CHECK(v["a"][99999] == value(99999.5));
}

TEST_CASE("bare keys of 1 to 40 bytes: scanned 16 bytes per step and byte by byte, ends and errors as before") {
  const std::string_view alphabet = "aZ09_-zA9b-_Qx7m";
  for (std::size_t length = 1; length <= 40; ++length) {
    std::string key;
    for (std::size_t i = 0; i < length; ++i) key += alphabet[(i * 7 + length) % alphabet.size()];
    for (const std::string_view after : {"", "\n# a comment long enough to leave 16 bytes after every key\n"}) {
      // Key/value lines, spaced and not; a header of the key and a dotted header below it.
      const std::string text = key + " = 1\nt." + key + "=2\n[" + key + "x]\n[h." + key + "]\n" + key + "='v'" +
                               std::string(after);
      const value v = read(text);
      CHECK(v[key] == value(1));
      CHECK(v["t"][key] == value(2));
      CHECK(v[key + "x"].is_object());
      CHECK(v["h"][key][key] == value("v"));
      // A character no bare key holds right after the key, at every offset within a 16-byte step.
      for (const char stop : {'@', '[', '`', '{', '/', ':', '.', '~', '\x80', '\x7f'}) {
        if (stop == '.') continue;  // a dotted key
        const spool::error e = fails(key + stop + " = 1\n" + std::string(after));
        CHECK(e.line == 1);
        CHECK(e.column == length + 1);
      }
    }
  }
}

TEST_CASE("table keys listed where they lie in the input or, decoded, copied: repeats found either way") {
  // An escaped quoted key is decoded (copied into the registry), its plain spelling is a view.
  for (const std::string_view text : {"[a.\"b\\u0063\"]\n[a.bc]\n", "[a.bc]\n[a.\"b\\u0063\"]\n",
                                      "[a.\"bc\"]\n[a.bc]\n", "[\"a\\u0062\"]\nx = 1\n[ab]\n"}) {
    const spool::error e = fails(text);
    CHECK(e.code == spool::errc::duplicate_key);
    CHECK(e.line == (text.starts_with("[\"a") ? 3 : 2));
  }
  const value v = read("[a.\"b\\u0063\"]\nx = 1\n[a.bd]\ny = 2\n[a.\"bc\".c]\nz = 3\n");
  CHECK(v["a"]["bc"]["x"] == value(1));
  CHECK(v["a"]["bd"]["y"] == value(2));
  CHECK(v["a"]["bc"]["c"]["z"] == value(3));
  // The same pooled context reads another document: keys of the last one are not found.
  CHECK(read("[a.bc]\n")["a"]["bc"].is_object());
}
