// libFuzzer entry point for one reader: built once per format and target type, as CMake's
// SPOOL_FUZZ_FORMAT (json, toml, msgpack) and SPOOL_FUZZ_TYPED (0: spool::value, 1: the
// nested spool_fuzz::document) say. An input the reader refuses must come with a well-formed
// error; an input it accepts must survive every round trip of round_trip.hpp.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "fuzz_document.hpp"
#include "round_trip.hpp"

namespace {

constexpr spool_fuzz::origin format = spool_fuzz::origin::SPOOL_FUZZ_FORMAT;
constexpr bool typed = SPOOL_FUZZ_TYPED != 0;
using target = std::conditional_t<typed, spool_fuzz::document, spool::value>;

spool::error read(std::string_view input, target& out) {
  if constexpr (format == spool_fuzz::origin::json) return spool::json::read(input, out);
  else if constexpr (format == spool_fuzz::origin::toml) return spool::toml::read(input, out);
  else return spool::msgpack::read(input, out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  target doc{};
  if (spool::error e = read(input, doc)) {
    spool_fuzz::exercise(e);
    return 0;
  }
  spool_fuzz::check(format, doc);
  return 0;
}
