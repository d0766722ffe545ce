// spool::value from MessagePack: the reader below, and the mapping both directions keep (writer.hpp
// walks a spool::value to write it).
//
//   msgpack          spool::value
//   nil, bool        null, boolean
//   int / uint       integer (uint64 above INT64_MAX: unsigned_integer)
//   float32/64       floating (written back as float64: a value holds doubles)
//   str, bin         string, binary
//   array, map       array, object; integer map keys become their decimal text, other non-string
//                    keys are errc::unexpected_type (an object's keys are strings)
//   timestamp (-1)   offset_datetime in UTC; an instant outside the years 0000-9999 stays an ext
//   other ext        ext
//
// Local date-time kinds, which MessagePack has no form for, are written as RFC 3339 strings.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <spool/detail/config.hpp>
#include <spool/detail/value/builder.hpp>
#include <spool/msgpack/decoder.hpp>
#include <spool/msgpack/format.hpp>
#include <spool/msgpack/options.hpp>
#include <spool/msgpack/reader.hpp>
#include <spool/msgpack/timestamp.hpp>
#include <spool/value.hpp>

namespace spool::msgpack::detail {

// The document's values wait on the thread's value_builder (detail/value/builder.hpp). An array
// is made when its header is read, with room for the count the header gives, and its elements go
// straight into it; so is a map (its members appended as their keys are read, each value made in
// its member), whose keys are checked for repeats as they come (up to 16) or when it closes, the
// first repeat reported once every value is read, as when the map was built from the builder's
// stacks at its close (SPOOL_DISABLE_MSGPACK_DIRECT_MAPS: built so).
//
// push_dynamic is inlined into the loops of the container readers, so that a scalar element (most
// of a document) costs no call: only a nested container, binary or ext goes out of line
// (SPOOL_DISABLE_MSGPACK_INLINE_SCALARS: every element through a call).
template <read_options O>
bool push_dynamic(decoder& d, spool::detail::value_builder& b);

// Where push_dynamic_here puts the value it reads: on top of the builder's stack, or at the end
// of an array made with room for all its elements. Containers, binaries and ext values are always
// pushed by their own readers; onto_array then moves them from the stack to the array.
struct onto_stack {
  spool::detail::value_builder& b;
  template <class... Args>
  [[gnu::always_inline]] void put(Args&&... args) {
    b.push_inline(std::forward<Args>(args)...);
  }
  void pushed() noexcept {}
};
struct onto_array {
  spool::detail::value_builder& b;
  spool::array& elements;
  template <class... Args>
  [[gnu::always_inline]] void put(Args&&... args) {
    elements.emplace_back(std::forward<Args>(args)...);
  }
  void pushed() noexcept { b.pop_onto(elements); }
};

template <read_options O, class Place>
[[gnu::always_inline]] inline bool push_dynamic_here(decoder& d, spool::detail::value_builder& b, Place place);
template <read_options O>
bool push_dynamic_called(decoder& d, spool::detail::value_builder& b);

// Whether the n values at the cursor are all float64s (their 9 bytes each within the input),
// looked at from their tags alone; stops at the first other tag, mostly the first.
[[gnu::always_inline]] inline bool all_float64(const decoder& d, std::uint32_t n) noexcept {
  constexpr std::size_t element_bytes = 1 + sizeof(double);
  if (n == 0 || d.remaining() / element_bytes < n) return false;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (d.pos[i * element_bytes] != format::float64) return false;
  }
  return true;
}

template <read_options O>
[[gnu::noinline]] bool push_dynamic_array(decoder& d, spool::detail::value_builder& b) {
  std::uint32_t n = 0;
  if (!d.enter<O>() || !d.array_header<O>(n)) return false;
  if constexpr (spool::detail::msgpack_direct_arrays) {
    // The header gives the count (no more than the bytes left): the array is made with room for
    // exactly that many, owned by the stack from the start, and each scalar element is made at
    // its end, never on the stack and never copied. (Made as n nulls instead, each array cost a
    // call to memset.)
    spool::array& elements = b.push_array_with_room(n);
    if constexpr (spool::detail::msgpack_float_runs) {
      // An array of float64s only (a coordinate: canada's [x, y]) is filled by a loop of its own,
      // its tags checked first, with no switch per element.
      if (all_float64(d, n)) {
        for (std::uint32_t i = 0; i < n; ++i) {
          elements.emplace_back(std::bit_cast<double>(format::load_be<std::uint64_t>(d.pos + 1)));
          d.pos += 1 + sizeof(double);
        }
        d.leave();
        return true;
      }
    }
    for (std::uint32_t i = 0; i < n; ++i) {
      if constexpr (spool::detail::msgpack_inline_scalars) {
        if (!push_dynamic_here<O>(d, b, onto_array{b, elements})) return d.error.at_index(i), false;
      } else {
        if (!push_dynamic_called<O>(d, b)) return d.error.at_index(i), false;
        b.pop_onto(elements);
      }
    }
  } else if (n <= spool::detail::value_builder::longest_pending_array) {
    const std::size_t first = b.position().values;
    for (std::uint32_t i = 0; i < n; ++i) {
      if (!push_dynamic<O>(d, b)) return d.error.at_index(i), false;
    }
    b.close_array(first);
  } else {
    // A long array (its count paid for by the input) is made at its size and takes each
    // element as it is read, so that the stack never holds it a second time.
    spool::array& elements = b.push_array(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      if (!push_dynamic<O>(d, b)) return d.error.at_index(i), false;
      b.pop_into(elements[i]);
    }
  }
  d.leave();
  return true;
}

