// The JSON struct reader matches keys that come in declaration order against each field's quoted
// name and colon (bytes known at compile time) and hands any other key to its loop over the struct
// plan. Real documents leave that order anywhere: optional fields left out, unknown, repeated,
// escaped or spaced keys, keys one byte off a name, input cut short. Each must read exactly as the
// plan alone reads it, so this file is built twice (the second time with
// SPOOL_DISABLE_JSON_ORDERED_FIELDS) and both builds must hold the same values and errors.
#include <spool/json.hpp>

#include <doctest/doctest.h>

#include <support/struct_order.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace {

using spool::errc;
using namespace spool_test;  // the shared structs (support/struct_order.hpp)

struct point {
  int x = 0;
};
struct outer {
  std::string name;
  point inner;
  std::vector<point> list;
  with_defaults w;
};

// Keys "protected", and four that JSON must escape or that are not ASCII.
struct renamed {
  int protected_ = 0, quote = 0, slash = 0, tab = 0, accent = 0, plain = 0;
};

// 70 fields, more than a 64-bit mask holds; wide_of<64> skips the last six.
template <int Fields>
struct wide_of {
  int f00 = 0, f01 = 0, f02 = 0, f03 = 0, f04 = 0, f05 = 0, f06 = 0, f07 = 0, f08 = 0, f09 = 0;
  int f10 = 0, f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0;
  int f20 = 0, f21 = 0, f22 = 0, f23 = 0, f24 = 0, f25 = 0, f26 = 0, f27 = 0, f28 = 0, f29 = 0;
  int f30 = 0, f31 = 0, f32 = 0, f33 = 0, f34 = 0, f35 = 0, f36 = 0, f37 = 0, f38 = 0, f39 = 0;
  int f40 = 0, f41 = 0, f42 = 0, f43 = 0, f44 = 0, f45 = 0, f46 = 0, f47 = 0, f48 = 0, f49 = 0;
  int f50 = 0, f51 = 0, f52 = 0, f53 = 0, f54 = 0, f55 = 0, f56 = 0, f57 = 0, f58 = 0, f59 = 0;
  int f60 = 0, f61 = 0, f62 = 0, f63 = 0, f64 = 0, f65 = 0, f66 = 0, f67 = 0, f68 = 0, f69 = 0;
};
using wide = wide_of<70>;

struct circle { double r = 0; friend bool operator==(const circle&, const circle&) = default; };
struct rect { double w = 0, h = 0; friend bool operator==(const rect&, const rect&) = default; };
using shape = std::variant<circle, rect>;

// Described by members(): a data member and a getter/setter pair whose setter counts its calls.
class account {
 public:
  int id = 0, sets = 0;
  const std::vector<int>& tags() const { return tags_; }
  void set_tags(std::vector<int> t) { tags_ = std::move(t), ++sets; }
  struct spool_meta;

 private:
  std::vector<int> tags_;
};
struct account::spool_meta {
  static constexpr auto members =
      spool::members(spool::member("id", &account::id), spool::member("tags", &account::tags, &account::set_tags));
};

}  // namespace

template <>
struct spool::meta<wide_of<64>> {
  static constexpr auto fields = spool::field_options(spool::skip("f64"), spool::skip("f65"), spool::skip("f66"),
                                                      spool::skip("f67"), spool::skip("f68"), spool::skip("f69"));
};

template <>
struct spool::meta<renamed> {
  static constexpr auto fields =
      spool::field_options(spool::rename("protected_", "protected"), spool::rename("quote", "q\"t"),
                           spool::rename("slash", "b\\s"), spool::rename("tab", "t\tb"),
                           spool::rename("accent", "caf\xC3\xA9"));
};

