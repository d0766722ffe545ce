// What the JSON and MessagePack struct readers share for reading members in declaration order:
// reaching member I without a call per field, and whether fields a document leaves out can matter.
//
//   const auto refs = spool::detail::member_refs<true>(obj);         // once per struct
//   spool::detail::store_member<I, true>(obj, refs, [&](auto& m) { return read(m); });
//   if constexpr (spool::detail::absent_fields_matter<T, require_all>) ...;  // defaults, required
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <spool/detail/reflect/member_access.hpp>
#include <spool/detail/reflect/meta.hpp>
#include <spool/reflect.hpp>

namespace spool::detail {

// Pointers to the members of a plain aggregate (no spool::meta members list), taken once per
// struct read (member_pointers: one structured binding) and picked from per field, instead of
// through reflect::store<I>, which binds them all again for each field or, where GCC calls it out
// of line in a struct of dozens of fields, costs a call per field. A described struct keeps
// reflect::store (members, accessors), as does Direct false (a reader's switch).
template <bool Direct, class T>
inline constexpr bool direct_members = Direct && !described<T>;

template <bool Direct, class T>
[[gnu::always_inline]] inline auto member_refs(T& obj) {
  if constexpr (direct_members<Direct, T>) return member_pointers(obj);
  else return 0;
}

// f(field I of obj), through the pointers member_refs took or through reflect::store.
template <std::size_t I, bool Direct, class T, class R, class F>
[[gnu::always_inline]] inline bool store_member(T& obj, const R& refs, F&& f) {
  if constexpr (direct_members<Direct, T>) {
    auto& member = pick<source_of<T, I>>(refs);
    static_assert(!std::is_const_v<std::remove_reference_t<decltype(member)>>,
                  "spool: a const member cannot be read into; skip() it");
    return f(member);
  } else {
    return spool::reflect::store<I>(obj, f);
  }
}

// Whether a field absent from a document can matter: a default to apply, or an error when it is
// required (RequireAll: the reader's require_all_fields option).
template <class T, bool RequireAll>
inline constexpr bool absent_fields_matter = RequireAll || spool::reflect::has_defaults<T> ||
                                             []<std::size_t... I>(std::index_sequence<I...>) {
                                               return (spool::reflect::field_required<T, I> || ...);
                                             }(std::make_index_sequence<spool::reflect::field_count<T>>{});

}  // namespace spool::detail
