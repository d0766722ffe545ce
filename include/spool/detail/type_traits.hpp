// The type categories every format and the value conversion dispatch on, defined once, and
// borrows_input<T>(): whether a target views the input it was read from.
//
// Categories overlap where a type really is both: a std::vector<std::byte> is a byte_container
// and a sequence, a std::array<std::byte, 4> a byte_container and a fixed_array. A format that
// encodes bytes specially tests byte_container first. `reflected` is the catch-all for classes
// read field by field and excludes every other category.
//
//   template <class T> void write(const T& v) {
//     if constexpr (spool::detail::integer<T>) ...
//     else if constexpr (spool::detail::map_like<T>) ...
//   }
#pragma once

#include <spool/detail/reflect/meta.hpp>
#include <spool/reflect.hpp>

#include <array>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace spool::detail {

template <class T, template <class...> class Template>
inline constexpr bool specialization_of = false;
template <template <class...> class Template, class... A>
inline constexpr bool specialization_of<Template<A...>, Template> = true;

template <class T>
inline constexpr bool std_array = false;
template <class T, std::size_t N>
inline constexpr bool std_array<std::array<T, N>> = true;

template <class T>
concept boolean = std::same_as<T, bool>;

template <class T>
concept integer = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char8_t>;

template <class T>
concept floating = std::floating_point<T>;

template <class T>
concept owning_string =
    std::same_as<T, std::basic_string<char, std::char_traits<char>, typename T::allocator_type>>;

template <class T>
concept string_view_like = std::same_as<T, std::string_view>;

template <class T>
concept char_array = std::is_array_v<T> && std::rank_v<T> == 1 && std::extent_v<T> > 0 &&
                     std::same_as<std::remove_extent_t<T>, char>;

template <class T>
concept byte_like = std::same_as<T, std::byte> || std::same_as<T, std::uint8_t>;

template <class T>
concept byte_container = (specialization_of<T, std::vector> && byte_like<typename T::value_type>) ||
                         std::same_as<T, std::span<const std::byte>> ||
                         (std_array<T> && std::same_as<typename T::value_type, std::byte>);

// Resizable sequences that can be appended to: vector, deque, list.
template <class T>
concept sequence = std::ranges::range<T> && !owning_string<T> && requires(T& t, typename T::value_type v) {
  typename T::value_type;
  t.clear();
  t.push_back(std::move(v));
};

template <class T>
concept fixed_array = std_array<T> || (std::is_bounded_array_v<T> && !char_array<T>);

template <class T>
concept map_like = std::ranges::range<T> && requires {
  typename T::key_type;
  typename T::mapped_type;
};

template <class T>
concept set_like = std::ranges::range<T> && !map_like<T> && requires(T& t, typename T::key_type k) {
  typename T::key_type;
  t.insert(std::move(k));
};

template <class T>
concept optional_like = requires(T& t) {
  typename T::value_type;
  t.has_value();
  *t;
  t.reset();
};

// Owning smart pointers: unique_ptr, shared_ptr (not weak_ptr, which cannot be dereferenced).
template <class T>
concept pointer_like = (specialization_of<T, std::unique_ptr> || specialization_of<T, std::shared_ptr>);

template <class T>
concept variant_like = specialization_of<T, std::variant>;

template <class T>
concept tuple_like = !std_array<T> && requires { std::tuple_size<T>::value; };

template <class T>
concept enum_type = std::is_enum_v<T>;

template <class T>
concept chrono_time_point = specialization_of<T, std::chrono::time_point>;

template <class T>
concept chrono_duration = specialization_of<T, std::chrono::duration>;

// Classes read and written field by field through spool::reflect.
template <class T>
concept reflected = spool::reflect::reflectable<T> && !boolean<T> && !integer<T> && !floating<T> &&
                    !owning_string<T> && !string_view_like<T> && !char_array<T> && !byte_container<T> &&
                    !sequence<T> && !fixed_array<T> && !set_like<T> && !map_like<T> && !optional_like<T> &&
                    !pointer_like<T> && !variant_like<T> && !tuple_like<T> && !enum_type<T> &&
                    !chrono_time_point<T> && !chrono_duration<T>;

// Whether T (or anything inside it, a few levels deep) views the input instead of owning a copy:
// such targets must not outlive the input, which read_file and the stream readers (whose buffer
// moves) cannot promise. The same question for every format.
template <class T, int Depth = 0>
constexpr bool borrows_input() {
  if constexpr (Depth > 8) {
    return false;  // recursive types: their borrowing members show at a shallower level
  } else if constexpr (string_view_like<T>) {
    return true;
  } else if constexpr (byte_container<T>) {
    return !requires(T& t) { t.push_back(std::ranges::range_value_t<T>{}); } &&
           std::is_const_v<std::remove_reference_t<std::ranges::range_reference_t<T>>>;
  } else if constexpr (optional_like<T> || pointer_like<T>) {
    return borrows_input<std::remove_cvref_t<decltype(*std::declval<T&>())>, Depth + 1>();
  } else if constexpr (map_like<T>) {
    return borrows_input<typename T::key_type, Depth + 1>() || borrows_input<typename T::mapped_type, Depth + 1>();
  } else if constexpr (sequence<T> || fixed_array<T> || set_like<T>) {
    return borrows_input<std::remove_cvref_t<std::ranges::range_value_t<T>>, Depth + 1>();
  } else if constexpr (variant_like<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (borrows_input<std::variant_alternative_t<I, T>, Depth + 1>() || ...);
    }(std::make_index_sequence<std::variant_size_v<T>>{});
  } else if constexpr (tuple_like<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (borrows_input<std::remove_cvref_t<std::tuple_element_t<I, T>>, Depth + 1>() || ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (reflected<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (borrows_input<spool::reflect::field_type<T, I>, Depth + 1>() || ...);
    }(std::make_index_sequence<spool::reflect::field_count<T>>{});
  } else {
    return false;
  }
}

}  // namespace spool::detail
