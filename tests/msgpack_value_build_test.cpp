// MessagePack into spool::value, the paths of the value reader's element loops: integers of every
// form read inline (a fixint, or a sized form with 8 bytes after its tag) or through the decoder's
// general reader (fewer bytes left), as array elements, map values and alone; maps of every size
// class made at their count and filled in place (a local repeat check up to 16 members, the
// builder's past that, and SPOOL_DISABLE_MSGPACK_DIRECT_MAPS's stacked maps); truncation, repeated
// keys and errors at each of them, with their offsets and paths, freeing what was built.
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

namespace {

// A map header of `n` entries in the given form (0x80 fixmap, 0xde map16, 0xdf map32).
bytes map_header(std::size_t n, unsigned form) {
  bytes out;
  if (form == 0x80) {
    out.push_back(static_cast<unsigned char>(0x80 | n));
  } else {
    out.push_back(static_cast<unsigned char>(form));
    put_be(out, n, form == 0xde ? 2 : 4);
  }
  return out;
}

// The key of member i: short (inline) or over 14 bytes (on the heap).
std::string member_key(std::size_t i, bool long_keys) {
  return (long_keys ? std::string("a-key-on-the-heap-") : std::string("k")) + std::to_string(i);
}

void put_str(bytes& out, const std::string& s) {
  out.push_back(static_cast<unsigned char>(0xa0 | s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

// A map of n members k0..k{n-1}, member i's value cycling through an integer, a string, a nested
// array, a nested map, nil and a double; `keys` overrides a member's key.
bytes make_map(std::size_t n, unsigned form, bool long_keys, const std::vector<std::pair<std::size_t, std::size_t>>& same = {},
               std::vector<std::size_t>* key_offsets = nullptr) {
  bytes out = map_header(n, form);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t name = i;
    for (const auto& p : same) {
      if (p.second == i) name = p.first;
    }
    if (key_offsets != nullptr) key_offsets->push_back(out.size());
    put_str(out, member_key(name, long_keys));
    switch (i % 6) {
      case 0: out.insert(out.end(), {0xcd, 0x12, 0x34}); break;
      case 1: put_str(out, "v" + std::to_string(i)); break;
      case 2: out.insert(out.end(), {0x92, 0x01, 0xa1, 'x'}); break;
      case 3: out.insert(out.end(), {0x81, 0xa1, 'n', 0x07}); break;
      case 4: out.push_back(0xc0); break;
      default: out.insert(out.end(), {0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}); break;
    }
  }
  return out;
}

void check_map(const spool::value& v, std::size_t n, bool long_keys) {
  REQUIRE(v.kind() == spool::kind::object);
  REQUIRE(v.size() == n);
  const spool::object& o = v.as_object();
  for (std::size_t i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(o.nth(i).key() == member_key(i, long_keys));
    const spool::value& m = o.nth(i).value;
    switch (i % 6) {
      case 0: CHECK(m == spool::value(0x1234)); break;
      case 1: CHECK(m == spool::value("v" + std::to_string(i))); break;
      case 2: CHECK(m == spool::value::array({1, "x"})); break;
      case 3: CHECK(m == spool::value{{"n", 7}}); break;
      case 4: CHECK(m.kind() == spool::kind::null); break;
      default: CHECK(m == spool::value(1.5)); break;
    }
    CHECK(v.find(member_key(i, long_keys)) != nullptr);
  }
}

}  // namespace

TEST_CASE("maps of every size class and form, alone and nested, read whole") {
  for (unsigned form : {0x80u, 0xdeu, 0xdfu}) {
    for (std::size_t n : {0, 1, 2, 3, 8, 9, 15, 16, 17, 18, 40}) {
      if (form == 0x80 && n > 15) continue;
      for (bool long_keys : {false, true}) {
        CAPTURE(form);
        CAPTURE(n);
        CAPTURE(long_keys);
        const bytes m = make_map(n, form, long_keys);
        check_map(read_ok(m), n, long_keys);
        // In an array, twice, and as a member's value.
        bytes arr{0x92};
        arr.insert(arr.end(), m.begin(), m.end());
        arr.insert(arr.end(), m.begin(), m.end());
        const spool::value a = read_ok(arr);
        check_map(a[0], n, long_keys);
        check_map(a[1], n, long_keys);
        bytes outer{0x81, 0xa1, 'o'};
        outer.insert(outer.end(), m.begin(), m.end());
        check_map(read_ok(outer)["o"], n, long_keys);
      }
    }
  }
  // An empty map's value, and integer keys spelled in decimal.
  CHECK(read_ok({0x80}) == spool::value(spool::object{}));
  const spool::value ints = read_ok({0x83, 0x07, 0xc3, 0xff, 0xc2, 0xcd, 0x01, 0x00, 0xc0});
  CHECK(ints["7"] == spool::value(true));
  CHECK(ints["-1"] == spool::value(false));
  CHECK(ints["256"].kind() == spool::kind::null);
}

TEST_CASE("a repeated key is the later key's error, after every value is read") {
  for (unsigned form : {0x80u, 0xdeu}) {
    for (std::size_t n : {2, 3, 4, 9, 15, 16, 17, 20}) {
      if (form == 0x80 && n > 15) continue;
      for (bool long_keys : {false, true}) {
        // Repeats of the first key at the end, of the last but one at the end, and two repeats (the
        // earlier one is reported).
        std::vector<std::vector<std::pair<std::size_t, std::size_t>>> plans{{{0, n - 1}}, {{n - 2, n - 1}}};
        if (n >= 4) plans.push_back({{1, n - 2}, {0, n - 1}});
        if (n >= 4) plans.push_back({{0, 2}, {1, 3}});
        for (const auto& plan : plans) {
          CAPTURE(form);
          CAPTURE(n);
          CAPTURE(long_keys);
          CAPTURE(plan.front().second);
          std::vector<std::size_t> offsets;
          const bytes m = make_map(n, form, long_keys, plan, &offsets);
          const spool::error e = read_error(m);
          CHECK(e.code == spool::errc::duplicate_key);
          CHECK(e.offset == offsets[plan.front().second]);
          CHECK(e.path == member_key(plan.front().first, long_keys));
          // Inside an array: the path names the element.
          bytes arr{0x92, 0xc0};
          arr.insert(arr.end(), m.begin(), m.end());
          const spool::error ea = read_error(arr);
          CHECK(ea.code == spool::errc::duplicate_key);
          CHECK(ea.offset == 2 + offsets[plan.front().second]);
          CHECK(ea.path == "[1]." + member_key(plan.front().first, long_keys));
          // A later value cut short: that error, not the repeat.
          const bytes cut(m.begin(), m.end() - 1);
          CHECK(read_error(cut).code == spool::errc::unexpected_end);
        }
      }
    }
  }
  // Two keys: one integer spelled as the other's text.
  const spool::error ints = read_error({0x82, 0xa1, '7', 0xc0, 0x07, 0xc0});
  CHECK(ints.code == spool::errc::duplicate_key);
  CHECK(ints.offset == 4);
  CHECK(ints.path == "7");
}

TEST_CASE("a map cut off or broken at every byte fails cleanly, freeing what was built") {
  for (std::size_t n : {1, 2, 3, 15, 16, 17}) {
    for (bool long_keys : {false, true}) {
      const bytes m = make_map(n, n <= 15 ? 0x80 : 0xde, long_keys);
      for (std::size_t cut = 1; cut < m.size(); ++cut) {
        CAPTURE(n);
        CAPTURE(cut);
        const spool::error e = read_error(bytes(m.begin(), m.begin() + static_cast<std::ptrdiff_t>(cut)));
        CHECK(e.code == spool::errc::unexpected_end);
        CHECK(e.offset <= cut);
      }
      // The never-used byte at each position past the header: a syntax error at that byte (a key's
      // position: the key's error; a value's: with the member's path).
      for (std::size_t at = (n <= 15 ? 1 : 3); at < m.size(); ++at) {
        bytes broken = m;
        broken[at] = 0xc1;
        const auto r = spool::msgpack::read<spool::value>(broken);
        if (!r.has_value()) CHECK(r.error().offset <= at);
      }
    }
  }
  // A key that is neither a string nor an integer.
  const spool::error key = read_error({0x82, 0xa1, 'a', 0xc0, 0xc3, 0xc0});
  CHECK(key.code == spool::errc::unexpected_type);
  CHECK(key.offset == 4);
  // A count the bytes left cannot hold fails at its header, before anything is made.
  const spool::error hostile = read_error({0xdf, 0x10, 0x00, 0x00, 0x00, 0xa1, 'a', 0xc0});
  CHECK(hostile.code == spool::errc::unexpected_end);
  const spool::error fix = read_error({0x8f, 0xa1, 'a', 0xc0});
  CHECK(fix.code == spool::errc::unexpected_end);
}

TEST_CASE("maps nested to the depth limit and one past it") {
  constexpr spool::msgpack::read_options shallow{.max_depth = 8};
  for (std::size_t depth : {7, 8, 9}) {
    bytes in;
    for (std::size_t i = 0; i < depth; ++i) in.insert(in.end(), {0x82, 0xa1, 'a', 0x01, 0xa1, 'b'});
    in.push_back(0x80);
    const auto r = spool::msgpack::read<spool::value, shallow>(in);
    CAPTURE(depth);
    if (depth + 1 <= 8) {
      REQUIRE(r.has_value());
      const spool::value* v = &*r;
      for (std::size_t i = 0; i < depth; ++i) {
        CHECK((*v)["a"] == spool::value(1));
        v = &(*v)["b"];
      }
      CHECK(v->size() == 0);
    } else {
      REQUIRE_FALSE(r.has_value());
      CHECK(r.error().code == spool::errc::depth_exceeded);
      CHECK(r.error().offset == 6 * 8);
    }
  }
}

TEST_CASE("long maps nested in long maps: the inner repeat or cut, and an outer repeat after a good inner map") {
  for (std::size_t inner_n : {3, 17, 40}) {
    for (bool long_keys : {false, true}) {
      CAPTURE(inner_n);
      CAPTURE(long_keys);
      std::vector<std::size_t> inner_offsets;
      const bytes inner_bad = make_map(inner_n, 0xde, long_keys, {{1, inner_n - 1}}, &inner_offsets);
      const bytes inner_good = make_map(inner_n, 0xde, long_keys);
      for (int kind = 0; kind < 3; ++kind) {
        CAPTURE(kind);
        // 18 outer members; the last one's value is the inner map. kind 0: the inner map repeats
        // a key; 1: the inner map is cut off; 2: the inner map is good and the outer repeats k3.
        std::vector<std::size_t> outer_offsets;
        bytes outer = make_map(17, 0xde, false, kind == 2 ? std::vector<std::pair<std::size_t, std::size_t>>{{3, 16}}
                                                         : std::vector<std::pair<std::size_t, std::size_t>>{},
                               &outer_offsets);
        outer[2] = 18;
        put_str(outer, "inner");
        const std::size_t inner_at = outer.size();
        if (kind == 0) outer.insert(outer.end(), inner_bad.begin(), inner_bad.end());
        if (kind == 1) outer.insert(outer.end(), inner_good.begin(), inner_good.end() - 1);
        if (kind == 2) outer.insert(outer.end(), inner_good.begin(), inner_good.end());
        const spool::error e = read_error(outer);
        if (kind == 0) {
          CHECK(e.code == spool::errc::duplicate_key);
          CHECK(e.offset == inner_at + inner_offsets[inner_n - 1]);
          CHECK(e.path == "inner." + member_key(1, long_keys));
        } else if (kind == 1) {
          CHECK(e.code == spool::errc::unexpected_end);
          CHECK(e.offset == outer.size());
        } else {
          CHECK(e.code == spool::errc::duplicate_key);
          CHECK(e.offset == outer_offsets[16]);
          CHECK(e.path == "k3");
        }
      }
      // And the good one read whole, twice in a row on the same thread's builder.
      bytes good = make_map(17, 0xde, false);
      good[2] = 18;
      put_str(good, "inner");
      good.insert(good.end(), inner_good.begin(), inner_good.end());
      for (int twice = 0; twice < 2; ++twice) {
        const spool::value v = read_ok(good);
        CHECK(v.size() == 18);
        check_map(v["inner"], inner_n, long_keys);
      }
    }
  }
}
