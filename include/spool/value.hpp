// spool::value: a document without a schema, the same for JSON, TOML and MessagePack.
//
//   spool::value config{{"name", "spool"}, {"ports", {8080, 8081}}, {"debug", false}};
//   config["owner"]["id"] = 42;                          // [] on a null makes an object
//   std::int64_t port = config["ports"][0].as_int64().value();
//   if (const spool::value* name = config.find("name")) use(name->as_string().value());
//   config.visit([](const auto& alternative) { /* nullptr_t, bool, int64_t, ... */ });
//   Server s = spool::from_value<Server>(config["server"]).value();   // any reflected struct
//   spool::value back = spool::to_value(s);
//
// The kinds: null, boolean, integer (int64), unsigned_integer (uint64 above INT64_MAX only, so
// that 1 is one value whichever format it came from), floating, string, binary, array, object
// (insertion-ordered), the four date-time kinds of <spool/datetime.hpp>, and ext (MessagePack).
//
// Layout: 16 bytes, moves are copies of those bytes (noexcept). Strings and binaries up to 14
// bytes and every scalar and date-time live inline; the rest behind one pointer.
//
// Memory: heap blocks (array and object headers and buffers, long strings, ext) are carved one
// after the other from per-thread 64 KiB chunks, so a document's nodes lie together; a chunk is
// reused once all its blocks are freed, and each thread keeps up to 4 MiB of empty chunks for
// the next document (spool::set_value_node_cache_limit; detail/value/node_cache.hpp). A value may
// be destroyed on any thread.
//
// Choices:
//  - Braces build arrays, and an object when every element is a two-element array starting with
//    a string: {{"a", 1}} is {"a": 1}. So value{"x"} is ["x"] and value{v} is [v]: write
//    value("x") or value(v) for the thing itself, and value::array({...}) / value::object({...})
//    where the guess is not what you mean.
//  - Equality is deep. Kinds must match (1 != 1.0, and int vs uint cannot differ for one number);
//    doubles are equal when their bits say the same number: -0.0 != 0.0 and every NaN equals
//    every NaN, so round trips can be checked exactly. Objects compare as maps (order ignored).
//  - Scalar access (as_int64() ...) returns result<T>: errc::unexpected_type for another kind,
//    errc::out_of_range for a number the type cannot hold. Container access (as_array(),
//    at()) returns references and throws spool::exception; if_array() / find() never throw.
//    Reading a missing key or index through a const value gives a null, so lookups chain.
//  - as_string() and as_binary() view the value's own bytes, which a short string keeps inline:
//    the view lasts while the value stays where it is (not across a move, nor across a push_back
//    that grows the array holding it).
//  - Copies and == recurse once per nesting level (fine for the 256 levels readers allow); the
//    destructor does not recurse past a few dozen levels, so any depth is safe to destroy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <spool/datetime.hpp>
#include <spool/detail/value/value_storage.hpp>
#include <spool/error.hpp>

namespace spool {

enum class kind : std::uint8_t {
  null,
  boolean,
  integer,           // int64
  unsigned_integer,  // uint64 above INT64_MAX
  floating,
  string,
  binary,
  array,
  object,
  offset_datetime,
  local_datetime,
  local_date,
  local_time,
  ext,
};

// "null", "boolean", "integer", "float", "string", "binary", "array", "object", "local date", ...
constexpr std::string_view to_string(kind k) noexcept;

// A MessagePack extension: an application-defined type code and its bytes.
struct ext {
  std::int8_t type = 0;
  std::vector<std::byte> data;
  friend bool operator==(const ext&, const ext&) = default;
};

class value;
class object;

namespace detail {
class value_builder;
struct value_scalar;
}

}  // namespace spool

// spool::array stays std::vector<spool::value>, and its buffers come from the node cache: the
// standard lets a program specialize std::allocator for its own type, and its storage still
// comes from ::operator new ("unspecified when or how often", as the standard says of
// std::allocator). Declared before anything can name std::vector<spool::value>.
template <>
class std::allocator<spool::value> : public spool::detail::value_node_allocator<spool::value> {
 public:
  constexpr allocator() noexcept = default;
  template <class U>
  constexpr allocator(const std::allocator<U>&) noexcept {}
};

