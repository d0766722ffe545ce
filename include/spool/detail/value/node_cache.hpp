// Memory for the heap parts of spool::value: array and object headers, their element and member
// buffers, ext values and strings longer than 14 bytes.
//
// A document is built and destroyed node by node: canada.json is 56 thousand two-element arrays,
// each a header and a buffer. glibc serves those from per-size bins that are refilled and
// consolidated on every parse (a third of the time of reading canada into a value went to malloc
// and free). So each thread keeps the blocks it frees in lists by size class and hands them out
// again, up to value_node_cache_limit() bytes (4 MiB unless set_value_node_cache_limit says
// otherwise); past that, and for blocks over 1 KiB, it is plain operator new/delete.
//
// Every block is its own operator new allocation, so a block may be freed on any thread: it
// joins that thread's lists, or goes back to operator delete. Nothing is shared between threads.
// SPOOL_DISABLE_VALUE_NODE_CACHE makes every call go to operator new/delete (the A/B switch).
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>

#include <spool/detail/config.hpp>

namespace spool {

// Idle bytes each thread's cache keeps at most. The default holds the nodes of canada.json
// (2.2 MB of text, 3.6 MB of nodes); a 50 MB document's do not stay pinned per thread.
inline constexpr std::size_t default_value_node_cache_limit = 4 * 1024 * 1024;

namespace detail {
inline std::atomic<std::size_t> value_node_cache_limit_value{default_value_node_cache_limit};
}

// Sets the limit for every thread (0 keeps nothing); blocks already kept stay until reused or
// trimmed.
inline void set_value_node_cache_limit(std::size_t bytes) noexcept {
  detail::value_node_cache_limit_value.store(bytes, std::memory_order_relaxed);
}
inline std::size_t value_node_cache_limit() noexcept {
  return detail::value_node_cache_limit_value.load(std::memory_order_relaxed);
}

}  // namespace spool

namespace spool::detail {

// Counters of the calling thread's cache: the first four count events since the thread started
// (or since reset_counters()); the last two describe what it holds now.
struct value_node_cache_stats {
  std::uint64_t reused = 0;     // blocks handed out from the lists
  std::uint64_t allocated = 0;  // blocks that came from operator new (lists empty, or too large)
  std::uint64_t kept = 0;       // blocks freed into the lists
  std::uint64_t released = 0;   // blocks given to operator delete (too large, over the limit,
                                // or idle ones making room for a block of another class)
  std::size_t idle_blocks = 0;
  std::size_t idle_bytes = 0;
};

class value_node_cache {
 public:
  // Size classes match glibc's chunk sizes (usable 24, 40, 56, ... bytes), so a block costs what
  // malloc would charge for the request: class k holds blocks of 24 + 16k bytes. The largest,
  // 1032 bytes, takes an object of 32 members or an array of 64 elements.
  static constexpr std::size_t class_count = 64;
  static constexpr std::size_t smallest_block = 24;
  static constexpr std::size_t class_step = 16;
  static constexpr std::size_t largest_block = smallest_block + class_step * (class_count - 1);

  static constexpr std::size_t class_of(std::size_t size) noexcept {
    return size <= smallest_block ? 0 : (size - smallest_block + class_step - 1) / class_step;
  }
  static constexpr std::size_t block_size(std::size_t size_class) noexcept {
    return smallest_block + class_step * size_class;
  }

  constexpr value_node_cache() noexcept = default;

  void* allocate(std::size_t size) {
    if (size <= largest_block) {
      const std::size_t c = class_of(size);
      if (heads_[c] != nullptr) [[likely]] {
        ++stats_.reused;
        return pop(c);
      }
      return allocate_new(block_size(c));
    }
    return allocate_new(size);
  }

  // `size` is what was asked of allocate() for this block. At the limit, idle blocks of the class
  // least recently freed into make room: the nodes of a document read earlier must not keep out
  // those of the one being destroyed now, which the next read (of a document like it) will want.
  void release(void* p, std::size_t size) noexcept {
    if (size <= largest_block && state_ == state::open) [[likely]] {
      const std::size_t c = class_of(size);
      freed_at_[c] = ++frees_;
      if (stats_.idle_bytes + block_size(c) <= value_node_cache_limit()) [[likely]] {
        push(p, c);
        return;
      }
    }
    release_slowly(p, size);
  }

  // Gives every idle block back to operator delete.
  void trim() noexcept {
    for (std::size_t c = 0; c < class_count; ++c) {
      while (heads_[c] != nullptr) ::operator delete(pop(c));
    }
  }

  const value_node_cache_stats& stats() const noexcept { return stats_; }
  void reset_counters() noexcept { stats_.reused = stats_.allocated = stats_.kept = stats_.released = 0; }

  // After the thread's teardown has trimmed the cache: later frees (from thread_local values
  // destroyed after it) go straight to operator delete.
  void close() noexcept {
    trim();
    state_ = state::closed;
  }

 private:
  struct idle_block {
    idle_block* next;
  };

