// Maps MessagePack onto C++ types: the mirror of writer.hpp, one function per category, reading in
// one pass from the decoder's cursor straight into the target.
//
// What each target accepts (anything else is errc::unexpected_type with the offset of the value):
//   integers      any integer form whose value fits (else errc::out_of_range)
//   floats        float32, float64 (range-checked into float), integers
//   std::string   str, validated as UTF-8 unless read_options::validate_utf8 is off
//   byte containers  bin or str
//   std::string_view, std::span<const std::byte>   the same, pointing into the input (zero copy:
//                 valid as long as the input buffer is)
//   structs       a map keyed by field name (the next field in declaration order is tried before
//                 the plan's index) or an array in field order, whatever the writer chose
//   enums         the enumerator's name or its number
//   variants      the first alternative that accepts the value's wire family
//   timestamps    the timestamp extension into sys_time, spool::msgpack::timestamp,
//                 spool::offset_datetime (UTC)
//
// spool/msgpack.hpp holds the public entry points; this header is their machinery.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include <spool/datetime.hpp>
#include <spool/detail/map_refill.hpp>
#include <spool/detail/reflect/field_order.hpp>
#include <spool/detail/string_in_place.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/error.hpp>
#include <spool/msgpack/decoder.hpp>
#include <spool/msgpack/ext.hpp>
#include <spool/msgpack/format.hpp>
#include <spool/msgpack/options.hpp>
#include <spool/msgpack/timestamp.hpp>
#include <spool/msgpack/writer.hpp>
#include <spool/reflect.hpp>
#include <spool/value.hpp>

