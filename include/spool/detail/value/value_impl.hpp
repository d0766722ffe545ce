// The member functions of spool::value. Part of <spool/value.hpp>; include that.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace spool {

constexpr std::string_view to_string(kind k) noexcept {
  switch (k) {
    case kind::null: return "null";
    case kind::boolean: return "boolean";
    case kind::integer: return "integer";
    case kind::unsigned_integer: return "unsigned integer";
    case kind::floating: return "float";
    case kind::string: return "string";
    case kind::binary: return "binary";
    case kind::array: return "array";
    case kind::object: return "object";
    case kind::offset_datetime: return detail::datetime_kind_name(detail::datetime_kind::offset_datetime);
    case kind::local_datetime: return detail::datetime_kind_name(detail::datetime_kind::local_datetime);
    case kind::local_date: return detail::datetime_kind_name(detail::datetime_kind::local_date);
    case kind::local_time: return detail::datetime_kind_name(detail::datetime_kind::local_time);
    case kind::ext: return "ext";
  }
  return "unknown";
}

namespace detail {
// What a const lookup that finds nothing returns.
inline const value& null_value() noexcept {
  static const value none;
  return none;
}
// Levels the destructor recurses through before it switches to a worklist.
inline constexpr unsigned value_destroy_recursion = 64;

// Arrays, objects and ext values live in blocks of the node cache; the block goes back to it if
// the constructor throws. Inline: called out of line from the builder's close_array and
// close_object, each container paid a call and a frame of six saved registers on top of them.
template <class T, class... Args>
[[gnu::always_inline]] inline T* new_value_node(Args&&... args) {
  struct give_back {
    void* block;
    ~give_back() {
      if (block != nullptr) release_value_node(block, sizeof(T));
    }
  } guard{allocate_value_node(sizeof(T))};
  T* node = ::new (guard.block) T(std::forward<Args>(args)...);
  guard.block = nullptr;
  return node;
}

template <class T>
void delete_value_node(T* node) noexcept {
  node->~T();
  release_value_node(node, sizeof(T));
}

// For the destructor, once every element of a container's vector holds nothing on the heap: the
// vector's own destructor would walk the elements again only to find that, so its buffer goes
// back here with the node that holds it, and the node is released without the destructor (ending
// an object's life without its destructor is allowed when nothing depends on what the destructor
// would do). Node and buffer are counted at once (value_node_cache::release_pair).
template <class Node, class Vector>
[[gnu::always_inline]] inline void release_node_and_emptied_buffer(Node* node, Vector& elements) noexcept {
  if (elements.capacity() != 0) {
    release_value_node_pair(node, sizeof(Node), elements.data(), elements.capacity() * sizeof(typename Vector::value_type));
  } else {
    release_value_node(node, sizeof(Node));
  }
}
}  // namespace detail

template <class I>
  requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char> &&
           !std::is_same_v<I, wchar_t> && !std::is_same_v<I, char8_t> && !std::is_same_v<I, char16_t> &&
           !std::is_same_v<I, char32_t>)
value::value(I i) noexcept {
  if constexpr (std::is_signed_v<I>) {
    storage_.store(tag(spool::kind::integer), static_cast<std::int64_t>(i));
  } else if (std::in_range<std::int64_t>(i)) {
    storage_.store(tag(spool::kind::integer), static_cast<std::int64_t>(i));
  } else {
    storage_.store(tag(spool::kind::unsigned_integer), static_cast<std::uint64_t>(i));
  }
}

inline value::value(spool::ext e) {
  storage_.store_pointer(tag(spool::kind::ext), detail::new_value_node<spool::ext>(std::move(e)));
}
inline value::value(spool::array a) {
  storage_.store_pointer(tag(spool::kind::array), detail::new_value_node<spool::array>(std::move(a)));
}
inline value::value(spool::object o) {
  storage_.store_pointer(tag(spool::kind::object), detail::new_value_node<spool::object>(std::move(o)));
}

inline value::value(std::initializer_list<value> elements) {
  const bool pairs = std::all_of(elements.begin(), elements.end(), [](const value& e) {
    const spool::array* a = e.if_array();
    return a != nullptr && a->size() == 2 && (*a)[0].is_string();
  });
  if (pairs && elements.size() != 0) {
    spool::object o;
    o.reserve(elements.size());
    for (const value& e : elements) {
      const spool::array& pair = *e.if_array();
      o.try_emplace(pair[0].stored_string(), pair[1]);
    }
    *this = value(std::move(o));
  } else {
    *this = value(spool::array(elements));
  }
}

