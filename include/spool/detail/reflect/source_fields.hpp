// The fields a class has before any option applies, one interface for both kinds of class:
// aggregates (members found by reflection) and classes described by meta<T>::members.
// Indices here are "source" indices; field_layout.hpp maps the visible fields onto them.
#pragma once

#include <spool/detail/reflect/member_names.hpp>
#include <spool/detail/reflect/meta.hpp>

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace spool::detail {

template <class M>
inline constexpr bool is_data_member = false;
template <class C, class V>
inline constexpr bool is_data_member<data_member<C, V>> = true;

// The S-th entry of meta<T>::members.
template <class T, std::size_t S>
inline constexpr const auto& described_member = std::get<S>(meta_of<T>::members.members);

template <class T>
consteval std::size_t count_source_fields() {
  if constexpr (described<T>) {
    return std::tuple_size_v<std::remove_cvref_t<decltype(meta_of<T>::members.members)>>;
  } else {
    return member_count<T>;
  }
}

template <class T>
inline constexpr std::size_t source_count = count_source_fields<std::remove_cv_t<T>>();

template <class T>
consteval auto collect_source_names() {
  return []<std::size_t... S>(std::index_sequence<S...>) {
    if constexpr (described<T>) {
      return std::array<std::string_view, sizeof...(S)>{described_member<T, S>.name...};
    } else {
      return std::array<std::string_view, sizeof...(S)>{member_names<T>[S]...};
    }
  }(std::make_index_sequence<source_count<T>>{});
}

// The C++ member names, or the names given to member(): what options and naming policies see.
template <class T>
inline constexpr std::array<std::string_view, source_count<T>> source_names = collect_source_names<T>();

// Whether source field S is a getter/setter pair rather than a data member.
template <class T, std::size_t S>
consteval bool is_accessor_field() {
  if constexpr (described<T>) {
    return !is_data_member<std::remove_cvref_t<decltype(described_member<T, S>)>>;
  } else {
    return false;
  }
}

// The data member behind source field S (const when obj is).
template <std::size_t S, class T>
constexpr auto& source_member(T& obj) noexcept {
  if constexpr (described<T>) {
    return obj.*described_member<std::remove_cv_t<T>, S>.pointer;
  } else {
    return aggregate_member<S>(obj);
  }
}

template <class T, std::size_t S>
consteval auto source_type_of() {
  if constexpr (is_accessor_field<T, S>()) {
    return std::type_identity<
        std::remove_cvref_t<std::invoke_result_t<decltype(described_member<T, S>.get), const T&>>>{};
  } else {
    return std::type_identity<std::remove_cvref_t<decltype(source_member<S>(std::declval<T&>()))>>{};
  }
}

// The value type of source field S: the member type, or what the getter returns, decayed.
template <class T, std::size_t S>
using source_type = typename decltype(source_type_of<T, S>())::type;

// For writers: a const reference to the member, or the getter's result.
template <std::size_t S, class T>
constexpr decltype(auto) source_load(const T& obj) {
  if constexpr (is_accessor_field<T, S>()) {
    return (obj.*described_member<T, S>.get)();
  } else {
    return source_member<S>(obj);
  }
}

// For readers: f(value&) -> bool fills the field. A setter receives the value only when f
// succeeded, starting from the getter's value so that reading into an existing object keeps
// what the document does not mention.
template <std::size_t S, class T, class F>
constexpr bool source_store(T& obj, F& f) {
  if constexpr (is_accessor_field<T, S>()) {
    source_type<T, S> value = (std::as_const(obj).*described_member<T, S>.get)();
    if (!f(value)) return false;
    (obj.*described_member<T, S>.set)(std::move(value));
    return true;
  } else {
    auto& member = source_member<S>(obj);
    static_assert(!std::is_const_v<std::remove_reference_t<decltype(member)>>,
                  "spool: a const member cannot be read into; skip() it");
    return f(member);
  }
}

// Assigns a default_value() option's value to source field S.
template <std::size_t S, class T, class V>
constexpr void source_assign(T& obj, const V& value) {
  using field = source_type<T, S>;
  static_assert(std::is_constructible_v<field, const V&>,
                "spool::default_value: the value cannot initialise the member's type");
  if constexpr (is_accessor_field<T, S>()) {
    (obj.*described_member<T, S>.set)(field(value));
  } else {
    auto& member = source_member<S>(obj);
    static_assert(!std::is_const_v<std::remove_reference_t<decltype(member)>>,
                  "spool::default_value: a const member cannot receive a default");
    member = field(value);
  }
}

}  // namespace spool::detail
