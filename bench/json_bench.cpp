// JSON: spool against simdjson (On-Demand into structs, DOM), RapidJSON and nlohmann/json on the
// twitter, citm_catalog and canada documents, plus the go-github seed's whole-body reads.
//
//   Unmarshal, UnmarshalReuse, UnmarshalDataset, Marshal, MarshalDataset /<doc>/<lib>
//                                  the structs of support/documents.hpp and the peers' DOMs, as
//                                  support/document_rows.hpp says (simdjson: reading only)
//   Do/1KB|500KB/<lib>             a response body from an unsized stream, read whole into a pooled
//                                  buffer and decoded; json_bench_nopool is the fresh-buffer reader
#include <spool/json.hpp>
#include <spool/value.hpp>

#include <istream>
#include <streambuf>
#include <string>
#include <string_view>

#include "support/corpus.hpp"
#include "support/document_rows.hpp"
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

constexpr codec spool_json{[](std::string_view text, auto& out) { return !spool::json::read(text, out); },
                         [](const auto& value) { return spool::json::write(value); }};

#ifdef SPOOL_BENCH_HAVE_RAPIDJSON
struct rapidjson_rows {
  static constexpr std::string_view library = "rapidjson";
  using dataset = rapidjson::Document;
  template <class T>
  static bool read(std::string_view text, T& out) {
    return rapidjson_peer::read(text, out);
  }
  static bool parse(std::string_view text) {
    rapidjson::Document doc;
    load(text, doc);
    return !doc.HasParseError();
  }
  static void load(std::string_view text, dataset& doc) { doc.Parse(text.data(), text.size()); }
  template <class T>
  static std::size_t write(const T& value) {
    return rapidjson_peer::write(value).size();
  }
  static std::size_t write_dataset(const dataset& doc) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    doc.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize()).size();  // the text, as the others give it
  }
};
#endif

#ifdef SPOOL_BENCH_HAVE_NLOHMANN
struct nlohmann_rows {
  static constexpr std::string_view library = "nlohmann";
  using dataset = nlohmann::json;
  template <class T>
  static bool read(std::string_view text, T& out) {
    return nlohmann_peer::read(text, out);
  }
  static bool parse(std::string_view text) { return !nlohmann::json::parse(text, nullptr, false).is_discarded(); }
  static void load(std::string_view text, dataset& doc) { doc = nlohmann::json::parse(text); }
  template <class T>
  static std::size_t write(const T& value) {
    return nlohmann_peer::write(value).size();
  }
  static std::size_t write_dataset(const dataset& doc) { return doc.dump().size(); }
};
#endif

template <class Doc>
void add_document(const std::string& name, const std::string& text) {
  add_spool_rows<Doc>(name, text, spool_json);

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
  add_peer_rows<Doc, rapidjson_rows>(name, text, spool_json);
#else
  add_skipped_peer_rows(name, "rapidjson");
#endif

#ifdef SPOOL_BENCH_HAVE_NLOHMANN
  add_peer_rows<Doc, nlohmann_rows>(name, text, spool_json);
#else
  add_skipped_peer_rows(name, "nlohmann");
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
