// Reference to the I-th member of an aggregate, through the structured-binding table.
#pragma once

#include <spool/detail/reflect/member_count.hpp>
#include <spool/detail/reflect/tie.hpp>

#include <cstddef>
#include <utility>

namespace spool::detail {

// Picking the I-th of a pack by overload resolution on indexed bases: one flat instantiation
// instead of I levels of recursion, which matters at a hundred members.
template <std::size_t I, class T>
struct indexed_ref {
  T* pointer;
};
template <class Indices, class... T>
struct indexed_refs;
template <std::size_t... I, class... T>
struct indexed_refs<std::index_sequence<I...>, T...> : indexed_ref<I, T>... {};

template <std::size_t I, class T>
constexpr T& pick(const indexed_ref<I, T>& ref) noexcept {
  return *ref.pointer;
}

template <std::size_t I, class... T>
constexpr auto& pack_get(T&... values) noexcept {
  return pick<I>(indexed_refs<std::index_sequence_for<T...>, T...>{{&values}...});
}

// obj's I-th member (const when obj is).
template <std::size_t I, class T>
constexpr auto& aggregate_member(T& obj) noexcept {
  return with_members<member_count<T>>(obj, [](auto&... m) -> auto& { return pack_get<I>(m...); });
}

}  // namespace spool::detail