namespace spool::msgpack::detail {

template <read_options O, class T>
bool read_value(decoder& d, T& out);

template <read_options O>
bool read_dynamic(decoder& d, spool::value& out);

// read_value for a struct member or a container element: numbers and booleans are read inline in
// the caller's loop (the decoder's fast paths are a few instructions, less than the call), the
// rest through read_value.
template <read_options O, class T>
[[gnu::always_inline]] inline bool read_element(decoder& d, T& out) {
  if constexpr (spool::detail::integer<T>) return d.integral(out);
  else if constexpr (spool::detail::floating<T>) return d.floating(out);
  else if constexpr (spool::detail::boolean<T>) return d.boolean(out);
  else return read_value<O>(d, out);
}

// The same options without UTF-8 validation: a map key that matches a field name is valid
// because the name is, so keys are validated only when they match nothing.
template <read_options O>
inline constexpr read_options unvalidated = [] {
  read_options o = O;
  o.validate_utf8 = false;
  return o;
}();

// A map key as a path segment.
template <class K>
std::string key_text(const K& key) {
  if constexpr (std::is_convertible_v<const K&, std::string_view>) return std::string(std::string_view(key));
  else if constexpr (spool::detail::integer<K>) return std::to_string(key);
  else if constexpr (spool::detail::enum_type<K>) return std::string(spool::reflect::enum_name(key));
  else return "(key)";
}

// The instant as an offset_datetime in UTC; false outside the years 0000-9999.
inline bool offset_from_timestamp(spool::msgpack::timestamp t, spool::offset_datetime& out) {
  auto dt = spool::offset_datetime::from_sys_time(std::chrono::sys_seconds{std::chrono::seconds{t.seconds}});
  if (!dt) return false;
  out = *dt;
  out.time.nanosecond = t.nanoseconds;
  return true;
}

// ---- families a target accepts (for variants) ----

template <class T>
constexpr bool accepts(format::family f) {
  namespace d = spool::detail;
  using format::family;
  if constexpr (std::is_same_v<T, spool::value>) {
    return true;
  } else if constexpr (std::is_same_v<T, std::monostate> || d::optional_like<T> || d::pointer_like<T>) {
    return f == family::nil;
  } else if constexpr (d::boolean<T>) {
    return f == family::boolean;
  } else if constexpr (d::integer<T> || d::chrono_duration<T>) {
    return f == family::integer;
  } else if constexpr (d::floating<T>) {
    return f == family::floating || f == family::integer;
  } else if constexpr (d::byte_container<T>) {
    return f == family::binary;
  } else if constexpr (d::owning_string<T> || d::string_view_like<T> || d::char_array<T> || d::enum_type<T> ||
                       std::is_same_v<T, spool::local_datetime> || std::is_same_v<T, spool::local_date> ||
                       std::is_same_v<T, spool::local_time>) {
    return f == family::string;
  } else if constexpr (std::is_same_v<T, spool::msgpack::timestamp> || std::is_same_v<T, spool::offset_datetime> ||
                       std::is_same_v<T, spool::ext> || ext_type<T> || d::chrono_time_point<T>) {
    return f == family::ext;
  } else if constexpr (d::map_like<T>) {
    return f == family::map;
  } else if constexpr (d::sequence<T> || d::fixed_array<T> || d::set_like<T> || d::tuple_like<T>) {
    return f == family::array;
  } else if constexpr (d::reflected<T>) {
    return f == family::map || f == family::array;
  } else {
    return false;
  }
}

// ---- structs ----

template <read_options O, class T>
inline constexpr bool absent_fields_matter = spool::detail::absent_fields_matter<T, O.require_all_fields>;

// Fields the document did not give: defaults, or missing_key for required ones.
template <read_options O, class T, std::size_t N>
bool complete_struct(decoder& d, T& obj, const spool::struct_plan& plan, const std::bitset<N>& seen,
                     const unsigned char* at) {
  if constexpr (!absent_fields_matter<O, T>) return true;
  if (seen.all()) return true;
  for (std::size_t i = 0; i < N; ++i) {
    if (seen[i]) continue;
    const spool::field_plan& field = plan.fields()[i];
    if (O.require_all_fields || field.required) {
      d.fail(errc::missing_key, at);  // the offset of the struct that lacks it
      d.error.detail = "no value for '" + std::string(field.name) + "'";
      d.error.at_key(field.name);
      return false;
    }
    if constexpr (spool::reflect::has_defaults<T>) spool::reflect::apply_default(obj, i);
  }
  return true;
}

// Whether the input continues with field I's key in the form spool's writer gives it (encoded_key:
// the shortest str header, then the text), compared with constant bytes; if so the cursor moves
// past it. A key equal to a declared name needs no UTF-8 check of its own.
// The cursor is the caller's local `p`; `safe` is a point before which more than the longest
// field key's bytes are left (keys_safe_end), so a key at p needs no test of the bytes left of its
// own, one comparison of two registers instead of the end's load and a subtraction; from `safe`
// on, the bytes left are tested against this key's length, as before.
template <read_options O, class T, std::size_t I>
[[gnu::always_inline]] inline bool next_is_field(const unsigned char*& p, const unsigned char* safe,
                                                 const decoder& d) {
  constexpr std::size_t length = spool::reflect::field_name<T, I>.size();
  if constexpr (length > 0xffff || length > O.max_string_length) {
    return false;
  } else {
    constexpr auto& bytes = encoded_key<T, I>::bytes;
    if constexpr (!spool::detail::msgpack_key_safe_end) {
      return decoder::next_is_at(p, d.end, bytes);
    } else {
      if (p >= safe && static_cast<std::size_t>(d.end - p) <= bytes.size()) return false;
      return decoder::next_is_within(p, bytes);
    }
  }
}

// The longest key of T's fields as encoded_key writes it.
template <class T>
inline constexpr std::size_t longest_key = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::max({std::size_t{0}, encoded_key<T, I>::bytes.size()...});
}(std::make_index_sequence<spool::reflect::field_count<T>>{});

// The point of the input before which more than T's longest key's bytes are left (the cursor
// itself when the input is shorter than that: every key is then tested on its own).
template <class T>
[[gnu::always_inline]] inline const unsigned char* keys_safe_end(const decoder& d) {
  if constexpr (!spool::detail::msgpack_key_safe_end) return nullptr;  // unused
  else return d.remaining() > longest_key<T> ? d.end - longest_key<T> : d.pos;
}

// The in-order loop reaches members through detail/reflect/field_order.hpp's pointers, unless
// SPOOL_DISABLE_MSGPACK_DIRECT_MEMBERS.
inline constexpr bool direct_members = spool::detail::msgpack_direct_members;

