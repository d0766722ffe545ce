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

enum class origin { json, toml, msgpack };

inline std::string_view name(origin f) {
  switch (f) {
    case origin::json: return "JSON";
    case origin::toml: return "TOML";
    case origin::msgpack: return "MessagePack";
  }
  return "?";
}

[[noreturn]] inline void property_failed(origin f, std::string_view what, const spool::error& e = {}) {
  property_failed(std::string(name(f)) + ": " + std::string(what), e);
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

template <class T>
spool::error read_in(origin f, std::string_view input, T& out) {
  switch (f) {
    case origin::json: return spool::json::read(input, out);
    case origin::toml: return spool::toml::read(input, out);
    case origin::msgpack: return spool::msgpack::read(input, out);
  }
  return spool::make_error(spool::errc::unsupported, 0);
}

template <class T>
spool::error write_in(origin f, const T& doc, std::string& out) {
  switch (f) {
    case origin::json: return spool::json::write(doc, out);
    case origin::toml: return spool::toml::write(doc, out);
    case origin::msgpack: return spool::msgpack::write(doc, out);
  }
  return spool::make_error(spool::errc::unsupported, 0);
}

// What is compared: a spool::value as it is, a struct through spool::to_value (whose == is exact
// and treats NaN as NaN).
template <class T>
spool::value canonical(const T& doc) {
  if constexpr (std::is_same_v<T, spool::value>) return doc;
  else return spool::to_value(doc);
}

// Writes `doc` in format `f` and reads the output back into a fresh T, which must equal it.
template <class T>
void round_trip(origin f, const T& doc, const spool::value& expected) {
  std::string text;
  if (spool::error e = write_in(f, doc, text)) property_failed(f, "the writer refused what the format holds", e);
  T back{};
  if (spool::error e = read_in(f, text, back)) property_failed(f, "the reader refused the writer's output", e);
  if (!(canonical(back) == expected)) property_failed(f, "write then read changed the value");
}

// What a reader of `from` accepted into `doc` goes through every format that can hold it, the
// reader's own format always (its writer must take whatever its reader gave).
template <class T>
void check(origin from, const T& doc) {
  const spool::value expected = canonical(doc);
  const formats f = survey(expected);
  const bool holds[] = {f.json, f.toml, f.msgpack};
  if (!holds[static_cast<int>(from)]) property_failed(from, "the reader produced a value the format cannot hold");
  for (const origin to : {origin::json, origin::toml, origin::msgpack})
    if (holds[static_cast<int>(to)]) round_trip(to, doc, expected);
}

// Errors are part of the surface too: building the message walks the input around the offset.
inline void exercise(const spool::error& e) {
  require(e.code != spool::errc::ok, "a failed read reported errc::ok");
  require(!e.message().empty(), "an error without a message");
}

}  // namespace spool_fuzz