// Where push_dynamic_here puts a map member's value: made in the member (a null till then), or
// moved there from the stack for a container, binary or ext.
struct onto_member {
  spool::detail::value_builder& b;
  spool::value& slot;
  template <class... Args>
  [[gnu::always_inline]] void put(Args&&... args) {
    spool::detail::value_builder::store_into(slot, std::forward<Args>(args)...);
  }
  void pushed() noexcept { b.pop_into(slot); }
};

// A map key (a str, or an integer spelled in decimal) as a fresh string value's bytes, owned by
// the caller.
[[gnu::noinline]] inline bool read_integer_key(decoder& d, spool::detail::value_storage& key) {
  const unsigned char* key_at = d.pos++;
  wire_integer k{};
  if (!d.integer_after(key_at, k)) return false;
  key = spool::detail::value_builder::key_bits(k.negative ? std::to_string(static_cast<std::int64_t>(k.bits))
                                                          : std::to_string(k.bits));
  return true;
}

template <read_options O>
[[gnu::always_inline]] inline bool read_dynamic_key(decoder& d, spool::detail::value_storage& key) {
  // (An integer key, rare, is a call: inlined, it made GCC call the string constructor out of line
  // for every key and string.)
  if (d.need(1) && format::family_of(*d.pos) == format::family::integer) return read_integer_key(d, key);
  std::string_view text;
  if (!d.str<O>(text)) {
    if (d.error.code == errc::unexpected_type) d.error.expected = "string or integer key";
    return false;
  }
  key = spool::detail::value_builder::key_bits(text);
  return true;
}

// A member's value failed: its key joins the error's path. (Cold and out of line: the long-map
// reader is flattened.)
[[gnu::cold, gnu::noinline]] inline bool member_failed(decoder& d, std::string_view key) {
  d.error.at_key(key);
  return false;
}
// The map's keys repeat: duplicate_key at the later one, with its path.
[[gnu::cold, gnu::noinline]] inline bool repeated_key(decoder& d, const unsigned char* at, std::string_view key) {
  d.fail(errc::duplicate_key, at);
  d.error.at_key(key);
  return false;
}

// Up to this many members a map is made at its count and filled in place (msgpack_direct_maps).
inline constexpr std::uint32_t longest_direct_map = 16;

// A map of up to longest_direct_map members: the object is made when the header is read, with
// room for the count, owned by the builder's stack from the start (a failure midway frees what was
// built), and each member is appended as its key is read and its value made in it. The keys are
// checked for repeats as they come, as close_object checks them (two keys compared once, more
// through a set of 6-bit fingerprints), and the first repeat (the later of its two keys) is
// reported once every value is read, where close_object would have found it.
template <read_options O>
[[gnu::always_inline]] inline bool push_direct_map(decoder& d, spool::detail::value_builder& b, std::uint32_t n) {
  using spool::detail::value_builder;
  spool::object& members = b.push_object_with_room(n);
  // Copies of the keys' bytes, for the repeat check (left uninitialized: zeroing them cost more than
  // the check).
  union key_copies {
    key_copies() {}
    spool::detail::value_storage at[longest_direct_map];
  } keys;
  std::uint64_t seen = 0;
  const unsigned char* repeat_at = nullptr;
  std::uint32_t repeat = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    const unsigned char* key_at = d.pos;
    spool::detail::value_storage key;
    if (!read_dynamic_key<O>(d, key)) return false;
    spool::object::member& m = members.append_unindexed(spool::object::member::adopt_t{}, key);
    if (n > 2) {
      const std::uint64_t bit = std::uint64_t{1} << value_builder::stored_key_fingerprint(key);
      if ((seen & bit) != 0 && repeat_at == nullptr) [[unlikely]] {
        for (std::uint32_t j = 0; j < i; ++j) {
          if (value_builder::same_stored_key(keys.at[j], key)) {
            repeat_at = key_at;
            repeat = i;
            break;
          }
        }
      }
      seen |= bit;
    } else if (i == 1 && value_builder::same_stored_key(keys.at[0], key)) [[unlikely]] {
      repeat_at = key_at;
      repeat = i;
    }
    keys.at[i] = key;
    if (!push_dynamic_here<O>(d, b, onto_member{b, m.value})) return member_failed(d, m.key());
  }
  if (repeat_at != nullptr) [[unlikely]] return repeated_key(d, repeat_at, members.nth(repeat).key());
  if constexpr (!spool::detail::value_lazy_index) members.build_index();
  d.leave();
  return true;
}