namespace {

// An error's code, offset, line, column and path, compared at once and printed when they differ.
struct spot {
  errc code = errc::ok;
  std::size_t offset = 0;
  std::uint32_t line = 0, column = 0;
  std::string path;
  friend bool operator==(const spot&, const spot&) = default;
  friend std::ostream& operator<<(std::ostream& os, const spot& s) {
    return os << spool::to_string(s.code) << " at " << s.offset << " (" << s.line << ':' << s.column << ") path '"
              << s.path << "'";
  }
};

// The error reading `text` gives (errc::ok when it reads).
template <class T, spool::json::read_options O = spool::json::read_options{}>
spot fails(std::string_view text) {
  const spool::result<T> r = spool::json::read<T, O>(text);
  if (r.has_value()) return {};
  return {r.error().code, r.error().offset, r.error().line, r.error().column, r.error().path};
}

// The expected error at `offset` of `text`, its line and column counted here.
spot at(std::string_view text, errc code, std::size_t offset, std::string path) {
  const std::string_view before = text.substr(0, offset);
  const std::size_t newline = before.rfind('\n');
  const std::size_t column = newline == std::string_view::npos ? offset + 1 : offset - newline;
  return {code, offset, static_cast<std::uint32_t>(1 + std::count(before.begin(), before.end(), '\n')),
          static_cast<std::uint32_t>(column), std::move(path)};
}

template <class T, spool::json::read_options O = spool::json::read_options{}>
void check_fails(std::string_view text, errc code, std::size_t offset, std::string path) {
  CAPTURE(text);
  CHECK(fails<T, O>(text) == at(text, code, offset, std::move(path)));
}

template <class T, spool::json::read_options O = spool::json::read_options{}>
T read(std::string_view text) {
  spool::result<T> r = spool::json::read<T, O>(text);
  if (!r) FAIL_CHECK("cannot read " << std::string(text) << ": " << r.error().message());
  return r ? std::move(*r) : T{};
}

constexpr spool::json::read_options strict{.error_on_unknown_keys = true};

// A document and where it fails.
struct case_at { std::string_view text; std::size_t offset; std::string_view path; };

TEST_CASE("keys in declaration order, then out of it, spaced or escaped, read the same") {
  for (const std::string_view text :
       {R"({"a":1,"b":"x","c":3})", "{\n  \"a\": 1,\n  \"b\": \"x\",\n  \"c\": 3\n}",
        "{\r\n    \"a\": 1,\r\n    \"b\": \"x\",\r\n    \"c\": 3\r\n}", "{ \"a\" : 1 , \"b\"\t:\t\"x\" ,\"c\"\n:\n3 }",
        R"({"a":1,"c":3,"b":"x"})", R"({"c":3,"a":1,"b":"x"})", R"({"c":3,"b":"x","a":1})",
        "{\n  \"b\": \"x\",\n  \"a\": 1,\n  \"c\": 3\n}", R"({"\u0061":1,"b":"x","c":3})",
        R"({"a":1,"\u0062":"x","c":3})", R"({"a":1,"b":"x","\u0063":3})", "{\"a\"\n:1,\"b\"  :\"x\",\"c\":3}"}) {
    CAPTURE(text);
    CHECK(read<ordered>(text) == ordered{1, "x", 3});
    CHECK(read<ordered, strict>(text) == ordered{1, "x", 3});
  }
  constexpr spool::json::read_options lax{.comments = true, .trailing_commas = true};
  for (const std::string_view text : {R"({"a"/*k*/:1,"b":/*v*/"x","c":3/*e*/,})", "{\"a\":1,//c\n\"b\":\"x\",\"c\":3}"})
    CHECK(read<ordered, lax>(text) == ordered{1, "x", 3});
  check_fails<ordered>(R"({"a":/*v*/1})", errc::syntax, 5, "a");
  CHECK(read<ordered>("{}") == ordered{});
  CHECK(read<ordered>(R"({"b":"\"a\":9"})") == ordered{0, "\"a\":9", 0});  // a key's bytes inside a value
}

TEST_CASE("unknown keys before, between and after known ones: skipped, or refused by name") {
  for (const case_at d : {case_at{R"({"z":0,"a":1,"b":"x","c":3})", 1, "z"},
                          case_at{R"({"ab":0,"a":1,"b":"x","c":3})", 1, "ab"},
                          case_at{R"({"a":1,"ab":{"a":2,"b":[1,"x"]},"b":"x","c":3})", 7, "ab"},
                          case_at{R"({"a":1,"b":"x","":[],"c":3})", 15, "[\"\"]"},
                          case_at{R"({"a":1,"b":"x","c":3,"c_":null})", 21, "c_"},
                          case_at{R"({"A":9,"a":1,"b":"x","c":3})", 1, "A"},
                          case_at{"{\"a\":1,\n \"b \":true,\"b\":\"x\",\"c\":3}", 9, "[\"b \"]"}}) {
    CHECK(read<ordered>(d.text) == ordered{1, "x", 3});
    check_fails<ordered, strict>(d.text, errc::unknown_key, d.offset, std::string(d.path));
  }
}

