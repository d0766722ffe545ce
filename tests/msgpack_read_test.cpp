// Reading every MessagePack family, in every width, from hand-written bytes: typed targets at the
// boundaries where the encoding changes, non-minimal encodings (valid, and written by other
// encoders), and spool::value.
#include <spool/msgpack.hpp>

#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <span>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using bytes = std::vector<unsigned char>;

template <class T>
T read_ok(const bytes& in) {
  auto r = spool::msgpack::read<T>(in);
  INFO(r.error().message());
  REQUIRE(r.has_value());
  return *r;
}

template <class T>
spool::errc read_code(const bytes& in) {
  return spool::msgpack::read<T>(in).error().code;
}

bytes with_payload(bytes header, std::size_t n, unsigned char fill = 'x') {
  header.insert(header.end(), n, fill);
  return header;
}

}  // namespace

TEST_CASE("input as any contiguous range of bytes") {
  const bytes raw{0x92, 0x01, 0xa1, 'x'};
  const std::vector<std::byte> as_bytes(reinterpret_cast<const std::byte*>(raw.data()),
                                        reinterpret_cast<const std::byte*>(raw.data()) + raw.size());
  const std::string as_string(raw.begin(), raw.end());
  using pair = std::tuple<int, std::string>;
  CHECK(spool::msgpack::read<pair>(std::span<const std::byte>(as_bytes)).value() == pair{1, "x"});
  CHECK(spool::msgpack::read<pair>(std::string_view(as_string)).value() == pair{1, "x"});
  CHECK(spool::msgpack::read<pair>(as_string).value() == pair{1, "x"});
  CHECK(spool::msgpack::read<pair>(std::vector<char>(raw.begin(), raw.end())).value() == pair{1, "x"});
  CHECK(spool::msgpack::read<pair>(std::array<std::uint8_t, 4>{0x92, 0x01, 0xa1, 'x'}).value() == pair{1, "x"});
}

TEST_CASE("positive and negative fixints") {
  CHECK(read_ok<int>({0x00}) == 0);
  CHECK(read_ok<int>({0x7f}) == 127);
  CHECK(read_ok<int>({0xff}) == -1);
  CHECK(read_ok<int>({0xe0}) == -32);
  CHECK(read_ok<std::uint8_t>({0x7f}) == 127);
  CHECK(read_ok<std::int8_t>({0xe0}) == -32);
}

