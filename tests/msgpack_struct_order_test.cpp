// The struct reader's paths for maps whose keys come in declaration order (matched against the
// names' bytes known at compile time) and for everything else (the struct plan): a document that
// leaves the order at any point, repeats a key, stops early, carries more keys, or spells a key
// in a longer str form than needed reads the same as before; arrays of large elements reserve
// their count when the input pays for it; float64 into double is bit-exact at the input's end.
#include <spool/msgpack.hpp>

#include <doctest/doctest.h>

#include <support/struct_order.hpp>

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

using spool::errc;
using namespace spool_test;  // the shared structs (support/struct_order.hpp)

// A str in the shortest form, or in str8 / str16 when asked (non-minimal, still valid).
std::string str(std::string_view text, int form = 0) {
  std::string out;
  if (form == 0 && text.size() <= 31) {
    out += static_cast<char>(0xa0 | text.size());
  } else if (form <= 8 && text.size() <= 0xff) {
    out += '\xd9';
    out += static_cast<char>(text.size());
  } else {
    out += '\xda';
    out += static_cast<char>(text.size() >> 8);
    out += static_cast<char>(text.size() & 0xff);
  }
  return out + std::string(text);
}

std::string fixmap(std::size_t n) { return std::string(1, static_cast<char>(0x80 | n)); }
std::string fixint(int v) { return std::string(1, static_cast<char>(v)); }

template <class T, spool::msgpack::read_options O = spool::msgpack::read_options{}>
spool::result<T> read(const std::string& bytes) {
  return spool::msgpack::read<T, O>(bytes);
}

constexpr spool::msgpack::read_options strict{.error_on_unknown_keys = true};

TEST_CASE("keys in declaration order, then out of it, read the same") {
  CHECK(read<ordered>(fixmap(3) + str("a") + fixint(1) + str("b") + str("x") + str("c") + fixint(3)).value() ==
        ordered{1, "x", 3});
  // Leaves the order after the first key, and at the start.
  CHECK(read<ordered>(fixmap(3) + str("a") + fixint(1) + str("c") + fixint(3) + str("b") + str("x")).value() ==
        ordered{1, "x", 3});
  CHECK(read<ordered>(fixmap(3) + str("c") + fixint(3) + str("a") + fixint(1) + str("b") + str("y")).value() ==
        ordered{1, "y", 3});
  // An unknown key between declared ones is skipped, or refused by name.
  const std::string unknown = fixmap(4) + str("a") + fixint(1) + str("zz") + fixint(9) + str("b") + str("x") +
                              str("c") + fixint(3);
  CHECK(read<ordered>(unknown).value() == ordered{1, "x", 3});
  CHECK(read<ordered, strict>(unknown).error().path == "zz");
  // Keys after every field: skipped, refused, or a duplicate.
  const std::string extra = fixmap(4) + str("a") + fixint(1) + str("b") + str("x") + str("c") + fixint(3) +
                            str("d") + fixint(4);
  CHECK(read<ordered>(extra).value() == ordered{1, "x", 3});
  CHECK(read<ordered, strict>(extra).error().code == errc::unknown_key);
  const std::string again = fixmap(4) + str("a") + fixint(1) + str("b") + str("x") + str("c") + fixint(3) +
                            str("c") + fixint(4);
  const spool::error dup = read<ordered>(again).error();
  CHECK(dup.code == errc::duplicate_key);
  CHECK(dup.path == "c");
  CHECK(dup.offset == 1 + 2 + 1 + 2 + 2 + 2 + 1);  // the second "c"
  const spool::error early_dup =
      read<ordered>(fixmap(3) + str("a") + fixint(1) + str("a") + fixint(2) + str("b") + str("x")).error();
  CHECK(early_dup.code == errc::duplicate_key);
  CHECK(early_dup.path == "a");
}

