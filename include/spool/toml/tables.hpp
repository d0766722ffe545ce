// What TOML remembers about each table while a document is read, to reject what the spec
// rejects: a table defined twice, dotted keys reopening a [table], anything added to an inline
// table or a static array, [table] on an array of tables and the like.
//
// Every table a header or a dotted key can reach gets a node id (the root is 0) and a state; a
// child map finds the node of (parent, key). Values that are not listed (scalars, inline tables,
// static arrays) are closed to headers and dotted keys by that very absence. Node states and map
// slots live in generation-stamped tables, so a pooled decoder forgets a document in O(1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>


#include <spool/detail/config.hpp>
#include <spool/detail/generation_table.hpp>

namespace spool::toml::detail {

enum class table_kind : std::uint8_t {
  none = 0,         // not a node of this document
  implicit,         // created as a parent by a [a.b.c] path; one [header] may still define it
  header,           // defined by a [header], or one element of an [[array]]
  dotted,           // created by dotted keys; headers may add sub-tables, not define it
  array_of_tables,  // [[header]]: later [[header]]s append, paths reach the last element
  value,            // a key holding a value (listed only when reading into structs, which
                    // cannot ask the target whether a key was set)
};

struct table_node {
  table_kind kind = table_kind::none;
  std::uint32_t last_element = 0;  // array_of_tables: node of the element [[header]] made last
  std::size_t defined_at = 0;      // byte offset of the header or key that made it what it is
  std::uint32_t field_base = 0;    // a struct table (when reading into structs): its first seen bit
  std::uint32_t elements = 0;      // array_of_tables: elements made so far (paths in errors name the last)

  // Defined now (by a header or dotted keys); what else the node knows stays.
  void redefine(table_kind k, std::size_t at) noexcept {
    kind = k;
    defined_at = at;
  }
  // array_of_tables: `element` (a fresh node) is its new last element.
  void append_element(std::uint32_t element) noexcept {
    last_element = element;
    ++elements;
  }
};

// Why a [header] cannot define an existing node of kind k; empty when it may (a table so far
// only implied by longer headers).
constexpr std::string_view header_conflict(table_kind k) noexcept {
  switch (k) {
    case table_kind::implicit: return {};
    case table_kind::array_of_tables: return "is an array of tables, not a table";
    case table_kind::dotted: return "was already defined by dotted keys";
    case table_kind::value: return "is already a value, not a table";
    default: return "defined twice";
  }
}

// Why dotted keys cannot pass through an existing node of kind k; empty when they may.
constexpr std::string_view dotted_conflict(table_kind k) noexcept {
  switch (k) {
    case table_kind::implicit:
    case table_kind::dotted: return {};
    case table_kind::array_of_tables: return "is an array of tables; dotted keys cannot extend it";
    case table_kind::value: return "is a value, not a table";
    default: return "is a table defined by a header; dotted keys cannot extend it";
  }
}

class table_registry {
 public:
  static constexpr std::uint32_t root = 0;
  static constexpr std::uint32_t none = UINT32_MAX;  // no node (yet)

  // Forgets the previous document: O(1) (plus the valve of the generation tables). Keys that lie
  // in `input` (the document being read, which outlives the read) are listed by where they are
  // there; others (decoded quoted keys) are copied.
  void reset(std::string_view input = {}) {
    input_begin_ = input.data();
    input_end_ = input.data() + input.size();
    nodes_.reset();
    slots_.reset();
    keys_.clear();
    next_node_ = 1;
    next_unlisted_ = none - 1;
    used_ = 0;
    // The slot table's valve may have dropped its storage; start small again with it.
    if (slots_.storage_size() == 0) capacity_ = 0;
    nodes_.set(root, {table_kind::header, 0, 0});
  }

  // Heap bytes held for the next document (a pooled context drops itself when this is large).
  std::size_t retained_bytes() const noexcept {
    return keys_.capacity() + slots_.storage_size() * sizeof(slot) + nodes_.storage_size() * sizeof(table_node);
  }

  table_node& node(std::uint32_t id) { return nodes_[id]; }
  table_node get(std::uint32_t id) const { return nodes_.get(id); }

  // The node of `key` inside `parent`, or 0 when there is none (0 is the root, never a child).
  std::uint32_t find(std::uint32_t parent, std::string_view key) const {
    std::uint32_t h;
    return find(parent, key, h);
  }

  // find(), which also leaves the key's hash in `h` for add() when the key is new (a key hashed
  // once, not twice, for each table a document adds).
  std::uint32_t find(std::uint32_t parent, std::string_view key, std::uint32_t& h) const {
    h = hash(parent, key);
    if (capacity_ == 0) return 0;
    for (std::size_t i = h & (capacity_ - 1);; i = (i + 1) & (capacity_ - 1)) {
      const slot s = slots_.get(i);
      if (s.node == 0) return 0;
      if (s.hash == h && s.parent == parent && same_key(s, key)) return s.node;
    }
  }

