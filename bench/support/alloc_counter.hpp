// Heap accounting for the benchmarks: every allocation made by the process while counting is on,
// whichever API made it (operator new, malloc from a C library such as RapidJSON's allocator,
// realloc, aligned allocations), so allocs/op compare libraries on equal terms.
//
// The counters live in alloc_counter.cpp, which replaces glibc's malloc family in the benchmark
// executables only. Counting is off outside start_counting()/stop_counting(): timed iterations
// pay one relaxed load per allocation and nothing else.
#pragma once

#include <cstdint>

namespace spool_bench {

struct alloc_totals {
  std::int64_t allocations = 0;      // calls that returned memory (realloc counts as one)
  std::int64_t bytes_allocated = 0;  // sum of requested sizes
  std::int64_t peak_live_bytes = 0;  // highest (allocated - freed) since start, usable sizes
  std::int64_t net_bytes = 0;        // (allocated - freed) at stop, usable sizes
};

void start_counting() noexcept;
alloc_totals stop_counting() noexcept;

}  // namespace spool_bench
