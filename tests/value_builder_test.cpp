// detail::value_builder (detail/value/builder.hpp), how readers build spool::value trees, and the
// object calls it builds with: containers closed from the pending stacks, repeated keys merged
// (JSON's rule) or rejected (MessagePack's), rewinding after a failure, and MessagePack reads that
// go through it.
#include <spool/detail/value/builder.hpp>
#include <spool/msgpack.hpp>
#include <spool/value.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

using spool::value;
using spool::detail::repeated_keys;
using spool::detail::value_builder;

namespace {

std::string key_name(std::size_t i) { return "key number " + std::to_string(i); }  // heap keys past 9

// An object of `n` distinct keys, built through the builder; `repeat` appends the key of member 0
// again with the value -1.
value built_object(value_builder& b, std::size_t n, bool repeat, repeated_keys rule, const value_builder::pending_key** rejected) {
  const value_builder::mark m = b.position();
  for (std::size_t i = 0; i < n; ++i) {
    b.push_key(key_name(i), i);
    b.push(static_cast<std::int64_t>(i));
  }
  if (repeat) {
    b.push_key(key_name(0), 1000);
    b.push(-1);
  }
  *rejected = b.close_object(m, rule);
  if (*rejected != nullptr) return value();
  return b.take();
}

std::string bytes(std::initializer_list<unsigned> list) {
  std::string out;
  for (unsigned c : list) out.push_back(static_cast<char>(c));
  return out;
}

}  // namespace

TEST_CASE("value_builder: nested containers closed from the stacks") {
  value_builder b;
  const value_builder::mark start = b.position();
  const value_builder::mark outer = b.position();
  b.push_key("name", 0);
  b.push("a string longer than fourteen bytes");
  b.push_key("list", 0);
  const std::size_t first = b.position().values;
  b.push(1);
  b.push(2.5);
  b.push(nullptr);
  b.push(true);
  b.close_array(first);
  b.push_key("empty", 0);
  b.close_array(b.position().values);
  CHECK(b.close_object(outer, repeated_keys::rejected) == nullptr);
  const value v = b.take();
  CHECK(b.position().values == start.values);
  CHECK(b.position().keys == start.keys);

  const value expected = value::object({{"name", "a string longer than fourteen bytes"},
                                        {"list", value::array({1, 2.5, nullptr, true})},
                                        {"empty", value::array()}});
  CHECK(v == expected);
  REQUIRE(v.is_object());
  CHECK(v.as_object().nth(0).key() == "name");
  CHECK(v.as_object().nth(1).key() == "list");
  CHECK(v.as_object().nth(2).key() == "empty");
}

TEST_CASE("value_builder: repeated keys, merged or rejected, below and above the index threshold") {
  for (std::size_t n : {1u, 2u, 7u, 8u, 9u, 40u}) {
    CAPTURE(n);
    value_builder b;
    const value_builder::pending_key* rejected = nullptr;

    // Distinct keys: every member found, in order, whichever rule.
    value plain = built_object(b, n, false, repeated_keys::rejected, &rejected);
    REQUIRE(rejected == nullptr);
    REQUIRE(plain.size() == n);
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(plain.as_object().nth(i).key() == key_name(i));
      REQUIRE(plain.find(key_name(i)) != nullptr);
      CHECK(*plain.find(key_name(i)) == value(static_cast<std::int64_t>(i)));
    }
    CHECK(plain.find("absent") == nullptr);

    // JSON's rule: the first position, the last value.
    value merged = built_object(b, n, true, repeated_keys::last_value_wins, &rejected);
    REQUIRE(rejected == nullptr);
    REQUIRE(merged.size() == n);
    CHECK(merged.as_object().nth(0).key() == key_name(0));
    CHECK(merged[key_name(0)] == value(-1));
    for (std::size_t i = 1; i < n; ++i) CHECK(merged[key_name(i)] == value(static_cast<std::int64_t>(i)));
    // Still a working object: a new key goes in once.
    CHECK(merged.as_object().try_emplace("new", 5).second);
    CHECK_FALSE(merged.as_object().try_emplace("new", 6).second);
    CHECK(merged["new"] == value(5));

    // MessagePack's rule: the later key comes back, the stacks as they were.
    const value_builder::mark before = b.position();
    built_object(b, n, true, repeated_keys::rejected, &rejected);
    REQUIRE(rejected != nullptr);
    CHECK(rejected->where == 1000);
    CHECK(rejected->text() == key_name(0));
    CHECK(b.position().keys == before.keys + n + 1);
    CHECK(b.position().values == before.values + n + 1);
    b.rewind(before);
    CHECK(b.position().keys == before.keys);
    CHECK(b.position().values == before.values);
  }
}

