// Compile-time storage for a list of names: the characters of all of them in one array and the
// offsets between, so a type's names cost one static object and views into it stay valid forever.
#pragma once

#include <spool/detail/reflect/naming.hpp>

#include <array>
#include <cstddef>
#include <string_view>

namespace spool::detail {

// A name as it will be stored: `text` spelled in `policy`.
struct spelled {
  std::string_view text;
  naming policy = naming::as_is;
};

template <std::size_t Count, std::size_t Chars>
struct name_table {
  std::array<char, Chars + 1> chars{};  // + 1: no zero-length array for an empty list
  std::array<std::size_t, Count + 1> offsets{};

  static constexpr std::size_t size() noexcept { return Count; }
  constexpr std::string_view operator[](std::size_t i) const noexcept {
    return {chars.data() + offsets[i], offsets[i + 1] - offsets[i]};
  }
};

template <std::size_t Count>
consteval std::size_t joined_size(const std::array<spelled, Count>& names) {
  std::size_t total = 0;
  for (const spelled& name : names) total += spelled_size(name.text, name.policy);
  return total;
}

// Chars must be joined_size(names): computed first because it is the table's type.
template <std::size_t Chars, std::size_t Count>
consteval name_table<Count, Chars> join_names(const std::array<spelled, Count>& names) {
  name_table<Count, Chars> table;
  std::size_t at = 0;
  for (std::size_t i = 0; i < Count; ++i) {
    table.offsets[i] = at;
    spell_name(names[i].text, names[i].policy, [&](char c) { table.chars[at++] = c; });
  }
  table.offsets[Count] = at;
  return table;
}

}  // namespace spool::detail
