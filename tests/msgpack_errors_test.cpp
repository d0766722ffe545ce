// Hostile and broken input: truncation at every offset, lengths that claim more than the input
// holds, nesting past the limit, bad UTF-8, and where errors point (offset and path).
#include <spool/msgpack.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

using bytes = std::vector<unsigned char>;

struct address {
  std::string city;
  std::uint16_t zip = 0;
};

struct person {
  std::string name;
  std::vector<address> homes;
  std::optional<double> height;
  spool::value extra;
};

template <class T, spool::msgpack::read_options O = spool::msgpack::read_options{}>
spool::error read_error(const bytes& in) {
  auto r = spool::msgpack::read<T, O>(in);
  REQUIRE_FALSE(r.has_value());
  return r.error();
}

}  // namespace

TEST_CASE("every truncation of a valid document is a clean unexpected_end") {
  person p{"ann", {{"oslo", 150}, {"bergen", 5003}}, 1.7, spool::value{{"k", spool::value::array({1, "x", 2.5})}}};
  const std::string whole = spool::msgpack::write(p);
  REQUIRE(spool::msgpack::read<person>(whole).has_value());
  for (std::size_t n = 1; n < whole.size(); ++n) {
    CAPTURE(n);
    const auto typed = spool::msgpack::read<person>(std::string_view(whole).substr(0, n));
    REQUIRE_FALSE(typed.has_value());
    CHECK(typed.error().code == spool::errc::unexpected_end);
    CHECK(typed.error().offset <= n);
    const auto dynamic = spool::msgpack::read<spool::value>(std::string_view(whole).substr(0, n));
    REQUIRE_FALSE(dynamic.has_value());
    CHECK(dynamic.error().code == spool::errc::unexpected_end);
  }
  CHECK(read_error<person>({}).code == spool::errc::empty_input);
}

TEST_CASE("declared lengths are checked against the remaining bytes before anything is allocated") {
  // array32 of 4 billion elements, map32 of 4 billion entries, str32/bin32/ext32 of 4 GiB, in
  // inputs of a few bytes: every one fails without reserving memory for the claim.
  const bytes array32{0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02, 0x03, 0x04, 0x05};
  CHECK(read_error<std::vector<std::uint64_t>>(array32).code == spool::errc::unexpected_end);
  CHECK(read_error<spool::value>(array32).code == spool::errc::unexpected_end);
  CHECK(read_error<std::vector<person>>(array32).detail.find("4294967295") != std::string::npos);
  const bytes map32{0xdf, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02};
  CHECK(read_error<std::map<int, int>>(map32).code == spool::errc::unexpected_end);
  CHECK(read_error<spool::value>(map32).code == spool::errc::unexpected_end);
  CHECK(read_error<person>(map32).code == spool::errc::unexpected_end);
  CHECK(read_error<std::string>({0xdb, 0xff, 0xff, 0xff, 0xff, 'a'}).code == spool::errc::unexpected_end);
  CHECK(read_error<std::vector<std::byte>>({0xc6, 0xff, 0xff, 0xff, 0xff, 0}).code == spool::errc::unexpected_end);
  CHECK(read_error<spool::ext>({0xc9, 0xff, 0xff, 0xff, 0xff, 1, 0}).code == spool::errc::unexpected_end);
  // The same claims inside a value that is only skipped.
  CHECK(read_error<address>({0x81, 0xa1, 'q', 0xdd, 0xff, 0xff, 0xff, 0xff, 0}).code == spool::errc::unexpected_end);
  // Two bytes per map entry: 3 entries cannot fit in 5 bytes.
  CHECK(read_error<spool::value>({0x83, 1, 2, 3, 4, 5}).code == spool::errc::unexpected_end);
}

