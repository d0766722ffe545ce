// Memory for the heap parts of spool::value: array and object headers, their element and member
// buffers, ext values and strings longer than 14 bytes.
//
// Reading, writing and destroying a value tree is dominated by the first touch of each node, so
// what matters is where the nodes lie. Each thread carves its blocks, one after the other, out of
// its current chunk: 64 KiB aligned to 64 KiB, so a block's chunk is its address with the low
// bits cleared. A document's nodes then sit together in the order the reader made them, and
// destroying, copying or writing the tree walks memory nearly sequentially. (Free lists by size
// class, before this, scattered a tree over every block freed earlier: each node was a miss.)
//
// A chunk's header counts its live blocks. Freeing a block only decrements that count; the chunk
// is reused once the count reaches zero:
//  - the thread's current chunk starts over at its first block (the usual case when values are
//    made and dropped one at a time, and for a document smaller than a chunk);
//  - any other chunk joins the idle chunks of the thread that emptied it, up to
//    value_node_cache_limit() bytes (4 MiB unless set_value_node_cache_limit says otherwise; the
//    empty current chunk counts too), past that it goes to operator delete.
// The trade-off: the space of a freed block is not reused while its chunk holds another live
// block, so one long-lived small value keeps its whole chunk (and the holes in it) alive.
//
// Threads: the count is atomic, since a value may be destroyed on any thread, and whoever takes
// it to zero owns the empty chunk. The count of the current chunk carries a large bias while the
// thread bump-allocates from it, so only the owner's own bookkeeping (plain counters) is touched
// per block; the bias comes off when the chunk is given up (full, or at thread exit). Values that
// outlive their thread free their chunk when their last block goes. Frees during the destruction
// of a tree are batched: one atomic subtraction per run of blocks from the same chunk.
//
// Blocks over a quarter chunk (arrays of more than 1024 elements, ...) are plain operator
// new/delete: the size given back on release says which a block was.
// SPOOL_DISABLE_VALUE_NODE_CACHE makes every call go to operator new/delete (the A/B switch).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>

#include <spool/detail/config.hpp>

namespace spool {

// Idle bytes each thread keeps at most: empty chunks waiting for the next document. The default
// holds the nodes of canada.json (2.2 MB of text); a 50 MB document's do not stay pinned per
// thread.
inline constexpr std::size_t default_value_node_cache_limit = 4 * 1024 * 1024;

namespace detail {
inline std::atomic<std::size_t> value_node_cache_limit_value{default_value_node_cache_limit};
}

// Sets the limit for every thread (0 keeps nothing); chunks already kept stay until reused or
// trimmed.
inline void set_value_node_cache_limit(std::size_t bytes) noexcept {
  detail::value_node_cache_limit_value.store(bytes, std::memory_order_relaxed);
}
inline std::size_t value_node_cache_limit() noexcept {
  return detail::value_node_cache_limit_value.load(std::memory_order_relaxed);
}

}  // namespace spool

namespace spool::detail {

// Chunks of every thread made and not yet given back to operator delete (tests read it to see
// that a chunk is freed exactly once, whichever thread frees it).
inline std::atomic<std::size_t> value_node_chunks_alive{0};

// Counters of the calling thread's cache: the first five count events since the thread started
// (or since reset_counters()); the last two describe what it holds now.
struct value_node_cache_stats {
  std::uint64_t chunks_made = 0;    // from operator new
  std::uint64_t chunks_reused = 0;  // idle chunks that became current again
  std::uint64_t chunks_reset = 0;   // times the current chunk emptied and started over
  std::uint64_t chunks_freed = 0;   // given to operator delete by this thread
  std::uint64_t large_blocks = 0;   // blocks over largest_block, from operator new
  std::size_t idle_chunks = 0;
  std::size_t idle_bytes = 0;
};

// The header at the start of every chunk; blocks follow it.
struct value_node_chunk {
  static constexpr std::size_t bytes = 64 * 1024;

