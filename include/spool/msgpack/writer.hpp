// Maps C++ types onto MessagePack, one function per category of spool::detail's type traits.
//
//   bool          true/false          integers     smallest int/uint form
//   float         float32             double       float64
//   std::string, string_view, char[N]  str        byte containers      bin
//   sequences, sets, std::array, tuples   array   maps (any key type)  map
//   structs       map keyed by field name, or array in field order (write_options::struct_as_array
//                 or spool::meta<T>::as_array)
//   enums         the enumerator's name, or its number when it has none
//   optional / pointers   nil or the value        variants   the active alternative
//   sys_time, spool::msgpack::timestamp, spool::offset_datetime   timestamp extension (-1)
//   local date/time kinds   RFC 3339 text         durations  their tick count
//   spool::ext and meta-described extension types  ext
//   spool::value  whatever it holds
//
// spool/msgpack.hpp holds the public entry points; this header is their machinery.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <ranges>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include <spool/datetime.hpp>
#include <spool/detail/config.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/msgpack/encoder.hpp>
#include <spool/msgpack/ext.hpp>
#include <spool/msgpack/options.hpp>
#include <spool/msgpack/timestamp.hpp>
#include <spool/reflect.hpp>
#include <spool/value.hpp>

namespace spool::msgpack::detail {

template <write_options O, class T>
void write_value(encoder& e, const T& v);

// The str header and bytes of field I's name, built at compile time so that writing a key is one
// copy of constant bytes.
template <class T, std::size_t I>
struct encoded_key {
  static constexpr std::string_view name = spool::reflect::field_name<T, I>;
  static constexpr std::size_t header = name.size() <= 31 ? 1 : name.size() <= 0xff ? 2 : 3;
  static_assert(name.size() <= 0xffff, "field names longer than 65535 bytes are not supported");
  static constexpr auto bytes = [] {
    std::array<unsigned char, header + name.size()> out{};
    if constexpr (header == 1) {
      out[0] = static_cast<unsigned char>(format::fixstr | name.size());
    } else if constexpr (header == 2) {
      out[0] = format::str8;
      out[1] = static_cast<unsigned char>(name.size());
    } else {
      out[0] = format::str16;
      out[1] = static_cast<unsigned char>(name.size() >> 8);
      out[2] = static_cast<unsigned char>(name.size() & 0xff);
    }
    for (std::size_t i = 0; i < name.size(); ++i) out[header + i] = static_cast<unsigned char>(name[i]);
    return out;
  }();
};

// spool::meta<T>::as_array, a flag any format with a positional form of structs may honour.
template <class T>
constexpr bool as_array() {
  if constexpr (requires { spool::detail::meta_of<T>::as_array; }) return spool::detail::meta_of<T>::as_array;
  else return false;
}

template <class T>
constexpr std::size_t max_encoded_size();
template <class T>
[[gnu::always_inline]] inline unsigned char* encode_bounded(unsigned char* p, const T& v) noexcept;

// How write_struct() encodes a field's value: at its local cursor within a known bound (bounded
// types, and strings as fixstr), or through the encoder.
template <class M>
constexpr std::size_t local_value_room() {
  if constexpr (max_encoded_size<M>() != 0) return max_encoded_size<M>();
  else if constexpr (spool::detail::owning_string<M> || spool::detail::string_view_like<M>)
    return 1 + format::fixstr_max_length;  // a longer string goes through the encoder
  else return 0;
}

template <write_options O, class T>
constexpr bool struct_as_map() {
  return !(O.struct_as_array || as_array<T>());
}

template <write_options O, class T, std::size_t I>
using field_type = std::remove_cvref_t<decltype(spool::reflect::load<I>(std::declval<const T&>()))>;

// The room write_struct() reserves before field I: its key and local value, and so on up to the
// key of the first field from I on whose value goes through the encoder (which reserves for it).
template <write_options O, class T, std::size_t I>
constexpr std::size_t struct_room_from() {
  if constexpr (I == spool::reflect::field_count<T>) {
    return 0;
  } else {
    constexpr std::size_t key = struct_as_map<O, T>() ? encoded_key<T, I>::bytes.size() : 0;
    constexpr std::size_t value = local_value_room<field_type<O, T, I>>();
    if constexpr (value == 0) return key;
    else return key + value + struct_room_from<O, T, I + 1>();
  }
}

// A struct's header, keys and the values of bounded size (numbers, booleans, short strings) are
// encoded at a local cursor after one reservation for the run of them up to the next value the
// encoder writes (a container, a nested struct, a long string), instead of a reservation and a
// store of the encoder's cursor for each.
template <write_options O, class T>
void write_struct_runs(encoder& e, const T& obj) {
  constexpr std::size_t n = spool::reflect::field_count<T>;
  e.reserve(5 + struct_room_from<O, T, 0>());
  unsigned char* p = e.cursor();
  if constexpr (struct_as_map<O, T>()) {
    p = encoder::encode_map_header(p, n);
  } else {
    p = encoder::encode_array_header(p, n);
  }
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    const auto field = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if constexpr (struct_as_map<O, T>()) {
        constexpr auto& key = encoded_key<T, J>::bytes;
        std::memcpy(p, key.data(), key.size());
        p += key.size();
      }
      decltype(auto) member = spool::reflect::load<J>(obj);
      using M = field_type<O, T, J>;
      if constexpr (max_encoded_size<M>() != 0) {
        p = encode_bounded(p, member);
        return;
      } else if constexpr (local_value_room<M>() != 0) {
        const std::string_view s(member);
        if (s.size() <= format::fixstr_max_length) [[likely]] {
          p = encoder::encode_fixstr(p, s);
          return;
        }
      }
      e.set_cursor(p);
      write_value<O>(e, member);
      if constexpr (struct_room_from<O, T, J + 1>() != 0) e.reserve(struct_room_from<O, T, J + 1>());
      p = e.cursor();
    };
    (field(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<n>{});
  e.set_cursor(p);
}

template <write_options O, class T>
void write_struct(encoder& e, const T& obj) {
  constexpr std::size_t n = spool::reflect::field_count<T>;
  if constexpr (spool::detail::msgpack_struct_runs) {
    write_struct_runs<O>(e, obj);
  } else if constexpr (O.struct_as_array || as_array<T>()) {
    e.array_header(n);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (write_value<O>(e, spool::reflect::load<I>(obj)), ...);
    }(std::make_index_sequence<n>{});
  } else {
    e.map_header(n);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((e.raw(encoded_key<T, I>::bytes.data(), encoded_key<T, I>::bytes.size()),
        write_value<O>(e, spool::reflect::load<I>(obj))),
       ...);
    }(std::make_index_sequence<n>{});
  }
}

