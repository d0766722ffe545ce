// Per-document bookkeeping tables that reset in O(1).
//
// A decoder context is reused for many documents and needs small per-document tables: which
// fields were seen (duplicate and required-field checks), per-slot state. Clearing them slot by
// slot on every document would cost as much as the bookkeeping itself, so every slot carries the
// generation that wrote it: reset() bumps the generation and all older slots read as empty.
//
//   spool::detail::generation_set seen;
//   if (!seen.insert(field_index)) { /* duplicate key */ }
//   seen.reset();                                   // next document: O(1)
//
//   spool::detail::generation_table<std::uint32_t> counts;
//   ++counts[7];  counts.get(7) == 1;  counts.reset();  counts.get(7) == 0;
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include <spool/detail/config.hpp>

namespace spool::detail {

// One pathological document (an object with a million keys) must not leave a pooled context
// holding that much memory: reset() drops storage beyond this many slots.
inline constexpr std::size_t default_generation_valve = 64 * 1024;

// Stamp is the generation counter type; it is a parameter so that tests can make it wrap quickly.
template <class V, class Stamp = std::uint32_t>
class generation_table {
  static_assert(std::is_unsigned_v<Stamp>);

 public:
  explicit generation_table(std::size_t size_valve = default_generation_valve) : valve_(size_valve) {}

  // The slot for the current generation, set to V{} when stale or new.
  [[gnu::always_inline]] inline V& operator[](std::size_t i) {
    if (i >= slots_.size()) [[unlikely]] grow(i + 1);
    slot& s = slots_[i];
    if (s.stamp != current_) {
      s.value = V{};
      s.stamp = current_;
    }
    return s.value;
  }

  // Writes slot i whole for the current generation (no stale check, no V{} written first).
  [[gnu::always_inline]] inline void set(std::size_t i, const V& value) {
    if (i >= slots_.size()) [[unlikely]] grow(i + 1);
    slots_[i] = slot{value, current_};
  }

  V get(std::size_t i) const {
    return i < slots_.size() && slots_[i].stamp == current_ ? slots_[i].value : V{};
  }

  // Starts a new generation: every slot reads as V{} again.
  void reset() {
    if (slots_.size() > valve_) {
      std::vector<slot>().swap(slots_);
      current_ = first_generation;
    } else if constexpr (!generation_reset) {
      // A/B baseline: the work a plain table does per document.
      for (slot& s : slots_) s.stamp = 0;
    } else if (++current_ == 0) {
      // The counter wrapped: old stamps could now look current, so clear them once.
      for (slot& s : slots_) s.stamp = 0;
      current_ = first_generation;
    }
  }

  // Slots currently allocated (not the number in use).
  std::size_t storage_size() const noexcept { return slots_.size(); }
  std::size_t size_valve() const noexcept { return valve_; }

 private:
  // Stamp 0 marks a never-written (or cleared) slot, so generations start at 1.
  static constexpr Stamp first_generation = 1;

  struct slot {
    V value{};
    Stamp stamp = 0;
  };

  // Out of line, so that operator[] (a seen-key check per key read) is small enough to inline.
  [[gnu::noinline]] void grow(std::size_t size) { slots_.resize(size); }

  std::vector<slot> slots_;
  Stamp current_ = first_generation;
  std::size_t valve_;
};

// A set of small indices with O(1) reset: a bitset whose 64-bit words are generation-stamped.
template <class Stamp = std::uint32_t>
class basic_generation_set {
 public:
  // The valve counts indices; storage is kept in words of 64.
  explicit basic_generation_set(std::size_t size_valve = default_generation_valve)
      : words_(words_for(size_valve)) {}

  // True when i was not yet in the set (this generation). Forced inline: a TOML struct table's
  // seen check per key, where GCC had called it (a call and its register moves per key).
  [[gnu::always_inline]] inline bool insert(std::size_t i) {
    std::uint64_t& word = words_[i / bits];
    std::uint64_t bit = std::uint64_t{1} << (i % bits);
    if ((word & bit) != 0) return false;
    word |= bit;
    return true;
  }
  bool contains(std::size_t i) const {
    return (words_.get(i / bits) & (std::uint64_t{1} << (i % bits))) != 0;
  }
  void reset() { words_.reset(); }

  // Indices the current storage covers.
  std::size_t storage_size() const noexcept { return words_.storage_size() * bits; }

 private:
  static constexpr std::size_t bits = 64;
  static constexpr std::size_t words_for(std::size_t indices) { return indices / bits + (indices % bits != 0); }

  generation_table<std::uint64_t, Stamp> words_;
};

using generation_set = basic_generation_set<>;

}  // namespace spool::detail
