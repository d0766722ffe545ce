// The tables the last [header] passed through, so the next header starts below the keys it shares
// with it instead of at the root.
//
// Large TOML documents are mostly runs of headers with a long common prefix
// (`[[tree.kids.kids.kids]]` after `[[tree.kids.kids]]`); navigating each one from the root costs
// a registry lookup and an object lookup per segment (for a struct, also a search of the plan
// memo for the type of each table reached). Between two headers the reader only adds key/values
// to the table the last header opened (and to tables below it), so every table the last header
// passed through is still where it was: what was recorded for a shared prefix is what a walk
// from the root would find again. Each reader records its own kind of level: the value reader
// the members and tables (header_level), the struct reader the targets with their plans.
// SPOOL_DISABLE_TOML_HEADER_CHAIN switches it off for both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <spool/detail/config.hpp>
#include <spool/detail/pool/limits.hpp>
#include <spool/toml/keys.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

// One segment of the last header, as the value reader records it.
struct header_level {
  spool::value* slot;     // the member the key names, in its parent table
  std::uint32_t node;     // its registry node
  spool::value* table;    // the table it leads to (the last element for an array of tables)
  std::uint32_t table_id; // that table's node
};

template <class Level>
class basic_header_chain {
 public:
  using level = Level;

  void clear() noexcept {
    levels_.clear();
    texts_.clear();
  }

  // Leased from the thread's pool (spool::lease_object) by the struct reader.
  void reset_for_reuse() noexcept { clear(); }
  bool oversized() const noexcept {
    return spool::pool_buffer_oversized(texts_.capacity() + levels_.capacity() * sizeof(entry));
  }

  // How many leading segments `key` shares with the last header (0 when the chain is switched off).
  std::size_t shared_prefix(const key_path& key) const noexcept {
    if constexpr (!spool::detail::toml_header_chain) return 0;
    const std::size_t n = key.size() < levels_.size() ? key.size() : levels_.size();
    std::size_t i = 0;
    for (; i < n; ++i)
      if (key[i].text != text(i)) break;
    return i;
  }

  const level& operator[](std::size_t i) const noexcept { return levels_[i].l; }
  level& operator[](std::size_t i) noexcept { return levels_[i].l; }
  std::size_t size() const noexcept { return levels_.size(); }

  // Forgets the levels from `count` on (they are about to be recorded again).
  void truncate(std::size_t count) {
    if (count >= levels_.size()) return;
    levels_.resize(count);
    texts_.resize(count == 0 ? 0 : levels_.back().end);
  }

  // Forgets the levels after `i` and records `l` as level i, whose key stays (a header ending
  // at the very key the last one passed through or ended at: `[[a.b]]` after `[[a.b]]`).
  void replace(std::size_t i, const level& l) {
    truncate(i + 1);
    levels_[i].l = l;
  }

  // Records the next level (its key copied: quoted keys are decoded into storage the next key
  // scan reuses).
  void push(std::string_view key, const level& l) {
    if constexpr (!spool::detail::toml_header_chain) return;
    texts_.append(key);
    levels_.push_back({l, {}, texts_.size()});
  }

  // push(), with a bare key (its text starts where it does in the input, which outlives the
  // read) kept as a view of the input instead of copied.
  void push(const key_segment& key, const level& l) {
    if constexpr (!spool::detail::toml_header_chain) return;
    if (key.text.data() != key.at) return push(key.text, l);
    levels_.push_back({l, key.text, texts_.size()});
  }

 private:
  std::string_view text(std::size_t i) const noexcept {
    if (levels_[i].in_input.data() != nullptr) return levels_[i].in_input;
    const std::size_t begin = i == 0 ? 0 : levels_[i - 1].end;
    return std::string_view(texts_).substr(begin, levels_[i].end - begin);
  }

  struct entry {
    Level l;
    std::string_view in_input;  // a bare key's text in the input; empty data() when copied
    std::size_t end;            // where the keys copied so far end in texts_
  };
  std::vector<entry> levels_;
  std::string texts_;  // the keys, back to back
};

using header_chain = basic_header_chain<header_level>;

}  // namespace spool::toml::detail