TEST_CASE("value_builder: several repeats in one run, each merged into the member that came first") {
  // `distinct` keys, then key 3 twice, key 1, and key 3 again; values count up from 0.
  for (std::size_t distinct : {4u, 5u, 8u, 9u, 30u}) {
    CAPTURE(distinct);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < distinct; ++i) order.push_back(i);
    for (std::size_t k : {3u, 3u, 1u, 3u}) order.push_back(k);
    value_builder b;
    for (repeated_keys rule : {repeated_keys::last_value_wins, repeated_keys::rejected}) {
      const value_builder::mark m = b.position();
      for (std::size_t i = 0; i < order.size(); ++i) {
        b.push_key(key_name(order[i]), 100 + i);
        b.push(static_cast<std::int64_t>(i));
      }
      const value_builder::pending_key* rejected = b.close_object(m, rule);
      if (rule == repeated_keys::rejected) {
        // The first repeat in document order, the stacks untouched.
        REQUIRE(rejected != nullptr);
        CHECK(rejected->where == 100 + distinct);
        CHECK(rejected->text() == key_name(3));
        CHECK(b.position().keys == m.keys + order.size());
        b.rewind(m);
        continue;
      }
      REQUIRE(rejected == nullptr);
      const value v = b.take();
      REQUIRE(v.size() == distinct);
      for (std::size_t i = 0; i < distinct; ++i) {
        CAPTURE(i);
        CHECK(v.as_object().nth(i).key() == key_name(i));
        const std::int64_t last = i == 3 ? static_cast<std::int64_t>(distinct + 3) : i == 1 ? static_cast<std::int64_t>(distinct + 2)
                                                                                         : static_cast<std::int64_t>(i);
        CHECK(v[key_name(i)] == value(last));
      }
    }
    CHECK(b.position().keys == 0);
    CHECK(b.position().values == 0);
  }
}

TEST_CASE("value_builder: long keys and values of a merged repeat are freed, the kept ones stay intact") {
  value_builder b;
  const std::string long_value(40, 'v');
  for (std::size_t distinct : {2u, 20u}) {
    const value_builder::mark m = b.position();
    for (std::size_t i = 0; i < distinct; ++i) {
      b.push_key(key_name(i) + " and a tail past fourteen bytes", i);
      b.push(long_value + std::to_string(i));
    }
    b.push_key(key_name(0) + " and a tail past fourteen bytes", 0);
    b.push(value::array({long_value, long_value}));
    REQUIRE(b.close_object(m, repeated_keys::last_value_wins) == nullptr);
    const value v = b.take();
    REQUIRE(v.size() == distinct);
    CHECK(v[key_name(0) + " and a tail past fourteen bytes"] == value::array({long_value, long_value}));
    CHECK(v[key_name(1) + " and a tail past fourteen bytes"] == value(long_value + "1"));
  }
}

