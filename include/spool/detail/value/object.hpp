// spool::object, the map of a spool::value: members in insertion order, found by scanning while
// the object is small and through a hash index once it has more than `index_threshold` members.
// Part of <spool/value.hpp>, which includes it once spool::value is complete; include that.
//
// The index is made by the first lookup that needs it, not when the object is made: most objects
// a reader makes are written or walked, never searched by key, and the index of a large object
// (two to four slots of 8 bytes per member) cost as much to build, hold and free as a third of
// the object itself. A lookup is O(size) once, when it builds the index, and amortised O(1) after.
// Const lookups may run on many threads at once, as with the standard containers: the index is
// published with one compare-and-swap, and a thread that loses the race frees its own. Mutating
// calls keep an index up to date, or drop it to be made again by the next lookup (erase, clear,
// an insertion that would fill it past half).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include <spool/detail/reflect/struct_plan.hpp>
#include <spool/detail/value/node_cache.hpp>

namespace spool {

class object {
 public:
  // One key and its value. The key is fixed once the member exists; the value is free to change.
  class member {
   public:
    member(std::string_view key, spool::value v) : key_(key), value(std::move(v)) {}
    // For readers: the bytes of a key (a string) and of a value already made by
    // detail::value_builder, taken over where the member lies (no value is moved through a
    // temporary).
    struct adopt_t {};
    member(adopt_t, const detail::value_storage& key, const detail::value_storage& v) noexcept
        : key_(spool::value::adopt(key)), value(spool::value::adopt(v)) {}

    std::string_view key() const noexcept { return key_.stored_string(); }

   private:
    friend class spool::value;  // its destructor frees the key without ~member
    spool::value key_;  // always a string: 14 bytes inline, the rest on the heap

   public:
    spool::value value;
  };

 private:
  // Both vectors take their buffers from the thread's node cache (node_cache.hpp).
  template <class T>
  using node_vector = std::vector<T, detail::value_node_allocator<T>>;

 public:
  using iterator = node_vector<member>::iterator;
  using const_iterator = node_vector<member>::const_iterator;
  // Measured: a scan of 8 members costs about two index lookups (hash, probe, compare).
  static constexpr std::size_t index_threshold = 8;
  static constexpr std::size_t first_capacity = 4;

  object() noexcept = default;
  // Later duplicates of a key are dropped, as try_emplace drops them.
  object(std::initializer_list<std::pair<std::string_view, value>> members);
  // A copy makes its own index when it is first searched.
  object(const object& other) : members_(other.members_) {}
  object(object&& other) noexcept
      : members_(std::move(other.members_)), index_(other.index_.exchange(nullptr, std::memory_order_relaxed)) {}
  object& operator=(const object& other);
  object& operator=(object&& other) noexcept;
  ~object() { drop_index(); }

  std::size_t size() const noexcept { return members_.size(); }
  bool empty() const noexcept { return members_.empty(); }
  void reserve(std::size_t n) { members_.reserve(n); }
  void clear() noexcept;

  iterator begin() noexcept { return members_.begin(); }
  iterator end() noexcept { return members_.end(); }
  const_iterator begin() const noexcept { return members_.begin(); }
  const_iterator end() const noexcept { return members_.end(); }
  // Members in insertion order, by position.
  member& nth(std::size_t i) noexcept { return members_[i]; }
  const member& nth(std::size_t i) const noexcept { return members_[i]; }

  value* find(std::string_view key) noexcept;
  const value* find(std::string_view key) const noexcept;
  bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }

  // Adds `key` with `v` unless the key is present; returns the member's value and whether it was
  // added. One lookup: a reader checks for duplicates and inserts with the same call.
  std::pair<value*, bool> try_emplace(std::string_view key, value v = {});
  value& insert_or_assign(std::string_view key, value v);
  // The value at `key`, added as null when absent.
  value& operator[](std::string_view key) { return *try_emplace(key).first; }
  // Removes `key`, keeping the order of the others; O(size). Returns whether it was present.
  bool erase(std::string_view key);