namespace spool {

using array = std::vector<value>;
using bytes_view = std::span<const std::byte>;

class value {
 public:
  value() noexcept = default;
  value(std::nullptr_t) noexcept {}
  value(bool b) noexcept { storage_.store(tag(kind::boolean), b); }
  template <class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char> &&
             !std::is_same_v<I, wchar_t> && !std::is_same_v<I, char8_t> && !std::is_same_v<I, char16_t> &&
             !std::is_same_v<I, char32_t>)
  value(I i) noexcept;
  value(double d) noexcept { storage_.store(tag(kind::floating), d); }
  value(float f) noexcept : value(static_cast<double>(f)) {}
  value(std::string_view s) { storage_.store_bytes(tag(kind::string), s.data(), s.size()); }
  value(const char* s) : value(std::string_view(s)) {}
  value(char* s) : value(std::string_view(s)) {}
  value(const std::string& s) : value(std::string_view(s)) {}
  template <class T>
  value(T*) = delete;  // would otherwise become a bool
  value(const local_date& d) noexcept { storage_.store(tag(kind::local_date), d); }
  value(const local_time& t) noexcept { storage_.store(tag(kind::local_time), t); }
  value(const local_datetime& dt) noexcept { storage_.store(tag(kind::local_datetime), dt); }
  value(const offset_datetime& dt) noexcept { storage_.store_offset_datetime(tag(kind::offset_datetime), dt); }
  value(spool::ext e);
  value(spool::array a);
  value(spool::object o);
  value(std::initializer_list<value> elements);  // array or object, see the top of this file

  static value array(std::initializer_list<value> elements = {});
  static value object(std::initializer_list<std::pair<std::string_view, value>> members = {});
  static value binary(bytes_view bytes);

  value(const value& other);
  value(value&& other) noexcept : storage_(other.storage_) { other.storage_.reset(); }
  value& operator=(const value& other);
  value& operator=(value&& other) noexcept;
  ~value() {
    if (storage_.on_heap()) destroy(0);
  }
  void swap(value& other) noexcept { std::swap(storage_, other.storage_); }
  friend void swap(value& a, value& b) noexcept { a.swap(b); }

  spool::kind kind() const noexcept { return static_cast<spool::kind>(storage_.kind_bits()); }
  std::string_view type_name() const noexcept { return to_string(kind()); }

  bool is_null() const noexcept { return kind() == spool::kind::null; }
  bool is_bool() const noexcept { return kind() == spool::kind::boolean; }
  bool is_integer() const noexcept { return kind() == spool::kind::integer || kind() == spool::kind::unsigned_integer; }
  bool is_floating() const noexcept { return kind() == spool::kind::floating; }
  bool is_number() const noexcept { return is_integer() || is_floating(); }
  bool is_string() const noexcept { return kind() == spool::kind::string; }
  bool is_binary() const noexcept { return kind() == spool::kind::binary; }
  bool is_array() const noexcept { return kind() == spool::kind::array; }
  bool is_object() const noexcept { return kind() == spool::kind::object; }
  bool is_offset_datetime() const noexcept { return kind() == spool::kind::offset_datetime; }
  bool is_local_datetime() const noexcept { return kind() == spool::kind::local_datetime; }
  bool is_local_date() const noexcept { return kind() == spool::kind::local_date; }
  bool is_local_time() const noexcept { return kind() == spool::kind::local_time; }
  bool is_datetime() const noexcept { return kind() >= spool::kind::offset_datetime && kind() <= spool::kind::local_time; }
  bool is_ext() const noexcept { return kind() == spool::kind::ext; }

  result<bool> as_bool() const;
  result<std::int64_t> as_int64() const;    // unsigned above INT64_MAX: out_of_range
  result<std::uint64_t> as_uint64() const;  // negative: out_of_range
  result<double> as_double() const;         // integers too, when the double holds them exactly
  result<std::string_view> as_string() const;
  result<bytes_view> as_binary() const;
  result<offset_datetime> as_offset_datetime() const;
  result<local_datetime> as_local_datetime() const;
  result<local_date> as_local_date() const;
  result<local_time> as_local_time() const;
  result<spool::ext> as_ext() const;  // a copy; if_ext() for a look without one
  // Any type from_value<T> knows: numbers with range checks, strings, containers, structs...
  template <class T>
  result<T> get() const;