inline value value::array(std::initializer_list<value> elements) { return value(spool::array(elements)); }
inline value value::object(std::initializer_list<std::pair<std::string_view, value>> members) {
  return value(spool::object(members));
}
inline value value::binary(bytes_view bytes) {
  value out;
  out.storage_.store_bytes(tag(spool::kind::binary), bytes.data(), bytes.size());
  return out;
}

inline void value::copy_from(const value& other) {
  if (!other.storage_.on_heap()) {
    storage_ = other.storage_;
    return;
  }
  switch (other.kind()) {
    case spool::kind::string:
    case spool::kind::binary: {
      const std::string_view bytes = other.storage_.bytes();
      storage_.store_bytes(other.storage_.kind_bits(), bytes.data(), bytes.size());
      return;
    }
    case spool::kind::array:
      storage_.store_pointer(tag(spool::kind::array), detail::new_value_node<spool::array>(*other.if_array()));
      return;
    case spool::kind::object:
      storage_.store_pointer(tag(spool::kind::object), detail::new_value_node<spool::object>(*other.if_object()));
      return;
    case spool::kind::ext:
      storage_.store_pointer(tag(spool::kind::ext), detail::new_value_node<spool::ext>(*other.if_ext()));
      return;
    default: storage_ = other.storage_; return;
  }
}

inline value::value(const value& other) { copy_from(other); }

inline value& value::operator=(const value& other) {
  value copy(other);
  swap(copy);
  return *this;
}

// The other value's bytes are taken before the old ones are freed: `v = std::move(v[0])` moves
// the child out before its parent goes, and `v = std::move(v)` keeps v.
inline value& value::operator=(value&& other) noexcept {
  const detail::value_storage taken = other.storage_;
  other.storage_.reset();
  if (storage_.on_heap()) destroy(0);
  storage_ = taken;
  return *this;
}

// Children that hold nothing on the heap (most of them: numbers, short strings) cost one tag
// test; destroy() resets what it frees, so the vectors' own destructors find only such values.
// A tree's frees are batched (value_node_release_batch): its blocks lie in runs of the same
// chunk, and each run costs one subtraction from the chunk's count.
inline void value::destroy(unsigned depth) noexcept {
  if (!storage_.on_heap()) return;
  switch (kind()) {
    case spool::kind::string:
    case spool::kind::binary: storage_.free_bytes(); break;
    case spool::kind::ext: detail::delete_value_node(storage_.pointer<spool::ext>()); break;
    case spool::kind::array:
    case spool::kind::object:
      if (depth == 0) {
        detail::value_node_release_batch batch;
        destroy_container(0);
        return;
      }
      destroy_container(depth);
      return;
    default: break;
  }
  storage_.reset();
}

// A container's child on the heap, taken in the container's loop: a long string and a nested
// container cost no call to destroy() and no switch there. A nested array that holds nothing on
// the heap (canada's points, citm's empty arrays) is freed right here: one look at each element's
// tag, and its node and buffer counted back at once, instead of a call to destroy_container, whose
// register saves, checks and loop cost about as much again.
[[gnu::always_inline]] inline void value::destroy_child(unsigned depth) noexcept {
  const spool::kind k = kind();
  if (k == spool::kind::array) {
    if constexpr (detail::value_direct_release && detail::value_leaf_arrays) {
      spool::array* a = storage_.pointer<spool::array>();
      // A plain loop: std::none_of's fourfold unrolled search costs more than it saves on two elements.
      const value* e = a->data();
      const value* const end = e + a->size();
      while (e != end && !e->storage_.on_heap()) ++e;
      if (e == end) {
        detail::release_node_and_emptied_buffer(a, *a);
        return;  // the parent's buffer goes without its elements' destructors: no reset is due
      }
    }
    destroy_container(depth);
  } else if (k == spool::kind::object) {
    destroy_container(depth);
  } else if (k == spool::kind::string) {
    storage_.free_bytes();
    storage_.reset();
  } else {
    destroy(depth);
  }
}

