// spool::msgpack::stream_reader: values back to back, cut into reads every way, give what
// reading each alone gives; errors are those of the value alone at the stream's offset.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/pool.hpp>
#include <spool/value.hpp>

#include "support/scripted_source.hpp"

using spool::errc;
using spool_test::scripted;
using spool_test::split_at;

namespace {

using outcome = spool_test::stream_outcome;

template <spool::msgpack::read_options O = spool::msgpack::read_options{}, class Source>
outcome read_stream(Source&& source) {
  return spool_test::read_values<spool::msgpack::stream_reader<O>>(std::forward<Source>(source));
}

std::vector<std::string> encoded_values() {
  std::vector<std::string> out;
  spool::value doc{{"name", "spool ✓ 😀"}, {"ports", {8080, -1, 1.5}}, {"nested", {{"a", nullptr}, {"b", true}}}};
  out.push_back(spool::msgpack::write(doc));
  out.push_back(spool::msgpack::write(7));
  out.push_back(spool::msgpack::write(-100000));
  out.push_back(spool::msgpack::write(std::string(300, 'x')));   // str16
  out.push_back(spool::msgpack::write(std::string(70000, 'y')));  // str32
  out.push_back(spool::msgpack::write(spool::value::array()));
  out.push_back(spool::msgpack::write(3.25));
  std::vector<int> many(20, 5);
  out.push_back(spool::msgpack::write(many));  // array16
  out.push_back(spool::msgpack::write(std::vector<std::uint8_t>{1, 2, 3}));
  out.push_back(std::string("\xd6\xff\x00\x00\x00\x01", 6));  // timestamp ext (fixext4)
  out.push_back(std::string("\xc0", 1));                      // nil
  return out;
}

std::string concat(const std::vector<std::string>& parts) {
  std::string s;
  for (const std::string& p : parts) s += p;
  return s;
}

std::vector<spool::value> each_alone(const std::vector<std::string>& parts) {
  std::vector<spool::value> out;
  for (const std::string& p : parts) out.push_back(spool::msgpack::read<spool::value>(p).value());
  return out;
}

}  // namespace

TEST_CASE("every split of a MessagePack stream gives the values read alone") {
  const std::vector<std::string> parts = encoded_values();
  const std::string input = concat(parts);
  const std::vector<spool::value> expected = each_alone(parts);
  for (std::size_t piece : {1, 2, 3, 5, 1000, 100000}) {
    for (bool stall : {false, true}) {
      CAPTURE(piece);
      outcome o = read_stream(scripted(input, {piece}, stall));
      CHECK(o.error.code == errc::ok);
      CHECK(o.values == expected);
    }
  }
  // Every split point of the small values (the long strings would make this slow).
  std::vector<std::string> small(parts.begin(), parts.begin() + 3);
  small.insert(small.end(), parts.begin() + 5, parts.end());
  const std::string short_input = concat(small);
  for (std::size_t at = 0; at <= short_input.size(); ++at) {
    CAPTURE(at);
    outcome o = read_stream(split_at(short_input, at));
    REQUIRE(o.error.code == errc::ok);
    CHECK(o.values == each_alone(small));
  }
  spool_test::piecewise_streambuf buf(input, 7);
  std::istream is(&buf);
  CHECK(read_stream(is).values == expected);
}

TEST_CASE("empty stream, offsets, and a value cut off by the end") {
  spool::msgpack::stream_reader in{scripted("", {})};
  CHECK_FALSE(in.more());
  CHECK(in.read<spool::value>().error().code == errc::empty_input);

  const std::string one = spool::msgpack::write(spool::value{1, 2, 3});
  spool::msgpack::stream_reader two{scripted(one + one, {1})};
  REQUIRE(two.read<spool::value>());
  CHECK(two.input_offset() == one.size());
  REQUIRE(two.read<spool::value>());
  CHECK(two.input_offset() == 2 * one.size());
  CHECK_FALSE(two.more());

  for (std::size_t cut = 1; cut < one.size(); ++cut) {
    outcome o = read_stream(scripted(one + one.substr(0, cut), {2}));
    CHECK(o.values.size() == 1);
    CHECK(o.error.code == errc::unexpected_end);
  }
}

