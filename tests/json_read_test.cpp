// The JSON reader: structs, options, reading into existing objects, whole-input sources.
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <spool/json.hpp>

namespace json_read_test {

struct point {
  double x = 0;
  double y = 0;
  friend bool operator==(const point&, const point&) = default;
};

struct user {
  std::uint64_t id = 0;
  std::string name;
  std::optional<std::string> email;
  std::vector<point> path;
  bool admin = false;
};

struct server {
  std::string host;
  int port = 0;
  int max_connections = 0;
};

class account {
 public:
  int id() const { return id_; }
  const std::string& name() const { return name_; }
  void set_name(std::string n) { name_ = std::move(n); }

  struct spool_meta;

 private:
  int id_ = 0;
  std::string name_;
};

struct account::spool_meta {
  static constexpr auto members =
      spool::members(spool::member("id", &account::id_), spool::member("name", &account::name, &account::set_name));
};

struct quoted_key {
  int a = 0;
  int b = 0;
};

// Nine struct types in one element, ten with the element's: more than a plan memo holds, so
// reading one element cycles the memo through all of them.
template <int I>
struct leaf {
  int v = 0;
};

struct ten_types {
  leaf<0> a;
  leaf<1> b;
  leaf<2> c;
  leaf<3> d;
  leaf<4> e;
  leaf<5> f;
  leaf<6> g;
  leaf<7> h;
  leaf<8> i;
};

}  // namespace json_read_test

using namespace json_read_test;

template <>
struct spool::meta<server> {
  static constexpr auto naming = spool::naming::kebab_case;
  static constexpr auto fields = spool::field_options(spool::default_value("port", 8080));
};

template <>
struct spool::meta<quoted_key> {
  static constexpr auto fields = spool::field_options(spool::rename("b", "x\"y"));
};

TEST_CASE("a struct reads field by field, in any order, skipping unknown keys") {
  auto u = spool::json::read<user>(
      R"( { "admin": true, "path": [{"y": 2.5, "x": 1}], "junk": {"a": [1, "x", null]}, "name": "ann", "id": 7 } )");
  REQUIRE(u);
  CHECK(u->id == 7);
  CHECK(u->name == "ann");
  CHECK_FALSE(u->email);
  REQUIRE(u->path.size() == 1);
  CHECK(u->path[0] == point{1, 2.5});
  CHECK(u->admin);
  CHECK(spool::json::write(*u) == R"({"id":7,"name":"ann","email":null,"path":[{"x":1.0,"y":2.5}],"admin":true})");
}

TEST_CASE("naming policies and defaults from spool::meta") {
  auto s = spool::json::read<server>(R"({"host": "h", "max-connections": 5})");
  REQUIRE(s);
  CHECK(s->port == 8080);  // default_value for the absent key
  CHECK(s->max_connections == 5);
  CHECK(spool::json::write(*s) == R"({"host":"h","port":8080,"max-connections":5})");
  CHECK(spool::json::read<server>(R"({"port": 1})").value().port == 1);
}

TEST_CASE("non-aggregates through members(): fields and getter/setter pairs") {
  auto a = spool::json::read<account>(R"({"id": 3, "name": "bob"})");
  REQUIRE(a);
  CHECK(a->id() == 3);
  CHECK(a->name() == "bob");
  CHECK(spool::json::write(*a) == R"({"id":3,"name":"bob"})");
}

TEST_CASE("comments and trailing commas only when asked for") {
  const char* text = R"(// config
  {
    "host": "h", /* the host */
    "port": 1,
  }
  )";
  CHECK(spool::json::read<server>(text).error().code == spool::errc::syntax);
  constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
  auto s = spool::json::read<server, lenient>(text);
  REQUIRE_MESSAGE(s.has_value(), s.error().message());
  CHECK(s->host == "h");
  CHECK(spool::json::read<std::vector<int>, lenient>("[1, 2, /* three */ 3,]").value() == std::vector<int>{1, 2, 3});
  CHECK(spool::json::read<std::vector<int>, lenient>("[,]").error().code == spool::errc::syntax);
  CHECK(spool::json::read<spool::value, lenient>("[1 /* open").error().code == spool::errc::unexpected_end);
  CHECK(spool::json::read<spool::value, lenient>("[1 / 2]").error().code == spool::errc::syntax);
  constexpr spool::json::read_options comments_only{.comments = true};
  CHECK(spool::json::read<spool::value, comments_only>("[1 // x\xFF\n]").error().code == spool::errc::invalid_utf8);
}

TEST_CASE("reading into an existing object reuses capacity and drops surplus elements") {
  user u;
  REQUIRE_FALSE(spool::json::read(R"({"name": "a long enough name to live on the heap", "path": [{"x":1}, {"x":2}, {"x":3}]})", u));
  const char* name_storage = u.name.data();
  const point* path_storage = u.path.data();
  REQUIRE_FALSE(spool::json::read(R"({"name": "short", "path": [{"x":9,"y":9}]})", u));
  CHECK(u.name == "short");
  CHECK(u.name.data() == name_storage);
  REQUIRE(u.path.size() == 1);
  CHECK(u.path.data() == path_storage);
  CHECK(u.path[0] == point{9, 9});
  // Members the document does not name keep their values.
  u.id = 42;
  REQUIRE_FALSE(spool::json::read(R"({"admin": true})", u));
  CHECK(u.id == 42);
  CHECK(u.name == "short");
  std::map<std::string, int> m{{"old", 1}};
  REQUIRE_FALSE(spool::json::read(R"({"new": 2})", m));
  CHECK(m == std::map<std::string, int>{{"new", 2}});
}

