// Compile-time reflection of classes and enums, without macros, and the customization point
// spool::meta<T>. Every format reads and writes structs through this header.
//
//   struct Server { std::string host; int maxConnections = 0; std::vector<int> ports; };
//   spool::reflect::field_count<Server>          // 3
//   spool::reflect::field_name<Server, 1>        // "maxConnections"
//
//   template <> struct spool::meta<Server> {
//     static constexpr auto naming = spool::naming::kebab_case;       // "max-connections"
//     static constexpr auto fields = spool::field_options(
//         spool::rename("host", "hostname"), spool::required("host"),
//         spool::default_value("maxConnections", 64));
//   };
//
//   class Account {                                // not an aggregate: describe its members
//     int id_ = 0; std::string name_;
//    public:
//     const std::string& name() const; void set_name(std::string);
//     struct spool_meta {                          // nested, so it may name private members
//                                                  // (declared above it: a static initializer
//                                                  // does not see the rest of the class)
//       static constexpr auto members = spool::members(
//           spool::member("id", &Account::id_), spool::member("name", &Account::name, &Account::set_name));
//     };
//   };
//
//   enum class color { red, green };
//   spool::reflect::enum_name(color::green)           // "green"
//   spool::reflect::enum_from_name<color>("red")      // color::red
//
// Aggregates: up to detail::max_members (128) members, found with structured bindings; members
// must be default-constructible. References, base classes and more members than the limit are
// rejected with a message; bit-fields fail to compile (no reference can bind to one). Describe
// such classes with members(). Every misused option (a member that does not exist, two fields
// under one key) is a compile error with a message too.
// Enums: values in [meta<E>::min, meta<E>::max], default [-128, 127] clipped to the underlying
// type, or meta<E>::names = std::array{std::pair{E::a, std::string_view{"A"}}, ...}.
//
// Decoders do not look keys up here: they use the run-time struct_plan of a type, built once per
// (type, plan_options) and shared through plan_registry_get<T>() and the per-context plan_memo.
#pragma once

#include <spool/detail/reflect/enum_names.hpp>
#include <spool/detail/reflect/field_layout.hpp>
#include <spool/detail/reflect/field_options.hpp>
#include <spool/detail/reflect/meta.hpp>
#include <spool/detail/reflect/naming.hpp>
#include <spool/detail/reflect/plan_memo.hpp>
#include <spool/detail/reflect/plan_registry.hpp>
#include <spool/detail/reflect/struct_plan.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace spool::reflect {

// Fields after skip(); indices below are in this order (declaration or members() order).
template <class T>
inline constexpr std::size_t field_count = detail::layout_of<T>.visible;

// The key after rename() and T's naming policy.
template <class T, std::size_t I>
inline constexpr std::string_view field_name = detail::visible_key<std::remove_cv_t<T>, I>();

// The decayed member type, or the decayed type the getter returns.
template <class T, std::size_t I>
using field_type = detail::source_type<std::remove_cv_t<T>, detail::source_of<T, I>>;

template <class T, std::size_t I>
inline constexpr bool field_required = detail::layout_of<T>.settings[detail::source_of<T, I>].required;

template <class T>
inline constexpr bool has_defaults = detail::layout_of<T>.any_default;

// A const reference to field I, or the getter's value: what writers serialize.
template <std::size_t I, class T>
constexpr decltype(auto) load(const T& obj) {
  return detail::source_load<detail::source_of<T, I>>(obj);
}

// Fills field I through f(field_type<T, I>&) -> bool; a setter is called only when f succeeds.
template <std::size_t I, class T, class F>
constexpr bool store(T& obj, F&& f) {
  return detail::source_store<detail::source_of<T, I>>(obj, f);
}

// store() with a run-time field index, as a decoder has after struct_plan::find(): one indirect
// call through a table made per (T, F). False when i is out of range.
template <class T, class F>
bool store_at(T& obj, std::size_t i, F&& f) {
  using functor = std::remove_reference_t<F>;
  static constexpr auto table = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<bool (*)(T&, functor&), sizeof...(I)>{
        +[](T& o, functor& fn) { return detail::source_store<detail::source_of<T, I>>(o, fn); }...};
  }(std::make_index_sequence<field_count<T>>{});
  if (i >= table.size()) return false;
  return table[i](obj, f);
}

// Assigns field i its default_value(), if it has one; decoders call it for absent keys.
template <class T>
void apply_default(T& obj, std::size_t i) {
  if constexpr (has_defaults<T>) {
    static constexpr auto table = []<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<void (*)(T&), sizeof...(I)>{+[](T& o) {
        constexpr std::size_t source = detail::source_of<T, I>;
        constexpr std::size_t option = detail::layout_of<T>.settings[source].default_option;
        if constexpr (option != detail::no_default) {
          detail::source_assign<source>(o, std::get<option>(detail::meta_of<T>::fields.options).value);
        }
      }...};
    }(std::make_index_sequence<field_count<T>>{});
    if (i < table.size()) table[i](obj);
  }
}

// The enumerator's name, "" when no enumerator has the value (or it lies outside the range).
template <class E>
  requires std::is_enum_v<E>
constexpr std::string_view enum_name(E value) noexcept {
  return detail::enum_name_of(value);
}

template <class E>
  requires std::is_enum_v<E>
constexpr std::optional<E> enum_from_name(std::string_view name) noexcept {
  return detail::enum_from_name_of<E>(name);
}

}  // namespace spool::reflect