  // Live blocks, plus value_node_cache::current_bias while some thread allocates from the chunk.
  std::atomic<std::size_t> live{0};
  value_node_chunk* next_idle = nullptr;

  static value_node_chunk* of(const void* block) noexcept {
    return reinterpret_cast<value_node_chunk*>(reinterpret_cast<std::uintptr_t>(block) & ~(bytes - 1));
  }
  char* first_block() noexcept { return reinterpret_cast<char*>(this) + sizeof(value_node_chunk); }
  char* end() noexcept { return reinterpret_cast<char*>(this) + bytes; }
};

class value_node_cache {
 public:
  static constexpr std::size_t chunk_bytes = value_node_chunk::bytes;
  static constexpr std::size_t largest_block = chunk_bytes / 4;
  static constexpr std::size_t block_alignment = 8;
  // More than the blocks a chunk can hold, so a current chunk's count never reaches zero.
  static constexpr std::size_t current_bias = std::size_t{1} << 40;

  static constexpr std::size_t block_size(std::size_t size) noexcept {
    return (size + block_alignment - 1) & ~(block_alignment - 1);
  }

  constexpr value_node_cache() noexcept = default;

  void* allocate(std::size_t size) {
    if (size <= largest_block) [[likely]] {
      const std::size_t n = block_size(size);
      // Strictly less: a block never ends at the chunk's end, so even a 0-byte one lies inside.
      if (n < static_cast<std::size_t>(end_ - next_)) [[likely]] {
        void* p = next_;
        next_ += n;
        ++handed_out_;
        return p;
      }
      return allocate_in_new_chunk(n);
    }
    return allocate_large(size);
  }

  // `size` is what was asked of allocate() for this block.
  void release(void* p, std::size_t size) noexcept {
    if (size > largest_block) [[unlikely]] {
      ::operator delete(p);
      return;
    }
    value_node_chunk* c = value_node_chunk::of(p);
    if (c == current_) [[likely]] {
      if (++given_back_ == handed_out_) [[unlikely]] current_emptied();
      return;
    }
    if (c == pending_) {  // only during a batch: outside one nothing stays pending
      ++pending_count_;
      return;
    }
    release_elsewhere(c);
  }

  // A container's node and its buffer, made one after the other and so nearly always in one chunk:
  // when they share the current chunk or the pending run, one look at the chunk counts both.
  [[gnu::always_inline]] void release_pair(void* first, std::size_t first_size, void* second, std::size_t second_size) noexcept {
    value_node_chunk* c = value_node_chunk::of(first);
    if (first_size <= largest_block && second_size <= largest_block && c == value_node_chunk::of(second)) [[likely]] {
      if (c == current_) [[likely]] {
        given_back_ += 2;
        if (given_back_ == handed_out_) [[unlikely]] current_emptied();
        return;
      }
      if (c == pending_) {
        pending_count_ += 2;
        return;
      }
    }
    release_apart(first, first_size, second, second_size);
  }

  // Frees between begin_batch() and end_batch() (nested: the outermost pair counts) subtract
  // from other chunks' counts once per run of blocks of the same chunk.
  void begin_batch() noexcept { ++batch_depth_; }
  void end_batch() noexcept {
    if (--batch_depth_ == 0 && pending_ != nullptr) flush_pending();
  }

  // Gives every idle chunk back to operator delete.
  void trim() noexcept {
    while (idle_ != nullptr) {
      value_node_chunk* c = idle_;
      idle_ = c->next_idle;
      --stats_.idle_chunks;
      stats_.idle_bytes -= chunk_bytes;
      free_chunk(c);
    }
  }

  const value_node_cache_stats& stats() const noexcept { return stats_; }
  void reset_counters() noexcept {
    stats_.chunks_made = stats_.chunks_reused = stats_.chunks_reset = stats_.chunks_freed = stats_.large_blocks = 0;
  }
  // Blocks of the current chunk this thread handed out and has not taken back (blocks freed by
  // other threads are not seen here).
  std::size_t current_blocks() const noexcept { return handed_out_ - given_back_; }
  bool has_current_chunk() const noexcept { return current_ != nullptr; }

