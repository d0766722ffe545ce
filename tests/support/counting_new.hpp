// Replacements of the global operator new and delete that count what a test program allocates,
// for the tests that check how much a reader or writer allocates:
//
//   #include "support/counting_new.hpp"   // in one translation unit: each test file is a program
//   CHECK(spool_test::allocations_in([&] { spool::json::read(doc, obj); }) == 0);
//
// The counters are plain integers: the programs that use them allocate from one thread.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

namespace spool_test {

inline std::size_t allocation_count = 0;  // calls of operator new
inline std::size_t allocated_bytes = 0;   // bytes they asked for

// Allocations made while f() runs.
template <class F>
std::size_t allocations_in(F&& f) {
  const std::size_t before = allocation_count;
  f();
  return allocation_count - before;
}

// Bytes asked for while f() runs.
template <class F>
std::size_t bytes_allocated_in(F&& f) {
  const std::size_t before = allocated_bytes;
  f();
  return allocated_bytes - before;
}

}  // namespace spool_test

void* operator new(std::size_t n) {
  ++spool_test::allocation_count;
  spool_test::allocated_bytes += n;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
// g++ 12 at -O1 and above flags free() on memory from operator new once both are inlined, though
// the replacement operator new above is exactly what allocated it.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
