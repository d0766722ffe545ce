// The JSON writer: any supported C++ value appended to a byte buffer, compact or pretty.
//
// One pass over the object; numbers and strings are written straight into reserved room in the
// buffer. Errors (NaN or infinity without nan_inf_as_null, invalid UTF-8 in a string, an empty
// variant) stop the write and carry the path of the offending member.
#pragma once

#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <variant>

#include <spool/datetime.hpp>
#include <spool/detail/datetime_text.hpp>
#include <spool/detail/number_print.hpp>
#include <spool/detail/pool/byte_buffer.hpp>
#include <spool/detail/short_copy.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/error.hpp>
#include <spool/json/member_key.hpp>
#include <spool/json/options.hpp>
#include <spool/json/output.hpp>
#include <spool/json/raw_json.hpp>
#include <spool/json/scan.hpp>
#include <spool/json/string_write.hpp>
#include <spool/json/variant_tag.hpp>
#include <spool/reflect.hpp>
#include <spool/value.hpp>

namespace spool::json::detail {

using namespace spool::detail;  // the shared type categories (integer, sequence, map_like, ...)

template <write_options Opts>
class writer {
 public:
  explicit writer(spool::byte_buffer& out) noexcept : out_(out) {}

  spool::error& error() noexcept { return error_; }

  // Writes one whole value; the buffer holds it (or, on failure, what came before the error).
  template <class T>
  bool document(const T& v) {
    const bool ok = write(v);
    out_.finish();
    return ok;
  }

  template <class T>
  bool write(const T& v) {
    if constexpr (std::is_same_v<T, spool::value>) {
      return write_dynamic(v);
    } else if constexpr (std::is_same_v<T, raw_json>) {
      if (v.text.empty()) return put("null");
      return put(v.text);
    } else if constexpr (std::is_same_v<T, std::monostate> || std::is_same_v<T, std::nullptr_t>) {
      return put("null");
    } else if constexpr (boolean<T>) {
      return v ? put("true") : put("false");
    } else if constexpr (integer<T>) {
      char* w = room(max_number_chars);
      commit(write_integer(w, v));
      return true;
    } else if constexpr (floating<T>) {
      return write_floating_value(v);
    } else if constexpr (enum_type<T>) {
      return write_enum(v);
    } else if constexpr (owning_string<T> || string_view_like<T>) {
      return string(std::string_view(v));
    } else if constexpr (char_array<T>) {
      return string(std::string_view(v, std::char_traits<char>::length(v) < std::extent_v<T>
                                            ? std::char_traits<char>::length(v) : std::extent_v<T>));
    } else if constexpr (chrono_time_point<T>) {
      return write_time_point(v);
    } else if constexpr (chrono_duration<T>) {
      return write(v.count());
    } else if constexpr (optional_like<T> || pointer_like<T>) {
      if (!v) return put("null");
      return write(*v);
    } else if constexpr (variant_like<T>) {
      return write_variant(v);
    } else if constexpr (map_like<T>) {
      return write_map(v);
    } else if constexpr (byte_container<T>) {
      return write_array_of(v, [&](const auto& b) { return write(static_cast<unsigned>(b)); });
    } else if constexpr (sequence<T> || fixed_array<T> || set_like<T>) {
      using E = std::remove_cvref_t<decltype(*std::begin(v))>;
      if constexpr (!Opts.pretty && (integer<E> || floating<E>)) return write_numbers(v);
      else return write_array_of(v, [&](const auto& e) { return write(e); });
    } else if constexpr (tuple_like<T>) {
      return write_tuple(v);
    } else if constexpr (reflected<T>) {
      return write_struct<false>(v);
    } else {
      static_assert(sizeof(T) == 0, "spool::json cannot write this type");
    }
  }

  bool string(std::string_view s) {
    return write_string<Opts.validate_utf8, Opts.escape_unicode>(out_, s, error_);
  }

