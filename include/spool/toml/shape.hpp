// How the TOML writer sees a C++ value: as a table (struct, map, spool::object), an array, or a
// scalar, with the categories and order of spool::to_value, so that writing a struct directly and
// writing spool::to_value(struct) give the same text.
//
// Most types have one form fixed at compile time; spool::value, optional, pointers and variants
// decide at run time by what they hold. Struct fields that are empty optionals or null pointers
// are not members at all (to_value leaves them out), anywhere else an empty one is a null.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include <spool/detail/config.hpp>
#include <spool/detail/error/path.hpp>
#include <spool/detail/number_print.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/reflect.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

enum class form { scalar, table, array, dynamic };

// The form of T, in the order spool::detail::to_value_of tests the categories.
template <class T>
consteval form form_of() {
  using namespace spool::detail;
  if constexpr (std::is_same_v<T, spool::value>) return form::dynamic;
  else if constexpr (std::is_same_v<T, spool::object>) return form::table;
  else if constexpr (value_native<T> || boolean<T> || floating<T> || integer<T> || owning_string<T> ||
                     string_view_like<T> || char_array<T> || byte_container<T> || chrono_time_point<T> ||
                     chrono_duration<T> || enum_type<T>) return form::scalar;
  else if constexpr (optional_like<T> || pointer_like<T> || variant_like<T>) return form::dynamic;
  else if constexpr (tuple_like<T>) return form::array;
  else if constexpr (map_like<T>) return form::table;
  else if constexpr (sequence<T> || set_like<T> || fixed_array<T>) return form::array;
  else if constexpr (reflected<T>) return form::table;
  else return form::scalar;  // std::monostate, std::nullptr_t: a null
}

// Calls f with what a dynamic value holds (the value itself when it is not dynamic); returns
// `empty` for an empty optional or pointer, a null value or a std::monostate.
template <class T, class F, class R>
R unwrap(const T& x, F&& f, R empty) {
  if constexpr (form_of<T>() != form::dynamic) {
    if constexpr (std::is_same_v<T, std::monostate> || std::is_same_v<T, std::nullptr_t>) return empty;
    else return f(x);
  } else if constexpr (std::is_same_v<T, spool::value>) {
    if (const spool::object* o = x.if_object()) return f(*o);
    if (const spool::array* a = x.if_array()) return f(*a);
    return f(x);  // a scalar value
  } else if constexpr (spool::detail::variant_like<T>) {
    if (x.valueless_by_exception()) return empty;
    return std::visit([&](const auto& alternative) { return unwrap(alternative, f, empty); }, x);
  } else {
    if (!x) return empty;
    return unwrap(*x, f, empty);
  }
}

template <class T>
bool is_table(const T& x) {
  if constexpr (form_of<T>() == form::dynamic)
    return unwrap(x, [](const auto& held) { return form_of<std::remove_cvref_t<decltype(held)>>() == form::table; }, false);
  else return form_of<T>() == form::table;
}

// Calls f(index, element) for each element of an array-form value until f returns false.
template <class A, class F>
bool for_each_element(const A& a, F&& f) {
  if constexpr (spool::detail::tuple_like<A>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (f(I, std::get<I>(a)) && ...);
    }(std::make_index_sequence<std::tuple_size_v<A>>{});
  } else {
    std::size_t i = 0;
    for (const auto& e : a)
      if (!f(i++, e)) return false;
    return true;
  }
}

template <class A>
std::size_t element_count(const A& a) {
  if constexpr (spool::detail::tuple_like<A>) return std::tuple_size_v<A>;
  else return std::size(a);
}

// A non-empty array whose elements are all tables: written as [[header]] sections.
template <class T>
bool is_array_of_tables(const T& x) {
  return unwrap(
      x,
      [](const auto& held) {
        using H = std::remove_cvref_t<decltype(held)>;
        if constexpr (form_of<H>() != form::array) {
          return false;
        } else {
          if (element_count(held) == 0) return false;
          return for_each_element(held, [](std::size_t, const auto& e) { return is_table(e); });
        }
      },
      false);
}

// Calls f(table) with the table a table-form value holds (call only when is_table(x)).
template <class T, class F>
bool with_table(const T& x, F&& f) {
  return unwrap(
      x,
      [&](const auto& held) {
        if constexpr (form_of<std::remove_cvref_t<decltype(held)>>() == form::table) return f(held);
        else return false;
      },
      false);
}

// A map key as TOML writes it: strings as they are, integers in decimal, enums by name (their
// number when unnamed). The view points into `buf` or the key.
template <class K>
std::string_view key_text(const K& key, char (&buf)[spool::detail::max_number_chars]) {
  if constexpr (spool::detail::enum_type<K>) {
    const std::string_view name = spool::reflect::enum_name(key);
    if (!name.empty()) return name;
    return key_text(static_cast<std::underlying_type_t<K>>(key), buf);
  } else if constexpr (spool::detail::integer<K>) {
    return {buf, static_cast<std::size_t>(spool::detail::write_integer(buf, key) - buf)};
  } else {
    return std::string_view(key);
  }
}

// Whether a struct field is a member of its table: empty optionals and null pointers are not.
template <class F>
bool present(const F& field) {
  if constexpr (spool::detail::optional_like<F> || spool::detail::pointer_like<F>) return static_cast<bool>(field);
  else return true;
}

// A member's key and whether it is bare (written without quotes): known at compile time for
// struct fields; a run-time key (a map's, a spool::object's) is checked by the writer only when
// it writes the key (write_key), since a table lists its members twice (keys, then sections).
struct member_key {
  enum bareness : std::uint8_t { quoted, bare, unknown };
  std::string_view text;
  bareness form;

  explicit member_key(std::string_view key) noexcept
      : text(key), form(spool::detail::toml_write_scan ? unknown : spool::detail::is_bare_key(key) ? bare : quoted) {}
  constexpr member_key(std::string_view key, bool is_bare) noexcept : text(key), form(is_bare ? bare : quoted) {}
};

// Calls f(key, member) for each member of a table-form value until f returns false.
template <class T, class F>
bool for_each_member(const T& table, F&& f) {
  if constexpr (std::is_same_v<T, spool::object>) {
    for (const auto& m : table)
      if (!f(member_key(m.key()), m.value)) return false;
    return true;
  } else if constexpr (spool::detail::map_like<T>) {
    for (const auto& [key, mapped] : table) {
      char buf[spool::detail::max_number_chars];
      if (!f(member_key(key_text(key, buf)), mapped)) return false;
    }
    return true;
  } else {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return ([&] {
        decltype(auto) field = spool::reflect::load<I>(table);
        if (!present(field)) return true;
        constexpr std::string_view name = spool::reflect::field_name<T, I>;
        constexpr bool bare = spool::detail::is_bare_key(name);
        return f(member_key(name, bare), field);
      }() && ...);
    }(std::make_index_sequence<spool::reflect::field_count<T>>{});
  }
}

template <class T>
std::size_t member_count(const T& table) {
  if constexpr (std::is_same_v<T, spool::object> || spool::detail::map_like<T>) {
    return std::size(table);
  } else {
    std::size_t n = 0;
    for_each_member(table, [&n](const member_key&, const auto&) { return ++n, true; });
    return n;
  }
}

}  // namespace spool::toml::detail
