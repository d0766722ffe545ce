// The process-wide registry of struct plans: one plan per (type, plan_options), built on first
// use and never freed, so references to plans stay valid for the life of the process.
//
// Lookups take no lock: they probe an insert-only open-addressing index whose slots are published
// one by one (a slot's plan is written before its key, which readers load with acquire). A
// missing plan is built with no lock held (building never waits on another plan, so nested types
// cannot deadlock) and then published under a mutex that only writers take; when two threads
// race, the first published plan wins and the other copy is dropped. An index more than half full
// is copied into one twice its size, and the old one is kept (a reader may still be probing it),
// so the indexes ever published take at most twice the memory of the current one.
#pragma once

#include <spool/detail/reflect/field_layout.hpp>
#include <spool/detail/reflect/struct_plan.hpp>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace spool::detail {

template <class T>
constexpr plan_field_source plan_field(std::size_t v) {
  const std::size_t s = layout_of<T>.visible_to_source[v];
  const field_settings& settings = layout_of<T>.settings[s];
  return {settings.renamed ? settings.key : source_names<T>[s], settings.renamed, settings.required,
          settings.default_option != no_default};
}

template <class T>
consteval auto collect_plan_fields() {
  return []<std::size_t... V>(std::index_sequence<V...>) {
    return std::array<plan_field_source, sizeof...(V)>{plan_field<T>(V)...};
  }(std::make_index_sequence<layout_of<T>.visible>{});
}

template <class T>
inline constexpr auto plan_fields = collect_plan_fields<T>();

// T's compile-time description for plans. Its address also identifies T in the registry and in
// plan memos (an inline variable has one address in the whole program).
template <class T>
inline constexpr plan_source plan_source_of{plan_fields<T>, declared_naming<T>(), has_naming_policy<T>};

// Options that build the same plan get the same key, so equal plans are built once.
constexpr std::uint8_t plan_options_key(const plan_source& source, plan_options options) noexcept {
  return static_cast<std::uint8_t>(static_cast<unsigned>(source.effective_naming(options)) |
                                   (options.case_insensitive ? 0x80u : 0u));
}

// Plans fetched from the registry by this thread: lets tests see when a memo went to it.
inline std::uint64_t& registry_lookups_on_this_thread() noexcept {
  thread_local std::uint64_t lookups = 0;
  return lookups;
}

class plan_registry {
 public:
  // Never destroyed: plans may be used from other static or thread-local destructors.
  static plan_registry& instance() {
    static plan_registry* const registry = new plan_registry;
    return *registry;
  }

  const struct_plan& get(const plan_source& source, plan_options options) {
    ++registry_lookups_on_this_thread();
    const std::uint8_t key = plan_options_key(source, options);
    if (const struct_plan* found = find(*current_.load(std::memory_order_acquire), source, key)) return *found;
    return publish(source, options, key);
  }

 private:
  struct slot {
    std::atomic<const plan_source*> source{nullptr};  // stored last: null while the slot is empty
    std::uint8_t options = 0;
    const struct_plan* plan = nullptr;
  };
  struct index {
    explicit index(std::size_t capacity) : slots(new slot[capacity]), mask(capacity - 1) {}
    std::unique_ptr<slot[]> slots;
    std::size_t mask;
    std::size_t used = 0;
  };
  static constexpr std::size_t first_capacity = 64;

  plan_registry() : current_(indexes_.emplace_back(std::make_unique<index>(first_capacity)).get()) {}

  static std::size_t hash(const plan_source& source, std::uint8_t options) noexcept {
    // Sources are distinct static objects: their addresses differ in the bits above alignment.
    const auto address = reinterpret_cast<std::uintptr_t>(&source);
    const std::uint64_t mixed = ((address >> 3) ^ options) * 0x9E3779B97F4A7C15u;
    return static_cast<std::size_t>(mixed ^ (mixed >> 32));
  }

  // The plan of (source, options) in `in`, nullptr when it has none yet (an index is never full,
  // so every probe reaches an empty slot).
  static const struct_plan* find(const index& in, const plan_source& source, std::uint8_t options) noexcept {
    for (std::size_t at = hash(source, options) & in.mask;; at = (at + 1) & in.mask) {
      const slot& s = in.slots[at];
      const plan_source* const held = s.source.load(std::memory_order_acquire);
      if (held == nullptr) return nullptr;
      if (held == &source && s.options == options) return s.plan;
    }
  }

  // Writers only (under mutex_, or on an index not yet published).
  static void insert(index& in, const plan_source& source, std::uint8_t options, const struct_plan* plan) noexcept {
    std::size_t at = hash(source, options) & in.mask;
    while (in.slots[at].source.load(std::memory_order_relaxed) != nullptr) at = (at + 1) & in.mask;
    in.slots[at].options = options;
    in.slots[at].plan = plan;
    in.slots[at].source.store(&source, std::memory_order_release);
    ++in.used;
  }

  // The first lookup of (source, options), or a lookup racing with the thread publishing it.
  [[gnu::noinline]] const struct_plan& publish(const plan_source& source, plan_options options, std::uint8_t key) {
    auto built = std::make_unique<struct_plan>(source, options);
    const std::lock_guard lock(mutex_);
    index* in = current_.load(std::memory_order_relaxed);
    if (const struct_plan* found = find(*in, source, key)) return *found;
    const struct_plan& plan = *plans_.emplace_back(std::move(built));
    if ((in->used + 1) * 2 > in->mask + 1) {
      // Readers may still probe the old index: it is kept, and stays valid (it only misses
      // plans published from now on, which sends its readers here).
      index& grown = *indexes_.emplace_back(std::make_unique<index>((in->mask + 1) * 2));
      for (std::size_t i = 0; i <= in->mask; ++i) {
        const slot& s = in->slots[i];
        if (const plan_source* held = s.source.load(std::memory_order_relaxed)) insert(grown, *held, s.options, s.plan);
      }
      current_.store(&grown, std::memory_order_release);
      in = &grown;
    }
    insert(*in, source, key, &plan);
    return plan;
  }

  std::mutex mutex_;  // serialises publishers
  std::vector<std::unique_ptr<index>> indexes_;
  std::atomic<index*> current_;
  std::vector<std::unique_ptr<struct_plan>> plans_;
};

}  // namespace spool::detail

namespace spool {

// T's plan under `options`, shared by the whole process. Thread-safe.
template <class T>
const struct_plan& plan_registry_get(plan_options options = {}) {
  return detail::plan_registry::instance().get(detail::plan_source_of<std::remove_cv_t<T>>, options);
}

}  // namespace spool