TEST_CASE("value_builder: keys that differ only in a zero byte, their length or their last byte are distinct") {
  const std::vector<std::string> keys = {
      "", std::string(1, '\0'), std::string(2, '\0'), "a", std::string("a\0", 2), "abcdefgh", "abcdefgi",
      "abcdefghijklmn", "abcdefghijklmo", "abcdefghijklmno", "abcdefghijklmnp", std::string(300, 'k')};
  // Alone (compared pairwise) and among 20 more keys (through the hash table).
  for (std::size_t padding : {0u, 20u}) {
    CAPTURE(padding);
    value_builder b;
    const auto push_members = [&] {
      for (std::size_t i = 0; i < padding; ++i) {
        b.push_key(key_name(i), 0);
        b.push(nullptr);
      }
      for (std::size_t i = 0; i < keys.size(); ++i) {
        b.push_key(keys[i], i);
        b.push(static_cast<std::int64_t>(i));
      }
    };
    const value_builder::mark m = b.position();
    push_members();
    REQUIRE(b.close_object(m, repeated_keys::rejected) == nullptr);
    const value v = b.take();
    REQUIRE(v.size() == padding + keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) CHECK(v[keys[i]] == value(static_cast<std::int64_t>(i)));

    // Each of them again, as the last key: found as a repeat of itself.
    for (std::size_t r = 0; r < keys.size(); ++r) {
      CAPTURE(r);
      const value_builder::mark again = b.position();
      push_members();
      b.push_key(keys[r], 999);
      b.push(-1);
      const value_builder::pending_key* rejected = b.close_object(again, repeated_keys::rejected);
      REQUIRE(rejected != nullptr);
      CHECK(rejected->where == 999);
      CHECK(rejected->text() == keys[r]);
      b.rewind(again);
    }
  }
}

TEST_CASE("value_builder: a short key read from bytes followed by different bytes is the same key") {
  // Every inline length: the two copies of the key sit in front of different bytes, which must not
  // reach the key's words.
  for (std::size_t size = 0; size <= 14; ++size) {
    CAPTURE(size);
    const std::string text = std::string("abcdefghijklmnopq").substr(0, size);
    const std::string first = text + "0123456789abcdef";
    const std::string second = text + "FEDCBA9876543210";
    for (std::size_t padding : {0u, 20u}) {
      value_builder b;
      const value_builder::mark m = b.position();
      for (std::size_t i = 0; i < padding; ++i) {
        b.push_key(key_name(i), 0);
        b.push(nullptr);
      }
      b.push_key(std::string_view(first.data(), size), 1);
      b.push(1);
      b.push_key(std::string_view(second.data(), size), 2);
      b.push(2);
      const value_builder::pending_key* rejected = b.close_object(m, repeated_keys::rejected);
      REQUIRE(rejected != nullptr);
      CHECK(rejected->where == 2);
      CHECK(rejected->text() == text);
      b.rewind(m);
    }
  }
}

TEST_CASE("a string of every inline length read from a buffer of exactly its size") {
  // The sanitizer builds see any load past the end.
  for (std::size_t size = 0; size <= 15; ++size) {
    CAPTURE(size);
    std::vector<char> exact(size);
    for (std::size_t i = 0; i < size; ++i) exact[i] = static_cast<char>(0x80 + 7 * i);
    const value v(std::string_view(exact.data(), size));
    CHECK(v.as_string().value() == std::string_view(exact.data(), size));
    CHECK(v == value(std::string(exact.begin(), exact.end())));
    const value bin = value::binary(spool::bytes_view(reinterpret_cast<const std::byte*>(exact.data()), size));
    CHECK(bin.as_binary().value().size() == size);
  }
}

TEST_CASE("MessagePack into spool::value: a repeated map key is an error at the later key") {
  // {"a": 1, "a": 2}: the second key is at offset 4.
  const spool::result<value> small = spool::msgpack::read<value>(bytes({0x82, 0xa1, 'a', 1, 0xa1, 'a', 2}));
  REQUIRE_FALSE(small);
  CHECK(small.error().code == spool::errc::duplicate_key);
  CHECK(small.error().offset == 4);
  CHECK(small.error().path == "a");

  // [0, {k0: 0 ... k9: 9, k4: 4}]: ten distinct keys (indexed) and a repeat, inside an array.
  std::string doc = bytes({0x92, 0x00, 0x8b});
  std::size_t repeat_at = 0;
  for (int i = 0; i <= 10; ++i) {
    if (i == 10) repeat_at = doc.size();
    doc += bytes({0xa2, 'k', static_cast<unsigned>('0' + (i == 10 ? 4 : i))});
    doc += bytes({static_cast<unsigned>(i == 10 ? 4 : i)});
  }
  const spool::result<value> big = spool::msgpack::read<value>(doc);
  REQUIRE_FALSE(big);
  CHECK(big.error().code == spool::errc::duplicate_key);
  CHECK(big.error().offset == repeat_at);
  CHECK(big.error().path == "[1].k4");

  // Integer keys repeat through their text.
  const spool::result<value> ints = spool::msgpack::read<value>(bytes({0x82, 0x07, 1, 0xa1, '7', 2}));
  REQUIRE_FALSE(ints);
  CHECK(ints.error().code == spool::errc::duplicate_key);
  CHECK(ints.error().offset == 3);
}

