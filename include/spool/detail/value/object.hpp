// spool::object, the map of a spool::value: members in insertion order, found by scanning while
// the object is small and through a hash index once it has more than `index_threshold` members.
// Part of <spool/value.hpp>, which includes it once spool::value is complete; include that.
//
// The index is built and kept up to date by the mutating calls (the insertion that crosses the
// threshold builds it), never by a lookup, so const member functions stay safe to call from many
// threads at once, as with the standard containers.
#pragma once

#include <cstddef>
#include <cstdint>
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
    // For readers: `key` is a string value already made (by detail::value_builder).
    struct adopt_key_t {};
    member(adopt_key_t, spool::value&& key, spool::value&& v) noexcept : key_(std::move(key)), value(std::move(v)) {}

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

  std::size_t size() const noexcept { return members_.size(); }
  bool empty() const noexcept { return members_.empty(); }
  void reserve(std::size_t n);
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
  // member::adopt_key_t (one allocation of the final size, no lookups); index_members() must
  // follow before any lookup or insertion. It builds the index once (above index_threshold
  // members) and returns the position of the first member whose key an earlier member has, or
  // size() when the keys are distinct; only then is the object complete. drop_repeat(j) resolves
  // such a repeat as JSON keeps it: the earlier member stays where it is and takes member j's
  // value, member j goes (O(size)); call index_members() again afterwards.
  struct unindexed_t {};
  template <class It>
  object(unindexed_t, It first, It last) : members_(first, last) {}
  std::size_t index_members();
  void drop_repeat(std::size_t j) noexcept;

  // Same keys with equal values, in any order: objects are maps, the order is presentation.
  friend bool operator==(const object& a, const object& b) noexcept;

 private:
  struct slot {
    std::uint32_t hash = 0;
    std::uint32_t position = 0;  // member index + 1; 0 = empty
  };

  // Where `key` is (-1 when absent); `hash` is read only when the index exists.
  std::ptrdiff_t position_of(std::string_view key, std::uint32_t hash) const noexcept;
  std::uint32_t hash_if_indexed(std::string_view key) const noexcept {
    return index_.empty() ? 0 : detail::key_hash(key, false);
  }
  // Makes room for one more member, building or growing the index when it is due; called before
  // the member is added, so a failed allocation leaves the object as it was.
  void prepare_insert();
  void index_insert(std::uint32_t hash, std::size_t position) noexcept;
  void rebuild_index(std::size_t slot_count);
  void reindex() noexcept;

  friend class value;  // its destructor frees the buffers without the vectors' destructors
  node_vector<member> members_;
  node_vector<slot> index_;  // empty, or every member in a power-of-two table at most half full
};

inline object::object(std::initializer_list<std::pair<std::string_view, value>> members) {
  reserve(members.size());
  for (const auto& [key, v] : members) try_emplace(key, v);
}

inline void object::reserve(std::size_t n) {
  members_.reserve(n);
  if (n > index_threshold && index_.size() < 2 * n) rebuild_index(2 * n);
}

inline void object::clear() noexcept {
  members_.clear();
  index_.clear();
}

inline std::ptrdiff_t object::position_of(std::string_view key, std::uint32_t hash) const noexcept {
  if (index_.empty()) {
    for (std::size_t i = 0; i < members_.size(); ++i) {
      if (members_[i].key() == key) return static_cast<std::ptrdiff_t>(i);
    }
    return -1;
  }
  const std::size_t mask = index_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const slot& s = index_[i];
    if (s.position == 0) return -1;
    if (s.hash == hash && members_[s.position - 1].key() == key) return static_cast<std::ptrdiff_t>(s.position - 1);
  }
}

inline value* object::find(std::string_view key) noexcept {
  const std::ptrdiff_t i = position_of(key, hash_if_indexed(key));
  return i < 0 ? nullptr : &members_[static_cast<std::size_t>(i)].value;
}

