// TOML: go-toml's benchmark matrix (the seed) on ../shared/data/bench/toml/go-toml/, spool against
// toml++ and toml11, each library reading into its own document tree (spool::value, toml::table,
// toml::value) and writing it back.
//
//   UnmarshalDataset/<dataset>/<lib>     config, canada, citm_catalog, twitter, code, example
//   Unmarshal/<document>/<lib>           SimpleDocument, ReferenceFile, HugoFrontMatter
//   Marshal/<document|dataset>/<lib>     the parsed tree written back
//   MarshalStruct/<document>/<lib>       a struct written back: directly ("spool"), through
//                                        spool::to_value ("spool_to_value"); toml++ its tree
//   RealWorld<Name>/<document>/<lib>     containerd config, viper read/write, hugo front matter
//                                        batch (40 documents), gitleaks rules, pyproject, golangci
//   Linear/array_<n>/<lib>, Linear/tables_<n>/<lib>   the input doubled: time should double
// toml11 rows on inputs over 1 MB are skipped unless SPOOL_BENCH_SLOW=1 (seconds per parse).
// spool reads the go-toml struct benchmarks into structs (the rows named "spool"), as go-toml
// does, and also into spool::value ("spool_value"); the peers parse into their trees.
// toml_bench_noexact, _nogenreset, _nomemo, _nonodecache, _noheaderchain, _nonumberfast,
// _nowritescan, _nokeypredict, _noarrayscratch and _nosiblingreserve are the switched-off builds.
#include <spool/toml.hpp>
#include <spool/value.hpp>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "support/corpus.hpp"
#include "support/harness.hpp"
#include "support/peers/toml.hpp"

namespace spool_bench {

// The structs of go-toml's struct benchmarks.
namespace hugo {
struct target {
  std::string kind;
  std::string lang;
  std::string path;
};
struct cascade {
  std::string background;
  hugo::target target;  // "_target"
};
struct front_matter {
  std::vector<std::string> categories;
  std::string date;
  std::string description;
  std::string slug;
  std::vector<std::string> tags;
  std::string title;
  bool include_toc;
  bool show_comments;
  std::vector<hugo::cascade> cascade;
};
}  // namespace hugo

// golangci-lint's configuration: ten struct types, more than the plan memo's eight, with
// kebab-case keys, read with unknown keys rejected.
namespace golangci {
struct kebab {
  static constexpr auto naming = spool::naming::kebab_case;
};
struct run {
  std::string timeout;
  bool tests;
  std::vector<std::string> build_tags;
  using spool_meta = kebab;
};
struct output {
  std::vector<std::string> formats;
  bool print_issued_lines;
  bool sort_results;
  using spool_meta = kebab;
};
struct linters {
  bool disable_all;
  std::vector<std::string> enable;
  using spool_meta = kebab;
};
struct errcheck {
  bool check_type_assertions;
  bool check_blank;
  using spool_meta = kebab;
};
struct govet {
  bool enable_all;
  std::vector<std::string> disable;
  using spool_meta = kebab;
};
struct misspell {
  std::string locale;
  std::vector<std::string> ignore_words;
  using spool_meta = kebab;
};
struct revive {
  std::string severity;
  double confidence;
  using spool_meta = kebab;
};
struct linters_settings {
  golangci::errcheck errcheck;
  golangci::govet govet;
  golangci::misspell misspell;
  golangci::revive revive;
};
struct issues {
  std::int64_t max_issues_per_linter;
  std::int64_t max_same_issues;
  bool exclude_use_default;
  std::vector<std::string> exclude_dirs;
  using spool_meta = kebab;
};
struct config {
  golangci::run run;
  golangci::output output;
  golangci::linters linters;
  golangci::linters_settings linters_settings;
  golangci::issues issues;
  using spool_meta = kebab;
};
}  // namespace golangci

namespace viper {
struct replica {
  std::string host;
  std::int64_t port;
};
struct database {
  std::string host;
  std::int64_t port;
  std::string user;
  std::string password;
  std::int64_t max_connections;
  std::string sslmode;
  viper::replica replica;
};
struct redis {
  std::string addr;
  std::int64_t db;
  std::int64_t pool_size;
};
struct logging {
  std::string level;
  std::string format;
  std::vector<std::string> outputs;
};
struct features {
  bool new_billing;
  bool dark_mode;
  std::vector<std::string> beta_users;
};
struct limits {
  std::int64_t requests_per_second;
  std::int64_t burst;
  std::int64_t max_body_bytes;
};
struct config {
  std::string app_name;
  std::string environment;
  bool debug;
  std::int64_t port;
  double timeout;
  std::vector<std::string> hosts;
  viper::database database;
  viper::redis redis;
  viper::logging logging;
  viper::features features;
  viper::limits limits;
};
}  // namespace viper

struct simple_document {
  std::string A;
};

// The shape of generated_tables(): an array of 2500 tables with scalars, an inline table and an
// array each.
namespace generated {
struct limits {
  std::int64_t cpu;
  std::string memory;
};
struct server {
  std::string name;
  std::int64_t port;
  double weight;
  bool enabled;
  generated::limits limits;
  std::vector<std::string> tags;
};
}  // namespace generated
struct generated_config {
  std::string title;
  std::int64_t version;
  std::vector<generated::server> server;
};

}  // namespace spool_bench

