// The JSON number scan and conversion (json/number.hpp's scan_number, to_floating, read_floating;
// detail/number_parse.hpp's fast_double and scaled_double) on every digit count from 1 to 25 and
// every split of them between integer and fraction, with and without exponents, at the edges of
// the digit steps (8, 16, 19, 20 digits), halfway cases, signed zeros and the limits: the double
// is the correctly rounded one, bit for bit (std::from_chars), and a number followed by 40 bytes
// (where the 16-byte digit steps and any wider scan apply) reads as one at the end of the input,
// with the same pieces, the same errors at the same offsets.
#include <doctest/doctest.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <spool/json.hpp>
#include <spool/json/number.hpp>
#include <spool/value.hpp>

namespace {

struct number_context {
  const char* end;
  spool::errc code{};
  const char* at = nullptr;
  bool fail(spool::errc c, const char* where, std::string_view = {}, std::string_view = {}) {
    code = c;
    at = where;
    return false;
  }
  bool fail_detail(spool::errc c, const char* where, std::string_view) { return fail(c, where); }
};

struct outcome {
  bool ok = false;
  double value = 0;
  std::ptrdiff_t length = 0;  // ok: the text taken; failed: the error's offset
  spool::errc code{};
  spool::json::detail::scanned_number pieces{};
};

// Reads `text` followed by `tail`, the input ending `visible` bytes into the tail (all of a tail
// of 40 bytes, or one byte of it, the byte after the number being the same).
outcome read_number(std::string_view text, std::string_view tail, std::size_t visible) {
  const std::string buffer = std::string(text) + std::string(tail);
  const char* const end = buffer.data() + text.size() + visible;
  number_context ctx{end};
  outcome o;
  const char* p = buffer.data();
  spool::json::detail::scanned_number n;
  if (spool::json::detail::scan_number(ctx, p, n)) {
    o.pieces = n;
    o.pieces.first = nullptr;
    o.pieces.last = nullptr;
    double d = 0;
    o.ok = spool::json::detail::to_floating(ctx, n, d);
    o.value = d;
    o.length = p - buffer.data();
  }
  if (!o.ok) {
    o.code = ctx.code;
    o.length = ctx.at - buffer.data();
  }
  const char* q = buffer.data();
  double direct = 0;
  number_context again{end};
  const bool direct_ok = spool::json::detail::read_floating(again, q, direct);
  CHECK(direct_ok == o.ok);
  if (direct_ok && o.ok) CHECK(std::bit_cast<std::uint64_t>(direct) == std::bit_cast<std::uint64_t>(o.value));
  return o;
}

const std::string padding(40, ' ');
const std::string digit_padding = "," + std::string(39, '1');

void same_both_ways(const std::string& text) {
  CAPTURE(text);
  for (const std::string* tail : {&padding, &digit_padding}) {
    const outcome at_end = read_number(text, *tail, 1);
    const outcome padded = read_number(text, *tail, tail->size());
    REQUIRE(padded.ok == at_end.ok);
    CHECK(padded.length == at_end.length);
    if (at_end.ok) {
      CHECK(std::bit_cast<std::uint64_t>(padded.value) == std::bit_cast<std::uint64_t>(at_end.value));
      CHECK(padded.pieces.negative == at_end.pieces.negative);
      CHECK(padded.pieces.integral == at_end.pieces.integral);
      CHECK(padded.pieces.exact_mantissa == at_end.pieces.exact_mantissa);
      if (at_end.pieces.exact_mantissa) {
        CHECK(padded.pieces.mantissa == at_end.pieces.mantissa);
        CHECK(padded.pieces.exponent == at_end.pieces.exponent);
      }
    } else {
      CHECK(padded.code == at_end.code);
    }
  }
  const outcome general = read_number(text, "", 0);
  if (general.ok) {
    // The correctly rounded value of the text the scan took.
    double expected = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + general.length, expected);
    if (ec == std::errc{}) {
      CHECK(ptr == text.data() + general.length);
      CHECK(std::bit_cast<std::uint64_t>(general.value) == std::bit_cast<std::uint64_t>(expected));
    }
  }
}

std::string random_digits(std::mt19937_64& rng, int count, bool nonzero_first) {
  std::string s;
  for (int i = 0; i < count; ++i) {
    char c = static_cast<char>('0' + rng() % 10);
    if (i == 0 && nonzero_first && c == '0') c = '1' + static_cast<char>(rng() % 9);
    s += c;
  }
  return s;
}

}  // namespace

TEST_CASE("every split of 1 to 25 digits reads the same with and without room after it, correctly rounded") {
  std::mt19937_64 rng(7);
  for (int digits = 1; digits <= 25; ++digits) {
    for (int integer = 0; integer <= digits; ++integer) {
      for (int round = 0; round < 12; ++round) {
        const int fraction = digits - integer;
        std::string text = round % 2 == 0 ? "-" : "";
        text += integer == 0 ? "0" : random_digits(rng, integer, integer > 1);
        if (fraction > 0) text += "." + random_digits(rng, fraction, false);
        if (round % 3 == 1) text += (round % 4 == 1 ? "e" : "E") + std::to_string(static_cast<int>(rng() % 40) - 20);
        if (round % 6 == 2) text += "e+" + std::to_string(rng() % 300);
        if (round % 6 == 5) text += "e-" + std::to_string(rng() % 300);
        same_both_ways(text);
      }
    }
  }
}

