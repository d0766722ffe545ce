// libFuzzer entry point for a stream reader (spool::json::stream_reader or
// spool::msgpack::stream_reader, as CMake's SPOOL_FUZZ_FORMAT says): the input is a stream of
// values, fed to the reader through a callback in chunks of the sizes a schedule gives, stalls
// (spool::stream_stall) included. Properties, beyond no crash, leak or hang:
//   - the same stream handed over in one piece gives the same values and the same error (code,
//     offset, line, column): the chunking never shows, except in how many of the separators
//     after a value input_offset() counts (those the reader happened to hold);
//   - every value read equals what the whole-input reader makes of the bytes the stream consumed
//     for it (input_offset() before and after), read into the same object the stream reused;
//   - an error lies inside the stream, after the last value read, and is returned again by every
//     later read().
//
// The schedule: an input that starts with the byte 0xC1 (never used in MessagePack, never the
// start of a JSON text) is followed by a count byte n and n schedule bytes, each a chunk of
// (byte % 64) bytes, 0 being a stall; the stream is the rest. Any other input is the stream as
// it is, with a schedule drawn from a generator seeded by the input, so the seeds from the
// corpora stay valid documents and still meet chunk boundaries everywhere.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/value.hpp>

#include "round_trip.hpp"

namespace {

constexpr spool_fuzz::origin format = spool_fuzz::origin::SPOOL_FUZZ_FORMAT;
static_assert(format != spool_fuzz::origin::toml, "TOML has no stream reader");

using stream_reader =
    std::conditional_t<format == spool_fuzz::origin::json, spool::json::stream_reader<>, spool::msgpack::stream_reader<>>;

constexpr unsigned char schedule_marker = 0xC1;
// What may stand between two values (comments are off in the default options).
constexpr std::string_view separators = format == spool_fuzz::origin::json ? std::string_view(" \t\r\n") : std::string_view();
constexpr std::size_t stall = 0;

// Chunk sizes in the order the callback hands them out (cycling); 0 is a stall. Never only
// stalls: a reader that is only ever told "not yet" would rightly ask forever.
struct schedule {
  std::vector<std::size_t> sizes;
  std::string_view stream;
};

schedule parse(std::string_view input) {
  schedule s;
  if (!input.empty() && static_cast<unsigned char>(input[0]) == schedule_marker) {
    const std::size_t n = input.size() > 1 ? static_cast<unsigned char>(input[1]) % 16 : 0;
    const std::size_t header = std::min(input.size(), 2 + n);
    for (std::size_t i = 2; i < header; ++i) s.sizes.push_back(static_cast<unsigned char>(input[i]) % 64);
    s.stream = input.substr(header);
  } else {
    // A linear congruential generator seeded by the input: sizes 1..64, one in eight a stall.
    std::uint64_t state = input.size() * 2654435761u + 1;
    for (const char c : input.substr(0, 16)) state = state * 31 + static_cast<unsigned char>(c);
    for (int i = 0; i < 16; ++i) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      s.sizes.push_back((state >> 61) == 0 ? stall : 1 + (state >> 58));
    }
    s.stream = input;
  }
  if (std::all_of(s.sizes.begin(), s.sizes.end(), [](std::size_t n) { return n == stall; })) s.sizes.push_back(1);
  return s;
}

// Hands out `bytes` by the schedule; sizes of 0 in `sizes` are stalls. An empty schedule gives
// as much as the reader has room for.
spool::stream_callback feed(std::string_view bytes, std::vector<std::size_t> sizes) {
  return [rest = bytes, sizes = std::move(sizes), next = std::size_t{0}](std::span<std::byte> out) mutable {
    if (rest.empty()) return std::size_t{0};
    std::size_t n = out.size();
    if (!sizes.empty()) {
      n = sizes[next++ % sizes.size()];
      if (n == stall) return spool::stream_stall;
    }
    n = std::min({n, out.size(), rest.size()});
    std::memcpy(out.data(), rest.data(), n);
    rest.remove_prefix(n);
    return n;
  };
}

struct outcome {
  std::vector<spool::value> values;
  std::vector<std::size_t> ends;  // input_offset() after each value
  spool::error error;             // errc::empty_input when the stream just ended
};

bool same_error(const spool::error& a, const spool::error& b) {
  return a.code == b.code && a.offset == b.offset && a.line == b.line && a.column == b.column;
}

// Reads every value of the stream into one reused object, as a consumer of a stream would.
outcome read_all(std::string_view bytes, std::vector<std::size_t> sizes) {
  outcome o;
  stream_reader in{feed(bytes, std::move(sizes))};
  spool::value v;
  while (in.more()) {
    if (spool::error e = in.read(v)) {
      o.error = std::move(e);
      // Errors are sticky, and more() is false once one was returned.
      spool_fuzz::require(same_error(in.read(v), o.error), "a second read() returned another error");
      spool_fuzz::require(!in.more(), "more() after the error was returned");
      return o;
    }
    o.values.push_back(v);
    o.ends.push_back(in.input_offset());
  }
  o.error = in.read(v);
  spool_fuzz::require(o.error.code == spool::errc::empty_input, "read() after more() was false is not empty_input");
  spool_fuzz::require(in.input_offset() == bytes.size(), "the stream ended before its bytes were consumed");
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const schedule s = parse(std::string_view(reinterpret_cast<const char*>(data), size));
  const outcome chunked = read_all(s.stream, s.sizes);
  const outcome whole = read_all(s.stream, {});

  spool_fuzz::require(chunked.values == whole.values, "chunked and whole streams read other values");
  // input_offset() after a value counts the separators after it that the reader holds: how many
  // that is depends on the chunks, but never by more than separators.
  for (std::size_t i = 0; i < whole.ends.size(); ++i) {
    const auto [low, high] = std::minmax(chunked.ends[i], whole.ends[i]);
    spool_fuzz::require(high <= s.stream.size() &&
                            s.stream.substr(low, high - low).find_first_not_of(separators) == std::string_view::npos,
                        "chunked and whole streams consumed other values");
  }
  if (!same_error(chunked.error, whole.error)) {
    std::fprintf(stderr, "chunked: %s (offset %zu)\nwhole:   %s (offset %zu)\n", chunked.error.message().c_str(),
                 chunked.error.offset, whole.error.message().c_str(), whole.error.offset);
    spool_fuzz::property_failed("chunked and whole streams end in other errors");
  }
  spool_fuzz::exercise(whole.error);

  // Each value is what the whole-input reader makes of the bytes consumed for it (the value and
  // the separators after it), read into the object as the stream left it.
  spool::value previous;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < whole.values.size(); ++i) {
    const std::size_t end = whole.ends[i];
    spool_fuzz::require(begin < end && end <= s.stream.size(), "input_offset() out of order");
    spool::value direct = previous;
    const spool::error e = spool_fuzz::read_in(format, s.stream.substr(begin, end - begin), direct);
    if (e) spool_fuzz::property_failed(format, "the whole-input reader refused a value the stream read", e);
    if (!(direct == whole.values[i])) spool_fuzz::property_failed(format, "the stream read another value");
    previous = std::move(direct);
    begin = end;
  }
  if (whole.error.code != spool::errc::empty_input)
    spool_fuzz::require(whole.error.offset >= begin && whole.error.offset <= s.stream.size(),
                        "the error lies outside the value that failed");
  return 0;
}