// ---- spool::value ----

// The most bytes a value takes when a container's loop encodes it in place: a number (9 bytes)
// or a fixstr (1 + 31).
inline constexpr std::size_t value_item_room = 1 + format::fixstr_max_length;

template <write_options O>
void write_tree(encoder& e, const spool::value& v);

template <write_options O>
[[gnu::noinline, gnu::flatten]] void write_tree_array(encoder& e, const spool::array& a);
template <write_options O>
[[gnu::noinline, gnu::flatten]] void write_tree_object(encoder& e, const spool::object& o);
// Long strings, binaries, date-times and extensions, through the encoder's checked writes.
template <write_options O>
[[gnu::noinline]] void write_tree_rare(encoder& e, const spool::value& v);

// Encodes `v` at p, which has value_item_room bytes of room before `limit`: null, booleans,
// numbers and short strings in place, with no call and no store of the cursor; anything else
// through the encoder, after which p and limit are taken back from it.
template <write_options O>
[[gnu::always_inline]] inline unsigned char* write_tree_item(encoder& e, unsigned char* p, unsigned char*& limit,
                                                             const spool::value& v) {
  switch (v.kind()) {
    case spool::kind::null: *p = format::nil; return p + 1;
    case spool::kind::boolean: return encoder::encode_boolean(p, *v.as_bool());
    case spool::kind::integer: return encoder::encode_sint(p, *v.as_int64());
    case spool::kind::floating: return encoder::encode_float64(p, *v.as_double());
    case spool::kind::string: {
      const std::string_view s = *v.as_string();
      if (s.size() <= format::fixstr_max_length) return encoder::encode_fixstr(p, s);
      break;
    }
    default: break;
  }
  e.set_cursor(p);
  if (const spool::array* a = v.if_array()) write_tree_array<O>(e, *a);
  else if (const spool::object* o = v.if_object()) write_tree_object<O>(e, *o);
  else write_tree_rare<O>(e, v);
  limit = e.limit();
  return e.cursor();
}

// Makes n bytes of room at the local cursor p: when [p, limit) is too short, the encoder grows
// and p and limit are taken back from it.
[[gnu::always_inline]] inline void make_local_room(encoder& e, unsigned char*& p, unsigned char*& limit,
                                                   std::size_t n) {
  if (static_cast<std::size_t>(limit - p) < n) [[unlikely]] {
    e.set_cursor(p);
    e.reserve(n);
    p = e.cursor();
    limit = e.limit();
  }
}