// Reads the entries of a map whose keys are T's fields in declaration order (what spool and most
// writers produce), some possibly absent (documents leave out optional fields): each field's key,
// known at compile time, is compared with the input in turn, and on a match the value is read
// straight into the member, with no plan, no index and no call through a table; a field whose key
// is not next is passed over, at the cost of that one comparison. Marks the fields read in `seen`
// and returns the entries read; stops at the end of the map, after the last field, or at an error
// (`failed`). Keys it did not take (out of order, unknown, repeated) are left to the general loop.
// Up to 64 fields are marked in a word (a constant bit per field: std::bitset's reference proxy
// is not always inlined in a fold this long).
template <read_options O, class T, std::size_t N>
[[gnu::always_inline]] inline std::uint32_t read_fields_in_order(decoder& d, T& obj, std::uint32_t n,
                                                                 std::bitset<N>& seen, bool& failed) {
  std::uint32_t done = 0;
  std::uint64_t marks = 0;
  const auto refs = spool::detail::member_refs<direct_members>(obj);
  // The keys are compared on a local copy of the cursor, which stays in a register from key to
  // key (no store to d.pos per key, no reload after a store); d.pos is set from it before each
  // value is read and taken back after, so d.pos == p whenever the loop stops. A key before
  // `safe` is compared with no test of the bytes left; past it the end is read from d.end: held
  // in a register too, it costs spills in structs of many fields.
  const unsigned char* p = d.pos;
  const unsigned char* const safe = keys_safe_end<T>(d);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (void)((done < n &&
            (!next_is_field<O, T, I>(p, safe, d) ||
             (spool::detail::store_member<I, direct_members>(obj, refs,
                             [&](auto& member) __attribute__((always_inline)) {
                               d.pos = p;
                               const bool ok = read_element<O>(d, member);
                               p = d.pos;
                               return ok;
                             })
                  ? (++done, N <= 64 ? void(marks |= std::uint64_t{1} << (I % 64)) : void(seen.set(I)), true)
                  : (failed = true, d.error.at_key(spool::reflect::field_name<T, I>), false)))) &&
           ...);
  }(std::make_index_sequence<N>{});
  if constexpr (N <= 64) seen = std::bitset<N>(marks);
  return done;
}

template <read_options O, class T>
bool read_struct_map(decoder& d, T& obj, const unsigned char* at, std::uint32_t n) {
  constexpr std::size_t fields = spool::reflect::field_count<T>;
  std::bitset<fields> seen;
  std::uint32_t k = 0;
  std::size_t expected = 0;
  if constexpr (spool::detail::msgpack_ordered_fields) {
    bool failed = false;
    k = read_fields_in_order<O>(d, obj, n, seen, failed);
    if (failed) return false;
    if (k == n) {
      if constexpr (!absent_fields_matter<O, T>) return true;
      if (seen.all()) return true;
    }
    expected = fields;  // the keys left came out of order: no next key to predict
  }
  const spool::struct_plan& plan = d.memo.get<T>();
  for (; k < n; ++k) {
    const unsigned char* key_at = d.pos;
    std::string_view key;
    std::ptrdiff_t i;
    // Members usually come in declaration order: the input's bytes are compared with the next
    // declared key's fixstr before the key is decoded and looked up.
    if (spool::detail::msgpack_key_prediction && expected < fields && d.next_is_key<O>(plan.fields()[expected].name)) {
      i = static_cast<std::ptrdiff_t>(expected);
      key = plan.fields()[expected].name;  // spelled as in the input
    } else {
      if (!d.str<unvalidated<O>>(key)) return false;
      if (expected < fields && plan.fields()[expected].name == key) i = static_cast<std::ptrdiff_t>(expected);
      else i = plan.find(key);
    }
    if (i < 0) {
      if constexpr (O.validate_utf8) {
        if (!d.utf8(key.data(), key.data() + key.size())) return false;
      }
      if constexpr (O.error_on_unknown_keys) {
        d.fail(errc::unknown_key, key_at);
        d.error.at_key(key);
        return false;
      }
      if (!d.skip<O>()) {
        d.error.at_key(key);
        return false;
      }
      continue;
    }
    const auto index = static_cast<std::size_t>(i);
    if (seen[index]) [[unlikely]] {
      d.fail(errc::duplicate_key, key_at);
      d.error.at_key(key);
      return false;
    }
    seen[index] = true;
    if (!spool::reflect::store_at(obj, index, [&](auto& member) { return read_element<O>(d, member); })) {
      d.error.at_key(plan.fields()[index].name);
      return false;
    }
    expected = index + 1;
  }
  return complete_struct<O>(d, obj, plan, seen, at);
}