inline void value::destroy_container(unsigned depth) noexcept {
  if (depth >= detail::value_destroy_recursion) {
    destroy_without_recursion();
    return;
  }
  if (spool::array* a = if_array()) {
    for (value& e : *a) {
      if (e.storage_.on_heap()) e.destroy_child(depth + 1);
    }
    if constexpr (detail::value_direct_release) {
      detail::release_node_and_emptied_buffer(a, *a);
    } else {
      detail::delete_value_node(a);
    }
  } else {
    spool::object* o = if_object();
    if constexpr (detail::value_direct_release) {
      for (spool::object::member& m : *o) {
        if (m.value.storage_.on_heap()) m.value.destroy_child(depth + 1);
        if (m.key_.storage_.on_heap()) m.key_.storage_.free_bytes();
      }
      o->drop_index();
      detail::release_node_and_emptied_buffer(o, o->members_);
    } else {
      for (spool::object::member& m : *o) {
        if (m.value.storage_.on_heap()) m.value.destroy(depth + 1);
      }
      detail::delete_value_node(o);
    }
  }
  storage_.reset();
}

// Deep values go through a worklist: each container hands its nested containers over before it
// is freed, so nothing below it is more than one level deep when its destructor runs.
inline void value::destroy_without_recursion() noexcept {
  spool::array pending;
  pending.push_back(std::move(*this));
  while (!pending.empty()) {
    value current = std::move(pending.back());
    pending.pop_back();
    auto hand_over = [&pending](value& child) {
      if (child.is_array() || child.is_object()) pending.push_back(std::move(child));
    };
    if (spool::array* a = current.if_array()) {
      std::for_each(a->begin(), a->end(), hand_over);
    } else if (spool::object* o = current.if_object()) {
      for (spool::object::member& m : *o) hand_over(m.value);
    }
  }
}

inline error value::wrong_kind(std::string_view expected) const {
  return make_error(errc::unexpected_type, error::no_position, expected, type_name());
}
inline void value::throw_wrong_kind(std::string_view expected) const { detail::fail(wrong_kind(expected)); }

inline result<bool> value::as_bool() const {
  if (is_bool()) return storage_.load<bool>();
  return wrong_kind("boolean");
}

inline result<std::int64_t> value::as_int64() const {
  if (kind() == spool::kind::integer) return storage_.load<std::int64_t>();
  if (kind() == spool::kind::unsigned_integer) {
    return make_error(errc::out_of_range, error::no_position, "integer at most 9223372036854775807",
                      std::to_string(storage_.load<std::uint64_t>()));
  }
  return wrong_kind("integer");
}

inline result<std::uint64_t> value::as_uint64() const {
  if (kind() == spool::kind::unsigned_integer) return storage_.load<std::uint64_t>();
  if (kind() == spool::kind::integer) {
    const auto i = storage_.load<std::int64_t>();
    if (i < 0) return make_error(errc::out_of_range, error::no_position, "non-negative integer", std::to_string(i));
    return static_cast<std::uint64_t>(i);
  }
  return wrong_kind("integer");
}

inline result<double> value::as_double() const {
  constexpr double two_63 = 9223372036854775808.0;
  switch (kind()) {
    case spool::kind::floating: return storage_.load<double>();
    case spool::kind::integer: {
      const auto i = storage_.load<std::int64_t>();
      const auto d = static_cast<double>(i);
      if (d < two_63 && static_cast<std::int64_t>(d) == i) return d;
      return make_error(errc::out_of_range, error::no_position, "number a double holds exactly", std::to_string(i));
    }
    case spool::kind::unsigned_integer: {
      const auto u = storage_.load<std::uint64_t>();
      const auto d = static_cast<double>(u);
      if (d < 2 * two_63 && static_cast<std::uint64_t>(d) == u) return d;
      return make_error(errc::out_of_range, error::no_position, "number a double holds exactly", std::to_string(u));
    }
    default: return wrong_kind("number");
  }
}

inline result<std::string_view> value::as_string() const {
  if (is_string()) return storage_.bytes();
  return wrong_kind("string");
}

inline result<bytes_view> value::as_binary() const {
  if (!is_binary()) return wrong_kind("binary");
  const std::string_view bytes = storage_.bytes();
  return bytes_view(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size());
}

inline result<offset_datetime> value::as_offset_datetime() const {
  if (is_offset_datetime()) return storage_.load_offset_datetime();
  return wrong_kind(to_string(spool::kind::offset_datetime));
}
inline result<local_datetime> value::as_local_datetime() const {
  if (is_local_datetime()) return storage_.load<local_datetime>();
  return wrong_kind(to_string(spool::kind::local_datetime));
}
inline result<local_date> value::as_local_date() const {
  if (is_local_date()) return storage_.load<local_date>();
  return wrong_kind(to_string(spool::kind::local_date));
}
inline result<local_time> value::as_local_time() const {
  if (is_local_time()) return storage_.load<local_time>();
  return wrong_kind(to_string(spool::kind::local_time));
}
inline result<spool::ext> value::as_ext() const {
  if (is_ext()) return *if_ext();
  return wrong_kind("ext");
}