TEST_CASE("limits from the options") {
  CHECK(read_error<std::vector<int>, spool::msgpack::read_options{.max_container_size = 2}>({0x93, 1, 2, 3}).code == spool::errc::size_exceeded);
  CHECK(read_error<std::string, spool::msgpack::read_options{.max_string_length = 1}>({0xa2, 'a', 'b'}).code == spool::errc::size_exceeded);
  CHECK(read_error<int, spool::msgpack::read_options{.max_input_size = 1}>({0xcc, 0x80}).code == spool::errc::size_exceeded);
}

TEST_CASE("nesting deeper than max_depth") {
  bytes deep(300, 0x91);
  deep.push_back(0x01);
  const spool::error e = read_error<spool::value>(deep);
  CHECK(e.code == spool::errc::depth_exceeded);
  CHECK(e.offset == 256);
  bytes fine(256, 0x91);
  fine.push_back(0x01);
  CHECK(spool::msgpack::read<spool::value>(fine).has_value());
  CHECK(read_error<spool::value, spool::msgpack::read_options{.max_depth = 3}>({0x91, 0x91, 0x91, 0x91, 0x01}).code ==
        spool::errc::depth_exceeded);
  // Typed targets count too.
  CHECK(read_error<std::vector<std::vector<int>>, spool::msgpack::read_options{.max_depth = 1}>({0x91, 0x91, 0x01}).code ==
        spool::errc::depth_exceeded);
  // A huge nesting that is only skipped uses no stack; its size is still checked.
  bytes skipped{0x81, 0xa1, 'q'};
  skipped.insert(skipped.end(), 100'000, 0x91);
  skipped.push_back(0xc0);
  CHECK(spool::msgpack::read<address>(skipped).has_value());
}

TEST_CASE("invalid UTF-8 in a str is refused where it is read as text") {
  const bytes overlong{0xa2, 0xc0, 0xaf};
  const spool::error e = read_error<std::string>(overlong);
  CHECK(e.code == spool::errc::invalid_utf8);
  CHECK(e.offset == 1);
  CHECK(read_error<spool::value>({0x91, 0xa3, 'a', 0xed, 0xa0}).offset == 3);  // cut short by the str's end
  CHECK(read_error<spool::value>({0x91, 0xa3, 'a', 0xed, 0xa0, 0x80}).offset == 3);  // a surrogate
  CHECK(spool::msgpack::read<std::string, spool::msgpack::read_options{.validate_utf8 = false}>(overlong).has_value());
  CHECK(spool::msgpack::read<std::vector<std::byte>>(overlong).has_value());
  // A map key that matches no field is validated too; one that matches a field is valid already.
  CHECK(read_error<address>({0x81, 0xa2, 0xc0, 0xaf, 0x01}).code == spool::errc::invalid_utf8);
}

TEST_CASE("errors carry the offset of the bad byte and the path to it") {
  person p{"ann", {{"oslo", 150}, {"bergen", 5003}}, std::nullopt, {}};
  std::string bytes = spool::msgpack::write(p);
  // Make the second home's zip a string.
  const std::size_t zip = bytes.rfind("zip") + 3;
  REQUIRE(static_cast<unsigned char>(bytes[zip]) == 0xcd);
  bytes[zip] = static_cast<char>(0xa2);
  const spool::error e = spool::msgpack::read<person>(bytes).error();
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.offset == zip);
  CHECK(e.path == "homes[1].zip");
  CHECK(e.expected == "integer");
  CHECK(e.found == "string");
  CHECK(e.message().find("homes[1].zip") != std::string::npos);

  const spool::error range = read_error<address>({0x81, 0xa3, 'z', 'i', 'p', 0xce, 0, 1, 0, 0});
  CHECK(range.code == spool::errc::out_of_range);
  CHECK(range.offset == 5);
  CHECK(range.path == "zip");
}

