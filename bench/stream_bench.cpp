// Stream readers: sonic's DecodeStream set, large values, and NDJSON / MessagePack message
// streams against reading the same bytes as one in-memory document.
//
//   DecodeStream/<case>/<N>/spool   N = 4096 and 131072, into spool::value:
//     single   {"aaaaa":"b...b"} (N b's), N spaces, then a lone "{" (the second read fails at the end)
//     double   that object, N spaces, then {"11111":"2...2"} (2N 2's); two reads
//     4x       double, N - 10 spaces, double again, read in a more() loop
//     halt     double through a reader that stalls at offsets 1, 10 and 20 (a short read up to the
//              offset, then a read of nothing), two reads
//     small    {"a":"b"} [1] {"c":"d"} [2] in a more() loop (N is not used: one row, "-")
//   DecodeLargeStream/100KB/spool   eight 100 KB API responses, one per line, into spool::value
//   NDJSON/twitter/stream/spool     the twitter statuses one per line, read into twitter::status
//   NDJSON/twitter/document/spool   the same statuses as one JSON array, into std::vector<status>
//   MsgpackStream/twitter/stream|document/spool   the same with MessagePack
//
// Every stream comes from memory through the callback source, as a socket would hand it over
// (the reader asks for as much as its free space holds). stream_bench_norecycle is the naive
// reader (SPOOL_DISABLE_STREAM_RECYCLE): its own buffer per reader, compacted after every value.
#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/value.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "support/corpus.hpp"
#include "support/documents.hpp"
#include "support/harness.hpp"

namespace spool_bench {

namespace {

// Serves `text` from memory; at each offset in `halts` the read stops short there, and the
// next read returns nothing yet (spool::stream_stall) once.
class memory_source {
 public:
  explicit memory_source(const std::string& text, std::vector<std::size_t> halts = {})
      : text_(&text), halts_(std::move(halts)) {}

  std::size_t operator()(std::span<std::byte> out) {
    if (pos_ == text_->size()) return 0;
    const bool halting = next_halt_ < halts_.size();
    if (halting && pos_ == halts_[next_halt_]) {
      ++next_halt_;
      return spool::stream_stall;  // the read of nothing
    }
    std::size_t n = std::min(out.size(), text_->size() - pos_);
    if (halting) n = std::min(n, halts_[next_halt_] - pos_);  // a short read up to the halt
    std::memcpy(out.data(), text_->data() + pos_, n);
    pos_ += n;
    return n;
  }

 private:
  const std::string* text_;
  std::vector<std::size_t> halts_;
  std::size_t pos_ = 0, next_halt_ = 0;
};

// Inputs live as long as the program: benchmarks refer to them after register_all returns.
const std::string& keep(std::string text) {
  static std::deque<std::string> inputs;
  return inputs.emplace_back(std::move(text));
}

std::string object_of(const char* key, char fill, std::size_t n) {
  return "{\"" + std::string(key) + "\":\"" + std::string(n, fill) + "\"}";
}

std::string double_json(std::size_t n) {
  return object_of("aaaaa", 'b', n) + std::string(n, ' ') + object_of("11111", '2', 2 * n);
}

// Reads `reads` values (or, with reads == 0, all of them in a more() loop); true when every
// read went as the case expects (`last_fails`: the final read must fail, as in "single").
bool decode(const std::string& text, std::vector<std::size_t> halts, int reads, bool last_fails = false) {
  spool::json::stream_reader in{memory_source(text, std::move(halts))};
  spool::value v;
  if (reads == 0) {
    bool ok = true;
    while (in.more()) ok = !in.read(v) && ok;
    return ok;
  }
  for (int i = 0; i < reads; ++i) {
    const bool failed = static_cast<bool>(in.read(v));
    if (failed != (last_fails && i == reads - 1)) return false;
  }
  return true;
}

void add_decode_stream(std::size_t n) {
  const std::string size = std::to_string(n);
  const std::string* single = &keep(object_of("aaaaa", 'b', n) + std::string(n, ' ') + "{");
  const std::string* twice = &keep(double_json(n));
  const std::string* four = &keep(*twice + std::string(n - 10, ' ') + *twice);
  add("DecodeStream/single/" + size + "/spool", [single](benchmark::State& state) {
    checked(state, single->size(), [&] { return decode(*single, {}, 2, true); });
  });
  add("DecodeStream/double/" + size + "/spool", [twice](benchmark::State& state) {
    checked(state, twice->size(), [&] { return decode(*twice, {}, 2); });
  });
  add("DecodeStream/4x/" + size + "/spool", [four](benchmark::State& state) {
    checked(state, four->size(), [&] { return decode(*four, {}, 0); });
  });
  add("DecodeStream/halt/" + size + "/spool", [twice](benchmark::State& state) {
    checked(state, twice->size(), [&] { return decode(*twice, {1, 10, 20}, 2); });
  });
}

void add_large_stream() {
  const std::string value = api_response_json(100 * 1024);
  std::string lines;
  for (int i = 0; i < 8; ++i) lines += value + "\n";
  const std::string* text = &keep(std::move(lines));
  add("DecodeLargeStream/100KB/spool", [text](benchmark::State& state) {
    checked(state, text->size(), [&] { return decode(*text, {}, 0); });
  });
}

// Every message of the stream into a vector, as a consumer collecting a batch does.
template <class Reader, class Status>
bool read_messages(const std::string& text) {
  Reader in{memory_source(text)};
  std::vector<Status> out;
  while (in.more()) {
    if (in.read(out.emplace_back())) return false;
  }
  return !out.empty();
}

template <class Status>
void add_message_streams(const std::vector<Status>& statuses) {
  std::string lines, messages;
  for (const Status& s : statuses) lines += spool::json::write(s) + "\n";
  for (const Status& s : statuses) messages += spool::msgpack::write(s);
  const std::string* ndjson = &keep(std::move(lines));
  const std::string* array = &keep(spool::json::write(statuses));
  const std::string* packed = &keep(std::move(messages));
  const std::string* packed_array = &keep(spool::msgpack::write(statuses));

  add("NDJSON/twitter/stream/spool", [ndjson](benchmark::State& state) {
    checked(state, ndjson->size(), [&] { return read_messages<spool::json::stream_reader<>, Status>(*ndjson); });
  });
  add("NDJSON/twitter/document/spool", [array](benchmark::State& state) {
    checked(state, array->size(), [&] {
      std::vector<Status> out;
      return !spool::json::read(*array, out) && !out.empty();
    });
  });
  add("MsgpackStream/twitter/stream/spool", [packed](benchmark::State& state) {
    checked(state, packed->size(), [&] { return read_messages<spool::msgpack::stream_reader<>, Status>(*packed); });
  });
  add("MsgpackStream/twitter/document/spool", [packed_array](benchmark::State& state) {
    checked(state, packed_array->size(), [&] {
      std::vector<Status> out;
      return !spool::msgpack::read(*packed_array, out) && !out.empty();
    });
  });
}

}  // namespace

void register_all() {
  add_decode_stream(4096);
  add_decode_stream(128 * 1024);
  static const std::string small = R"({"a":"b"} [1] {"c":"d"} [2])";
  add("DecodeStream/small/-/spool", [](benchmark::State& state) {
    checked(state, small.size(), [&] { return decode(small, {}, 0); });
  });
  add_large_stream();

  twitter::document doc{};
  if (auto text = shared_file("json/twitter.json")) (void)spool::json::read(*text, doc);
  else doc = twitter::generate();
  add_message_streams(doc.statuses);
}

}  // namespace spool_bench
