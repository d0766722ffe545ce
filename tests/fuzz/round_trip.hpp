// The properties every fuzz target checks on what a reader accepted, beyond "no crash": the
// format's own writer writes it, reading that output back gives an equal value, and so do the
// other two formats wherever they can hold the value. A broken property prints what broke and
// aborts, which libFuzzer reports as a crash and saves the input that caused it.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/toml.hpp>
#include <spool/value.hpp>

namespace spool_fuzz {

[[noreturn]] inline void property_failed(std::string_view what, const spool::error& e = {}) {
  std::fprintf(stderr, "property failed: %.*s\n", static_cast<int>(what.size()), what.data());
  if (e) std::fprintf(stderr, "%s\n", e.message().c_str());
  std::abort();
}

inline void require(bool holds, std::string_view what) {
  if (!holds) property_failed(what);
}

// Which formats give `v` back unchanged after a write and a read. JSON has no NaN, infinity,
// bytes or date-times (they come back as other kinds or not at all); TOML has no null, no
// integer above INT64_MAX, no bytes, and only a table at the top; MessagePack keeps only UTC
// instants (a timestamp has no offset) and has no local date-times.
struct formats {
  bool json = true;
  bool toml = true;
  bool msgpack = true;
};

inline void survey(const spool::value& v, formats& f) {
  switch (v.kind()) {
    case spool::kind::null:
    case spool::kind::unsigned_integer: f.toml = false; break;
    case spool::kind::floating: f.json = f.json && std::isfinite(v.as_double().value()); break;
    case spool::kind::binary:
    case spool::kind::ext: f.json = f.toml = false; break;
    case spool::kind::offset_datetime:
      f.json = false;
      f.msgpack = f.msgpack && v.as_offset_datetime().value().offset_minutes == 0;
      break;
    case spool::kind::local_datetime:
    case spool::kind::local_date:
    case spool::kind::local_time: f.json = f.msgpack = false; break;
    case spool::kind::array:
      for (const spool::value& element : v.as_array()) survey(element, f);
      break;
    case spool::kind::object:
      for (const auto& member : v.as_object()) survey(member.value, f);
      break;
    case spool::kind::boolean:
    case spool::kind::integer:
    case spool::kind::string: break;
  }
}

inline formats survey(const spool::value& v) {
  formats f;
  f.toml = v.is_object();
  survey(v, f);
  return f;
}

// Writes `doc` as JSON and reads the text back into a fresh T; `canonical` maps a T to the value
// compared (the value itself, or spool::to_value of a struct, whose == treats NaN as NaN).
template <class T, class Canonical>
void json_round_trip(const T& doc, const spool::value& expected, Canonical canonical) {
  std::string text;
  if (spool::error e = spool::json::write(doc, text)) property_failed("the JSON writer refused what JSON holds", e);
  T back{};
  if (spool::error e = spool::json::read(text, back)) property_failed("the JSON reader refused the JSON writer's output", e);
  require(canonical(back) == expected, "JSON write then read changed the value");
}

template <class T, class Canonical>
void msgpack_round_trip(const T& doc, const spool::value& expected, Canonical canonical) {
  std::string bytes;
  if (spool::error e = spool::msgpack::write(doc, bytes)) property_failed("the MessagePack writer refused a value", e);
  T back{};
  if (spool::error e = spool::msgpack::read(bytes, back)) property_failed("the MessagePack reader refused the MessagePack writer's output", e);
  require(canonical(back) == expected, "MessagePack write then read changed the value");
}

template <class T, class Canonical>
void toml_round_trip(const T& doc, const spool::value& expected, Canonical canonical) {
  std::string text;
  if (spool::error e = spool::toml::write(doc, text)) property_failed("the TOML writer refused what TOML holds", e);
  T back{};
  if (spool::error e = spool::toml::read(text, back)) property_failed("the TOML reader refused the TOML writer's output", e);
  require(canonical(back) == expected, "TOML write then read changed the value");
}

enum class origin { json, toml, msgpack };

// What a reader of `from` accepted into `doc` goes through every format that can hold it, the
// reader's own format always (its writer must take whatever its reader gave).
template <class T, class Canonical>
void check_with(origin from, const T& doc, Canonical canonical) {
  const spool::value expected = canonical(doc);
  const formats f = survey(expected);
  switch (from) {
    case origin::json: require(f.json, "the JSON reader produced a value JSON cannot hold"); break;
    case origin::toml: require(f.toml, "the TOML reader produced a value TOML cannot hold"); break;
    case origin::msgpack: require(f.msgpack, "the MessagePack reader produced a value MessagePack cannot hold"); break;
  }
  if (f.json) json_round_trip(doc, expected, canonical);
  if (f.toml) toml_round_trip(doc, expected, canonical);
  if (f.msgpack) msgpack_round_trip(doc, expected, canonical);
}

// What is compared: a spool::value as it is, a struct through spool::to_value (whose == is exact
// and treats NaN as NaN).
template <class T>
spool::value canonical(const T& doc) {
  if constexpr (std::is_same_v<T, spool::value>) return doc;
  else return spool::to_value(doc);
}

template <class T>
void check(origin from, const T& doc) {
  check_with(from, doc, [](const T& x) { return canonical(x); });
}

// Errors are part of the surface too: building the message walks the input around the offset.
inline void exercise(const spool::error& e) {
  require(e.code != spool::errc::ok, "a failed read reported errc::ok");
  require(!e.message().empty(), "an error without a message");
}

}  // namespace spool_fuzz