template <read_options O, class T>
bool read_struct_array(decoder& d, T& obj, const unsigned char* at, std::uint32_t n) {
  constexpr std::size_t fields = spool::reflect::field_count<T>;
  std::bitset<fields> seen;
  const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ([&] {
      if (I >= n) return true;
      seen[I] = true;
      if (spool::reflect::store<I>(obj, [&](auto& member) { return read_element<O>(d, member); })) return true;
      d.error.at_index(I);
      return false;
    }() && ...);
  }(std::make_index_sequence<fields>{});
  if (!ok) return false;
  for (std::size_t i = fields; i < n; ++i) {
    if constexpr (O.error_on_unknown_keys) {
      d.fail(errc::unknown_key, d.pos);
      d.error.detail = "an array of " + std::to_string(n) + " elements for a struct of " + std::to_string(fields) +
                       " fields";
      return false;
    }
    if (!d.skip<O>()) return d.error.at_index(i), false;
  }
  if (n >= fields) return true;
  return complete_struct<O>(d, obj, d.memo.get<T>(), seen, at);
}

template <read_options O, class T>
bool read_struct(decoder& d, T& obj) {
  if (!d.enter<O>() || !d.need(1)) return false;
  const unsigned char* at = d.pos;
  const bool as_map = format::family_of(*at) == format::family::map;
  std::uint32_t n = 0;
  if (!(as_map ? d.map_header<O>(n) : d.array_header<O>(n))) {
    if (d.error.code == errc::unexpected_type) d.error.expected = "map or array (a struct)";
    return false;
  }
  if (!(as_map ? read_struct_map<O>(d, obj, at, n) : read_struct_array<O>(d, obj, at, n))) return false;
  d.leave();
  return true;
}

// ---- containers ----

// Reads into every element of a container already sized to the array, then leaves its level.
template <read_options O, class C>
bool read_elements(decoder& d, C& out) {
  std::size_t i = 0;
  for (auto& item : out) {
    if (!read_element<O>(d, item)) return d.error.at_index(i), false;
    ++i;
  }
  d.leave();
  return true;
}

// The elements to reserve for an array of n whose elements are built as they arrive. All n when
// they take no more than a fixed multiple of the bytes left (every element is at least one byte
// of them, so a header cannot make memory grow faster than the input), else the bounded budget.
template <class Item>
std::size_t reserve_for(const decoder& d, std::uint32_t n, std::size_t budget_elements) {
  if constexpr (!spool::detail::msgpack_exact_reserve) return budget_elements;
  constexpr std::size_t bytes_per_input_byte = 8;
  const std::size_t paid = d.remaining() * bytes_per_input_byte / sizeof(Item);
  return std::min<std::size_t>(n, std::max(budget_elements, paid));
}

template <read_options O, class C>
bool read_sequence(decoder& d, C& out) {
  std::uint32_t n = 0;
  if (!d.enter<O>() || !d.array_header<O>(n)) return false;
  using item_type = typename C::value_type;
  // The count is checked against the bytes left, but one byte can claim an element of hundreds:
  // construct up front only what a bounded budget pays for, and past it grow as elements arrive.
  constexpr std::size_t upfront_elements = std::max<std::size_t>(1, 64 * 1024 / sizeof(item_type));
  bool in_place = false;
  if constexpr (!std::is_same_v<item_type, bool> && requires { out.resize(n); })
    in_place = n <= upfront_elements || n <= out.size();
  if (!in_place) {
    if constexpr (spool::detail::map_node_reuse && spool::detail::node_container<C>) {
      // A set is refilled with the nodes it holds, each element read into one of them (reset
      // first), not emptied and allocated again.
      spool::detail::map_refill refill(out, n);
      for (std::uint32_t i = 0; i < n; ++i) {
        if (!read_element<O>(d, refill.element())) return d.error.at_index(i), false;
        refill.commit();
      }
      d.leave();
      return true;
    }
    out.clear();
    if constexpr (spool::detail::msgpack_batched_elements && !std::is_same_v<item_type, bool> &&
                  requires { out.resize(n); out.reserve(n); out[0]; }) {
      // Constructed a budget's worth at a time, each batch once the elements before it are read
      // (every one took at least a byte of input), then read in place: no call per element.
      out.reserve(reserve_for<item_type>(d, n, upfront_elements));
      for (std::size_t i = 0; i < n;) {
        const std::size_t batch_end = std::min<std::size_t>(n, i + upfront_elements);
        out.resize(batch_end);
        for (; i < batch_end; ++i) {
          if (!read_element<O>(d, out[i])) return d.error.at_index(i), false;
        }
      }
    } else if constexpr (!std::is_same_v<item_type, bool> && requires { out.emplace_back(); }) {
      // Read where the element stays: a large struct moves only when the vector grows.
      if constexpr (requires { out.reserve(n); }) out.reserve(reserve_for<item_type>(d, n, upfront_elements));
      for (std::uint32_t i = 0; i < n; ++i) {
        if (!read_element<O>(d, out.emplace_back())) return d.error.at_index(i), false;
      }
    } else {
      for (std::uint32_t i = 0; i < n; ++i) {
        item_type item{};
        if (!read_element<O>(d, item)) return d.error.at_index(i), false;
        out.insert(out.end(), std::move(item));
      }
    }
  } else if constexpr (!std::is_same_v<item_type, bool> && requires { out.resize(n); }) {
    // Elements read in place, so reading into a warm container reuses their capacity too.
    out.resize(n);
    return read_elements<O>(d, out);
  }
  d.leave();
  return true;
}

