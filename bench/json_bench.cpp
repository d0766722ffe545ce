// JSON: spool against simdjson (On-Demand into structs, DOM), RapidJSON and nlohmann/json on the
// twitter, citm_catalog and canada documents, plus the go-github seed's whole-body reads.
//
//   Unmarshal/<doc>/<lib>          into the structs of support/documents.hpp, a fresh object per read
//   UnmarshalReuse/<doc>/spool     into one object read again and again (capacity reused)
//   UnmarshalDataset/<doc>/<lib>   into a schema-less document: spool::value, or the peer's DOM
//   Marshal/<doc>/<lib>            from the structs
//   MarshalDataset/<doc>/<lib>     from spool::value, or the peer's DOM
//   Do/1KB|500KB/<lib>             a response body from an unsized stream, read whole into a pooled
//                                  buffer and decoded; json_bench_nopool is the fresh-buffer reader
#include <spool/json.hpp>
#include <spool/value.hpp>

#include <istream>
#include <streambuf>
#include <string>
#include <string_view>

#include "support/corpus.hpp"
#include "support/documents.hpp"
#include "support/harness.hpp"
#include "support/peers/nlohmann.hpp"
#include "support/peers/rapidjson.hpp"
#include "support/peers/simdjson.hpp"

namespace spool_bench {

namespace {

// The corpus file, or the generated document of the same shape written by spool.
template <class Generate>
std::string document_text(const std::string& name, Generate generate) {
  if (auto text = shared_file("json/" + name + ".json")) return *std::move(text);
  return spool::json::write(generate());
}

template <class Doc>
void add_document(const std::string& name, const std::string& text) {
  add_memcpy_reference(name, text);

  add("Unmarshal/" + name + "/spool", [&text](benchmark::State& state) {
    checked(state, text.size(), [&] {
      Doc doc{};
      return !spool::json::read(text, doc);
    });
  });
  add("UnmarshalReuse/" + name + "/spool", [&text](benchmark::State& state) {
    Doc doc{};
    checked(state, text.size(), [&] { return !spool::json::read(text, doc); });
  });
  add("UnmarshalDataset/" + name + "/spool", [&text](benchmark::State& state) {
    checked(state, text.size(), [&] { return spool::json::read<spool::value>(text).has_value(); });
  });
  add("Marshal/" + name + "/spool", [&text](benchmark::State& state) {
    Doc doc{};
    (void)spool::json::read(text, doc);
    const std::size_t size = spool::json::write(doc).size();
    checked(state, size, [&] { return !spool::json::write(doc).empty(); });
  });
  add("MarshalDataset/" + name + "/spool", [&text](benchmark::State& state) {
    const spool::value doc = spool::json::read<spool::value>(text).value();
    const std::size_t size = spool::json::write(doc).size();
    checked(state, size, [&] { return !spool::json::write(doc).empty(); });
  });

#ifdef SPOOL_BENCH_HAVE_SIMDJSON
  add("Unmarshal/" + name + "/simdjson", [&text](benchmark::State& state) {
    const simdjson::padded_string padded(text);
    simdjson::ondemand::parser parser;
    checked(state, text.size(), [&] {
      Doc doc{};
      return simdjson_peer::read(parser, padded, doc);
    });
  });
  add("UnmarshalDataset/" + name + "/simdjson", [&text](benchmark::State& state) {
    const simdjson::padded_string padded(text);
    simdjson::dom::parser parser;
    checked(state, text.size(), [&] {
      simdjson::dom::element root;
      return parser.parse(padded).get(root) == simdjson::SUCCESS;
    });
  });
#else
  add_skipped("Unmarshal/" + name + "/simdjson", "simdjson");
  add_skipped("UnmarshalDataset/" + name + "/simdjson", "simdjson");
#endif

#ifdef SPOOL_BENCH_HAVE_RAPIDJSON
  add("Unmarshal/" + name + "/rapidjson", [&text](benchmark::State& state) {
    checked(state, text.size(), [&] {
      Doc doc{};
      return rapidjson_peer::read(text, doc);
    });
  });
  add("UnmarshalDataset/" + name + "/rapidjson", [&text](benchmark::State& state) {
    checked(state, text.size(), [&] {
      rapidjson::Document doc;
      doc.Parse(text.data(), text.size());
      return !doc.HasParseError();
    });
  });
  add("Marshal/" + name + "/rapidjson", [&text](benchmark::State& state) {
    Doc doc{};
    (void)spool::json::read(text, doc);
    const std::size_t size = rapidjson_peer::write(doc).size();
    checked(state, size, [&] { return !rapidjson_peer::write(doc).empty(); });
  });
  add("MarshalDataset/" + name + "/rapidjson", [&text](benchmark::State& state) {
    rapidjson::Document doc;
    doc.Parse(text.data(), text.size());
    auto write = [&] {
      rapidjson::StringBuffer buffer;
      rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
      doc.Accept(writer);
      return std::string(buffer.GetString(), buffer.GetSize());
    };
    const std::size_t size = write().size();
    checked(state, size, [&] { return !write().empty(); });
  });
#else
  for (const char* bench : {"Unmarshal/", "UnmarshalDataset/", "Marshal/", "MarshalDataset/"})
    add_skipped(bench + name + "/rapidjson", "rapidjson");
#endif

#ifdef SPOOL_BENCH_HAVE_NLOHMANN
  add("Unmarshal/" + name + "/nlohmann", [&text](benchmark::State& state) {
    checked(state, text.size(), [&] {
      Doc doc{};
      return nlohmann_peer::read(text, doc);
    });
  });
  add("UnmarshalDataset/" + name + "/nlohmann", [&text](benchmark::State& state) {
    checked(state, text.size(), [&] { return !nlohmann::json::parse(text, nullptr, false).is_discarded(); });
  });
  add("Marshal/" + name + "/nlohmann", [&text](benchmark::State& state) {
    Doc doc{};
    (void)spool::json::read(text, doc);
    const std::size_t size = nlohmann_peer::write(doc).size();
    checked(state, size, [&] { return !nlohmann_peer::write(doc).empty(); });
  });
  add("MarshalDataset/" + name + "/nlohmann", [&text](benchmark::State& state) {
    const nlohmann::json doc = nlohmann::json::parse(text);
    const std::size_t size = doc.dump().size();
    checked(state, size, [&] { return !doc.dump().empty(); });
  });
#else
  for (const char* bench : {"Unmarshal/", "UnmarshalDataset/", "Marshal/", "MarshalDataset/"})
    add_skipped(bench + name + "/nlohmann", "nlohmann");
#endif
}

// A response body as a socket hands it over: a stream that does not announce its size.
class body_stream : private std::streambuf, public std::istream {
 public:
  explicit body_stream(std::string_view body) : std::istream(static_cast<std::streambuf*>(this)) {
    char* p = const_cast<char*>(body.data());  // read-only use: the get area is never written
    setg(p, p, p + body.size());
  }
};

void add_response(const std::string& label, const std::string& body) {
  add("Do/" + label + "/spool", [&body](benchmark::State& state) {
    checked(state, body.size(), [&] {
      body_stream in(body);
      github::search_response response{};
      return !spool::json::read(in, response);
    });
  });
#ifdef SPOOL_BENCH_HAVE_NLOHMANN
  add("Do/" + label + "/nlohmann", [&body](benchmark::State& state) {
    checked(state, body.size(), [&] {
      body_stream in(body);
      const nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
      github::search_response response{};
      return !doc.is_discarded() && dom_read<nlohmann_peer::access>(doc, response);
    });
  });
#else
  add_skipped("Do/" + label + "/nlohmann", "nlohmann");
#endif
}

}  // namespace

void register_all() {
  static const std::string twitter_text = document_text("twitter", twitter::generate);
  static const std::string citm_text = document_text("citm_catalog", citm::generate);
  static const std::string canada_text = document_text("canada", canada::generate);
  add_document<twitter::document>("twitter", twitter_text);
  add_document<citm::document>("citm_catalog", citm_text);
  add_document<canada::document>("canada", canada_text);

  static const std::string small = api_response_json(1024);
  static const std::string large = api_response_json(500 * 1024);
  add_response("1KB", small);
  add_response("500KB", large);
}

}  // namespace spool_bench
