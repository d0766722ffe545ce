// simdjson as a peer: On-Demand filling the benchmark structs field by field (its fastest way to
// structs), and its DOM parser for the schema-less rows. The input is a simdjson::padded_string
// made once per document, outside the timed loop, as simdjson's own benchmarks do; the parser is
// reused across iterations, as simdjson recommends.
//
// On-Demand is compiled into the caller with the kernel the compiler flags allow (DOM dispatches at
// run time): without -march flags it is simdjson's scalar fallback, hence SPOOL_BENCH_ARCH_FLAGS.
#pragma once
#ifdef SPOOL_BENCH_HAVE_SIMDJSON

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "support/peer_adapters.hpp"

namespace spool_bench::simdjson_peer {

namespace od = simdjson::ondemand;

struct access {
  using node = od::value;
  static bool is_null(node& n) {
    bool null = false;
    return n.is_null().get(null) == simdjson::SUCCESS && null;
  }
  static bool get(node& n, bool& out) { return n.get_bool().get(out) == simdjson::SUCCESS; }
  static bool get(node& n, std::int64_t& out) { return n.get_int64().get(out) == simdjson::SUCCESS; }
  static bool get(node& n, std::uint64_t& out) { return n.get_uint64().get(out) == simdjson::SUCCESS; }
  static bool get(node& n, double& out) { return n.get_double().get(out) == simdjson::SUCCESS; }
  static bool get(node& n, std::string& out) {
    std::string_view s;
    if (n.get_string().get(s) != simdjson::SUCCESS) return false;
    out.assign(s);
    return true;
  }
  template <class F>
  static bool elements(node& n, F&& f) {
    od::array array;
    if (n.get_array().get(array) != simdjson::SUCCESS) return false;
    for (auto element : array) {
      od::value v;
      if (std::move(element).get(v) != simdjson::SUCCESS || !f(v)) return false;
    }
    return true;
  }
  template <class F>
  static bool members(node& n, F&& f) {
    od::object object;
    if (n.get_object().get(object) != simdjson::SUCCESS) return false;
    for (auto member : object) {
      od::field field;
      std::string_view key;
      if (std::move(member).get(field) != simdjson::SUCCESS || field.unescaped_key().get(key) != simdjson::SUCCESS ||
          !f(key, field.value()))
        return false;
    }
    return true;
  }
};

template <class T>
bool read(od::parser& parser, const simdjson::padded_string& text, T& out) {
  od::document doc;
  od::value root;
  return parser.iterate(text).get(doc) == simdjson::SUCCESS && doc.get_value().get(root) == simdjson::SUCCESS &&
         dom_read<access>(root, out);
}

}  // namespace spool_bench::simdjson_peer

#endif
