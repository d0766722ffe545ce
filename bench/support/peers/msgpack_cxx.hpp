// msgpack-cxx (msgpack-c's C++ library) as a peer: msgpack::unpack into its object tree (zone
// allocated) converted into the benchmark structs, and its packer driven from them.
#pragma once
#ifdef SPOOL_BENCH_HAVE_MSGPACK

#include <msgpack.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "support/peer_adapters.hpp"

namespace spool_bench::msgpack_peer {

struct access {
  using node = const msgpack::object;
  static bool is_null(node& n) { return n.type == msgpack::type::NIL; }
  static bool get(node& n, bool& out) {
    return n.type == msgpack::type::BOOLEAN && (out = n.via.boolean, true);
  }
  static bool get(node& n, std::int64_t& out) {
    if (n.type == msgpack::type::NEGATIVE_INTEGER) return out = n.via.i64, true;
    if (n.type != msgpack::type::POSITIVE_INTEGER ||
        n.via.u64 > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return false;
    out = static_cast<std::int64_t>(n.via.u64);
    return true;
  }
  static bool get(node& n, std::uint64_t& out) {
    return n.type == msgpack::type::POSITIVE_INTEGER && (out = n.via.u64, true);
  }
  static bool get(node& n, double& out) {
    switch (n.type) {
      case msgpack::type::FLOAT32:
      case msgpack::type::FLOAT64: out = n.via.f64; return true;
      case msgpack::type::POSITIVE_INTEGER: out = static_cast<double>(n.via.u64); return true;
      case msgpack::type::NEGATIVE_INTEGER: out = static_cast<double>(n.via.i64); return true;
      default: return false;
    }
  }
  static bool get(node& n, std::string& out) {
    if (n.type != msgpack::type::STR) return false;
    out.assign(n.via.str.ptr, n.via.str.size);
    return true;
  }
  template <class F>
  static bool elements(node& n, F&& f) {
    if (n.type != msgpack::type::ARRAY) return false;
    for (std::uint32_t i = 0; i < n.via.array.size; ++i)
      if (!f(n.via.array.ptr[i])) return false;
    return true;
  }
  template <class F>
  static bool members(node& n, F&& f) {
    if (n.type != msgpack::type::MAP) return false;
    for (std::uint32_t i = 0; i < n.via.map.size; ++i) {
      const msgpack::object_kv& kv = n.via.map.ptr[i];
      if (kv.key.type != msgpack::type::STR ||
          !f(std::string_view(kv.key.via.str.ptr, kv.key.via.str.size), kv.val))
        return false;
    }
    return true;
  }
};

// unpack plus conversion: what reading a struct with msgpack-cxx costs (its convert() route).
template <class T>
bool read(std::string_view bytes, T& out) {
  const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
  return dom_read<access>(handle.get(), out);
}

struct sink {
  msgpack::packer<msgpack::sbuffer>& p;
  void null() { p.pack_nil(); }
  void boolean(bool b) { b ? p.pack_true() : p.pack_false(); }
  void integer(std::int64_t i) { p.pack_int64(i); }
  void unsigned_integer(std::uint64_t u) { p.pack_uint64(u); }
  void floating(double d) { p.pack_double(d); }
  void string(std::string_view s) {
    p.pack_str(static_cast<std::uint32_t>(s.size()));
    p.pack_str_body(s.data(), static_cast<std::uint32_t>(s.size()));
  }
  void begin_array(std::size_t n) { p.pack_array(static_cast<std::uint32_t>(n)); }
  void end_array() {}
  void begin_object(std::size_t n) { p.pack_map(static_cast<std::uint32_t>(n)); }
  void key(std::string_view k) { string(k); }
  void end_object() {}
};

template <class T>
std::string write(const T& value) {
  msgpack::sbuffer buffer;
  msgpack::packer<msgpack::sbuffer> packer(buffer);
  sink s{packer};
  struct_write(s, value);
  return std::string(buffer.data(), buffer.size());
}

}  // namespace spool_bench::msgpack_peer

#endif