TEST_CASE("strings: escapes decode, UTF-8 passes, control characters must be escaped") {
  CHECK(spool::json::read<std::string>(R"("a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\u20ac\ud83d\ude00")").value() ==
        "a\"b\\c/d\be\ff\ng\rh\ti" "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
  CHECK(spool::json::read<std::string>("\"\xE6\x97\xA5\xE6\x9C\xAC\"").value() == "\xE6\x97\xA5\xE6\x9C\xAC");
  CHECK(spool::json::read<std::string>(R"("\u0000")").value() == std::string(1, '\0'));
  std::string long_escaped = "\"";
  for (int i = 0; i < 100; ++i) long_escaped += "abcdefghijklmnop\\n";
  long_escaped += "\"";
  CHECK(spool::json::read<std::string>(long_escaped).value().size() == 1700);
  // Escaped keys are matched after decoding.
  CHECK(spool::json::read<server>(R"({"ho\u0073t": "x"})").value().host == "x");
}

TEST_CASE("keys compared with the next declared one: every other spelling still finds its field") {
  // In order (each key matched from the input's bytes), out of order, repeated, escaped, a prefix
  // or an extension of the expected key, and cut off at the end.
  CHECK(spool::json::read<user>(R"({"id":1,"name":"a","email":"e","path":[],"admin":true})").value().admin);
  const user mixed = spool::json::read<user>(R"({"name":"a","id":2,"i":0,"idx":3,"admin":true,"\u0065mail":"e"})").value();
  CHECK(mixed.id == 2);
  CHECK(mixed.name == "a");
  CHECK(mixed.email == "e");
  const spool::error twice = spool::json::read<user>(R"({"id":1,"id":2})").error();
  CHECK(twice.code == spool::errc::duplicate_key);
  CHECK(twice.offset == 8);
  CHECK(spool::json::read<user>(R"({"id":1,"\u0069d":2})").error().code == spool::errc::duplicate_key);
  CHECK(spool::json::read<user>(R"({"id")").error().code == spool::errc::unexpected_end);
  CHECK(spool::json::read<user>(R"({"id)").error().code == spool::errc::unexpected_end);
  CHECK(spool::json::read<user>(R"({"id"  :  1  , "name" : "n" })").value().name == "n");
  const spool::error colon = spool::json::read<user>(R"({"id" 1})").error();
  CHECK(colon.code == spool::errc::syntax);
  CHECK(colon.offset == 6);
  constexpr spool::json::read_options strict{.error_on_unknown_keys = true};
  user u;
  const spool::error unknown = spool::json::read<strict>(R"({"id":1,"ids":2})", u);
  CHECK(unknown.code == spool::errc::unknown_key);
  CHECK(unknown.offset == 8);
  // A key that JSON must escape is never compared verbatim: `"x"y"` is no key.
  CHECK(spool::json::read<quoted_key>(R"({"a":1,"x\"y":2})").value().b == 2);
  CHECK(spool::json::read<quoted_key>(R"({"a":1,"x"y":2})").error().code == spool::errc::syntax);
}

TEST_CASE("UTF-8 checked 16 bytes per step from a string's first non-ASCII byte fails where it is") {
  const std::string cjk = "\"\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E abc \xC3\xA9\xF0\x9F\x98\x80\"";
  CHECK(spool::json::read<std::string>(cjk).value() == cjk.substr(1, cjk.size() - 2));
  // The error is where the string reader finds it, and a syntax error before it comes first.
  const spool::error bad = spool::json::read<std::vector<std::string>>("[\"ok\", \"a\xE6\x97\"]").error();
  CHECK(bad.code == spool::errc::invalid_utf8);
  CHECK(bad.offset == 9);
  CHECK(spool::json::read<std::vector<std::string>>("[\"ok\",, \"a\xFF\"]").error().code == spool::errc::syntax);
  // A sequence cut off by the closing quote, or by the end of the input.
  CHECK(spool::json::read<std::string>("\"\xE6\x97\"").error().code == spool::errc::invalid_utf8);
  CHECK(spool::json::read<std::string>("\"abc\xF0\x9F\x98").error().code == spool::errc::invalid_utf8);
  // Long inputs go through the blocks of 64 and 16 bytes: the bad byte anywhere is found.
  for (std::size_t at = 1; at < 150; at += 7) {
    std::string text = "\"" + std::string(160, 'a') + "\"";
    text.replace(at, 3, "\xE6\x97\xA5");
    CHECK(spool::json::read<std::string>(text));
    text[at + 1] = 'x';
    const spool::error e = spool::json::read<std::string>(text).error();
    CHECK(e.code == spool::errc::invalid_utf8);
    CHECK(e.offset == at);
  }
  // The stretch checked at once ends at a backslash or the quote: the bad byte is found on either
  // side of escapes, in keys and in skipped values, with CJK text all around it.
  const std::string cjk_run = "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E";  // 18 bytes
  for (const std::string& bad_seq : {std::string("\xFF"), std::string("\xE6\x97"), std::string("\xED\xA0\x80")}) {
    for (std::size_t at = 0; at <= 2 * cjk_run.size() + 2; ++at) {
      std::string body = cjk_run + "\\n" + cjk_run;
      const std::string good = body;
      body.insert(at, bad_seq);
      if (body.compare(at + bad_seq.size(), 1, "n") == 0 && at > 0 && body[at - 1] == '\\') continue;  // split the escape
      const std::string as_string = "\"" + body + "\"";
      const spool::error e = spool::json::read<std::string>(as_string).error();
      CHECK(e.code == spool::errc::invalid_utf8);
      // The first byte of a sequence the bytes before it leave unfinished, or the bad byte.
      CHECK(e.offset <= 1 + at + (bad_seq.size() == 3 ? 1 : 0));
      CHECK(e.offset >= (at >= 2 ? at - 2 : 0));
      const std::string as_key = "{\"" + body + "\":1}";
      CHECK(spool::json::read<spool::value>(as_key).error().code == spool::errc::invalid_utf8);
      const std::string skipped = "{\"id\":1,\"unknown\":[\"" + body + "\"]}";
      CHECK(spool::json::read<user>(skipped).error().code == spool::errc::invalid_utf8);
      CHECK(spool::json::read<std::string>("\"" + good + "\"").value() == cjk_run + "\n" + cjk_run);
    }
  }
  // Cut off inside the string: the text checked up to the end, then the missing quote.
  CHECK(spool::json::read<std::string>("\"" + cjk_run + cjk_run).error().code == spool::errc::unexpected_end);
  CHECK(spool::json::read<std::string>("\"" + cjk_run + "\xE6\x97").error().code == spool::errc::invalid_utf8);
  // The reader leased next reads with the check on again.
  CHECK(spool::json::read<std::string>("\"\xC0\xAF\"").error().code == spool::errc::invalid_utf8);
}

TEST_CASE("whitespace: runs of every length and mix, up to the end of the input") {
  // Runs shorter and longer than the 32 bytes classified at once, ending at every offset of a
  // block, and close to the end of the input where whole blocks no longer fit.
  const std::string kinds[] = {" ", "\n", "\t", "\r\n", "\n    "};
  for (std::size_t n = 0; n < 80; n += (n < 40 ? 1 : 7)) {
    for (const std::string& kind : kinds) {
      std::string run;
      while (run.size() < n) run += kind;
      const std::string text = run + "[" + run + "1" + run + "," + run + "{" + run + "\"a\"" + run + ":" + run + "2" + run + "}" + run + "]" + run;
      auto v = spool::json::read<spool::value>(text);
      REQUIRE_MESSAGE(v, "run of " << n);
      CHECK(spool::json::write(*v) == R"([1,{"a":2}])");
      // Whatever follows a run that is not whitespace ends it, even a byte below the space.
      const spool::error e = spool::json::read<std::vector<int>>("[1," + run + "\v2]").error();
      CHECK(e.code == spool::errc::syntax);
      CHECK(e.offset == 3 + run.size());
    }
  }
}

TEST_CASE("a newline and its indentation: every length, what ends it, near the end of the input") {
  // The 32 bytes after a newline are compared with spaces at once: indentations below, at and
  // above that width, ended by a token, by other whitespace, by a byte that is neither (below the
  // space, or above 0x7F), or by the end of the input within or past those 32 bytes.
  for (std::size_t k = 0; k <= 70; ++k) {
    const std::string indent = "\n" + std::string(k, ' ');
    for (const std::string& then : {std::string(), std::string("\t"), std::string("\r\n "), std::string("\n" + std::string(40, ' '))}) {
      const std::string gap = indent + then;
      const std::string text = "{" + gap + "\"a\": [" + gap + "1," + gap + "2" + gap + "]," + gap + "\"b\":" + gap + "true" + gap + "}" + gap;
      auto v = spool::json::read<spool::value>(text);
      REQUIRE_MESSAGE(v, "indentation of " << k);
      CHECK(spool::json::write(*v) == R"({"a":[1,2],"b":true})");
      std::map<std::string, spool::value> m;
      CHECK_FALSE(spool::json::read(text, m));
      CHECK(m.size() == 2);
    }
    for (const char stray : {'\v', '\0', '\x7F', '\xC3'}) {
      const std::string text = "[1," + indent + std::string(1, stray) + "2]";
      const spool::error e = spool::json::read<std::vector<int>>(text).error();
      CHECK_MESSAGE(e.offset == 3 + indent.size(), "indentation of " << k << ", byte " << int(stray));
      CHECK(e.code != spool::errc::ok);
    }
    // Cut off inside or right after the indentation: the end of input is found where it is.
    const spool::error cut = spool::json::read<std::vector<int>>("[1," + indent).error();
    CHECK(cut.code == spool::errc::unexpected_end);
    CHECK(cut.offset == 3 + indent.size());
  }
}

TEST_CASE("whole-input sources: std::istream and files") {
  std::istringstream in(R"({"host": "from a stream", "port": 2})");
  auto s = spool::json::read<server>(in);
  REQUIRE(s);
  CHECK(s->host == "from a stream");
  const auto path = std::filesystem::temp_directory_path() / "spool_json_read_test.json";
  {
    std::ofstream out(path, std::ios::binary);
    out << "{\n  \"host\": \"from a file\",\n  \"port\": \"oops\"\n}\n";
  }
  auto f = spool::json::read_file<server>(path);
  REQUIRE_FALSE(f);
  CHECK(f.error().code == spool::errc::unexpected_type);
  CHECK(f.error().line == 3);
  CHECK(f.error().column == 11);
  CHECK(f.error().source_name == path.string());
  CHECK(f.error().message().find("spool_json_read_test.json:3:11: error: expected integer for 'port', found string") != std::string::npos);
  server existing;
  std::filesystem::remove(path);
  CHECK(spool::json::read_file(path, existing).code == spool::errc::io);
  constexpr spool::json::read_options tiny{.max_input_size = 4};
  std::istringstream big("[1, 2, 3]");
  CHECK(spool::json::read<std::vector<int>, tiny>(big).error().code == spool::errc::size_exceeded);
}

TEST_CASE("arrays of doubles: every separator form, every double correctly rounded") {
  // Coordinates as canada.json writes them (up to 3 integer and 16 fraction digits, so up to 19
  // significant ones), and the same with exponents, joined by ',' with and without whitespace.
  std::mt19937_64 rng(5);
  std::string text = "[";
  std::vector<double> expected;
  for (int i = 0; i < 5000; ++i) {
    std::string number = rng() % 2 == 0 ? "-" : "";
    number += std::to_string(rng() % 1000) + ".";
    const int fraction = 1 + static_cast<int>(rng() % 16);
    for (int d = 0; d < fraction; ++d) number += static_cast<char>('0' + rng() % 10);
    if (i % 5 == 0) number += "e" + std::to_string(static_cast<int>(rng() % 630) - 330);
    if (i != 0) text += i % 7 == 0 ? ", " : i % 11 == 0 ? ",\n  " : ",";
    text += number;
    expected.push_back(std::strtod(number.c_str(), nullptr));
  }
  text += "]";
  auto got = spool::json::read<std::vector<double>>(text);
  REQUIRE(got);
  REQUIRE(got->size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(std::memcmp(&(*got)[i], &expected[i], sizeof(double)) == 0);
  }
  // What follows a ',' is read as an element, whether whitespace comes first or not.
  CHECK(spool::json::read<std::vector<double>>("[1,]").error().offset == 3);
  CHECK(spool::json::read<std::vector<double>>("[1,,2]").error().offset == 3);
  CHECK(spool::json::read<std::vector<double>>("[1, ]").error().offset == 4);
  CHECK(spool::json::read<std::vector<double>>("[1,2").error().code == spool::errc::unexpected_end);
  CHECK(spool::json::read<std::vector<double>>("[1,").error().code == spool::errc::unexpected_end);
  constexpr spool::json::read_options trailing{.trailing_commas = true};
  auto closed = spool::json::read<std::vector<double>, trailing>("[1,2,]");
  REQUIRE(closed);
  CHECK(closed->size() == 2);
  constexpr spool::json::read_options comments{.comments = true};
  auto commented = spool::json::read<std::vector<double>, comments>("[1,/* two */2]");
  REQUIRE(commented);
  CHECK(commented->size() == 2);
}

TEST_CASE("doubles with integer parts of every length, inside arrays and at the input's end") {
  // Integer parts of up to three digits are taken digit by digit and longer ones go on in
  // eight-digit steps: every length from 1 to 22 digits, with and without fraction and exponent,
  // as array elements, as std::array elements and as the whole input (its last byte a digit).
  std::mt19937_64 rng(11);
  std::string text = "[";
  std::vector<std::string> numbers;
  for (int i = 0; i < 4000; ++i) {
    const int integer_digits = 1 + i % 22;
    std::string number = rng() % 2 == 0 ? "-" : "";
    number += static_cast<char>('1' + rng() % 9);
    for (int d = 1; d < integer_digits; ++d) number += static_cast<char>('0' + rng() % 10);
    if (rng() % 3 != 0) {
      number += ".";
      const int fraction = 1 + static_cast<int>(rng() % 18);
      for (int d = 0; d < fraction; ++d) number += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 4 == 0) number += (rng() % 2 == 0 ? "e" : "E-") + std::to_string(rng() % 40);
    if (i != 0) text += ",";
    text += number;
    numbers.push_back(number);
  }
  text += "]";
  const auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  auto got = spool::json::read<std::vector<double>>(text);
  REQUIRE_MESSAGE(got, got.error().message());
  REQUIRE(got->size() == numbers.size());
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    CAPTURE(numbers[i]);
    const double expected = std::strtod(numbers[i].c_str(), nullptr);
    CHECK(same((*got)[i], expected));
    auto alone = spool::json::read<double>(numbers[i]);
    REQUIRE(alone);
    CHECK(same(*alone, expected));
    const std::string pair = "[" + numbers[i] + "," + numbers[(i + 1) % numbers.size()] + "]";
    auto fixed = spool::json::read<std::array<double, 2>>(pair);
    REQUIRE(fixed);
    CHECK(same((*fixed)[0], expected));
    CHECK(same((*fixed)[1], std::strtod(numbers[(i + 1) % numbers.size()].c_str(), nullptr)));
  }
  // Cut off or malformed right after one, two, three and four integer digits.
  for (const char* cut : {"-", "-1.", "12.", "123e", "1234.", "1234e-"})
    CHECK(spool::json::read<double>(cut).error().code == spool::errc::unexpected_end);
  for (const char* cut : {"[1", "[12", "[123", "[1234", "[12,", "[1.5,2"})
    CHECK(spool::json::read<std::vector<double>>(cut).error().code == spool::errc::unexpected_end);
  CHECK(spool::json::read<double>("012.5").error().offset == 0);
  CHECK(spool::json::read<double>("-0012").error().offset == 0);
  CHECK(spool::json::read<double>("12x").error().offset == 2);
  CHECK(spool::json::read<double>("123.x").error().offset == 4);
  CHECK(spool::json::read<std::array<double, 2>>("[1,2,3]").error().code == spool::errc::size_exceeded);
  CHECK(spool::json::read<std::array<double, 2>>("[1]").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<std::vector<double>>("[1,\"a\"]").error().offset == 3);
}

TEST_CASE("digit runs of every length, ended by every neighbour of the digits, at every distance from the end") {
  // Up to sixteen digits of a run are taken in one 16-byte step where sixteen bytes are readable
  // (SSSE3), else and beyond in eight-digit steps: every length from 1 to 24, as integers and as
  // integer parts and fractions of doubles, ended by the bytes just below and above '0'-'9' and
  // by the end of the input, with 0 to 20 bytes after the number.
  std::mt19937_64 rng(17);
  const auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  for (int length = 1; length <= 24; ++length) {
    for (int trial = 0; trial < 20; ++trial) {
      std::string digits(1, static_cast<char>('1' + rng() % 9));
      while (static_cast<int>(digits.size()) < length) digits += static_cast<char>('0' + rng() % 10);
      const std::string pad(static_cast<std::size_t>(trial), ' ');
      CAPTURE(digits);
      CAPTURE(trial);
      if (length <= 19) {
        const std::uint64_t expected = std::strtoull(digits.c_str(), nullptr, 10);
        CHECK(spool::json::read<std::uint64_t>(digits + pad).value() == expected);
        CHECK(spool::json::read<std::vector<std::uint64_t>>("[" + digits + "," + digits + "]" + pad).value() ==
              std::vector<std::uint64_t>{expected, expected});
        if (length <= 18) CHECK(spool::json::read<std::int64_t>("-" + digits + pad).value() == -static_cast<std::int64_t>(expected));
      } else if (length >= 21) {
        CHECK(spool::json::read<std::uint64_t>(digits + pad).error().code == spool::errc::out_of_range);
      }
      for (const char after : {'/', ':', '.', 'e', 'E', '\x80', '\xFF', '\0'}) {
        const spool::error e = spool::json::read<std::uint64_t>(digits + std::string(1, after) + pad).error();
        CHECK(e.code != spool::errc::ok);
        if (length <= 19 && (after == '/' || after == ':' || after == '\x80')) CHECK(e.offset == digits.size());
      }
      for (const std::string& number : {digits + pad, "0." + digits + pad, "-7." + digits + "e-5" + pad, digits + "." + digits + pad}) {
        CAPTURE(number);
        const double expected = std::strtod(number.c_str(), nullptr);
        auto alone = spool::json::read<double>(number);
        REQUIRE_MESSAGE(alone, alone.error().message());
        CHECK(same(*alone, expected));
        auto pair = spool::json::read<std::array<double, 2>>("[" + number + "," + number + "]");
        REQUIRE(pair);
        CHECK(same((*pair)[1], expected));
      }
      CHECK(spool::json::read<double>("1." + digits + "x" + pad).error().offset == 2 + digits.size());
    }
  }
}

TEST_CASE("arrays of floats and doubles in every container: reuse, lengths, errors and their paths") {
  // These take a loop of their own (number, ',' and ']' inline); each case also goes through
  // the general element loop when SPOOL_DISABLE_JSON_NUMBER_ARRAYS is set.
  std::vector<double> reused(10, 7.0);
  const double* const buffer = reused.data();
  REQUIRE_FALSE(spool::json::read(std::string_view("[1.5, 2.5 ,3.5\n]"), reused));
  CHECK(reused == std::vector<double>{1.5, 2.5, 3.5});
  CHECK(reused.data() == buffer);
  REQUIRE_FALSE(spool::json::read(std::string_view("[]"), reused));
  CHECK(reused.empty());
  REQUIRE_FALSE(spool::json::read(std::string_view("[ ]"), reused));
  CHECK(reused.empty());
  CHECK(spool::json::read<std::vector<float>>("[0.1,-2e3,3.25]").value() == std::vector<float>{0.1f, -2e3f, 3.25f});
  CHECK(spool::json::read<std::deque<double>>("[1,2]").value() == std::deque<double>{1, 2});
  CHECK(spool::json::read<std::array<float, 3>>("[1,2,3]").value() == std::array<float, 3>{1, 2, 3});
  double c_array[2] = {};
  REQUIRE_FALSE(spool::json::read(std::string_view("[-1.25,1e-2]"), c_array));
  CHECK(c_array[0] == -1.25);
  CHECK(c_array[1] == 0.01);
  auto nested = spool::json::read<std::vector<std::vector<std::array<double, 2>>>>("[[[1,2],[3,4]],[],[[5,6]]]");
  REQUIRE(nested);
  CHECK(nested->size() == 3);
  CHECK((*nested)[2][0][1] == 6);

  auto wrong_type = spool::json::read<std::vector<std::vector<double>>>("[[1,2],[3,true]]");
  REQUIRE_FALSE(wrong_type);
  CHECK(wrong_type.error().code == spool::errc::unexpected_type);
  CHECK(wrong_type.error().offset == 10);
  CHECK(wrong_type.error().path == "[1][1]");
  auto too_long = spool::json::read<std::vector<std::array<double, 2>>>("[[1,2],[3,4,5]]");
  REQUIRE_FALSE(too_long);
  CHECK(too_long.error().code == spool::errc::size_exceeded);
  CHECK(too_long.error().offset == 12);
  CHECK(too_long.error().path == "[1][2]");
  auto too_short = spool::json::read<std::vector<std::array<double, 2>>>("[[1,2],[3]]");
  REQUIRE_FALSE(too_short);
  CHECK(too_short.error().code == spool::errc::unexpected_type);
  CHECK(too_short.error().offset == 7);
  CHECK(too_short.error().path == "[1]");
  auto out_of_range = spool::json::read<std::vector<double>>("[1,1e400]");
  REQUIRE_FALSE(out_of_range);
  CHECK(out_of_range.error().code == spool::errc::out_of_range);
  CHECK(out_of_range.error().offset == 3);
  CHECK(out_of_range.error().path == "[1]");
  CHECK(spool::json::read<std::vector<double>>("[1 2]").error().offset == 3);
  CHECK(spool::json::read<std::vector<double>>("[1,2}").error().offset == 4);
  CHECK(spool::json::read<std::vector<double>>("{}").error().code == spool::errc::unexpected_type);
  CHECK(spool::json::read<std::vector<float>>("[1,2,]").error().offset == 5);
  constexpr spool::json::read_options bounded{.max_container_size = 2};
  CHECK(spool::json::read<std::vector<double>, bounded>("[1,2,3]").error().code == spool::errc::size_exceeded);
  constexpr spool::json::read_options shallow{.max_depth = 1};
  CHECK(spool::json::read<std::vector<std::vector<double>>, shallow>("[[1]]").error().code == spool::errc::depth_exceeded);
  CHECK(spool::json::read<std::vector<double>, shallow>("[1]").value().size() == 1);
}

TEST_CASE("sequences of points: minified [x,y] in the sequence's loop, every other form as before") {
  // A minified point is read inline (SPOOL_DISABLE_JSON_POINT_ARRAYS: through read_number_array);
  // anything else is read again from the point's start by the general element reader, so each
  // form, value and error must be the same either way.
  using points = std::vector<std::array<double, 2>>;
  const points expected{{1.5, -2}, {300, 0.1}};
  for (const char* text : {"[[1.5,-2],[3e2,0.1]]", "[[ 1.5,-2],[3e2,0.1 ]]", "[[1.5 ,-2],[3e2, 0.1]]",
                           "[[1.5,-2] ,[3e2,0.1]\n]", "[\n  [\n    1.5,\n    -2\n  ],\n  [3e2,0.1]\n]", "[[1.5,-2],\t[3e2,0.1]]"}) {
    CAPTURE(text);
    CHECK(spool::json::read<points>(text).value() == expected);
  }
  points reused{{9, 9}, {9, 9}, {9, 9}};
  REQUIRE_FALSE(spool::json::read(std::string_view("[[1.5,-2],[3e2,0.1]]"), reused));
  CHECK(reused == expected);
  REQUIRE_FALSE(spool::json::read(std::string_view("[[1.5,-2],[3e2,0.1],[7,8],[-9,10]]"), reused));
  CHECK(reused.size() == 4);
  CHECK(reused[3] == std::array<double, 2>{-9, 10});
  CHECK(spool::json::read<std::deque<std::array<float, 3>>>("[[1,2,3],[4,5,6]]").value().back() == std::array<float, 3>{4, 5, 6});
  CHECK(spool::json::read<std::vector<std::array<double, 1>>>("[[1],[2]]").value().back()[0] == 2);
  // Every double correctly rounded, as a lone number reads it.
  for (const char* number : {"5e-324", "1.7976931348623157e308", "-0.0", "0.30000000000000000000001", "123456789012345678901234",
                             "2.2250738585072011e-308", "1e-400", "-9007199254740993"}) {
    CAPTURE(number);
    const std::string text = std::string("[[") + number + "," + number + "]]";
    const auto read = spool::json::read<points>(text);
    REQUIRE(read);
    const double lone = spool::json::read<double>(number).value();
    CHECK(std::bit_cast<std::uint64_t>((*read)[0][0]) == std::bit_cast<std::uint64_t>(lone));
    CHECK(std::bit_cast<std::uint64_t>((*read)[0][1]) == std::bit_cast<std::uint64_t>(lone));
  }
  struct wrong {
    const char* text;
    spool::errc code;
    std::size_t offset;
    const char* path;
  };
  for (const wrong& w : {wrong{"[[1,2],[3,x]]", spool::errc::syntax, 10, "[1][1]"},
                         wrong{"[[1,2],[3,1e400]]", spool::errc::out_of_range, 10, "[1][1]"},
                         wrong{"[[1,2],[01,2]]", spool::errc::invalid_number, 8, "[1][0]"},
                         wrong{"[[1,2],[-,2]]", spool::errc::invalid_number, 9, "[1][0]"},
                         wrong{"[[1,2],[3,]]", spool::errc::syntax, 10, "[1][1]"},
                         wrong{"[[1,2],[3,4,5]]", spool::errc::size_exceeded, 12, "[1][2]"},
                         wrong{"[[1,2],[3]]", spool::errc::unexpected_type, 7, "[1]"},
                         wrong{"[[1,2],3]", spool::errc::unexpected_type, 7, "[1]"},
                         wrong{"[[1,2],[3,4}]", spool::errc::syntax, 11, "[1]"},
                         wrong{"[[1,2],[3;4]]", spool::errc::syntax, 9, "[1]"}}) {
    CAPTURE(w.text);
    const spool::error e = spool::json::read<points>(w.text).error();
    CHECK(e.code == w.code);
    CHECK(e.offset == w.offset);
    CHECK(e.path == w.path);
  }
  // A document cut anywhere fails where an array of arrays of any length does.
  const std::string whole = "[[1.5,-2],[3e2,0.1]]";
  for (std::size_t n = 0; n < whole.size(); ++n) {
    const std::string cut = whole.substr(0, n);
    CAPTURE(cut);
    const auto read = spool::json::read<points>(cut);
    REQUIRE_FALSE(read);
    const spool::error general = spool::json::read<std::vector<std::vector<double>>>(cut).error();
    CHECK(read.error().code == general.code);
    CHECK(read.error().offset == general.offset);
    CHECK(read.error().path == general.path);
  }
  constexpr spool::json::read_options shallow{.max_depth = 1};
  const spool::error deep = spool::json::read<points, shallow>("[[1,2]]").error();
  CHECK(deep.code == spool::errc::depth_exceeded);
  CHECK(deep.offset == 1);
  CHECK(deep.path == "[0]");
  constexpr spool::json::read_options two_deep{.max_depth = 2};
  CHECK(spool::json::read<points, two_deep>("[[1,2]]").value().size() == 1);
  constexpr spool::json::read_options one_element{.max_container_size = 1};
  CHECK(spool::json::read<points, one_element>("[[1,2]]").error().code == spool::errc::size_exceeded);
  constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
  CHECK(spool::json::read<points, lenient>("[[1,2,],[3,/*y*/4],]").value() == points{{1, 2}, {3, 4}});
}

TEST_CASE("empty vectors of points and floats: read through the scratch, made once at their final size") {
  // An empty vector's elements are read into the reader's scratch and the vector made from them
  // (SPOOL_DISABLE_JSON_SEQUENCE_SCRATCH: grown element by element); a vector holding elements is
  // read into in place. Values, errors and what a failed read leaves must be the same either way.
  using points = std::vector<std::array<double, 2>>;
  const auto point_text = [](std::size_t n, const char* between) {
    std::string text = "[";
    for (std::size_t i = 0; i < n; ++i) {
      if (i != 0) text += between;
      text += "[" + std::to_string(i) + ".5,-" + std::to_string(i) + "]";
    }
    return text + "]";
  };
  const auto number_text = [](std::size_t n) {
    std::string text = "[";
    for (std::size_t i = 0; i < n; ++i) text += (i != 0 ? "," : "") + std::to_string(i) + ".25";
    return text + "]";
  };
  // Past the scratch's first 4096 bytes and its growth, then short again (the scratch is kept).
  for (const std::size_t n : {0, 1, 2, 255, 256, 257, 1000, 3, 5000, 1}) {
    CAPTURE(n);
    for (const char* between : {",", ", ", ",\n  "}) {
      const points read = spool::json::read<points>(point_text(n, between)).value();
      REQUIRE(read.size() == n);
      if (spool::detail::json_sequence_scratch) CHECK(read.capacity() == n);
      for (std::size_t i = 0; i < n; ++i) {
        CHECK(read[i][0] == static_cast<double>(i) + 0.5);
        CHECK(read[i][1] == -static_cast<double>(i));
      }
    }
    const std::vector<double> numbers = spool::json::read<std::vector<double>>(number_text(n)).value();
    REQUIRE(numbers.size() == n);
    if (spool::detail::json_sequence_scratch) CHECK(numbers.capacity() == n);
    for (std::size_t i = 0; i < n; ++i) CHECK(numbers[i] == static_cast<double>(i) + 0.25);
    const std::vector<float> floats = spool::json::read<std::vector<float>>(number_text(n)).value();
    REQUIRE(floats.size() == n);
    if (n != 0) CHECK(floats.back() == static_cast<float>(n - 1) + 0.25f);
    const std::deque<std::array<float, 2>> deque = spool::json::read<std::deque<std::array<float, 2>>>(point_text(n, ",")).value();
    REQUIRE(deque.size() == n);
    if (n != 0) CHECK(deque.back()[0] == static_cast<float>(n - 1) + 0.5f);
  }
  // Rings inside rings: the inner vectors are fresh on the first read, held on the second.
  using rings = std::vector<points>;
  const std::string two = "[" + point_text(300, ",") + ",[]," + point_text(2, ",") + "]";
  rings target;
  for (int round = 0; round < 2; ++round) {
    REQUIRE_FALSE(spool::json::read(two, target));
    REQUIRE(target.size() == 3);
    CHECK(target[0].size() == 300);
    CHECK(target[0][299] == std::array<double, 2>{299.5, -299});
    CHECK(target[1].empty());
    CHECK(target[2] == points{{0.5, 0}, {1.5, -1}});
  }
  // A failing element at every kind of place: its error, and the vector holding the elements
  // read before it and the failing one as far as it was read, as an in-place read leaves them.
  struct wrong {
    std::size_t at;  // the element that fails
    const char* element;
    spool::errc code;
    std::size_t into;  // offset of the error inside the element
    const char* path;  // the path's tail inside the element
  };
  for (const wrong& w : {wrong{0, "[1,x]", spool::errc::syntax, 3, "[1]"}, wrong{300, "[1,x]", spool::errc::syntax, 3, "[1]"},
                         wrong{300, "[1e400,2]", spool::errc::out_of_range, 1, "[0]"},
                         wrong{1000, "[3,4,5]", spool::errc::size_exceeded, 5, "[2]"},
                         wrong{256, "[3]", spool::errc::unexpected_type, 0, ""}, wrong{257, "7", spool::errc::unexpected_type, 0, ""},
                         wrong{2, "[ 3 , x]", spool::errc::syntax, 6, "[1]"}}) {
    CAPTURE(w.at);
    CAPTURE(w.element);
    std::string text = point_text(w.at, ",");
    text.pop_back();
    const std::size_t element_at = text.size() + (w.at != 0 ? 1 : 0);
    text += std::string(w.at != 0 ? "," : "") + w.element + "]";
    points fresh;
    const spool::error e = spool::json::read(text, fresh);
    CHECK(e.code == w.code);
    CHECK(e.offset == element_at + w.into);
    CHECK(e.path == "[" + std::to_string(w.at) + "]" + w.path);
    points held{{9, 9}};
    const spool::error general = spool::json::read(text, held);
    CHECK(general.code == e.code);
    CHECK(general.offset == e.offset);
    CHECK(general.path == e.path);
    // (The held vector's first element was read into as it was, not value-initialized.)
    CHECK(fresh.size() == held.size());
    if (w.at != 0) CHECK(fresh == held);
  }
  for (const std::size_t at : {0, 1, 700}) {
    CAPTURE(at);
    std::string text = number_text(at);
    text.pop_back();
    const std::size_t element_at = text.size() + (at != 0 ? 1 : 0);
    text += std::string(at != 0 ? "," : "") + "1e400]";
    std::vector<double> fresh;
    const spool::error e = spool::json::read(text, fresh);
    CHECK(e.code == spool::errc::out_of_range);
    CHECK(e.offset == element_at);
    CHECK(e.path == "[" + std::to_string(at) + "]");
    std::vector<double> held{9};
    const spool::error general = spool::json::read(text, held);
    CHECK(general.offset == e.offset);
    CHECK(general.path == e.path);
    CHECK(fresh.size() == held.size());
    if (at != 0) CHECK(fresh == held);
    // Cut off right after the element before: unexpected end, the same in both.
    const std::string cut = text.substr(0, element_at);
    std::vector<double> fresh_cut;
    std::vector<double> held_cut{9};
    const spool::error ce = spool::json::read(cut, fresh_cut);
    CHECK(ce.code == spool::errc::unexpected_end);
    CHECK(ce.offset == spool::json::read(cut, held_cut).offset);
    CHECK(fresh_cut.size() == held_cut.size());
    if (at != 0) CHECK(fresh_cut == held_cut);
  }
  constexpr spool::json::read_options bounded{.max_container_size = 300};
  const spool::error too_many = spool::json::read<points, bounded>(point_text(301, ",")).error();
  CHECK(too_many.code == spool::errc::size_exceeded);
  CHECK(spool::json::read<points, bounded>(point_text(300, ",")).value().size() == 300);
  constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
  CHECK(spool::json::read<points, lenient>("[[1,2],/*c*/[3,4],]").value() == points{{1, 2}, {3, 4}});
  CHECK(spool::json::read<std::vector<double>, lenient>("[1,/*c*/2,]").value() == std::vector<double>{1, 2});
}

TEST_CASE("sequences and maps of structs: one plan for every element, though the memo moves on") {
  // The plan found for the first element serves the rest (SPOOL_DISABLE_JSON_SEQUENCE_PLANS: looked
  // up for each); each element here reads ten struct types, so the memo has given the element's
  // type's slot to another type by the next element.
  std::string element = "{";
  for (int k = 0; k < 9; ++k) element += std::string(k ? "," : "") + "\"" + char('a' + k) + "\":{\"v\":" + std::to_string(k) + "}";
  element += "}";
  const std::string list = "[" + element + "," + element + "," + element + "]";
  const auto read = spool::json::read<std::vector<ten_types>>(list);
  REQUIRE(read);
  REQUIRE(read->size() == 3);
  for (const ten_types& t : *read) {
    CHECK(t.a.v == 0);
    CHECK(t.e.v == 4);
    CHECK(t.i.v == 8);
  }
  CHECK(spool::json::read<std::deque<ten_types>>(list).value().back().h.v == 7);
  const auto by_name = spool::json::read<std::map<std::string, ten_types>>("{\"x\":" + element + ",\"y\":" + element + "}");
  REQUIRE(by_name);
  CHECK(by_name->at("y").g.v == 6);
  const auto users = spool::json::read<std::vector<user>>(R"([{"id":1,"path":[{"x":1,"y":2}]},{"id":2,"name":"b","path":[{"x":3,"y":4},{"x":5,"y":6}]}])");
  REQUIRE(users);
  CHECK((*users)[1].name == "b");
  CHECK((*users)[1].path[1] == point{5, 6});

  const auto bad = spool::json::read<std::vector<ten_types>>("[" + element + "," + element + R"(,{"a":{"v":0},"b":{"v":true}}])");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == spool::errc::unexpected_type);
  CHECK(bad.error().offset == 2 * element.size() + 3 + 22);  // past two elements, then {"a":{"v":0},"b":{"v":
  CHECK(bad.error().path == "[2].b.v");
  const auto bad_map = spool::json::read<std::map<std::string, point>>(R"({"p":{"x":1,"y":2},"q":{"x":1,"y":"2"}})");
  REQUIRE_FALSE(bad_map);
  CHECK(bad_map.error().offset == 34);
  CHECK(bad_map.error().path == "q.y");
}

