// The timestamp extension: each payload form at its edges, the choice of the smallest form, and
// conversions to and from std::chrono::sys_time.
#include <spool/msgpack/timestamp.hpp>

#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

namespace {

using spool::msgpack::timestamp;
using namespace std::chrono;

std::vector<unsigned char> payload_of(timestamp t) {
  std::array<unsigned char, 12> buf{};
  const std::size_t n = spool::msgpack::detail::encode_timestamp(t, buf.data());
  return {buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n)};
}

timestamp round_trip(timestamp t) {
  const auto bytes = payload_of(t);
  timestamp back{-7, 7};
  REQUIRE(spool::msgpack::detail::decode_timestamp(bytes.data(), bytes.size(), back));
  return back;
}

}  // namespace

TEST_CASE("the smallest payload holds each instant") {
  CHECK(payload_of({0, 0}) == std::vector<unsigned char>{0, 0, 0, 0});
  CHECK(payload_of({0xffff'ffff, 0}) == std::vector<unsigned char>{0xff, 0xff, 0xff, 0xff});
  // One second past 32 bits, or any nanoseconds, needs the 64-bit form.
  CHECK(payload_of({0x1'0000'0000, 0}).size() == 8);
  CHECK(payload_of({1, 1}) == std::vector<unsigned char>{0, 0, 0, 0x04, 0, 0, 0, 1});
  CHECK(payload_of({(std::int64_t{1} << 34) - 1, 999'999'999}).size() == 8);
  // Past 34 bits of seconds, or before 1970, only the 96-bit form can say it.
  CHECK(payload_of({std::int64_t{1} << 34, 0}).size() == 12);
  CHECK(payload_of({-1, 0}) == std::vector<unsigned char>{0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff});
}

TEST_CASE("every form reads back what was written") {
  for (timestamp t : {timestamp{0, 0}, timestamp{0xffff'ffff, 0}, timestamp{0x1'0000'0000, 0}, timestamp{1, 999'999'999},
                      timestamp{(std::int64_t{1} << 34) - 1, 1}, timestamp{std::int64_t{1} << 34, 5},
                      timestamp{-1, 999'999'999}, timestamp{INT64_MIN, 0}, timestamp{INT64_MAX, 999'999'999}}) {
    CAPTURE(t.seconds);
    CAPTURE(t.nanoseconds);
    CHECK(round_trip(t) == t);
  }
}

TEST_CASE("malformed payloads are refused") {
  const std::array<unsigned char, 12> zeros{};
  timestamp t;
  for (std::size_t n : {0u, 1u, 3u, 5u, 7u, 9u, 11u}) CHECK_FALSE(spool::msgpack::detail::decode_timestamp(zeros.data(), n, t));
  // Nanoseconds of one billion: 0x3b9aca00 << 2 in the 64-bit form, as a prefix in the 96-bit form.
  const std::array<unsigned char, 8> ts64{0xee, 0x6b, 0x28, 0x00, 0, 0, 0, 0};
  CHECK_FALSE(spool::msgpack::detail::decode_timestamp(ts64.data(), ts64.size(), t));
  const std::array<unsigned char, 12> ts96{0x3b, 0x9a, 0xca, 0x00, 0, 0, 0, 0, 0, 0, 0, 0};
  CHECK_FALSE(spool::msgpack::detail::decode_timestamp(ts96.data(), ts96.size(), t));
}

TEST_CASE("sys_time converts exactly or not at all") {
  const sys_time<nanoseconds> before_epoch{nanoseconds{-1}};
  CHECK(timestamp::from(before_epoch) == timestamp{-1, 999'999'999});
  sys_time<nanoseconds> ns;
  REQUIRE(timestamp{-1, 999'999'999}.to(ns));
  CHECK(ns == before_epoch);

  const sys_time<microseconds> us{microseconds{1'500'000}};
  CHECK(timestamp::from(us) == timestamp{1, 500'000'000});
  sys_time<microseconds> us_back;
  REQUIRE(timestamp{1, 500'000'000}.to(us_back));
  CHECK(us_back == us);

  sys_time<seconds> s;
  CHECK_FALSE(timestamp{1, 500'000'000}.to(s));  // finer than a second
  sys_time<days> day;
  REQUIRE(timestamp{86'400 * 3, 0}.to(day));
  CHECK(day.time_since_epoch().count() == 3);
  CHECK_FALSE(timestamp{86'400 * 3 + 1, 0}.to(day));
  // int64 nanoseconds end in 2262.
  CHECK_FALSE(timestamp{INT64_MAX / 1'000'000'000 + 1, 0}.to(ns));
  CHECK(timestamp{INT64_MAX / 1'000'000'000, 0}.to(ns));
}
