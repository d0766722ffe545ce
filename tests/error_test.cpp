// spool::error: codes, paths, locating an offset, the rendered message, result<T>.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>
#include <set>
#include <string>
#include <string_view>

#include <spool/error.hpp>
#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/toml.hpp>
#include <spool/value.hpp>

using spool::errc;

TEST_CASE("every error code has its own description") {
  std::set<std::string_view> seen;
  for (int c = static_cast<int>(errc::ok); c <= static_cast<int>(errc::io); ++c) {
    std::string_view text = spool::to_string(static_cast<errc>(c));
    CAPTURE(c);
    CHECK_FALSE(text.empty());
    CHECK(text != "unknown error");
    CHECK(seen.insert(text).second);
  }
  CHECK(spool::to_string(errc::syntax) == "syntax error");
  CHECK(spool::to_string(errc::depth_exceeded) == "depth exceeded");
  CHECK(spool::to_string(static_cast<errc>(200)) == "unknown error");
}

TEST_CASE("make_error fills code, offset, expected and found; bool means failure") {
  spool::error e = spool::make_error(errc::unexpected_type, 17, "integer", "string");
  CHECK(static_cast<bool>(e));
  CHECK(e.code == errc::unexpected_type);
  CHECK(e.offset == 17);
  CHECK(e.expected == "integer");
  CHECK(e.found == "string");
  CHECK(e.line == 0);
  CHECK_FALSE(static_cast<bool>(spool::error{}));
}

TEST_CASE("paths are built outwards while unwinding") {
  spool::error e;
  e.at_key("port").at_index(2).at_key("servers");
  CHECK(e.path == "servers[2].port");

  spool::error nested;
  nested.at_index(1).at_index(0).at_key("matrix");
  CHECK(nested.path == "matrix[0][1]");

  spool::error leaf_index;
  leaf_index.at_index(3);
  CHECK(leaf_index.path == "[3]");

  spool::error dashed;
  dashed.at_key("max-size_2").at_key("A");
  CHECK(dashed.path == "A.max-size_2");
}

TEST_CASE("keys that are not bare identifiers are quoted and escaped") {
  spool::error e;
  e.at_key("x").at_key("odd key");
  CHECK(e.path == R"(["odd key"].x)");
  e.at_key("root");
  CHECK(e.path == R"(root["odd key"].x)");

  spool::error dotted;
  dotted.at_key("a.b");
  CHECK(dotted.path == R"(["a.b"])");

  spool::error escapes;
  escapes.at_key("q\"b\\n\nt\tr\rc\x01\x7f");
  CHECK(escapes.path == R"(["q\"b\\n\nt\tr\rc\u0001\u007f"])");

  spool::error empty;
  empty.at_key("");
  CHECK(empty.path == R"([""])");

  spool::error unicode;
  unicode.at_key("caf\xC3\xA9").at_index(0);
  CHECK(unicode.path == "[0][\"caf\xC3\xA9\"]");

  spool::error binary;  // MessagePack keys need not be text
  binary.at_key(std::string_view("k\xFF\xC3", 3));
  CHECK(binary.path == R"(["k\xff\xc3"])");
}