inline const value* object::find(std::string_view key) const noexcept {
  const std::ptrdiff_t i = position_of(key, hash_if_indexed(key));
  return i < 0 ? nullptr : &members_[static_cast<std::size_t>(i)].value;
}

inline void object::prepare_insert() {
  const std::size_t after = members_.size() + 1;
  if (after > index_threshold && 2 * after > index_.size()) rebuild_index(2 * after);
  // Readers add members one by one: start at 4 rather than growing through 1 and 2.
  if (members_.capacity() == 0) members_.reserve(first_capacity);
}

inline std::pair<value*, bool> object::try_emplace(std::string_view key, value v) {
  const std::uint32_t hash = hash_if_indexed(key);
  const std::ptrdiff_t i = position_of(key, hash);
  if (i >= 0) return {&members_[static_cast<std::size_t>(i)].value, false};
  const bool was_indexed = !index_.empty();
  prepare_insert();
  members_.emplace_back(key, std::move(v));
  if (!index_.empty()) index_insert(was_indexed ? hash : detail::key_hash(key, false), members_.size() - 1);
  return {&members_.back().value, true};
}

inline value& object::insert_or_assign(std::string_view key, value v) {
  const std::ptrdiff_t i = position_of(key, hash_if_indexed(key));
  if (i >= 0) return members_[static_cast<std::size_t>(i)].value = std::move(v);
  return *try_emplace(key, std::move(v)).first;
}

inline bool object::erase(std::string_view key) {
  const std::ptrdiff_t i = position_of(key, hash_if_indexed(key));
  if (i < 0) return false;
  members_.erase(members_.begin() + i);
  reindex();
  return true;
}

inline std::size_t object::index_members() {
  const std::size_t n = members_.size();
  if (n <= index_threshold) {
    index_.clear();
    for (std::size_t j = 1; j < n; ++j) {
      const std::string_view key = members_[j].key();
      for (std::size_t i = 0; i < j; ++i) {
        if (members_[i].key() == key) return j;
      }
    }
    return n;
  }
  std::size_t size = 16;
  while (size < 2 * n) size *= 2;
  if (index_.size() == size) {
    for (slot& s : index_) s = {};
  } else {
    index_ = node_vector<slot>(size);
  }
  const std::size_t mask = size - 1;
  for (std::size_t j = 0; j < n; ++j) {
    const std::string_view key = members_[j].key();
    const std::uint32_t hash = detail::key_hash(key, false);
    std::size_t i = hash & mask;
    for (; index_[i].position != 0; i = (i + 1) & mask) {
      if (index_[i].hash == hash && members_[index_[i].position - 1].key() == key) return j;
    }
    index_[i] = {hash, static_cast<std::uint32_t>(j + 1)};
  }
  return n;
}

inline void object::drop_repeat(std::size_t j) noexcept {
  const std::string_view key = members_[j].key();
  for (std::size_t i = 0; i < j; ++i) {
    if (members_[i].key() == key) {
      members_[i].value.swap(members_[j].value);
      break;
    }
  }
  members_.erase(members_.begin() + static_cast<std::ptrdiff_t>(j));
}

inline void object::index_insert(std::uint32_t hash, std::size_t position) noexcept {
  const std::size_t mask = index_.size() - 1;
  std::size_t i = hash & mask;
  while (index_[i].position != 0) i = (i + 1) & mask;
  index_[i] = {hash, static_cast<std::uint32_t>(position + 1)};
}

inline void object::rebuild_index(std::size_t slot_count) {
  std::size_t size = 16;
  while (size < slot_count) size *= 2;
  index_ = node_vector<slot>(size);
  for (std::size_t i = 0; i < members_.size(); ++i) index_insert(detail::key_hash(members_[i].key(), false), i);
}

// After an erase every later member moved down one place: renumber in the table we have.
inline void object::reindex() noexcept {
  if (index_.empty()) return;
  for (slot& s : index_) s = {};
  for (std::size_t i = 0; i < members_.size(); ++i) index_insert(detail::key_hash(members_[i].key(), false), i);
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