template <>
struct spool::meta<spool_bench::hugo::cascade> {
  static constexpr auto fields = spool::field_options(spool::rename("target", "_target"));
};

namespace spool_bench {

namespace {

// toml11 needs seconds per parse of the megabyte datasets (and grows quadratically with array
// length), which would make a full run last hours; its rows on inputs over 1 MB are left out
// unless SPOOL_BENCH_SLOW=1.
std::size_t slow_peer_limit() {
  const char* slow = std::getenv("SPOOL_BENCH_SLOW");
  return slow != nullptr && std::string_view(slow) == "1" ? std::numeric_limits<std::size_t>::max()
                                                          : std::size_t{1} << 20;
}

void add_skipped_slow(const std::string& name) {
  add(name, [](benchmark::State& state) {
    state.SkipWithError("skipped: input over 1 MB for this peer (SPOOL_BENCH_SLOW=1 runs it)");
    for (auto _ : state) {
    }
  });
}

// One row reading every document of `docs` per operation with `parse` (true when it read).
template <class Parse>
void add_batch(const std::string& name, std::shared_ptr<const std::vector<std::string>> docs, std::size_t bytes,
               Parse parse) {
  add(name, [docs, bytes, parse](benchmark::State& state) {
    checked(state, bytes, [&] {
      bool ok = true;
      for (const auto& d : *docs) ok &= parse(d);
      return ok;
    });
  });
}

// Parses one or more documents per operation (the hugo batch is 40 small ones); with a Struct,
// spool's row reads into it (options Opts) and "spool_value" reads into spool::value.
template <class Struct = void, spool::toml::read_options Opts = spool::toml::read_options{}>
void add_parse(const std::string& name, std::vector<std::string> docs) {
  auto shared = std::make_shared<const std::vector<std::string>>(std::move(docs));
  std::size_t bytes = 0;
  for (const auto& d : *shared) bytes += d.size();
  if constexpr (!std::is_void_v<Struct>)
    add_batch(name + "/spool", shared, bytes,
              [](const std::string& d) { return spool::toml::read<Struct, Opts>(d).has_value(); });
  add_batch(name + (std::is_void_v<Struct> ? "/spool" : "/spool_value"), shared, bytes,
            [](const std::string& d) { return spool::toml::read<spool::value>(d).has_value(); });
#ifdef SPOOL_BENCH_HAVE_TOMLPLUSPLUS
  add_batch(name + "/tomlplusplus", shared, bytes, [](const std::string& d) { return toml_peers::tomlplusplus_parse(d); });
#else
  add_skipped(name + "/tomlplusplus", "toml++");
#endif
#ifdef SPOOL_BENCH_HAVE_TOML11
  if (bytes > slow_peer_limit()) {
    add_skipped_slow(name + "/toml11");
    return;
  }
  add_batch(name + "/toml11", shared, bytes, [](const std::string& d) { return toml_peers::toml11_parse(d); });
#else
  add_skipped(name + "/toml11", "toml11");
#endif
}

// A peer writing its tree of `text` (toml++ in every writing benchmark, toml11 in the tree ones).
template <class Writer>
void add_peer_write(const std::string& name, const std::string& text) {
  add(name, [&text](benchmark::State& state) {
    const Writer writer(text);
    const std::size_t size = writer.valid() ? writer.write().size() : 0;
    checked(state, size, [&] { return writer.valid() && !writer.write().empty(); });
  });
}

void add_tomlplusplus_write(const std::string& name, const std::string& text) {
#ifdef SPOOL_BENCH_HAVE_TOMLPLUSPLUS
  add_peer_write<toml_peers::tomlplusplus_writer>(name + "/tomlplusplus", text);
#else
  add_skipped(name + "/tomlplusplus", "toml++");
#endif
}

void add_write(const std::string& name, const std::string& text) {
  add(name + "/spool", [&text](benchmark::State& state) {
    const spool::value doc = spool::toml::read<spool::value>(text).value();
    std::string out;
    const std::size_t size = spool::toml::write(doc).size();
    checked(state, size, [&] {
      out.clear();
      return !spool::toml::write(doc, out);
    });
  });
  add_tomlplusplus_write(name, text);
#ifdef SPOOL_BENCH_HAVE_TOML11
  if (text.size() > slow_peer_limit()) {
    add_skipped_slow(name + "/toml11");
    return;
  }
  add_peer_write<toml_peers::toml11_writer>(name + "/toml11", text);
#else
  add_skipped(name + "/toml11", "toml11");
#endif
}

// Writing a struct read from `text`: straight from the struct through its plan ("spool"), through
// spool::to_value and the tree writer as spool did before it had a struct writer
// ("spool_to_value"), and toml++ writing its tree of the same document.
template <class Struct, spool::toml::read_options Opts = spool::toml::read_options{}>
void add_write_struct(const std::string& name, const std::string& text) {
  auto object = std::make_shared<const Struct>(spool::toml::read<Struct, Opts>(text).value());
  const std::size_t size = spool::toml::write(*object).size();
  add(name + "/spool", [object, size](benchmark::State& state) {
    std::string out;
    checked(state, size, [&] {
      out.clear();
      return !spool::toml::write(*object, out);
    });
  });
  add(name + "/spool_to_value", [object, size](benchmark::State& state) {
    std::string out;
    checked(state, size, [&] {
      out.clear();
      return !spool::toml::write(spool::to_value(*object), out);
    });
  });
  add_tomlplusplus_write(name, text);
}

// A configuration-like document of `tables` array-of-tables entries, each with scalars, an inline
// table and a short array: stands in for the datasets when the corpus is absent, and doubles
// cleanly for the linearity rows.
std::string generated_tables(std::size_t tables) {
  sequence random(tables);
  std::string out = "title = \"generated\"\nversion = 3\n\n";
  for (std::size_t i = 0; i < tables; ++i) {
    out += "[[server]]\nname = \"" + random.word(4, 12) + "\"\nport = " + std::to_string(1024 + random.below(60000)) +
           "\nweight = " + std::to_string(random.unit()) + "\nenabled = true\nlimits = { cpu = " +
           std::to_string(random.below(64)) + ", memory = \"" + std::to_string(random.below(512)) +
           "MiB\" }\ntags = [\"" + random.word(3, 8) + "\", \"" + random.word(3, 8) + "\"]\n\n";
  }
  return out;
}

// One array of n floats: toml11 is quadratic on large arrays.
std::string generated_array(std::size_t n) {
  sequence random(n);
  std::string out = "values = [";
  for (std::size_t i = 0; i < n; ++i) {
    if (i != 0) out += ", ";
    out += std::to_string(random.unit() * 1000.0);
  }
  return out + "]\n";
}

std::vector<std::string> files(std::initializer_list<const char*> names) {
  std::vector<std::string> docs;
  for (const char* name : names) {
    auto text = shared_file(std::string("toml/go-toml/") + name);
    if (!text) return {};
    docs.push_back(*std::move(text));
  }
  return docs;
}

}  // namespace

void register_all() {
  static std::vector<std::pair<std::string, std::string>> datasets;
  for (const char* name : {"config", "canada", "citm_catalog", "twitter", "code", "example"}) {
    if (auto text = shared_file(std::string("toml/go-toml/") + name + ".toml")) datasets.emplace_back(name, *std::move(text));
  }
  if (datasets.empty()) {
    datasets.emplace_back("generated_1MB", generated_tables(7000));
    datasets.emplace_back("generated_8KB", generated_tables(55));
  }
  for (const auto& [name, text] : datasets) {
    add_memcpy_reference(name, text);
    add_parse("UnmarshalDataset/" + name, {text});
  }
  for (const auto& [name, text] : datasets) add_write("MarshalDataset/" + name, text);

  static std::vector<std::pair<std::string, std::string>> documents;
  documents.emplace_back("SimpleDocument", "A = \"hello\"\n");
  add_parse<simple_document>("Unmarshal/SimpleDocument", {documents.back().second});
  if (auto text = shared_file("toml/go-toml/benchmark.toml")) {
    documents.emplace_back("ReferenceFile", *text);
    add_parse("Unmarshal/ReferenceFile", {*std::move(text)});
  }
  if (auto text = shared_file("toml/go-toml/hugo_frontmatter.toml")) {
    documents.emplace_back("HugoFrontMatter", *text);
    add_parse<hugo::front_matter>("Unmarshal/HugoFrontMatter", {*std::move(text)});
  }
  for (const auto& [name, text] : documents) add_write("Marshal/" + name, text);
  add_write_struct<simple_document>("MarshalStruct/SimpleDocument", documents.front().second);
  for (const auto& [name, text] : documents)
    if (name == "HugoFrontMatter") add_write_struct<hugo::front_matter>("MarshalStruct/HugoFrontMatter", text);

  // go-toml's RealWorld set; containerd, gitleaks, pyproject and the hugo batch into trees (their
  // go-toml structs are not reproduced), viper and golangci (strict) into structs.
  for (auto [benchmark, input, file] : {std::tuple{"RealWorldContainerdConfig", "containerd", "realworld_containerd.toml"},
                                        std::tuple{"RealWorldGitleaksRules", "gitleaks_rules", "realworld_gitleaks_rules.toml"},
                                        std::tuple{"RealWorldPyproject", "pyproject", "realworld_pyproject.toml"}}) {
    if (auto docs = files({file}); !docs.empty()) add_parse(std::string(benchmark) + "/" + input, std::move(docs));
  }
  // Read once: the rows that write viper and golangci keep a reference to the text.
  static const std::vector<std::string> viper = files({"realworld_viper.toml"});
  static const std::vector<std::string> golangci_doc = files({"realworld_golangci.toml"});
  if (!viper.empty()) add_parse<viper::config>("RealWorldViperRead/viper", viper);
  if (!golangci_doc.empty())
    add_parse<golangci::config, spool::toml::read_options{.error_on_unknown_keys = true}>(
        "RealWorldGolangciStrict/golangci", golangci_doc);
  std::vector<std::string> hugo = files({"realworld_hugo_frontmatter_1.toml", "realworld_hugo_frontmatter_2.toml",
                                          "realworld_hugo_frontmatter_3.toml", "realworld_hugo_frontmatter_4.toml"});
  std::vector<std::string> batch;
  for (std::size_t i = 0; i < 40 && !hugo.empty(); ++i) batch.push_back(hugo[i % hugo.size()]);
  if (!batch.empty()) add_parse("RealWorldHugoFrontMatterBatch/hugo_40_documents", std::move(batch));
  if (!viper.empty()) add_write("RealWorldViperWrite/viper", viper.front());
  if (!viper.empty()) add_write_struct<viper::config>("RealWorldViperWriteStruct/viper", viper.front());
  if (!golangci_doc.empty()) add_write_struct<golangci::config>("MarshalStruct/golangci", golangci_doc.front());
  static const std::string tables_struct = generated_tables(2500);
  add_write_struct<generated_config>("MarshalStruct/tables_2500", tables_struct);

  static const std::string array_1 = generated_array(20000), array_2 = generated_array(40000);
  static const std::string tables_1 = generated_tables(2500), tables_2 = generated_tables(5000);
  add_parse("Linear/array_20k", {array_1});
  add_parse("Linear/array_40k", {array_2});
  add_parse("Linear/tables_2500", {tables_1});
  add_parse("Linear/tables_5000", {tables_2});
}

}  // namespace spool_bench