// Out of line: the message's strings would otherwise be built in every caller's frame.
[[gnu::cold, gnu::noinline]] inline bool wrong_length(decoder& d, const unsigned char* at, std::size_t size,
                                                     std::uint32_t n) {
  return d.fail(errc::unexpected_type, at, "array of " + std::to_string(size) + " elements",
                "array of " + std::to_string(n) + " elements");
}

// The header of an array that must hold exactly `size` elements; enters its nesting level.
template <read_options O>
[[gnu::always_inline]] inline bool read_fixed(decoder& d, std::size_t size) {
  const unsigned char* at = d.pos;
  std::uint32_t n = 0;
  if (!d.enter<O>() || !d.array_header<O>(n)) return false;
  if (n != size) [[unlikely]] return wrong_length(d, at, size, n);
  return true;
}

template <read_options O, class M>
bool read_map(decoder& d, M& out) {
  std::uint32_t n = 0;
  if (!d.enter<O>() || !d.map_header<O>(n)) return false;
  if constexpr (spool::detail::map_node_reuse && spool::detail::node_container<M>) {
    // The nodes the map holds are refilled (a key it had keeps its value and that value's
    // capacity), not freed and allocated again.
    spool::detail::map_refill refill(out, n);
    for (std::uint32_t i = 0; i < n; ++i) {
      const unsigned char* key_at = d.pos;
      typename M::key_type key{};
      if (!read_value<O>(d, key)) return false;
      bool repeated = false;
      auto& entry = refill.slot(std::move(key), repeated);
      if (repeated) [[unlikely]] {
        d.fail(errc::duplicate_key, key_at);
        d.error.at_key(key_text(key));
        return false;
      }
      if (!read_value<O>(d, entry.second)) return d.error.at_key(key_text(entry.first)), false;
    }
    d.leave();
    return true;
  }
  out.clear();
  for (std::uint32_t i = 0; i < n; ++i) {
    const unsigned char* key_at = d.pos;
    typename M::key_type key{};
    if (!read_value<O>(d, key)) return false;
    auto [it, inserted] = out.try_emplace(std::move(key));
    if (!inserted) [[unlikely]] {
      d.fail(errc::duplicate_key, key_at);
      d.error.at_key(key_text(it->first));
      return false;
    }
    if (!read_value<O>(d, it->second)) return d.error.at_key(key_text(it->first)), false;
  }
  d.leave();
  return true;
}

// ---- the dispatch ----

template <read_options O, class T>
bool read_variant(decoder& d, T& out) {
  if (!d.need(1)) return false;
  const format::family f = format::family_of(*d.pos);
  bool matched = false;
  bool ok = false;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((!matched && accepts<std::variant_alternative_t<I, T>>(f)
          ? (matched = true, ok = read_value<O>(d, out.template emplace<I>()))
          : false),
     ...);
  }(std::make_index_sequence<std::variant_size_v<T>>{});
  if (!matched) return d.mismatch(d.pos, "a value of one of the variant's types");
  return ok;
}

