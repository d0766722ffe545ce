// Reference to the I-th member of an aggregate, through the structured-binding table.
#pragma once

#include <spool/detail/reflect/member_count.hpp>
#include <spool/detail/reflect/tie.hpp>

#include <cstddef>
#include <type_traits>
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

// Pointers to all of obj's members, picked from with pick<I>. One structured binding per class
// serves every member: a binding per member index would cost members² at a hundred members. The
// unused pointers are dead stores an optimizer drops.
template <class T>
constexpr auto member_pointers(T& obj) noexcept {
  return with_members<member_count<T>>(obj, [](auto&... m) {
    using refs = indexed_refs<std::index_sequence_for<decltype(m)...>, std::remove_reference_t<decltype(m)>...>;
    return refs{{&m}...};
  });
}

// obj's I-th member (const when obj is).
template <std::size_t I, class T>
constexpr auto& aggregate_member(T& obj) noexcept {
  return pick<I>(member_pointers(obj));
}

}  // namespace spool::detail