TEST_CASE("malformed and misplaced values") {
  CHECK(read_error<spool::value>({0xc1}).code == spool::errc::syntax);
  CHECK(read_error<address>({0x81, 0xa1, 'q', 0xc1}).code == spool::errc::syntax);
  CHECK(read_error<int>({0x01, 0x02}).code == spool::errc::trailing_data);
  CHECK(read_error<int>({0x01, 0x02}).offset == 1);
  CHECK(read_error<address>({0x81, 0x01, 0x02}).code == spool::errc::unexpected_type);  // integer key
  CHECK(read_error<address>({0x05}).expected == "map or array (a struct)");
  const spool::error dup = read_error<address>({0x82, 0xa3, 'z', 'i', 'p', 1, 0xa3, 'z', 'i', 'p', 2});
  CHECK(dup.code == spool::errc::duplicate_key);
  CHECK(dup.offset == 6);
  CHECK(read_error<spool::value>({0x82, 0xa1, 'a', 1, 0xa1, 'a', 2}).code == spool::errc::duplicate_key);
  CHECK(read_error<std::map<int, int>>({0x82, 1, 1, 1, 2}).code == spool::errc::duplicate_key);
  CHECK(read_error<spool::value>({0x81, 0xc3, 1}).code == spool::errc::unexpected_type);  // a bool key
  CHECK(read_error<std::array<int, 2>>({0x93, 1, 2, 3}).code == spool::errc::unexpected_type);
  char fixed[3];
  CHECK(spool::msgpack::read(bytes{0xa3, 'a', 'b', 'c'}, fixed).code == spool::errc::size_exceeded);
  REQUIRE_FALSE(spool::msgpack::read(bytes{0xa2, 'a', 'b'}, fixed));
  CHECK(std::string(fixed) == "ab");
}

TEST_CASE("a failed read leaves the pooled decoder clean for the next document") {
  CHECK_FALSE(spool::msgpack::read<int>(bytes{0xc1}).has_value());
  auto ok = spool::msgpack::read<int>(bytes{0x05});
  REQUIRE(ok.has_value());
  CHECK(*ok == 5);
}

namespace {

// A str header for n bytes in its shortest form.
bytes str_header(std::size_t n) {
  if (n < 32) return {static_cast<unsigned char>(0xa0 | n)};
  if (n < 256) return {0xd9, static_cast<unsigned char>(n)};
  return {0xda, static_cast<unsigned char>(n >> 8), static_cast<unsigned char>(n & 0xff)};
}

}  // namespace

TEST_CASE("a str's UTF-8 is checked to the byte, whatever the mix of ASCII and multi-byte text") {
  // ASCII, 2-, 3- and 4-byte characters in runs long and short, so the block check sees
  // sequences across its 16-byte steps and tails of every length.
  const std::string pieces[] = {"a", "plain ascii words ", "\xc3\xa9", "\xe5\x90\x8d\xe5\x89\x8d", "\xf0\x9f\x98\x8b",
                                "\xe2\x80\xa6"};
  std::string text;
  for (std::size_t i = 0; text.size() < 300; i = (i * 7 + 3) % std::size(pieces)) text += pieces[i];
  // Bytes that break a sequence: a stray continuation, a lead without continuations, an overlong
  // lead, a surrogate's lead pair, bytes never valid.
  const std::string breakers[] = {"\x80", "\xe5", "\xc0\xaf", "\xed\xa0\x80", "\xff", "\xf4\x90\x80\x80"};
  for (std::size_t length : {std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17}, std::size_t{40},
                             std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{200}}) {
    // Cut at a character boundary at or below `length`.
    std::size_t cut = std::min(length, text.size());
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
    const std::string good = text.substr(0, cut);
    bytes whole = str_header(good.size());
    whole.insert(whole.end(), good.begin(), good.end());
    REQUIRE(spool::msgpack::read<std::string>(whole).value() == good);
    bytes pair{0x92};
    pair.insert(pair.end(), whole.begin(), whole.end());
    pair.insert(pair.end(), {0xa3, 0xe2, 0x80, 0xa6});
    REQUIRE(spool::msgpack::read<std::vector<std::string>>(pair).value() == std::vector<std::string>{good, "\xe2\x80\xa6"});
    for (const std::string& breaker : breakers) {
      for (std::size_t at = 0; at <= good.size(); ++at) {
        if (at < good.size() && (static_cast<unsigned char>(good[at]) & 0xc0) == 0x80) continue;
        const std::string bad = good.substr(0, at) + breaker + good.substr(at);
        bytes in = str_header(bad.size());
        const std::size_t header = in.size();
        in.insert(in.end(), bad.begin(), bad.end());
        CAPTURE(length);
        CAPTURE(at);
        CAPTURE(breaker.size());
        const std::size_t first_bad =
            static_cast<std::size_t>(spool::detail::find_invalid_utf8(bad.data(), bad.data() + bad.size()) - bad.data());
        REQUIRE(first_bad < bad.size());
        const spool::error e = read_error<std::string>(in);
        CHECK(e.code == spool::errc::invalid_utf8);
        CHECK(e.offset == header + first_bad);
        CHECK(read_error<spool::value>(in).offset == header + first_bad);
        // Followed by more input, which a check may load past the string's end but never use.
        bytes followed{0x92};
        followed.insert(followed.end(), in.begin(), in.end());
        followed.insert(followed.end(), {0xb0, 'f', 'o', 'l', 'l', 'o', 'w', 'i', 'n', 'g', ' ', 'b', 'y', 't', 'e', 's', '!'});
        CHECK(read_error<std::vector<std::string>>(followed).offset == 1 + header + first_bad);
      }
    }
  }
}

