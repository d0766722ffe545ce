// What the tool does with values a target format cannot hold. The rule, as `spool --help` and the
// README state it: keep every value exactly where the target can, and otherwise map it to a form
// that loses nothing and says what it was:
//   - JSON has no date-times, binary or ext: date-times become RFC 3339 strings, binary becomes a
//     base64 string, ext becomes {"$ext": type, "base64": "..."}.
//   - TOML has no binary or ext: the same strings and tables as for JSON. It has no null either:
//     a null is an error naming its path (the TOML writer reports it).
//   - MessagePack holds everything; its timestamps and TOML offset date-times map onto each other
//     in the readers and writers themselves, and the local date-time kinds become strings.
#pragma once

#include <string>

#include <spool/datetime.hpp>
#include <spool/detail/base64.hpp>
#include <spool/value.hpp>

#include "arguments.hpp"

namespace spool_cli {

inline spool::value base64_string(spool::bytes_view bytes) {
  std::string text(spool::detail::base64_encoded_size(bytes.size()), '\0');
  spool::detail::base64_encode(bytes, text.data());
  return spool::value(text);
}

// `v` rewritten so that every value in it is one `target` can hold (see the rules above).
inline spool::value to_representable(const spool::value& v, format target) {
  const bool text_formats = target != format::msgpack;
  switch (v.kind()) {
    case spool::kind::array: {
      spool::array out;
      out.reserve(v.size());
      for (const spool::value& element : v.as_array()) out.push_back(to_representable(element, target));
      return spool::value(std::move(out));
    }
    case spool::kind::object: {
      spool::value out = spool::value::object();
      out.reserve(v.size());
      for (const auto& m : v.as_object()) out[m.key()] = to_representable(m.value, target);
      return out;
    }
    case spool::kind::binary:
      return text_formats ? base64_string(v.as_binary().value()) : v;
    case spool::kind::ext: {
      if (!text_formats) return v;
      const spool::ext& e = *v.if_ext();
      return spool::value::object({{"$ext", spool::value(e.type)}, {"base64", base64_string(e.data)}});
    }
    case spool::kind::offset_datetime:
      return target == format::toml || !text_formats ? v : spool::value(spool::to_string(v.as_offset_datetime().value()));
    case spool::kind::local_datetime:
      return target == format::toml ? v : spool::value(spool::to_string(v.as_local_datetime().value()));
    case spool::kind::local_date:
      return target == format::toml ? v : spool::value(spool::to_string(v.as_local_date().value()));
    case spool::kind::local_time:
      return target == format::toml ? v : spool::value(spool::to_string(v.as_local_time().value()));
    default:
      return v;
  }
}

}  // namespace spool_cli
