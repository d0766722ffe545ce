// plan_memo: the small most-recently-used memo of struct plans each pooled decoder context keeps,
// so that a document reaches the process-wide registry (and its lock) at most once per struct
// type it uses, as long as it uses no more than `capacity` types.
//
// Policy: a hit at slot i > 0 swaps slots i and i - 1 (frequently used plans drift to the front
// and are found after fewer comparisons); a miss asks the registry and overwrites the slot under
// a cursor that advances one slot per miss. With SPOOL_DISABLE_PLAN_MEMO every get() goes to the
// registry and counts as a miss.
//
// The once-per-type bound holds for a memo that starts the document empty (clear()), since misses
// then fill free slots. A memo kept warm across documents also saves those first lookups, but
// once more than `capacity` types have passed through it, a hit can swap a plan into the slot the
// cursor reaches last, and a document's eighth new type may then evict it.
#pragma once

#include <spool/detail/config.hpp>
#include <spool/detail/reflect/plan_registry.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace spool {

class plan_memo {
 public:
  static constexpr std::size_t capacity = 8;

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
    std::uint8_t options = 0;
    const struct_plan* plan = nullptr;
  };

  const struct_plan& lookup(const detail::plan_source& source, plan_options options) {
    if constexpr (detail::plan_memo_enabled) {
      const std::uint8_t key = detail::plan_options_key(source, options);
      for (std::size_t i = 0; i < used_; ++i) {
        if (entries_[i].source != &source || entries_[i].options != key) continue;
        ++counters_.hits;
        if (i == 0) return *entries_[0].plan;
        std::swap(entries_[i], entries_[i - 1]);
        return *entries_[i - 1].plan;
      }
      ++counters_.misses;
      const struct_plan& plan = detail::plan_registry::instance().get(source, options);
      entries_[cursor_] = entry{&source, key, &plan};
      cursor_ = (cursor_ + 1) % capacity;
      if (used_ < capacity) ++used_;
      return plan;
    } else {
      ++counters_.misses;
      return detail::plan_registry::instance().get(source, options);
    }
  }

  std::array<entry, capacity> entries_{};
  std::size_t used_ = 0;    // slots filled; they are always the first used_ ones
  std::size_t cursor_ = 0;  // the slot the next miss overwrites
  stats counters_{};
};

}  // namespace spool