TEST_CASE("a repeated key, right after itself or later, is a duplicate at the second one") {
  for (const std::string_view text :
       {R"({"a":1,"a":2})", R"({"a":1,"b":"x","a":2})", R"({"c":1,"a":1,"b":"x","a":2})", R"({"a":1,"\u0061":2})"})
    check_fails<ordered>(text, errc::duplicate_key, text.rfind(",\"") + 1, "a");
  check_fails<ordered>("{\n  \"a\": 1,\n  \"b\": \"x\",\n  \"c\": 3,\n  \"c\": 4\n}", errc::duplicate_key, 36, "c");
  check_fails<ordered>(R"({"a":1,"b":"x","\u0062":"y"})", errc::duplicate_key, 15, "b");
  check_fails<gapped>(R"({"a":1,"c":"x","e":5,"a":2})", errc::duplicate_key, 21, "a");
}

TEST_CASE("fields left out at the start, in the middle and at the end; keys too early after a gap") {
  CHECK(read<gapped>(R"({"b":2,"c":"x","d":"y","e":5})") == gapped{0, 2, "x", "y", 5});
  CHECK(read<gapped>(R"({"c":"x","e":5})") == gapped{0, std::nullopt, "x", std::nullopt, 5});
  CHECK(read<gapped>(R"({"a":1,"c":"x","e":5})") == gapped{1, std::nullopt, "x", std::nullopt, 5});
  CHECK(read<gapped>(R"({"a":1,"b":null,"c":"x"})") == gapped{1, std::nullopt, "x", std::nullopt, 0});
  CHECK(read<gapped>(R"({"a":1,"b":2})") == gapped{1, 2, "", std::nullopt, 0});
  CHECK(read<gapped>(R"({"e":5})") == gapped{0, std::nullopt, "", std::nullopt, 5});
  // "e" before "c" after a gap, then the fields passed over; then every key reversed.
  CHECK(read<gapped>(R"({"a":1,"e":5,"c":"x","b":2})") == gapped{1, 2, "x", std::nullopt, 5});
  CHECK(read<gapped>(R"({"a":1,"d":"y","b":2,"e":5})") == gapped{1, 2, "", "y", 5});
  CHECK(read<gapped>(R"({"e":5,"d":"y","c":"x","b":2,"a":1})") == gapped{1, 2, "x", "y", 5});
  check_fails<gapped>(R"({"a":1,"d":3})", errc::unexpected_type, 11, "d");  // after a gap
}

constexpr std::size_t length_count = spool_test::key_length_count;
const auto length_names = [] {
  std::array<std::string, length_count> names;
  for (std::size_t i = 0; i < length_count; ++i) names[i] = spool_test::key_length_names[i];
  return names;
}();

// {"a":1,"bc":2,...}, field `changed` spelled `key` (with its colon) and given `value`; `key_at`
// is where that key starts.
std::string lengths_doc(std::size_t changed = length_count, const std::string& key = "", std::size_t value = 0,
                        std::size_t* key_at = nullptr) {
  std::string text = "{";
  for (std::size_t i = 0; i < length_count; ++i) {
    if (i == changed && key_at != nullptr) *key_at = text.size();
    text += (i == changed ? key : '"' + length_names[i] + "\":") + std::to_string(i == changed ? value : i + 1) + ',';
  }
  text.back() = '}';
  return text;
}