TEST_CASE("a ',' right before the next key: structs, maps and spool::value, with every option") {
  // Minified objects separate members so; the check inline must leave whitespace, comments and
  // trailing commas to next_element and a missing key to the key's reader.
  auto s = spool::json::read<server>(R"({"host":"h","port":1,"max-connections":2})");
  REQUIRE(s);
  CHECK(s->port == 1);
  CHECK(s->max_connections == 2);
  CHECK(spool::json::read<std::map<std::string, int>>(R"({"a":1,"b":2})").value().size() == 2);
  CHECK(spool::json::read<spool::value>(R"({"a":1,"b":[1,2],"c":{"d":3}})").value().size() == 3);
  for (const char* text : {R"({"host":"h",})", R"({"host":"h",1})", R"({"host":"h",,"port":1})"}) {
    CAPTURE(text);
    const auto strict = spool::json::read<server>(text);
    REQUIRE_FALSE(strict);
    CHECK(strict.error().code == spool::errc::syntax);
    CHECK(strict.error().offset == 12);
    CHECK(spool::json::read<std::map<std::string, std::string>>(text).error().offset == 12);
    CHECK(spool::json::read<spool::value>(text).error().offset == 12);
  }
  constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
  CHECK(spool::json::read<server, lenient>(R"({"host":"h","port":1,})").value().port == 1);
  CHECK(spool::json::read<server, lenient>(R"({"host":"h",/*p*/"port":1})").value().port == 1);
  CHECK(spool::json::read<std::map<std::string, int>, lenient>(R"({"a":1,"b":2,})").value().size() == 2);
  CHECK(spool::json::read<spool::value, lenient>(R"({"a":1,/*b*/"b":2,})").value().size() == 2);
  CHECK(spool::json::read<server, lenient>(R"({"host":"h",,})").error().offset == 12);
}

