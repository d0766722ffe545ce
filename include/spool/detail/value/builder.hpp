// value_builder: how readers build a spool::value tree, whatever the format.
//
//   value_builder& b = value_builder::for_this_thread();
//   const value_builder::mark start = b.position();
//   // a reader walks the document, depth first:
//   b.push(42);                                  // a scalar (anything spool::value is made from)
//   const std::size_t first = b.position().values; ... push the elements ...; b.close_array(first);
//   const value_builder::mark m = b.position();
//   b.push_key("name", where); ... push the member's value ...;      // once per member
//   if (const auto* repeat = b.close_object(m, repeated_keys::rejected)) report(repeat->where);
//   spool::value done = b.take();                // or, on any failure, b.rewind(start)
//
// Every value of the open containers (array elements, member values) waits on one stack shared
// by all levels, and member keys on another, already made into their string values. Both hold a
// value's bare 16 bytes, owned by the builder: pushing is a store, dropping a run costs nothing.
// A container that closes is built in its node straight from its run on the top, at its final
// size: no container grows, and no value is moved through a temporary per level. An object's keys
// are checked for repeats on the stack just before it is built: up to 16 keys, a key is compared
// with the earlier ones only when a set of their 6-bit fingerprints holds its own; past that,
// through a hash table of the builder's. Repeats are either rejected (the reader reports the later
// key) or merged as JSON keeps them (the first position, the last value). The object gets no
// index: its first lookup makes one (object.hpp).
//
// The stacks' buffers come from operator new, not from the node cache (a buffer that outlives
// every document must not pin a chunk of value nodes). One builder per thread serves nested and
// successive reads (they use it as a stack); buffers grown past the pool's buffer limit are freed
// when the builder empties.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <new>
#include <string_view>
#include <type_traits>
#include <utility>

#include <spool/detail/config.hpp>
#include <spool/detail/pool/limits.hpp>
#include <spool/detail/reflect/struct_plan.hpp>
#include <spool/value.hpp>

namespace spool::detail {

// A stack of trivially copyable entries: pushing is a store and a bump (growth out of line), and
// dropping a run is one subtraction. The buffer comes from operator new and is kept for the next
// document, unless it grew past the pool's buffer limit.
template <class T>
class pending_stack {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  pending_stack() = default;
  pending_stack(const pending_stack&) = delete;
  pending_stack& operator=(const pending_stack&) = delete;
  ~pending_stack() { ::operator delete(data_); }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  T* data() noexcept { return data_; }
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  T& back() noexcept { return data_[size_ - 1]; }
  const T& back() const noexcept { return data_[size_ - 1]; }

  // Room for one more entry is made before the entry exists: a failed growth leaks nothing.
  [[gnu::always_inline]] void make_room() {
    if (size_ == capacity_) [[unlikely]] grow();
  }
  [[gnu::always_inline]] void push_into_room(const T& entry) noexcept { data_[size_++] = entry; }
  [[gnu::always_inline]] void push(const T& entry) {
    make_room();
    push_into_room(entry);
  }
  void drop_to(std::size_t size) noexcept { size_ = size; }
  // Frees an empty stack's buffer when it is over the pool's limit.
  void trim() noexcept {
    if (size_ == 0 && pool_buffer_oversized(capacity_ * sizeof(T))) {
      ::operator delete(data_);
      data_ = nullptr;
      capacity_ = 0;
    }
  }

