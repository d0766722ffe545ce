#include "support/harness.hpp"

#include <cstring>
#include <vector>

#include "support/corpus.hpp"

namespace spool_bench {

namespace {

std::string compiler() {
#if defined(__clang__)
  return "clang++ " __clang_version__;
#elif defined(__GNUC__)
  return "g++ " __VERSION__;
#else
  return "unknown";
#endif
}

std::string peers() {
  std::string list;
  auto note = [&](bool present, const char* name) {
    if (!present) return;
    if (!list.empty()) list += ", ";
    list += name;
  };
#ifdef SPOOL_BENCH_HAVE_NLOHMANN
  note(true, "nlohmann");
#endif
#ifdef SPOOL_BENCH_HAVE_RAPIDJSON
  note(true, "rapidjson");
#endif
#ifdef SPOOL_BENCH_HAVE_SIMDJSON
  note(true, "simdjson");
#endif
#ifdef SPOOL_BENCH_HAVE_MSGPACK
  note(true, "msgpack-cxx");
#endif
#ifdef SPOOL_BENCH_HAVE_TOMLPLUSPLUS
  note(true, "tomlplusplus");
#endif
#ifdef SPOOL_BENCH_HAVE_TOML11
  note(true, "toml11");
#endif
  note(list.empty(), "none");
  return list;
}

}  // namespace

void add_context(const std::string& variant, const std::string& reference, const std::string& flags) {
  benchmark::AddCustomContext("spool_variant", variant);
  benchmark::AddCustomContext("spool_reference", reference);
  benchmark::AddCustomContext("compiler", compiler());
  benchmark::AddCustomContext("flags", flags);
  benchmark::AddCustomContext("peers", peers());
  benchmark::AddCustomContext("inputs", shared_data_available()
                                            ? "shared corpus (" + shared_data_root() + ")"
                                            : "generated (shared corpus absent)");
}

void add_skipped(const std::string& name, std::string_view peer) {
  std::string message = "skipped: " + std::string(peer) + " not installed";
  add(name, [message](benchmark::State& state) {
    state.SkipWithError(message.c_str());
    for (auto _ : state) {
    }
  });
}

void add_memcpy_reference(const std::string& input, const std::string& bytes) {
  add("Reference/" + input + "/memcpy", [&bytes](benchmark::State& state) {
    std::vector<char> target(bytes.size());
    measure(state, bytes.size(), [&] {
      std::memcpy(target.data(), bytes.data(), bytes.size());
      benchmark::DoNotOptimize(target.data());
      benchmark::ClobberMemory();
    });
  });
}

}  // namespace spool_bench