  // Out of line, so that the common paths above stay small enough to inline into their callers.
  [[gnu::noinline]] void* allocate_new(std::size_t block) {
    ++stats_.allocated;
    return ::operator new(block);
  }

  // The first free of the thread, a full cache, a block too large to keep, thread teardown.
  [[gnu::noinline]] void release_slowly(void* p, std::size_t size) noexcept {
    if (size <= largest_block && state_ != state::closed) {
      const std::size_t c = class_of(size);
      freed_at_[c] = ++frees_;
      const std::size_t limit = value_node_cache_limit();
      if (stats_.idle_bytes + block_size(c) <= limit || make_room(c, limit)) {
        if (state_ == state::fresh) open();
        push(p, c);
        return;
      }
    }
    ++stats_.released;
    ::operator delete(p);
  }

  void push(void* p, std::size_t c) noexcept {
    heads_[c] = ::new (p) idle_block{heads_[c]};
    nonempty_ |= std::uint64_t{1} << c;
    ++stats_.kept;
    ++stats_.idle_blocks;
    stats_.idle_bytes += block_size(c);
  }

  void* pop(std::size_t c) noexcept {
    idle_block* b = heads_[c];
    heads_[c] = b->next;
    if (b->next == nullptr) nonempty_ &= ~(std::uint64_t{1} << c);
    --stats_.idle_blocks;
    stats_.idle_bytes -= block_size(c);
    return b;
  }

  // Frees idle blocks of other classes than c until a block of class c fits under the limit;
  // false when it cannot. The victim is the class least recently freed into, drained before the
  // next is chosen, so choosing (a scan of the non-empty classes) is rare.
  bool make_room(std::size_t c, std::size_t limit) noexcept {
    if (block_size(c) > limit) return false;
    while (stats_.idle_bytes + block_size(c) > limit) {
      if (victim_ == c || victim_ >= class_count || heads_[victim_] == nullptr) {
        victim_ = class_count;
        std::uint64_t others = nonempty_ & ~(std::uint64_t{1} << c);
        if (others == 0) return false;
        for (; others != 0; others &= others - 1) {
          const auto k = static_cast<std::size_t>(std::countr_zero(others));
          if (victim_ == class_count || freed_at_[k] < freed_at_[victim_]) victim_ = k;
        }
      }
      ::operator delete(pop(victim_));
      ++stats_.released;
    }
    return true;
  }
  enum class state : std::uint8_t { fresh, open, closed };

  // The first kept block registers the thread-exit trim (see below); only then does the cache
  // hold anything that could leak.
  void open() noexcept;

  static_assert(class_count == 64, "one bit of nonempty_ per class");
  std::array<idle_block*, class_count> heads_{};
  std::uint64_t nonempty_ = 0;  // bit c: heads_[c] holds a block
  std::array<std::uint64_t, class_count> freed_at_{};  // value of frees_ at the class's latest free
  std::uint64_t frees_ = 0;
  std::size_t victim_ = class_count;  // the class make_room() is draining, if any
  value_node_cache_stats stats_;
  state state_ = state::fresh;
};

// constinit and trivially destructible, so reaching it costs no guard; the thread-exit trim is a
// separate object, touched once per thread by open().
inline thread_local constinit value_node_cache this_thread_value_nodes;

struct value_node_cache_closer {
  value_node_cache_closer() noexcept = default;
  value_node_cache_closer(const value_node_cache_closer&) = delete;
  value_node_cache_closer& operator=(const value_node_cache_closer&) = delete;
  ~value_node_cache_closer() { this_thread_value_nodes.close(); }
};

inline void value_node_cache::open() noexcept {
  thread_local value_node_cache_closer closer;
  (void)closer;
  state_ = state::open;
}

// What spool::value calls for its heap blocks (and its containers, through the allocator below).
inline void* allocate_value_node(std::size_t size) {
  if constexpr (value_node_cache_enabled) {
    return this_thread_value_nodes.allocate(size);
  } else {
    return ::operator new(size);
  }
}

inline void release_value_node(void* p, std::size_t size) noexcept {
  if constexpr (value_node_cache_enabled) {
    this_thread_value_nodes.release(p, size);
  } else {
    ::operator delete(p);
  }
}

// The allocator of object's member and index vectors, and (through std::allocator<value>, see
// value.hpp) of spool::array: stateless, every instance equal.
template <class T>
struct value_node_allocator {
  using value_type = T;
  using is_always_equal = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;

  constexpr value_node_allocator() noexcept = default;
  template <class U>
  constexpr value_node_allocator(const value_node_allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw_bad_array_new_length();
    return static_cast<T*>(allocate_value_node(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) noexcept { release_value_node(p, n * sizeof(T)); }

  friend constexpr bool operator==(const value_node_allocator&, const value_node_allocator&) noexcept {
    return true;
  }

 private:
  [[noreturn]] static void throw_bad_array_new_length() {
#ifdef SPOOL_NO_EXCEPTIONS
    std::abort();
#else
    throw std::bad_array_new_length();
#endif
  }
};

}  // namespace spool::detail
