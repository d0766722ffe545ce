// to_value / from_value: between spool::value and every type category of detail/type_traits.hpp.
// Part of <spool/value.hpp>; include that.
//
//   category                     value kind            reads also
//   bool, integers, floats       boolean, integer...   doubles from integers they hold exactly
//   strings, char[N]             string
//   byte containers              binary                a base64 string (JSON carries bytes so)
//   sequences, sets, arrays      array                 fixed sizes must match
//   tuple, pair                  array of N
//   maps                         object                keys: strings, integers (decimal), enums (names)
//   optional, unique/shared_ptr  null or the value     struct fields that are empty are left out
//   variant                      the alternative's     the first alternative of the value's kind,
//                                                      else the first that converts
//   enums                        string (the name)     an integer in range; unnamed values write one
//   sys_time / local_time        offset / local date-time   RFC 3339 strings; tick counts, which is
//                                                      also what a time point past 9999 writes
//   durations                    integer / float count
//   date-times, year_month_day   their own kinds       RFC 3339 strings
//   reflected structs            object                unknown keys ignored; missing required
//                                                      fields are errc::missing_key; others keep
//                                                      their value (or default_value())
//   spool::value / object / ext  themselves
// Numbers out of the target's range are errc::out_of_range; every error carries the path of the
// failing element ("servers[2].port") and, a value having no input, no position
// (spool::error::has_position() is false).
#pragma once

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include <spool/detail/base64.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/reflect.hpp>

namespace spool::detail {

template <class T>
concept value_native = std::same_as<T, value> || std::same_as<T, object> || std::same_as<T, ext> ||
                       datetime_type<T> || std::same_as<T, std::chrono::year_month_day>;

template <class T>
concept system_time_point = chrono_time_point<T> && std::same_as<typename T::clock, std::chrono::system_clock>;
template <class T>
concept local_time_point = chrono_time_point<T> && std::same_as<typename T::clock, std::chrono::local_t>;

inline error kind_error(const value& v, std::string_view expected) {
  return make_error(errc::unexpected_type, 0, expected, v.type_name());
}

template <class T>
value to_value_of(const T& x);

// Map keys as object keys.
template <class K>
std::string key_text(const K& key) {
  if constexpr (enum_type<K>) {
    const std::string_view name = reflect::enum_name(key);
    return name.empty() ? std::to_string(static_cast<std::underlying_type_t<K>>(key)) : std::string(name);
  } else if constexpr (integer<K>) {
    return std::to_string(key);
  } else {
    static_assert(std::is_convertible_v<const K&, std::string_view>, "map keys must be strings, integers or enums");
    return std::string(std::string_view(key));
  }
}

template <class T>
value to_value_of(const T& x) {
  if constexpr (value_native<T>) {
    if constexpr (std::same_as<T, std::chrono::year_month_day>) {
      return value(local_date::from_year_month_day(x));
    } else {
      return value(x);
    }
  } else if constexpr (boolean<T> || floating<T>) {
    return value(x);
  } else if constexpr (integer<T>) {
    if constexpr (std::is_signed_v<T>) {
      return value(static_cast<std::int64_t>(x));
    } else {
      return value(static_cast<std::uint64_t>(x));
    }
  } else if constexpr (owning_string<T> || string_view_like<T>) {
    return value(std::string_view(x));
  } else if constexpr (char_array<T>) {
    return value(std::string_view(x, static_cast<std::size_t>(std::find(x, x + std::extent_v<T>, '\0') - x)));
  } else if constexpr (byte_container<T>) {
    return value::binary(std::as_bytes(std::span(x)));
  } else if constexpr (system_time_point<T> || local_time_point<T>) {
    if constexpr (system_time_point<T>) {
      if (auto dt = offset_datetime::from_sys_time(x)) return value(*dt);
    } else {
      if (auto dt = local_datetime::from_local_time(x)) return value(*dt);
    }
    return value(x.time_since_epoch().count());
  } else if constexpr (chrono_duration<T>) {
    return value(x.count());
  } else if constexpr (enum_type<T>) {
    const std::string_view name = reflect::enum_name(x);
    if (name.empty()) return value(static_cast<std::underlying_type_t<T>>(x));
    return value(name);
  } else if constexpr (optional_like<T> || pointer_like<T>) {
    if (!x) return value();
    return to_value_of(*x);
  } else if constexpr (variant_like<T>) {
    return std::visit(
        [](const auto& alternative) -> value {
          if constexpr (std::same_as<std::remove_cvref_t<decltype(alternative)>, std::monostate>) {
            return value();
          } else {
            return to_value_of(alternative);
          }
        },
        x);
  } else if constexpr (tuple_like<T>) {
    spool::array out;
    out.reserve(std::tuple_size_v<T>);
    std::apply([&out](const auto&... element) { (out.push_back(to_value_of(element)), ...); }, x);
    return value(std::move(out));
  } else if constexpr (map_like<T>) {
    spool::object out;
    out.reserve(std::size(x));
    for (const auto& [key, mapped] : x) out.insert_or_assign(key_text(key), to_value_of(mapped));
    return value(std::move(out));
  } else if constexpr (sequence<T> || set_like<T> || fixed_array<T>) {
    spool::array out;
    out.reserve(std::size(x));
    for (const auto& element : x) out.push_back(to_value_of(element));
    return value(std::move(out));
  } else if constexpr (reflected<T>) {
    spool::object out;
    out.reserve(reflect::field_count<T>);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (
          [&] {
            decltype(auto) field = reflect::load<I>(x);
            using F = std::remove_cvref_t<decltype(field)>;
            if constexpr (optional_like<F> || pointer_like<F>) {
              if (!field) return;  // absent reads back as empty
            }
            out.try_emplace(reflect::field_name<T, I>, to_value_of(field));
          }(),
          ...);
    }(std::make_index_sequence<reflect::field_count<T>>{});
    return value(std::move(out));
  } else {
    static_assert(sizeof(T) == 0, "spool::to_value: no conversion for this type");
  }
}