TEST_CASE("canada's coordinates and random doubles' shortest texts read the same with and without room after them") {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {
    // -65.613616999999977: two or three integer digits, 13 to 15 fraction digits.
    std::string text = rng() % 2 == 0 ? "-" : "";
    text += random_digits(rng, 2 + static_cast<int>(rng() % 2), true) + "." + random_digits(rng, 13 + static_cast<int>(rng() % 3), false);
    same_both_ways(text);
    std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (d != d || d - d != 0) continue;  // NaN, infinities
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, d);
    same_both_ways(std::string(buf, r.ptr));
  }
}

TEST_CASE("digit counts at the steps' edges, halfway cases, zeros, limits and errors") {
  for (const char* text :
       {"0", "-0", "0.0", "-0.0", "-0.0e5", "0e0", "-0E-0", "1", "12345678", "123456789", "1234567890123456",
        "12345678901234567", "1234567890123456789", "12345678901234567890", "18446744073709551615",
        "18446744073709551616", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "1.2345678", "12345678.9", "1234567.89012345", "1234567890123456.7", "123456789012345.67",
        "1234567890123456.789", "12345678901234567.8", "0.1234567890123456789", "0.12345678901234567890",
        "9007199254740993", "9007199254740993.0", "9007199254740995", "4503599627370496.5",
        "4503599627370497.5", "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
        "1.7976931348623157e308", "1.7976931348623159e308", "1e308", "1e309", "1e-400", "-1e-400", "1e400",
        "-1e400", "1e-324", "1e-325", "1e+22", "1e23", "1e-22", "1e-23", "123e-1000000", "1e1000000",
        "1e0000000000000000000000001", "0.000000000000000000000000000001", "65.613616999999977",
        "-65.613616999999977", "43.420273000000009", "-0.000000000000000000000000000000000000001",
        // Errors: the offsets and codes of the general scan.
        "-", "--1", "+1", ".5", "-.5", "01", "-01", "00", "01.5", "1.", "1.e5", "-1.", "1e", "1e+", "1e-",
        "1E+x", "1ex", "1.5e", "0x10", "1..2", "1.2.3", "-a", "-0.", "1.5e+-3"}) {
    same_both_ways(text);
  }
  // As documents, whichever path reads them: -0.0 keeps its sign, 1e-400 is zero, 1e400 an error.
  const std::string tail = ",2" + std::string(40, ' ') + "]";
  for (const std::string& head : {std::string("["), std::string("[ ")}) {
    auto zero = spool::json::read<std::vector<double>>(head + "-0.0,1e-400,-1e-400" + tail);
    REQUIRE(zero.has_value());
    CHECK(std::bit_cast<std::uint64_t>((*zero)[0]) == std::bit_cast<std::uint64_t>(-0.0));
    CHECK(std::bit_cast<std::uint64_t>((*zero)[1]) == 0u);
    CHECK(std::bit_cast<std::uint64_t>((*zero)[2]) == std::bit_cast<std::uint64_t>(-0.0));
    const auto far = spool::json::read<std::vector<double>>(head + "1,1e400" + tail);
    REQUIRE_FALSE(far.has_value());
    CHECK(far.error().code == spool::errc::out_of_range);
    CHECK(far.error().offset == head.size() + 2);
    const auto bad = spool::json::read<std::vector<double>>(head + "1,01.5" + tail);
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code == spool::errc::invalid_number);
    CHECK(bad.error().offset == head.size() + 2);
  }
}

TEST_CASE("spool::value keeps integers integers and the rest doubles, with room after them") {
  const std::string tail = ",2" + std::string(40, ' ') + "]";
  auto v = spool::json::read<spool::value>("[17,-17,0,-0,1234567890123456,12345678901234567,1.5,-0.0,2e3,18446744073709551615" + tail);
  REQUIRE(v.has_value());
  const spool::array& a = *v->if_array();
  CHECK(a[0].is_integer());
  CHECK(*a[0].as_int64() == 17);
  CHECK(*a[1].as_int64() == -17);
  CHECK(a[2].is_integer());
  CHECK(a[3].is_integer());
  CHECK(*a[4].as_int64() == 1234567890123456);
  CHECK(*a[5].as_int64() == 12345678901234567);
  CHECK(a[6].is_floating());
  CHECK(*a[6].as_double() == 1.5);
  CHECK(std::bit_cast<std::uint64_t>(*a[7].as_double()) == std::bit_cast<std::uint64_t>(-0.0));
  CHECK(a[8].is_floating());
  CHECK(*a[8].as_double() == 2000.0);
  CHECK(*a[9].as_uint64() == 18446744073709551615u);
}