  // Thread exit: the current chunk is given up (freed when its last block goes, which may be now),
  // idle chunks are freed, and later frees (from thread_local values destroyed after this) free
  // the chunks they empty.
  void close() noexcept {
    if (pending_ != nullptr) flush_pending();
    if (value_node_chunk* c = give_up_current()) free_chunk(c);
    trim();
    state_ = state::closed;
  }

 private:
  enum class state : std::uint8_t { fresh, open, closed };

  [[gnu::noinline]] void* allocate_large(std::size_t size) {
    ++stats_.large_blocks;
    return ::operator new(size);
  }

  // Out of line, so that release_pair stays small enough to inline in the destructor's loops.
  [[gnu::noinline]] void release_apart(void* first, std::size_t first_size, void* second, std::size_t second_size) noexcept {
    release(first, first_size);
    release(second, second_size);
  }

  // The current chunk is full (or there is none yet): the next one is the old one if it turned
  // out empty, else an idle chunk, else a new one.
  [[gnu::noinline]] void* allocate_in_new_chunk(std::size_t n) {
    if (state_ != state::open) {
      if (state_ == state::closed) return allocate_after_close();
      open();
    }
    value_node_chunk* c = give_up_current();
    if (c != nullptr) {
      ++stats_.chunks_reset;
    } else if (idle_ != nullptr) {
      c = idle_;
      idle_ = c->next_idle;
      --stats_.idle_chunks;
      stats_.idle_bytes -= chunk_bytes;
      ++stats_.chunks_reused;
    } else {
      c = make_chunk();
    }
    c->live.store(current_bias, std::memory_order_relaxed);
    current_ = c;
    next_ = c->first_block() + n;
    end_ = c->end();
    handed_out_ = 1;
    given_back_ = 0;
    return c->first_block();
  }

  // After thread exit nothing may stay current (no one would give it up): each block gets a chunk
  // of its own, freed with the block. Only thread_local values destroyed late get here.
  void* allocate_after_close() {
    value_node_chunk* c = make_chunk();
    c->live.store(1, std::memory_order_relaxed);
    return c->first_block();
  }

  // Takes the bias off the current chunk; returns it when that left it empty (its blocks all
  // came back), nullptr when live blocks keep it (whoever frees the last one then owns it).
  value_node_chunk* give_up_current() noexcept {
    value_node_chunk* c = current_;
    if (c == nullptr) return nullptr;
    const std::size_t drop = current_bias - (handed_out_ - given_back_);
    current_ = nullptr;
    next_ = end_ = nullptr;
    handed_out_ = given_back_ = 0;
    return c->live.fetch_sub(drop, std::memory_order_acq_rel) == drop ? c : nullptr;
  }

  // Every block this thread took from the current chunk came back. If no other thread freed any
  // (the count still holds just the bias) the chunk is empty: start over at its first block, or
  // free it when the limit keeps no idle chunk. (If other threads did free some, the chunk is
  // found empty when it is given up instead.)
  [[gnu::noinline]] void current_emptied() noexcept {
    if (current_->live.load(std::memory_order_acquire) != current_bias) return;
    if (stats_.idle_bytes + chunk_bytes <= value_node_cache_limit()) {
      ++stats_.chunks_reset;
      next_ = current_->first_block();
      handed_out_ = given_back_ = 0;
      return;
    }
    value_node_chunk* c = current_;
    current_ = nullptr;
    next_ = end_ = nullptr;
    handed_out_ = given_back_ = 0;
    free_chunk(c);
  }

