// The entry point of every benchmark executable: Google Benchmark's runner, with the build facts
// (A/B variant and the build it is measured against, compiler, flags, peers, inputs) in the
// report's context.
#include <benchmark/benchmark.h>

#include "support/harness.hpp"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  spool_bench::add_context(SPOOL_BENCH_VARIANT, SPOOL_BENCH_REFERENCE, SPOOL_BENCH_FLAGS);
  spool_bench::register_all();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