TEST_CASE("a ',' then a newline and indentation before the next key or element, with every option") {
  // Pretty-printed text separates members and elements so, and the loops take it inline when the
  // indentation is under 32 spaces; longer ones, a trailing ',' and comments go through
  // next_element, a missing key or element is the key's or element's reader's error.
  for (std::size_t k = 0; k <= 40; ++k) {
    const std::string gap = ",\n" + std::string(k, ' ');
    CAPTURE(k);
    auto s = spool::json::read<server>("{\"host\": \"h\"" + gap + "\"port\": 1" + gap + "\"max-connections\": 2}");
    REQUIRE(s);
    CHECK(s->host == "h");
    CHECK(s->port == 1);
    CHECK(s->max_connections == 2);
    CHECK(spool::json::read<std::vector<int>>("[1" + gap + "2" + gap + "3]").value() == std::vector<int>{1, 2, 3});
    CHECK(spool::json::read<std::map<std::string, int>>("{\"a\": 1" + gap + "\"b\": 2}").value().size() == 2);
    CHECK(spool::json::read<spool::value>("{\"a\": [1" + gap + "2]" + gap + "\"b\": {}}").value().size() == 2);
    const std::size_t close_at = 11 + gap.size();  // past {"host":"h" and the gap
    const std::string after_gap[] = {"}", "1}", ",\"port\":1}"};
    for (const std::string& bad : after_gap) {
      const std::string text = "{\"host\":\"h\"" + gap + bad;
      CAPTURE(text);
      const spool::error e = spool::json::read<server>(text).error();
      CHECK(e.code == spool::errc::syntax);
      CHECK(e.offset == close_at);
      CHECK(spool::json::read<std::map<std::string, std::string>>(text).error().offset == close_at);
      CHECK(spool::json::read<spool::value>(text).error().offset == close_at);
    }
    const spool::error element = spool::json::read<std::vector<int>>("[1" + gap + "]").error();
    CHECK(element.code == spool::errc::syntax);
    CHECK(element.offset == 2 + gap.size());
    constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
    CHECK(spool::json::read<server, lenient>("{\"host\":\"h\"" + gap + "\"port\":1" + gap + "}").value().port == 1);
    CHECK(spool::json::read<server, lenient>("{\"host\":\"h\"" + gap + "/*p*/\"port\":1}").value().port == 1);
    CHECK(spool::json::read<std::vector<int>, lenient>("[1" + gap + "// c\n2" + gap + "]").value() == std::vector<int>{1, 2});
    CHECK(spool::json::read<spool::value, lenient>("{\"a\":1" + gap + "/*b*/\"b\":2" + gap + "}").value().size() == 2);
  }
}

