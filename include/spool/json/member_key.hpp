// Field I's key as JSON text, built at compile time: the writer copies `,"name":` before a member
// of compact output in one go; the reader compares `"name":` with the input to take the members
// that come in declaration order without decoding or looking up their keys.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <spool/reflect.hpp>

namespace spool::json::detail {

template <class T, std::size_t I>
struct member_key {
  static constexpr std::string_view name = spool::reflect::field_name<T, I>;
  // `,"name":`, the separator first (left out before the first member).
  static constexpr auto text = [] {
    std::array<char, name.size() + 4> out{};
    out[0] = ',';
    out[1] = '"';
    for (std::size_t i = 0; i < name.size(); ++i) out[2 + i] = name[i];
    out[name.size() + 2] = '"';
    out[name.size() + 3] = ':';
    return out;
  }();
  // `"name":`, the key and the colon as compact text has them (and pretty text, before its space).
  static constexpr auto quoted = [] {
    std::array<char, name.size() + 3> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = text[i + 1];
    return out;
  }();
};

}  // namespace spool::json::detail
