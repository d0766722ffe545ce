// The vocabulary of spool::meta<T>: per-field options for aggregates (rename, skip, required,
// default_value) and member descriptions for classes that are not aggregates (member, members).
//
// Options name members by their C++ name (or the name given to member()); reflect checks every
// such name at compile time, so a misspelt option is a build error, not a silently ignored key.
#pragma once

#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace spool::detail {

struct rename_option {
  std::string_view member;
  std::string_view key;
};
struct skip_option {
  std::string_view member;
};
struct required_option {
  std::string_view member;
};
template <class V>
struct default_option {
  std::string_view member;
  V value;
};

template <class... O>
struct field_option_list {
  std::tuple<O...> options;
};

template <class C, class V>
struct data_member {
  std::string_view name;
  V C::*pointer;
};

template <class C, class Getter, class Setter>
struct accessor_member {
  std::string_view name;
  Getter get;
  Setter set;
};

struct getter_without_setter {};

template <class... M>
struct member_list {
  std::tuple<M...> members;
};

template <class M>
struct member_pointer_class;
template <class C, class M>
struct member_pointer_class<M C::*> {
  using type = C;
};

}  // namespace spool::detail

namespace spool {

// Serialize `member` under `key`; the key is used exactly as written (no naming policy).
constexpr detail::rename_option rename(std::string_view member, std::string_view key) noexcept {
  return {member, key};
}
// Leave `member` out of every document, in both directions.
constexpr detail::skip_option skip(std::string_view member) noexcept { return {member}; }
// Reading fails with errc::missing_key when the document lacks `member`.
constexpr detail::required_option required(std::string_view member) noexcept { return {member}; }
// Assigned to `member` by apply_default when a document lacks it. Must be a literal type
// (use std::string_view or const char* for a std::string member).
template <class V>
constexpr detail::default_option<V> default_value(std::string_view member, V value) {
  return {member, value};
}

template <class... O>
constexpr detail::field_option_list<O...> field_options(O... options) {
  return {std::tuple<O...>{options...}};
}

// A data member reached through a pointer to member (private ones included, from a meta<T> the
// class befriends or a nested spool_meta).
template <class C, class V>
  requires(!std::is_function_v<V>)
constexpr detail::data_member<C, V> member(std::string_view name, V C::*pointer) noexcept {
  return {name, pointer};
}

// A getter/setter pair: `getter` is a const member function returning the value (or a reference
// to it), `setter` a member function taking it. Reading builds the value first and hands it to
// the setter only when it was read completely.
template <class Getter, class Setter>
  requires(std::is_member_function_pointer_v<Getter> && std::is_member_function_pointer_v<Setter>)
constexpr auto member(std::string_view name, Getter getter, Setter setter) noexcept {
  using C = typename detail::member_pointer_class<Getter>::type;
  static_assert(std::is_invocable_v<Getter, const C&>,
                "spool::member(name, getter, setter): the getter must be callable on a const object "
                "without arguments");
  using V = std::remove_cvref_t<std::invoke_result_t<Getter, const C&>>;
  static_assert(std::is_invocable_v<Setter, C&, V&&>,
                "spool::member(name, getter, setter): the setter must accept the getter's value type");
  return detail::accessor_member<C, Getter, Setter>{name, getter, setter};
}

// A getter alone would make a field that can be written but never read back.
template <class Getter>
  requires std::is_member_function_pointer_v<Getter>
constexpr detail::getter_without_setter member(std::string_view, Getter) {
  static_assert(!std::is_same_v<Getter, Getter>,
                "spool::member(name, getter): a getter needs a setter, member(name, getter, setter)");
  return {};
}

template <class... M>
constexpr detail::member_list<M...> members(M... described) noexcept {
  return {std::tuple<M...>{described...}};
}

}  // namespace spool
