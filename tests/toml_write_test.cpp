// Writing spool::value as TOML: layout, quoting, string styles, numbers, date-times, options,
// errors for what TOML cannot hold, and round trips.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>

#include <spool/toml.hpp>

namespace {

using spool::value;

template <spool::toml::write_options Opts = spool::toml::write_options{}>
std::string write(const value& v) {
  std::string out;
  const spool::error e = spool::toml::write<Opts>(v, out);
  REQUIRE_MESSAGE(!e, e.message());
  CHECK(spool::toml::write<Opts>(v) == out);
  return out;
}

value read(std::string_view text) {
  spool::result<value> r = spool::toml::read<value>(text);
  REQUIRE_MESSAGE(r, std::string(r.error().message() + "\n" + std::string(text)));
  return *r;
}

constexpr spool::toml::write_options no_multiline{.multiline_strings = false};
constexpr spool::toml::write_options no_literal{.literal_strings = false};
constexpr spool::toml::write_options only_basic{.multiline_strings = false, .literal_strings = false};
constexpr spool::toml::write_options inline_two{.inline_table_max = 2};
constexpr spool::toml::write_options indented{.indent_width = 2};

}  // namespace

TEST_CASE("keys first, then [tables], then [[arrays of tables]]") {
  value doc = value::object({
      {"server", value::object({{"host", "localhost"}, {"port", 8080}})},
      {"title", "example"},
      {"products", value::array({value::object({{"name", "hammer"}}), value::object({{"name", "nail"}})})},
      {"nested", value::object({{"deeper", value::object({{"x", 1}})}})},
      {"empty", value::object()},
  });
  CHECK(write(doc) ==
        "title = \"example\"\n"
        "\n[server]\nhost = \"localhost\"\nport = 8080\n"
        "\n[[products]]\nname = \"hammer\"\n"
        "\n[[products]]\nname = \"nail\"\n"
        "\n[nested.deeper]\nx = 1\n"
        "\n[empty]\n");
  CHECK(read(write(doc)) == doc);
}

TEST_CASE("keys are quoted only when needed") {
  value doc = value::object({{"bare-key_1", 1}, {"with space", 2}, {"", 3}, {"dot.ted", 4}, {"\xC3\xA9", 5},
                             {"quote\"", 6}});
  CHECK(write(doc) ==
        "bare-key_1 = 1\n\"with space\" = 2\n\"\" = 3\n\"dot.ted\" = 4\n\"\xC3\xA9\" = 5\n\"quote\\\"\" = 6\n");
  CHECK(read(write(doc)) == doc);
}

TEST_CASE("strings: basic, literal, multi-line, escapes") {
  CHECK(write(value::object({{"s", "plain"}})) == "s = \"plain\"\n");
  CHECK(write(value::object({{"s", "C:\\path \"q\""}})) == "s = 'C:\\path \"q\"'\n");
  CHECK(write(value::object({{"s", "it's \\"}})) == "s = \"it's \\\\\"\n");
  CHECK(write(value::object({{"s", "a\nb"}})) == "s = \"\"\"\na\nb\"\"\"\n");
  CHECK(write(value::object({{"s", "tab\tbell\x07" "del\x7F"}})) == "s = \"tab\tbell\\u0007del\\u007f\"\n");
  CHECK(write<no_multiline>(value::object({{"s", "a\nb"}})) == "s = \"a\\nb\"\n");
  CHECK(write<no_literal>(value::object({{"s", "\\"}})) == "s = \"\\\\\"\n");
  CHECK(write(value::object({{"s", "say \"hi\"\nand go"}})) == "s = '''\nsay \"hi\"\nand go'''\n");
  CHECK(write(value::object({{"s", "\n\"lead"}})) == "s = \"\"\"\n\n\\\"lead\"\"\"\n");
  CHECK(write(value::object({{"s", "tab\t\"q\""}})) == "s = 'tab\t\"q\"'\n");
  CHECK(write(value::object({{"s", "\xC3\xA9t\xC3\xA9"}})) == "s = \"\xC3\xA9t\xC3\xA9\"\n");

  const char* tricky[] = {"", "'", "''", "'''", "\"\"\"", "a\"\"\"b", "\n", "\nlead", "trail\n", "x'''\ny",
                          "\r\n", "back\\slash\nline", "quote at end\"", "q\n\"", "\x1B", "\xF0\x9F\x98\x80",
                          "a\"b'c", "\"\n\"", "\n\"lead", "tab\t\"q\"", "\"\x7F\"", "\"\r\"", "it's\n\"\"\"",
                          "\xC3\xA9\"\n\\", "'\"'"};
  for (const char* s : tricky) {
    CAPTURE(s);
    value doc = value::object({{"s", s}});
    CHECK(read(write(doc)) == doc);
    CHECK(read(write<only_basic>(doc)) == doc);
  }
}