TEST_CASE("locate computes line, column and the source line") {
  std::string_view doc = "[server]\nhost = \"a\"\nport = \"8080\"\n";
  spool::error e = spool::make_error(errc::unexpected_type, doc.find("\"8080"), "integer", "string");
  e.locate(doc);
  CHECK(e.line == 3);
  CHECK(e.column == 8);
  CHECK(e.source_line == "port = \"8080\"");

  SUBCASE("first byte") {
    spool::error first = spool::make_error(errc::syntax, 0);
    first.locate(doc);
    CHECK(first.line == 1);
    CHECK(first.column == 1);
    CHECK(first.source_line == "[server]");
  }
  SUBCASE("an offset on a newline belongs to the line it ends") {
    spool::error nl = spool::make_error(errc::syntax, doc.find('\n'));
    nl.locate(doc);
    CHECK(nl.line == 1);
    CHECK(nl.column == 9);
  }
  SUBCASE("end of input after a final newline is an empty last line") {
    spool::error end = spool::make_error(errc::unexpected_end, doc.size());
    end.locate(doc);
    CHECK(end.line == 4);
    CHECK(end.column == 1);
    CHECK(end.source_line.empty());
  }
  SUBCASE("an offset past the input is clamped to its end") {
    spool::error past = spool::make_error(errc::unexpected_end, 10'000);
    past.locate("ab\ncd");
    CHECK(past.line == 2);
    CHECK(past.column == 3);
    CHECK(past.source_line == "cd");
  }
  SUBCASE("empty input") {
    spool::error none = spool::make_error(errc::empty_input, 0);
    none.locate("");
    CHECK(none.line == 1);
    CHECK(none.column == 1);
    CHECK(none.source_line.empty());
  }
}

TEST_CASE("locate strips CR of CRLF line ends") {
  std::string_view doc = "a = 1\r\nb = x\r\nc = 3";
  spool::error e = spool::make_error(errc::syntax, doc.find('x'));
  e.locate(doc);
  CHECK(e.line == 2);
  CHECK(e.column == 5);
  CHECK(e.source_line == "b = x");
}

TEST_CASE("columns count characters, not bytes") {
  std::string_view doc = "name = \"\xC3\xA9t\xC3\xA9\" x";  // "été"
  spool::error e = spool::make_error(errc::trailing_data, doc.find('x'));
  e.locate(doc);
  CHECK(e.column == 14);
  CHECK(e.message() == "1:14: error: trailing data after the document\n  name = \"\xC3\xA9t\xC3\xA9\" x\n  " +
                           std::string(13, ' ') + "^");
}

TEST_CASE("malformed bytes and control characters show as U+FFFD, one column each") {
  std::string doc = "k = \"a\xFF\x01";
  doc += "b\"";
  spool::error e = spool::make_error(errc::invalid_utf8, doc.find('\xFF'));
  e.locate(doc);
  CHECK(e.column == 7);
  CHECK(e.source_line == "k = \"a\xEF\xBF\xBD\xEF\xBF\xBD" "b\"");
  CHECK(e.source_column == 7);

  // A sequence cut by the offset is shown byte by byte so the caret stays on a character start.
  std::string_view cut = "x\xC3\xA9y";
  spool::error mid = spool::make_error(errc::invalid_utf8, 2);
  mid.locate(cut);
  CHECK(mid.column == 3);
  CHECK(mid.source_line == "x\xEF\xBF\xBD\xEF\xBF\xBDy");
}

TEST_CASE("a very long line is clipped around the column") {
  std::string line(5000, 'a');
  line[3000] = 'X';
  std::string doc = "first\n" + line + "\nlast";
  spool::error e = spool::make_error(errc::syntax, doc.find('X'));
  e.locate(doc);
  CHECK(e.line == 2);
  CHECK(e.column == 3001);
  REQUIRE(e.source_line.size() < 200);
  CHECK(e.source_line.starts_with("..."));
  CHECK(e.source_line.ends_with("..."));
  REQUIRE(e.source_column >= 1);
  CHECK(e.source_line[e.source_column - 1] == 'X');

  std::string message = e.message();
  std::size_t caret_line = message.rfind('\n');
  std::size_t shown_line = message.rfind('\n', caret_line - 1);
  CHECK(message.substr(caret_line + 1).size() == e.source_column + 2);  // "  " + padding + "^"
  CHECK(message[shown_line + 3 + e.source_column - 1] == 'X');

  SUBCASE("near the start only the end is clipped") {
    spool::error early = spool::make_error(errc::syntax, doc.find('\n') + 10);
    early.locate(doc);
    CHECK_FALSE(early.source_line.starts_with("..."));
    CHECK(early.source_line.ends_with("..."));
    CHECK(early.source_column == 10);
  }
  SUBCASE("near the end only the start is clipped") {
    spool::error late = spool::make_error(errc::syntax, doc.rfind('\n') - 1);
    late.locate(doc);
    CHECK(late.source_line.starts_with("..."));
    CHECK_FALSE(late.source_line.ends_with("..."));
    CHECK(late.column == 5000);
  }
}

TEST_CASE("message renders like a compiler diagnostic") {
  std::string_view doc = "[server]\nport = \"8080\"\n";
  spool::error e = spool::make_error(errc::unexpected_type, doc.find('"'), "integer", "string");
  e.at_key("port").at_key("server");
  e.source_name = "config.toml";
  e.locate(doc);
  CHECK(e.message() ==
        "config.toml:2:8: error: expected integer for 'server.port', found string\n"
        "  port = \"8080\"\n"
        "         ^");

  e.source_name.clear();
  CHECK(e.message().starts_with("2:8: error: expected integer for 'server.port', found string\n"));

  SUBCASE("no location computed: the byte offset") {
    spool::error raw = spool::make_error(errc::unexpected_type, 42, "integer", "string");
    CHECK(raw.message() == "offset 42: error: expected integer, found string");
    raw.source_name = "data.msgpack";
    CHECK(raw.message() == "data.msgpack: offset 42: error: expected integer, found string");
  }
  SUBCASE("without expected: the code's description, the path and the detail") {
    spool::error missing = spool::make_error(errc::missing_key, 7);
    missing.at_key("port").at_key("server");
    CHECK(missing.message() == "offset 7: error: missing key at 'server.port'");
    missing.detail = "declared required";
    CHECK(missing.message() == "offset 7: error: missing key at 'server.port': declared required");
  }
  SUBCASE("codes other than a mismatch lead with their description") {
    spool::error range = spool::make_error(errc::out_of_range, 3, "uint8", "300");
    range.at_key("level");
    CHECK(range.message() == "offset 3: error: value out of range at 'level': expected uint8, found 300");
    spool::error number = spool::make_error(errc::invalid_number, 3, {}, "01");
    CHECK(number.message() == "offset 3: error: invalid number: found 01");
    spool::error syntax = spool::make_error(errc::syntax, 3, "',' or '}'", "'x'");
    CHECK(syntax.message() == "offset 3: error: expected ',' or '}', found 'x'");
  }
  SUBCASE("I/O errors name the source, not a position") {
    spool::error io = spool::make_error(errc::io, 0);
    io.source_name = "missing.json";
    io.detail = "No such file or directory";
    CHECK(io.message() == "missing.json: error: I/O error: No such file or directory");
  }
  SUBCASE("tabs before the column are mirrored under it") {
    spool::error tabbed = spool::make_error(errc::syntax, 3);
    tabbed.locate("\t\tx?");
    CHECK(tabbed.message() == "1:4: error: syntax error\n  \t\tx?\n  \t\t ^");
  }
  SUBCASE("the caret may sit just past the end of the line") {
    spool::error end = spool::make_error(errc::unexpected_end, 3);
    end.locate("{\"a");
    CHECK(end.message() == "1:4: error: unexpected end of input\n  {\"a\n     ^");
  }
  SUBCASE("a hand-filled source line without source_column uses the column") {
    spool::error manual = spool::make_error(errc::syntax, 0);
    manual.line = 1;
    manual.column = 3;
    manual.source_line = "abc";
    CHECK(manual.message() == "1:3: error: syntax error\n  abc\n    ^");
  }
  CHECK(spool::error{}.message() == "no error");
}

TEST_CASE("exception carries the error and its message") {
  spool::error e = spool::make_error(errc::out_of_range, 5, "uint8", "300");
  spool::exception ex(e);
  CHECK(std::string(ex.what()) == e.message());
  CHECK(ex.error().code == errc::out_of_range);
  CHECK(ex.error().found == "300");
}

TEST_CASE("result<T> holds a value or an error") {
  spool::result<int> good = 7;
  CHECK(good.has_value());
  CHECK(static_cast<bool>(good));
  CHECK(good.value() == 7);
  CHECK(*good == 7);
  CHECK(good.value_or(3) == 7);
  CHECK(good.error().code == errc::ok);

  spool::result<int> bad = spool::make_error(errc::syntax, 4);
  CHECK_FALSE(bad.has_value());
  CHECK_FALSE(static_cast<bool>(bad));
  CHECK(bad.value_or(3) == 3);
  CHECK(bad.error().code == errc::syntax);
  CHECK(bad.error().offset == 4);
  CHECK_THROWS_AS(bad.value(), spool::exception);
  try {
    (void)bad.value();
  } catch (const spool::exception& ex) {
    CHECK(ex.error().offset == 4);
  }

  spool::result<std::string> text = "abc";
  CHECK(text->size() == 3);
  std::string moved = std::move(text).value();
  CHECK(moved == "abc");

  spool::result<std::string> failed = spool::make_error(errc::io, 0);
  spool::error taken = std::move(failed).error();
  CHECK(taken.code == errc::io);
}

TEST_CASE("result<T> works with move-only values") {
  spool::result<std::unique_ptr<int>> r = std::make_unique<int>(5);
  REQUIRE(r);
  CHECK(**r == 5);
  std::unique_ptr<int> p = std::move(r).value();
  CHECK(*p == 5);

  spool::result<std::unique_ptr<int>> in_place(std::in_place, new int(9));
  CHECK(*in_place.value() == 9);
}

TEST_CASE("result<void> is success unless it holds an error") {
  spool::result<void> ok;
  CHECK(ok.has_value());
  CHECK_NOTHROW(ok.value());
  spool::result<void> bad = spool::make_error(errc::duplicate_key, 2);
  CHECK_FALSE(bad);
  CHECK(bad.error().code == errc::duplicate_key);
  CHECK_THROWS_AS(bad.value(), spool::exception);
}

TEST_CASE("errors without a position: no offset, line or column, only what and where in the value") {
  spool::error e = spool::make_error(errc::unsupported, spool::error::no_position, "a value TOML can hold", "null");
  CHECK_FALSE(e.has_position());
  e.at_key("b").at_key("a");
  CHECK(e.message() == "error: unsupported at 'a.b': expected a value TOML can hold, found null");
  e.locate("a = 1\n");  // nothing to locate
  CHECK(e.line == 0);
  CHECK(e.source_line.empty());
  CHECK(e.message() == "error: unsupported at 'a.b': expected a value TOML can hold, found null");
  e.source_name = "out.toml";
  CHECK(e.message() == "out.toml: error: unsupported at 'a.b': expected a value TOML can hold, found null");

  // A mismatch leads with its description too: nothing was being read, so "expected ... for"
  // would suggest a place in some input.
  spool::error kind = spool::make_error(errc::unexpected_type, spool::error::no_position, "integer", "string");
  kind.at_key("port");
  CHECK(kind.message() == "error: unexpected type at 'port': expected integer, found string");

  // drop_position() forgets a position already computed; offset 0 is a position like any other.
  spool::error located = spool::make_error(errc::syntax, 0);
  CHECK(located.has_position());
  located.locate("x");
  CHECK(located.message() == "1:1: error: syntax error\n  x\n  ^");
  located.drop_position();
  CHECK_FALSE(located.has_position());
  CHECK(located.line == 0);
  CHECK(located.column == 0);
  CHECK(located.source_line.empty());
  CHECK(located.message() == "error: syntax error");
}

namespace error_test {
struct endpoint {
  std::string host;
  std::uint8_t port = 0;
};
struct service {
  std::vector<endpoint> endpoints;
  std::optional<int> retries;
  double ratio = 0;
};
}  // namespace error_test

TEST_CASE("writers report errors without a position") {
  using error_test::service;
  std::string out;
  service nan_ratio{{{"a", 1}}, 3, std::numeric_limits<double>::quiet_NaN()};
  spool::error json = spool::json::write(nan_ratio, out);
  CHECK_FALSE(json.has_position());
  CHECK(json.message() ==
        "error: value out of range at 'ratio': NaN and infinity have no JSON form "
        "(write_options::nan_inf_as_null writes null)");
  try {
    (void)spool::json::write(nan_ratio);
    FAIL("no exception");
  } catch (const spool::exception& ex) {
    CHECK_FALSE(ex.error().has_position());
    CHECK(std::string(ex.what()).starts_with("error: value out of range at 'ratio'"));
  }

  spool::value null_port = spool::value::object(
      {{"endpoints", spool::value::array({spool::value::object({{"host", "a"}, {"port", nullptr}})})}});
  spool::error toml = spool::toml::write(null_port, out);
  CHECK_FALSE(toml.has_position());
  CHECK(toml.message() == "error: unsupported at 'endpoints[0].port': expected a value TOML can hold, found null");

  spool::error top = spool::toml::write(spool::value::array({1}), out);
  CHECK(top.message() ==
        "error: unexpected type: expected a table at the top level of a TOML document, found array");
  CHECK(out.empty());

  // MessagePack refuses only lengths beyond 2^32 - 1 (too big to build in a test): the error
  // write() and write(obj, out) report is the one below.
  CHECK(spool::msgpack::detail::too_long_to_encode().message() ==
        "error: size limit exceeded: a string, binary, container or extension longer than "
        "MessagePack's 2^32 - 1 limit");
}

TEST_CASE("conversions from spool::value report errors without a position") {
  using error_test::service;
  spool::value doc = spool::value::object(
      {{"endpoints", spool::value::array({spool::value::object({{"host", "a"}, {"port", 300}})})}});
  spool::result<service> s = spool::from_value<service>(doc);
  REQUIRE_FALSE(s);
  CHECK_FALSE(s.error().has_position());
  CHECK(s.error().path == "endpoints[0].port");
  CHECK(s.error().message().starts_with("error: value out of range at 'endpoints[0].port'"));

  int number = 0;
  spool::error kind = spool::from_value(spool::value("x"), number);
  CHECK(kind.message() == "error: unexpected type: expected integer, found string");

  // Readers still locate what they read, including conversions inside them.
  spool::result<service> read = spool::json::read<service>(R"({"endpoints": [{"port": 300}]})");
  REQUIRE_FALSE(read);
  CHECK(read.error().has_position());
  CHECK(read.error().line == 1);
}