template <class T>
result<T> value::get() const {
  return from_value<T>(*this);
}

inline spool::array* value::if_array() noexcept { return is_array() ? storage_.pointer<spool::array>() : nullptr; }
inline const spool::array* value::if_array() const noexcept {
  return is_array() ? storage_.pointer<spool::array>() : nullptr;
}
inline spool::object* value::if_object() noexcept { return is_object() ? storage_.pointer<spool::object>() : nullptr; }
inline const spool::object* value::if_object() const noexcept {
  return is_object() ? storage_.pointer<spool::object>() : nullptr;
}
inline const spool::ext* value::if_ext() const noexcept { return is_ext() ? storage_.pointer<spool::ext>() : nullptr; }

inline const spool::array& value::as_array() const {
  if (!is_array()) throw_wrong_kind("array");
  return *storage_.pointer<spool::array>();
}
inline spool::array& value::as_array() { return const_cast<spool::array&>(std::as_const(*this).as_array()); }
inline const spool::object& value::as_object() const {
  if (!is_object()) throw_wrong_kind("object");
  return *storage_.pointer<spool::object>();
}
inline spool::object& value::as_object() { return const_cast<spool::object&>(std::as_const(*this).as_object()); }

inline std::size_t value::size() const noexcept {
  if (const spool::array* a = if_array()) return a->size();
  if (const spool::object* o = if_object()) return o->size();
  return 0;
}

inline void value::reserve(std::size_t n) {
  if (is_null()) *this = value(spool::array{});
  if (spool::array* a = if_array()) return a->reserve(n);
  as_object().reserve(n);
}

inline value& value::operator[](std::size_t index) {
  if (is_null()) *this = value(spool::array{});
  spool::array& a = as_array();
  if (index >= a.size()) a.resize(index + 1);
  return a[index];
}

inline value& value::operator[](std::string_view key) {
  if (is_null()) *this = value(spool::object{});
  return as_object()[key];
}

inline const value& value::operator[](std::size_t index) const noexcept {
  const spool::array* a = if_array();
  return a != nullptr && index < a->size() ? (*a)[index] : detail::null_value();
}

inline const value& value::operator[](std::string_view key) const noexcept {
  const value* found = find(key);
  return found != nullptr ? *found : detail::null_value();
}

inline value& value::at(std::size_t index) { return const_cast<value&>(std::as_const(*this).at(index)); }
inline const value& value::at(std::size_t index) const {
  const spool::array& a = as_array();
  if (index >= a.size()) {
    error e = make_error(errc::out_of_range, error::no_position, "index below " + std::to_string(a.size()));
    detail::fail(e.at_index(index));
  }
  return a[index];
}

inline value& value::at(std::string_view key) { return const_cast<value&>(std::as_const(*this).at(key)); }
inline const value& value::at(std::string_view key) const {
  const value* found = as_object().find(key);
  if (found == nullptr) {
    error e = make_error(errc::missing_key, error::no_position);
    detail::fail(e.at_key(key));
  }
  return *found;
}

inline value* value::find(std::string_view key) noexcept {
  spool::object* o = if_object();
  return o != nullptr ? o->find(key) : nullptr;
}
inline const value* value::find(std::string_view key) const noexcept {
  const spool::object* o = if_object();
  return o != nullptr ? o->find(key) : nullptr;
}

inline value& value::push_back(value element) {
  if (is_null()) *this = value(spool::array{});
  spool::array& a = as_array();
  if (a.capacity() == 0) a.reserve(object::first_capacity);  // as objects do, for the same reason
  a.push_back(std::move(element));
  return a.back();
}

inline std::pair<value*, bool> value::try_emplace(std::string_view key, value v) {
  if (is_null()) *this = value(spool::object{});
  return as_object().try_emplace(key, std::move(v));
}

inline value& value::insert_or_assign(std::string_view key, value v) {
  if (is_null()) *this = value(spool::object{});
  return as_object().insert_or_assign(key, std::move(v));
}

