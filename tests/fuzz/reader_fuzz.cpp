// libFuzzer entry point for one reader: built once per format and target type, as CMake's
// SPOOL_FUZZ_FORMAT (json, toml, msgpack) and SPOOL_FUZZ_TYPED (0: spool::value, 1: the
// nested spool_fuzz::document) say. An input the reader refuses must come with a well-formed
// error; an input it accepts must survive every round trip of round_trip.hpp. The stream reader
// gets the same bytes in chunks of random sizes and must come to the same outcome.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <streambuf>
#include <string_view>
#include <type_traits>

#include "fuzz_document.hpp"
#include "round_trip.hpp"

namespace {

constexpr spool_fuzz::origin format = spool_fuzz::origin::SPOOL_FUZZ_FORMAT;
constexpr bool typed = SPOOL_FUZZ_TYPED != 0;
using target = std::conditional_t<typed, spool_fuzz::document, spool::value>;

spool::error read(std::istream& in, target& out) {
  if constexpr (format == spool_fuzz::origin::json) {
    return spool::json::read(in, out);
  } else {
    spool::result<target> r = [&] {
      if constexpr (format == spool_fuzz::origin::toml) return spool::toml::read<target>(in);
      else return spool::msgpack::read<target>(in);
    }();
    if (!r) return std::move(r).error();
    out = std::move(*r);
    return {};
  }
}

// Hands out the input in chunks of 1 to 64 bytes, sizes drawn from a generator seeded by the
// input, so a stream reader meets every boundary a slow pipe could give it.
class chunked_buf : public std::streambuf {
 public:
  explicit chunked_buf(std::string_view bytes) : rest_(bytes), state_(bytes.size() * 2654435761u + 1) {}

 protected:
  int_type underflow() override {
    if (rest_.empty()) return traits_type::eof();
    state_ = state_ * 6364136223846793005u + 1442695040888963407u;
    const std::size_t n = std::min<std::size_t>(rest_.size(), 1 + (state_ >> 58));
    char* first = const_cast<char*>(rest_.data());
    setg(first, first, first + n);
    rest_.remove_prefix(n);
    return traits_type::to_int_type(*first);
  }

 private:
  std::string_view rest_;
  std::uint64_t state_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  target doc{};
  const spool::error e = spool_fuzz::read_in(format, input, doc);

  chunked_buf buf(input);
  std::istream in(&buf);
  target streamed{};
  const spool::error s = read(in, streamed);
  spool_fuzz::require(s.code == e.code && s.offset == e.offset, "the stream reader and the string reader disagree");

  if (e) {
    spool_fuzz::exercise(e);
    return 0;
  }
  spool_fuzz::require(spool_fuzz::canonical(streamed) == spool_fuzz::canonical(doc),
                      "the stream reader read another value");
  spool_fuzz::check(format, doc);
  return 0;
}
