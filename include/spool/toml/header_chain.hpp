// The tables the last [header] passed through, so the next header starts below the keys it shares
// with it instead of at the root.
//
// Large TOML documents are mostly runs of headers with a long common prefix
// (`[[tree.kids.kids.kids]]` after `[[tree.kids.kids]]`); navigating each one from the root costs
// a registry lookup and an object lookup per segment. Between two headers the reader only adds
// key/values to the table the last header opened (and to tables below it), so every table the
// last header passed through is still where it was: the value pointers and node ids recorded for
// a shared prefix are those a walk from the root would find again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <spool/detail/config.hpp>
#include <spool/toml/keys.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

class header_chain {
 public:
  // One segment of the last header.
  struct level {
    spool::value* slot;     // the member the key names, in its parent table
    std::uint32_t node;     // its registry node
    spool::value* table;    // the table it leads to (the last element for an array of tables)
    std::uint32_t table_id; // that table's node
  };

  void clear() noexcept {
    levels_.clear();
    texts_.clear();
    ends_.clear();
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

  const level& operator[](std::size_t i) const noexcept { return levels_[i]; }

  // Forgets the levels from `count` on (they are about to be recorded again).
  void truncate(std::size_t count) {
    if (count >= levels_.size()) return;
    levels_.resize(count);
    ends_.resize(count);
    texts_.resize(count == 0 ? 0 : ends_.back());
  }

  // Forgets the levels after `i` and records `l` as level i, whose key stays (a header ending
  // at the very key the last one passed through or ended at: `[[a.b]]` after `[[a.b]]`).
  void replace(std::size_t i, const level& l) {
    truncate(i + 1);
    levels_[i] = l;
  }

  // Records the next level (its key copied: quoted keys are decoded into storage the next key
  // scan reuses).
  void push(std::string_view key, const level& l) {
    if constexpr (!spool::detail::toml_header_chain) return;
    texts_.append(key);
    ends_.push_back(texts_.size());
    levels_.push_back(l);
  }

 private:
  std::string_view text(std::size_t i) const noexcept {
    const std::size_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(texts_).substr(begin, ends_[i] - begin);
  }

  std::vector<level> levels_;
  std::string texts_;              // the keys, back to back
  std::vector<std::size_t> ends_;  // where each level's key ends in texts_
};

}  // namespace spool::toml::detail