TEST_CASE("MessagePack into spool::value: a failed read leaves the builder empty, the next read works") {
  value_builder& b = value_builder::for_this_thread();
  const value_builder::mark start = b.position();
  // {"x": [1, 2, <never used byte>]}
  const spool::result<value> bad = spool::msgpack::read<value>(bytes({0x81, 0xa1, 'x', 0x93, 1, 2, 0xc1}));
  REQUIRE_FALSE(bad);
  CHECK(bad.error().path == "x[2]");
  CHECK(b.position().values == start.values);
  CHECK(b.position().keys == start.keys);

  const spool::result<value> good = spool::msgpack::read<value>(bytes({0x81, 0xa1, 'x', 0x92, 1, 0x80}));
  REQUIRE(good);
  CHECK(*good == value::object({{"x", value::array({1, value::object({})})}}));
  CHECK(b.position().values == start.values);
}

// The MessagePack encoding of element `i` of a mixed array, and the value it reads as: every kind
// the reader stores in place (nil, booleans, integers, doubles, inline and long strings) and those
// it pushes first (binary, timestamp, ext, arrays, maps).
std::pair<std::string, value> mixed_element(std::size_t i) {
  switch (i % 12) {
    case 0: return {bytes({0xc0}), value()};
    case 1: return {bytes({0xc3}), value(true)};
    case 2: return {bytes({0x2a}), value(42)};
    case 3: return {bytes({0xd0, 0x80}), value(-128)};
    case 4: return {bytes({0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}), value(std::uint64_t{18446744073709551615u})};
    case 5: return {bytes({0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}), value(1.5)};
    case 6: return {bytes({0xa3, 'a', 'b', 'c'}), value("abc")};
    case 7: return {bytes({0xb0}) + std::string(16, static_cast<char>('a' + i % 26)), value(std::string(16, static_cast<char>('a' + i % 26)))};
    case 8: {
      const std::byte raw[2] = {std::byte{1}, std::byte{2}};
      return {bytes({0xc4, 2, 1, 2}), value::binary(raw)};
    }
    case 9: return {bytes({0x92, 0x01, 0x90}), value::array({1, value::array({})})};
    case 10: return {bytes({0x81, 0xa1, 'k', 0x91, 0x07}), value::object({{"k", value::array({7})}})};
    default: {
      const std::byte raw[1] = {std::byte{9}};
      return {bytes({0xd4, 0x05, 0x09}), value(spool::ext{5, {raw, raw + 1}})};
    }
  }
}

std::string array_header(std::size_t n) {
  if (n < 16) return bytes({static_cast<unsigned>(0x90 + n)});
  if (n <= 0xffff) return bytes({0xdc, static_cast<unsigned>(n >> 8), static_cast<unsigned>(n & 0xff)});
  return bytes({0xdd, static_cast<unsigned>(n >> 24), static_cast<unsigned>((n >> 16) & 0xff),
                static_cast<unsigned>((n >> 8) & 0xff), static_cast<unsigned>(n & 0xff)});
}