// A spool::value's arrays and objects are walked with a local cursor that the encoder sees again
// only around calls (stores through it would otherwise reload the encoder's own pointer), and
// room is checked once per element, or per member.
template <write_options O>
void write_tree_array(encoder& e, const spool::array& a) {
  e.array_header(a.size());
  if constexpr (!spool::detail::msgpack_value_runs) {
    for (const spool::value& item : a) write_tree<O>(e, item);
  } else {
    unsigned char* p = e.cursor();
    unsigned char* limit = e.limit();
    for (const spool::value& item : a) {
      make_local_room(e, p, limit, value_item_room);
      p = write_tree_item<O>(e, p, limit, item);
    }
    e.set_cursor(p);
  }
}

template <write_options O>
void write_tree_object(encoder& e, const spool::object& o) {
  e.map_header(o.size());
  if constexpr (!spool::detail::msgpack_value_runs) {
    for (const auto& m : o) {
      e.str(m.key());
      write_tree<O>(e, m.value);
    }
  } else {
    unsigned char* p = e.cursor();
    unsigned char* limit = e.limit();
    for (const auto& m : o) {
      make_local_room(e, p, limit, 2 * value_item_room);
      const std::string_view key = m.key();
      if (key.size() <= format::fixstr_max_length) [[likely]] {
        p = encoder::encode_fixstr(p, key);
      } else {
        e.set_cursor(p);
        e.str(key);
        p = e.cursor();
        limit = e.limit();
        make_local_room(e, p, limit, value_item_room);
      }
      p = write_tree_item<O>(e, p, limit, m.value);
    }
    e.set_cursor(p);
  }
}

template <write_options O>
void write_tree_rare(encoder& e, const spool::value& v) {
  v.visit([&](const auto& x) {
    using X = std::remove_cvref_t<decltype(x)>;
    if constexpr (std::is_same_v<X, std::nullptr_t>) e.nil();
    else if constexpr (std::is_same_v<X, spool::array>) write_tree_array<O>(e, x);
    else if constexpr (std::is_same_v<X, spool::object>) write_tree_object<O>(e, x);
    else if constexpr (std::is_same_v<X, spool::bytes_view>) e.bin(x.data(), x.size());
    else write_value<O>(e, x);  // long strings, unsigned integers, date-times, extensions
  });
}

template <write_options O>
void write_tree(encoder& e, const spool::value& v) {
  e.reserve(value_item_room);
  unsigned char* limit = e.limit();
  e.set_cursor(write_tree_item<O>(e, e.cursor(), limit, v));
}

// The most bytes T's encoding can take, for booleans, numbers and fixed-size arrays of them; 0
// for every type whose size depends on its value beyond that.
template <class T>
constexpr std::size_t max_encoded_size() {
  namespace d = spool::detail;
  if constexpr (d::boolean<T>) return 1;
  else if constexpr (d::integer<T>) return 9;
  else if constexpr (d::floating<T>) return sizeof(T) <= sizeof(float) ? 5 : 9;
  else if constexpr (d::fixed_array<T> && !d::byte_container<T>) {
    using E = std::remove_cvref_t<decltype(*std::begin(std::declval<T&>()))>;
    constexpr std::size_t n = sizeof(T) / sizeof(E);
    if constexpr (max_encoded_size<E>() == 0 || n > 0xffff) return 0;
    else return 5 + n * max_encoded_size<E>();
  } else return 0;
}

// Encodes a value of a bounded type at p, whose room the caller reserved (inlined for the same
// reason as the encoder's integer encoders).
template <class T>
[[gnu::always_inline]] inline unsigned char* encode_bounded(unsigned char* p, const T& v) noexcept {
  namespace d = spool::detail;
  if constexpr (d::boolean<T>) return encoder::encode_boolean(p, v);
  else if constexpr (d::integer<T> && std::is_signed_v<T>) return encoder::encode_sint(p, v);
  else if constexpr (d::integer<T>) return encoder::encode_uint(p, v);
  else if constexpr (d::floating<T> && sizeof(T) <= sizeof(float)) return encoder::encode_float32(p, v);
  else if constexpr (d::floating<T>) return encoder::encode_float64(p, static_cast<double>(v));
  else {
    p = encoder::encode_array_header(p, std::size(v));
    for (const auto& item : v) p = encode_bounded(p, item);
    return p;
  }
}

