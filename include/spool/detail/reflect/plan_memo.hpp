// plan_memo: the small most-recently-used memo of struct plans each pooled decoder context keeps,
// so that a document reaches the process-wide registry (and its lock) at most once per struct
// type it uses, as long as it uses no more than `capacity` types.
//
// Policy: a hit at slot i > 0 swaps slots i and i - 1 (frequently used plans drift to the front
// and are found after fewer comparisons). A miss asks the registry and fills the first free slot;
// once all are full it looks at one candidate slot, taken in turn from all but the last, and
// overwrites that plan if it has gone unused for more than `stale_after` lookups, else the last
// slot. The last slot is what keeps a cycle through more types than the memo holds (a document of
// ten struct types, read again and again) from missing every time, as it would under least-recently-
// used replacement: the plans in the other slots stay, and of a cycle of n > capacity types,
// capacity - 1 hit each round. The staleness rule is what lets a new working set in: plans of
// earlier documents that are no longer used are replaced once the candidate reaches them, instead
// of holding the front slots while every new type displaces the one before it in the last slot.
// With SPOOL_DISABLE_PLAN_MEMO every get() goes to the registry and counts as a miss.
//
// The once-per-type bound holds for a memo that starts the document empty (clear()), since misses
// then fill free slots. A memo kept warm across documents also saves those first lookups; its
// plans of other documents are replaced as they go stale, within stale_after + capacity - 1
// lookups.
#pragma once

#include <spool/detail/config.hpp>
#include <spool/detail/reflect/plan_registry.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace spool {

class plan_memo {
 public:
  static constexpr std::size_t capacity = 8;
  // Lookups after which an unused plan may give way to a new one before the last slot does.
  static constexpr std::uint32_t stale_after = 2 * capacity;

  struct stats {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
  };

  template <class T>
  const struct_plan& get(plan_options options = {}) {
    return lookup(detail::plan_source_of<std::remove_cv_t<T>>, options);
  }

  stats counters() const noexcept { return counters_; }

  // Forgets every plan and zeroes the counters.
  void clear() noexcept { *this = plan_memo{}; }

  // The plan in slot i (nullptr when empty), front first: the memo's state, for tests and tools.
  const struct_plan* slot(std::size_t i) const noexcept { return i < used_ ? entries_[i].plan : nullptr; }

 private:
  struct entry {
    const detail::plan_source* source = nullptr;
    const struct_plan* plan = nullptr;
    std::uint32_t used_at = 0;  // the lookup (hits + misses, wrapping) that last returned it
    std::uint8_t options = 0;
  };

  const struct_plan& lookup(const detail::plan_source& source, plan_options options) {
    if constexpr (detail::plan_memo_enabled) {
      const std::uint8_t key = detail::plan_options_key(source, options);
      for (std::size_t i = 0; i < used_; ++i) {
        if (entries_[i].source != &source || entries_[i].options != key) continue;
        ++counters_.hits;
        if (i == 0) {
          entries_[0].used_at = clock();
          return *entries_[0].plan;
        }
        // Stamped in a copy: a narrow store into the entry followed by the swap's wide loads of
        // it would stall store-to-load forwarding.
        entry found = entries_[i];
        found.used_at = clock();
        entries_[i] = entries_[i - 1];
        entries_[i - 1] = found;
        return *found.plan;
      }
      return miss(source, options, key);
    } else {
      ++counters_.misses;
      return detail::plan_registry::instance().get(source, options);
    }
  }

  // Out of line: the hit path above then needs fewer registers saved.
  [[gnu::noinline]] const struct_plan& miss(const detail::plan_source& source, plan_options options,
                                            std::uint8_t key) {
    ++counters_.misses;
    const struct_plan& plan = detail::plan_registry::instance().get(source, options);
    entries_[victim()] = entry{&source, &plan, clock(), key};
    return plan;
  }

  std::uint32_t clock() const noexcept { return static_cast<std::uint32_t>(counters_.hits + counters_.misses); }

  // The slot a miss fills (see the policy above).
  std::size_t victim() noexcept {
    if (used_ < capacity) return used_++;
    const std::size_t candidate = candidate_;
    candidate_ = candidate_ + 1 == capacity - 1 ? 0 : candidate_ + 1;
    return clock() - entries_[candidate].used_at > stale_after ? candidate : capacity - 1;
  }

  std::array<entry, capacity> entries_{};
  std::size_t used_ = 0;       // slots filled; they are always the first used_ ones
  std::size_t candidate_ = 0;  // the slot whose staleness the next miss of a full memo checks
  stats counters_{};
};

}  // namespace spool
