// Replaces glibc's malloc family with forwarding functions that count while counting is on.
//
// Why malloc and not only operator new: RapidJSON and other C-style allocators call malloc
// directly; counting at operator new would flatter them. libstdc++'s operator new calls malloc,
// so one hook sees everything. glibc supports this replacement (its manual, "Replacing malloc")
// when the whole family is provided; each function forwards to glibc's own __libc_* entry.
#include "support/alloc_counter.hpp"

#include <malloc.h>

#include <atomic>
#include <cerrno>
#include <cstddef>

extern "C" {
void* __libc_malloc(std::size_t) noexcept;
void* __libc_calloc(std::size_t, std::size_t) noexcept;
void* __libc_realloc(void*, std::size_t) noexcept;
void* __libc_memalign(std::size_t, std::size_t) noexcept;
void* __libc_valloc(std::size_t) noexcept;
void* __libc_pvalloc(std::size_t) noexcept;
void __libc_free(void*) noexcept;
}

namespace {

std::atomic<bool> counting{false};
std::atomic<std::int64_t> allocations{0};
std::atomic<std::int64_t> bytes_allocated{0};
std::atomic<std::int64_t> live_bytes{0};
std::atomic<std::int64_t> peak_live_bytes{0};

void note_live(std::int64_t delta) noexcept {
  const std::int64_t now = live_bytes.fetch_add(delta, std::memory_order_relaxed) + delta;
  std::int64_t peak = peak_live_bytes.load(std::memory_order_relaxed);
  while (now > peak &&
         !peak_live_bytes.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
}

void* note_allocation(void* p, std::size_t requested) noexcept {
  if (p != nullptr && counting.load(std::memory_order_relaxed)) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    bytes_allocated.fetch_add(static_cast<std::int64_t>(requested), std::memory_order_relaxed);
    note_live(static_cast<std::int64_t>(malloc_usable_size(p)));
  }
  return p;
}

}  // namespace

namespace spool_bench {

void start_counting() noexcept {
  allocations.store(0, std::memory_order_relaxed);
  bytes_allocated.store(0, std::memory_order_relaxed);
  live_bytes.store(0, std::memory_order_relaxed);
  peak_live_bytes.store(0, std::memory_order_relaxed);
  counting.store(true, std::memory_order_seq_cst);
}

alloc_totals stop_counting() noexcept {
  counting.store(false, std::memory_order_seq_cst);
  return {allocations.load(std::memory_order_relaxed),
          bytes_allocated.load(std::memory_order_relaxed),
          peak_live_bytes.load(std::memory_order_relaxed),
          live_bytes.load(std::memory_order_relaxed)};
}

}  // namespace spool_bench

extern "C" {

void* malloc(std::size_t n) noexcept { return note_allocation(__libc_malloc(n), n); }

void* calloc(std::size_t count, std::size_t n) noexcept {
  return note_allocation(__libc_calloc(count, n), count * n);
}

void* memalign(std::size_t alignment, std::size_t n) noexcept {
  return note_allocation(__libc_memalign(alignment, n), n);
}

void* aligned_alloc(std::size_t alignment, std::size_t n) noexcept {
  return note_allocation(__libc_memalign(alignment, n), n);
}

int posix_memalign(void** out, std::size_t alignment, std::size_t n) noexcept {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* p = note_allocation(__libc_memalign(alignment, n), n);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}

void* valloc(std::size_t n) noexcept { return note_allocation(__libc_valloc(n), n); }

void* pvalloc(std::size_t n) noexcept { return note_allocation(__libc_pvalloc(n), n); }

void free(void* p) noexcept {
  if (p != nullptr && counting.load(std::memory_order_relaxed))
    note_live(-static_cast<std::int64_t>(malloc_usable_size(p)));
  __libc_free(p);
}

void* realloc(void* p, std::size_t n) noexcept {
  if (!counting.load(std::memory_order_relaxed)) return __libc_realloc(p, n);
  const auto before = static_cast<std::int64_t>(p != nullptr ? malloc_usable_size(p) : 0);
  void* q = __libc_realloc(p, n);
  if (q != nullptr) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    bytes_allocated.fetch_add(static_cast<std::int64_t>(n), std::memory_order_relaxed);
    note_live(static_cast<std::int64_t>(malloc_usable_size(q)) - before);
  } else if (n == 0 && p != nullptr) {
    note_live(-before);  // realloc(p, 0) freed p
  }
  return q;
}

}  // extern "C"