// ---- reading ----------------------------------------------------------------------------

template <class T>
bool from_value_into(const value& v, T& out, error& e);

template <integer T>
bool read_integer(const value& v, T& out, error& e) {
  if (v.kind() == kind::integer) {
    const std::int64_t i = *v.as_int64();
    if (std::in_range<T>(i)) return out = static_cast<T>(i), true;
  } else if (v.kind() == kind::unsigned_integer) {
    const std::uint64_t u = *v.as_uint64();
    if (std::in_range<T>(u)) return out = static_cast<T>(u), true;
  } else {
    e = kind_error(v, "integer");
    return false;
  }
  e = make_error(errc::out_of_range, 0,
                 "integer from " + std::to_string(std::numeric_limits<T>::min()) + " to " +
                     std::to_string(std::numeric_limits<T>::max()),
                 v.kind() == kind::integer ? std::to_string(*v.as_int64()) : std::to_string(*v.as_uint64()));
  return false;
}

template <floating T>
bool read_floating(const value& v, T& out, error& e) {
  result<double> d = v.as_double();
  if (!d) return e = std::move(d).error(), false;
  if constexpr (!std::same_as<T, double>) {
    if (std::isfinite(*d) && std::fabs(*d) > static_cast<double>(std::numeric_limits<T>::max())) {
      e = make_error(errc::out_of_range, 0, "number within the range of float", std::to_string(*d));
      return false;
    }
  }
  out = static_cast<T>(*d);
  return true;
}

