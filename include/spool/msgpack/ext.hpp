// User types carried as MessagePack extensions, described through spool::meta:
//
//   struct rgb { std::uint8_t r, g, b; };
//   template <> struct spool::meta<rgb> {
//     static constexpr std::int8_t ext_type = 7;
//     static std::array<std::byte, 3> to_ext(const rgb& c) {            // any contiguous bytes
//       return {std::byte{c.r}, std::byte{c.g}, std::byte{c.b}};
//     }
//     static bool from_ext(std::span<const std::byte> p, rgb& c) {      // false: malformed payload
//       if (p.size() != 3) return false;
//       c = {std::to_integer<std::uint8_t>(p[0]), std::to_integer<std::uint8_t>(p[1]),
//            std::to_integer<std::uint8_t>(p[2])};
//       return true;
//     }
//   };
//   spool::msgpack::write(rgb{1, 2, 3});   // c7 03 07 01 02 03: ext8, 3 bytes, type 7
//
// Type -1 is the specification's timestamp; other negative types are reserved for future
// specification use, so user types take 0..127.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <ranges>
#include <span>

#include <spool/reflect.hpp>

namespace spool::msgpack {

// T::spool_meta works as well as a specialization of spool::meta<T>.
template <class T>
concept ext_type = requires(const T& v, T& out, std::span<const std::byte> payload) {
  { spool::detail::meta_of<T>::ext_type } -> std::convertible_to<std::int8_t>;
  { spool::detail::meta_of<T>::to_ext(v) } -> std::ranges::contiguous_range;
  { spool::detail::meta_of<T>::from_ext(payload, out) } -> std::same_as<bool>;
} && (spool::detail::meta_of<T>::ext_type >= 0);

}  // namespace spool::msgpack
