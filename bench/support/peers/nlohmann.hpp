// nlohmann/json as a peer: nlohmann::json parsed and converted into the benchmark structs, and
// built from them then dumped (its to_json route); also its MessagePack codec.
#pragma once
#ifdef SPOOL_BENCH_HAVE_NLOHMANN

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/peer_adapters.hpp"

namespace spool_bench::nlohmann_peer {

struct access {
  using node = const nlohmann::json;
  static bool is_null(node& n) { return n.is_null(); }
  static bool get(node& n, bool& out) { return n.is_boolean() && (out = n.get<bool>(), true); }
  static bool get(node& n, std::int64_t& out) {
    return n.is_number_integer() && (out = n.get<std::int64_t>(), true);
  }
  static bool get(node& n, std::uint64_t& out) {
    return n.is_number_unsigned() && (out = n.get<std::uint64_t>(), true);
  }
  static bool get(node& n, double& out) { return n.is_number() && (out = n.get<double>(), true); }
  static bool get(node& n, std::string& out) {
    if (!n.is_string()) return false;
    out = *n.get_ptr<const std::string*>();
    return true;
  }
  template <class F>
  static bool elements(node& n, F&& f) {
    if (!n.is_array()) return false;
    for (node& element : n)
      if (!f(element)) return false;
    return true;
  }
  template <class F>
  static bool members(node& n, F&& f) {
    if (!n.is_object()) return false;
    for (auto it = n.begin(); it != n.end(); ++it)
      if (!f(std::string_view(it.key()), it.value())) return false;
    return true;
  }
};

template <class T>
bool read(std::string_view text, T& out) {
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  return !doc.is_discarded() && dom_read<access>(doc, out);
}

template <class T>
bool read_msgpack(std::string_view bytes, T& out) {
  const nlohmann::json doc = nlohmann::json::from_msgpack(bytes, true, false);
  return !doc.is_discarded() && dom_read<access>(doc, out);
}

// Builds the nlohmann::json tree a to_json() would, from the struct walk.
class builder {
 public:
  nlohmann::json root;

  void null() { put(nullptr); }
  void boolean(bool b) { put(b); }
  void integer(std::int64_t i) { put(i); }
  void unsigned_integer(std::uint64_t u) { put(u); }
  void floating(double d) { put(d); }
  void string(std::string_view s) { put(std::string(s)); }
  void begin_array(std::size_t) { open(nlohmann::json::array()); }
  void begin_object(std::size_t) { open(nlohmann::json::object()); }
  void end_array() { stack_.pop_back(); }
  void end_object() { stack_.pop_back(); }
  void key(std::string_view k) { key_.assign(k); }

 private:
  nlohmann::json& put(nlohmann::json v) {
    if (stack_.empty()) return root = std::move(v);
    nlohmann::json& parent = *stack_.back();
    if (parent.is_array()) return parent.emplace_back(std::move(v));
    return parent[key_] = std::move(v);
  }
  void open(nlohmann::json container) { stack_.push_back(&put(std::move(container))); }

  std::vector<nlohmann::json*> stack_;
  std::string key_;
};

template <class T>
nlohmann::json to_json(const T& value) {
  builder b;
  struct_write(b, value);
  return std::move(b.root);
}

template <class T>
std::string write(const T& value) {
  return to_json(value).dump();
}

template <class T>
std::vector<std::uint8_t> write_msgpack(const T& value) {
  return nlohmann::json::to_msgpack(to_json(value));
}

}  // namespace spool_bench::nlohmann_peer

#endif