TEST_CASE("a key one byte off a name, or a prefix or extension of it, is not the field; its other spellings are") {
  CHECK(length_names[12].size() == 40);
  const auto u = [](char c) { return std::string("\\u00") + "0123456789abcdef"[c >> 4] + "0123456789abcdef"[c & 15]; };
  const std::string all = lengths_doc();
  for (std::size_t i = 0; i < length_count; ++i) {
    const std::string& name = length_names[i];
    const std::string q = '"' + name + '"', head = name.substr(0, name.size() - 1);
    const std::string without = lengths_doc(i, q + ":", 0);
    for (const std::string& key : {q + ":", q + " :", q + "\n:", q + ":\n  ", '"' + u(name[0]) + name.substr(1) + "\":",
                                   '"' + head + u(name.back()) + "\":"}) {
      CAPTURE(key);
      CHECK(spool::json::write(read<key_lengths, strict>(lengths_doc(i, key, i + 1))) == all);
    }
    std::vector<std::string> others = {head, name + "_", name + name};
    for (std::size_t b = 0; b < name.size(); ++b)
      others.push_back(name.substr(0, b) + static_cast<char>(name[b] ^ 1) + name.substr(b + 1));
    for (const std::string& other : others) {
      std::size_t key_at = 0;
      const std::string text = lengths_doc(i, '"' + other + "\":", i + 1, &key_at);
      CAPTURE(text);
      CHECK(spool::json::write(read<key_lengths>(text)) == without);
      spool::error named;
      CHECK(fails<key_lengths, strict>(text) == at(text, errc::unknown_key, key_at, named.at_key(other).path));
    }
  }
  constexpr spool::json::read_options short_strings{.max_string_length = 2};
  CHECK(read<key_lengths, short_strings>(R"({"a":1,"bc":2})").l2 == 2);
  // A key too long is reported past its closing quote (a string value at its opening quote).
  check_fails<key_lengths, short_strings>(R"({"a":1,"bc":2,"cde":3})", errc::size_exceeded, 19, "");
  check_fails<key_lengths, short_strings>(R"({"a":1,"xyz":3})", errc::size_exceeded, 12, "");
  check_fails<ordered, short_strings>(R"({"a":1,"b":"xyz"})", errc::size_exceeded, 11, "b");
}

// Every prefix of `whole` fails where it stops, naming the member whose colon was read and whose
// value was not read yet; read as a view into `whole` (the bytes after it are the rest) and as an
// exact copy (no byte after it, for sanitizers), the same.
template <class T>
void check_cuts(std::string_view whole) {
  for (std::size_t n = 0; n < whole.size(); ++n) {
    const std::string_view view = whole.substr(0, n);
    const auto copy = std::make_unique<char[]>(n);
    std::memcpy(copy.get(), whole.data(), n);
    std::string path;
    for (std::size_t colon = whole.find("\":"); colon != std::string_view::npos; colon = whole.find("\":", colon + 1)) {
      if (n < colon + 2 || n >= whole.find_first_of(",\n}", colon + 2)) continue;  // colon + 1: the ':'
      // A number cut short is a whole number (the object then lacks its ',' or '}').
      const std::string_view begun = whole.substr(colon + 2, n - colon - 2);
      const std::size_t first = begun.find_first_not_of(' '), key_start = whole.rfind('"', colon - 1) + 1;
      if (first == std::string_view::npos || begun[first] == '"') path = whole.substr(key_start, colon - key_start);
    }
    CAPTURE(view);
    CHECK(fails<T>(view) == at(view, n == 0 ? errc::empty_input : errc::unexpected_end, n, path));
    CHECK(fails<T>(std::string_view(copy.get(), n)) == fails<T>(view));
  }
}

TEST_CASE("a document cut off at any byte fails where it stops, and nothing past its end is read") {
  check_cuts<ordered>(R"({"a":1,"b":"x","c":3})");
  check_cuts<ordered>("{\n  \"a\": 1,\n  \"b\": \"x\",\n  \"c\": 3\n}");
  check_cuts<key_lengths>(lengths_doc());
}

TEST_CASE("a key followed by something other than a colon is a syntax error there") {
  for (const case_at d : {case_at{R"({"a"})", 4, ""}, case_at{R"({"a",1})", 4, ""}, case_at{R"({"a" 1})", 5, ""},
                          case_at{"{\"a\"\n}", 5, ""}, case_at{R"({"a";1})", 4, ""}, case_at{R"({"a"::1})", 5, "a"},
                          case_at{R"({"a":1,"b"})", 10, ""}, case_at{R"({"a":1,"b"="x"})", 10, ""},
                          case_at{R"({"a":1 "b":"x"})", 7, ""}, case_at{R"({"a":1,})", 7, ""},
                          case_at{R"({"a":1,,"b":"x"})", 7, ""}, case_at{R"({a:1})", 1, ""},
                          case_at{R"({"a":1,"c":3,"b"})", 16, ""}, case_at{R"({"a":1]})", 6, ""}})
    check_fails<ordered>(d.text, errc::syntax, d.offset, std::string(d.path));
}