// The writer classifies a string 16 bytes per step and the last bytes one by one: each byte that
// decides the style, at every position of strings long enough for one and two blocks.
TEST_CASE("strings: the byte deciding the style anywhere in a long string") {
  for (const std::size_t length : {16u, 17u, 31u, 32u, 40u}) {
    for (std::size_t at = 0; at < length; ++at) {
      CAPTURE(length);
      CAPTURE(at);
      const std::string before(at, 'a'), after(length - at - 1, 'b');
      const auto with = [&](std::string_view middle) { return before + std::string(middle) + after; };
      CHECK(write(value::object({{"s", with("\t")}})) == "s = \"" + with("\t") + "\"\n");
      CHECK(write(value::object({{"s", with("'")}})) == "s = \"" + with("'") + "\"\n");
      CHECK(write(value::object({{"s", with("\"")}})) == "s = '" + with("\"") + "'\n");
      CHECK(write(value::object({{"s", with("\\")}})) == "s = '" + with("\\") + "'\n");
      CHECK(write(value::object({{"s", with("\n")}})) == "s = \"\"\"\n" + with("\n") + "\"\"\"\n");
      CHECK(write(value::object({{"s", with("\x01")}})) == "s = \"" + with("\\u0001") + "\"\n");
      CHECK(write(value::object({{"s", with("\x7F")}})) == "s = \"" + with("\\u007f") + "\"\n");
      CHECK(write(value::object({{"s", with("\xC3\xA9")}})) == "s = \"" + with("\xC3\xA9") + "\"\n");
      CHECK(write(value::object({{"s", with("'\"")}})) == "s = \"" + with("'\\\"") + "\"\n");
      std::string out;
      CHECK(spool::toml::write(value::object({{"s", with("\xFF")}}), out).code == spool::errc::invalid_utf8);
    }
  }
}

TEST_CASE("numbers and date-times round trip exactly") {
  value doc = value::object({
      {"i", std::numeric_limits<std::int64_t>::min()},
      {"j", std::numeric_limits<std::int64_t>::max()},
      {"f", 0.1},
      {"g", 1e300},
      {"h", -0.0},
      {"k", 5e-324},
      {"l", 100.0},
      {"inf", std::numeric_limits<double>::infinity()},
      {"ninf", -std::numeric_limits<double>::infinity()},
      {"nan", std::numeric_limits<double>::quiet_NaN()},
      {"odt", spool::offset_datetime{{1979, 5, 27}, {7, 32, 0, 999999}, -420}},
      {"utc", spool::offset_datetime{{1979, 5, 27}, {7, 32, 0, 0}, 0}},
      {"ldt", spool::local_datetime{{1979, 5, 27}, {7, 32, 1, 5}}},
      {"ld", spool::local_date{2000, 2, 29}},
      {"lt", spool::local_time{23, 59, 60, 0}},
  });
  std::string text = write(doc);
  CHECK(text.find("l = 100.0\n") != std::string::npos);
  CHECK(text.find("inf = inf\n") != std::string::npos);
  CHECK(text.find("ninf = -inf\n") != std::string::npos);
  CHECK(text.find("odt = 1979-05-27T07:32:00.000999999-07:00\n") != std::string::npos);
  CHECK(text.find("utc = 1979-05-27T07:32:00Z\n") != std::string::npos);
  CHECK(read(text) == doc);
}

TEST_CASE("arrays: inline, nested, mixed, and arrays of tables inside inline values") {
  value doc = value::object({
      {"a", value::array({1, "x", value::array({}), value::array({value::object({{"k", 1}})})})},
      {"empty", value::array()},
      {"mixed", value::array({value::object({{"k", 1}}), 2})},
      {"point", value::object({{"p", value::object({{"x", 1}})}})},
  });
  std::string text = write(doc);
  CHECK(text.find("a = [1, \"x\", [], [{ k = 1 }]]\n") != std::string::npos);
  CHECK(text.find("mixed = [{ k = 1 }, 2]\n") != std::string::npos);
  CHECK(read(text) == doc);
}

