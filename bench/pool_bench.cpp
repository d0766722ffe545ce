// The foundation's mechanisms, each against its switched-off build (see detail/config.hpp):
//   pool_bench             everything on
//   pool_bench_nopool      SPOOL_DISABLE_POOL: every lease is a fresh buffer
//   pool_bench_nofastpath  SPOOL_DISABLE_LIMIT_FAST_PATH: the retention check always loads the atomic
//   pool_bench_noexact     SPOOL_DISABLE_EXACT_SIZE_READ: whole-input reads grow geometrically
//   pool_bench_nogenreset  SPOOL_DISABLE_GENERATION_RESET: tables clear every slot on reset
//   pool_bench_nomemo      SPOOL_DISABLE_PLAN_MEMO: every plan lookup goes to the registry
// and, inside one executable, the retention limit at its default against raised to 256 KiB.
#include <spool/detail/generation_table.hpp>
#include <spool/pool.hpp>
#include <spool/reflect.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "support/corpus.hpp"
#include "support/harness.hpp"

namespace spool_bench {

namespace {

// Fills a leased scratch buffer with `size` bytes the way a writer does (appends, growing from
// empty or from the retained capacity), then returns it.
void lease_and_fill(const std::string& payload) {
  spool::buffer_lease lease = spool::lease_buffer();
  lease->append(payload);
  benchmark::DoNotOptimize(lease->data());
}

void add_lease_benchmarks() {
  static const std::string small(256, 'x');
  static const std::string large(100 * 1024, 'x');

  add("ScratchLease/256B/spool",
      [](benchmark::State& state) { measure(state, small.size(), [] { lease_and_fill(small); }); });

  // The msgpack seed: a 100 KB buffer is over the 32 KiB default, so it is freed on return and
  // re-grown on every use; raised to 256 KiB it is kept, and the lease allocates nothing.
  add("ScratchLease/100KB_limit_default/spool", [](benchmark::State& state) {
    spool::set_pool_buffer_limit(0);
    measure(state, large.size(), [] { lease_and_fill(large); });
  });
  add("ScratchLease/100KB_limit_256KiB/spool", [](benchmark::State& state) {
    spool::set_pool_buffer_limit(256 * 1024);
    measure(state, large.size(), [] { lease_and_fill(large); });
    spool::set_pool_buffer_limit(0);
  });

  // The retention predicate alone, on capacities at or below the default: with the fast path it
  // never loads the atomic limit.
  add("LimitCheck/small_capacities/spool", [](benchmark::State& state) {
    std::vector<std::size_t> capacities(1024);
    for (std::size_t i = 0; i < capacities.size(); ++i) capacities[i] = (i * 977) % (32 * 1024);
    measure(state, 0, [&] {
      std::size_t oversized = 0;
      for (std::size_t c : capacities) oversized += spool::pool_buffer_oversized(c) ? 1 : 0;
      benchmark::DoNotOptimize(oversized);
    });
  });
}

// A source that announces its size (like a sized reader or a socket with Content-Length).
struct memory_source {
  std::span<const char> data;
  std::size_t position = 0;

