// What every benchmark executable shares: registration by name, throughput, peer skips and the
// memcpy reference row.
//
// Names read "<benchmark>/<input>/<implementation>", e.g. "Unmarshal/twitter/rapidjson": the last
// segment is the library (or "memcpy"), so bench/results.py can line up spool against each peer
// on the same benchmark and input. Each executable defines register_all(), called by main once the
// command line is parsed, because inputs are loaded at run time (shared corpus or generated).
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "support/alloc_counter.hpp"

namespace spool_bench {

// Defined by each benchmark executable.
void register_all();

// Build and input facts written into the JSON context (read by bench/results.py): the A/B
// variant ("base" or the switch's suffix), the variant it is measured against ("base" unless
// bench/CMakeLists.txt says otherwise), compiler, flags, peers found, inputs used.
void add_context(const std::string& variant, const std::string& reference, const std::string& flags);

template <class F>
benchmark::internal::Benchmark* add(const std::string& name, F&& body) {
  return benchmark::RegisterBenchmark(name.c_str(), std::forward<F>(body));
}

// A row that says why it has no figures: "skipped: <peer> not installed".
void add_skipped(const std::string& name, std::string_view peer);

// "Reference/<input>/memcpy": copying the input once, the bandwidth ceiling that every benchmark
// on that input ("<benchmark>/<input>/<library>") is read against.
void add_memcpy_reference(const std::string& input, const std::string& bytes);

// MB/s in the report: bytes read or written per operation.
inline void set_bytes(benchmark::State& state, std::size_t per_op) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(per_op));
}

// The body of every benchmark: times `op` in Google Benchmark's loop, reports MB/s over
// `bytes_per_op` (0: none), then runs `op` a few more times untimed with the allocation counter on
// and reports "allocs/op" and "bytes/op" (bytes requested), like Go's -benchmem.
//
// Counting after the timed loop, rather than through Google Benchmark's MemoryManager, keeps the
// figures exact: only calls of `op` are counted (not the benchmark's setup, which the memory
// manager's 16-iteration run would spread over those iterations), and pools are warm, as they are
// in the timed loop. (Google Benchmark 1.7.1's memory manager also reports dangling results for
// every repetition but the last.)
template <class Op>
void measure(benchmark::State& state, std::size_t bytes_per_op, Op&& op) {
  for (auto _ : state) op();
  if (state.iterations() == 0) return;
  if (bytes_per_op != 0) set_bytes(state, bytes_per_op);
  const std::int64_t runs = state.iterations() < 8 ? static_cast<std::int64_t>(state.iterations()) : 8;
  start_counting();
  for (std::int64_t i = 0; i < runs; ++i) op();
  const alloc_totals totals = stop_counting();
  state.counters["allocs/op"] =
      static_cast<double>(totals.allocations) / static_cast<double>(runs);
  state.counters["bytes/op"] = benchmark::Counter(
      static_cast<double>(totals.bytes_allocated) / static_cast<double>(runs),
      benchmark::Counter::kDefaults, benchmark::Counter::kIs1024);
}

// `measure` after one untimed run of `op`: a library that fails on the input gets an error row,
// not a figure for work it did not do.
template <class Op>
void checked(benchmark::State& state, std::size_t bytes, Op&& op) {
  if (!op()) {
    state.SkipWithError("failed to process the input");
    for (auto _ : state) {
    }
    return;
  }
  measure(state, bytes, [&] { benchmark::DoNotOptimize(op()); });
}

}  // namespace spool_bench
