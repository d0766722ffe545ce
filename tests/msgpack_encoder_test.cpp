// The encoder core: every family at the boundaries where the smallest encoding changes.
#include <spool/msgpack/encoder.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

namespace {

using bytes = std::vector<unsigned char>;

template <class F>
bytes encode(F&& f) {
  spool::byte_buffer buf;
  spool::msgpack::detail::encoder e(buf);
  f(e);
  REQUIRE(e.finish() == spool::errc::ok);
  return {buf.data(), buf.data() + buf.size()};
}

bytes of_uint(std::uint64_t v) { return encode([&](auto& e) { e.uint(v); }); }
bytes of_sint(std::int64_t v) { return encode([&](auto& e) { e.sint(v); }); }

}  // namespace

TEST_CASE("unsigned integers take the smallest form") {
  CHECK(of_uint(0) == bytes{0x00});
  CHECK(of_uint(127) == bytes{0x7f});  // the largest positive fixint
  CHECK(of_uint(128) == bytes{0xcc, 0x80});  // the first uint8
  CHECK(of_uint(255) == bytes{0xcc, 0xff});
  CHECK(of_uint(256) == bytes{0xcd, 0x01, 0x00});
  CHECK(of_uint(65535) == bytes{0xcd, 0xff, 0xff});
  CHECK(of_uint(65536) == bytes{0xce, 0x00, 0x01, 0x00, 0x00});
  CHECK(of_uint(0xffff'ffff) == bytes{0xce, 0xff, 0xff, 0xff, 0xff});
  CHECK(of_uint(0x1'0000'0000) == bytes{0xcf, 0, 0, 0, 1, 0, 0, 0, 0});
  CHECK(of_uint(UINT64_MAX) == bytes{0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff});
}

TEST_CASE("signed integers take the smallest form, non-negative ones the unsigned forms") {
  CHECK(of_sint(0) == bytes{0x00});
  CHECK(of_sint(200) == bytes{0xcc, 0xc8});
  CHECK(of_sint(-1) == bytes{0xff});
  CHECK(of_sint(-32) == bytes{0xe0});  // the smallest negative fixint
  CHECK(of_sint(-33) == bytes{0xd0, 0xdf});  // the first int8
  CHECK(of_sint(-128) == bytes{0xd0, 0x80});
  CHECK(of_sint(-129) == bytes{0xd1, 0xff, 0x7f});
  CHECK(of_sint(-32768) == bytes{0xd1, 0x80, 0x00});
  CHECK(of_sint(-32769) == bytes{0xd2, 0xff, 0xff, 0x7f, 0xff});
  CHECK(of_sint(INT32_MIN) == bytes{0xd2, 0x80, 0, 0, 0});
  CHECK(of_sint(std::int64_t{INT32_MIN} - 1) == bytes{0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff});
  CHECK(of_sint(INT64_MIN) == bytes{0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0});
  CHECK(of_sint(INT64_MAX) == bytes{0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff});
}

TEST_CASE("floats keep their width") {
  CHECK(encode([](auto& e) { e.float32(1.5f); }) == bytes{0xca, 0x3f, 0xc0, 0, 0});
  CHECK(encode([](auto& e) { e.float64(1.5); }) == bytes{0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0});
  CHECK(encode([](auto& e) { e.float64(-0.0); }) == bytes{0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("nil and booleans") {
  CHECK(encode([](auto& e) { e.nil(); e.boolean(false); e.boolean(true); }) == bytes{0xc0, 0xc2, 0xc3});
}

TEST_CASE("str headers at their boundaries") {
  auto header = [](std::size_t n) {
    bytes b = encode([&](auto& e) { e.str(std::string(n, 'x')); });
    CHECK(b.size() >= n);
    return bytes(b.begin(), b.end() - static_cast<std::ptrdiff_t>(n));
  };
  CHECK(header(0) == bytes{0xa0});
  CHECK(header(31) == bytes{0xbf});  // the longest fixstr
  CHECK(header(32) == bytes{0xd9, 32});
  CHECK(header(255) == bytes{0xd9, 0xff});
  CHECK(header(256) == bytes{0xda, 0x01, 0x00});
  CHECK(header(65535) == bytes{0xda, 0xff, 0xff});
  CHECK(header(65536) == bytes{0xdb, 0, 1, 0, 0});
}

TEST_CASE("str bytes copied exactly at every short length") {
  // Short strings are copied as two overlapping moves: each length from 0 to 40, between two
  // other values, must come out byte for byte with nothing written past it.
  for (std::size_t n = 0; n <= 40; ++n) {
    CAPTURE(n);
    std::string text;
    for (std::size_t i = 0; i < n; ++i) text += static_cast<char>('a' + (i * 7 + n) % 26);
    const bytes b = encode([&](auto& e) {
      e.nil();
      e.str(text);
      e.boolean(true);
    });
    const std::size_t header = n < 32 ? 1 : 2;
    REQUIRE(b.size() == 1 + header + n + 1);
    CHECK(b.front() == 0xc0);
    CHECK(std::string(b.begin() + 1 + static_cast<std::ptrdiff_t>(header), b.end() - 1) == text);
    CHECK(b.back() == 0xc3);
  }
}

TEST_CASE("bin has no fix form") {
  auto header = [](std::size_t n) {
    std::vector<unsigned char> payload(n, 0x5a);
    bytes b = encode([&](auto& e) { e.bin(payload.data(), payload.size()); });
    return bytes(b.begin(), b.end() - static_cast<std::ptrdiff_t>(n));
  };
  CHECK(header(0) == bytes{0xc4, 0});
  CHECK(header(255) == bytes{0xc4, 0xff});
  CHECK(header(256) == bytes{0xc5, 0x01, 0x00});
  CHECK(header(65536) == bytes{0xc6, 0, 1, 0, 0});
}

TEST_CASE("array and map headers at their boundaries") {
  auto array = [](std::size_t n) { return encode([&](auto& e) { e.array_header(n); }); };
  auto map = [](std::size_t n) { return encode([&](auto& e) { e.map_header(n); }); };
  CHECK(array(0) == bytes{0x90});
  CHECK(array(15) == bytes{0x9f});
  CHECK(array(16) == bytes{0xdc, 0, 16});
  CHECK(array(65535) == bytes{0xdc, 0xff, 0xff});
  CHECK(array(65536) == bytes{0xdd, 0, 1, 0, 0});
  CHECK(map(0) == bytes{0x80});
  CHECK(map(15) == bytes{0x8f});
  CHECK(map(16) == bytes{0xde, 0, 16});
  CHECK(map(65536) == bytes{0xdf, 0, 1, 0, 0});
  CHECK(array(0xffff'ffff) == bytes{0xdd, 0xff, 0xff, 0xff, 0xff});
}

TEST_CASE("ext uses the fixext forms for 1, 2, 4, 8 and 16 bytes") {
  auto header = [](std::size_t n) {
    std::vector<unsigned char> payload(n, 0);
    bytes b = encode([&](auto& e) { e.ext(5, payload.data(), payload.size()); });
    return bytes(b.begin(), b.end() - static_cast<std::ptrdiff_t>(n));
  };
  CHECK(header(1) == bytes{0xd4, 5});
  CHECK(header(2) == bytes{0xd5, 5});
  CHECK(header(4) == bytes{0xd6, 5});
  CHECK(header(8) == bytes{0xd7, 5});
  CHECK(header(16) == bytes{0xd8, 5});
  CHECK(header(0) == bytes{0xc7, 0, 5});
  CHECK(header(3) == bytes{0xc7, 3, 5});
  CHECK(header(17) == bytes{0xc7, 17, 5});
  CHECK(header(256) == bytes{0xc8, 1, 0, 5});
  CHECK(header(65536) == bytes{0xc9, 0, 1, 0, 0, 5});
}

TEST_CASE("timestamps pick the smallest form") {
  CHECK(encode([](auto& e) { e.timestamp({1, 0}); }) == bytes{0xd6, 0xff, 0, 0, 0, 1});
  CHECK(encode([](auto& e) { e.timestamp({1, 1}); }) == bytes{0xd7, 0xff, 0, 0, 0, 0x04, 0, 0, 0, 1});
  CHECK(encode([](auto& e) { e.timestamp({-1, 0}); }).size() == 15);  // c7 0c ff + 12 bytes
}

TEST_CASE("the encoder appends after existing content and grows past any initial capacity") {
  spool::byte_buffer buf;
  buf.append("ab");
  spool::msgpack::detail::encoder e(buf);
  for (int i = 0; i < 10'000; ++i) e.uint(static_cast<std::uint64_t>(i));
  REQUIRE(e.finish() == spool::errc::ok);
  CHECK(buf.view().substr(0, 2) == "ab");
  // 128 one-byte, 128 two-byte (128..255), the rest three-byte numbers.
  CHECK(buf.size() == 2 + 128 + 2 * 128 + 3 * (10'000 - 256));
}

TEST_CASE("lengths beyond 2^32 - 1 are reported, not truncated") {
  spool::byte_buffer buf;
  spool::msgpack::detail::encoder e(buf);
  e.array_header(std::size_t{1} << 32);
  CHECK(e.finish() == spool::errc::size_exceeded);
}