// A map whose keys and values wait on the builder's stacks, built when it closes.
template <read_options O>
bool push_stacked_map(decoder& d, spool::detail::value_builder& b, std::uint32_t n);

// A longer map is made the same way, its keys checked when it closes through the builder (lent
// copies of their bytes on its key stack: the hash table past 16 keys), as close_object checks them.
// Flattened: GCC otherwise called the string constructor (value_storage::store_bytes) out of line
// for the keys and strings of this loop and of push_direct_map's (twitter: 3.06M instructions per
// read instead of 2.97M, citm_catalog 7.20M instead of 6.84M).
template <read_options O>
[[gnu::noinline, gnu::flatten]] bool push_direct_long_map(decoder& d, spool::detail::value_builder& b, std::uint32_t n) {
  spool::object& members = b.push_object_with_room(n);
  const spool::detail::value_builder::mark start = b.position();
  // The lent keys are dropped on every way out (before the caller rewinds the stack).
  struct lent_keys {
    spool::detail::value_builder& b;
    spool::detail::value_builder::mark from;
    ~lent_keys() { b.forget_keys(from); }
  } lent{b, start};
  for (std::uint32_t i = 0; i < n; ++i) {
    const unsigned char* key_at = d.pos;
    spool::detail::value_storage key;
    if (!read_dynamic_key<O>(d, key)) return false;
    spool::object::member& m = members.append_unindexed(spool::object::member::adopt_t{}, key);
    b.lend_key(key, reinterpret_cast<std::uintptr_t>(key_at));
    if (!push_dynamic_here<O>(d, b, onto_member{b, m.value})) return member_failed(d, m.key());
  }
  if (const auto* repeat = b.find_repeated_key(start)) [[unlikely]] {
    return repeated_key(d, reinterpret_cast<const unsigned char*>(repeat->where), repeat->text());
  }
  if constexpr (!spool::detail::value_lazy_index) members.build_index();
  d.leave();
  return true;
}

template <read_options O>
[[gnu::noinline]] bool push_dynamic_map(decoder& d, spool::detail::value_builder& b) {
  std::uint32_t n = 0;
  if (!d.enter<O>() || !d.map_header<O>(n)) return false;
  if constexpr (spool::detail::msgpack_direct_maps) {
    if (n <= longest_direct_map) return push_direct_map<O>(d, b, n);
    return push_direct_long_map<O>(d, b, n);
  } else {
    return push_stacked_map<O>(d, b, n);
  }
}

template <read_options O>
[[gnu::noinline]] bool push_stacked_map(decoder& d, spool::detail::value_builder& b, std::uint32_t n) {
  const spool::detail::value_builder::mark start = b.position();
  for (std::uint32_t i = 0; i < n; ++i) {
    const unsigned char* key_at = d.pos;
    if (d.need(1) && format::family_of(*key_at) == format::family::integer) {
      wire_integer k;
      ++d.pos;
      if (!d.integer_after(key_at, k)) return false;
      b.push_key(k.negative ? std::to_string(static_cast<std::int64_t>(k.bits)) : std::to_string(k.bits),
                 reinterpret_cast<std::uintptr_t>(key_at));
    } else {
      std::string_view key;
      if (!d.str<O>(key)) {
        if (d.error.code == errc::unexpected_type) d.error.expected = "string or integer key";
        return false;
      }
      b.push_key(key, reinterpret_cast<std::uintptr_t>(key_at));
    }
    // The key at our own position: a nested map that failed on a repeated key leaves its keys
    // above it (the path was the nested key twice).
    if (!push_dynamic<O>(d, b)) return d.error.at_key(b.key_text(start.keys + i)), false;
  }
  if (const auto* repeat = b.close_object(start, spool::detail::repeated_keys::rejected)) [[unlikely]] {
    d.fail(errc::duplicate_key, reinterpret_cast<const unsigned char*>(repeat->where));
    d.error.at_key(repeat->text());
    return false;
  }
  d.leave();
  return true;
}

