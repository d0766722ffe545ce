// The examples of README.md, compiled and run, so the README cannot drift from the library.
#include <doctest/doctest.h>

#include <spool/spool.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace readme {

// --- README: the struct every example uses --------------------------------------------------
struct Server {
  std::string host;
  int port = 8080;
  std::vector<std::string> tags;
  std::optional<std::string> note;
};

struct Config {
  std::string title;
  std::vector<Server> servers;
};

// --- README: Streams -----------------------------------------------------------------------------
struct Event {
  std::string kind;
  std::int64_t at = 0;
};

}  // namespace readme

TEST_CASE("README: JSON") {
  using namespace readme;
  std::string text = R"({"title": "edge", "servers": [{"host": "a", "port": 80, "tags": ["x"]}]})";

  spool::result<Config> config = spool::json::read<Config>(text);
  REQUIRE(config);
  CHECK(config->servers[0].port == 80);

  std::string compact = spool::json::write(*config);
  constexpr spool::json::write_options indented{.pretty = true};
  std::string pretty = spool::json::write<indented>(*config);
  CHECK(compact == R"({"title":"edge","servers":[{"host":"a","port":80,"tags":["x"],"note":null}]})");
  CHECK(pretty.find("\n  \"servers\": [\n") != std::string::npos);

  spool::result<Config> bad = spool::json::read<Config>(R"({"servers": [{"port": "eighty"}]})");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().path == "servers[0].port");
  CHECK(bad.error().message() ==
        "1:23: error: expected integer for 'servers[0].port', found string\n"
        "  {\"servers\": [{\"port\": \"eighty\"}]}\n"
        "                        ^");
}

TEST_CASE("README: TOML") {
  using namespace readme;
  std::string text = R"(title = "edge"

[[servers]]
host = "a"
port = 80
)";
  spool::result<Config> config = spool::toml::read<Config>(text);
  REQUIRE(config);
  CHECK(config->servers[0].host == "a");

  constexpr spool::toml::read_options toml_1_0{.toml_version = spool::toml::version::v1_0};
  CHECK(spool::toml::read<Config, toml_1_0>(text)->title == "edge");

  std::string written = spool::toml::write(*config);     // throws, naming the path, on a null
  CHECK(spool::toml::read<Config>(written)->servers[0].port == 80);
  written.clear();
  spool::error e = spool::toml::write(*config, written);  // or reports it: the same shape as JSON's
  CHECK_FALSE(e);
  CHECK(spool::toml::read<Config>(written)->title == "edge");
}

TEST_CASE("README: MessagePack") {
  using namespace readme;
  Config config{"edge", {{"a", 80, {"x"}, std::nullopt}}};

  std::string bytes = spool::msgpack::write(config);
  spool::result<Config> back = spool::msgpack::read<Config>(bytes);
  REQUIRE(back);
  CHECK(back->servers[0].tags == std::vector<std::string>{"x"});

  constexpr spool::msgpack::write_options as_arrays{.struct_as_array = true};
  std::string arrays;
  REQUIRE_FALSE(spool::msgpack::write<as_arrays>(config, arrays));
  CHECK(arrays.size() < bytes.size());
  CHECK(spool::msgpack::read<Config>(arrays)->title == "edge");
}

TEST_CASE("README: spool::value") {
  spool::value doc{{"name", "spool"}, {"ports", {8080, 8081}}};
  doc["owner"]["id"] = 42;
  CHECK(doc["ports"][1].as_int64().value() == 8081);
  CHECK(spool::json::write(doc) == R"({"name":"spool","ports":[8080,8081],"owner":{"id":42}})");

  spool::value from_toml = spool::toml::read<spool::value>("when = 1979-05-27T07:32:00Z\n").value();
  CHECK(from_toml["when"].is_offset_datetime());
}

TEST_CASE("README: streams") {
  using namespace readme;
  std::istringstream input("{\"kind\":\"start\",\"at\":1}\n{\"kind\":\"stop\",\"at\":2}\n{\"kind\":7}\n");
  std::vector<Event> handled;
  auto handle = [&](const Event& e) { handled.push_back(e); };
  std::string message;

  spool::json::stream_reader in{input};
  while (in.more()) {
    spool::result<Event> e = in.read<Event>();
    if (!e) { message = e.error().message(); break; }
    handle(*e);
  }
  REQUIRE(handled.size() == 2);
  CHECK(handled[1].kind == "stop");
  CHECK(handled[1].at == 2);
  CHECK(message.rfind("3:9: error:", 0) == 0);
}
