// The names that tag the alternatives of a std::variant in JSON (read_options::variant_tag).
//
// An alternative is named by `static constexpr std::string_view variant_name` in its spool::meta
// (or nested spool_meta) when it declares one, else by its unqualified type name:
//
//   struct circle { double r; };                       // tagged "circle"
//   template <> struct spool::meta<geo::square> {
//     static constexpr std::string_view variant_name = "sq";
//   };
#pragma once

#include <string_view>

#include <spool/reflect.hpp>

namespace spool::json::detail {

template <class T>
constexpr std::string_view signature_of() noexcept {
  return __PRETTY_FUNCTION__;
}

// "ns::shape<int>" -> "shape<int>": the text after the last scope operator outside template
// arguments. Both compilers print "[with T = ...;" / "[T = ...]" around the name.
template <class T>
constexpr std::string_view unqualified_type_name() noexcept {
  constexpr std::string_view sig = signature_of<T>();
  constexpr std::size_t start = sig.find("T = ") + 4;
  constexpr std::string_view rest = sig.substr(start);
  constexpr std::string_view full = rest.substr(0, rest.find_first_of(";]"));
  constexpr std::string_view before_args = full.substr(0, full.find('<'));
  constexpr std::size_t scope = before_args.rfind("::");
  return scope == std::string_view::npos ? full : full.substr(scope + 2);
}

template <class T>
constexpr std::string_view variant_tag_value() noexcept {
  if constexpr (requires { std::string_view{spool::detail::meta_of<T>::variant_name}; }) {
    return spool::detail::meta_of<T>::variant_name;
  } else {
    return unqualified_type_name<T>();
  }
}

}  // namespace spool::json::detail
