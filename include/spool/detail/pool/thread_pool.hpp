// The per-thread buffer pool behind spool::lease_buffer().
//
// Each thread keeps a few idle buffers per class in a thread_local array, so leasing and
// returning never lock. A lease owns its buffer outright while it is held (nothing else can see
// it), which is what makes it safe to hold across a coroutine suspension or to hand to another
// thread: whichever thread ends the lease files the buffer in its own pool.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include <spool/detail/config.hpp>
#include <spool/detail/pool/byte_buffer.hpp>
#include <spool/detail/pool/limits.hpp>

namespace spool {

// scratch obeys the configurable pool_buffer_limit(); input (whole documents, stream windows)
// obeys the fixed input_buffer_limit.
enum class buffer_class : std::uint8_t { scratch, input };

// Counters of the calling thread's pool. The first four count events since the last
// reset_thread_pool_stats(); the last three describe what the pool holds now.
struct pool_stats {
  std::uint64_t leases = 0;             // buffer and object leases handed out by this thread
  std::uint64_t reuses = 0;             // ... of which served from the pool
  std::uint64_t fresh_allocations = 0;  // ... of which created anew
  std::uint64_t drops = 0;              // leases ended on this thread whose buffer/object was freed
                                        // (too large, empty, bin full, release_to_allocator)
  std::size_t bytes_retained = 0;       // capacity of the idle buffers kept
  std::size_t buffers_retained = 0;     // idle buffers kept
  std::size_t objects_retained = 0;     // idle context objects kept (see lease_object)
};

namespace detail {

inline constexpr std::size_t buffers_per_class = 4;

// Intrusive list node through which trim_thread_pool() reaches the per-type object caches.
struct object_cache_node {
  virtual void trim() noexcept = 0;
  object_cache_node* next = nullptr;
  object_cache_node* prev = nullptr;

 protected:
  ~object_cache_node() = default;
};

struct thread_pool {
  std::array<std::array<byte_buffer, buffers_per_class>, 2> idle;  // indexed by buffer_class
  std::array<std::size_t, 2> idle_count{};
  pool_stats stats;
  object_cache_node* caches = nullptr;

  thread_pool() = default;
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool();

  void trim() noexcept {
    // Objects first: a context's destructor ends the buffer leases it holds, filing them here.
    for (object_cache_node* n = caches; n != nullptr; n = n->next) n->trim();
    for (std::size_t c = 0; c < idle.size(); ++c) {
      for (std::size_t i = 0; i < idle_count[c]; ++i) idle[c][i].release();
      idle_count[c] = 0;
    }
    stats.bytes_retained = stats.buffers_retained = 0;
  }
};

// Set once this thread's pool is destroyed, so that leases ended by later thread_local
// destructors free their buffer instead of touching a dead pool. constinit and trivially
// destructible: it outlives every other thread_local of the thread.
inline thread_local constinit bool thread_pool_gone = false;

inline thread_pool::~thread_pool() {
  thread_pool_gone = true;
}

// This thread's pool, or nullptr during thread teardown.
inline thread_pool* local_thread_pool() noexcept {
  if (thread_pool_gone) return nullptr;
  thread_local thread_pool pool;
  return &pool;
}

inline bool buffer_oversized(buffer_class c, std::size_t capacity) noexcept {
  return c == buffer_class::input ? capacity > input_buffer_limit : pool_buffer_oversized(capacity);
}

}  // namespace detail

// Move-only owner of a pooled byte_buffer; the buffer goes back to the pool of the thread that
// ends the lease (destructor or move-assignment), cleared, unless it has become too large.
class buffer_lease {
 public:
  buffer_lease() noexcept = default;  // holds nothing; get() is an empty unpooled buffer
  buffer_lease(byte_buffer&& b, buffer_class c) noexcept : buffer_(std::move(b)), class_(c), active_(true) {}
  buffer_lease(buffer_lease&& other) noexcept
      : buffer_(std::move(other.buffer_)), class_(other.class_), active_(std::exchange(other.active_, false)) {}
  buffer_lease& operator=(buffer_lease&& other) noexcept {
    if (this != &other) {
      give_back();
      buffer_ = std::move(other.buffer_);
      class_ = other.class_;
      active_ = std::exchange(other.active_, false);
    }
    return *this;
  }
  buffer_lease(const buffer_lease&) = delete;
  buffer_lease& operator=(const buffer_lease&) = delete;
  ~buffer_lease() { give_back(); }