TEST_CASE("fields left out between others: the ones after them still read in order, or later") {
  CHECK(read<gapped>(fixmap(3) + str("a") + fixint(1) + str("c") + str("x") + str("e") + fixint(5)).value() ==
        gapped{1, std::nullopt, "x", std::nullopt, 5});
  CHECK(read<gapped>(fixmap(2) + str("b") + fixint(2) + str("e") + fixint(5)).value() ==
        gapped{0, 2, "", std::nullopt, 5});
  CHECK(read<gapped>(fixmap(1) + str("e") + fixint(5)).value() == gapped{0, std::nullopt, "", std::nullopt, 5});
  // After a gap a key that comes too early for its field ("e" before "c"), then the one passed over.
  CHECK(read<gapped>(fixmap(4) + str("a") + fixint(1) + str("e") + fixint(5) + str("c") + str("x") + str("b") +
                     fixint(2))
            .value() == gapped{1, 2, "x", std::nullopt, 5});
  // An unknown key after a gap is skipped, or refused by name.
  const std::string unknown = fixmap(3) + str("a") + fixint(1) + str("zz") + fixint(9) + str("e") + fixint(5);
  CHECK(read<gapped>(unknown).value() == gapped{1, std::nullopt, "", std::nullopt, 5});
  const spool::error refused = read<gapped, strict>(unknown).error();
  CHECK(refused.code == errc::unknown_key);
  CHECK(refused.path == "zz");
  // A key repeated after a gap.
  const spool::error dup =
      read<gapped>(fixmap(3) + str("a") + fixint(1) + str("c") + str("x") + str("a") + fixint(2)).error();
  CHECK(dup.code == errc::duplicate_key);
  CHECK(dup.path == "a");
  CHECK(dup.offset == 1 + 2 + 1 + 2 + 2);
  // An error in a field read after a gap names that field.
  const spool::error bad = read<gapped>(fixmap(2) + str("a") + fixint(1) + str("d") + fixint(3)).error();
  CHECK(bad.code == errc::unexpected_type);
  CHECK(bad.path == "d");
  CHECK(bad.offset == 1 + 2 + 1 + 2);
  // Reading again into the same object: the fields given are replaced, those left out keep theirs.
  gapped reused{7, 8, "old", "kept", 9};
  REQUIRE_FALSE(spool::msgpack::read(fixmap(2) + str("b") + fixint(2) + str("c") + str("new"), reused));
  CHECK(reused == gapped{7, 2, "new", "kept", 9});
}

TEST_CASE("a required field or one with a default left out between others") {
  const spool::error e = read<with_defaults>(fixmap(2) + str("first") + fixint(1) + str("third") + str("t")).error();
  CHECK(e.code == errc::missing_key);
  CHECK(e.path == "second");
  const with_defaults d = read<with_defaults>(fixmap(1) + str("second") + fixint(2)).value();
  CHECK(d.first == 0);
  CHECK(d.second == 2);
  CHECK(d.third == "none");
  const with_defaults late =
      read<with_defaults>(fixmap(3) + str("first") + fixint(1) + str("third") + str("t") + str("second") + fixint(2))
          .value();
  CHECK(late.second == 2);
  CHECK(late.third == "t");
}

TEST_CASE("a key in a longer str form than needed is still the field") {
  CHECK(read<ordered>(fixmap(3) + str("a", 8) + fixint(1) + str("b", 16) + str("x") + str("c") + fixint(3)).value() ==
        ordered{1, "x", 3});
  key_lengths l = read<key_lengths>(fixmap(1) + str(spool_test::key_length_names[12], 16) + fixint(7)).value();
  CHECK(l.l40 == 7);
}

