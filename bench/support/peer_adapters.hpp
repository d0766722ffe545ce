// Filling the benchmark structs from a peer library's document, and writing them through a peer's
// writer, with one generic walk over spool::reflect so every peer gets the same, straightforward
// conversion a user would write by hand: for each object member, find the field by key, convert.
//
// A peer plugs in an Access (how to read its nodes) or a Sink (how to emit values):
//
//   struct Access {                                   // Node: the peer's node type
//     static bool is_null(Node&);
//     static bool get(Node&, bool&);  get(Node&, std::int64_t&);  get(Node&, std::uint64_t&);
//     static bool get(Node&, double&);  get(Node&, std::string&);
//     static bool elements(Node&, F f);               // f(Node& element) -> bool, for each
//     static bool members(Node&, F f);                // f(std::string_view key, Node& value) -> bool
//   };
//   struct Sink {
//     void null(); void boolean(bool); void integer(std::int64_t); void unsigned_integer(std::uint64_t);
//     void floating(double); void string(std::string_view);
//     void begin_array(std::size_t); void end_array(); void begin_object(std::size_t);
//     void key(std::string_view); void end_object();
//   };
//
// Keys are looked up in the struct's spool::struct_plan (the same hash index spool's readers use),
// so the peers pay no linear search that spool does not.
#pragma once

#include <spool/detail/type_traits.hpp>
#include <spool/reflect.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace spool_bench {

template <class Access, class Node, class T>
bool dom_read(Node& node, T& out) {
  namespace d = spool::detail;
  if constexpr (d::boolean<T>) {
    return Access::get(node, out);
  } else if constexpr (d::integer<T>) {
    if constexpr (std::is_signed_v<T>) {
      std::int64_t v;
      if (!Access::get(node, v)) return false;
      out = static_cast<T>(v);
    } else {
      std::uint64_t v;
      if (!Access::get(node, v)) return false;
      out = static_cast<T>(v);
    }
    return true;
  } else if constexpr (d::floating<T>) {
    double v;
    if (!Access::get(node, v)) return false;
    out = static_cast<T>(v);
    return true;
  } else if constexpr (d::owning_string<T>) {
    return Access::get(node, out);
  } else if constexpr (d::optional_like<T>) {
    if (Access::is_null(node)) {
      out.reset();
      return true;
    }
    return dom_read<Access>(node, out.emplace());
  } else if constexpr (d::pointer_like<T>) {
    if (Access::is_null(node)) {
      out.reset();
      return true;
    }
    out = std::make_unique<typename T::element_type>();
    return dom_read<Access>(node, *out);
  } else if constexpr (d::fixed_array<T>) {
    std::size_t i = 0;
    return Access::elements(node, [&](auto& element) {
             return i < std::size(out) && dom_read<Access>(element, out[i++]);
           }) &&
           i == std::size(out);
  } else if constexpr (d::sequence<T>) {
    out.clear();
    return Access::elements(node, [&](auto& element) { return dom_read<Access>(element, out.emplace_back()); });
  } else if constexpr (d::map_like<T>) {
    out.clear();
    return Access::members(node, [&](std::string_view key, auto& value) {
      return dom_read<Access>(value, out[typename T::key_type(key)]);
    });
  } else if constexpr (d::reflected<T>) {
    static const spool::struct_plan& plan = spool::plan_registry_get<T>();
    return Access::members(node, [&](std::string_view key, auto& value) {
      const std::ptrdiff_t i = plan.find(key);
      if (i < 0) return true;  // unknown keys are skipped, as spool does by default
      return spool::reflect::store_at(out, static_cast<std::size_t>(i),
                                      [&](auto& field) { return dom_read<Access>(value, field); });
    });
  } else {
    static_assert(sizeof(T) == 0, "type not used by the benchmark documents");
  }
}

template <class Sink, class T>
void struct_write(Sink& sink, const T& value) {
  namespace d = spool::detail;
  if constexpr (d::boolean<T>) {
    sink.boolean(value);
  } else if constexpr (d::integer<T>) {
    if constexpr (std::is_signed_v<T>) sink.integer(value);
    else sink.unsigned_integer(value);
  } else if constexpr (d::floating<T>) {
    sink.floating(value);
  } else if constexpr (d::owning_string<T>) {
    sink.string(value);
  } else if constexpr (d::optional_like<T> || d::pointer_like<T>) {
    if (value) struct_write(sink, *value);
    else sink.null();
  } else if constexpr (d::fixed_array<T> || d::sequence<T>) {
    sink.begin_array(std::size(value));
    for (const auto& element : value) struct_write(sink, element);
    sink.end_array();
  } else if constexpr (d::map_like<T>) {
    sink.begin_object(value.size());
    for (const auto& [key, element] : value) {
      sink.key(key);
      struct_write(sink, element);
    }
    sink.end_object();
  } else if constexpr (d::reflected<T>) {
    constexpr std::size_t n = spool::reflect::field_count<T>;
    sink.begin_object(n);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((sink.key(spool::reflect::field_name<T, I>), struct_write(sink, spool::reflect::load<I>(value))), ...);
    }(std::make_index_sequence<n>{});
    sink.end_object();
  } else {
    static_assert(sizeof(T) == 0, "type not used by the benchmark documents");
  }
}

}  // namespace spool_bench