  byte_buffer& operator*() noexcept { return buffer_; }
  const byte_buffer& operator*() const noexcept { return buffer_; }
  byte_buffer* operator->() noexcept { return &buffer_; }
  const byte_buffer* operator->() const noexcept { return &buffer_; }
  byte_buffer& get() noexcept { return buffer_; }
  const byte_buffer& get() const noexcept { return buffer_; }
  buffer_class kind() const noexcept { return class_; }

  // Frees the buffer now instead of returning it to a pool (counted as a drop), e.g. after a
  // one-off huge document. The lease is left holding nothing.
  void release_to_allocator() noexcept {
    if (active_) {
      if (detail::thread_pool* pool = detail::local_thread_pool()) ++pool->stats.drops;
      active_ = false;
    }
    buffer_.release();
  }

 private:
  void give_back() noexcept {
    if (!active_) return;
    active_ = false;
    detail::thread_pool* pool = detail::local_thread_pool();
    if (pool == nullptr) {
      buffer_.release();
      return;
    }
    // An empty buffer is not worth a slot: it would crowd out one with memory behind it.
    if (!detail::pool_enabled || buffer_.capacity() == 0 || detail::buffer_oversized(class_, buffer_.capacity())) {
      ++pool->stats.drops;
      buffer_.release();
      return;
    }
    buffer_.clear();
    auto c = static_cast<std::size_t>(class_);
    auto& idle = pool->idle[c];
    std::size_t& count = pool->idle_count[c];
    if (count < detail::buffers_per_class) {
      pool->stats.bytes_retained += buffer_.capacity();
      ++pool->stats.buffers_retained;
      idle[count++] = std::move(buffer_);
      return;
    }
    // Full: keep the larger buffers, since they save the most reallocation.
    ++pool->stats.drops;
    byte_buffer& smallest = *std::min_element(idle.begin(), idle.end(), [](const byte_buffer& a, const byte_buffer& b) {
      return a.capacity() < b.capacity();
    });
    if (smallest.capacity() >= buffer_.capacity()) {
      buffer_.release();
      return;
    }
    pool->stats.bytes_retained += buffer_.capacity() - smallest.capacity();
    smallest = std::move(buffer_);  // frees the smaller one
  }

  byte_buffer buffer_;
  buffer_class class_ = buffer_class::scratch;
  bool active_ = false;
};

// A cleared buffer from this thread's pool (the most recently returned one), or a new empty one.
inline buffer_lease lease_buffer(buffer_class c = buffer_class::scratch) {
  detail::thread_pool* pool = detail::local_thread_pool();
  if (pool == nullptr) return buffer_lease(byte_buffer{}, c);
  ++pool->stats.leases;
  auto i = static_cast<std::size_t>(c);
  if (pool->idle_count[i] == 0) {
    ++pool->stats.fresh_allocations;
    return buffer_lease(byte_buffer{}, c);
  }
  byte_buffer& idle = pool->idle[i][--pool->idle_count[i]];
  ++pool->stats.reuses;
  pool->stats.bytes_retained -= idle.capacity();
  --pool->stats.buffers_retained;
  return buffer_lease(std::move(idle), c);
}

inline pool_stats thread_pool_stats() noexcept {
  detail::thread_pool* pool = detail::local_thread_pool();
  return pool != nullptr ? pool->stats : pool_stats{};
}

// Zeroes the event counters; the retained gauges keep describing what the pool holds.
inline void reset_thread_pool_stats() noexcept {
  if (detail::thread_pool* pool = detail::local_thread_pool()) {
    pool_stats& s = pool->stats;
    s.leases = s.reuses = s.fresh_allocations = s.drops = 0;
  }
}

// Frees every idle buffer and context object this thread keeps.
inline void trim_thread_pool() noexcept {
  if (detail::thread_pool* pool = detail::local_thread_pool()) pool->trim();
}

}  // namespace spool