  // Internal, for readers that build an object at its final size (detail/value/builder.hpp): the
  // unindexed_t constructor takes the members at once, from a range of members made with
  // member::adopt_t whose keys are distinct (one allocation of the final size, no lookups).
  // build_index() makes the index now instead of at the first lookup (the readers call it under
  // SPOOL_DISABLE_VALUE_LAZY_INDEX).
  struct unindexed_t {};
  template <class It>
  object(unindexed_t, It first, It last) : members_(first, last) {}
  void build_index() { (void)index_for_lookup(); }
  // Internal, for a reader that knows the member count up front (MessagePack's maps, through
  // detail::value_builder::push_object_with_room): appends a member of a key's bytes made by the
  // builder and a null value, within the capacity reserved, with no lookup (the reader checks the
  // keys for repeats itself).
  member& append_unindexed(member::adopt_t, const detail::value_storage& key) {
    return members_.emplace_back(member::adopt_t{}, key, detail::value_storage{});
  }

  // Same keys with equal values, in any order: objects are maps, the order is presentation.
  friend bool operator==(const object& a, const object& b) noexcept;

 private:
  struct slot {
    std::uint32_t hash = 0;
    std::uint32_t position = 0;  // member index + 1; 0 = empty
  };
  // A power-of-two table of slots, at most half full, in one node-cache block after this header.
  struct index_table {
    std::size_t mask;
    slot* slots() noexcept { return reinterpret_cast<slot*>(this + 1); }
    const slot* slots() const noexcept { return reinterpret_cast<const slot*>(this + 1); }
    static std::size_t bytes(std::size_t slot_count) noexcept { return sizeof(index_table) + slot_count * sizeof(slot); }
  };

  // The index when the object is large enough to have one (made now if it has none yet), else
  // nullptr; also nullptr when there is no memory for it, and lookups scan.
  index_table* index_for_lookup() const noexcept;
  index_table* make_index() const noexcept;
  // Where `key` is (-1 when absent); `hash` is read only when there is an index.
  std::ptrdiff_t position_of(std::string_view key, const index_table* index, std::uint32_t hash) const noexcept;
  static std::uint32_t hash_if(const index_table* index, std::string_view key) noexcept {
    return index == nullptr ? 0 : detail::key_hash(key, false);
  }
  static void index_insert(index_table* index, std::uint32_t hash, std::size_t position) noexcept;
  void drop_index() noexcept;

  friend class value;  // its destructor frees the buffers without the vector's destructor
  node_vector<member> members_;
  // Made on demand and published once (const lookups race to make it); see the top of the file.
  mutable std::atomic<index_table*> index_{nullptr};
};

inline object::object(std::initializer_list<std::pair<std::string_view, value>> members) {
  reserve(members.size());
  for (const auto& [key, v] : members) try_emplace(key, v);
}

inline object& object::operator=(const object& other) {
  if (this != &other) {
    drop_index();
    members_ = other.members_;
  }
  return *this;
}

inline object& object::operator=(object&& other) noexcept {
  if (this != &other) {
    drop_index();
    members_ = std::move(other.members_);
    index_.store(other.index_.exchange(nullptr, std::memory_order_relaxed), std::memory_order_relaxed);
  }
  return *this;
}

inline void object::clear() noexcept {
  drop_index();
  members_.clear();
}

inline object::index_table* object::index_for_lookup() const noexcept {
  index_table* index = index_.load(std::memory_order_acquire);
  if (index != nullptr || members_.size() <= index_threshold) return index;
  index_table* made = make_index();
  if (made == nullptr) return nullptr;
  if (index_.compare_exchange_strong(index, made, std::memory_order_acq_rel, std::memory_order_acquire)) return made;
  // Another thread published its index first: use that one.
  detail::release_value_node(made, index_table::bytes(made->mask + 1));
  return index;
}