  // A spool::value member's key. Most are short and plain: copied by fixed-size moves and checked
  // in the output in one 16-byte step, without string()'s setup for any length; a longer key or
  // one with a byte to escape or validate goes through string(), which writes it again.
  bool dynamic_key(std::string_view key) {
    if constexpr (json_write_short_keys) {
      if (key.size() <= short_plain_max) {
        char* w = room(short_plain_room);
        if (char* end = value_short_string(w, key)) {
          commit(end);
          return true;
        }
      }
    }
    return string(key);
  }

  // A string of up to short_plain_max bytes quoted at w, which has short_plain_room bytes of room:
  // copied by fixed-size moves and checked in the output in one 16-byte step. Its end, or null
  // when a byte must be escaped or validated (string() writes it again then).
  static constexpr std::size_t short_plain_max = 16;
  static constexpr std::size_t short_plain_room = 1 + 2 * short_plain_max;
  [[gnu::always_inline]] static char* short_plain_string(char* w, std::string_view s) noexcept {
    w[0] = '"';
    copy_short(w + 1, s.data(), s.size());
    std::memset(w + 1 + s.size(), 'a', short_plain_max);  // plain bytes after the text for the check
    if (!plain_block(w + 1)) return nullptr;
    w[1 + s.size()] = '"';
    return w + 2 + s.size();
  }
  // find_special<true>'s test of one 16-byte block, inline: a call to find_special and its loops
  // cost more than the test for every key and short string.
  static_assert(short_plain_max == 16);
  [[gnu::always_inline]] static bool plain_block(const char* p) noexcept {
#if defined(__SSE2__)
    return special_bytes(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))) == 0;
#else
    return find_special<true>(p, p + short_plain_max) == p + short_plain_max;
#endif
  }
#if defined(__SSE2__)
  // One bit per byte of the block that needs an escape or a UTF-8 check.
  [[gnu::always_inline]] static unsigned special_bytes(__m128i chunk) noexcept {
    const __m128i control_max = _mm_set1_epi8(0x1F);
    const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(chunk, control_max), control_max);
    const __m128i escaped = _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8('"')), _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\\')));
    // Bytes of 0x80 and above have their sign bit set: they count as hits too.
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(escaped, control), chunk)));
  }
#endif

  // A string held by a spool::value (a key or a string value) of up to value_inline_max bytes lies
  // in the value's own 16 bytes (detail/value/value_storage.hpp), so those 16 bytes are loaded
  // where they lie, checked with the bytes past the string masked off, and stored whole between
  // the quotes at w (short_plain_room bytes of room). short_plain_string() checks its copy in the
  // output instead: a 16-byte load over the copy's smaller pending stores waits for them to
  // retire, where this load comes from memory written long before. Its end, or null as
  // short_plain_string() says.
  static constexpr std::size_t value_inline_max = spool::detail::value_storage::inline_bytes;
  static_assert(sizeof(spool::value) == 16 && value_inline_max < 16);
  [[gnu::always_inline]] static char* value_inline_string(char* w, std::string_view s) noexcept {
#if defined(__SSE2__)
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data()));
    if ((special_bytes(chunk) & ((1u << s.size()) - 1)) != 0) return nullptr;
    w[0] = '"';
    _mm_storeu_si128(reinterpret_cast<__m128i*>(w + 1), chunk);
    w[1 + s.size()] = '"';
    return w + 2 + s.size();
#else
    return short_plain_string(w, s);
