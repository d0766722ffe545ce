// The process-wide registry of struct plans: one plan per (type, plan_options), built on first
// use and never freed, so references to plans stay valid for the life of the process.
//
// Lookups take a shared lock. A missing plan is built with no lock held (building never waits on
// another plan, so nested types cannot deadlock) and then published under the exclusive lock;
// when two threads race, the first published plan wins and the other copy is dropped.
#pragma once

#include <spool/detail/reflect/field_layout.hpp>
#include <spool/detail/reflect/struct_plan.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <shared_mutex>
#include <type_traits>
#include <unordered_map>
#include <utility>

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
    const key k{&source, plan_options_key(source, options)};
    {
      std::shared_lock lock(mutex_);
      if (const auto found = plans_.find(k); found != plans_.end()) return found->second;
    }
    struct_plan built(source, options);
    std::unique_lock lock(mutex_);
    return plans_.try_emplace(k, std::move(built)).first->second;
  }

 private:
  plan_registry() = default;

  struct key {
    const plan_source* source;
    std::uint8_t options;
    bool operator==(const key&) const = default;
  };
  struct key_hash {
    std::size_t operator()(const key& k) const noexcept {
      // Sources are distinct static objects: their addresses differ in the bits above alignment.
      const auto address = reinterpret_cast<std::uintptr_t>(k.source);
      return static_cast<std::size_t>((address >> 3) * 0x9E3779B97F4A7C15u) ^ k.options;
    }
  };

  std::shared_mutex mutex_;
  std::unordered_map<key, struct_plan, key_hash> plans_;  // nodes never move: references stay valid
};

}  // namespace spool::detail

namespace spool {

// T's plan under `options`, shared by the whole process. Thread-safe.
template <class T>
const struct_plan& plan_registry_get(plan_options options = {}) {
  return detail::plan_registry::instance().get(detail::plan_source_of<std::remove_cv_t<T>>, options);
}

}  // namespace spool
