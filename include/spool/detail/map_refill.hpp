// Refilling a node-based associative container (std::map, std::set, std::unordered_map,
// std::unordered_set, their allocator-aware kin) from incoming keys, reusing the nodes it already
// holds instead of clear() followed by an allocation per entry.
//
// The container's contents are moved aside when the refill starts (O(1), no allocation); each
// incoming key then takes, in this order:
//   - the old node with the same key: its mapped value is kept as it was, with its capacity, so the
//     reader reads into it as into any existing object;
//   - any other old node: its key is assigned and its mapped value reset to a value-initialized
//     one (nothing of a previous entry's fields leaks into another key);
//   - a new node, allocated as try_emplace would.
// Every node goes in with a hint: keys that come in order (what a writer of a std::map gives) are
// appended at the end and find their old node at the front of the old ones, with no search. Old
// nodes nobody took are freed when the refill ends (its destructor), also when a reader stops at
// an error: the container then holds the entries read so far, every one of them whole.
//
// Reading a map (a key, then its value):
//
//   spool::detail::map_refill refill(m, count);  // count: the entries announced, if known (a hint)
//   for (...) {
//     typename M::key_type key = ...;             // read the key
//     bool repeated = false;
//     auto& entry = refill.slot(std::move(key), repeated);  // the map's pair<const key, value>
//     if (repeated) ...;                          // key left as it was: an error, or
//                                                 // `entry.second = {}` for "last one wins"
//     if (!read(entry.second)) return false;      // the entries so far stay, the rest are freed
//   }
//
// Reading a set (the element is its own key, read where it will lie):
//
//   spool::detail::map_refill refill(s, count);
//   for (...) {
//     if (!read(refill.element())) return false;  // an old node's element, reset, or a fresh one
//     refill.commit();                            // false: an equal element was there (dropped)
//   }
//
// The refill allocates nothing of its own (the old nodes wait in a container of the same type,
// each handed out as a node handle). An unordered container's bucket array goes aside with its
// nodes: the target gets a new one, sized once for `count` entries (one allocation per refill,
// none per entry). Containers with equivalent keys (multimap, multiset) are refilled too: nothing
// is ever a repeat there, each incoming key adds an element.
//
// Readers use it unless SPOOL_DISABLE_MAP_NODE_REUSE is defined (spool::detail::map_node_reuse).
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace spool::detail {

// Containers whose nodes can be handed from one instance to another.
template <class C>
concept node_container = requires(C& c, typename C::node_type node) {
  typename C::key_type;
  c.extract(c.begin());
  c.insert(std::move(node));
};

template <class C>
concept ordered_node_container = node_container<C> && requires(const C& c) { c.key_comp(); };

template <class C>
concept unique_key_container = node_container<C> && requires { typename C::insert_return_type; };

template <class C>
concept mapped_node_container = node_container<C> && requires { typename C::mapped_type; };

template <node_container C>
class map_refill {
 public:
  using key_type = typename C::key_type;
  using value_type = typename C::value_type;
  using node_type = typename C::node_type;
  using iterator = typename C::iterator;

  // Moves m's contents aside; `expected` entries are to come (a hint: an unordered container
  // makes room for them at once, an ordered one needs none).
  explicit map_refill(C& m, std::size_t expected = 0) : target_(m), old_(std::move(m)) {
    target_.clear();  // moved from: valid, and now certainly empty
    if constexpr (requires { target_.reserve(expected); }) {
      if (expected != 0) target_.reserve(expected);
    }
  }
  map_refill(const map_refill&) = delete;
  map_refill& operator=(const map_refill&) = delete;
  // The old nodes nobody took are freed with old_.
  ~map_refill() = default;

  // The entry of `key` in the container (key and mapped value), inserted (from an old node if
  // there is one) unless this refill inserted the key already: then `repeated` is set, `key` is
  // left as it was and the entry is the one read for it before (for a container with equivalent
  // keys, never: each call adds an entry).
  template <class K = key_type>
    requires mapped_node_container<C>
  [[gnu::always_inline]] inline value_type& slot(key_type&& key, bool& repeated) {
    iterator hint;
    if (find_in_target(key, hint)) {
      repeated = true;
      return *hint;
    }
    repeated = false;
    node_type node = take_for(key);
    if (!node.empty()) return *insert_at(hint, std::move(node));
    return *emplace_at(hint, std::move(key));
  }

  // The element to read the next value of a set into: an old node's, reset to a
  // value-initialized one, or a fresh one when no old node is left. commit() inserts it.
  template <class K = key_type>
    requires(!mapped_node_container<C>)
  value_type& element() {
    if (!old_.empty()) {
      pending_ = old_.extract(old_.begin());
      reset(pending_.value());
      return pending_.value();
    }
    fresh_.emplace();
    return *fresh_;
  }

  // Inserts the element element() handed out. False when an equal one is in the container
  // already (a set's repeat: the first stays, the new one is dropped).
  template <class K = key_type>
    requires(!mapped_node_container<C>)
  bool commit() {
    if (!pending_.empty()) {
      iterator hint;
      if (find_in_target(pending_.value(), hint)) {
        old_.insert(std::move(pending_));  // back aside for a later element
        pending_ = node_type();            // freed here if an equal old node was there too
        return false;
      }
      insert_at(hint, std::move(pending_));
      return true;
    }
    iterator hint;
    bool inserted = false;
    if (!find_in_target(*fresh_, hint)) {
      emplace_at(hint, std::move(*fresh_));
      inserted = true;
    }
    fresh_.reset();
    return inserted;
  }

  // Old nodes not taken yet.
  std::size_t spare() const noexcept { return old_.size(); }

 private:
  static const key_type& key_of(const value_type& v) noexcept {
    if constexpr (mapped_node_container<C>) return v.first;
    else return v;
  }

  // Whether the target has `key` already (a repeat; `where` is it then); otherwise `where` is
  // the insertion hint. Keys in order are placed at the end after one comparison.
  bool find_in_target(const key_type& key, iterator& where) {
    if constexpr (!unique_key_container<C>) {
      if constexpr (ordered_node_container<C>) where = target_.upper_bound(key);
      else where = target_.end();
      return false;
    } else if constexpr (ordered_node_container<C>) {
      where = target_.end();
      if (target_.empty()) return false;
      const auto& less = target_.key_comp();
      if (less(key_of(*std::prev(where)), key)) return false;  // after the last: the usual case
      where = target_.lower_bound(key);
      return where != target_.end() && !less(key, key_of(*where));
    } else {
      where = target_.find(key);
      return where != target_.end();
    }
  }

  // An old node for `key`: the one with that key, else another one made ready for it, else none.
  node_type take_for(key_type& key) {
    if (old_.empty()) return node_type();
    iterator other = old_.begin();
    if constexpr (ordered_node_container<C>) {
      const auto& less = old_.key_comp();
      if (!less(key, key_of(*other))) {
        if (!less(key_of(*other), key)) return old_.extract(other);  // the first: keys in order
      } else {
        // Every old key is after this one: take the last, the least likely to come next.
        other = std::prev(old_.end());
      }
      if (auto same = old_.find(key); same != old_.end()) return old_.extract(same);
    } else {
      if (auto same = old_.find(key); same != old_.end()) return old_.extract(same);
    }
    if constexpr (std::is_move_assignable_v<key_type> && std::is_move_assignable_v<typename C::mapped_type> &&
                  std::is_default_constructible_v<typename C::mapped_type>) {
      node_type node = old_.extract(other);
      node.key() = std::move(key);
      reset(node.mapped());
      return node;
    } else {
      return node_type();
    }
  }

  template <class T>
  static void reset(T& v) {
    if constexpr (std::is_move_assignable_v<T> && std::is_default_constructible_v<T>) {
      v = T{};  // an emptied std::string keeps its buffer: the move of a short one copies it in
    } else {
      static_assert(std::is_move_assignable_v<T> && std::is_default_constructible_v<T>,
                    "map_refill needs elements that can be reset to a value-initialized one");
    }
  }

  iterator insert_at(iterator hint, node_type&& node) {
    if constexpr (unique_key_container<C> && ordered_node_container<C>) return target_.insert(hint, std::move(node));
    else if constexpr (unique_key_container<C>) return target_.insert(std::move(node)).position;
    else if constexpr (ordered_node_container<C>) return target_.insert(hint, std::move(node));
    else return target_.insert(std::move(node));
  }

  template <class K>
  iterator emplace_at(iterator hint, K&& key) {
    if constexpr (mapped_node_container<C>) {
      return target_.emplace_hint(hint, std::piecewise_construct, std::forward_as_tuple(std::forward<K>(key)),
                                  std::tuple<>());
    } else {
      return target_.emplace_hint(hint, std::forward<K>(key));
    }
  }

  C& target_;
  C old_;
  node_type pending_;                  // a set's element taken from old_, being read
  std::optional<value_type> fresh_;    // a set's new element, being read
};

}  // namespace spool::detail