#endif
  }
  // A value's short string (key or value) by the quickest of the two paths above.
  [[gnu::always_inline]] static char* value_short_string(char* w, std::string_view s) noexcept {
    if (json_write_value_inline_strings && s.size() <= value_inline_max) return value_inline_string(w, s);
    return short_plain_string(w, s);
  }

 private:
  output out_;
  spool::error error_;
  std::uint32_t depth_ = 0;

  char* room(std::size_t n) { return out_.room(n); }
  void commit(char* end) noexcept { out_.commit(end); }
  [[gnu::always_inline]] bool put(char c) {
    out_.put(c);
    return true;
  }
  bool put(std::string_view s) {
    out_.put(s);
    return true;
  }
  // A literal ("null", "true", ...): a copy of constant size, no call to memcpy.
  template <std::size_t N>
  [[gnu::always_inline]] bool put(const char (&s)[N]) {
    char* w = room(N - 1);
    std::memcpy(w, s, N - 1);
    commit(w + (N - 1));
    return true;
  }
  bool fail(errc code, std::string_view detail) {
    error_ = make_error(code, out_.size());
    error_.detail = detail;
    return false;
  }

  // Pretty output: a newline and the indentation of the current depth.
  void newline() {
    const std::size_t spaces = std::size_t{depth_} * Opts.indent_width;
    char* w = room(spaces + 1);
    *w++ = '\n';
    std::memset(w, ' ', spaces);
    commit(w + spaces);
  }
  void open(char bracket) {
    put(bracket);
    ++depth_;
  }
  // Closes a container; `empty` ones stay on one line ("[]").
  void close(char bracket, bool empty) {
    --depth_;
    if constexpr (Opts.pretty) {
      if (!empty) newline();
    }
    put(bracket);
  }
  void before_element(bool first) {
    if (!first) put(',');
    if constexpr (Opts.pretty) newline();
  }
  void name_separator() {
    if constexpr (Opts.pretty) put(": ");
    else put(':');
  }

  template <class F>
  bool write_floating_value(F v) {
    if (!std::isfinite(v)) {
      if constexpr (Opts.nan_inf_as_null) return put("null");
      return fail(errc::out_of_range, "NaN and infinity have no JSON form (write_options::nan_inf_as_null writes null)");
    }
    char* w = room(max_number_chars);
    commit(write_floating(w, v));
    return true;
  }

  template <class E>
  bool write_enum(E v) {
    if constexpr (!Opts.enums_as_integers) {
      const std::string_view name = spool::reflect::enum_name(v);
      if (!name.empty()) return string(name);
    }
    // Unnamed values (flags combinations, values outside the reflected range) keep their number.
    return write(static_cast<std::underlying_type_t<E>>(v));
  }

  template <class TP>
  bool write_time_point(const TP& tp) {
    if constexpr (std::is_same_v<typename TP::clock, std::chrono::system_clock>) {
      auto converted = spool::offset_datetime::from_sys_time(tp, 0);
      if (!converted) return fail(converted.error().code, "time point outside the years RFC 3339 can write");
      char* w = room(max_datetime_text + 2);
      *w++ = '"';
      w = format_datetime(w, *converted);
      *w++ = '"';
      commit(w);
      return true;
    } else {
      // Other clocks have no calendar meaning: their ticks since the clock's epoch.
      return write(tp.time_since_epoch().count());
    }
  }

  template <class C, class F>
  bool write_array_of(const C& c, F&& element) {
    open('[');
    bool first = true;
    std::size_t index = 0;
    for (const auto& e : c) {
      before_element(first);
      first = false;
      if (!element(e)) {
        error_.at_index(index);
        return false;
      }
      ++index;
    }
    close(']', first);
    return true;
  }

  // A compact array of numbers: the separator and the number share one reservation.
  template <class C>
  bool write_numbers(const C& c) {
    put('[');
    std::size_t index = 0;
    for (const auto& e : c) {
      char* w = room(max_number_chars + 1);
      *w = ',';
      w += index != 0 ? 1 : 0;
      if constexpr (floating<std::remove_cvref_t<decltype(e)>>) {
        if (!std::isfinite(e)) [[unlikely]] {
          commit(w);
          if (!write_floating_value(e)) {
            error_.at_index(index);
            return false;
          }
          ++index;
          continue;
        }
        commit(write_floating(w, e));
      } else {
        commit(write_integer(w, e));
      }
      ++index;
    }
    put(']');
    return true;
  }

  template <class T>
  bool write_tuple(const T& t) {
    open('[');
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      std::size_t failed = 0;
      const bool all = ((before_element(I == 0), write(std::get<I>(t)) || (failed = I, false)) && ...);
      if (!all) error_.at_index(failed);
      return all;
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
    if (!ok) return false;
    close(']', std::tuple_size_v<T> == 0);
    return true;
  }

  template <class K>
  bool write_key(const K& key) {
    if constexpr (owning_string<K> || string_view_like<K>) {
      return string(std::string_view(key));
    } else if constexpr (integer<K>) {
      char* w = room(max_number_chars + 2);
      *w++ = '"';
      w = write_integer(w, key);
      *w++ = '"';
      commit(w);
      return true;
    } else if constexpr (enum_type<K>) {
      if constexpr (!Opts.enums_as_integers) {
        const std::string_view name = spool::reflect::enum_name(key);
        if (!name.empty()) return string(name);
      }
      return write_key(static_cast<std::underlying_type_t<K>>(key));
    } else {
      static_assert(sizeof(K) == 0, "JSON object keys must be strings, integers or enums");
    }
  }

  template <class M>
  bool write_map(const M& m) {
    open('{');
    bool first = true;
    for (const auto& [key, mapped] : m) {
      before_element(first);
      first = false;
      if (!write_key(key)) return false;
      name_separator();
      if (!write(mapped)) {
        if constexpr (owning_string<typename M::key_type> || string_view_like<typename M::key_type>) {
          error_.at_key(key);
        } else {
          // The key as written, so the path names the member the reader will see.
          spool::byte_buffer text;
          writer<Opts> key_writer(text);
          key_writer.write_key(key);
          key_writer.out_.finish();
          error_.at_key(text.view().substr(1, text.size() - 2));
        }
        return false;
      }
    }
    close('}', first);
    return true;
  }

  template <class T>
  static constexpr bool is_nullable = optional_like<T> || pointer_like<T>;

  template <class T, std::size_t I>
  bool write_field(const T& obj, bool& first) {
    decltype(auto) member = spool::reflect::load<I>(obj);
    using M = std::remove_cvref_t<decltype(member)>;
    if constexpr (Opts.skip_null_members && is_nullable<M>) {
      if (!member) return true;
    }
    constexpr std::string_view name = spool::reflect::field_name<T, I>;
    if constexpr (!Opts.pretty && needs_no_escape(name)) {
      // The separator, the quoted key and the colon in one copy of constant bytes.
      constexpr auto& text = member_key<T, I>::text;
      const std::size_t skip = first ? 1 : 0;
      char* w = room(text.size());
      std::memcpy(w, text.data() + skip, text.size() - skip);
      commit(w + text.size() - skip);
      first = false;
      if (!write(member)) {
        error_.at_key(name);
        return false;
      }
      return true;
    }
    before_element(first);
    first = false;
    if constexpr (needs_no_escape(name)) {
      char* w = room(name.size() + 2);
      *w++ = '"';
      std::memcpy(w, name.data(), name.size());
      w += name.size();
      *w++ = '"';
      commit(w);
    } else {
      if (!string(name)) return false;
    }
    name_separator();
    if (!write(member)) {
      error_.at_key(name);
      return false;
    }
    return true;
  }

  // An object of T's fields; Tag (a tagged variant's alternative) writes the tag member first.
  template <bool Tag, class T>
  bool write_struct(const T& obj) {
    open('{');
    bool first = true;
    if constexpr (Tag) {
      before_element(true);
      first = false;
      string(Opts.variant_tag.view());
      name_separator();
      string(variant_tag_value<T>());
    }
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (write_field<T, I>(obj, first) && ...);
    }(std::make_index_sequence<spool::reflect::field_count<T>>{});
    if (!ok) return false;
    close('}', first);
    return true;
  }

  template <class V>
  bool write_variant(const V& v) {
    if (v.valueless_by_exception()) return fail(errc::unexpected_type, "variant without a value");
    return std::visit(
        [&](const auto& alt) {
          using A = std::remove_cvref_t<decltype(alt)>;
          if constexpr (!Opts.variant_tag.empty()) {
            static_assert(reflected<A>, "a tagged variant holds structs; each is written with the tag member first");
            return write_struct<true>(alt);
          } else {
            return write(alt);
          }
        },
        v);
  }

  bool write_dynamic(const spool::value& v);
  template <class X>
  bool write_alternative(const X& x);
  static bool is_written_number(spool::kind k) noexcept {
    return k == spool::kind::floating || k == spool::kind::integer;
  }
  [[gnu::noinline]] bool write_value_numbers(const spool::array& elements);
  [[gnu::noinline]] bool write_value_members(const spool::object& members);
  // The room scalar_value() may write to.
  static constexpr std::size_t scalar_room = max_number_chars > short_plain_room ? max_number_chars : short_plain_room;
  [[gnu::always_inline]] static inline char* scalar_value(char* w, const spool::value& v) noexcept;
  // The alternative of type N a value holds, its kind checked by the caller.
  template <class N>
  static N held(const spool::value& v) noexcept {
    return spool::detail::value_scalar::load<N>(v);
  }
};

}  // namespace spool::json::detail