TEST_CASE("MessagePack into spool::value: arrays of every length form, each element in its place") {
  // Made at the header's count: 0, fixarray limits, array16 and array32, past the 1024 elements
  // that were once the longest kept on the builder's stack.
  for (const std::size_t n : {0u, 1u, 2u, 15u, 16u, 1024u, 1025u, 70000u}) {
    CAPTURE(n);
    std::string doc = array_header(n);
    value expected = value::array({});
    for (std::size_t i = 0; i < n; ++i) {
      auto [encoded, element] = mixed_element(i);
      doc += encoded;
      expected.push_back(std::move(element));
    }
    const spool::result<value> v = spool::msgpack::read<value>(doc);
    REQUIRE(v);
    CHECK(v->size() == n);
    CHECK(*v == expected);
    CHECK(v->as_array().capacity() == n);
    // Inside a map and an array, with something after it.
    const spool::result<value> nested =
        spool::msgpack::read<value>(bytes({0x82, 0xa1, 'a', 0x92}) + doc + bytes({0xc2, 0xa1, 'b', 0x01}));
    REQUIRE(nested);
    CHECK((*nested)["a"][0] == expected);
    CHECK((*nested)["a"][1] == value(false));
    CHECK((*nested)["b"] == value(1));
  }
}

TEST_CASE("MessagePack into spool::value: an array that fails at any element is dropped whole") {
  value_builder& b = value_builder::for_this_thread();
  const value_builder::mark start = b.position();
  const std::size_t n = 24;
  for (std::size_t bad = 0; bad < n; ++bad) {
    CAPTURE(bad);
    // Element `bad` is the never-used byte, or (cut off) a str8 of 255 bytes, longer than the rest.
    for (const bool cut : {false, true}) {
      std::string doc = bytes({0x91}) + array_header(n);
      std::size_t bad_at = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (i == bad) {
          bad_at = doc.size();
          doc += cut ? bytes({0xd9, 0xff}) : bytes({0xc1});
          continue;
        }
        doc += mixed_element(i).first;
      }
      const spool::result<value> v = spool::msgpack::read<value>(doc);
      REQUIRE_FALSE(v);
      CHECK(v.error().path == "[0][" + std::to_string(bad) + "]");
      if (!cut) CHECK(v.error().offset == bad_at);
      CHECK(v.error().code == (cut ? spool::errc::unexpected_end : spool::errc::syntax));
      CHECK(b.position().values == start.values);
      CHECK(b.position().keys == start.keys);
    }
  }
  // An error inside a nested container names both indexes.
  const spool::result<value> inner = spool::msgpack::read<value>(bytes({0x93, 0x01, 0x92, 0x02, 0xc1, 0x03}));
  REQUIRE_FALSE(inner);
  CHECK(inner.error().path == "[1][1]");
  CHECK(inner.error().offset == 4);
  // A count past the bytes left fails at the header, before anything is made for it.
  const spool::result<value> huge = spool::msgpack::read<value>(bytes({0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02}));
  REQUIRE_FALSE(huge);
  CHECK(huge.error().code == spool::errc::unexpected_end);
  CHECK(b.position().values == start.values);
}

TEST_CASE("value_builder: its stacks stay out of the node cache") {
  // On a fresh thread: once the document is gone, the current chunk holds no block, so it starts
  // over for the next one; the builder's grown stacks would otherwise hold it.
  std::size_t left = 1, read = 0;
  std::thread([&left, &read] {
    std::string doc = bytes({0xdc, 0x01, 0x00});  // an array of 256 arrays of one long string
    for (int i = 0; i < 256; ++i) doc += bytes({0x91, 0xb0}) + std::string(16, 'z');
    {
      const spool::result<value> v = spool::msgpack::read<value>(doc);
      if (v) read = v->size();
    }
    left = spool::detail::this_thread_value_nodes.current_blocks();
  }).join();
  CHECK(read == 256);
  CHECK(left == 0);
}