// Bytes from a binary value or, as JSON writes them, a base64 string. A span can only view the
// bytes of a binary value.
template <byte_container T>
bool read_bytes(const value& v, T& out, error& e) {
  if constexpr (std::same_as<T, std::span<const std::byte>>) {
    result<bytes_view> binary = v.as_binary();
    if (!binary) return e = std::move(binary).error(), false;
    out = *binary;
    return true;
  } else {
    std::vector<std::byte> decoded;
    bytes_view bytes;
    if (v.is_binary()) {
      bytes = *v.as_binary();
    } else if (v.is_string()) {
      const std::string_view text = *v.as_string();
      decoded.resize(base64_decoded_capacity(text.size()));
      const base64_decoded r = base64_decode(text, decoded.data());
      if (r.code != errc::ok) {
        e = make_error(r.code, r.offset, "base64 text");
        return false;
      }
      bytes = bytes_view(decoded.data(), r.size);
    } else {
      e = kind_error(v, "binary");
      return false;
    }
    if constexpr (std_array<T>) {
      if (bytes.size() != std::tuple_size_v<T>) {
        e = make_error(errc::out_of_range, 0, std::to_string(std::tuple_size_v<T>) + " bytes",
                       std::to_string(bytes.size()) + " bytes");
        return false;
      }
    } else {
      out.resize(bytes.size());
    }
    if (!bytes.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
    return true;
  }
}

template <class T>
bool read_string(const value& v, T& out, error& e) {
  result<std::string_view> s = v.as_string();
  if (!s) return e = std::move(s).error(), false;
  if constexpr (char_array<T>) {
    if (s->size() >= std::extent_v<T>) {
      e = make_error(errc::out_of_range, 0, "string shorter than " + std::to_string(std::extent_v<T>) + " bytes",
                     std::to_string(s->size()) + " bytes");
      return false;
    }
    std::memset(out, 0, std::extent_v<T>);
    std::memcpy(out, s->data(), s->size());
  } else {
    out = T(*s);
  }
  return true;
}

template <class T>
bool read_datetime(const value& v, T& out, error& e) {
  using D = std::conditional_t<std::same_as<T, std::chrono::year_month_day>, local_date, T>;
  result<D> dt = [&v]() -> result<D> {
    if (v.is_string()) return parse_datetime<D>(*v.as_string());
    if constexpr (std::same_as<D, offset_datetime>) return v.as_offset_datetime();
    if constexpr (std::same_as<D, local_datetime>) return v.as_local_datetime();
    if constexpr (std::same_as<D, local_date>) return v.as_local_date();
    if constexpr (std::same_as<D, local_time>) return v.as_local_time();
  }();
  if (!dt) return e = std::move(dt).error(), false;
  if constexpr (std::same_as<T, std::chrono::year_month_day>) {
    out = dt->to_year_month_day();
  } else {
    out = *dt;
  }
  return true;
}

// A date-time of the clock's kind (or its RFC 3339 text), or a tick count.
template <chrono_time_point T>
bool read_time_point(const value& v, T& out, error& e) {
  using D = typename T::duration;
  if (v.is_integer()) {
    typename D::rep ticks{};
    if (!read_integer(v, ticks, e)) return false;
    out = T(D(ticks));
    return true;
  }
  std::conditional_t<system_time_point<T>, offset_datetime, local_datetime> dt;
  if (!read_datetime(v, dt, e)) return false;
  result<T> tp = [&dt] {
    if constexpr (system_time_point<T>) {
      return dt.template to_sys_time<D>();
    } else {
      return dt.template to_local_time<D>();
    }
  }();
  if (!tp) return e = std::move(tp).error(), false;
  out = *tp;
  return true;
}

template <enum_type T>
bool read_enum(const value& v, T& out, error& e) {
  if (v.is_string()) {
    const std::string_view name = *v.as_string();
    if (std::optional<T> found = reflect::enum_from_name<T>(name)) return out = *found, true;
    e = make_error(errc::out_of_range, 0, "a name of the enumeration", '"' + std::string(name) + '"');
    return false;
  }
  std::underlying_type_t<T> number{};
  if (!v.is_integer()) return e = kind_error(v, "enumerator name"), false;
  if (!read_integer(v, number, e)) return false;
  out = static_cast<T>(number);
  return true;
}

template <class K>
bool read_key(std::string_view text, K& key, error& e) {
  if constexpr (enum_type<K>) {
    if (std::optional<K> found = reflect::enum_from_name<K>(text)) return key = *found, true;
    // key_text writes a value without a name as its number: read that back too.
    std::underlying_type_t<K> number{};
    error not_a_number;
    if (!read_key(text, number, not_a_number)) return read_enum(value(text), key, e);  // names the unknown name
    key = static_cast<K>(number);
    return true;
  } else if constexpr (integer<K>) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), key);
    if (ec == std::errc{} && end == text.data() + text.size()) return true;
    e = make_error(ec == std::errc::result_out_of_range ? errc::out_of_range : errc::invalid_number, 0,
                   "integer key", '"' + std::string(text) + '"');
    return false;
  } else {
    key = K(text);
    return true;
  }
}