TEST_CASE("an error inside a member read in order names it in the path, at its offset") {
  check_fails<ordered>(R"({"a":"notanumber"})", errc::unexpected_type, 5, "a");
  check_fails<ordered>(R"({"a":1,"b":2,"c":3})", errc::unexpected_type, 11, "b");
  check_fails<ordered>(R"({"a":1,"b":"x","c":1.5})", errc::unexpected_type, 19, "c");
  check_fails<ordered>(R"({"a":4294967296})", errc::out_of_range, 5, "a");
  check_fails<ordered>(R"({"a":1,"b":"\q"})", errc::invalid_escape, 12, "b");
  check_fails<outer>(R"({"name":"n","inner":{"x":"s"}})", errc::unexpected_type, 25, "inner.x");
  check_fails<outer>(R"({"name":"n","inner":{"x":1,"x":2}})", errc::duplicate_key, 27, "inner.x");
  const std::string_view list = "{\n  \"name\": \"n\",\n  \"list\": [\n    {\"x\": 1},\n    {\"x\": true}\n  ]\n}";
  check_fails<outer>(list, errc::unexpected_type, list.find("true"), "list[1].x");
  check_fails<outer, strict>(R"({"list":[{"x":1},{"x":2,"y":3}]})", errc::unknown_key, 24, "list[1].y");
}

TEST_CASE("required fields, defaults and require_all_fields when fields are left out between others") {
  check_fails<with_defaults>(R"({"first":1,"third":"t"})", errc::missing_key, 0, "second");
  check_fails<outer>(R"({"name":"n","w":{"first":1,"third":"t"},"list":[]})", errc::missing_key, 16, "w.second");
  CHECK(spool::json::write(read<with_defaults>(R"({"second":2})")) == R"({"first":0,"second":2,"third":"none"})");
  for (const std::string_view text : {R"({"first":1,"third":"t","second":2})", R"({"third":"t","second":2,"first":1})"})
    CHECK(spool::json::write(read<with_defaults>(text)) == R"({"first":1,"second":2,"third":"t"})");
  constexpr spool::json::read_options all{.require_all_fields = true};
  check_fails<with_defaults, all>(R"({"first":1,"second":2})", errc::missing_key, 0, "third");
  check_fails<with_defaults, all>(R"({"second":2,"third":"t"})", errc::missing_key, 0, "first");
  CHECK(read<with_defaults, all>(R"({"third":"t","first":1,"second":2})").third == "t");
  CHECK(read<gapped, all>(R"({"a":1,"c":"x","e":5})") == gapped{1, std::nullopt, "x", std::nullopt, 5});
  check_fails<gapped, all>(R"({"a":1,"b":2,"e":5})", errc::missing_key, 0, "c");
}

TEST_CASE("renamed fields, names JSON must escape, nested structs and vectors of them") {
  const std::string all = "{\"protected\":1,\"q\\\"t\":2,\"b\\\\s\":3,\"t\\tb\":4,\"caf\xC3\xA9\":5,\"plain\":6}";
  for (const std::string_view text :
       {std::string_view(all),
        std::string_view(R"({"plain":6,"caf\u00e9":5,"t\u0009b":4,"b\u005cs":3,"q\u0022t":2,"protected":1})"),
        std::string_view(R"({"protected":1,"q\"t":2,"b\/s":0,"b\\s":3,"t\tb":4,"caf\u00E9":5,"plain":6})")}) {
    CAPTURE(text);
    CHECK(spool::json::write(read<renamed>(text)) == all);
  }
  CHECK(spool::json::write(read<renamed>(R"({"protected_":9,"plain":6})")) ==
        "{\"protected\":0,\"q\\\"t\":0,\"b\\\\s\":0,\"t\\tb\":0,\"caf\xC3\xA9\":0,\"plain\":6}");
  check_fails<renamed>(R"({"protected":1,"q\"t":2,"q\u0022t":3})", errc::duplicate_key, 24, R"(["q\"t"])");
  check_fails<renamed, strict>(R"({"protected":1,"q\"t":2,"b\/s":3})", errc::unknown_key, 24, R"(["b/s"])");
  for (const std::string_view text :
       {R"({"name":"n","inner":{"x":1},"list":[{"x":2},{"x":3}],"w":{"second":4}})",
        R"({"w":{"second":4},"list":[{"x":2},{"x":3}],"inner":{"x":1},"name":"n"})",
        "{\n  \"name\": \"n\",\n  \"inner\": {\n    \"x\": 1\n  },\n  \"list\": [\n    {\n      \"x\": 2\n    },\n"
        "    {\n      \"x\": 3\n    }\n  ],\n  \"w\": {\n    \"second\": 4\n  }\n}"}) {
    CAPTURE(text);
    CHECK(spool::json::write(read<outer>(text)) ==
          R"({"name":"n","inner":{"x":1},"list":[{"x":2},{"x":3}],"w":{"first":0,"second":4,"third":"none"}})");
  }
}

