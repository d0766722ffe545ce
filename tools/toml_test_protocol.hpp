// The value side of toml-test's decoder and encoder protocol
// (https://github.com/toml-lang/toml-test): TOML documents as "tagged" JSON, where every scalar is
// {"type": "integer", "value": "42"} and tables and arrays are plain JSON objects and arrays.
//
// Both directions work on spool::value, so the command-line tool only adds JSON text around them:
//
//   decoder:  spool::json::write(spool_tools::to_tagged(spool::toml::read<spool::value>(in).value()))
//   encoder:  spool::toml::write(spool_tools::from_tagged(spool::json::read<spool::value>(in).value()).value())
//
// Type names: string, integer, float, bool, datetime, datetime-local, date-local, time-local.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <spool/datetime.hpp>
#include <spool/detail/datetime_text.hpp>
#include <spool/detail/number_parse.hpp>
#include <spool/detail/number_print.hpp>
#include <spool/error.hpp>
#include <spool/value.hpp>

namespace spool_tools {

namespace tagged_detail {

inline spool::value tag(std::string_view type, std::string_view text) {
  return spool::value::object({{"type", spool::value(type)}, {"value", spool::value(text)}});
}

inline std::string float_text(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[spool::detail::max_number_chars];
  return std::string(buf, spool::detail::write_floating(buf, d));
}

template <class T>
spool::value datetime_tag(std::string_view type, const T& dt) {
  char buf[spool::detail::max_datetime_text];
  return tag(type, std::string_view(buf, static_cast<std::size_t>(spool::detail::format_datetime(buf, dt) - buf)));
}

inline spool::error bad(std::string_view expected, std::string_view found = {}) {
  return spool::make_error(spool::errc::unexpected_type, spool::error::no_position, expected, found);
}

// The typed value of one {"type": ..., "value": ...} pair.
inline spool::result<spool::value> scalar(std::string_view type, std::string_view text) {
  if (type == "string") return spool::value(text);
  if (type == "bool") {
    if (text == "true" || text == "false") return spool::value(text == "true");
    return bad("true or false", text);
  }
  if (type == "integer") {
    const bool negative = !text.empty() && text.front() == '-';
    const char* digits = text.data() + (negative || (!text.empty() && text.front() == '+'));
    std::uint64_t magnitude = 0;
    const char* stop = spool::detail::parse_decimal(digits, text.data() + text.size(), magnitude);
    std::int64_t v = 0;
    if (digits == text.data() + text.size() || stop != text.data() + text.size() ||
        !spool::detail::integer_from_magnitude(negative, magnitude, v))
      return bad("64-bit integer", text);
    return spool::value(v);
  }
  if (type == "float") {
    std::string_view body = text;
    double sign = 1;
    if (!body.empty() && (body.front() == '-' || body.front() == '+')) {
      sign = body.front() == '-' ? -1 : 1;
      body.remove_prefix(1);
    }
    if (body == "inf") return spool::value(sign * std::numeric_limits<double>::infinity());
    if (body == "nan") return spool::value(std::copysign(std::numeric_limits<double>::quiet_NaN(), sign));
    double d = 0;
    const char* first = text.data() + (text.front() == '+');
    if (spool::detail::parse_floating(first, text.data() + text.size(), d) != spool::detail::float_status::ok)
      return bad("float", text);
    return spool::value(d);
  }
  using spool::detail::datetime_kind;
  datetime_kind want;
  if (type == "datetime") want = datetime_kind::offset_datetime;
  else if (type == "datetime-local") want = datetime_kind::local_datetime;
  else if (type == "date-local") want = datetime_kind::local_date;
  else if (type == "time-local") want = datetime_kind::local_time;
  else return bad("a toml-test type", type);
  const auto parsed = spool::detail::parse_datetime_prefix(text.data(), text.data() + text.size(),
                                                           {.allow_omitted_seconds = true});
  if (parsed.code != spool::errc::ok || parsed.ptr != text.data() + text.size() || parsed.kind != want)
    return bad(type, text);
  switch (want) {
    case datetime_kind::offset_datetime: return spool::value(spool::detail::datetime_from<spool::offset_datetime>(parsed));
    case datetime_kind::local_datetime: return spool::value(spool::detail::datetime_from<spool::local_datetime>(parsed));
    case datetime_kind::local_date: return spool::value(parsed.date);
    case datetime_kind::local_time: return spool::value(parsed.time);
  }
  return bad(type, text);
}

// A JSON object of exactly the two string members "type" and "value" is a tagged scalar.
inline bool is_tag(const spool::object& o) {
  if (o.size() != 2) return false;
  const spool::value* type = o.find("type");
  const spool::value* text = o.find("value");
  return type != nullptr && text != nullptr && type->is_string() && text->is_string();
}

}  // namespace tagged_detail

// A TOML document read as a spool::value, in toml-test's tagged form. Kinds TOML cannot hold
// (null, binary, ext) do not come out of a TOML reader; they map to a tag toml-test rejects.
inline spool::value to_tagged(const spool::value& v) {
  using namespace tagged_detail;
  switch (v.kind()) {
    case spool::kind::object: {
      spool::value out = spool::value::object();
      for (const auto& m : v.as_object()) out.try_emplace(m.key(), to_tagged(m.value));
      return out;
    }
    case spool::kind::array: {
      spool::value out = spool::value::array();
      for (const spool::value& e : v.as_array()) out.push_back(to_tagged(e));
      return out;
    }
    case spool::kind::string: return tag("string", v.as_string().value());
    case spool::kind::boolean: return tag("bool", v.as_bool().value() ? "true" : "false");
    case spool::kind::integer: return tag("integer", std::to_string(v.as_int64().value()));
    case spool::kind::unsigned_integer: return tag("integer", std::to_string(v.as_uint64().value()));
    case spool::kind::floating: return tag("float", float_text(v.as_double().value()));
    case spool::kind::offset_datetime: return datetime_tag("datetime", v.as_offset_datetime().value());
    case spool::kind::local_datetime: return datetime_tag("datetime-local", v.as_local_datetime().value());
    case spool::kind::local_date: return datetime_tag("date-local", v.as_local_date().value());
    case spool::kind::local_time: return datetime_tag("time-local", v.as_local_time().value());
    default: return tag(v.type_name(), "");
  }
}

// toml-test's tagged JSON (already read into a spool::value) as the value a TOML writer takes.
// Errors name the offending path.
inline spool::result<spool::value> from_tagged(const spool::value& tagged) {
  using namespace tagged_detail;
  if (const spool::array* elements = tagged.if_array()) {
    spool::value out = spool::value::array();
    for (std::size_t i = 0; i < elements->size(); ++i) {
      spool::result<spool::value> e = from_tagged((*elements)[i]);
      if (!e) return std::move(e).error().at_index(i);
      out.push_back(std::move(*e));
    }
    return out;
  }
  const spool::object* members = tagged.if_object();
  if (members == nullptr) return bad("object or array", tagged.type_name());
  if (is_tag(*members))
    return scalar(members->find("type")->as_string().value(), members->find("value")->as_string().value());
  spool::value out = spool::value::object();
  for (const auto& m : *members) {
    spool::result<spool::value> e = from_tagged(m.value);
    if (!e) return std::move(e).error().at_key(m.key());
    out.try_emplace(m.key(), std::move(*e));
  }
  return out;
}

}  // namespace spool_tools