namespace spool::json::detail {

// Binary has no JSON form of its own and is written as an array of byte values; date-times as
// RFC 3339 strings. MessagePack extensions cannot be written.
template <write_options Opts>
bool writer<Opts>::write_dynamic(const spool::value& v) {
  // One call per alternative rather than one lambda holding them all: the dispatch stays small
  // enough to inline into the container loops (callgrind: about 2% fewer instructions per write).
  return v.visit([&](const auto& x) { return write_alternative(x); });
}

// An array that starts with a number (a numeric array, most likely): doubles and signed integers
// get the separator and their digits in one reservation, as write_numbers() gives a C++ array's,
// without the dispatch through visit() for each; other elements go through it.
template <write_options Opts>
bool writer<Opts>::write_value_numbers(const spool::array& elements) {
  put('[');
  const std::size_t n = elements.size();
  for (std::size_t i = 0; i < n; ++i) {
    const spool::value& e = elements[i];
    const spool::kind k = e.kind();
    if (is_written_number(k)) {
      char* w = room(max_number_chars + 1);
      *w = ',';
      w += i != 0 ? 1 : 0;
      if (k == spool::kind::integer) {
        commit(write_integer(w, held<std::int64_t>(e)));
        continue;
      }
      const double d = held<double>(e);
      if (std::isfinite(d)) [[likely]] {
        commit(write_floating(w, d));
        continue;
      }
      commit(w);
    } else {
      before_element(i == 0);
    }
    if (!write_dynamic(e)) {
      error_.at_index(i);
      return false;
    }
  }
  put(']');
  return true;
}

// The text of a null, a boolean, a number, a plain string of up to short_plain_max bytes or an
// empty array or object at w, which has scalar_room bytes of room, and its end; null for any
// other value (and for NaN and infinity, whose handling write_dynamic() owns).
template <write_options Opts>
char* writer<Opts>::scalar_value(char* w, const spool::value& v) noexcept {
  switch (v.kind()) {
    case spool::kind::null:
      std::memcpy(w, "null", 4);
      return w + 4;
    case spool::kind::boolean: {
      const bool b = held<bool>(v);
      std::memcpy(w, b ? "true" : "false", 5);
      return w + (b ? 4 : 5);
    }
    case spool::kind::integer: return write_integer(w, held<std::int64_t>(v));
    case spool::kind::floating: {
      const double d = held<double>(v);
      if (std::isfinite(d)) [[likely]] return write_floating(w, d);
      return nullptr;
    }
    case spool::kind::string: {
      const std::string_view s = held<std::string_view>(v);
      if (s.size() <= short_plain_max) return value_short_string(w, s);
      return nullptr;
    }
    // Empty containers are common members of records (citm_catalog: 8695 of its 10451 arrays),
    // and each cost write_dynamic()'s dispatch and two reservations for its brackets.
    case spool::kind::array:
      if (!v.if_array()->empty()) return nullptr;
      std::memcpy(w, "[]", 2);
      return w + 2;
    case spool::kind::object:
      if (!v.if_object()->empty()) return nullptr;
      std::memcpy(w, "{}", 2);
      return w + 2;
    default: return nullptr;
  }
}

// Compact output of an object's members: the separator, the key, the colon and a scalar value
// share one reservation and one commit, where the general loop reserves and commits for each of
// them. A key that is long or needs escaping goes through string(), a value that scalar_value()
// declines through write_dynamic().
template <write_options Opts>
bool writer<Opts>::write_value_members(const spool::object& members) {
  put('{');
  const std::size_t n = members.size();
  for (std::size_t i = 0; i < n; ++i) {
    const spool::object::member& m = members.nth(i);
    const std::string_view key = m.key();
    char* w = room(1 + short_plain_room + 1 + scalar_room);
    *w = ',';
    w += i != 0 ? 1 : 0;
    char* key_end = json_write_short_keys && key.size() <= short_plain_max ? value_short_string(w, key) : nullptr;
    if (key_end == nullptr) [[unlikely]] {
      commit(w);
      if (!string(key)) return false;
      key_end = room(1 + scalar_room);
    }
    *key_end = ':';
    char* value_at = key_end + 1;
    if (char* end = scalar_value(value_at, m.value)) {
      commit(end);
      continue;
    }
    commit(value_at);
    if (!write_dynamic(m.value)) {
      error_.at_key(key);
      return false;
    }
  }
  put('}');
  return true;
}

template <write_options Opts>
template <class X>
bool writer<Opts>::write_alternative(const X& x) {
  if constexpr (std::is_same_v<X, spool::array>) {
    if constexpr (!Opts.pretty && json_write_value_numbers) {
      // Out of line, so that this dispatch stays small enough to inline into the container loops.
      if (!x.empty() && is_written_number(x[0].kind())) return write_value_numbers(x);
    }
    open('[');
    const std::size_t n = x.size();
    const spool::value* elements = x.data();
    for (std::size_t i = 0; i < n; ++i) {
      before_element(i == 0);
      if (!write_dynamic(elements[i])) {
        error_.at_index(i);
        return false;
      }
    }
    close(']', n == 0);
    return true;
  } else if constexpr (std::is_same_v<X, spool::object>) {
    // Out of line for the same reason as write_value_numbers().
    if constexpr (!Opts.pretty && json_write_value_members) return write_value_members(x);
    open('{');
    const std::size_t n = x.size();
    for (std::size_t i = 0; i < n; ++i) {
      const spool::object::member& m = x.nth(i);
      before_element(i == 0);
      if (!dynamic_key(m.key())) return false;
      name_separator();
      if (!write_dynamic(m.value)) {
        error_.at_key(m.key());
        return false;
      }
    }
    close('}', n == 0);
    return true;
  } else if constexpr (std::is_same_v<X, spool::bytes_view>) {
    return write_array_of(x, [&](std::byte b) { return write(static_cast<unsigned>(b)); });
  } else if constexpr (datetime_type<X>) {
    char* w = room(max_datetime_text + 2);
    *w++ = '"';
    w = format_datetime(w, x);
    *w++ = '"';
    commit(w);
    return true;
  } else if constexpr (std::is_same_v<X, spool::ext>) {
    return fail(errc::unsupported, "a MessagePack extension value has no JSON form");
  } else {
    return write(x);
  }
}

}  // namespace spool::json::detail