// Binary, ext (a timestamp becomes an offset_datetime) and the never-used byte.
template <read_options O>
[[gnu::noinline]] bool push_dynamic_rare(decoder& d, spool::detail::value_builder& b) {
  const unsigned char* at = d.pos;
  switch (format::family_of(*at)) {
    case format::family::binary: {
      const unsigned char* data = nullptr;
      std::size_t n = 0;
      if (!d.bytes<O>(data, n)) return false;
      b.push(spool::value::binary({reinterpret_cast<const std::byte*>(data), n}));
      return true;
    }
    case format::family::ext: {
      std::int8_t type = 0;
      const unsigned char* data = nullptr;
      std::size_t n = 0;
      if (!d.ext<O>(type, data, n, at)) return false;
      const auto* first = reinterpret_cast<const std::byte*>(data);
      if (type == format::timestamp_type) {
        spool::msgpack::timestamp t;
        if (!decode_timestamp(data, n, t)) return d.bad_timestamp(at, n);
        if (spool::offset_datetime dt; offset_from_timestamp(t, dt)) {
          b.push(dt);
          return true;
        }
      }
      b.push(spool::ext{type, {first, first + n}});
      return true;
    }
    default: break;
  }
  return d.mismatch(d.pos, "a value");
}

template <read_options O, class Place>
[[gnu::always_inline]] inline bool push_dynamic_here(decoder& d, spool::detail::value_builder& b, Place place) {
  if (!d.need(1)) return false;
  const unsigned char* at = d.pos;
  bool pushed = false;
  switch (format::family_of(*at)) {
    case format::family::integer: {
      const std::uint8_t tag = *at;
      if constexpr (spool::detail::msgpack_inline_integers) {
        // A fixint is its own value, and a sized form with 8 bytes after its tag is read by
        // decoder::sized_integer, as integral() reads it: no call to integer_after.
        if (tag <= format::positive_fixint_max) {
          d.pos = at + 1;
          place.put(std::uint64_t{tag});
          return true;
        }
        if (tag >= format::negative_fixint_min) {
          d.pos = at + 1;
          place.put(std::int64_t{static_cast<std::int8_t>(tag)});
          return true;
        }
        if (d.sized_integer_inline(tag)) {
          const wire_integer v = d.sized_integer(at);
          // By the tag, not the sign: a signed form stays one int64 store.
          if (tag < format::int8) place.put(v.bits);
          else place.put(static_cast<std::int64_t>(v.bits));
          return true;
        }
      }
      ++d.pos;
      wire_integer v{};  // initialized: g++ 12 may warn it is used uninitialized where this is inlined
      if (!d.integer_after(at, v)) return false;
      if (v.negative) place.put(static_cast<std::int64_t>(v.bits));
      else place.put(v.bits);
      return true;
    }
    case format::family::nil: ++d.pos; place.put(); return true;
    case format::family::boolean: place.put(*d.pos++ == format::true_); return true;
    case format::family::floating: {
      double x;
      if (!d.floating(x)) return false;
      place.put(x);
      return true;
    }
    case format::family::string: {
      std::string_view s;
      if (!d.str<O>(s)) return false;
      place.put(s);
      return true;
    }
    case format::family::array: pushed = push_dynamic_array<O>(d, b); break;
    case format::family::map: pushed = push_dynamic_map<O>(d, b); break;
    case format::family::binary:
    case format::family::ext:
    case format::family::never_used: pushed = push_dynamic_rare<O>(d, b); break;
  }
  if (!pushed) return false;
  place.pushed();
  return true;
}

template <read_options O>
[[gnu::noinline]] bool push_dynamic_called(decoder& d, spool::detail::value_builder& b) {
  return push_dynamic_here<O>(d, b, onto_stack{b});
}

template <read_options O>
[[gnu::always_inline]] inline bool push_dynamic(decoder& d, spool::detail::value_builder& b) {
  if constexpr (spool::detail::msgpack_inline_scalars) {
    return push_dynamic_here<O>(d, b, onto_stack{b});
  } else {
    return push_dynamic_called<O>(d, b);
  }
}

template <read_options O>
bool read_dynamic(decoder& d, spool::value& out) {
  spool::detail::value_builder& b = spool::detail::value_builder::for_this_thread();
  const spool::detail::value_builder::mark start = b.position();
  if (!push_dynamic<O>(d, b)) {
    b.rewind(start);
    return false;
  }
  out = b.take();
  return true;
}

}  // namespace spool::msgpack::detail