TEST_CASE("options: inline small tables, indentation") {
  value doc = value::object({
      {"point", value::object({{"x", 1}, {"y", 2}})},
      {"big", value::object({{"a", 1}, {"b", 2}, {"c", 3}})},
      {"parent", value::object({{"child", value::object({{"z", 1}})}})},
  });
  CHECK(write<inline_two>(doc) ==
        "point = { x = 1, y = 2 }\n"
        "\n[big]\na = 1\nb = 2\nc = 3\n"
        "\n[parent]\nchild = { z = 1 }\n");
  CHECK(read(write<inline_two>(doc)) == doc);
  CHECK(write<indented>(value::object({{"a", value::object({{"b", value::object({{"c", 1}})}, {"d", 2}})}})) ==
        "[a]\n  d = 2\n\n  [a.b]\n    c = 1\n");
}

// Keys and plain strings of up to 32 bytes are copied by two overlapping moves of 1, 4, 8 or 16
// bytes: every length around those widths and past the limit, each byte distinct so that a
// misplaced one shows.
TEST_CASE("keys and plain strings of every length up to past the short-copy limit") {
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  for (std::size_t length = 0; length <= 40; ++length) {
    CAPTURE(length);
    const std::string text = alphabet.substr(0, length);
    CHECK(write(value::object({{"s", text}})) == "s = \"" + text + "\"\n");
    CHECK(write(value::object({{"s", text + "\nx"}})) == "s = \"\"\"\n" + text + "\nx\"\"\"\n");
    CHECK(write<no_multiline>(value::object({{"s", text + "\nx"}})) == "s = \"" + text + "\\nx\"\n");
    if (length == 0) continue;
    CHECK(write(value::object({{text, 1}})) == text + " = 1\n");
    CHECK(write(value::object({{"t", value::object({{text, value::object({{"k", true}})}})}})) ==
          "[t." + text + "]\nk = true\n");
  }
}

TEST_CASE("what TOML cannot hold is an error with a path") {
  auto error_of = [](const value& v) {
    std::string out = "kept";
    spool::error e = spool::toml::write(v, out);
    CHECK(e);
    CHECK_FALSE(e.has_position());
    CHECK(out == "kept");
    CHECK_THROWS_AS(spool::toml::write(v), spool::exception);
    return e;
  };
  spool::error e = error_of(value::array({1}));
  CHECK(e.code == spool::errc::unexpected_type);
  e = error_of(value::object({{"a", value::object({{"b", nullptr}})}}));
  CHECK(e.code == spool::errc::unsupported);
  CHECK(e.path == "a.b");
  CHECK(e.message() == "error: unsupported at 'a.b': expected a value TOML can hold, found null");
  e = error_of(value::object({{"list", value::array({1, nullptr})}}));
  CHECK(e.path == "list[1]");
  e = error_of(value::object({{"t", value::array({value::object(), value::object({{"big", std::uint64_t{1} << 63}})})}}));
  CHECK(e.code == spool::errc::out_of_range);
  CHECK(e.path == "t[1].big");
  e = error_of(value::object({{"s", "bad \xFF utf8"}}));
  CHECK(e.code == spool::errc::invalid_utf8);
  CHECK(e.path == "s");
  e = error_of(value::object({{"d", spool::local_date{2001, 2, 29}}}));
  CHECK(e.code == spool::errc::invalid_datetime);
  CHECK(error_of(value::object({{"b", value::binary({})}})).code == spool::errc::unsupported);
  e = error_of(value::object({{"x", value::array({1, spool::ext{1, {}}})}}));
  CHECK(e.code == spool::errc::unsupported);
  CHECK(e.path == "x[1]");
  CHECK(e.found == "ext");

  std::string out = "# kept\n";
  CHECK_FALSE(spool::toml::write(value::object({{"a", 1}}), out));
  CHECK(out == "# kept\na = 1\n");
  CHECK_FALSE(spool::toml::write(value::object({{"t", value::object({{"b", 2}})}}), out));
  CHECK(out == "# kept\na = 1\n\n[t]\nb = 2\n");  // a blank line before a section after text
}