  // A block of another chunk than the current one: a new run starts.
  [[gnu::noinline]] void release_elsewhere(value_node_chunk* c) noexcept {
    if (pending_ != nullptr) flush_pending();
    pending_ = c;
    pending_count_ = 1;
    if (batch_depth_ == 0) flush_pending();
  }

  void flush_pending() noexcept {
    value_node_chunk* c = pending_;
    const std::size_t n = pending_count_;
    pending_ = nullptr;
    pending_count_ = 0;
    if (c->live.fetch_sub(n, std::memory_order_acq_rel) == n) chunk_emptied(c);
  }

  // This thread freed the last block of a chunk that is no thread's current one.
  void chunk_emptied(value_node_chunk* c) noexcept {
    if (state_ != state::closed && stats_.idle_bytes + chunk_bytes <= value_node_cache_limit()) {
      if (state_ == state::fresh) open();
      c->next_idle = idle_;
      idle_ = c;
      ++stats_.idle_chunks;
      stats_.idle_bytes += chunk_bytes;
      return;
    }
    free_chunk(c);
  }

  value_node_chunk* make_chunk() {
    void* p = ::operator new(chunk_bytes, std::align_val_t{chunk_bytes});
    ++stats_.chunks_made;
    value_node_chunks_alive.fetch_add(1, std::memory_order_relaxed);
    return ::new (p) value_node_chunk;
  }

  void free_chunk(value_node_chunk* c) noexcept {
    c->~value_node_chunk();
    ++stats_.chunks_freed;
    value_node_chunks_alive.fetch_sub(1, std::memory_order_relaxed);
    ::operator delete(static_cast<void*>(c), std::align_val_t{chunk_bytes});
  }

  // The first chunk taken (or kept) registers the thread-exit close (see below); only then does
  // the cache hold anything that could leak.
  void open() noexcept;

  // The hot fields first: allocate() and release() touch only these.
  char* next_ = nullptr;  // the current chunk's next free byte
  char* end_ = nullptr;
  value_node_chunk* current_ = nullptr;
  std::size_t handed_out_ = 0;  // blocks allocated from the current chunk
  std::size_t given_back_ = 0;  // ... and freed by this thread
  value_node_chunk* pending_ = nullptr;  // the chunk of the run of frees not yet subtracted
  std::size_t pending_count_ = 0;
  unsigned batch_depth_ = 0;
  state state_ = state::fresh;
  value_node_chunk* idle_ = nullptr;
  value_node_cache_stats stats_;
};

// constinit and trivially destructible, so reaching it costs no guard; the thread-exit close is a
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

// For what may fail quietly (an object's index: lookups scan without one): nullptr when there is
// no memory.
inline void* try_allocate_value_node(std::size_t size) noexcept {
#ifdef SPOOL_NO_EXCEPTIONS
  return allocate_value_node(size);
#else
  try {
    return allocate_value_node(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
#endif
}

inline void release_value_node(void* p, std::size_t size) noexcept {
  if constexpr (value_node_cache_enabled) {
    this_thread_value_nodes.release(p, size);
  } else {
    ::operator delete(p);
  }
}

[[gnu::always_inline]] inline void release_value_node_pair(void* first, std::size_t first_size, void* second, std::size_t second_size) noexcept {
  if constexpr (value_node_cache_enabled) {
    this_thread_value_nodes.release_pair(first, first_size, second, second_size);
  } else {
    ::operator delete(first);
    ::operator delete(second);
  }
}

// Brackets the destruction of a tree: its frees are subtracted from their chunks' counts once
// per run (see value_node_cache::begin_batch).
class value_node_release_batch {
 public:
  value_node_release_batch() noexcept {
    if constexpr (value_node_cache_enabled) this_thread_value_nodes.begin_batch();
  }
  ~value_node_release_batch() {
    if constexpr (value_node_cache_enabled) this_thread_value_nodes.end_batch();
  }
  value_node_release_batch(const value_node_release_batch&) = delete;
  value_node_release_batch& operator=(const value_node_release_batch&) = delete;
};

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