// A str into a std::string. Flattened: everything it calls (the decoder's str, the string's
// construction, erase and append) is inlined into it, which GCC otherwise decides call by call
// and, in a translation unit with many string calls, leaves the string's constructor, append and
// memcpy out of line. The decoder's failures are noinline, so they stay calls.
template <read_options O, class T>
[[gnu::flatten]] bool read_string(decoder& d, T& out) {
  std::string_view s;
  if (!d.str<O>(s)) return false;
  if constexpr (spool::detail::msgpack_short_string_copy && std::is_same_v<typename T::value_type, char>) {
    // A text of up to 15 bytes (most values: names, ids, codes) into a string that holds no
    // buffer of its own (a fresh member, or one of 15 bytes' room): made from the 15 bytes at the
    // text, which the input holds (the bytes after the text are only copied), then cut to the
    // text's length. A copy of a constant length is two loads and two stores, where a length known
    // only at run time is a call of memcpy, and construction skips clear() and append()'s tests.
    constexpr std::size_t block = 15;
    if (s.size() <= block && out.capacity() <= block &&
        d.end - reinterpret_cast<const unsigned char*>(s.data()) >= static_cast<std::ptrdiff_t>(block)) {
      spool::detail::construct_string_in_place(out, std::string_view(s.data(), block));
      out.erase(s.size());
      return true;
    }
  }
  // A string without room is built anew (one allocation and copy), which costs less than the
  // general replace path of assign(); one with room keeps its buffer and is appended to once
  // emptied (append has no overlap to handle).
  if (s.size() > out.capacity()) {
    if constexpr (spool::detail::msgpack_string_in_place) {
      spool::detail::construct_string_in_place(out, s);
    } else {
      out = T(s.data(), s.size(), out.get_allocator());
    }
    return true;
  }
  out.clear();
  out.append(s.data(), s.size());
  return true;
}