TEST_CASE("a document that stops early gets defaults, or misses a required field") {
  const with_defaults d = read<with_defaults>(fixmap(2) + str("first") + fixint(1) + str("second") + fixint(2)).value();
  CHECK(d.first == 1);
  CHECK(d.second == 2);
  CHECK(d.third == "none");
  const spool::error e = read<with_defaults>(fixmap(1) + str("first") + fixint(1)).error();
  CHECK(e.code == errc::missing_key);
  CHECK(e.path == "second");
  CHECK(read<with_defaults, spool::msgpack::read_options{.require_all_fields = true}>(
            fixmap(2) + str("first") + fixint(1) + str("second") + fixint(2))
            .error()
            .code == errc::missing_key);
}

TEST_CASE("an error inside a field in order names the field") {
  const spool::error e = read<ordered>(fixmap(3) + str("a") + fixint(1) + str("b") + fixint(5) + str("c") + fixint(3)).error();
  CHECK(e.code == errc::unexpected_type);
  CHECK(e.path == "b");
  CHECK(e.offset == 1 + 2 + 1 + 2);
}

TEST_CASE("a key that differs from a field name in any one byte is not that field") {
  constexpr auto& names = spool_test::key_length_names;
  const auto all_fields = [&](std::size_t changed, std::size_t at) {
    std::string bytes = fixmap(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
      std::string key(names[i]);
      if (i == changed) key[at] = '_';
      bytes += str(key) + fixint(static_cast<int>(i + 1));
    }
    return bytes;
  };
  const key_lengths exact = read<key_lengths>(all_fields(names.size(), 0)).value();
  CHECK(exact.l1 == 1);
  CHECK(exact.l17 == 10);
  CHECK(exact.l40 == 13);
  for (std::size_t field = 0; field < names.size(); ++field) {
    for (std::size_t at = 0; at < names[field].size(); ++at) {
      CAPTURE(field);
      CAPTURE(at);
      const spool::result<key_lengths> r = read<key_lengths>(all_fields(field, at));
      REQUIRE(r.has_value());
      const std::array<int, 13> got = {r->l1, r->l2, r->l3, r->l4, r->l7, r->l8, r->l9,
                                       r->l15, r->l16, r->l17, r->l31, r->l32, r->l40};
      for (std::size_t i = 0; i < names.size(); ++i) CHECK(got[i] == (i == field ? 0 : static_cast<int>(i + 1)));
      CHECK(read<key_lengths, strict>(all_fields(field, at)).error().code == errc::unknown_key);
    }
  }
}

TEST_CASE("a key with no value after it, or longer than max_string_length, is not taken as the field") {
  const std::string cut = fixmap(1) + str("a");
  CHECK(read<ordered>(cut).error().code == errc::unexpected_end);
  constexpr spool::msgpack::read_options short_strings{.max_string_length = 2};
  const std::string long_key = fixmap(1) + str("cde") + fixint(1);
  CHECK(read<key_lengths, short_strings>(long_key).error().code == errc::size_exceeded);
  CHECK(read<key_lengths, short_strings>(fixmap(1) + str("bc") + fixint(2)).value().l2 == 2);
}

struct wide {
  std::array<std::int64_t, 128> values{};
};

TEST_CASE("an array of large elements reserves its count when the input pays for it") {
  std::vector<wide> many(100);
  for (std::size_t i = 0; i < many.size(); ++i) many[i].values[i] = static_cast<std::int64_t>(i);
  const std::string bytes = spool::msgpack::write(many);
  const std::vector<wide> back = spool::msgpack::read<std::vector<wide>>(bytes).value();
  REQUIRE(back.size() == 100);
  for (std::size_t i = 0; i < back.size(); ++i) CHECK(back[i].values[i] == static_cast<std::int64_t>(i));
  // 1 KiB per element, 64 KiB of them built up front at most: past that the count is reserved
  // (about 8 bytes of elements per byte of input left), else the vector grows by doubling.
  if constexpr (spool::detail::msgpack_exact_reserve) CHECK(back.capacity() == 100);
  else CHECK(back.capacity() == 128);
}

std::string float64(double v) {
  const auto bits = std::bit_cast<std::uint64_t>(v);
  std::string out(1, '\xcb');
  for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((bits >> shift) & 0xff);
  return out;
}

