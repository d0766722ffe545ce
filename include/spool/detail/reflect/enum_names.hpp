// Enumerator names found at compile time, for enums as strings without boilerplate.
//
// Every value in [meta<E>::min, meta<E>::max] (default [-128, 127], clipped to what E's
// underlying type holds) is passed as a template argument and the compiler's spelling tells
// whether an enumerator has it (pretty_name.hpp). meta<E>::names replaces the scan with an
// explicit list. The result is two tables built at compile time: names ordered by value (for
// enum_name) and an index ordered by name (for enum_from_name); both are binary searched.
// Flag combinations get no name of their own; values outside the range have no name.
#pragma once

#include <spool/detail/reflect/meta.hpp>
#include <spool/detail/reflect/name_table.hpp>
#include <spool/detail/reflect/pretty_name.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace spool::detail {

template <class E>
concept enum_names_listed = requires { meta<E>::names; };

template <class E>
consteval std::int64_t enum_scan_min() {
  using U = std::underlying_type_t<E>;
  std::int64_t low = -128;
  if constexpr (requires { meta<E>::min; }) low = meta<E>::min;
  if constexpr (std::is_unsigned_v<U>) return std::max<std::int64_t>(low, 0);
  return std::max<std::int64_t>(low, std::numeric_limits<U>::min());
}

template <class E>
consteval std::int64_t enum_scan_max() {
  using U = std::underlying_type_t<E>;
  std::int64_t high = 127;
  if constexpr (requires { meta<E>::max; }) high = meta<E>::max;
  if constexpr (std::is_unsigned_v<U> && sizeof(U) >= sizeof(std::int64_t)) return high;
  return std::min<std::int64_t>(high, static_cast<std::int64_t>(std::numeric_limits<U>::max()));
}

template <class E>
struct enum_entry {
  E value;
  std::string_view name;
};

// Every (value, name) in the scanned range, unnamed values with an empty name.
template <class E>
consteval auto scan_enum() {
  constexpr std::int64_t low = enum_scan_min<E>();
  constexpr std::int64_t high = enum_scan_max<E>();
  static_assert(low <= high, "spool::meta<E>: min must not exceed max");
  static_assert(high - low < 4096, "spool::meta<E>: the scanned range [min, max] is limited to 4096 values");
  using U = std::underlying_type_t<E>;
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<enum_entry<E>, sizeof...(I)>{enum_entry<E>{
        static_cast<E>(static_cast<U>(low + static_cast<std::int64_t>(I))),
        argument_name<static_cast<E>(static_cast<U>(low + static_cast<std::int64_t>(I)))>()}...};
  }(std::make_index_sequence<static_cast<std::size_t>(high - low + 1)>{});
}

// The named values, ascending by value (listed names keep their order among equal values).
template <class E>
consteval auto named_entries_unsized() {
  if constexpr (enum_names_listed<E>) {
    constexpr std::size_t count = std::size(meta<E>::names);
    std::array<std::size_t, count> order{};
    std::array<enum_entry<E>, count> listed{};
    std::size_t n = 0;
    for (const auto& [value, name] : meta<E>::names) {
      order[n] = n;
      listed[n++] = {value, name};
    }
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return listed[a].value < listed[b].value || (listed[a].value == listed[b].value && a < b);
    });
    std::array<enum_entry<E>, count> entries{};
    for (std::size_t i = 0; i < count; ++i) entries[i] = listed[order[i]];
    return entries;
  } else {
    return scan_enum<E>();
  }
}

template <class E>
consteval std::size_t named_count() {
  std::size_t n = 0;
  for (const auto& entry : named_entries_unsized<E>()) n += entry.name.empty() ? 0 : 1;
  return n;
}

template <class E>
consteval std::array<enum_entry<E>, named_count<E>()> named_entries() {
  std::array<enum_entry<E>, named_count<E>()> named{};
  std::size_t n = 0;
  for (const auto& entry : named_entries_unsized<E>()) {
    if (!entry.name.empty()) named[n++] = entry;
  }
  return named;
}

template <class E>
consteval auto name_spellings() {
  std::array<spelled, named_count<E>()> spellings{};
  const auto named = named_entries<E>();
  for (std::size_t i = 0; i < named.size(); ++i) spellings[i] = {named[i].name};
  return spellings;
}

template <class E, std::size_t Count, std::size_t Chars>
struct enum_table {
  name_table<Count, Chars> names;          // names[i] is the name of values[i]
  std::array<E, Count> values;             // ascending
  std::array<std::size_t, Count> by_name;  // indices into names, ordered by name
};

template <class E>
consteval auto build_enum_table() {
  constexpr auto spellings = name_spellings<E>();
  enum_table<E, spellings.size(), joined_size(spellings)> table{};
  table.names = join_names<joined_size(spellings)>(spellings);
  const auto named = named_entries<E>();
  for (std::size_t i = 0; i < named.size(); ++i) {
    table.values[i] = named[i].value;
    table.by_name[i] = i;
  }
  std::sort(table.by_name.begin(), table.by_name.end(),
            [&](std::size_t a, std::size_t b) { return table.names[a] < table.names[b]; });
  return table;
}

template <class Table>
consteval bool names_distinct(const Table& table) {
  for (std::size_t i = 1; i < table.by_name.size(); ++i) {
    if (table.names[table.by_name[i - 1]] == table.names[table.by_name[i]]) return false;
  }
  return true;
}

template <class E>
consteval auto make_enum_table() {
  constexpr auto table = build_enum_table<E>();
  static_assert(names_distinct(table), "spool::meta<E>::names: two values have the same name");
  return table;
}

template <class E>
inline constexpr auto enum_table_of = make_enum_table<E>();

template <class E>
constexpr std::string_view enum_name_of(E value) noexcept {
  constexpr auto& table = enum_table_of<E>;
  const auto at = std::lower_bound(table.values.begin(), table.values.end(), value);
  if (at == table.values.end() || *at != value) return {};
  return table.names[static_cast<std::size_t>(at - table.values.begin())];
}

template <class E>
constexpr std::optional<E> enum_from_name_of(std::string_view name) noexcept {
  constexpr auto& table = enum_table_of<E>;
  const auto at = std::lower_bound(table.by_name.begin(), table.by_name.end(), name,
                                   [&](std::size_t i, std::string_view key) { return table.names[i] < key; });
  if (at == table.by_name.end() || table.names[*at] != name) return std::nullopt;
  return table.values[*at];
}

}  // namespace spool::detail