template <write_options O, class T>
void write_value(encoder& e, const T& v) {
  namespace d = spool::detail;
  if constexpr (std::is_same_v<T, spool::value>) {
    write_tree<O>(e, v);
  } else if constexpr (std::is_same_v<T, spool::msgpack::timestamp>) {
    e.timestamp(v);
  } else if constexpr (std::is_same_v<T, spool::offset_datetime>) {
    // The instant in UTC: the wire keeps no offset.
    const std::int64_t local = spool::detail::epoch_seconds(v.date, v.time);
    e.timestamp({local - std::int64_t{v.offset_minutes} * 60, v.time.nanosecond});
  } else if constexpr (std::is_same_v<T, spool::local_datetime> || std::is_same_v<T, spool::local_date> ||
                       std::is_same_v<T, spool::local_time>) {
    char text[spool::detail::max_datetime_text];
    e.str({text, spool::detail::format_datetime(text, v)});
  } else if constexpr (std::is_same_v<T, spool::ext>) {
    e.ext(v.type, v.data.data(), v.data.size());
  } else if constexpr (ext_type<T>) {
    using m = spool::detail::meta_of<T>;
    const auto& payload = m::to_ext(v);
    e.ext(static_cast<std::int8_t>(m::ext_type), std::ranges::data(payload),
          std::ranges::size(payload) * sizeof(*std::ranges::data(payload)));
  } else if constexpr (d::boolean<T>) {
    e.boolean(v);
  } else if constexpr (d::integer<T>) {
    if constexpr (std::is_signed_v<T>) e.sint(v);
    else e.uint(v);
  } else if constexpr (d::floating<T>) {
    if constexpr (sizeof(T) <= sizeof(float)) e.float32(v);
    else e.float64(static_cast<double>(v));
  } else if constexpr (d::owning_string<T> || d::string_view_like<T>) {
    e.str(v);
  } else if constexpr (d::char_array<T>) {
    // Up to the first NUL, or the whole array when it has none.
    e.str({v, static_cast<std::size_t>(std::find(std::begin(v), std::end(v), '\0') - std::begin(v))});
  } else if constexpr (d::byte_container<T>) {
    e.bin(std::ranges::data(v), std::ranges::size(v));
  } else if constexpr (d::enum_type<T>) {
    if (std::string_view name = spool::reflect::enum_name(v); !name.empty()) e.str(name);
    else write_value<O>(e, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (d::optional_like<T> || d::pointer_like<T>) {
    if (v) write_value<O>(e, *v);
    else e.nil();
  } else if constexpr (d::variant_like<T>) {
    std::visit([&](const auto& alt) { write_value<O>(e, alt); }, v);
  } else if constexpr (std::is_same_v<T, std::monostate>) {
    e.nil();
  } else if constexpr (d::tuple_like<T>) {
    e.array_header(std::tuple_size_v<T>);
    std::apply([&](const auto&... item) { (write_value<O>(e, item), ...); }, v);
  } else if constexpr (d::map_like<T>) {
    e.map_header(std::ranges::size(v));
    for (const auto& [key, item] : v) {
      write_value<O>(e, key);
      write_value<O>(e, item);
    }
  } else if constexpr (d::sequence<T> || d::fixed_array<T> || d::set_like<T>) {
    const auto n = static_cast<std::size_t>(std::ranges::distance(v));
    using E = std::remove_cvref_t<std::ranges::range_reference_t<const T&>>;
    if constexpr (max_encoded_size<E>() != 0) {
      // One reservation for the whole run (arrays of numbers, of coordinate pairs...).
      if (n <= 0xffff'ffff) {
        e.reserve(5 + n * max_encoded_size<E>());
        unsigned char* p = encoder::encode_array_header(e.cursor(), n);
        for (const auto& item : v) p = encode_bounded(p, item);
        e.set_cursor(p);
        return;
      }
    }
    e.array_header(n);
    for (const auto& item : v) write_value<O>(e, item);
  } else if constexpr (d::chrono_time_point<T>) {
    static_assert(std::is_same_v<typename T::clock, std::chrono::system_clock>,
                  "MessagePack timestamps are system_clock instants; convert other clocks first");
    e.timestamp(spool::msgpack::timestamp::from(v));
  } else if constexpr (d::chrono_duration<T>) {
    write_value<O>(e, v.count());
  } else if constexpr (d::reflected<T>) {
    write_struct<O>(e, v);
  } else {
    static_assert(sizeof(T) == 0, "spool::msgpack cannot write this type; describe it with spool::meta");
  }
}

}  // namespace spool::msgpack::detail