  // A fresh node, listed as `key` of `parent` (the caller has checked find() is 0).
  std::uint32_t add(std::uint32_t parent, std::string_view key, table_node state) {
    return add(parent, key, hash(parent, key), state);
  }
  // add() with the hash find() left.
  std::uint32_t add(std::uint32_t parent, std::string_view key, std::uint32_t h, table_node state) {
    const std::uint32_t id = fresh(state);
    if ((used_ + 1) * 2 > capacity_) grow();
    if (spool::detail::toml_registry_key_views && key.data() >= input_begin_ && key.data() + key.size() <= input_end_) {
      place({id, parent, h, static_cast<std::uint32_t>(key.size()), reinterpret_cast<std::uintptr_t>(key.data())});
    } else {
      place({id, parent, h, static_cast<std::uint32_t>(key.size()) | owned_key, keys_.size()});
      keys_.append(key);
    }
    ++used_;
    return id;
  }

  // A fresh node that no key leads to: array elements and inline tables, whose own dotted keys
  // need a parent id.
  std::uint32_t fresh(table_node state) {
    const std::uint32_t id = next_node_++;
    nodes_.set(id, state);
    return id;
  }

  // An id with no node: a table no key leads to and whose state nothing asks for (the value
  // reader's array elements and inline tables), only ever the parent of its own children.
  // Numbered from the top down, apart from the nodes, so that a document of many [[array]]
  // elements keeps the node table (and with it the pooled context) small. The two ranges could
  // meet only past 2^31 tables. node() and get() are not for these ids.
  std::uint32_t unlisted() noexcept { return next_unlisted_--; }

 private:
  struct slot {
    std::uint32_t node = 0;  // 0: empty
    std::uint32_t parent = 0;
    std::uint32_t hash = 0;
    std::uint32_t key_length = 0;  // with owned_key set: the key was copied into keys_
    std::uintptr_t key = 0;        // the key's address in the input, or its offset in keys_
  };
  static constexpr std::uint32_t owned_key = std::uint32_t{1} << 31;

  // The key's hash, seeded with the parent: its 8-byte words (the last one overlapping the one
  // before it) mixed by a multiplication each, instead of FNV-1a's multiplication per byte
  // (header keys run to 20-30 bytes: "io.containerd.grpc.v1.cri"). The length is mixed in, so
  // overlapping words of different keys do not meet.
  static std::uint32_t hash(std::uint32_t parent, std::string_view key) noexcept {
    if constexpr (!spool::detail::toml_registry_word_hash) {
      std::uint32_t h = 2166136261u ^ (parent * 0x9E3779B9u);
      for (char c : key) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
      return h;
    } else {
      constexpr std::uint64_t k = 0xC2B2AE3D27D4EB4Fu;
      const char* p = key.data();
      const std::size_t n = key.size();
      std::uint64_t h = (parent * 0x9E3779B97F4A7C15u) ^ (n * 0x165667B19E3779F9u);
      const auto mix = [&h](std::uint64_t word) {
        h = (h ^ word) * k;
        h ^= h >> 29;
      };
      if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8) mix(word(p + i, 8));
        mix(word(p + n - 8, 8));
      } else if (n >= 4) {
        mix(word(p, 4) | word(p + n - 4, 4) << 32);
      } else if (n != 0) {
        mix(static_cast<unsigned char>(p[0]) | static_cast<std::uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8 |
            static_cast<std::uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16);
      }
      return static_cast<std::uint32_t>(h ^ (h >> 32));
    }
  }
  static std::uint64_t word(const char* p, std::size_t n) noexcept {
    std::uint64_t w = 0;
    std::memcpy(&w, p, n);
    return w;
  }

  std::string_view key_of(const slot& s) const noexcept {
    if ((s.key_length & owned_key) != 0) return std::string_view(keys_).substr(s.key, s.key_length & ~owned_key);
    return {reinterpret_cast<const char*>(s.key), s.key_length};
  }
  bool same_key(const slot& s, std::string_view key) const noexcept {
    if ((s.key_length & ~owned_key) != key.size()) return false;
    return key_of(s) == key;
  }

  [[gnu::always_inline]] inline void place(const slot& s) {
    std::size_t i = s.hash & (capacity_ - 1);
    while (slots_.get(i).node != 0) i = (i + 1) & (capacity_ - 1);
    slots_.set(i, s);
  }

  void grow() {
    std::vector<slot> live;
    live.reserve(used_);
    for (std::size_t i = 0; i < capacity_; ++i)
      if (const slot s = slots_.get(i); s.node != 0) live.push_back(s);
    capacity_ = capacity_ == 0 ? 64 : capacity_ * 2;
    slots_.reset();
    for (const slot& s : live) place(s);
  }

  spool::detail::generation_table<table_node> nodes_;
  spool::detail::generation_table<slot> slots_;
  std::string keys_;  // the keys of the child map not listed where they lie in the input, back to back
  const char* input_begin_ = nullptr;  // the document being read
  const char* input_end_ = nullptr;
  std::uint32_t next_node_ = 1;
  std::uint32_t next_unlisted_ = none - 1;
  std::size_t used_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace spool::toml::detail
