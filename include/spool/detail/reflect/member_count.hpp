// How many members an aggregate has, found without macros.
//
// T{{}, {}, ...} with n empty braces is valid exactly while n <= the number of members: a `{}`
// initialises one whole member, never a piece of one through brace elision, so C arrays, nested
// aggregates, std::optional and every other default-constructible member count as one. A binary
// search over n keeps the work to a handful of probes.
//
// Not supported, and rejected with a message rather than miscounted: reference members, members
// `{}` cannot initialise (no non-explicit default constructor), more than max_members members,
// and base classes (they would count as members here, and structured bindings cannot see the
// members of both a class and its base): such classes are described with meta<T>::members.
// Bit-fields are not supported either (their address cannot be taken).
#pragma once

#include <spool/detail/reflect/tie.hpp>

#include <cstddef>
#include <type_traits>

namespace spool::detail {

// Stand-ins for a member that `{}` could not initialise, so the count can tell it from the end
// of the aggregate. Never defined: they appear only in unevaluated probes.
struct any_value {
  template <class U>
  operator U() const noexcept;
};
struct any_lvalue {
  template <class U>
  operator U&() const noexcept;
};
// Converts only to a base class of T; bases are initialised before members, so T{any_base_of<T>}
// is valid exactly when T has a base.
template <class T>
struct any_base_of {
  template <class U>
    requires(std::is_base_of_v<U, T> && !std::is_same_v<U, T>)
  operator U&() const noexcept;
};

// Largest n in [Lo, Hi) with T{n braces} valid, given that Lo fits and Hi does not.
template <class T, std::size_t Lo, std::size_t Hi>
consteval std::size_t search_member_count() {
  if constexpr (Hi - Lo <= 1) {
    return Lo;
  } else {
    constexpr std::size_t mid = Lo + (Hi - Lo) / 2;
    if constexpr (braces_fit<T, mid>()) {
      return search_member_count<T, mid, Hi>();
    } else {
      return search_member_count<T, Lo, mid>();
    }
  }
}

// The number of `{}` T takes; max_members + 1 stands for "more than the table holds".
template <class T>
consteval std::size_t brace_count() {
  if constexpr (braces_fit<T, max_members + 1>()) {
    return max_members + 1;
  } else {
    return search_member_count<T, 0, max_members + 1>();
  }
}

// Whether some member cannot be initialised from `{}`, so that brace_count is not the member
// count: either T{} itself fails (a member with neither a default constructor nor a default
// member initializer), or the member after the counted ones takes a value but not `{}`.
template <class T>
consteval bool has_member_without_default() {
  constexpr std::size_t n = brace_count<T>();
  if constexpr (!braces_fit<T, 0>()) {
    return true;
  } else if constexpr (n > max_members) {
    return false;
  } else {
    return braces_fit<T, n, any_value>() || braces_fit<T, n, any_lvalue>();
  }
}

template <class T>
consteval std::size_t count_members() {
  constexpr bool aggregate = std::is_aggregate_v<T>;
  constexpr bool has_base = aggregate && braces_fit<T, 0, any_base_of<T>>();
  constexpr bool too_many = aggregate && brace_count<T>() > max_members;
  constexpr bool miscounted = aggregate && !too_many && has_member_without_default<T>();
  static_assert(aggregate, "spool: only aggregates are reflected without meta<T>::members");
  static_assert(!has_base,
                "spool: aggregates with base classes are not reflected (structured bindings see only "
                "one level); describe this one with meta<T>::members");
  static_assert(!too_many,
                "spool: aggregate reflection supports at most max_members (128) members; describe a "
                "larger type with meta<T>::members, or raise the limit with tools/generate_tie.py");
  static_assert(!miscounted,
                "spool: a member of this aggregate cannot be initialised from {} (a reference, or a "
                "type without a non-explicit default constructor); reflected aggregates must be "
                "default-constructible member by member, describe this one with meta<T>::members");
  // After a failed assertion, zero members keeps the compiler from piling up follow-on errors.
  if constexpr (!aggregate || has_base || too_many || miscounted) {
    return 0;
  } else {
    return brace_count<T>();
  }
}

template <class T>
inline constexpr std::size_t member_count = count_members<std::remove_cv_t<T>>();

}  // namespace spool::detail