TEST_CASE("brackets on lines of their own: opened and closed before and after an indentation") {
  // The newline and indentation after an opening bracket and before a closing one are skipped
  // inline when the indentation is under 32 spaces; a wrong close and a missing one are still
  // found where they are.
  for (std::size_t k = 0; k <= 40; ++k) {
    const std::string in = "\n" + std::string(k + 2, ' '), out = "\n" + std::string(k, ' ');
    CAPTURE(k);
    const std::string text = "{" + in + "\"name\": \"n\"," + in + "\"path\": [" + in + "{" + in + "\"x\": 1," + in + "\"y\": 2" + out + "}" + out +
                             "]," + in + "\"admin\": true" + out + "}";
    auto u = spool::json::read<user>(text);
    REQUIRE(u);
    CHECK(u->name == "n");
    CHECK(u->path == std::vector<point>{{1, 2}});
    CHECK(u->admin);
    CHECK(spool::json::read<user>("{" + in + "\"path\": [" + out + "]" + out + "}").value().path.empty());
    CHECK(spool::json::read<std::vector<int>>("[" + in + "1" + out + "]").value() == std::vector<int>{1});
    CHECK(spool::json::read<spool::value>("[" + in + "{" + out + "}" + out + "]").value().size() == 1);
    const spool::error wrong = spool::json::read<std::vector<int>>("[" + in + "1" + out + "}").error();
    CHECK(wrong.code == spool::errc::syntax);
    CHECK(wrong.offset == 2 + in.size() + out.size());
    const spool::error unclosed = spool::json::read<point>("{" + in + "\"x\": 1" + out).error();
    CHECK(unclosed.code == spool::errc::unexpected_end);
    CHECK(unclosed.offset == 7 + in.size() + out.size());
    // spool::value's loops and the struct and map loops take such a close inline too, with the
    // bytes after it shorter and longer than the 32 compared at once.
    for (const std::string& after : {std::string(), std::string(40, ' ')}) {
      auto v = spool::json::read<spool::value>("{" + in + "\"a\": [" + in + "1," + in + "[2" + out + "]" + out + "]," + in +
                                               "\"b\": {" + in + "\"c\": null" + out + "}" + out + "}" + after);
      REQUIRE(v);
      CHECK((*v)["a"][1][0].as_int64().value() == 2);
      CHECK((*v)["b"]["c"].is_null());
      CHECK(spool::json::read<point>("{" + in + "\"x\": 1," + in + "\"y\": 2" + out + "}" + after).value() == point{1, 2});
      CHECK(spool::json::read<std::map<std::string, int>>("{" + in + "\"x\": 1" + out + "}" + after).value().size() == 1);
      for (const std::string& text : {"[" + in + "1," + in + "2" + out + "}" + after, "{" + in + "\"a\": 1" + out + "]" + after}) {
        CAPTURE(text);
        const spool::error value_wrong = spool::json::read<spool::value>(text).error();
        CHECK(value_wrong.code == spool::errc::syntax);
        CHECK(value_wrong.offset == text.size() - after.size() - 1);
      }
      const std::string struct_wrong = "{" + in + "\"x\": 1" + out + "]" + after;
      CHECK(spool::json::read<point>(struct_wrong).error().offset == struct_wrong.size() - after.size() - 1);
    }
  }
}