TEST_CASE("keys compared with the next declared field before they are decoded") {
  using spool::errc;
  // In order, out of order, and a key written in a longer form than fixstr: all reach their fields.
  const bytes in_order{0x82, 0xa4, 'c', 'i', 't', 'y', 0xa1, 'x', 0xa3, 'z', 'i', 'p', 7};
  CHECK(spool::msgpack::read<address>(in_order).value().city == "x");
  CHECK(spool::msgpack::read<address>(in_order).value().zip == 7);
  const bytes reversed{0x82, 0xa3, 'z', 'i', 'p', 7, 0xa4, 'c', 'i', 't', 'y', 0xa1, 'x'};
  CHECK(spool::msgpack::read<address>(reversed).value().city == "x");
  const bytes str8_key{0x82, 0xd9, 4, 'c', 'i', 't', 'y', 0xa1, 'x', 0xa3, 'z', 'i', 'p', 7};
  CHECK(spool::msgpack::read<address>(str8_key).value().zip == 7);
  // A key that only starts like the next field's, or extends it, is another key.
  const bytes near_misses{0x83, 0xa3, 'c', 'i', 't', 1, 0xa5, 'c', 'i', 't', 'y', 'x', 2, 0xa3, 'z', 'i', 'p', 7};
  const auto skipped = spool::msgpack::read<address>(near_misses);
  REQUIRE(skipped.has_value());
  CHECK(skipped->city.empty());
  CHECK(skipped->zip == 7);
  CHECK(read_error<address, spool::msgpack::read_options{.error_on_unknown_keys = true}>(near_misses).code ==
        errc::unknown_key);
  // zip, city, zip: the third key is the field expected next, and a duplicate all the same.
  const bytes repeated{0x83, 0xa3, 'z', 'i', 'p', 1, 0xa4, 'c', 'i', 't', 'y', 0xa1, 'x', 0xa3, 'z', 'i', 'p', 2};
  const spool::error dup = read_error<address>(repeated);
  CHECK(dup.code == errc::duplicate_key);
  CHECK(dup.offset == 13);
  CHECK(dup.path == "zip");
  // A declared key longer than max_string_length is refused as any such str is.
  constexpr spool::msgpack::read_options short_strings{.max_string_length = 3};
  CHECK(read_error<address, short_strings>(in_order).code == errc::size_exceeded);
  // Cut inside a matching key: the input ends there.
  CHECK(read_error<address>({0x81, 0xa4, 'c', 'i', 't'}).code == errc::unexpected_end);
}
