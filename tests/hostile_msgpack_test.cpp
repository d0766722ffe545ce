// Hostile MessagePack: every prefix of the shared corpora (and of the JSON conformance documents
// turned into MessagePack), every single-byte corruption of small documents, nesting bombs,
// length bombs counted by a replaced global operator new, broken UTF-8, NUL bytes, byte order
// marks, and every limit at its boundary. Whatever the input, a read ends with a value or a clean
// error, never a crash and never an allocation the input cannot pay for.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <fuzz/fuzz_document.hpp>
#include <spool/json.hpp>
#include <spool/msgpack.hpp>

#include <support/counting_new.hpp>
#include <support/hostile_input.hpp>
#include <support/shared_data.hpp>

namespace {

using spool::errc;
using namespace std::string_literals;

template <class T = spool::value, spool::msgpack::read_options O = spool::msgpack::read_options{}>
spool::error read_error(std::string_view input) {
  T out{};
  return spool::msgpack::read<O>(input, out);
}

// What reading `input` into a fresh T allocates, after a first read has warmed the pool (whose
// decoder and buffers are reused, not allocated per read).
template <class T>
std::size_t bytes_allocated_reading(std::string_view input, spool::error& e) {
  (void)read_error<T>(input);
  T out{};
  return spool_test::bytes_allocated_in([&] { e = spool::msgpack::read(input, out); });
}

struct msgpack_format {
  static constexpr std::string_view name = "MessagePack";
  static constexpr bool text = false;
  static constexpr bool cut_is_unexpected_end = true;  // every value says where it ends
  template <class T>
  static spool::error read(std::string_view input, T& out) {
    return spool::msgpack::read(input, out);
  }
  static spool::error write(const spool::value& v, std::string& out) { return spool::msgpack::write(v, out); }
};
using checks = spool_test::format_checks<msgpack_format>;
using spool_test::repeated;

}  // namespace

TEST_CASE("every prefix of every shared MessagePack file ends in a value or a clean unexpected_end") {
  std::size_t reads = checks::read_prefixes_of_files("bench/msgpack", {".msgpack"});
  // The JSON conformance documents spool accepts, as MessagePack: many small shapes.
  if (const auto root = spool_test::shared_data("conformance/JSONTestSuite/test_parsing")) {
    for (const auto& file : spool_test::files_with_extension(*root, {".json"})) {
      const spool::result<spool::value> v = spool::json::read<spool::value>(spool_test::file_contents(file));
      if (v) reads += checks::read_prefixes(file.string(), spool::msgpack::write(*v));
    }
  } else {
    MESSAGE("skipped: no shared data at conformance/JSONTestSuite");
  }
  MESSAGE(reads << " prefixes read");
}