TEST_CASE("true, false and null: whole, cut off at the end, misspelled, in every reader") {
  CHECK(spool::json::read<std::vector<bool>>("[true,false,true]").value() == std::vector<bool>{true, false, true});
  CHECK_FALSE(spool::json::read<std::optional<int>>("null").value().has_value());
  CHECK(spool::json::read<spool::value>(R"([true,false,null])").value().size() == 3);
  CHECK(spool::json::read<server>(R"({"unknown":[true,false,null],"port":2})").value().port == 2);
  for (const char* cut : {"tr", "t", "fals", "nul", "[true,fa", "[nu"}) {
    CAPTURE(cut);
    CHECK(spool::json::read<spool::value>(cut).error().code == spool::errc::unexpected_end);
    CHECK(spool::json::read<spool::value>(cut).error().offset == std::strlen(cut));
  }
  CHECK(spool::json::read<bool>("tru").error().code == spool::errc::unexpected_end);
  CHECK(spool::json::read<std::optional<int>>("nul").error().code == spool::errc::unexpected_end);
  for (const char* wrong : {"[trUe]", "[falsy]", "[nulL]", "[tx]"}) {
    CAPTURE(wrong);
    CHECK(spool::json::read<spool::value>(wrong).error().code == spool::errc::syntax);
    CHECK(spool::json::read<spool::value>(wrong).error().offset == 1);
    CHECK(spool::json::read<server>(std::string(R"({"x":)") + wrong + "}").error().offset == 6);
  }
  CHECK(spool::json::read<bool>("fals3").error().offset == 0);
  CHECK(spool::json::read<std::optional<int>>("nulx").error().offset == 0);
  CHECK(spool::json::read<bool>("truee").error().code == spool::errc::trailing_data);
}

