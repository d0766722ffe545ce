// TOML read errors: code, line and column, key path, the detail that names the rule, and the
// rendered message with the source line and caret.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <spool/toml.hpp>

namespace {

spool::error error_of(std::string_view text) {
  spool::result<spool::value> r = spool::toml::read<spool::value>(text);
  REQUIRE_FALSE(r);
  return r.error();
}

struct expectation {
  const char* text;
  spool::errc code;
  std::uint32_t line, column;
  const char* path;
  const char* detail_part;  // a phrase the detail must contain ("" for none)
};

}  // namespace

TEST_CASE("each rule names itself, its place and its key path") {
  const expectation cases[] = {
      {"[servers]\n\n[servers.alpha]\nip = 1\n\n[servers.alpha]\n", spool::errc::duplicate_key, 6, 1, "servers.alpha",
       "table 'servers.alpha' defined twice (first at line 3)"},
      {"a = 1\na = 2\n", spool::errc::duplicate_key, 2, 1, "a", "key 'a' is defined twice"},
      {"[t]\nx.y = 1\n[t.x]\n", spool::errc::duplicate_key, 3, 1, "t.x", "already defined by dotted keys (first at line 2)"},
      {"[a.b]\nc = 1\n[a]\nb.d = 2\n", spool::errc::duplicate_key, 4, 1, "a.b",
       "defined by a header; dotted keys cannot extend it (first at line 1)"},
      {"p = { x = 1 }\n[p.q]\n", spool::errc::duplicate_key, 2, 2, "p", "inline table"},
      {"p = [1]\n[[p]]\n", spool::errc::duplicate_key, 2, 1, "p", "is already a value"},
      {"[[a]]\n[a]\n", spool::errc::duplicate_key, 2, 1, "a", "array of tables, not a table (first at line 1)"},
      {"[x]\nport = 08\n", spool::errc::invalid_number, 2, 8, "x.port", "leading zeros"},
      {"[x]\nlist = [1, 2, 3x]\n", spool::errc::invalid_number, 2, 15, "x.list[2]", ""},
      {"s = \"bad \\q\"\n", spool::errc::invalid_escape, 1, 10, "s", ""},
      {"s = \"unterminated\n", spool::errc::syntax, 1, 18, "s", "newline in a single-line string"},
      {"s = 'open", spool::errc::unexpected_end, 1, 5, "s", "unterminated string"},
      {"d = 2024-02-30\n", spool::errc::invalid_datetime, 1, 13, "d", ""},
      {"n = 99999999999999999999\n", spool::errc::out_of_range, 1, 5, "n", "64 bits"},
      {"[[fruit]]\nname = 'a'\n[fruit.info]\nt = { a = 1, a = 2 }\n", spool::errc::duplicate_key, 4, 14, "fruit[0].info.t.a",
       "defined twice"},
      {"[[servers]]\nport = 1\n[[servers]]\nport = 2\n[[servers]]\nport = 08\n", spool::errc::invalid_number, 6, 8,
       "servers[2].port", "leading zeros"},
      {"[[a]]\n[[a.b]]\n[[a.b]]\nx = 1\n[[a]]\n[[a.b]]\nx = tru\n", spool::errc::syntax, 7, 5, "a[1].b[0].x", ""},
      {"[[a]]\n[[a]]\n[a.t]\n\"q k\".y = 1\n\"q k\".y = 2\n", spool::errc::duplicate_key, 5, 7, "a[1].t[\"q k\"].y",
       "defined twice"},
      {"[[products]]\n[[products]]\nname = 1\n[products.name]\n", spool::errc::duplicate_key, 4, 1, "products[1].name",
       "already a value"},
      {"[[products]]\n[[products]]\n[products.info]\n[products.info]\n", spool::errc::duplicate_key, 4, 1,
       "products[1].info", "defined twice (first at line 3)"},
      {"[[products]]\n[[products]]\nname = 1\n[products.name.x]\n", spool::errc::duplicate_key, 4, 11,
       "products[1].name", "is a value, not a table"},
      {"key\n", spool::errc::syntax, 1, 4, "", ""},
      {"a = 1 b = 2\n", spool::errc::syntax, 1, 7, "", ""},
      {"[table\n", spool::errc::syntax, 1, 7, "", ""},
  };
  for (const expectation& c : cases) {
    CAPTURE(c.text);
    spool::error e = error_of(c.text);
    CHECK(e.code == c.code);
    CHECK(e.line == c.line);
    CHECK(e.column == c.column);
    CHECK(e.path == c.path);
    CHECK_MESSAGE(e.detail.find(c.detail_part) != std::string::npos, e.detail);
  }
}