// Sized for the members' capacity, so that insertions up to it keep the index.
inline object::index_table* object::make_index() const noexcept {
  std::size_t slot_count = 16;
  while (slot_count < 2 * members_.capacity()) slot_count *= 2;
  void* block = detail::try_allocate_value_node(index_table::bytes(slot_count));
  if (block == nullptr) return nullptr;
  auto* index = ::new (block) index_table{slot_count - 1};
  std::memset(static_cast<void*>(index->slots()), 0, slot_count * sizeof(slot));
  for (std::size_t i = 0; i < members_.size(); ++i) index_insert(index, detail::key_hash(members_[i].key(), false), i);
  return index;
}

inline void object::drop_index() noexcept {
  if (index_table* index = index_.load(std::memory_order_relaxed)) {
    index_.store(nullptr, std::memory_order_relaxed);
    detail::release_value_node(index, index_table::bytes(index->mask + 1));
  }
}

inline std::ptrdiff_t object::position_of(std::string_view key, const index_table* index, std::uint32_t hash) const noexcept {
  if (index == nullptr) {
    for (std::size_t i = 0; i < members_.size(); ++i) {
      if (members_[i].key() == key) return static_cast<std::ptrdiff_t>(i);
    }
    return -1;
  }
  const slot* slots = index->slots();
  for (std::size_t i = hash & index->mask;; i = (i + 1) & index->mask) {
    const slot& s = slots[i];
    if (s.position == 0) return -1;
    if (s.hash == hash && members_[s.position - 1].key() == key) return static_cast<std::ptrdiff_t>(s.position - 1);
  }
}

inline value* object::find(std::string_view key) noexcept {
  const index_table* index = index_for_lookup();
  const std::ptrdiff_t i = position_of(key, index, hash_if(index, key));
  return i < 0 ? nullptr : &members_[static_cast<std::size_t>(i)].value;
}

inline const value* object::find(std::string_view key) const noexcept {
  const index_table* index = index_for_lookup();
  const std::ptrdiff_t i = position_of(key, index, hash_if(index, key));
  return i < 0 ? nullptr : &members_[static_cast<std::size_t>(i)].value;
}

inline std::pair<value*, bool> object::try_emplace(std::string_view key, value v) {
  index_table* index = index_for_lookup();
  const std::uint32_t hash = hash_if(index, key);
  const std::ptrdiff_t i = position_of(key, index, hash);
  if (i >= 0) return {&members_[static_cast<std::size_t>(i)].value, false};
  // Readers add members one by one: start at 4 rather than growing through 1 and 2.
  if (members_.capacity() == 0) members_.reserve(first_capacity);
  members_.emplace_back(key, std::move(v));
  if (index != nullptr) {
    // Past half full the next lookup makes a larger one (for the capacity the members grew to).
    if (2 * members_.size() > index->mask + 1) drop_index();
    else index_insert(index, hash, members_.size() - 1);
  }
  return {&members_.back().value, true};
}

inline value& object::insert_or_assign(std::string_view key, value v) {
  const index_table* index = index_for_lookup();
  const std::ptrdiff_t i = position_of(key, index, hash_if(index, key));
  if (i >= 0) return members_[static_cast<std::size_t>(i)].value = std::move(v);
  return *try_emplace(key, std::move(v)).first;
}

// Every later member moves down one place: the index, when there is one, is made again by the
// next lookup.
inline bool object::erase(std::string_view key) {
  const index_table* index = index_for_lookup();
  const std::ptrdiff_t i = position_of(key, index, hash_if(index, key));
  if (i < 0) return false;
  members_.erase(members_.begin() + i);
  drop_index();
  return true;
}

inline void object::index_insert(index_table* index, std::uint32_t hash, std::size_t position) noexcept {
  slot* slots = index->slots();
  std::size_t i = hash & index->mask;
  while (slots[i].position != 0) i = (i + 1) & index->mask;
  slots[i] = {hash, static_cast<std::uint32_t>(position + 1)};
}

inline bool operator==(const object& a, const object& b) noexcept {
  if (a.size() != b.size()) return false;
  for (const object::member& m : a) {
    const value* other = b.find(m.key());
    if (other == nullptr || !(*other == m.value)) return false;
  }
  return true;
}

}  // namespace spool