inline bool value::erase(std::string_view key) {
  spool::object* o = if_object();
  return o != nullptr && o->erase(key);
}

template <class Self, class F>
decltype(auto) value::visit_impl(Self& self, F&& f) {
  using R = std::invoke_result_t<F&&, std::nullptr_t>;
  const detail::value_storage& s = self.storage_;
  switch (self.kind()) {
    case spool::kind::null: break;
    case spool::kind::boolean: return static_cast<R>(std::forward<F>(f)(s.load<bool>()));
    case spool::kind::integer: return static_cast<R>(std::forward<F>(f)(s.load<std::int64_t>()));
    case spool::kind::unsigned_integer: return static_cast<R>(std::forward<F>(f)(s.load<std::uint64_t>()));
    case spool::kind::floating: return static_cast<R>(std::forward<F>(f)(s.load<double>()));
    case spool::kind::string: return static_cast<R>(std::forward<F>(f)(s.bytes()));
    case spool::kind::binary: return static_cast<R>(std::forward<F>(f)(*self.as_binary()));
    case spool::kind::array: return static_cast<R>(std::forward<F>(f)(*self.if_array()));
    case spool::kind::object: return static_cast<R>(std::forward<F>(f)(*self.if_object()));
    case spool::kind::offset_datetime: return static_cast<R>(std::forward<F>(f)(s.load_offset_datetime()));
    case spool::kind::local_datetime: return static_cast<R>(std::forward<F>(f)(s.load<local_datetime>()));
    case spool::kind::local_date: return static_cast<R>(std::forward<F>(f)(s.load<local_date>()));
    case spool::kind::local_time: return static_cast<R>(std::forward<F>(f)(s.load<local_time>()));
    case spool::kind::ext: {
      using ext_type = std::conditional_t<std::is_const_v<Self>, const spool::ext, spool::ext>;
      return static_cast<R>(std::forward<F>(f)(*s.pointer<ext_type>()));
    }
  }
  return static_cast<R>(std::forward<F>(f)(nullptr));
}

template <class F>
decltype(auto) value::visit(F&& f) {
  return visit_impl(*this, std::forward<F>(f));
}
template <class F>
decltype(auto) value::visit(F&& f) const {
  return visit_impl(*this, std::forward<F>(f));
}

namespace detail {
// The scalar of a value whose kind the caller has checked: a boolean, integer, unsigned_integer
// or floating value as bool, std::int64_t, std::uint64_t or double, a string as its bytes. visit()
// gives the same through a switch on the kind, which a writer's loop has just done itself (and
// which GCC, past a few uses in one function, calls out of line).
struct value_scalar {
  template <class T>
  static T load(const value& v) noexcept {
    static_assert(std::is_same_v<T, bool> || std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t> ||
                  std::is_same_v<T, double> || std::is_same_v<T, std::string_view>);
    if constexpr (std::is_same_v<T, std::string_view>) return v.storage_.bytes();
    else return v.storage_.load<T>();
  }
};

// Equal bits, or both NaN: -0.0 and 0.0 differ, NaN equals NaN.
inline bool same_double(double a, double b) noexcept {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) || (std::isnan(a) && std::isnan(b));
}
}  // namespace detail

inline bool operator==(const value& a, const value& b) noexcept {
  if (a.kind() != b.kind()) return false;
  const detail::value_storage& x = a.storage_;
  const detail::value_storage& y = b.storage_;
  switch (a.kind()) {
    case kind::null: return true;
    case kind::boolean: return x.load<bool>() == y.load<bool>();
    case kind::integer: return x.load<std::int64_t>() == y.load<std::int64_t>();
    case kind::unsigned_integer: return x.load<std::uint64_t>() == y.load<std::uint64_t>();
    case kind::floating: return detail::same_double(x.load<double>(), y.load<double>());
    case kind::string:
    case kind::binary: return x.bytes() == y.bytes();
    case kind::array: return *a.if_array() == *b.if_array();
    case kind::object: return *a.if_object() == *b.if_object();
    case kind::offset_datetime: return x.load_offset_datetime() == y.load_offset_datetime();
    case kind::local_datetime: return x.load<local_datetime>() == y.load<local_datetime>();
    case kind::local_date: return x.load<local_date>() == y.load<local_date>();
    case kind::local_time: return x.load<local_time>() == y.load<local_time>();
    case kind::ext: return *a.if_ext() == *b.if_ext();
  }
  return false;
}

}  // namespace spool