TEST_CASE("the message shows the file, the line and a caret") {
  const auto path = std::filesystem::temp_directory_path() / "spool_toml_errors_config.toml";
  std::ofstream(path, std::ios::binary) << "[servers.alpha]\nip = \"10.0.0.1\"\n\n[servers.alpha]\n";
  spool::result<spool::value> r = spool::toml::read_file<spool::value>(path);
  std::filesystem::remove(path);
  REQUIRE_FALSE(r);
  CHECK(r.error().message() == path.string() +
                                   ":4:1: error: duplicate key at 'servers.alpha': table 'servers.alpha' "
                                   "defined twice (first at line 1)\n"
                                   "  [servers.alpha]\n"
                                   "  ^");
  CHECK(error_of("a = tru\n").message() ==
        "1:5: error: expected a value for 'a', found 't'\n"
        "  a = tru\n"
        "      ^");
}

TEST_CASE("errors at the end of the input and on odd bytes") {
  spool::error e = error_of("a = [1, 2");
  CHECK(e.code == spool::errc::unexpected_end);
  CHECK(e.offset == 9);
  e = error_of("a = \"\xFF\"");
  CHECK(e.code == spool::errc::invalid_utf8);
  CHECK(e.offset == 5);
  e = error_of("a = 1\r");
  CHECK(e.found == "carriage return");
  e = error_of(std::string_view("a = \"\0\"", 7));
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.detail.find("0x00") != std::string::npos);
}

TEST_CASE("damaged documents fail cleanly: every error is located inside the input") {
  // Deterministic byte mutations of a document that uses every construct; each result must be a
  // value or an error pointing into the input, never a crash or a hang.
  const std::string original =
      "# c\ntitle = \"t\\u00e9\" # x\n[a.b]\nc = [1, 2.5, 'x', \"\"\"m\nl\"\"\", '''r''', 1979-05-27T07:32:00Z]\n"
      "d = { e = 0x1F, f.g = -inf, h = [[1], {}] }\n[[arr]]\nk = 07:32:00\n[[arr]]\n\"q k\".z = true\n";
  REQUIRE(spool::toml::read<spool::value>(original));
  std::uint32_t state = 12345;
  auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  const char bytes[] = {'[', ']', '{', '}', '"', '\'', '=', '.', ',', '\n', '\r', '#', '\\', ' ', '0', 'x', '\0', '\x80', '\xFF'};
  std::size_t failures = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = original;
    for (int edits = 1 + static_cast<int>(next() % 3); edits > 0; --edits) {
      const std::size_t at = next() % text.size();
      switch (next() % 3) {
        case 0: text[at] = bytes[next() % sizeof bytes]; break;
        case 1: text.erase(at, 1); break;
        default: text.insert(at, 1, bytes[next() % sizeof bytes]); break;
      }
    }
    spool::result<spool::value> r = spool::toml::read<spool::value>(text);
    if (!r) {
      ++failures;
      CHECK(r.error().offset <= text.size());
      CHECK(r.error().line >= 1);
    } else {
      // What reads also writes and reads back the same.
      CHECK(spool::toml::read<spool::value>(spool::toml::write(*r)).value() == *r);
    }
  }
  CHECK(failures > 1000);
}