TEST_CASE("value_builder: repeats at the fingerprint path's size limit and past it, first, last or adjacent") {
  // 16 keys are checked through fingerprints, 17 through the hash table: every size around both
  // ends, with the repeat of the first, of the last or of the key just before it, at the end.
  for (std::size_t n : {0u, 1u, 2u, 3u, 8u, 9u, 15u, 16u, 17u, 18u}) {
    for (std::size_t of : {std::size_t{0}, n == 0 ? 0 : n - 1}) {
      CAPTURE(n);
      CAPTURE(of);
      value_builder b;
      for (repeated_keys rule : {repeated_keys::last_value_wins, repeated_keys::rejected}) {
        const value_builder::mark m = b.position();
        for (std::size_t i = 0; i < n; ++i) {
          b.push_key(key_name(i), i);
          b.push(static_cast<std::int64_t>(i));
        }
        const bool repeat = n != 0;
        if (repeat) {
          b.push_key(key_name(of), 500);
          b.push(-1);
        }
        const value_builder::pending_key* rejected = b.close_object(m, rule);
        if (rule == repeated_keys::rejected && repeat) {
          REQUIRE(rejected != nullptr);
          CHECK(rejected->where == 500);
          CHECK(rejected->text() == key_name(of));
          CHECK(b.position().keys == m.keys + n + 1);
          b.rewind(m);
          continue;
        }
        REQUIRE(rejected == nullptr);
        const value v = b.take();
        REQUIRE(v.size() == n);
        for (std::size_t i = 0; i < n; ++i) {
          CHECK(v.as_object().nth(i).key() == key_name(i));
          CHECK(v[key_name(i)] == value(i == of ? std::int64_t{-1} : static_cast<std::int64_t>(i)));
        }
      }
    }
  }
}

TEST_CASE("value_builder: keys equal in length or in their first bytes only are distinct, up to and past 16 keys") {
  // Inline keys that share their length and all but one byte, and heap keys (past 14 bytes) of one
  // length, which share a fingerprint: each is compared with the others and stays distinct; each
  // repeated at the end, or right after itself, is found.
  for (std::size_t n : {2u, 15u, 16u, 17u}) {
    for (bool on_heap : {false, true}) {
      CAPTURE(n);
      CAPTURE(on_heap);
      std::vector<std::string> keys;
      for (std::size_t i = 0; i < n; ++i) {
        std::string k = on_heap ? std::string(20, 'h') : std::string(13, 's');
        k[i % k.size()] = static_cast<char>('A' + i);  // one byte differs, at a different place
        keys.push_back(k);
      }
      value_builder b;
      const value_builder::mark m = b.position();
      for (std::size_t i = 0; i < n; ++i) {
        b.push_key(keys[i], i);
        b.push(static_cast<std::int64_t>(i));
      }
      REQUIRE(b.close_object(m, repeated_keys::rejected) == nullptr);
      const value v = b.take();
      REQUIRE(v.size() == n);
      for (std::size_t i = 0; i < n; ++i) CHECK(v[keys[i]] == value(static_cast<std::int64_t>(i)));

      for (std::size_t r = 0; r < n; ++r) {
        for (bool adjacent : {false, true}) {
          CAPTURE(r);
          CAPTURE(adjacent);
          // The n keys, and key r again (at 999) right after itself or at the end.
          const auto push_with_repeat = [&] {
            for (std::size_t i = 0; i < n; ++i) {
              b.push_key(keys[i], i);
              b.push(static_cast<std::int64_t>(i));
              if (adjacent && i == r) {
                b.push_key(keys[r], 999);
                b.push(-1);
              }
            }
            if (!adjacent) {
              b.push_key(keys[r], 999);
              b.push(-1);
            }
          };
          const value_builder::mark again = b.position();
          push_with_repeat();
          const value_builder::pending_key* rejected = b.close_object(again, repeated_keys::rejected);
          REQUIRE(rejected != nullptr);
          CHECK(rejected->where == 999);
          CHECK(rejected->text() == keys[r]);
          b.rewind(again);

          const value_builder::mark merged_at = b.position();
          push_with_repeat();
          REQUIRE(b.close_object(merged_at, repeated_keys::last_value_wins) == nullptr);
          const value merged = b.take();
          REQUIRE(merged.size() == n);
          for (std::size_t i = 0; i < n; ++i) {
            CHECK(merged.as_object().nth(i).key() == keys[i]);
            CHECK(merged[keys[i]] == value(i == r ? std::int64_t{-1} : static_cast<std::int64_t>(i)));
          }
        }
      }
    }
  }
}
