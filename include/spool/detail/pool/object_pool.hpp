// spool::lease_object<T>(): a per-thread cache of decoder/encoder context objects.
//
// A context carries warm state (plan memo, generation tables, scratch capacity) that is costly to
// rebuild per call. Each thread keeps a few idle contexts per type; a lease owns its object
// outright, and whichever thread ends the lease files the object in its own cache.
//
// A context type may declare
//   void reset_for_reuse();        // called on return, before the object is kept; must not throw
//   bool oversized() const;        // true: free the object instead of keeping it (checked after
//                                  // reset_for_reuse, e.g. a table one document made huge)
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <memory>
#include <utility>

#include <spool/detail/config.hpp>
#include <spool/detail/pool/thread_pool.hpp>

namespace spool {

namespace detail {

inline constexpr std::size_t objects_per_type = 4;

template <class T>
concept resettable_for_reuse = requires(T& t) { t.reset_for_reuse(); };

template <class T>
concept reports_oversized = requires(const T& t) {
  { t.oversized() } -> std::convertible_to<bool>;
};

template <class T>
struct object_cache final : object_cache_node {
  std::array<std::unique_ptr<T>, objects_per_type> idle;
  std::size_t count = 0;
  thread_pool* pool;

  // The pool is constructed before this cache, so as thread_locals it is destroyed after it.
  explicit object_cache(thread_pool* p) noexcept : pool(p) {
    next = pool->caches;
    if (next != nullptr) next->prev = this;
    pool->caches = this;
  }
  object_cache(const object_cache&) = delete;
  object_cache& operator=(const object_cache&) = delete;
  ~object_cache();

  void trim() noexcept override {
    // Move the objects out first: their destructors may end leases that file things back here.
    auto victims = std::move(idle);
    pool->stats.objects_retained -= count;
    count = 0;
  }
};

template <class T>
inline thread_local constinit bool object_cache_gone = false;

template <class T>
object_cache<T>::~object_cache() {
  object_cache_gone<T> = true;  // objects destroyed below may end leases of T: free those too
  trim();
  (prev != nullptr ? prev->next : pool->caches) = next;
  if (next != nullptr) next->prev = prev;
}

// This thread's cache for T, or nullptr during thread teardown.
template <class T>
object_cache<T>* local_object_cache() noexcept {
  if (object_cache_gone<T>) return nullptr;
  thread_pool* pool = local_thread_pool();
  if (pool == nullptr) return nullptr;
  thread_local object_cache<T> cache(pool);
  return &cache;
}

}  // namespace detail

template <class T>
class object_lease {
 public:
  object_lease() noexcept = default;  // holds nothing
  explicit object_lease(std::unique_ptr<T> object) noexcept : object_(std::move(object)) {}
  object_lease(object_lease&&) noexcept = default;
  object_lease& operator=(object_lease&& other) noexcept {
    if (this != &other) {
      give_back();
      object_ = std::move(other.object_);
    }
    return *this;
  }
  object_lease(const object_lease&) = delete;
  object_lease& operator=(const object_lease&) = delete;
  ~object_lease() { give_back(); }

  T& operator*() const noexcept { return *object_; }
  T* operator->() const noexcept { return object_.get(); }
  T* get() const noexcept { return object_.get(); }
  explicit operator bool() const noexcept { return object_ != nullptr; }

 private:
  void give_back() noexcept {
    if (object_ == nullptr) return;
    detail::object_cache<T>* cache = detail::local_object_cache<T>();
    bool keep = detail::pool_enabled && cache != nullptr && cache->count < detail::objects_per_type;
    if (keep) {
      if constexpr (detail::resettable_for_reuse<T>) object_->reset_for_reuse();
      if constexpr (detail::reports_oversized<T>) keep = !std::as_const(*object_).oversized();
    }
    if (!keep) {
      if (cache != nullptr) ++cache->pool->stats.drops;
      object_.reset();
      return;
    }
    ++cache->pool->stats.objects_retained;
    cache->idle[cache->count++] = std::move(object_);
  }

  std::unique_ptr<T> object_;
};

// An idle T from this thread's cache (the most recently returned), or a new value-initialised one.
template <class T>
object_lease<T> lease_object() {
  detail::object_cache<T>* cache = detail::local_object_cache<T>();
  if (cache == nullptr) return object_lease<T>(std::make_unique<T>());
  ++cache->pool->stats.leases;
  if (cache->count == 0) {
    ++cache->pool->stats.fresh_allocations;
    return object_lease<T>(std::make_unique<T>());
  }
  ++cache->pool->stats.reuses;
  --cache->pool->stats.objects_retained;
  return object_lease<T>(std::move(cache->idle[--cache->count]));
}

}  // namespace spool