// An array32 header for n elements, then the elements' bytes.
std::string array32(std::uint32_t n, const std::string& elements) {
  std::string out = "\xdd";
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((n >> shift) & 0xff);
  return out + elements;
}

TEST_CASE("an array longer than what is built up front is read in place, a batch at a time") {
  // 8-byte elements, 8192 built up front at most: 20000 take three batches.
  std::vector<std::int64_t> many(20000);
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = static_cast<std::int64_t>(i) * 1000 - 7'000'000;
  const std::string bytes = spool::msgpack::write(many);
  CHECK(read<std::vector<std::int64_t>>(bytes).value() == many);
  // Into a vector that holds fewer, and one that holds more (read in place, shrunk).
  std::vector<std::int64_t> fewer{1, 2, 3};
  REQUIRE_FALSE(spool::msgpack::read(bytes, fewer));
  CHECK(fewer == many);
  std::vector<std::int64_t> more(25000, 5);
  REQUIRE_FALSE(spool::msgpack::read(bytes, more));
  CHECK(more == many);
  // Strings (32 bytes each, 2048 up front) across batches.
  std::vector<std::string> texts(5000);
  for (std::size_t i = 0; i < texts.size(); ++i) texts[i] = std::string(i % 40, static_cast<char>('a' + i % 26));
  CHECK(read<std::vector<std::string>>(spool::msgpack::write(texts)).value() == texts);
  // An error in a later batch names its element, at its offset.
  std::string elements(9000, '\x01');
  elements[8500] = '\xc3';  // true, not an integer
  const spool::error wrong = read<std::vector<std::int64_t>>(array32(9000, elements)).error();
  CHECK(wrong.code == errc::unexpected_type);
  CHECK(wrong.path == "[8500]");
  CHECK(wrong.offset == 5 + 8500);
  // The last element cut short: a uint16 with no bytes after its header.
  elements[8500] = '\x01';
  elements[8999] = '\xcd';
  const spool::error cut = read<std::vector<std::int64_t>>(array32(9000, elements)).error();
  CHECK(cut.code == errc::unexpected_end);
  CHECK(cut.path == "[8999]");
  // A count the bytes left cannot hold fails before anything is built.
  CHECK(read<std::vector<std::int64_t>>(array32(9000, std::string(8999, '\x01'))).error().code ==
        errc::unexpected_end);
}

TEST_CASE("float64 into double: bit-exact, at the input's end, and cut short") {
  const double values[] = {0.0, -0.0, 1.5, -2.25e300, std::numeric_limits<double>::denorm_min(),
                           std::numeric_limits<double>::infinity(), std::numeric_limits<double>::max()};
  for (const double v : values) {
    CAPTURE(v);
    const double got = spool::msgpack::read<double>(float64(v)).value();  // nothing after it
    CHECK(std::bit_cast<std::uint64_t>(got) == std::bit_cast<std::uint64_t>(v));
    const std::array<double, 2> pair = spool::msgpack::read<std::array<double, 2>>("\x92" + float64(v) + float64(-v)).value();
    CHECK(std::bit_cast<std::uint64_t>(pair[1]) == std::bit_cast<std::uint64_t>(-v));
  }
  const double nan = spool::msgpack::read<double>(float64(std::numeric_limits<double>::quiet_NaN())).value();
  CHECK(std::isnan(nan));
  const std::string cut = float64(1.0).substr(0, 8);
  const spool::error e = spool::msgpack::read<double>(cut).error();
  CHECK(e.code == errc::unexpected_end);
  CHECK(e.offset == 8);
  const spool::error wrong = spool::msgpack::read<std::array<double, 2>>("\x93" + float64(1) + float64(2) + float64(3)).error();
  CHECK(wrong.code == errc::unexpected_type);
  CHECK(wrong.expected == "array of 2 elements");
  CHECK(wrong.found == "array of 3 elements");
}

}  // namespace