TEST_CASE("errors are those of the value alone, at the stream's offset, and sticky") {
  const std::string good = spool::msgpack::write(spool::value{{"k", 1}});
  const std::vector<std::string> bad = {
      std::string("\xc1", 1),                       // never used
      std::string("\x92\x01\xc1", 3),               // never used inside an array
      std::string("\xa3" "a\xff" "b", 4),            // invalid UTF-8
      std::string("\xdb\xff\xff\xff\xff", 5),       // a 4 GiB string that never comes
      std::string("\x81\x01", 2),                   // a map cut short
  };
  for (const std::string& b : bad) {
    const spool::error alone = spool::msgpack::read<spool::value>(b).error();
    REQUIRE(alone.code != errc::ok);
    const std::string input = good + b;
    for (std::size_t at = 0; at <= input.size(); ++at) {
      CAPTURE(at);
      outcome o = read_stream(split_at(input, at));
      REQUIRE(o.values.size() == 1);
      CHECK(o.error.code == alone.code);
      CHECK(o.error.offset == good.size() + alone.offset);
    }
  }
  spool::msgpack::stream_reader in{scripted(good + "\xc1" + good, {1})};
  REQUIRE(in.read<spool::value>());
  spool::error first = in.read<spool::value>().error();
  CHECK(first.code == errc::syntax);
  CHECK_FALSE(in.more());
  CHECK(in.read<spool::value>().error().offset == first.offset);
  CHECK(in.buffer_capacity() == 0);
}

TEST_CASE("limits: a value past max_input_size, a depth bomb, an endless string header") {
  spool::trim_thread_pool();
  constexpr spool::msgpack::read_options limited{.max_input_size = 4096};
  outcome o = read_stream<limited>(scripted(spool::msgpack::write(1) + spool::msgpack::write(std::string(10000, 'z')), {512}));
  CHECK(o.values.size() == 1);
  CHECK(o.error.code == errc::size_exceeded);
  CHECK(o.error.offset == 1);

  std::size_t served = 0;
  spool::msgpack::stream_reader bomb{[&](std::span<std::byte> out) {
    std::memset(out.data(), 0x91, out.size());  // [[[[...
    served += out.size();
    return out.size();
  }};
  CHECK(bomb.read<spool::value>().error().code == errc::depth_exceeded);
  CHECK(bomb.peak_buffer_capacity() <= spool::detail::stream::initial_capacity);

  // A header announcing 4 GiB, then bytes forever: stopped at the limit.
  spool::msgpack::stream_reader<limited> endless{[&, first = true](std::span<std::byte> out) mutable {
    std::memset(out.data(), 'a', out.size());
    if (first && out.size() >= 5) std::memcpy(out.data(), "\xdb\xff\xff\xff\xff", 5);
    first = false;
    return out.size();
  }};
  CHECK(endless.read<spool::value>().error().code == errc::size_exceeded);
  CHECK(endless.peak_buffer_capacity() <= spool::detail::stream::initial_capacity);
}

namespace {
struct message {
  std::string kind;
  std::vector<int> values;
  std::optional<std::string> note;
  friend bool operator==(const message&, const message&) = default;
};
}  // namespace

TEST_CASE("structs, a reused object, an fd through a pipe") {
  const message a{"first", {1, 2, 3}, "n"}, b{"second", {4}, std::nullopt};
  const std::string input = spool::msgpack::write(a) + spool::msgpack::write(b) + spool::msgpack::write(a);
  for (std::size_t at = 0; at <= input.size(); ++at) {
    message reused{"old", {9, 9, 9, 9, 9}, "x"}, direct = reused;
    spool::msgpack::stream_reader in{split_at(input, at)};
    for (const message& m : {a, b, a}) {
      REQUIRE_FALSE(in.read(reused));
      REQUIRE_FALSE(spool::msgpack::read(spool::msgpack::write(m), direct));
      CHECK(reused == direct);
    }
  }
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::thread writer([&] {
    for (std::size_t i = 0; i < input.size(); i += 2) (void)!::write(fds[1], input.data() + i, std::min<std::size_t>(2, input.size() - i));
    ::close(fds[1]);
  });
  spool::msgpack::stream_reader in{fds[0]};
  std::vector<message> got;
  while (in.more()) got.push_back(in.read<message>().value());
  writer.join();
  ::close(fds[0]);
  CHECK(got == std::vector<message>{a, b, a});
}

TEST_CASE("twitter statuses back to back, and the buffer back in the pool at the end") {
  const std::optional<std::vector<spool::value>> expected = spool_test::twitter_statuses();
  if (!expected) {
    MESSAGE("shared data not found: skipped");
    return;
  }
  std::string input;
  for (const spool::value& status : *expected) input += spool::msgpack::write(status);
  spool::trim_thread_pool();
  for (std::size_t piece : {1u, 4093u, 1000000u}) {
    outcome o = read_stream(scripted(input, {piece}));
    CHECK(o.error.code == errc::ok);
    CHECK(o.values == *expected);
    CHECK(spool::thread_pool_stats().buffers_retained == 1);
  }
}