TEST_CASE("unsigned forms, at their edges and non-minimal") {
  CHECK(read_ok<std::uint64_t>({0xcc, 0x80}) == 128);
  CHECK(read_ok<std::uint64_t>({0xcc, 0xff}) == 255);
  CHECK(read_ok<std::uint64_t>({0xcd, 0x01, 0x00}) == 256);
  CHECK(read_ok<std::uint64_t>({0xcd, 0xff, 0xff}) == 65535);
  CHECK(read_ok<std::uint64_t>({0xce, 0x00, 0x01, 0x00, 0x00}) == 65536);
  CHECK(read_ok<std::uint64_t>({0xce, 0xff, 0xff, 0xff, 0xff}) == 0xffff'ffff);
  CHECK(read_ok<std::uint64_t>({0xcf, 0, 0, 0, 1, 0, 0, 0, 0}) == 0x1'0000'0000);
  CHECK(read_ok<std::uint64_t>({0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) == UINT64_MAX);
  CHECK(read_ok<std::int8_t>({0xcf, 0, 0, 0, 0, 0, 0, 0, 1}) == 1);  // uint64 holding 1
  CHECK(read_ok<std::uint8_t>({0xd3, 0, 0, 0, 0, 0, 0, 0, 200}) == 200);  // int64 holding 200
}

TEST_CASE("signed forms, at their edges and non-minimal") {
  CHECK(read_ok<std::int64_t>({0xd0, 0xdf}) == -33);
  CHECK(read_ok<std::int64_t>({0xd0, 0x80}) == -128);
  CHECK(read_ok<std::int64_t>({0xd0, 0x7f}) == 127);
  CHECK(read_ok<std::int64_t>({0xd1, 0xff, 0x7f}) == -129);
  CHECK(read_ok<std::int64_t>({0xd1, 0x80, 0x00}) == -32768);
  CHECK(read_ok<std::int64_t>({0xd2, 0xff, 0xff, 0x7f, 0xff}) == -32769);
  CHECK(read_ok<std::int64_t>({0xd2, 0x80, 0, 0, 0}) == INT32_MIN);
  CHECK(read_ok<std::int64_t>({0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}) == INT64_MIN);
  CHECK(read_ok<std::int64_t>({0xd3, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) == INT64_MAX);
  CHECK(read_ok<std::uint32_t>({0xd2, 0, 0, 0, 5}) == 5);
}

TEST_CASE("integers are range-checked into narrower types") {
  using spool::errc;
  CHECK(read_code<std::uint8_t>({0xcd, 0x01, 0x00}) == errc::out_of_range);
  CHECK(read_code<std::int8_t>({0xcc, 0x80}) == errc::out_of_range);
  CHECK(read_code<std::int8_t>({0xd1, 0xff, 0x7f}) == errc::out_of_range);
  CHECK(read_code<unsigned>({0xff}) == errc::out_of_range);
  CHECK(read_code<std::uint64_t>({0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}) == errc::out_of_range);
  // A uint64 above INT64_MAX into int64.
  CHECK(read_code<std::int64_t>({0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0}) == errc::out_of_range);
  CHECK(read_ok<std::int64_t>({0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) == INT64_MAX);
  auto r = spool::msgpack::read<std::int16_t>(bytes{0xce, 0x00, 0x01, 0x00, 0x00});
  CHECK(r.error().offset == 0);
  CHECK(r.error().detail.find("65536") != std::string::npos);
}

namespace {

// One sized integer form on the wire and the number it holds.
struct sized_integer {
  bytes wire;
  bool negative;
  std::uint64_t bits;  // the value, or the two's complement of a negative one
};

template <class T>
void check_sized_integers(const std::vector<sized_integer>& samples) {
  for (const sized_integer& x : samples) {
    INFO("form 0x" << std::hex << int{x.wire[0]} << " into a " << sizeof(T) << "-byte integer");
    const auto value = static_cast<std::int64_t>(x.bits);
    const bool fits = x.negative ? std::in_range<T>(value) : std::in_range<T>(x.bits);
    // First with a uint64 after it (8 bytes follow the form: read inline), then last in the input.
    bytes ahead{0x92};
    ahead.insert(ahead.end(), x.wire.begin(), x.wire.end());
    ahead.insert(ahead.end(), {0xcf, 0, 0, 0, 0, 0, 0, 0, 0});
    bytes last{0x92, 0x00};
    last.insert(last.end(), x.wire.begin(), x.wire.end());
    for (const auto& [doc, index] : {std::pair{ahead, 0}, std::pair{last, 1}}) {
      const auto r = spool::msgpack::read<std::tuple<T, T>>(doc);  // a vector of bytes would be bin
      if (fits) {
        REQUIRE(r.has_value());
        CHECK((index == 0 ? std::get<0>(*r) : std::get<1>(*r)) == (x.negative ? static_cast<T>(value) : static_cast<T>(x.bits)));
      } else {
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().code == spool::errc::out_of_range);
        CHECK(r.error().offset == static_cast<std::size_t>(1 + index));
        CHECK(r.error().path == "[" + std::to_string(index) + "]");
      }
    }
  }
}

}  // namespace

TEST_CASE("sized integer forms read the same with 8 bytes after them as at the input's end") {
  const auto ones = [](std::size_t n) { return bytes(n, 0xff); };
  const auto top = [](unsigned char first, std::size_t n) {
    bytes b(n, 0);
    b[0] = first;
    return b;
  };
  const auto form = [](unsigned char tag, bytes payload) {
    payload.insert(payload.begin(), tag);
    return payload;
  };
  const std::vector<sized_integer> samples{
      {form(0xcc, {0x00}), false, 0},
      {form(0xcc, {0x80}), false, 0x80},
      {form(0xcc, ones(1)), false, 0xff},
      {form(0xcd, {0x01, 0x00}), false, 0x100},
      {form(0xcd, ones(2)), false, 0xffff},
      {form(0xce, top(0x80, 4)), false, 0x8000'0000},
      {form(0xce, ones(4)), false, 0xffff'ffff},
      {form(0xcf, top(0x01, 8)), false, 0x0100'0000'0000'0000},
      {form(0xcf, top(0x80, 8)), false, 0x8000'0000'0000'0000},
      {form(0xcf, ones(8)), false, 0xffff'ffff'ffff'ffff},
      {form(0xd0, {0x7f}), false, 0x7f},
      {form(0xd0, {0x80}), true, static_cast<std::uint64_t>(std::int64_t{-128})},
      {form(0xd0, ones(1)), true, static_cast<std::uint64_t>(std::int64_t{-1})},
      {form(0xd1, {0x7f, 0xff}), false, 0x7fff},
      {form(0xd1, top(0x80, 2)), true, static_cast<std::uint64_t>(std::int64_t{-32768})},
      {form(0xd2, {0x7f, 0xff, 0xff, 0xff}), false, 0x7fff'ffff},
      {form(0xd2, top(0x80, 4)), true, static_cast<std::uint64_t>(std::int64_t{std::numeric_limits<std::int32_t>::min()})},
      {form(0xd2, {0, 0, 0, 0x05}), false, 5},
      {form(0xd3, {0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}), false, 0x7fff'ffff'ffff'ffff},
      {form(0xd3, top(0x80, 8)), true, 0x8000'0000'0000'0000},
      {form(0xd3, ones(8)), true, static_cast<std::uint64_t>(std::int64_t{-1})},
      {form(0xd3, {0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xfe}), true, 0xffff'ffff'7fff'fffe},
  };
  check_sized_integers<std::int8_t>(samples);
  check_sized_integers<std::uint8_t>(samples);
  check_sized_integers<std::int16_t>(samples);
  check_sized_integers<std::uint16_t>(samples);
  check_sized_integers<std::int32_t>(samples);
  check_sized_integers<std::uint32_t>(samples);
  check_sized_integers<std::int64_t>(samples);
  check_sized_integers<std::uint64_t>(samples);
}

TEST_CASE("floats and doubles") {
  CHECK(read_ok<float>({0xca, 0x3f, 0xc0, 0, 0}) == 1.5f);
  CHECK(read_ok<double>({0xca, 0x3f, 0xc0, 0, 0}) == 1.5);
  CHECK(read_ok<double>({0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}) == 1.5);
  CHECK(read_ok<float>({0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}) == 1.5f);
  CHECK(std::isinf(read_ok<float>({0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0})));
  CHECK(std::isnan(read_ok<double>({0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0})));
  // 1e300 does not fit a float.
  CHECK(read_code<float>({0xcb, 0x7e, 0x37, 0xe4, 0x3c, 0x88, 0x00, 0x75, 0x9c}) == spool::errc::out_of_range);
  // Integers are numbers too.
  CHECK(read_ok<double>({0xd0, 0x80}) == -128.0);
  CHECK(read_ok<double>({0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) == 18446744073709551615.0);
  CHECK(read_code<int>({0xca, 0x3f, 0xc0, 0, 0}) == spool::errc::unexpected_type);
}

TEST_CASE("nil and booleans") {
  CHECK(read_ok<bool>({0xc3}));
  CHECK_FALSE(read_ok<bool>({0xc2}));
  CHECK(read_ok<std::optional<int>>({0xc0}) == std::nullopt);
  CHECK(read_code<bool>({0x01}) == spool::errc::unexpected_type);
  CHECK(read_code<int>({0xc0}) == spool::errc::unexpected_type);
  // As elements, read in the container's loop: values, and the offset and path of a wrong one.
  CHECK(read_ok<std::vector<bool>>({0x93, 0xc3, 0xc2, 0xc3}) == std::vector<bool>{true, false, true});
  CHECK(read_ok<std::tuple<bool, bool>>({0x92, 0xc2, 0xc3}) == std::tuple<bool, bool>{false, true});
  const spool::error e = spool::msgpack::read<std::vector<bool>>(bytes{0x93, 0xc3, 0xc2, 0xa1, 't'}).error();
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.offset == 3);
  CHECK(e.path == "[2]");
  CHECK(e.expected == "boolean");
}

TEST_CASE("str in every width") {
  CHECK(read_ok<std::string>({0xa0}).empty());
  CHECK(read_ok<std::string>(with_payload({0xbf}, 31)) == std::string(31, 'x'));
  CHECK(read_ok<std::string>(with_payload({0xd9, 32}, 32)) == std::string(32, 'x'));
  CHECK(read_ok<std::string>(with_payload({0xd9, 0}, 0)).empty());
  CHECK(read_ok<std::string>(with_payload({0xda, 0x01, 0x00}, 256)) == std::string(256, 'x'));
  CHECK(read_ok<std::string>(with_payload({0xdb, 0, 1, 0, 0}, 65536)) == std::string(65536, 'x'));
  CHECK(read_ok<std::string>({0xa2, 0xc3, 0xa9, }) == "\xc3\xa9");
}

// The UTF-8 check may load past a str's end into the input that follows; those bytes must count
// for nothing. Here a str ends in a cut-off 3-byte sequence and the next str's header (0xa3..0xbf)
// would complete it, at every length of valid text before the cut, with 40 bytes more after it.
TEST_CASE("a str's UTF-8 ends at its length, whatever bytes follow it") {
  for (std::size_t before = 0; before <= 70; ++before) {
    std::string text;
    while (text.size() + 3 <= before) text += "\xe3\x81\x82";
    text.append(before - text.size(), 'a');
    const std::string cut = text + "\xe3\x81";
    bytes in{0x92, 0xd9, static_cast<unsigned char>(cut.size())};
    in.insert(in.end(), cut.begin(), cut.end());
    in.insert(in.end(), {0xa3, 'a', 'b', 'c'});
    in.insert(in.end(), 40, 0x81);
    CAPTURE(before);
    const spool::error e = spool::msgpack::read<std::vector<std::string>>(in).error();
    CHECK(e.code == spool::errc::invalid_utf8);
    CHECK(e.offset == 3 + text.size());
    bytes whole{0x92, 0xd9, static_cast<unsigned char>(text.size() + 3)};
    whole.insert(whole.end(), text.begin(), text.end());
    whole.insert(whole.end(), {0xe3, 0x81, 0x82, 0xa3, 'a', 'b', 'c'});
    CHECK(read_ok<std::vector<std::string>>(whole) == std::vector<std::string>{text + "\xe3\x81\x82", "abc"});
  }
}

// A fixstr with 32 bytes after its format byte is checked by one 32-byte mask (the bytes past its
// length dropped); closer to the input's end, by the general path. Every length, with 0 to 40
// bytes of input after it, ASCII, with a 2-byte sequence at each position, and with a bad byte or
// a cut-off sequence (completed by the next element's header, 0xa9) at each position.
TEST_CASE("fixstr of every length, anywhere from the input's end") {
  for (std::size_t n = 0; n <= 31; ++n) {
    for (std::size_t after = 0; after <= 40; ++after) {
      CAPTURE(n);
      CAPTURE(after);
      // [text, tail]: `after` bytes of tail, a fixstr (its header a continuation byte, 0xa0-0xbf)
      // up to 32 bytes, a str8 past that.
      const auto doc = [&](const std::string& text) {
        bytes in{static_cast<unsigned char>(after >= 1 ? 0x92 : 0x91), static_cast<unsigned char>(0xa0 | text.size())};
        in.insert(in.end(), text.begin(), text.end());
        if (after >= 1 && after <= 32) {
          in.push_back(static_cast<unsigned char>(0xa0 | (after - 1)));
          in.insert(in.end(), after - 1, 'x');
        } else if (after > 32) {
          in.insert(in.end(), {0xd9, static_cast<unsigned char>(after - 2)});
          in.insert(in.end(), after - 2, 'x');
        }
        return in;
      };
      const std::string ascii(n, 'q');
      auto r = spool::msgpack::read<std::vector<std::string>>(doc(ascii));
      REQUIRE(r.has_value());
      CHECK(r->front() == ascii);
      if (n < 2) continue;
      for (std::size_t at = 0; at + 2 <= n; ++at) {
        CAPTURE(at);
        std::string text = ascii;
        text.replace(at, 2, "\xc3\xa9");
        auto ok = spool::msgpack::read<std::vector<std::string>>(doc(text));
        REQUIRE(ok.has_value());
        CHECK(ok->front() == text);
        text[at] = '\xff';
        spool::error e = spool::msgpack::read<std::vector<std::string>>(doc(text)).error();
        CHECK(e.code == spool::errc::invalid_utf8);
        CHECK(e.offset == 2 + at);
      }
      std::string cut = ascii;
      cut.back() = '\xc3';  // completed by a following 0xa9 if the check looked past the end
      spool::error e = spool::msgpack::read<std::vector<std::string>>(doc(cut)).error();
      CHECK(e.code == spool::errc::invalid_utf8);
      CHECK(e.offset == 2 + n - 1);
    }
  }
  // Without validation, and with a length limit below the fixstr's.
  constexpr spool::msgpack::read_options raw{.validate_utf8 = false};
  bytes in{0xa3, 0xff, 0xfe, 0xfd};
  in.insert(in.begin(), 0x92);
  in.insert(in.end(), {0xd9, 40});
  in.insert(in.end(), 40, 'x');
  auto r = spool::msgpack::read<std::vector<std::string>, raw>(in);
  REQUIRE(r.has_value());
  CHECK(r->front() == "\xff\xfe\xfd");
  constexpr spool::msgpack::read_options short_limit{.max_string_length = 2};
  const spool::error e = spool::msgpack::read<std::vector<std::string>, short_limit>(in).error();
  CHECK(e.code == spool::errc::size_exceeded);
  CHECK(e.offset == 1);
}

// A str8 with 32 bytes of input past the longest str8 is checked 32 bytes per mask, the last mask
// cut to its end; closer to the input's end, by the general path. Lengths around the mask's
// width, 0 to 300 bytes of input after the str, a 2-byte sequence or a bad byte at the block
// edges, and a cut-off sequence whose next byte in the input would complete it.
TEST_CASE("str8 of many lengths, anywhere from the input's end") {
  for (std::size_t n : {32, 33, 63, 64, 65, 96, 100, 200, 254, 255}) {
    for (std::size_t after : {0, 1, 2, 31, 32, 33, 34, 200, 254, 255, 256, 257, 258, 290, 300}) {
      CAPTURE(n);
      CAPTURE(after);
      // [text, tail]: `after` bytes of a valid str after the text.
      const auto doc = [&](const std::string& text, bool continuation_next) {
        bytes in{static_cast<unsigned char>(after >= 1 ? 0x92 : 0x91), 0xd9, static_cast<unsigned char>(text.size())};
        in.insert(in.end(), text.begin(), text.end());
        if (after == 0) return in;
        if (continuation_next) {
          in.push_back(0xbf);  // a continuation byte; the read fails before it
          in.insert(in.end(), after - 1, 'x');
        } else if (after <= 32) {
          in.push_back(static_cast<unsigned char>(0xa0 | (after - 1)));
          in.insert(in.end(), after - 1, 'x');
        } else if (after <= 257) {
          in.insert(in.end(), {0xd9, static_cast<unsigned char>(after - 2)});
          in.insert(in.end(), after - 2, 'x');
        } else {
          in.insert(in.end(), {0xda, static_cast<unsigned char>((after - 3) >> 8), static_cast<unsigned char>(after - 3)});
          in.insert(in.end(), after - 3, 'x');
        }
        return in;
      };
      const std::string ascii(n, 'q');
      auto r = spool::msgpack::read<std::vector<std::string>>(doc(ascii, false));
      REQUIRE(r.has_value());
      CHECK(r->front() == ascii);
      for (std::size_t at : {std::size_t{0}, std::size_t{30}, std::size_t{31}, std::size_t{32}, n - 2}) {
        CAPTURE(at);
        std::string text = ascii;
        text.replace(at, 2, "\xc3\xa9");
        auto ok = spool::msgpack::read<std::vector<std::string>>(doc(text, false));
        REQUIRE(ok.has_value());
        CHECK(ok->front() == text);
        text[at] = '\xff';
        spool::error e = spool::msgpack::read<std::vector<std::string>>(doc(text, false)).error();
        CHECK(e.code == spool::errc::invalid_utf8);
        CHECK(e.offset == 3 + at);
      }
      if (after == 0) continue;
      std::string cut = ascii;
      cut.back() = '\xc3';
      spool::error e = spool::msgpack::read<std::vector<std::string>>(doc(cut, true)).error();
      CHECK(e.code == spool::errc::invalid_utf8);
      CHECK(e.offset == 3 + n - 1);
    }
  }
  constexpr spool::msgpack::read_options short_limit{.max_string_length = 40};
  bytes in{0x92, 0xd9, 41};
  in.insert(in.end(), 41, 'a');
  in.insert(in.end(), {0xda, 1, 0});
  in.insert(in.end(), 256, 'b');
  const spool::error e = spool::msgpack::read<std::vector<std::string>, short_limit>(in).error();
  CHECK(e.code == spool::errc::size_exceeded);
  CHECK(e.offset == 1);
}

TEST_CASE("bin in every width, and str and bin kept apart") {
  using blob = std::vector<std::byte>;
  CHECK(read_ok<blob>({0xc4, 0}).empty());
  CHECK(read_ok<blob>(with_payload({0xc4, 0xff}, 255, 7)) == blob(255, std::byte{7}));
  CHECK(read_ok<blob>(with_payload({0xc5, 0x01, 0x00}, 256, 7)) == blob(256, std::byte{7}));
  CHECK(read_ok<std::vector<std::uint8_t>>(with_payload({0xc6, 0, 1, 0, 0}, 65536, 7)).size() == 65536);
  // A byte container takes a str's bytes; a string takes no bin.
  CHECK(read_ok<blob>({0xa1, 'a'}) == blob{std::byte{'a'}});
  CHECK(read_code<std::string>({0xc4, 1, 'a'}) == spool::errc::unexpected_type);
  CHECK(read_ok<std::array<std::byte, 2>>({0xc4, 2, 1, 2}) == std::array<std::byte, 2>{std::byte{1}, std::byte{2}});
  CHECK(read_code<std::array<std::byte, 2>>({0xc4, 1, 1}) == spool::errc::unexpected_type);
}

TEST_CASE("arrays in every width") {
  CHECK(read_ok<std::vector<int>>({0x90}).empty());
  CHECK(read_ok<std::vector<int>>({0x93, 1, 2, 3}) == std::vector<int>{1, 2, 3});
  CHECK(read_ok<std::vector<int>>(with_payload({0x9f}, 15, 1)).size() == 15);
  CHECK(read_ok<std::vector<int>>(with_payload({0xdc, 0, 16}, 16, 1)).size() == 16);
  CHECK(read_ok<std::vector<int>>(with_payload({0xdc, 0xff, 0xff}, 65535, 1)).size() == 65535);
  CHECK(read_ok<std::vector<int>>(with_payload({0xdd, 0, 1, 0, 0}, 65536, 1)).size() == 65536);
  CHECK(read_ok<std::vector<int>>({0xdd, 0, 0, 0, 0}).empty());
}

TEST_CASE("maps in every width, with string and integer keys") {
  using smap = std::map<std::string, int>;
  CHECK(read_ok<smap>({0x80}).empty());
  CHECK(read_ok<smap>({0x81, 0xa1, 'a', 1}) == smap{{"a", 1}});
  CHECK(read_ok<smap>({0xde, 0, 1, 0xa1, 'a', 1}) == smap{{"a", 1}});
  CHECK(read_ok<smap>({0xdf, 0, 0, 0, 1, 0xa1, 'a', 1}) == smap{{"a", 1}});
  bytes big{0xde, 0, 16};
  for (unsigned char i = 0; i < 16; ++i) big.insert(big.end(), {i, static_cast<unsigned char>(i * 2)});
  auto m = read_ok<std::map<int, int>>(big);
  REQUIRE(m.size() == 16);
  CHECK(m[15] == 30);
  CHECK(read_ok<std::map<std::int64_t, std::string>>({0x82, 0xff, 0xa1, 'n', 0xcc, 200, 0xa1, 'p'}) ==
        std::map<std::int64_t, std::string>{{-1, "n"}, {200, "p"}});
}

TEST_CASE("ext in every width into spool::ext") {
  auto ext_ok = [](const bytes& in) { return read_ok<spool::ext>(in); };
  CHECK(ext_ok({0xd4, 5, 1}) == spool::ext{5, {std::byte{1}}});
  CHECK(ext_ok({0xd5, 5, 1, 2}).data.size() == 2);
  CHECK(ext_ok({0xd6, 5, 1, 2, 3, 4}).data.size() == 4);
  CHECK(ext_ok(with_payload({0xd7, 5}, 8)).data.size() == 8);
  CHECK(ext_ok(with_payload({0xd8, 0x80}, 16)).type == -128);
  CHECK(ext_ok({0xc7, 0, 9}) == spool::ext{9, {}});
  CHECK(ext_ok(with_payload({0xc7, 3, 9}, 3)).data.size() == 3);
  CHECK(ext_ok(with_payload({0xc8, 1, 0, 9}, 256)).data.size() == 256);
  CHECK(ext_ok(with_payload({0xc9, 0, 1, 0, 0, 9}, 65536)).data.size() == 65536);
}

TEST_CASE("timestamps in all three forms") {
  using namespace std::chrono;
  using spool::msgpack::timestamp;
  CHECK(read_ok<timestamp>({0xd6, 0xff, 0, 0, 0, 1}) == timestamp{1, 0});
  CHECK(read_ok<timestamp>({0xd7, 0xff, 0, 0, 0, 0x04, 0, 0, 0, 1}) == timestamp{1, 1});
  CHECK(read_ok<timestamp>({0xc7, 12, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) ==
        timestamp{-1, 0});
  CHECK(read_ok<sys_time<nanoseconds>>({0xd7, 0xff, 0, 0, 0, 0x04, 0, 0, 0, 1}).time_since_epoch() ==
        nanoseconds{1'000'000'001});
  CHECK(read_ok<sys_seconds>({0xd6, 0xff, 0, 0, 0, 1}).time_since_epoch() == seconds{1});
  CHECK(read_code<sys_seconds>({0xd7, 0xff, 0, 0, 0, 0x04, 0, 0, 0, 1}) == spool::errc::out_of_range);
  // Past 2262 for int64 nanoseconds, but a timestamp holds it.
  const bytes far{0xc7, 12, 0xff, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0};
  CHECK(read_code<sys_time<nanoseconds>>(far) == spool::errc::out_of_range);
  CHECK(read_ok<timestamp>(far).seconds == std::int64_t{1} << 36);
  CHECK(read_ok<spool::offset_datetime>({0xd6, 0xff, 0, 0, 0, 1}) ==
        spool::offset_datetime{{1970, 1, 1}, {0, 0, 1, 0}, 0});
  CHECK(read_code<timestamp>({0xd6, 0x01, 0, 0, 0, 1}) == spool::errc::unexpected_type);
  CHECK(read_code<timestamp>({0xd5, 0xff, 0, 0}) == spool::errc::invalid_datetime);
}

TEST_CASE("local date-time kinds read from their RFC 3339 text") {
  const bytes date{0xaa, '2', '0', '2', '4', '-', '0', '2', '-', '2', '9'};
  CHECK(read_ok<spool::local_date>(date) == spool::local_date{2024, 2, 29});
  const spool::local_datetime dt{{1979, 5, 27}, {7, 32, 0, 500'000'000}};
  CHECK(spool::msgpack::read<spool::local_datetime>(spool::msgpack::write(dt)).value() == dt);
  CHECK(spool::msgpack::read<spool::local_time>(spool::msgpack::write(dt.time)).value() == dt.time);
  // 2023 has no February 29th; the offset points into the input, past the str header.
  auto bad = spool::msgpack::read<spool::local_date>(bytes{0xaa, '2', '0', '2', '3', '-', '0', '2', '-', '2', '9'});
  CHECK(bad.error().code == spool::errc::invalid_datetime);
  CHECK(bad.error().offset >= 1);
  CHECK(read_code<spool::local_date>({0x05}) == spool::errc::unexpected_type);
}

TEST_CASE("spool::value takes every family") {
  const bytes doc{0x8b,                                      // map of 11
                  0xa1, 'n', 0xc0,                           // nil
                  0xa1, 'b', 0xc3,                           // true
                  0xa1, 'i', 0xd0, 0x80,                     // -128
                  0xa1, 'u', 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                  0xa1, 'f', 0xca, 0x3f, 0xc0, 0, 0,         // 1.5f
                  0xa1, 's', 0xa2, 'h', 'i',
                  0xa1, 'x', 0xc4, 2, 0, 1,                  // bin
                  0xa1, 'a', 0x92, 0x01, 0x90,               // [1, []]
                  0xa1, 'm', 0x81, 0x07, 0xa1, 'z',          // {7: "z"}
                  0xa1, 't', 0xd6, 0xff, 0, 0, 0, 1,         // timestamp
                  0xa1, 'e', 0xd4, 3, 9};                    // ext 3
  const spool::value v = read_ok<spool::value>(doc);
  CHECK(v["n"].is_null());
  CHECK(v["b"] == spool::value(true));
  CHECK(v["i"] == spool::value(-128));
  CHECK(v["u"] == spool::value(UINT64_MAX));
  CHECK(v["u"].kind() == spool::kind::unsigned_integer);
  CHECK(v["f"] == spool::value(1.5));
  CHECK(v["s"] == spool::value("hi"));
  CHECK(v["x"].is_binary());
  CHECK(v["x"].as_binary().value().size() == 2);
  CHECK(v["a"] == spool::value::array({1, spool::value::array()}));
  CHECK(v["m"]["7"] == spool::value("z"));
  CHECK(v["t"] == spool::value(spool::offset_datetime{{1970, 1, 1}, {0, 0, 1, 0}, 0}));
  CHECK(v["e"] == spool::value(spool::ext{3, {std::byte{9}}}));
  CHECK(read_ok<spool::value>({0x01}) == spool::value(1));
  CHECK(read_ok<spool::value>({0xcc, 0x01}).kind() == spool::kind::integer);
}

namespace {

struct three_strings {
  std::string a;
  std::string b;
  std::string c;
};

// Throws once a set number of allocations have been made, to leave a read halfway through a
// string member.
inline int allocations_left = 1 << 20;
template <class T>
struct failing_allocator {
  using value_type = T;
  failing_allocator() = default;
  template <class U>
  failing_allocator(const failing_allocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    if (allocations_left-- <= 0) throw std::bad_alloc();
    return std::allocator<T>{}.allocate(n);
  }
  void deallocate(T* p, std::size_t n) noexcept { std::allocator<T>{}.deallocate(p, n); }
  friend bool operator==(const failing_allocator&, const failing_allocator&) = default;
};
using failing_string = std::basic_string<char, std::char_traits<char>, failing_allocator<char>>;

struct failing_strings {
  failing_string a;
  failing_string b;
};

}  // namespace

// A str longer than a member's room replaces it with a string made where the member lies; one
// that fits is copied into the member's buffer. Every length against every starting capacity.
TEST_CASE("str into std::string members of every starting capacity") {
  const std::size_t lengths[] = {0, 1, 7, 15, 16, 17, 31, 32, 33, 100, 300};
  for (const std::size_t before : lengths) {
    for (const std::size_t after : lengths) {
      three_strings warm{std::string(before, 'p'), std::string(before + 40, 'q'), std::string(before, 'r')};
      warm.b.clear();  // room without text
      const three_strings expected{std::string(after, 'x'), std::string(after, 'y'), std::string(after + 1, 'z')};
      CAPTURE(before);
      CAPTURE(after);
      REQUIRE(!spool::msgpack::read(spool::msgpack::write(expected), warm));
      CHECK(warm.a == expected.a);
      CHECK(warm.b == expected.b);
      CHECK(warm.c == expected.c);
    }
  }
}

#if defined(__cpp_exceptions)
// An allocation that throws while a member is replaced leaves it whole: the struct is destroyed
// as usual (a member left destroyed would be freed twice, which glibc and ASan report).
TEST_CASE("a throwing allocation leaves the string member whole") {
  const std::string encoded = spool::msgpack::write(three_strings{std::string(40, 'x'), std::string(50, 'y'), ""});
  for (int allowed = 0; allowed <= 2; ++allowed) {
    failing_strings out{failing_string(20, 'a'), failing_string(20, 'b')};
    allocations_left = allowed;
    bool threw = false;
    spool::error e;
    try {
      e = spool::msgpack::read(encoded, out);
    } catch (const std::bad_alloc&) {
      threw = true;
    }
    allocations_left = 1 << 20;
    CAPTURE(allowed);
    CHECK(threw == (allowed < 2));
    CHECK(!e);
    // The member being replaced holds its old text (a temporary was made first) or none.
    const auto old_or_empty = [](const failing_string& s, char c) { return s.empty() || s == failing_string(20, c); };
    if (allowed == 0) CHECK(old_or_empty(out.a, 'a'));
    else CHECK(out.a == failing_string(40, 'x'));
    if (allowed == 1) CHECK(old_or_empty(out.b, 'b'));
    else CHECK(out.b == (allowed == 0 ? failing_string(20, 'b') : failing_string(50, 'y')));
  }
}
#endif

namespace {

void append_float64(bytes& out, double x) {
  const auto bits = std::bit_cast<std::uint64_t>(x);
  out.push_back(0xcb);
  for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<unsigned char>(bits >> shift));
}

bytes array_header(std::size_t n) {
  if (n < 16) return {static_cast<unsigned char>(0x90 | n)};
  return {0xdc, static_cast<unsigned char>(n >> 8), static_cast<unsigned char>(n)};
}

// The doubles of an array of float64s, bit for bit.
void check_doubles(const spool::value& v, const std::vector<double>& expected) {
  REQUIRE(v.is_array());
  const spool::array& elements = v.as_array();
  REQUIRE(elements.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    REQUIRE(elements[i].kind() == spool::kind::floating);
    CHECK(std::bit_cast<std::uint64_t>(elements[i].as_double().value()) == std::bit_cast<std::uint64_t>(expected[i]));
  }
}

}  // namespace

// Arrays of float64s only (coordinates) are filled by a loop of their own; any other element,
// anywhere in the array, sends it through the general one. Both give the same values.
TEST_CASE("arrays of float64s into spool::value, alone, nested and mixed") {
  const double specials[] = {0.0, -0.0, 1.5, -2.25e-300, 4.9e-324, 1.7976931348623157e308,
                             std::numeric_limits<double>::infinity(), -123456.789};
  for (std::size_t n = 0; n <= 20; ++n) {
    std::vector<double> xs;
    for (std::size_t i = 0; i < n; ++i) xs.push_back(specials[i % std::size(specials)] + static_cast<double>(i));
    bytes alone = array_header(n);
    for (const double x : xs) append_float64(alone, x);
    CAPTURE(n);
    check_doubles(read_ok<spool::value>(alone), xs);
    // Twice inside an array, then as a map member, as canada's rings and points are.
    bytes nested = array_header(2);
    nested.insert(nested.end(), alone.begin(), alone.end());
    nested.insert(nested.end(), alone.begin(), alone.end());
    const spool::value twice = read_ok<spool::value>(nested);
    check_doubles(twice.as_array()[0], xs);
    check_doubles(twice.as_array()[1], xs);
    bytes member{0x81, 0xa1, 'c'};
    member.insert(member.end(), alone.begin(), alone.end());
    check_doubles(read_ok<spool::value>(member)["c"], xs);
    // One element of another kind at each position.
    for (std::size_t other = 0; other < n; ++other) {
      bytes mixed = array_header(n);
      for (std::size_t i = 0; i < n; ++i) {
        if (i == other) mixed.push_back(0x07);
        else append_float64(mixed, xs[i]);
      }
      const spool::value v = read_ok<spool::value>(mixed);
      CAPTURE(other);
      REQUIRE(v.as_array().size() == n);
      for (std::size_t i = 0; i < n; ++i) {
        if (i == other) CHECK(v.as_array()[i] == spool::value(7));
        else CHECK(std::bit_cast<std::uint64_t>(v.as_array()[i].as_double().value()) == std::bit_cast<std::uint64_t>(xs[i]));
      }
    }
    if (n == 0) continue;
    // Cut off inside the last double: the error is the general reader's, at the input's end.
    for (std::size_t cut = 1; cut <= 8; ++cut) {
      bytes truncated(alone.begin(), alone.end() - static_cast<std::ptrdiff_t>(cut));
      bytes in_map{0x81, 0xa1, 'c'};
      in_map.insert(in_map.end(), truncated.begin(), truncated.end());
      for (const bytes& in : {truncated, in_map}) {
        const spool::error e = spool::msgpack::read<spool::value>(in).error();
        CAPTURE(cut);
        CHECK(e.code == spool::errc::unexpected_end);
        CHECK(e.offset == in.size());
      }
    }
  }
}

// The nesting limit holds for an array of float64s as for any other.
TEST_CASE("an array of float64s one level past max_depth fails at its header") {
  bytes in{0x91};
  append_float64(in, 1.0);
  bytes deeper{0x91};
  deeper.insert(deeper.end(), in.begin(), in.end());
  static constexpr spool::msgpack::read_options one_level{.max_depth = 1};
  CHECK(spool::msgpack::read<spool::value, one_level>(in).has_value());
  const spool::error e = spool::msgpack::read<spool::value, one_level>(deeper).error();
  CHECK(e.code == spool::errc::depth_exceeded);
  CHECK(e.offset == 1);
}

namespace {

struct short_texts {
  std::string a;
  std::string b;
};

struct seventeen {
  int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15;
  std::string f16;
};

}  // namespace

// A fixstr of up to 15 bytes into a member without a buffer of its own is made from the 15 input
// bytes at its text and cut to its length: every length, with 0 to 20 bytes of input after the
// text (under 15, the general path), into fresh members and into members holding a heap buffer
// (kept, with its capacity), ASCII and not.
TEST_CASE("short str into fresh and warm string members, anywhere from the input's end") {
  for (std::size_t n = 0; n <= 16; ++n) {
    for (std::size_t after = 0; after <= 20; ++after) {
      CAPTURE(n);
      CAPTURE(after);
      std::string text(n, 't');
      if (n >= 2) text.replace(n / 2 - 1, 2, "\xc3\xa9");
      // {"a": text, "b": after bytes of input}: b's fixstr header and text are what follow a's.
      bytes in{0x82, 0xa1, 'a', static_cast<unsigned char>(0xa0 | n)};
      in.insert(in.end(), text.begin(), text.end());
      in.insert(in.end(), {0xa1, 'b'});
      const std::size_t b_size = after == 0 ? 0 : after - 1;
      in.push_back(static_cast<unsigned char>(0xa0 | b_size));
      in.insert(in.end(), b_size, 'u');
      short_texts fresh;
      REQUIRE(!spool::msgpack::read(in, fresh));
      CHECK(fresh.a == text);
      CHECK(fresh.a.size() == n);
      CHECK(fresh.b == std::string(b_size, 'u'));
      short_texts warm{std::string(40, 'w'), std::string(40, 'v')};
      const std::size_t room = warm.a.capacity();
      REQUIRE(!spool::msgpack::read(in, warm));
      CHECK(warm.a == text);
      CHECK(warm.a.capacity() == room);
      CHECK(warm.b == std::string(b_size, 'u'));
      // The bad byte is found where it is, and the member is not left half made.
      if (n >= 1) {
        const std::size_t at = n >= 3 ? n - 1 : 0;  // the last byte when it is ASCII ('t')
        bytes bad = in;
        bad[4 + at] = 0xff;
        const spool::error e = spool::msgpack::read<short_texts>(bad).error();
        CHECK(e.code == spool::errc::invalid_utf8);
        CHECK(e.offset == 4 + at);
      }
    }
  }
}

// A map16 or array16 header (a struct of 16 fields or more, keys in order through the ordered
// field match); a count the input cannot hold, a cut-off count and a count above
// max_container_size fail at the input's end or at the header.
TEST_CASE("map16 and array16 headers of structs") {
  const seventeen value{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, "seventeen"};
  const std::string as_map = spool::msgpack::write(value);
  REQUIRE(static_cast<unsigned char>(as_map[0]) == 0xde);
  const seventeen back = read_ok<seventeen>(bytes(as_map.begin(), as_map.end()));
  CHECK(back.f0 == 1);
  CHECK(back.f15 == 16);
  CHECK(back.f16 == "seventeen");
  bytes as_array{0xdc, 0x00, 0x11};
  for (int i = 1; i <= 16; ++i) as_array.push_back(static_cast<unsigned char>(i));
  as_array.insert(as_array.end(), {0xa2, 'h', 'i'});
  const seventeen from_array = read_ok<seventeen>(as_array);
  CHECK(from_array.f7 == 8);
  CHECK(from_array.f16 == "hi");
  const std::vector<int> sixteen = read_ok<std::vector<int>>(bytes{0xdc, 0x00, 0x10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                                                   13, 14, 15, 16});
  CHECK(sixteen.size() == 16);
  CHECK(sixteen.back() == 16);
  // Cut off inside the count, a count the bytes left cannot hold, a count above the limit.
  for (const bytes& in : {bytes{0xde}, bytes{0xde, 0x00}, bytes{0xdc, 0x00}}) {
    const spool::error e = spool::msgpack::read<seventeen>(in).error();
    CHECK(e.code == spool::errc::unexpected_end);
    CHECK(e.offset == in.size());
  }
  bytes claims(as_map.begin(), as_map.end());
  claims.resize(20);
  for (const bytes& in : {claims, bytes{0xdc, 0x00, 0x11, 1, 2}}) {
    const spool::error e = spool::msgpack::read<seventeen>(in).error();
    CHECK(e.code == spool::errc::unexpected_end);
    CHECK(e.offset == in.size());
    CHECK(e.detail.find("announced with") != std::string::npos);
  }
  static constexpr spool::msgpack::read_options sixteen_at_most{.max_container_size = 16};
  for (const bytes& in : {bytes(as_map.begin(), as_map.end()), as_array}) {
    const spool::error e = spool::msgpack::read<seventeen, sixteen_at_most>(in).error();
    CHECK(e.code == spool::errc::size_exceeded);
    CHECK(e.offset == 0);
  }
  CHECK(spool::msgpack::read<std::vector<int>, sixteen_at_most>(bytes{0xdc, 0x00, 0x10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                                                       11, 12, 13, 14, 15, 16})
            .has_value());
}

namespace {

// Keys of one byte to 40 (a fixstr and a str8 key): the ordered field match compares them with
// the input from a point it computes once per struct, and tests the bytes left per key only past it.
struct far_keys {
  int k;
  std::string a_key_of_thirty_one_bytes_xxxxx;
  std::string a_key_of_forty_bytes_which_needs_str8xx;
  int z;
};

}  // namespace

// A short str into a member holding its text in itself (a warm member of up to 15 bytes), with
// and without UTF-8 validation (unvalidated, a non-ASCII text takes the same path as ASCII).
TEST_CASE("short str into members holding a short text, validated or not") {
  for (std::size_t n = 0; n <= 15; ++n) {
    for (std::size_t old = 0; old <= 15; old += 5) {
      CAPTURE(n);
      CAPTURE(old);
      std::string text(n, 'q');
      if (n >= 2) text.replace(n - 2, 2, "\xc3\xa9");
      bytes in{0x82, 0xa1, 'a', static_cast<unsigned char>(0xa0 | n)};
      in.insert(in.end(), text.begin(), text.end());
      in.insert(in.end(), {0xa1, 'b', 0xa0});
      in.insert(in.end(), 40, 0xc0);  // room after the document: the 15-byte copy may read it
      const std::span<const unsigned char> doc(in.data(), in.size() - 40);
      short_texts warm{std::string(old, 'w'), "v"};
      REQUIRE(!spool::msgpack::read(doc, warm));
      CHECK(warm.a == text);
      CHECK(warm.b.empty());
      // Unvalidated, a byte above 0x7F (here a lone 0xff) is taken as it is.
      static constexpr spool::msgpack::read_options unchecked{.validate_utf8 = false};
      bytes raw = in;
      if (n >= 1) raw[4 + n - 1] = 0xff;
      short_texts loose{std::string(old, 'w'), "v"};
      REQUIRE(!spool::msgpack::read<unchecked>(std::span<const unsigned char>(raw.data(), raw.size() - 40), loose));
      CHECK(loose.a.size() == n);
      if (n >= 1) CHECK(static_cast<unsigned char>(loose.a.back()) == 0xff);
      // Validated, the same byte fails: at the 0xc3 it cuts short, or at itself in a text of one.
      if (n >= 1) {
        const spool::error e =
            spool::msgpack::read<short_texts>(std::span<const unsigned char>(raw.data(), raw.size() - 40)).error();
        CHECK(e.code == spool::errc::invalid_utf8);
        CHECK(e.offset == 4 + (n >= 2 ? n - 2 : 0));
      }
    }
  }
}

// Structs whose keys end anywhere from 0 to 60 bytes before the input's end (a string after the
// struct), and the same document cut off at every byte: the values, and errors at the input's end.
TEST_CASE("struct keys anywhere from the input's end") {
  const far_keys value{7, "thirty", "forty", 9};
  const std::string s = spool::msgpack::write(value);
  for (std::size_t tail = 0; tail <= 60; ++tail) {
    CAPTURE(tail);
    bytes in{0x92};
    in.insert(in.end(), s.begin(), s.end());
    const std::string text(tail, 't');
    const std::string t = spool::msgpack::write(text);
    in.insert(in.end(), t.begin(), t.end());
    const auto back = read_ok<std::tuple<far_keys, std::string>>(in);
    CHECK(std::get<0>(back).k == 7);
    CHECK(std::get<0>(back).a_key_of_thirty_one_bytes_xxxxx == "thirty");
    CHECK(std::get<0>(back).a_key_of_forty_bytes_which_needs_str8xx == "forty");
    CHECK(std::get<0>(back).z == 9);
    CHECK(std::get<1>(back) == text);
  }
  for (std::size_t cut = 1; cut < s.size(); ++cut) {
    CAPTURE(cut);
    const bytes in(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(cut));
    const spool::error e = spool::msgpack::read<far_keys>(in).error();
    CHECK(e.code == spool::errc::unexpected_end);
    CHECK(e.offset == cut);
  }
}