  spool::array* if_array() noexcept;
  const spool::array* if_array() const noexcept;
  spool::object* if_object() noexcept;
  const spool::object* if_object() const noexcept;
  const spool::ext* if_ext() const noexcept;
  spool::array& as_array();  // throws spool::exception (unexpected_type) on another kind
  const spool::array& as_array() const;
  spool::object& as_object();
  const spool::object& as_object() const;

  // Elements of an array or members of an object; 0 for every other kind.
  std::size_t size() const noexcept;
  bool empty() const noexcept { return size() == 0; }
  // Array or object capacity; a null becomes an empty array. Other kinds: unexpected_type.
  void reserve(std::size_t n);

  // Mutable: a null becomes an array (resp. object); an index past the end grows the array with
  // nulls, a missing key is added as null. Another kind throws (unexpected_type).
  value& operator[](std::size_t index);
  value& operator[](std::string_view key);
  // Read-only: a null when the index or key is missing or this is no array (object).
  const value& operator[](std::size_t index) const noexcept;
  const value& operator[](std::string_view key) const noexcept;
  // Checked: throw spool::exception with out_of_range / missing_key / unexpected_type.
  value& at(std::size_t index);
  const value& at(std::size_t index) const;
  value& at(std::string_view key);
  const value& at(std::string_view key) const;
  // nullptr when absent or this is not an object.
  value* find(std::string_view key) noexcept;
  const value* find(std::string_view key) const noexcept;
  bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }

  // Appends to an array (a null becomes one); returns the new element.
  value& push_back(value element);
  // Adds a member unless the key is present (a null becomes an object); see object::try_emplace.
  std::pair<value*, bool> try_emplace(std::string_view key, value v = {});
  value& insert_or_assign(std::string_view key, value v);
  bool erase(std::string_view key);  // false when absent or this is not an object

  // Calls f with the alternative: std::nullptr_t, bool, std::int64_t, std::uint64_t, double,
  // std::string_view (string), bytes_view (binary), the four date-time structs, all by value;
  // array&, object& or ext& (const on a const value). Every call must return the same type.
  template <class F>
  decltype(auto) visit(F&& f);
  template <class F>
  decltype(auto) visit(F&& f) const;

  friend bool operator==(const value& a, const value& b) noexcept;

 private:
  friend class object;  // object::member reads its key through stored_string()
  // The builder keeps pending values as their bare bytes (trivial to move and to drop).
  friend class detail::value_builder;
  // Writers that have switched on kind() already read the scalar without a second dispatch.
  friend struct detail::value_scalar;
  static value adopt(const detail::value_storage& bits) noexcept {
    value v;
    v.storage_ = bits;
    return v;
  }
  detail::value_storage release() noexcept {
    const detail::value_storage bits = storage_;
    storage_.reset();
    return bits;
  }
  static constexpr std::uint8_t tag(spool::kind k) noexcept { return static_cast<std::uint8_t>(k); }
  std::string_view stored_string() const noexcept { return storage_.bytes(); }
  void destroy(unsigned depth) noexcept;
  void destroy_child(unsigned depth) noexcept;
  void destroy_container(unsigned depth) noexcept;
  void destroy_without_recursion() noexcept;
  void copy_from(const value& other);
  error wrong_kind(std::string_view expected) const;
  [[noreturn]] void throw_wrong_kind(std::string_view expected) const;
  template <class Self, class F>
  static decltype(auto) visit_impl(Self& self, F&& f);

  detail::value_storage storage_;
};

static_assert(sizeof(value) == 16);

// Conversions between values and any type spool can read and write (structs, containers, maps,
// optionals, variants, enums, chrono, date-times, byte containers ...); detail/value/convert.hpp
// says how each category maps. from_value reports the path of the failing field:
// "servers[2].port". Unknown keys are ignored; missing required fields are errc::missing_key.
template <class T>
result<T> from_value(const value& v);
template <class T>
error from_value(const value& v, T& out);
template <class T>
value to_value(const T& x);

}  // namespace spool

#include <spool/detail/value/object.hpp>
#include <spool/detail/value/value_impl.hpp>
#include <spool/detail/value/convert.hpp>