// The first alternative of the value's own kind wins; failing that, the first that converts.
template <class T>
bool read_variant(const value& v, T& out, error& e) {
  auto kind_fits = [&v]<class A>(std::type_identity<A>) {
    if constexpr (std::same_as<A, std::monostate>) return v.is_null();
    else if constexpr (boolean<A>) return v.is_bool();
    else if constexpr (integer<A>) return v.is_integer();
    else if constexpr (floating<A>) return v.is_floating();
    else if constexpr (owning_string<A> || string_view_like<A> || char_array<A> || enum_type<A>) return v.is_string();
    else if constexpr (byte_container<A>) return v.is_binary();
    else if constexpr (map_like<A> || reflected<A>) return v.is_object();
    else if constexpr (sequence<A> || set_like<A> || fixed_array<A> || tuple_like<A>) return v.is_array();
    else return false;
  };
  auto attempt = [&]<std::size_t I>(std::integral_constant<std::size_t, I>, bool by_kind) {
    using A = std::variant_alternative_t<I, T>;
    if (by_kind && !kind_fits(std::type_identity<A>{})) return false;
    A alternative{};
    error ignored;
    if constexpr (std::same_as<A, std::monostate>) {
      if (!v.is_null()) return false;
    } else if (!from_value_into(v, alternative, ignored)) {
      return false;
    }
    out.template emplace<I>(std::move(alternative));
    return true;
  };
  const bool done = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (attempt(std::integral_constant<std::size_t, I>{}, true) || ...) ||
           (attempt(std::integral_constant<std::size_t, I>{}, false) || ...);
  }(std::make_index_sequence<std::variant_size_v<T>>{});
  if (!done) e = kind_error(v, "one of the variant's alternatives");
  return done;
}

template <class T>
inline constexpr std::size_t fixed_extent = std::extent_v<T>;
template <class T>
  requires tuple_like<T> || std_array<T>
inline constexpr std::size_t fixed_extent<T> = std::tuple_size_v<T>;

template <class T>
bool read_array_elements(const value& v, T& out, error& e) {
  const spool::array* a = v.if_array();
  if (a == nullptr) return e = kind_error(v, "array"), false;
  if constexpr (fixed_array<T> || tuple_like<T>) {
    constexpr std::size_t n = fixed_extent<T>;
    if (a->size() != n) {
      e = make_error(errc::out_of_range, 0, "array of " + std::to_string(n) + " elements",
                     "array of " + std::to_string(a->size()));
      return false;
    }
    if constexpr (tuple_like<T>) {
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        std::size_t failed = 0;
        const bool ok = ((from_value_into((*a)[I], std::get<I>(out), e) || (failed = I, false)) && ...);
        if (!ok) e.at_index(failed);
        return ok;
      }(std::make_index_sequence<n>{});
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        if (!from_value_into((*a)[i], out[i], e)) return e.at_index(i), false;
      }
      return true;
    }
  } else {
    out.clear();
    if constexpr (requires { out.reserve(a->size()); }) out.reserve(a->size());
    for (std::size_t i = 0; i < a->size(); ++i) {
      std::remove_cv_t<typename T::value_type> element{};
      if (!from_value_into((*a)[i], element, e)) return e.at_index(i), false;
      if constexpr (set_like<T>) {
        out.insert(std::move(element));
      } else {
        out.push_back(std::move(element));
      }
    }
    return true;
  }
}

template <map_like T>
bool read_map(const value& v, T& out, error& e) {
  const spool::object* o = v.if_object();
  if (o == nullptr) return e = kind_error(v, "object"), false;
  out.clear();
  for (const spool::object::member& m : *o) {
    typename T::key_type key{};
    typename T::mapped_type mapped{};
    if (!read_key(m.key(), key, e) || !from_value_into(m.value, mapped, e)) return e.at_key(m.key()), false;
    out.insert_or_assign(std::move(key), std::move(mapped));
  }
  return true;
}