// {"f00":1,"f01":2,...} with the fields in `order`, those in `zero` given 0.
std::string wide_doc(const std::vector<std::size_t>& order, const std::vector<std::size_t>& zero = {}) {
  std::string text = "{";
  for (const std::size_t f : order) {
    const bool is_zero = std::find(zero.begin(), zero.end(), f) != zero.end();
    text += "\"f" + std::to_string(f / 10) + std::to_string(f % 10) + "\":" + std::to_string(is_zero ? 0 : f + 1) + ',';
  }
  text.back() = '}';
  return text;
}

TEST_CASE("a struct of more than 64 fields, in order or not, within max_container_size or not") {
  std::vector<std::size_t> order(70);
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::string all = wide_doc(order);
  CHECK(spool::json::write(read<wide>(all)) == all);
  CHECK(spool::json::write(read<wide>(wide_doc({order.rbegin(), order.rend()}))) == all);
  std::vector<std::size_t> gaps = order;
  for (const std::size_t left_out : {66, 33, 0}) gaps.erase(gaps.begin() + left_out);
  CHECK(spool::json::write(read<wide>(wide_doc(gaps))) == wide_doc(order, {0, 33, 66}));
  std::vector<std::size_t> late = gaps;
  late.insert(late.end(), {66, 33, 0});
  CHECK(spool::json::write(read<wide>(wide_doc(late))) == all);
  late.push_back(65);
  check_fails<wide>(wide_doc(late), errc::duplicate_key, wide_doc(late).rfind("\"f65\""), "f65");
  std::string bad = all;
  bad.replace(bad.find("68"), 2, "\"x\"");
  check_fails<wide>(bad, errc::unexpected_type, all.find("68"), "f67");
  std::string unknown = all;
  unknown.insert(all.find("\"f65\""), "\"f70\":71,");
  CHECK(spool::json::write(read<wide>(unknown)) == all);
  check_fails<wide, strict>(unknown, errc::unknown_key, all.find("\"f65\""), "f70");
  constexpr spool::json::read_options limit{.max_container_size = 64};
  check_fails<wide, limit>(all, errc::size_exceeded, all.find("\"f64\""), "");
  const std::vector<std::size_t> first64(order.begin(), order.begin() + 64);
  CHECK(spool::json::write(read<wide, limit>(wide_doc(first64))) == wide_doc(order, {64, 65, 66, 67, 68, 69}));
  // Exactly 64 fields: the last one read in order, repeated, failing; keys past it unknown.
  const std::string all64 = wide_doc(first64);
  CHECK(spool::json::write(read<wide_of<64>>(all64)) == all64);
  CHECK(spool::json::write(read<wide_of<64>>(wide_doc({first64.rbegin(), first64.rend()}))) == all64);
  CHECK(spool::json::write(read<wide_of<64>, limit>(all64)) == all64);
  CHECK(spool::json::write(read<wide_of<64>>(all)) == all64);
  check_fails<wide_of<64>, strict>(all, errc::unknown_key, all.find("\"f64\""), "f64");
  check_fails<wide_of<64>>(all64.substr(0, all64.size() - 1) + ",\"f63\":1}", errc::duplicate_key, all64.size(), "f63");
  check_fails<wide_of<64>>(all64.substr(0, all64.size() - 3) + "true}", errc::unexpected_type, all64.size() - 3, "f63");
}