TEST_CASE("a reader leased again starts clean") {
  CHECK_FALSE(spool::json::read<std::vector<int>>("[1, x]"));
  auto ok = spool::json::read<std::vector<int>>("[1, 2]");
  REQUIRE(ok);
  CHECK(ok->size() == 2);
  CHECK_FALSE(spool::json::read<spool::value>(R"({"a": [1, {"b": [2, )"));
  auto v = spool::json::read<spool::value>(R"({"c": [3]})");
  REQUIRE(v);
  CHECK(*v == spool::value{{"c", spool::value::array({3})}});
}

TEST_CASE("spool::value arrays of minified arrays of numbers: read in the parent's loop, every other form as before") {
  // An element "[x,y,...]" of an array is read in its parent's loop and closed after the separator
  // that follows it (SPOOL_DISABLE_JSON_VALUE_NUMBER_ARRAYS: through push_array); anything else is
  // read again from the element's start by push_array, so each form, value and error is the same.
  for (const char* text : {"[[1,2]]", "[[1,2],[3,4]]", "[[1,2],3,[4,5],[],[6,[7]],[8,\"y\"],[10,\"x\"],[[11]],[12,13]]",
                           "[[-1.5,2.5,0.25,-7,18446744073709551615],{\"a\":[1,2]},[1],[2]]", "[[1,2],[3,4],[5,6]]",
                           "[[[1,2],[3,4]],[[5,6]],[]]", "[[1,true],[2,null],[3,[4]],[5,{}],[6,7]]", "[7,[8,9]]"}) {
    CAPTURE(text);
    const spool::value v = spool::json::read<spool::value>(text).value();
    CHECK(spool::json::write(v) == text);
  }
  const auto pretty = spool::json::read<spool::value>("[[1,2] , [3,4]\n,\n  [5,6]\n,[7, 8],[9 ,10]]").value();
  CHECK(spool::json::write(pretty) == "[[1,2],[3,4],[5,6],[7,8],[9,10]]");
  const auto tail = spool::json::read<spool::value>("[[1.5,-2],[3e2,0.1,-0,-0.0,2e3,18446744073709551616]]").value();
  REQUIRE(tail.size() == 2);
  REQUIRE(tail[1].size() == 6);
  CHECK(tail[1][0].as_double().value() == 300);
  CHECK(tail[1][1].as_double().value() == 0.1);
  CHECK(tail[1][2].kind() == spool::kind::integer);
  CHECK(std::signbit(tail[1][3].as_double().value()));
  CHECK(tail[1][4].as_double().value() == 2000);
  CHECK(tail[1][5].as_double().value() == 18446744073709551616.0);
  // Errors inside, after and between such elements, with their offsets and paths.
  struct failure {
    std::string text;
    spool::errc code;
    std::size_t offset;
    std::string path;
  };
  for (const failure& f : std::vector<failure>{{"[[1,2],[3,x]]", spool::errc::syntax, 10, "[1][1]"},
                                               {"[[1,2],[3,-]]", spool::errc::invalid_number, 11, "[1][1]"},
                                               {"[[1,2],[01,2]]", spool::errc::invalid_number, 8, "[1][0]"},
                                               {"[[1,2],[3,]]", spool::errc::syntax, 10, "[1][1]"},
                                               {"[[1,2],[3,4}]", spool::errc::syntax, 11, "[1]"},
                                               {"[[1,2],[3;4]]", spool::errc::syntax, 9, "[1]"},
                                               {"[[1,2][3,4]]", spool::errc::syntax, 6, ""},
                                               {"[[1,2],]", spool::errc::syntax, 7, "[1]"},
                                               {"[[1,2]}", spool::errc::syntax, 6, ""},
                                               {"[[1,2],[1,1e400]]", spool::errc::out_of_range, 10, "[1][1]"}}) {
    CAPTURE(f.text);
    const spool::error e = spool::json::read<spool::value>(f.text).error();
    CHECK(e.code == f.code);
    CHECK(e.offset == f.offset);
    CHECK(e.path == f.path);
  }
  // A document cut anywhere fails where the struct reader's array of arrays does.
  const std::string whole = "[[1.5,-2],[3e2,0.1],[7,[8]]]";
  for (std::size_t n = 0; n < whole.size(); ++n) {
    const std::string cut = whole.substr(0, n);
    CAPTURE(cut);
    const spool::error e = spool::json::read<spool::value>(cut).error();
    if (n < 20) {
      const spool::error general = spool::json::read<std::vector<std::vector<double>>>(cut).error();
      CHECK(e.code == general.code);
      CHECK(e.offset == general.offset);
      CHECK(e.path == general.path);
    } else {
      CHECK(e.code == spool::errc::unexpected_end);
      CHECK(e.offset == n);
    }
  }
  constexpr spool::json::read_options shallow{.max_depth = 1};
  const spool::error deep = spool::json::read<spool::value, shallow>("[[1,2]]").error();
  CHECK(deep.code == spool::errc::depth_exceeded);
  CHECK(deep.offset == 1);
  CHECK(deep.path == "[0]");
  constexpr spool::json::read_options two_deep{.max_depth = 2};
  CHECK(spool::json::read<spool::value, two_deep>("[[1,2],[3,4]]").value().size() == 2);
  constexpr spool::json::read_options two_elements{.max_container_size = 2};
  CHECK(spool::json::read<spool::value, two_elements>("[[1,2],[3,4]]").value().size() == 2);
  const spool::error too_many = spool::json::read<spool::value, two_elements>("[[1,2,3]]").error();
  CHECK(too_many.code == spool::errc::size_exceeded);
  CHECK(too_many.offset == 6);
  CHECK(too_many.path == "[0]");
  CHECK(spool::json::read<spool::value, two_elements>("[[1,2],[3,4],[5,6]]").error().offset == 13);
  constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
  CHECK(spool::json::write(spool::json::read<spool::value, lenient>("[[1,2,],[3,/*y*/4],[5,6]/*z*/,]").value()) == "[[1,2],[3,4],[5,6]]");
}

