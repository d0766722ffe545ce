// Byte sources that hand their input to a stream reader in chosen pieces: the worst cases of
// real sources (one byte at a time, a split at every offset, stalls), and what the stream tests
// read through them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

#include <spool/detail/stream/source.hpp>
#include <spool/error.hpp>
#include <spool/json.hpp>
#include <spool/value.hpp>

#include "shared_data.hpp"

namespace spool_test {

// A callback serving `data` in pieces whose sizes cycle through `sizes` (never more than the
// reader asks for). With `stall`, every piece is preceded by a spool::stream_stall answer.
inline spool::stream_callback scripted(std::string data, std::vector<std::size_t> sizes, bool stall = false) {
  struct state {
    std::string data;
    std::vector<std::size_t> sizes;
    bool stall;
    std::size_t pos = 0, piece = 0;
    bool stalled = false;
  };
  auto s = std::make_shared<state>(state{std::move(data), std::move(sizes), stall});
  return [s](std::span<std::byte> out) -> std::size_t {
    if (s->pos == s->data.size()) return 0;
    if (s->stall && !s->stalled) {
      s->stalled = true;
      return spool::stream_stall;
    }
    s->stalled = false;
    std::size_t n = s->sizes.empty() ? out.size() : s->sizes[s->piece++ % s->sizes.size()];
    n = std::min({n, out.size(), s->data.size() - s->pos});
    std::memcpy(out.data(), s->data.data() + s->pos, n);
    s->pos += n;
    return n;
  };
}

// `data` in two pieces, split at `at`.
inline spool::stream_callback split_at(std::string data, std::size_t at) {
  std::size_t rest = data.size() - at;
  if (at == 0) return scripted(std::move(data), {rest == 0 ? 1 : rest});
  return scripted(std::move(data), {at, rest == 0 ? 1 : rest});
}

// A streambuf that refills with at most `piece` bytes at a time, like a socket or a pipe. With
// `stall`, every other bulk read delivers nothing although bytes are waiting (not the end).
class piecewise_streambuf : public std::streambuf {
 public:
  piecewise_streambuf(std::string data, std::size_t piece, bool stall = false)
      : data_(std::move(data)), piece_(piece), stall_(stall) {}

 protected:
  std::streamsize xsgetn(char* out, std::streamsize n) override {
    if (stall_ && (stalled_ = !stalled_)) return 0;
    return std::streambuf::xsgetn(out, n);
  }

  int_type underflow() override {
    if (pos_ == data_.size()) return traits_type::eof();
    const std::size_t n = std::min(piece_, data_.size() - pos_);
    char* p = data_.data() + pos_;
    setg(p, p, p + n);
    pos_ += n;
    return traits_type::to_int_type(*p);
  }

 private:
  std::string data_;
  std::size_t piece_;
  std::size_t pos_ = 0;
  bool stall_;
  bool stalled_ = false;
};

// What a stream gave: each value, or the error that ended it.
struct stream_outcome {
  std::vector<spool::value> values;
  spool::error error;
};

// Reads values into spool::value until more() is false or a read fails.
template <class Reader, class Source>
stream_outcome read_values(Source&& source) {
  Reader in{std::forward<Source>(source)};
  stream_outcome o;
  while (in.more()) {
    spool::result<spool::value> v = in.template read<spool::value>();
    if (!v) {
      o.error = v.error();
      break;
    }
    o.values.push_back(std::move(*v));
  }
  return o;
}

// The statuses of the shared twitter corpus, one value each, to be written as a stream of
// messages; nullopt when the shared data is absent (the test then skips).
inline std::optional<std::vector<spool::value>> twitter_statuses() {
  std::optional<std::filesystem::path> path = shared_data("bench/json/twitter.json");
  if (!path) return std::nullopt;
  spool::value doc = spool::json::read_file<spool::value>(*path).value();
  return std::move(doc["statuses"].as_array());
}

}  // namespace spool_test