TEST_CASE("max_container_size counts members whether their keys come in order or not") {
  constexpr spool::json::read_options two{.max_container_size = 2};
  for (const std::string_view text : {R"({"a":1,"b":"x","c":3})", R"({"c":3,"b":"x","a":1})", R"({"a":1,"z":0,"c":3})"})
    check_fails<ordered, two>(text, errc::size_exceeded, text.rfind(",\"") + 1, "");
  CHECK(read<ordered, two>(R"({"a":1,"c":3})") == ordered{1, "", 3});
  CHECK(read<ordered, two>(R"({"b":"x","a":1})") == ordered{1, "x", 0});
}

TEST_CASE("a tagged variant of structs, the tag first, in the middle or last") {
  constexpr spool::json::read_options tagged{.variant_tag = "type"};
  constexpr spool::json::read_options tagged_strict{.error_on_unknown_keys = true, .variant_tag = "type"};
  for (const std::string_view text : {R"({"type":"rect","w":1,"h":2})", R"({"w":1,"type":"rect","h":2})",
                                      R"({"w":1,"h":2,"type":"rect"})",
                                      "{\n  \"h\": 2,\n  \"type\": \"rect\",\n  \"w\": 1\n}"}) {
    CAPTURE(text);
    CHECK(read<shape, tagged>(text) == shape{rect{1, 2}});
    CHECK(read<shape, tagged_strict>(text) == shape{rect{1, 2}});
  }
  const std::string_view many = R"([{"type":"circle","r":1},{"r":2,"type":"circle"},{"w":3,"type":"rect"}])";
  CHECK(read<std::vector<shape>, tagged>(many) == std::vector<shape>{circle{1}, circle{2}, rect{3, 0}});
  check_fails<shape, tagged>(R"({"type":"rect","w":1,"h":"x"})", errc::unexpected_type, 25, "h");
  check_fails<shape, tagged>(R"({"w":1,"type":"rect","w":2})", errc::duplicate_key, 21, "w");
  check_fails<shape, tagged_strict>(R"({"type":"rect","w":1,"r":2})", errc::unknown_key, 21, "r");
  check_fails<shape, tagged>(R"({"w":1,"h":2})", errc::missing_key, 0, "type");
}

TEST_CASE("reading into an object that holds values: members left out keep theirs, defaults are applied") {
  ordered o{5, "old", 6};
  REQUIRE_FALSE(spool::json::read(R"({"b":"new"})", o));
  CHECK(o == ordered{5, "new", 6});
  REQUIRE_FALSE(spool::json::read(R"({"c":7,"a":8})", o));
  CHECK(o == ordered{8, "new", 7});
  gapped g{7, 8, "old", "kept", 9};
  REQUIRE_FALSE(spool::json::read(R"({"e":1,"b":null})", g));
  CHECK(g == gapped{7, std::nullopt, "old", "kept", 1});
  with_defaults d{5, 6, "x"};  // "third" is not kept: it gets its default_value
  REQUIRE_FALSE(spool::json::read(R"({"second":2})", d));
  CHECK(spool::json::write(d) == R"({"first":5,"second":2,"third":"none"})");
  outer n{"kept", {1}, {{1}, {2}, {3}}, {}};
  REQUIRE_FALSE(spool::json::read(R"({"list":[{"x":9}],"w":{"second":1}})", n));
  CHECK(spool::json::write(n) ==
        R"({"name":"kept","inner":{"x":1},"list":[{"x":9}],"w":{"first":0,"second":1,"third":"none"}})");
  // A document that fails part-way leaves what it read before the error.
  REQUIRE(spool::json::read(R"({"a":1,"b":2})", o).code == errc::unexpected_type);
  CHECK(o == ordered{1, "new", 7});
}

TEST_CASE("a getter/setter member gets what was read whole, and nothing from a value that fails") {
  for (const std::string_view text : {R"({"id":1,"tags":[1,2]})", R"({"tags":[1,2],"id":1})"}) {
    CAPTURE(text);
    account a;
    REQUIRE_FALSE(spool::json::read(text, a));
    CHECK(spool::json::write(a) == R"({"id":1,"tags":[1,2]})");
    CHECK(a.sets == 1);
    const spool::error e = spool::json::read(R"({"id":2,"tags":[7,"x"]})", a);
    CHECK(e.code == errc::unexpected_type);
    CHECK(e.offset == 18);
    CHECK(e.path == "tags[1]");
    CHECK(spool::json::write(a) == R"({"id":2,"tags":[1,2]})");  // the setter was not called
    CHECK(a.sets == 1);
  }
}

}  // namespace