TEST_CASE("spool::value arrays and objects: scalars of every kind inline, nesting, errors and their paths") {
  // These take loops of their own (brackets, separators, keys and scalars inline); each case also
  // goes through the shared element and member walks when SPOOL_DISABLE_JSON_VALUE_LOOPS is set.
  const std::string numbers = "-9223372036854775808,9223372036854775807,18446744073709551615,18446744073709551616,"
                              "-9223372036854775809,-0.0,-0,0,5e-324,1.7976931348623157e308,0.1,-65.613616999999977,"
                              "12345678901234567890123,1e-400";
  for (const std::string& gap : {std::string(), std::string(" "), std::string("\n    "), std::string("\n\t")}) {
    CAPTURE(gap);
    const std::string separated = [&] {
      std::string out;
      for (const char c : numbers) (out += c) += c == ',' ? gap : "";
      return out;
    }();
    for (const std::string& text : {"[" + gap + separated + gap + "]", "[[" + separated + "]," + gap + "[" + separated + "]]",
                                    "{\"a\":" + gap + "[" + separated + "]," + gap + "\"b\":{\"c\":[" + separated + "]}}"}) {
      CAPTURE(text);
      auto read = spool::json::read<spool::value>(text);
      REQUIRE(read);
      std::vector<const spool::value*> arrays;
      if (read->is_object()) arrays = {&(*read)["a"], &(*read)["b"]["c"]};
      else if ((*read)[0].is_array()) arrays = {&(*read)[0], &(*read)[1]};
      else arrays = {&*read};
      for (const spool::value* a : arrays) {
        REQUIRE(a->size() == 14);
        const spool::value& v = *a;
        CHECK(v[0].as_int64().value() == std::numeric_limits<std::int64_t>::min());
        CHECK(v[1].as_int64().value() == std::numeric_limits<std::int64_t>::max());
        CHECK(v[2].kind() == spool::kind::unsigned_integer);
        CHECK(v[2].as_uint64().value() == std::numeric_limits<std::uint64_t>::max());
        CHECK(v[3].is_floating());
        CHECK(v[3].as_double().value() == 18446744073709551616.0);
        CHECK(v[4].as_double().value() == -9223372036854775809.0);
        CHECK(v[5].is_floating());
        CHECK(std::signbit(v[5].as_double().value()));
        CHECK(v[6].as_int64().value() == 0);
        CHECK(v[7].kind() == spool::kind::integer);
        CHECK(v[8].as_double().value() == 5e-324);
        CHECK(v[9].as_double().value() == 1.7976931348623157e308);
        CHECK(v[10].as_double().value() == 0.1);
        CHECK(v[11].as_double().value() == -65.613616999999977);
        CHECK(v[12].as_double().value() == 12345678901234567890123.0);
        CHECK(v[13].as_double().value() == 0.0);
      }
    }
  }
  auto mixed = spool::json::read<spool::value>(R"([1,"two",true,false,null,[],{},[[3]],{"k":[4,{"m":null}]},-5.5])");
  REQUIRE(mixed);
  REQUIRE(mixed->size() == 10);
  CHECK((*mixed)[1].as_string().value() == "two");
  CHECK((*mixed)[4].is_null());
  CHECK((*mixed)[5].size() == 0);
  CHECK((*mixed)[6].is_object());
  CHECK((*mixed)[7][0][0].as_int64().value() == 3);
  CHECK((*mixed)[8]["k"][1]["m"].is_null());
  auto repeated = spool::json::read<spool::value>(R"({"a":1,"b":[2],"a":[3,4]})");
  REQUIRE(repeated);
  CHECK(repeated->size() == 2);
  CHECK((*repeated)["a"][1].as_int64().value() == 4);

  struct failure {
    std::string text;
    spool::errc code;
    std::size_t offset;
    std::string path;
  };
  for (const failure& f : std::vector<failure>{
           {"[1,2,1e400]", spool::errc::out_of_range, 5, "[2]"},
           {"[[1,2],[3,-]]", spool::errc::invalid_number, 11, "[1][1]"},
           {"[[1,2],[3,01]]", spool::errc::invalid_number, 10, "[1][1]"},
           {"[1,2,tru]", spool::errc::syntax, 5, "[2]"},
           {"[1,2,\"x]", spool::errc::unexpected_end, 8, "[2]"},
           {"[1,2 3]", spool::errc::syntax, 5, ""},
           {"[1,2,]", spool::errc::syntax, 5, "[2]"},
           {"[1,2", spool::errc::unexpected_end, 4, ""},
           {"[1,2,", spool::errc::unexpected_end, 5, "[2]"},
           {"{\"a\":[1,{\"b\":[2,x]}]}", spool::errc::syntax, 16, "a[1].b[1]"},
           {"{\"a\":1,\"b\":1.5.}", spool::errc::syntax, 14, ""},
           {"{\"a\":1,\"b\":}", spool::errc::syntax, 11, "b"},
           {"{\"a\":1 \"b\":2}", spool::errc::syntax, 7, ""},
           {"{\"a\":1,}", spool::errc::syntax, 7, ""},
           {"{\"a\" 1}", spool::errc::syntax, 5, ""},
           {"[{\"a\":[1,2]},{\"a\":[1,{]}]", spool::errc::syntax, 22, "[1].a[1]"},
       }) {
    CAPTURE(f.text);
    auto read = spool::json::read<spool::value>(f.text);
    REQUIRE_FALSE(read);
    CHECK(read.error().code == f.code);
    CHECK(read.error().offset == f.offset);
    CHECK(read.error().path == f.path);
  }
  constexpr spool::json::read_options bounded{.max_container_size = 2};
  CHECK(spool::json::read<spool::value, bounded>("[1,2]").value().size() == 2);
  CHECK(spool::json::read<spool::value, bounded>("[1,2,3]").error().code == spool::errc::size_exceeded);
  CHECK(spool::json::read<spool::value, bounded>("{\"a\":1,\"b\":2,\"c\":3}").error().code == spool::errc::size_exceeded);
  constexpr spool::json::read_options shallow{.max_depth = 2};
  CHECK(spool::json::read<spool::value, shallow>("[[1],{\"a\":2}]").value().size() == 2);
  CHECK(spool::json::read<spool::value, shallow>("[[[1]]]").error().code == spool::errc::depth_exceeded);
  CHECK(spool::json::read<spool::value, shallow>("{\"a\":{\"b\":{}}}").error().code == spool::errc::depth_exceeded);
  constexpr spool::json::read_options lenient{.comments = true, .trailing_commas = true};
  auto relaxed = spool::json::read<spool::value, lenient>("[1, /* c */ 2,\n// d\n[3,],{\"a\":4,},]");
  REQUIRE(relaxed);
  CHECK(relaxed->size() == 4);
  CHECK((*relaxed)[2][0].as_int64().value() == 3);
  CHECK((*relaxed)[3]["a"].as_int64().value() == 4);
}


namespace json_read_test {

// An integer read where 17 bytes follow its first digit (the inline 16-byte step) and where they
// do not (the general reader): the same value, or the same error at the same offset.
template <class T>
void check_integer_both_ways(const std::string& number) {
  CAPTURE(number);
  const auto alone = spool::json::read<T>(number);
  std::string padded_text = "[";
  padded_text += number;
  padded_text += ",                    0]";
  const auto padded = spool::json::read<std::array<T, 2>>(padded_text);
  REQUIRE(alone.has_value() == padded.has_value());
  if (alone) {
    CHECK((*padded)[0] == *alone);
  } else {
    CHECK(padded.error().code == alone.error().code);
    CHECK(padded.error().offset == alone.error().offset + 1);
    CHECK(padded.error().path == "[0]");
  }
}

}  // namespace json_read_test

TEST_CASE("integers taken inline in one 16-byte step: lengths, signs, leading zeros, fractions and ranges as the general reader") {
  using json_read_test::check_integer_both_ways;
  for (const char* n : {"0", "7", "-0", "-7", "10", "99", "123456789012345", "-123456789012345", "1234567890123456",
                        "-1234567890123456", "999999999999999", "12345678901234567", "-123456789012345678", "505874924095815681",
                        "1234567890123456.5", "12345678901234567e2", "0000000000000000", "00000000000000000001",
                        "99999999999999999999", "-1000000000000000000", "9223372036854775807", "-9223372036854775808",
                        "9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
                        "00", "01", "-01", "-00", "1.5", "1e3", "1E3", "123456789012345.5", "123456789012345e1", "-x", "- 1"}) {
    check_integer_both_ways<std::int64_t>(n);
    check_integer_both_ways<std::uint64_t>(n);
    check_integer_both_ways<std::int32_t>(n);
    check_integer_both_ways<std::uint8_t>(n);
    check_integer_both_ways<std::int8_t>(n);
  }
  for (const char* n : {"127", "128", "-128", "-129", "255", "256", "-1", "2147483647", "2147483648", "-2147483648",
                        "-2147483649", "4294967295", "4294967296"}) {
    check_integer_both_ways<std::int8_t>(n);
    check_integer_both_ways<std::uint8_t>(n);
    check_integer_both_ways<std::int32_t>(n);
    check_integer_both_ways<std::uint32_t>(n);
  }
  // What follows the digits is the array's to judge: the integer ends where its digits do.
  // Named, not a structured binding: CAPTURE's lambda cannot capture a binding in clang 14.
  for (const auto& c : {std::pair<const char*, std::size_t>{"12a", 3}, {"0x10", 2}, {"123456789012345a", 16}, {"-7-", 3}}) {
    const char* n = c.first;
    const std::size_t at = c.second;
    CAPTURE(n);
    std::string text = "[";
    text += n;
    text += ",                    0]";
    const spool::error e = spool::json::read<std::array<std::int64_t, 2>>(text).error();
    CHECK(e.code == spool::errc::syntax);
    CHECK(e.offset == at);
  }
  // Values as written: 1 to 18 digits inline, either sign.
  std::uint64_t v = 0;
  for (int digits = 1; digits <= 18; ++digits) {
    v = v * 10 + static_cast<std::uint64_t>(digits % 10);
    std::string text = "[";
    text += std::to_string(v);
    text += ",-";
    text += std::to_string(v);
    text += "                  ]";
    CHECK(spool::json::read<std::array<std::int64_t, 2>>(text).value() ==
          std::array<std::int64_t, 2>{static_cast<std::int64_t>(v), -static_cast<std::int64_t>(v)});
  }
}
