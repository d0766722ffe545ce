// MessagePack into spool::value, the paths of the value reader's element loops: integers of every
// form read inline (a fixint, or a sized form with 8 bytes after its tag) or through the decoder's
// general reader (fewer bytes left), as array elements, map values and alone; truncation and
// errors at each of them, with their offsets and paths.
#include <spool/msgpack.hpp>

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using bytes = std::vector<unsigned char>;

spool::value read_ok(const bytes& in) {
  auto r = spool::msgpack::read<spool::value>(in);
  INFO(r.error().message());
  REQUIRE(r.has_value());
  return *r;
}

spool::error read_error(const bytes& in) {
  auto r = spool::msgpack::read<spool::value>(in);
  REQUIRE_FALSE(r.has_value());
  return r.error();
}

// One integer's encoding and the value it must read as.
struct integer_case {
  bytes wire;
  bool negative;
  std::uint64_t bits;  // the value's two's-complement bits when negative
};

void put_be(bytes& out, std::uint64_t v, unsigned width) {
  for (unsigned i = width; i-- > 0;) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

std::vector<integer_case> integer_cases() {
  std::vector<integer_case> cases;
  for (unsigned b : {0x00u, 0x01u, 0x7fu}) cases.push_back({{static_cast<unsigned char>(b)}, false, b});
  for (int v : {-1, -2, -31, -32}) {
    cases.push_back({{static_cast<unsigned char>(v)}, true, static_cast<std::uint64_t>(static_cast<std::int64_t>(v))});
  }
  // uint8..uint64 (0xcc..0xcf): 0, 1, the largest of the width and one below it.
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned width = 1u << k;
    const std::uint64_t max = width == 8 ? UINT64_MAX : (std::uint64_t{1} << (8 * width)) - 1;
    for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, max - 1, max, std::uint64_t{0x80} & max}) {
      bytes w{static_cast<unsigned char>(0xcc + k)};
      put_be(w, v, width);
      cases.push_back({w, false, v});
    }
  }
  // int8..int64 (0xd0..0xd3): 0, 1, -1, the least and the largest of the width.
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned width = 1u << k;
    const std::int64_t max = width == 8 ? INT64_MAX : (std::int64_t{1} << (8 * width - 1)) - 1;
    for (std::int64_t v : {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, -max - 1, max}) {
      bytes w{static_cast<unsigned char>(0xd0 + k)};
      put_be(w, static_cast<std::uint64_t>(v), width);
      cases.push_back({w, v < 0, static_cast<std::uint64_t>(v)});
    }
  }
  return cases;
}

void check_integer(const spool::value& v, const integer_case& c) {
  REQUIRE(v.is_integer());
  if (c.negative) {
    CHECK(v.kind() == spool::kind::integer);
    CHECK(v.as_int64().value() == static_cast<std::int64_t>(c.bits));
  } else {
    CHECK(v.kind() == (c.bits > INT64_MAX ? spool::kind::unsigned_integer : spool::kind::integer));
    CHECK(v.as_uint64().value() == c.bits);
  }
}

}  // namespace

TEST_CASE("every integer form, alone, as an element and as a member, with few and many bytes after it") {
  for (const integer_case& c : integer_cases()) {
    CAPTURE(c.wire.size());
    CAPTURE(c.wire[0]);
    CAPTURE(c.bits);
    // Alone: fewer than 8 bytes after the tag (the general reader).
    check_integer(read_ok(c.wire), c);
    // The first of an array of three, followed by 9 bytes (read inline) and the last (the general
    // reader when it has fewer than 8 bytes after it).
    bytes arr{0x93};
    arr.insert(arr.end(), c.wire.begin(), c.wire.end());
    arr.insert(arr.end(), {0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0});
    arr.insert(arr.end(), c.wire.begin(), c.wire.end());
    const spool::value a = read_ok(arr);
    REQUIRE(a.size() == 3);
    check_integer(a[0], c);
    CHECK(a[1] == spool::value(1.5));
    check_integer(a[2], c);
    // Map values, in front of a long string and at the end.
    bytes map{0x82, 0xa1, 'a'};
    map.insert(map.end(), c.wire.begin(), c.wire.end());
    map.insert(map.end(), {0xa1, 'b'});
    map.insert(map.end(), c.wire.begin(), c.wire.end());
    const spool::value m = read_ok(map);
    check_integer(m["a"], c);
    check_integer(m["b"], c);
    // Cut short inside its field: unexpected_end at the input's end, with and without 8 bytes of
    // the document before it.
    for (std::size_t n = 1; n < c.wire.size(); ++n) {
      CAPTURE(n);
      const bytes cut(c.wire.begin(), c.wire.begin() + static_cast<std::ptrdiff_t>(n));
      const spool::error e = read_error(cut);
      CHECK(e.code == spool::errc::unexpected_end);
      CHECK(e.offset == n);
      bytes cut_in_map{0x82, 0xa1, 'x', 0xa8, '1', '2', '3', '4', '5', '6', '7', '8', 0xa1, 'y'};
      cut_in_map.insert(cut_in_map.end(), cut.begin(), cut.end());
      const spool::error em = read_error(cut_in_map);
      CHECK(em.code == spool::errc::unexpected_end);
      CHECK(em.offset == cut_in_map.size());
      CHECK(em.path == "y");
    }
  }
}

TEST_CASE("a run of integers of every form in one array, each read inline but the last") {
  bytes arr;
  const auto cases = integer_cases();
  arr.push_back(0xdc);
  put_be(arr, cases.size(), 2);
  for (const integer_case& c : cases) arr.insert(arr.end(), c.wire.begin(), c.wire.end());
  const spool::value a = read_ok(arr);
  REQUIRE(a.size() == cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    CAPTURE(i);
    check_integer(a[i], cases[i]);
  }
}

TEST_CASE("an integer's error inside nested containers keeps its offset and path") {
  // {"k": [1, 0xc1]}: the never-used byte where a value belongs, after an inline integer.
  const spool::error e = read_error({0x81, 0xa1, 'k', 0x92, 0xcd, 0x01, 0x00, 0xc1, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK(e.code == spool::errc::syntax);
  CHECK(e.offset == 7);
  CHECK(e.path == "k[1]");
  // A map16 of one entry whose value is an int32 cut short.
  const spool::error cut = read_error({0xde, 0x00, 0x01, 0xa1, 'k', 0xd2, 0xff, 0xff});
  CHECK(cut.code == spool::errc::unexpected_end);
  CHECK(cut.offset == 8);
  CHECK(cut.path == "k");
}