  std::size_t read(std::span<std::byte> out) {
    const std::size_t n = std::min(out.size(), data.size() - position);
    std::memcpy(out.data(), data.data() + position, n);
    position += n;
    return n;
  }
  std::size_t size() const { return data.size() - position; }
};

// The same source without size(): the reader can only grow.
struct unsized_source {
  memory_source inner;
  std::size_t read(std::span<std::byte> out) { return inner.read(out); }
};

// Temporary files for the read_file rows, removed when the program ends.
struct temporary_files {
  std::vector<std::filesystem::path> paths;
  ~temporary_files() {
    std::error_code ignored;
    for (const auto& p : paths) std::filesystem::remove(p, ignored);
  }
  std::filesystem::path make(const std::string& name, const std::string& bytes) {
    auto path = std::filesystem::temp_directory_path() /
                ("spool-bench-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    paths.push_back(path);
    return path;
  }
};

void add_read_benchmarks() {
  static temporary_files files;
  struct sized_input {
    const char* label;
    std::string bytes;
    std::filesystem::path path;
  };
  // 100 KB stays in the pool (input buffers are kept up to 1 MiB); 2 MB is read into a fresh
  // buffer every time, which is where exact sizing saves the growth sequence.
  static std::vector<sized_input> inputs;
  for (std::size_t size : {std::size_t{100} * 1024, std::size_t{2} * 1024 * 1024}) {
    std::string bytes = api_response_json(size);
    const char* label = size < 1024 * 1024 ? "100KB" : "2MB";
    auto path = files.make(label, bytes);
    inputs.push_back({label, std::move(bytes), std::move(path)});
  }
  for (const sized_input& in : inputs) {
    const std::string label = in.label;
    add("ReadFile/" + label + "/spool", [&in](benchmark::State& state) {
      measure(state, in.bytes.size(), [&] {
        auto body = spool::read_file(in.path);
        benchmark::DoNotOptimize(body.value()->data());
      });
    });
    add("ReadSource/" + label + "_sized/spool", [&in](benchmark::State& state) {
      measure(state, in.bytes.size(), [&] {
        memory_source source{in.bytes};
        auto body = spool::read_all(source);
        benchmark::DoNotOptimize(body.value()->data());
      });
    });
    add("ReadSource/" + label + "_unsized/spool", [&in](benchmark::State& state) {
      measure(state, in.bytes.size(), [&] {
        unsized_source source{memory_source{in.bytes}};
        auto body = spool::read_all(source);
        benchmark::DoNotOptimize(body.value()->data());
      });
    });
    add_memcpy_reference(label, in.bytes);
  }
}

// A pooled decoder context keeps these tables across documents; each document touches a few
// slots and resets. The cost of reset is the whole difference between the two builds.
void add_generation_benchmarks() {
  // A seen-field set for a 40-field struct (the twitter user), reset per object.
  add("GenerationReset/seen_set_40_fields/spool", [](benchmark::State& state) {
    spool::detail::generation_set seen;
    measure(state, 0, [&] {
      for (std::size_t i = 0; i < 40; ++i) benchmark::DoNotOptimize(seen.insert(i));
      seen.reset();
    });
  });
  // TOML array-table counts: a table that once held 4096 entries, documents that touch 16.
  add("GenerationReset/table_4096_slots_16_touched/spool", [](benchmark::State& state) {
    spool::detail::generation_table<std::uint32_t> counts;
    counts[4095] = 1;
    counts.reset();
    measure(state, 0, [&] {
      for (std::size_t i = 0; i < 16; ++i) ++counts[i * 131];
      benchmark::DoNotOptimize(counts.get(131));
      counts.reset();
    });
  });
}

// Distinct struct types for the plan lookups: each N is its own plan in the registry.
template <int N>
struct table_type {
  std::int64_t id;
  std::string name;
  bool enabled;
};

// A decoder resolves a plan at every table it enters; a document visits tables of `types`
// distinct struct types, 64 visits in all, round robin. The memo holds 8 plans: with 4 types
// every lookup after the first few hits, with 12 the worst case for the memo (cycling through
// more types than it holds) misses every time and falls through to the registry.
template <int... N>
void plan_lookups(spool::plan_memo& memo) {
  for (int visit = 0; visit < 64 / static_cast<int>(sizeof...(N)); ++visit)
    (benchmark::DoNotOptimize(&memo.get<table_type<N>>()), ...);
}

void add_plan_benchmarks() {
  add("PlanLookup/4_types_64_tables/spool", [](benchmark::State& state) {
    spool::plan_memo memo;
    measure(state, 0, [&] { plan_lookups<0, 1, 2, 3>(memo); });
  });
  add("PlanLookup/12_types_60_tables/spool", [](benchmark::State& state) {
    spool::plan_memo memo;
    measure(state, 0, [&] { plan_lookups<0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11>(memo); });
  });
}

}  // namespace

void register_all() {
  add_lease_benchmarks();
  add_read_benchmarks();
  add_generation_benchmarks();
  add_plan_benchmarks();
}

}  // namespace spool_bench
