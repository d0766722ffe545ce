// The JSON reader: structs, options, reading into existing objects, whole-input sources.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
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

}  // namespace json_read_test

using namespace json_read_test;

template <>
struct spool::meta<server> {
  static constexpr auto naming = spool::naming::kebab_case;
  static constexpr auto fields = spool::field_options(spool::default_value("port", 8080));
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