 private:
  [[gnu::noinline]] void grow() {
    const std::size_t capacity = capacity_ == 0 ? 256 : 2 * capacity_;
    T* data = static_cast<T*>(::operator new(capacity * sizeof(T)));
    if (size_ != 0) std::memcpy(static_cast<void*>(data), data_, size_ * sizeof(T));
    ::operator delete(data_);
    data_ = data;
    capacity_ = capacity;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// What close_object does when two members have one key.
enum class repeated_keys {
  last_value_wins,  // JSON: the member keeps its first position and takes the last value
  rejected,         // MessagePack: the object is not built; the later key is returned
};

class value_builder {
 public:
  struct mark {
    std::size_t values = 0;
    std::size_t keys = 0;
  };
  struct pending_key {
    value_storage bits;        // a string's
    std::uintptr_t where = 0;  // the reader's own note of where the key was (for its errors)
    std::string_view text() const noexcept { return bits.bytes(); }
  };

  value_builder() = default;
  value_builder(const value_builder&) = delete;
  value_builder& operator=(const value_builder&) = delete;
  ~value_builder() { rewind({}); }

  static value_builder& for_this_thread() noexcept {
    thread_local value_builder builder;
    return builder;
  }

  mark position() const noexcept { return {values_.size(), keys_.size()}; }

  // A value of the innermost open container (or the finished document).
  template <class... Args>
  void push(Args&&... args) {
    values_.make_room();
    values_.push_into_room(bits_of(std::forward<Args>(args)...));
  }
  // The same, always inlined: for a reader's loop that pushes scalars (GCC otherwise calls an
  // instance of push per argument type out of line from it).
  template <class... Args>
  [[gnu::always_inline]] void push_inline(Args&&... args) {
    values_.make_room();
    values_.push_into_room(bits_of(std::forward<Args>(args)...));
  }
  // The key of the member whose value comes next.
  [[gnu::always_inline]] void push_key(std::string_view key, std::uintptr_t where) {
    keys_.make_room();
    keys_.push_into_room({bits_of(key), where});
  }
  // The key pushed last (a reader names it in the error of a member's value).
  std::string_view last_key() const noexcept { return keys_.back().text(); }
  // The key at position `i` of the key stack (a mark's keys plus the members pushed since).
  std::string_view key_text(std::size_t i) const noexcept { return keys_[i].text(); }

  // The values from `first` up become one array, pushed in their place; the array is built in
  // its node straight from the pending bytes.
  void close_array(std::size_t first) {
    values_.make_room();  // for an empty array
    value_storage bits;
    bits.store_pointer(spool::value::tag(spool::kind::array),
                       new_value_node<spool::array>(adopting_iterator{values_.data() + first},
                                                    adopting_iterator{values_.data() + values_.size()}));
    values_.drop_to(first);
    values_.push_into_room(bits);
  }

  // Pushes an array of `n` nulls and returns it, for a reader that fills it element by element
  // through pop_into() (see longest_pending_array).
  spool::array& push_array(std::size_t n) {
    values_.make_room();
    value_storage bits;
    auto* elements = new_value_node<spool::array>(n);
    bits.store_pointer(spool::value::tag(spool::kind::array), elements);
    values_.push_into_room(bits);
    return *elements;
  }

  // The keys and values pushed since `from` become one object, pushed in their place; returns
  // nullptr. Under repeated_keys::rejected a repeated key leaves the stacks as they were and the
  // later of its two pending keys is returned (valid until rewind()).
  const pending_key* close_object(mark from, repeated_keys rule) {
    values_.make_room();  // for an empty object
    // Most small objects have up to two keys: one comparison here instead of a call.
    const std::size_t n = keys_.size() - from.keys;
    if (n > 2 || (n == 2 && same_key(keys_[from.keys], keys_[from.keys + 1]))) {
      if (const pending_key* repeat = resolve_repeats(from, rule)) return repeat;
    }
    value_storage bits;
    bits.store_pointer(spool::value::tag(spool::kind::object),
                       new_value_node<spool::object>(
                           spool::object::unindexed_t{},
                           adopting_member_iterator{keys_.data() + from.keys, values_.data() + from.values},
                           adopting_member_iterator{keys_.data() + keys_.size(), values_.data() + values_.size()}));
    // The object owns the run now: the stacks drop it.
    keys_.drop_to(from.keys);
    values_.drop_to(from.values);
    if constexpr (!value_lazy_index) bits.pointer<spool::object>()->build_index();
    values_.push_into_room(bits);
    return nullptr;
  }

  // Past this many elements a reader whose format gives the count up front should make the
  // array at its size and move each element into it as it comes (pop_into): the stack would
  // hold a long array's elements a second time. (The array is then a large block anyway.)
  static constexpr std::size_t longest_pending_array = value_node_cache::largest_block / sizeof(spool::value);

  // Pushes an empty array with room for `n` elements and returns it, for a reader that knows the
  // count up front: it appends each element itself, or pushes it and moves it over (pop_onto).
  spool::array& push_array_with_room(std::size_t n) { return push_with_room<spool::array>(spool::kind::array, n); }

  // Pushes an empty object with room for `n` members and returns it, for a reader that knows the
  // count up front: it appends each member itself (object::append_unindexed, the key's bytes from
  // key_bits), fills its value (store_into, or pop_into for a container) and checks the keys for
  // repeats itself (stored_key_fingerprint, same_stored_key). Owned by the stack from the start:
  // rewind frees what was built.
  spool::object& push_object_with_room(std::size_t n) {
    return push_with_room<spool::object>(spool::kind::object, n);
  }
  // A key's bytes, a fresh string value owned by the caller (see push_object_with_room).
  template <class Key>
  [[gnu::always_inline]] static value_storage key_bits(Key&& key) {
    return bits_of(std::forward<Key>(key));
  }
  // A scalar made in `slot`, a null (no destructor is due).
  template <class... Args>
  [[gnu::always_inline]] static void store_into(spool::value& slot, Args&&... args) {
    slot.storage_ = bits_of(std::forward<Args>(args)...);
  }
  // The fingerprint and comparison close_object uses, on keys' bytes from key_bits.
  static unsigned stored_key_fingerprint(const value_storage& k) noexcept {
    const std::uint64_t first = k.on_heap() ? k.bytes().size() : k.word(0);
    return static_cast<unsigned>(((first ^ k.word(1)) * 0x9E3779B97F4A7C15u) >> 58);
  }
  [[gnu::always_inline]] static bool same_stored_key(const value_storage& a, const value_storage& b) noexcept {
    if (a.word(0) == b.word(0) && a.word(1) == b.word(1)) return true;
    return a.on_heap() && b.on_heap() && a.bytes() == b.bytes();
  }

  // For a reader that builds an object in place (push_object_with_room) and checks its keys for
  // repeats here: lend_key pushes a copy of the bytes of a key the object owns, with the reader's
  // note of where it was; find_repeated_key(from) is close_object's check of the keys lent since
  // `from` under repeated_keys::rejected (the later key of the first repeat, or nullptr; valid
  // until forget_keys); forget_keys(from) drops them, and must come before any rewind (the stack
  // does not own them).
  [[gnu::always_inline]] void lend_key(const value_storage& key, std::uintptr_t where) {
    keys_.make_room();
    keys_.push_into_room({key, where});
  }
  const pending_key* find_repeated_key(mark from) {
    const std::size_t n = keys_.size() - from.keys;
    if (n > 2 || (n == 2 && same_key(keys_[from.keys], keys_[from.keys + 1]))) {
      return resolve_repeats(from, repeated_keys::rejected);
    }
    return nullptr;
  }
  void forget_keys(mark from) noexcept { keys_.drop_to(from.keys); }

  // The value on top, taken off the stack and appended to `elements`, which has room for it.
  void pop_onto(spool::array& elements) noexcept {
    values_.drop_to(values_.size() - 1);
    elements.emplace_back(adopted{values_.data()[values_.size()]});
  }

  // The value on top, taken off the stack into `slot`, a null (no destructor is due).
  void pop_into(spool::value& slot) noexcept {
    values_.drop_to(values_.size() - 1);
    slot.storage_ = values_.data()[values_.size()];
  }

  // The finished value on top (the builder's buffers are trimmed once it is empty).
  spool::value take() {
    spool::value out = spool::value::adopt(values_.back());
    values_.drop_to(values_.size() - 1);
    if (values_.empty()) trim();
    return out;
  }

  // Drops everything pushed since `to` (after a failed read): each pending value is adopted by a
  // temporary that frees it.
  void rewind(mark to) noexcept {
    for (std::size_t i = to.values; i < values_.size(); ++i) spool::value::adopt(values_[i]);
    for (std::size_t i = to.keys; i < keys_.size(); ++i) spool::value::adopt(keys_[i].bits);
    values_.drop_to(to.values);
    keys_.drop_to(to.keys);
    if (values_.empty()) trim();
  }

 private:
  // An empty container of `k` pushed with room for `n` entries (push_array_with_room,
  // push_object_with_room).
  template <class Container>
  Container& push_with_room(spool::kind k, std::size_t n) {
    values_.make_room();
    value_storage bits;
    auto* entries = new_value_node<Container>();
    bits.store_pointer(spool::value::tag(k), entries);
    values_.push_into_room(bits);
    entries->reserve(n);  // owned by the stack already: freed by rewind if this throws
    return *entries;
  }

  // A value whose bytes the builder takes over. Released, its destructor finds a reset tag, which
  // the compiler sees: what remains is the value's stores, kept in registers. (A value made in a
  // byte buffer and copied out instead went through the stack.)
  template <class... Args>
  [[gnu::always_inline]] static value_storage bits_of(Args&&... args) {
    spool::value made(std::forward<Args>(args)...);
    return made.release();
  }

  // Pending bytes that become a value where a vector constructs its element. Its own instance of
  // emplace_back is called from pop_onto alone, and GCC inlines it there; push_back(value&&),
  // shared with every other caller, stayed out of line: a call per nested container.
  struct adopted {
    const value_storage& bits;
    operator spool::value() const noexcept { return spool::value::adopt(bits); }
  };

  // Turns a run of pending bytes into values as a vector is built from it (one allocation of the
  // final size, each element constructed in place from its bytes). Random access so that the
  // vector takes the run's length by a subtraction.
  struct adopting_iterator {
    using iterator_category = std::random_access_iterator_tag;
    using value_type = spool::value;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = spool::value;
    const value_storage* at;
    spool::value operator*() const noexcept { return spool::value::adopt(*at); }
    adopting_iterator& operator++() noexcept { return ++at, *this; }
    adopting_iterator operator++(int) noexcept { return {at++}; }
    spool::value operator[](difference_type i) const noexcept { return spool::value::adopt(at[i]); }
    adopting_iterator& operator+=(difference_type i) noexcept { return at += i, *this; }
    friend adopting_iterator operator+(adopting_iterator a, difference_type i) noexcept { return {a.at + i}; }
    friend difference_type operator-(adopting_iterator a, adopting_iterator b) noexcept { return a.at - b.at; }
    friend auto operator<=>(adopting_iterator a, adopting_iterator b) noexcept { return a.at <=> b.at; }
    friend bool operator==(adopting_iterator a, adopting_iterator b) noexcept { return a.at == b.at; }
  };

  // The same for an object's members, from the keys' and the values' runs side by side.
  struct adopting_member_iterator {
    using iterator_category = std::random_access_iterator_tag;
    using value_type = spool::object::member;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = spool::object::member;
    const pending_key* key;
    const value_storage* at;
    spool::object::member operator*() const noexcept {
      return {spool::object::member::adopt_t{}, key->bits, *at};
    }
    adopting_member_iterator& operator++() noexcept { return ++key, ++at, *this; }
    adopting_member_iterator& operator--() noexcept { return --key, --at, *this; }
    adopting_member_iterator operator++(int) noexcept { return {key++, at++}; }
    spool::object::member operator[](difference_type i) const noexcept { return *(*this + i); }
    adopting_member_iterator& operator+=(difference_type i) noexcept { return key += i, at += i, *this; }
    friend adopting_member_iterator operator+(adopting_member_iterator a, difference_type i) noexcept { return a += i; }
    friend difference_type operator-(adopting_member_iterator a, adopting_member_iterator b) noexcept { return a.at - b.at; }
    friend auto operator<=>(adopting_member_iterator a, adopting_member_iterator b) noexcept { return a.at <=> b.at; }
    friend bool operator==(adopting_member_iterator a, adopting_member_iterator b) noexcept { return a.at == b.at; }
  };

  // The run of keys from `from` checked for repeats (see close_object). A repeat merged under
  // last_value_wins leaves the run: the earlier member takes its value, the earlier value and the
  // later key are freed, and the entries after it move down one place. (Out of line: inlined,
  // close_object reloaded `from` as one 16-byte word right after storing its halves, a store
  // that cannot be forwarded to the load, on every object.)
  [[gnu::noinline]] const pending_key* resolve_repeats(mark from, repeated_keys rule) {
    if (value_repeat_fingerprints && keys_.size() - from.keys <= fingerprinted_keys_limit) {
      // Bit f of `seen` is set once a key with fingerprint f is in the run: up to the first key
      // whose bit is set already, no key has an earlier equal, and each cost a multiply and a test.
      const pending_key* keys = keys_.data() + from.keys;
      const std::size_t n = keys_.size() - from.keys;
      // Most small objects have two keys: one comparison is cheaper than two fingerprints.
      if (n <= 2) return n == 2 && same_key(keys[0], keys[1]) ? resolve_compared_repeats(from, rule) : nullptr;
      std::uint64_t seen = 0;
      for (std::size_t j = 0; j < n; ++j) {
        const std::uint64_t bit = std::uint64_t{1} << key_fingerprint(keys[j]);
        if ((seen & bit) != 0) [[unlikely]] return resolve_fingerprinted_repeats(from, rule, j, seen);
        seen |= bit;
      }
      return nullptr;
    }
    return resolve_compared_repeats(from, rule);
  }

  // The rest of a run of up to fingerprinted_keys_limit keys from `j`, whose fingerprint is in
  // `seen`, the set of those before it: a key is compared with the earlier ones when its bit is
  // set. (A merged key leaves its bit set: its earlier equal, which stays, has the same one.)
  [[gnu::noinline]] const pending_key* resolve_fingerprinted_repeats(mark from, repeated_keys rule, std::size_t j,
                                                                     std::uint64_t seen) {
    pending_key* keys = keys_.data() + from.keys;
    std::size_t n = keys_.size() - from.keys;
    while (j < n) {
      const std::uint64_t bit = std::uint64_t{1} << key_fingerprint(keys[j]);
      if ((seen & bit) != 0) {
        if (const std::size_t i = first_equal_before(keys, j); i != j) {
          if (rule == repeated_keys::rejected) return &keys[j];
          merge_repeat(from, i, j);
          --n;
          continue;
        }
      }
      seen |= bit;
      ++j;
    }
    return nullptr;
  }

  // A run checked by comparing each key with the earlier ones up to object::index_threshold keys,
  // and through the hash table past that.
  [[gnu::noinline]] const pending_key* resolve_compared_repeats(mark from, repeated_keys rule) {
    pending_key* keys = keys_.data() + from.keys;
    std::size_t n = keys_.size() - from.keys;
    if (n <= spool::object::index_threshold) {
      for (std::size_t j = 1; j < n;) {
        const std::size_t i = first_equal_before(keys, j);
        if (i == j) {
          ++j;
          continue;
        }
        if (rule == repeated_keys::rejected) return &keys[j];
        merge_repeat(from, i, j);
        --n;
      }
      return nullptr;
    }
    key_slot* slots = repeat_table_.zeroed(n);
    const std::size_t mask = repeat_table_.mask();
    for (std::size_t j = 0; j < n;) {
      const std::uint32_t hash = key_slot_hash(keys[j]);
      std::size_t at = hash & mask;
      for (; slots[at].position != 0; at = (at + 1) & mask) {
        if (slots[at].hash == hash && same_key(keys[slots[at].position - 1], keys[j])) break;
      }
      if (slots[at].position == 0) {
        slots[at] = {hash, static_cast<std::uint32_t>(j + 1)};
        ++j;
        continue;
      }
      if (rule == repeated_keys::rejected) return &keys[j];
      // The table holds only entries before j, which stay where they are.
      merge_repeat(from, slots[at].position - 1, j);
      --n;
    }
    return nullptr;
  }

  // Up to this many keys an object's run is checked through key fingerprints (a 64-bit set stays
  // sparse enough that few keys are compared), past it through the hash table.
  static constexpr std::size_t fingerprinted_keys_limit = 16;

  // The position of the first key before `j` equal to it, or `j`.
  static std::size_t first_equal_before(const pending_key* keys, std::size_t j) noexcept {
    std::size_t i = 0;
    while (i < j && !same_key(keys[i], keys[j])) ++i;
    return i;
  }

  // Six bits that equal keys share: from an inline key's words, which are its whole text, and from
  // a heap key's length (its first word is a pointer; its second, the tag, is the same for all).
  // The multiply carries every bit of the words into the top six.
  static unsigned key_fingerprint(const pending_key& k) noexcept { return stored_key_fingerprint(k.bits); }

  // Keys pushed by push_key are fresh values: an inline key's two words are its whole text (see
  // value_storage::word), and a key on the heap (over 14 bytes) never equals an inline one.
  static bool same_key(const pending_key& a, const pending_key& b) noexcept { return same_stored_key(a.bits, b.bits); }
  static std::uint32_t key_slot_hash(const pending_key& k) noexcept {
    if (k.bits.on_heap()) return key_hash(k.text(), false);
    const std::uint64_t mixed = (k.bits.word(0) ^ 0x9E3779B97F4A7C15u) * (k.bits.word(1) ^ 0x165667B19E3779F9u);
    return static_cast<std::uint32_t>(mixed ^ (mixed >> 32));
  }

  void merge_repeat(mark from, std::size_t earlier, std::size_t later) noexcept {
    value_storage* values = values_.data() + from.values;
    pending_key* keys = keys_.data() + from.keys;
    std::swap(values[earlier], values[later]);
    spool::value::adopt(values[later]);
    spool::value::adopt(keys[later].bits);
    const std::size_t after = values_.size() - from.values - later - 1;
    std::memmove(static_cast<void*>(values + later), values + later + 1, after * sizeof(value_storage));
    std::memmove(static_cast<void*>(keys + later), keys + later + 1, after * sizeof(pending_key));
    values_.drop_to(values_.size() - 1);
    keys_.drop_to(keys_.size() - 1);
  }

  void trim() noexcept {
    values_.trim();
    keys_.trim();
    repeat_table_.trim();
  }

  // The hash table that finds repeated keys in a large object's run: a power-of-two number of
  // slots, at least twice the keys, zeroed for each object. From operator new, kept for the next
  // object unless grown past the pool's buffer limit.
  struct key_slot {
    std::uint32_t hash;
    std::uint32_t position;  // key index in the run + 1; 0 = empty
  };
  class repeat_table {
   public:
    repeat_table() = default;
    repeat_table(const repeat_table&) = delete;
    repeat_table& operator=(const repeat_table&) = delete;
    ~repeat_table() { ::operator delete(slots_); }

    key_slot* zeroed(std::size_t keys) {
      std::size_t count = 16;
      while (count < 2 * keys) count *= 2;
      if (count > capacity_) {
        void* grown = ::operator new(count * sizeof(key_slot));
        ::operator delete(slots_);
        slots_ = static_cast<key_slot*>(grown);
        capacity_ = count;
      }
      count_ = count;
      std::memset(static_cast<void*>(slots_), 0, count * sizeof(key_slot));
      return slots_;
    }
    std::size_t mask() const noexcept { return count_ - 1; }
    void trim() noexcept {
      if (pool_buffer_oversized(capacity_ * sizeof(key_slot))) {
        ::operator delete(slots_);
        slots_ = nullptr;
        capacity_ = count_ = 0;
      }
    }

   private:
    key_slot* slots_ = nullptr;
    std::size_t capacity_ = 0;
    std::size_t count_ = 0;
  };

  // Bare bytes of values owned by the builder: what adopt() turns back into a value.
  pending_stack<value_storage> values_;
  pending_stack<pending_key> keys_;
  repeat_table repeat_table_;
};

}  // namespace spool::detail
