// The C++ names of an aggregate's members, read at compile time from the compiler's own text.
//
// The address of a member of an object with static storage is a constant expression; passed as
// a template argument it is spelled ending with the member's name (pretty_name.hpp).
#pragma once

#include <spool/detail/reflect/member_access.hpp>
#include <spool/detail/reflect/name_table.hpp>
#include <spool/detail/reflect/pretty_name.hpp>

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

namespace spool::detail {

// Storage for a T that is never constructed (the union's active member is `none`, so no
// constructor of T runs and T need not be a literal type): only the addresses of T's members are
// formed, in constant expressions. A definition rather than an `extern` declaration, because
// clang rejects an undefined variable whose type has internal linkage (a type in an anonymous
// namespace), which would make such types unreflectable. The price, per reflected aggregate and
// program: sizeof(T) zeroed bytes and an empty destructor registered to run at exit.
template <class T>
union never_constructed {
  char none;
  T object;
  constexpr never_constructed() : none() {}
  ~never_constructed() {}
};

template <class T>
constinit never_constructed<T> name_probe{};

// A class wrapper keeps the pointer a valid template argument on both compilers.
template <class P>
struct address_wrapper {
  const P* pointer;
};
template <class P>
address_wrapper(const P*) -> address_wrapper<P>;

template <class T, std::size_t I>
consteval std::string_view member_name_view() {
  constexpr address_wrapper wrapper{&pick<I>(member_pointers(name_probe<T>.object))};
  return argument_name<wrapper>();
}

template <class T>
consteval auto member_name_views() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<spelled, sizeof...(I)>{spelled{member_name_view<T, I>()}...};
  }(std::make_index_sequence<member_count<T>>{});
}

template <class T>
consteval std::size_t member_names_size() {
  return joined_size(member_name_views<T>());
}

// The views point into __PRETTY_FUNCTION__ texts, so they are copied out within one evaluation.
template <class T>
consteval auto make_member_names() {
  return join_names<member_names_size<T>()>(member_name_views<T>());
}

// member_names<T>[i]: the C++ name of T's i-th member.
template <class T>
inline constexpr auto member_names = make_member_names<T>();

}  // namespace spool::detail
