// RapidJSON as a peer: its DOM (rapidjson::Document, default parse flags, as its users parse)
// converted into the benchmark structs, and its Writer driven from them.
#pragma once
#ifdef SPOOL_BENCH_HAVE_RAPIDJSON

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "support/peer_adapters.hpp"

namespace spool_bench::rapidjson_peer {

struct access {
  using node = const rapidjson::Value;
  static bool is_null(node& n) { return n.IsNull(); }
  static bool get(node& n, bool& out) { return n.IsBool() && (out = n.GetBool(), true); }
  static bool get(node& n, std::int64_t& out) { return n.IsInt64() && (out = n.GetInt64(), true); }
  static bool get(node& n, std::uint64_t& out) { return n.IsUint64() && (out = n.GetUint64(), true); }
  static bool get(node& n, double& out) { return n.IsNumber() && (out = n.GetDouble(), true); }
  static bool get(node& n, std::string& out) {
    if (!n.IsString()) return false;
    out.assign(n.GetString(), n.GetStringLength());
    return true;
  }
  template <class F>
  static bool elements(node& n, F&& f) {
    if (!n.IsArray()) return false;
    for (node& element : n.GetArray())
      if (!f(element)) return false;
    return true;
  }
  template <class F>
  static bool members(node& n, F&& f) {
    if (!n.IsObject()) return false;
    for (const auto& member : n.GetObject())
      if (!f(std::string_view(member.name.GetString(), member.name.GetStringLength()), member.value))
        return false;
    return true;
  }
};

// Parse plus conversion: what reading a struct with RapidJSON costs.
template <class T>
bool read(std::string_view text, T& out) {
  rapidjson::Document doc;
  doc.Parse(text.data(), text.size());
  return !doc.HasParseError() && dom_read<access>(static_cast<const rapidjson::Value&>(doc), out);
}

struct sink {
  rapidjson::Writer<rapidjson::StringBuffer>& w;
  void null() { w.Null(); }
  void boolean(bool b) { w.Bool(b); }
  void integer(std::int64_t i) { w.Int64(i); }
  void unsigned_integer(std::uint64_t u) { w.Uint64(u); }
  void floating(double d) { w.Double(d); }
  void string(std::string_view s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
  void begin_array(std::size_t) { w.StartArray(); }
  void end_array() { w.EndArray(); }
  void begin_object(std::size_t) { w.StartObject(); }
  void key(std::string_view k) { w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size())); }
  void end_object() { w.EndObject(); }
};

template <class T>
std::string write(const T& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  sink s{writer};
  struct_write(s, value);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace spool_bench::rapidjson_peer

#endif