template <reflected T>
bool read_struct(const value& v, T& out, error& e) {
  const spool::object* o = v.if_object();
  if (o == nullptr) return e = kind_error(v, "object"), false;
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ([&] {
      constexpr std::string_view name = reflect::field_name<T, I>;
      const value* field = o->find(name);
      if (field == nullptr) {
        if constexpr (reflect::field_required<T, I>) {
          e = make_error(errc::missing_key, 0);
          e.at_key(name);
          return false;
        } else {
          reflect::apply_default(out, I);
          return true;
        }
      }
      if (reflect::store<I>(out, [&](auto& member_value) { return from_value_into(*field, member_value, e); })) {
        return true;
      }
      e.at_key(name);
      return false;
    }() && ...);
  }(std::make_index_sequence<reflect::field_count<T>>{});
}

template <class T>
bool from_value_into(const value& v, T& out, error& e) {
  if constexpr (std::same_as<T, value>) {
    out = v;
    return true;
  } else if constexpr (std::same_as<T, object>) {
    const object* o = v.if_object();
    if (o == nullptr) return e = kind_error(v, "object"), false;
    out = *o;
    return true;
  } else if constexpr (std::same_as<T, ext>) {
    const ext* x = v.if_ext();
    if (x == nullptr) return e = kind_error(v, "ext"), false;
    out = *x;
    return true;
  } else if constexpr (datetime_type<T> || std::same_as<T, std::chrono::year_month_day>) {
    return read_datetime(v, out, e);
  } else if constexpr (boolean<T>) {
    result<bool> b = v.as_bool();
    if (!b) return e = std::move(b).error(), false;
    out = *b;
    return true;
  } else if constexpr (integer<T>) {
    return read_integer(v, out, e);
  } else if constexpr (floating<T>) {
    return read_floating(v, out, e);
  } else if constexpr (owning_string<T> || string_view_like<T> || char_array<T>) {
    return read_string(v, out, e);
  } else if constexpr (byte_container<T>) {
    return read_bytes(v, out, e);
  } else if constexpr (chrono_time_point<T>) {
    static_assert(system_time_point<T> || local_time_point<T>, "spool converts system_clock and local_t time points");
    return read_time_point(v, out, e);
  } else if constexpr (chrono_duration<T>) {
    typename T::rep count{};
    bool ok = false;
    if constexpr (floating<typename T::rep>) {
      ok = read_floating(v, count, e);
    } else {
      ok = read_integer(v, count, e);
    }
    if (ok) out = T(count);
    return ok;
  } else if constexpr (enum_type<T>) {
    return read_enum(v, out, e);
  } else if constexpr (optional_like<T>) {
    if (v.is_null()) return out.reset(), true;
    typename T::value_type inner{};
    if (!from_value_into(v, inner, e)) return false;
    out = std::move(inner);
    return true;
  } else if constexpr (pointer_like<T>) {
    if (v.is_null()) return out.reset(), true;
    using E = typename T::element_type;
    auto inner = std::make_unique<E>();
    if (!from_value_into(v, *inner, e)) return false;
    out = std::move(inner);
    return true;
  } else if constexpr (variant_like<T>) {
    return read_variant(v, out, e);
  } else if constexpr (map_like<T>) {
    return read_map(v, out, e);
  } else if constexpr (sequence<T> || set_like<T> || fixed_array<T> || tuple_like<T>) {
    return read_array_elements(v, out, e);
  } else if constexpr (reflected<T>) {
    return read_struct(v, out, e);
  } else {
    static_assert(sizeof(T) == 0, "spool::from_value: no conversion for this type");
  }
}

}  // namespace spool::detail

namespace spool {

template <class T>
value to_value(const T& x) {
  return detail::to_value_of(x);
}

template <class T>
error from_value(const value& v, T& out) {
  error e;
  if (!detail::from_value_into(v, out, e)) e.drop_position();
  return e;
}

template <class T>
result<T> from_value(const value& v) {
  T out{};
  error e = from_value(v, out);
  if (e) return e;
  return out;
}

}  // namespace spool