TEST_CASE("every single-byte corruption of a small document ends in a value or a clean error") {
  spool_fuzz::document doc{.name = "\xC3\xA9\xE2\x98\x95",
                           .id = -9'007'199'254'740'993,
                           .port = 8080,
                           .ratio = 0.1,
                           .active = true,
                           .note = "n",
                           .counts = {1, -200, 70'000},
                           .points = {{"a", {1.5, -0.0}}},
                           .choice = std::vector<double>{1e300},
                           .color = spool_fuzz::tint::green,
                           .owner = {"o", 7, false},
                           .children = {{"c", 1, {}}}};
  const std::string typed_doc = spool::msgpack::write(doc);
  spool::value extras{{"bin", spool::value::binary(std::vector<std::byte>(3, std::byte{0xff}))},
                      {"ext", spool::ext{5, {std::byte{1}, std::byte{2}}}},
                      {"t", spool::offset_datetime{{2024, 2, 29}, {23, 59, 59, 123'456'789}, 0}},
                      {"u", std::uint64_t{18'446'744'073'709'551'615u}},
                      {"f", -0.0}};
  const std::string value_doc = spool::msgpack::write(extras);
  CHECK(checks::read_corruptions({typed_doc, value_doc}) > 0);
}

TEST_CASE("nesting bombs are depth_exceeded") {
  const std::string arrays(1'000'000, '\x91');
  CHECK(read_error(arrays).code == errc::depth_exceeded);
  CHECK(read_error<std::vector<spool::value>>(arrays).code == errc::depth_exceeded);
  const std::string maps = repeated("\x81\xa0", 1'000'000);  // {"": {"": ...
  CHECK(read_error(maps).code == errc::depth_exceeded);
  CHECK(read_error<std::map<std::string, spool::value>>(maps).code == errc::depth_exceeded);
  CHECK(read_error(repeated("\x91\x81\xa1k", 1'000'000)).code == errc::depth_exceeded);
  CHECK(read_error<spool_fuzz::document>("\x81\xa5owner"s + maps).code != errc::ok);
  // A skipped member uses no stack however deep; a cut-off one is still an error.
  CHECK(read_error<spool_fuzz::document>("\x81\xa7unknown"s + arrays).code == errc::unexpected_end);
  CHECK_FALSE(read_error<spool_fuzz::document>("\x81\xa7unknown"s + arrays + "\xc0"));
}

TEST_CASE("length bombs: headers claiming 4 GiB in a few bytes fail without allocating for the claim") {
  struct bomb {
    const char* what;
    std::string bytes;
  };
  const bomb bombs[] = {
      {"array32", "\xdd\xff\xff\xff\xff\x01\x02\x03"s},
      {"map32", "\xdf\xff\xff\xff\xff\xa1k\x01"s},
      {"str32", "\xdb\xff\xff\xff\xff" "abc"s},
      {"bin32", "\xc6\xff\xff\xff\xff" "abc"s},
      {"ext32", "\xc9\xff\xff\xff\xff\x01" "abc"s},
      {"array16 of array32", "\xdc\xff\xff\xdd\xff\xff\xff\xff\x01"s},
      {"map16 of str32", "\xde\xff\xff\xa1k\xdb\xff\xff\xff\xff"s},
  };
  constexpr std::size_t small = 4096;  // a few bookkeeping allocations, no payload
  for (const bomb& b : bombs) {
    CAPTURE(b.what);
    spool::error e;
    CHECK(bytes_allocated_reading<spool::value>(b.bytes, e) < small);
    CHECK(e.code == errc::unexpected_end);
    CHECK(bytes_allocated_reading<spool_fuzz::document>("\x81\xa6" "counts"s + b.bytes, e) < small);
    CHECK(e);
    CHECK(bytes_allocated_reading<std::vector<spool_fuzz::document>>(b.bytes, e) < small);
    CHECK(e);
    CHECK(bytes_allocated_reading<std::map<std::string, std::string>>(b.bytes, e) < small);
    CHECK(e);
  }
  spool::error e;
  CHECK(bytes_allocated_reading<std::string>("\xdb\xff\xff\xff\xff" "abc"s, e) < small);
  CHECK(e.code == errc::unexpected_end);
  CHECK(bytes_allocated_reading<std::vector<std::byte>>("\xc6\xff\xff\xff\xff" "abc"s, e) < small);
  CHECK(e.code == errc::unexpected_end);
  CHECK(bytes_allocated_reading<spool::ext>("\xc9\xff\xff\xff\xff\x01" "abc"s, e) < small);
  CHECK(e.code == errc::unexpected_end);
}

TEST_CASE("a container header claiming what the input can hold reserves no more than the input pays for") {
  // 65,536 nils claimed and present: each is one byte, but a struct element is hundreds. The
  // first element already fails; memory reserved for all of them up front would be sizeof(T)
  // times the input, gigabytes for a large struct and a megabyte-sized input.
  const std::string nils = "\xdd\x00\x01\x00\x00"s + std::string(65'536, '\xc0');
  spool::error e;
  const std::size_t typed = bytes_allocated_reading<std::vector<spool_fuzz::document>>(nils, e);
  CHECK(e.code == errc::unexpected_type);
  CHECK(typed <= 32 * nils.size());
  const std::string entries = "\xdf\x00\x00\x80\x00"s + repeated("\xa0\xc0", 65'536);
  CHECK(bytes_allocated_reading<std::map<std::string, spool_fuzz::document>>(entries, e) <= 32 * entries.size());
  CHECK(e);
  // A spool::value array holds 16-byte elements, each at least one byte of input.
  CHECK(bytes_allocated_reading<spool::value>(nils, e) <= 32 * nils.size());
  CHECK_FALSE(e);
}

TEST_CASE("invalid and overlong UTF-8 in a str is invalid_utf8 at its first byte, in values and keys") {
  const std::string_view bad[] = {
      "\xC0\x80",         "\xC1\xBF",     "\xE0\x80\x80",     "\xE0\x9F\xBF",     "\xF0\x80\x80\x80",
      "\xF0\x8F\xBF\xBF", "\xED\xA0\x80", "\xED\xBF\xBF",     "\xF4\x90\x80\x80", "\xF5\x80\x80\x80",
      "\xFF",             "\x80",         "\xC3",             "\xE2\x82",         "\xF0\x9F\x98",
  };
  for (const std::string_view seq : bad) {
    CAPTURE(seq);
    const std::string str = static_cast<char>(0xa0 + 2 + seq.size()) + "ab"s + std::string(seq);
    const spool::error in_value = read_error("\x91"s + str);
    CHECK(in_value.code == errc::invalid_utf8);
    CHECK(in_value.offset == 4);
    const spool::error in_key = read_error<std::map<std::string, int>>("\x81"s + str + "\x01");
    CHECK(in_key.code == errc::invalid_utf8);
    CHECK(in_key.offset == 4);
    CHECK(read_error<spool_fuzz::document>("\x81\xa4name"s + str).code == errc::invalid_utf8);
    constexpr spool::msgpack::read_options raw{.validate_utf8 = false};
    const spool::result<std::string> kept = spool::msgpack::read<std::string, raw>(str);
    REQUIRE(kept.has_value());
    CHECK(*kept == "ab"s + std::string(seq));
    // The same bytes as bin are data, not text.
    CHECK_FALSE(read_error(static_cast<char>(0xc4) + std::string(1, static_cast<char>(seq.size())) + std::string(seq)));
  }
}

TEST_CASE("NUL bytes in keys and strings are data; a key with a NUL names no field") {
  const std::string bytes = "\x82\xa3" "a\0b"s + "\xa2x\0"s + "\xa1" "a\x01"s;
  const spool::result<spool::value> v = spool::msgpack::read<spool::value>(bytes);
  REQUIRE(v.has_value());
  CHECK(v->size() == 2);
  const spool::value* nul_key = v->find(std::string_view("a\0b", 3));
  REQUIRE(nul_key != nullptr);
  CHECK(nul_key->as_string().value() == std::string_view("x\0", 2));
  checks::round_trip(*v);
  constexpr spool::msgpack::read_options strict{.error_on_unknown_keys = true};
  CHECK(read_error<spool_fuzz::document, strict>("\x81\xa6name\0x"s + "\xa1q").code == errc::unknown_key);
  CHECK(read_error<spool_fuzz::document, strict>("\x81\xa5name\0"s + "\xa1q").code == errc::unknown_key);
}

TEST_CASE("a UTF-8 byte order mark is the integer -17 followed by trailing data") {
  const spool::error e = read_error("\xEF\xBB\xBF\x90");
  CHECK(e.code == errc::trailing_data);
  CHECK(e.offset == 1);
}

TEST_CASE("every limit holds at its boundary, for spool::value and typed targets") {
  SUBCASE("depth") {
    constexpr spool::msgpack::read_options o{.max_depth = 3};
    CHECK_FALSE(read_error<spool::value, o>("\x91\x91\x91\x01"));
    CHECK(read_error<spool::value, o>("\x91\x91\x91\x91\x01").code == errc::depth_exceeded);
    CHECK(read_error<spool::value, o>("\x81\xa0\x81\xa0\x81\xa0\x81\xa0\x01"s).code == errc::depth_exceeded);
    // document (1), its children (2), a leaf (3): a limit of 2 stops at the leaf.
    constexpr spool::msgpack::read_options two{.max_depth = 2};
    CHECK_FALSE(read_error<spool_fuzz::document, two>("\x81\xa8" "children\x90"s));
    CHECK(read_error<spool_fuzz::document, two>("\x81\xa8" "children\x91\x80"s).code == errc::depth_exceeded);
  }
  SUBCASE("input size") {
    constexpr spool::msgpack::read_options o{.max_input_size = 3};
    CHECK_FALSE(read_error<spool::value, o>("\x92\x01\x02"));
    CHECK(read_error<spool::value, o>("\x93\x01\x02\x03").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>("\x81\xa2id\x01").code == errc::size_exceeded);
  }
  SUBCASE("string length: str, bin, ext payloads and keys") {
    constexpr spool::msgpack::read_options o{.max_string_length = 2};
    CHECK_FALSE(read_error<spool::value, o>("\xa2" "ab"));
    CHECK(read_error<spool::value, o>("\xa3" "abc").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>("\xc4\x03" "abc").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>("\xc7\x03\x05" "abc").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>("\x81\xa3" "abc\x01").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>("\x81\xa4name\xa3" "abc").code == errc::size_exceeded);
  }
  SUBCASE("container size: arrays and maps") {
    constexpr spool::msgpack::read_options o{.max_container_size = 2};
    CHECK_FALSE(read_error<spool::value, o>("\x92\x01\x02"));
    CHECK(read_error<spool::value, o>("\x93\x01\x02\x03").code == errc::size_exceeded);
    CHECK(read_error<spool::value, o>("\x83\xa1" "a\x01\xa1" "b\x02\xa1" "c\x03").code == errc::size_exceeded);
    CHECK(read_error<std::vector<int>, o>("\x93\x01\x02\x03").code == errc::size_exceeded);
    CHECK(read_error<spool_fuzz::document, o>("\x81\xa6" "counts\x93\x01\x02\x03"s).code == errc::size_exceeded);
  }
}