template <read_options O, class T>
bool read_value(decoder& d, T& out) {
  namespace sd = spool::detail;
  if constexpr (std::is_same_v<T, spool::value>) {
    return read_dynamic<O>(d, out);
  } else if constexpr (sd::integer<T>) {
    return d.integral(out);
  } else if constexpr (sd::floating<T>) {
    return d.floating(out);
  } else if constexpr (sd::boolean<T>) {
    return d.boolean(out);
  } else if constexpr (sd::owning_string<T>) {
    return read_string<O>(d, out);
  } else if constexpr (sd::string_view_like<T>) {
    return d.str<O>(out);
  } else if constexpr (sd::char_array<T>) {
    const unsigned char* at = d.pos;
    std::string_view s;
    if (!d.str<O>(s)) return false;
    if (s.size() >= std::size(out)) {  // room for the terminating NUL
      d.fail(errc::size_exceeded, at);
      d.error.detail = "a string of " + std::to_string(s.size()) + " bytes for char[" + std::to_string(std::size(out)) + "]";
      return false;
    }
    std::char_traits<char>::copy(out, s.data(), s.size());
    out[s.size()] = '\0';
    return true;
  } else if constexpr (sd::byte_container<T>) {
    const unsigned char* at = d.pos;
    const unsigned char* data = nullptr;
    std::size_t n = 0;
    if (!d.bytes<O>(data, n)) return false;
    using byte_type = std::remove_cv_t<std::ranges::range_value_t<T>>;
    const auto* first = reinterpret_cast<const byte_type*>(data);
    if constexpr (requires { out.assign(first, first + n); }) {
      out.assign(first, first + n);
    } else if constexpr (std::is_constructible_v<T, const byte_type*, std::size_t>) {
      out = T(first, n);  // a span: points into the input
    } else {
      if (n != std::size(out)) {
        return d.fail(errc::unexpected_type, at, "binary of " + std::to_string(std::size(out)) + " bytes",
                      "binary of " + std::to_string(n) + " bytes");
      }
      std::copy(first, first + n, std::begin(out));
    }
    return true;
  } else if constexpr (std::is_same_v<T, spool::msgpack::timestamp>) {
    return d.timestamp<O>(out);
  } else if constexpr (std::is_same_v<T, spool::offset_datetime> || sd::chrono_time_point<T>) {
    const unsigned char* at = d.pos;
    spool::msgpack::timestamp t;
    if (!d.timestamp<O>(t)) return false;
    if constexpr (sd::chrono_time_point<T>) {
      static_assert(std::is_same_v<typename T::clock, std::chrono::system_clock>,
                    "MessagePack timestamps are system_clock instants; read sys_time and convert");
      if (t.to(out)) return true;
    } else {
      if (offset_from_timestamp(t, out)) return true;
    }
    d.fail(errc::out_of_range, at, "timestamp");
    d.error.detail = "the instant does not fit the target type";
    return false;
  } else if constexpr (std::is_same_v<T, spool::local_datetime> || std::is_same_v<T, spool::local_date> ||
                       std::is_same_v<T, spool::local_time>) {
    std::string_view s;
    if (!d.str<O>(s)) return false;
    auto parsed = spool::parse_datetime<T>(s);
    if (!parsed) {
      d.error = std::move(parsed).error();
      d.error.offset += d.offset_of(reinterpret_cast<const unsigned char*>(s.data()));  // from text to input
      return false;
    }
    out = *parsed;
    return true;
  } else if constexpr (std::is_same_v<T, spool::ext> || ext_type<T>) {
    std::int8_t type = 0;
    const unsigned char* data = nullptr;
    const unsigned char* at = nullptr;
    std::size_t n = 0;
    if (!d.ext<O>(type, data, n, at)) return false;
    const auto* first = reinterpret_cast<const std::byte*>(data);
    if constexpr (std::is_same_v<T, spool::ext>) {
      out.type = type;
      out.data.assign(first, first + n);
      return true;
    } else {
      if (type != static_cast<std::int8_t>(spool::detail::meta_of<T>::ext_type)) {
        return d.fail(errc::unexpected_type, at, "extension type " + std::to_string(spool::detail::meta_of<T>::ext_type),
                      "extension type " + std::to_string(type));
      }
      if (spool::detail::meta_of<T>::from_ext(std::span<const std::byte>(first, n), out)) return true;
      return d.fail(errc::syntax, at, "a valid extension payload");
    }
  } else if constexpr (sd::enum_type<T>) {
    const unsigned char* at = d.pos;
    if (d.need(1) && format::family_of(*at) == format::family::string) {
      std::string_view name;
      if (!d.str<O>(name)) return false;
      if (auto e = spool::reflect::enum_from_name<T>(name)) {
        out = *e;
        return true;
      }
      d.fail(errc::out_of_range, at, "an enumerator name");
      d.error.detail = "'" + std::string(name) + "' names no enumerator";
      return false;
    }
    std::underlying_type_t<T> number{};
    if (!d.integral(number)) {
      if (d.error.code == errc::unexpected_type) d.error.expected = "enumerator name or number";
      return false;
    }
    out = static_cast<T>(number);
    return true;
  } else if constexpr (sd::optional_like<T>) {
    if (d.nil_next()) {
      ++d.pos;
      out.reset();
      return true;
    }
    if (!out) out.emplace();
    return read_value<O>(d, *out);
  } else if constexpr (sd::pointer_like<T>) {
    if (d.nil_next()) {
      ++d.pos;
      out.reset();
      return true;
    }
    using element = typename T::element_type;
    if (!out) {
      if constexpr (requires { std::make_unique<element>(); } && std::is_same_v<T, std::unique_ptr<element>>) {
        out = std::make_unique<element>();
      } else {
        out = std::make_shared<element>();
      }
    }
    return read_value<O>(d, *out);
  } else if constexpr (sd::variant_like<T>) {
    return read_variant<O>(d, out);
  } else if constexpr (std::is_same_v<T, std::monostate>) {
    if (d.nil_next()) return ++d.pos, true;
    return d.need(1) && d.mismatch(d.pos, "nil");
  } else if constexpr (sd::tuple_like<T>) {
    if (!read_fixed<O>(d, std::tuple_size_v<T>)) return false;
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return ((read_value<O>(d, std::get<I>(out)) || (d.error.at_index(I), false)) && ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
    if (ok) d.leave();
    return ok;
  } else if constexpr (sd::fixed_array<T>) {
    return read_fixed<O>(d, std::size(out)) && read_elements<O>(d, out);
  } else if constexpr (sd::map_like<T>) {
    return read_map<O>(d, out);
  } else if constexpr (sd::sequence<T> || sd::set_like<T>) {
    return read_sequence<O>(d, out);
  } else if constexpr (sd::chrono_duration<T>) {
    typename T::rep count{};
    if (!read_value<O>(d, count)) return false;
    out = T(count);
    return true;
  } else if constexpr (sd::reflected<T>) {
    return read_struct<O>(d, out);
  } else {
    static_assert(sizeof(T) == 0, "spool::msgpack cannot read this type; describe it with spool::meta");
  }
}

}  // namespace spool::msgpack::detail
