// struct_plan: the run-time description of a reflected class that decoders walk. It holds each
// visible field's key under the chosen plan_options, which fields are required or defaulted, and a
// small open-addressing hash index from key to field index.
//
// A plan is built once per (type, plan_options) by the registry (plan_registry.hpp) from the
// compile-time plan_source of the type; nothing here is a template, so every type shares the code.
#pragma once

#include <spool/detail/reflect/naming.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace spool {

struct plan_options {
  naming key_naming = naming::as_is;  // policy for types whose meta<T> names none
  bool override_naming = false;       // apply key_naming even where meta<T> names a policy
  bool case_insensitive = false;      // find() folds ASCII case
};

struct field_plan {
  std::string_view name;  // the key in documents
  bool required;
  bool has_default;
};

}  // namespace spool

namespace spool::detail {

// What a plan is built from: per visible field, either its rename() key (used verbatim) or its
// source name (spelled in the effective naming policy).
struct plan_field_source {
  std::string_view text;
  bool renamed;
  bool required;
  bool has_default;
};

struct plan_source {
  std::span<const plan_field_source> fields;
  naming declared_naming;
  bool has_declared_naming;

  constexpr naming effective_naming(plan_options options) const noexcept {
    return has_declared_naming && !options.override_naming ? declared_naming : options.key_naming;
  }
};

inline std::uint64_t load_word(const char* p, std::size_t n) noexcept {
  std::uint64_t word = 0;
  std::memcpy(&word, p, n);
  return word;
}

// Hashes a key in constant time from its length and its first and last (up to) eight bytes:
// keys of one struct almost always differ there, and a collision only costs a comparison.
// Folding sets bit 5 of every byte, which maps 'A'..'Z' onto 'a'..'z' (and merges a few
// punctuation pairs, harmless for a hash), so equal keys under ASCII folding hash equally.
inline std::uint32_t key_hash(std::string_view key, bool fold_case) noexcept {
  const std::size_t n = key.size();
  const char* p = key.data();
  std::uint64_t head = 0;
  std::uint64_t tail = 0;
  if (n >= 8) {
    head = load_word(p, 8);
    tail = load_word(p + n - 8, 8);
  } else if (n >= 4) {
    head = load_word(p, 4);
    tail = load_word(p + n - 4, 4);
  } else if (n > 0) {
    head = load_word(p, 1) | load_word(p + n / 2, 1) << 8 | load_word(p + n - 1, 1) << 16;
  }
  if (fold_case) {
    head |= 0x2020202020202020u;
    tail |= 0x2020202020202020u;
  }
  const std::uint64_t length = n * 0xC2B2AE3D27D4EB4Fu;
  const std::uint64_t mixed = (head ^ 0x9E3779B97F4A7C15u) * (tail ^ length ^ 0x165667B19E3779F9u);
  return static_cast<std::uint32_t>(mixed ^ (mixed >> 32));
}

constexpr bool is_plain_key(std::string_view key) noexcept {
  for (const char c : key) {
    if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') return false;
  }
  return true;
}

constexpr bool keys_equal(std::string_view a, std::string_view b, bool fold_case) noexcept {
  if (!fold_case) return a == b;
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_to_lower(a[i]) != ascii_to_lower(b[i])) return false;
  }
  return true;
}

}  // namespace spool::detail

namespace spool {

class struct_plan {
 public:
  struct_plan(const detail::plan_source& source, plan_options options)
      : case_insensitive_(options.case_insensitive) {
    const naming policy = source.effective_naming(options);
    std::size_t chars = 0;
    for (const auto& field : source.fields) {
      chars += field.renamed ? field.text.size() : detail::spelled_size(field.text, policy);
    }
    names_.reserve(chars);  // views into names_ are taken below: it must never reallocate
    fields_.reserve(source.fields.size());
    for (std::size_t i = 0; i < source.fields.size(); ++i) {
      const auto& field = source.fields[i];
      const std::size_t begin = names_.size();
      if (field.renamed) {
        names_.insert(names_.end(), field.text.begin(), field.text.end());
      } else {
        detail::append_spelled(names_, field.text, policy);
      }
      fields_.push_back({std::string_view(names_.data() + begin, names_.size() - begin), field.required,
                         field.has_default});
      if (field.required) required_.push_back(i);
      has_defaults_ = has_defaults_ || field.has_default;
      plain_keys_ = plain_keys_ && detail::is_plain_key(fields_.back().name);
    }
    build_index();
  }
  // Field names point into the plan's heap buffer, which a move hands over intact.
  struct_plan(struct_plan&&) noexcept = default;
  struct_plan& operator=(struct_plan&&) noexcept = default;
  struct_plan(const struct_plan&) = delete;
  struct_plan& operator=(const struct_plan&) = delete;

  std::span<const field_plan> fields() const noexcept { return fields_; }
  std::size_t size() const noexcept { return fields_.size(); }
  std::span<const std::size_t> required_fields() const noexcept { return required_; }
  bool has_defaults() const noexcept { return has_defaults_; }
  bool case_insensitive() const noexcept { return case_insensitive_; }
  // Whether every key is printable ASCII other than '"' and '\\': such a key is spelled in a
  // quoted text format exactly as it is stored, so a decoder may compare the input's bytes with it
  // before scanning them (what a case-insensitive plan may not).
  bool plain_keys() const noexcept { return plain_keys_ && !case_insensitive_; }

  // The index of the field whose key is `key`, -1 when there is none. When two keys collide
  // (possible only through a run-time naming override or case folding) the first field wins.
  std::ptrdiff_t find(std::string_view key) const noexcept {
    const std::uint32_t hash = detail::key_hash(key, case_insensitive_);
    for (std::size_t at = hash & mask_;; at = (at + 1) & mask_) {
      const slot& s = index_[at];
      if (s.field < 0) return -1;
      if (s.hash != hash) continue;
      const field_plan& field = fields_[static_cast<std::size_t>(s.field)];
      if (detail::keys_equal(field.name, key, case_insensitive_)) return s.field;
    }
  }

 private:
  struct slot {
    std::uint32_t hash;
    std::int32_t field;  // -1: empty
  };

  // At most half full, so every probe sequence reaches an empty slot.
  void build_index() {
    const std::size_t capacity = std::bit_ceil(fields_.size() * 2 + 1);
    index_.assign(capacity, slot{0, -1});
    mask_ = capacity - 1;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      if (find(fields_[i].name) >= 0) continue;
      const std::uint32_t hash = detail::key_hash(fields_[i].name, case_insensitive_);
      std::size_t at = hash & mask_;
      while (index_[at].field >= 0) at = (at + 1) & mask_;
      index_[at] = slot{hash, static_cast<std::int32_t>(i)};
    }
  }

  std::vector<char> names_;
  std::vector<field_plan> fields_;
  std::vector<std::size_t> required_;
  std::vector<slot> index_;
  std::size_t mask_ = 0;
  bool case_insensitive_;
  bool has_defaults_ = false;
  bool plain_keys_ = true;
};

}  // namespace spool
