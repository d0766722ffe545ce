// spool::meta<T>, the customization point, and where reflection finds it.
//
// A type is described either by a specialization of spool::meta<T> or by a nested type
// `T::spool_meta` (handy for private members: a nested type sees them). A specialization wins
// over a nested description. Format engines read their own per-type flags from meta_of<T> too.
#pragma once

#include <spool/detail/reflect/field_options.hpp>
#include <spool/detail/reflect/naming.hpp>

#include <concepts>
#include <type_traits>

namespace spool {

template <class T>
struct meta {
  // Only the primary template has this, which is how a user specialization is told apart.
  using spool_primary_meta = void;
};

}  // namespace spool

namespace spool::detail {

template <class T>
concept meta_specialized = !requires { typename meta<T>::spool_primary_meta; };

template <class T>
struct meta_select {
  using type = meta<T>;
};
template <class T>
  requires(!meta_specialized<T> && requires { typename T::spool_meta; })
struct meta_select<T> {
  using type = typename T::spool_meta;
};

// The description of T: meta<T>, T::spool_meta, or the empty primary meta<T>.
template <class T>
using meta_of = typename meta_select<std::remove_cv_t<T>>::type;

// Members listed through spool::members(...) replace reflection of T's own layout.
template <class T>
concept described = requires { meta_of<T>::members.members; };

template <class T>
concept has_field_options = requires { meta_of<T>::fields.options; };

template <class T>
concept has_naming_policy = requires {
  { meta_of<T>::naming } -> std::convertible_to<naming>;
};

}  // namespace spool::detail

namespace spool::reflect {

// Classes spool reads and writes field by field: aggregates (members found by reflection) and
// classes whose meta<T> lists members(...).
template <class T>
concept reflectable = std::is_class_v<T> && !std::is_union_v<T> &&
                      (detail::described<T> || std::is_aggregate_v<T>);

}  // namespace spool::reflect
