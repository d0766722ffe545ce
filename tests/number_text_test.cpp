#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>

#include <spool/detail/number_parse.hpp>
#include <spool/detail/number_print.hpp>

using spool::detail::float_status;

namespace {

template <class T>
std::string print_integer(T v) {
  char buf[spool::detail::max_number_chars];
  return std::string(buf, spool::detail::write_integer(buf, v));
}

template <class F>
std::string print_floating(F v) {
  char buf[spool::detail::max_number_chars];
  return std::string(buf, spool::detail::write_floating(buf, v));
}

const char* decimal_end(std::string_view s, std::uint64_t& v) {
  return spool::detail::parse_decimal(s.data(), s.data() + s.size(), v);
}

template <class F>
float_status parse(std::string_view s, F& out) {
  return spool::detail::parse_floating(s.data(), s.data() + s.size(), out);
}

}  // namespace

TEST_CASE("parse_decimal is exact up to 2^64-1 and detects overflow") {
  std::uint64_t v = 0;
  CHECK(decimal_end("0", v) != nullptr);
  CHECK(v == 0);
  CHECK(decimal_end("18446744073709551615", v) != nullptr);
  CHECK(v == std::numeric_limits<std::uint64_t>::max());
  CHECK(decimal_end("18446744073709551616", v) == nullptr);
  CHECK(decimal_end("99999999999999999999", v) == nullptr);
  CHECK(decimal_end("100000000000000000000", v) == nullptr);
  const std::string_view stops = "1234x";
  CHECK(decimal_end(stops, v) == stops.data() + 4);
  CHECK(v == 1234);
}

TEST_CASE("integer_from_magnitude range-checks every width and sign") {
  using spool::detail::integer_from_magnitude;
  std::int8_t i8 = 0;
  CHECK(integer_from_magnitude(false, 127, i8));
  CHECK(i8 == 127);
  CHECK_FALSE(integer_from_magnitude(false, 128, i8));
  CHECK(integer_from_magnitude(true, 128, i8));
  CHECK(i8 == -128);
  CHECK_FALSE(integer_from_magnitude(true, 129, i8));
  std::uint8_t u8 = 0;
  CHECK(integer_from_magnitude(false, 255, u8));
  CHECK_FALSE(integer_from_magnitude(false, 256, u8));
  CHECK(integer_from_magnitude(true, 0, u8));  // -0
  CHECK_FALSE(integer_from_magnitude(true, 1, u8));
  std::int64_t i64 = 0;
  CHECK(integer_from_magnitude(true, std::uint64_t{1} << 63, i64));
  CHECK(i64 == std::numeric_limits<std::int64_t>::min());
  CHECK_FALSE(integer_from_magnitude(false, std::uint64_t{1} << 63, i64));
  std::uint64_t u64 = 0;
  CHECK(integer_from_magnitude(false, std::numeric_limits<std::uint64_t>::max(), u64));
  CHECK(u64 == std::numeric_limits<std::uint64_t>::max());
}

TEST_CASE("parse_floating rounds correctly, underflows to signed zero, reports overflow") {
  double d = 1;
  CHECK(parse("0.1", d) == float_status::ok);
  CHECK(d == 0.1);
  CHECK(parse("2.2250738585072011e-308", d) == float_status::ok);
  CHECK(d == 2.2250738585072011e-308);
  CHECK(parse("1.7976931348623157e308", d) == float_status::ok);
  CHECK(d == std::numeric_limits<double>::max());
  CHECK(parse("1.7976931348623159e308", d) == float_status::overflow);
  CHECK(parse("1e400", d) == float_status::overflow);
  CHECK(parse("-1e400", d) == float_status::overflow);
  CHECK(parse("123456789e305", d) == float_status::overflow);
  CHECK(parse("1e-400", d) == float_status::ok);
  CHECK(d == 0.0);
  CHECK_FALSE(std::signbit(d));
  CHECK(parse("-1e-400", d) == float_status::ok);
  CHECK(d == 0.0);
  CHECK(std::signbit(d));
  CHECK(parse("0.000000000000000000000000000001e-300", d) == float_status::ok);
  CHECK(d == 0.0);
  CHECK(parse("12345e-320", d) == float_status::ok);  // a denormal, not zero
  CHECK(d == 12345e-320);
  CHECK(parse("12x", d) == float_status::invalid);
  float f = 0;
  CHECK(parse("3.4028235e38", f) == float_status::ok);
  CHECK(f == std::numeric_limits<float>::max());
  CHECK(parse("3.5e38", f) == float_status::overflow);
  CHECK(parse("1e-50", f) == float_status::ok);
  CHECK(f == 0.0f);
  // float is rounded once from the decimal, not through double (which would round twice).
  CHECK(parse("1.00000005960464477550", f) == float_status::ok);
  CHECK(f == 1.00000011920928955078125f);
}

TEST_CASE("fast_double is exact where it applies and declines elsewhere") {
  double d = 0;
  CHECK(spool::detail::fast_double(12345, -2, false, d));
  CHECK(d == 123.45);
  CHECK(spool::detail::fast_double(17, 22, true, d));
  CHECK(d == -17e22);
  CHECK_FALSE(spool::detail::fast_double(1, 23, false, d));
  CHECK_FALSE(spool::detail::fast_double((std::uint64_t{1} << 53) + 1, 0, false, d));
}

TEST_CASE("fast_double takes decimals whose value is an exact double, such as 337100890.0") {
  // The 128-bit product of the scaled path lands just below such values and declines; the exact
  // paths after it must settle them, not std::from_chars (TOML's citm_catalog is full of them).
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t whole = rng() >> (11 + rng() % 40);  // below 2^53
    const int zeros = static_cast<int>(rng() % 4);           // 337100890.000 has three
    std::uint64_t mantissa = whole;
    for (int k = 0; k < zeros; ++k) mantissa *= 10;
    if (mantissa > (std::uint64_t{1} << 53)) continue;
    double d = -1;
    CAPTURE(mantissa);
    CAPTURE(zeros);
    REQUIRE(spool::detail::fast_double(mantissa, -zeros, false, d));
    CHECK(d == static_cast<double>(whole));
  }
  double d = 0;
  CHECK(spool::detail::fast_double(3371008900ULL, -1, false, d));
  CHECK(d == 337100890.0);
}

TEST_CASE("write_integer prints every digit count and both extremes") {
  CHECK(print_integer(0) == "0");
  CHECK(print_integer(7) == "7");
  CHECK(print_integer(-7) == "-7");
  std::uint64_t p = 1;
  for (int digits = 1; digits <= 19; ++digits, p *= 10) {
    CHECK(print_integer(p) == std::to_string(p));
    CHECK(print_integer(p - 1) == std::to_string(p - 1));
  }
  CHECK(print_integer(std::numeric_limits<std::int64_t>::min()) == "-9223372036854775808");
  CHECK(print_integer(std::numeric_limits<std::int64_t>::max()) == "9223372036854775807");
  CHECK(print_integer(std::numeric_limits<std::uint64_t>::max()) == "18446744073709551615");
  CHECK(print_integer(std::int8_t{-128}) == "-128");
  std::mt19937_64 rng(42);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t v = rng() >> (rng() % 64);
    CHECK(print_integer(v) == std::to_string(v));
  }
}

TEST_CASE("write_floating is shortest, round-trips and always reads back as a float") {
  CHECK(print_floating(0.1) == "0.1");
  CHECK(print_floating(1.0) == "1.0");
  CHECK(print_floating(-0.0) == "-0.0");
  CHECK(print_floating(0.0) == "0.0");
  CHECK(print_floating(1e22) == "1e+22");
  CHECK(print_floating(5e-324) == "5e-324");
  CHECK(print_floating(1.5f) == "1.5");
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d)) continue;
    const std::string text = print_floating(d);
    double back = 0;
    REQUIRE(parse(text, back) == float_status::ok);
    CHECK(std::memcmp(&back, &d, sizeof d) == 0);
  }
}

TEST_CASE("fast_double agrees with the correctly rounded conversion on long mantissas") {
  std::mt19937_64 rng(2024);
  int taken = 0;
  for (int i = 0; i < 200000; ++i) {
    const int digits = 15 + static_cast<int>(rng() % 5);
    std::uint64_t limit = 1;
    for (int d = 0; d < digits; ++d) limit *= 10;
    const std::uint64_t mantissa = rng() % limit;
    const int exponent = static_cast<int>(rng() % 61) - 30;
    double fast = 0;
    if (!spool::detail::fast_double(mantissa, exponent, false, fast)) continue;
    ++taken;
    const std::string text = std::to_string(mantissa) + "e" + std::to_string(exponent);
    double exact = 0;
    REQUIRE(parse(text, exact) == float_status::ok);
    CAPTURE(text);
    REQUIRE(std::memcmp(&fast, &exact, sizeof fast) == 0);
  }
  // scaled_double, or (switched off) the wide path where long double is the x87 format, takes
  // nearly every case; elsewhere only Clinger's narrow one applies.
  if (spool::detail::scaled_double_parse || std::numeric_limits<long double>::digits == 64) CHECK(taken > 100000);
  // 2^53 + 1 is exactly a midpoint between two doubles: the fast path must leave it alone.
  double d = 0;
  CHECK_FALSE(spool::detail::fast_double(9007199254740993ULL, 0, false, d));
}

TEST_CASE("scaled_double (Eisel-Lemire) agrees with the correctly rounded conversion or declines") {
  const auto agrees = [](std::uint64_t mantissa, int exponent, bool negative) {
    double fast = 0;
    if (!spool::detail::scaled_double(mantissa, exponent, negative, fast)) return true;
    const std::string text = (negative ? "-" : "") + std::to_string(mantissa) + "e" + std::to_string(exponent);
    double exact = 0;
    if (parse(text, exact) != float_status::ok) return false;
    CAPTURE(text);
    return std::memcmp(&fast, &exact, sizeof fast) == 0;
  };
  std::mt19937_64 rng(99);
  int taken = 0;
  for (int i = 0; i < 300000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 19);
    std::uint64_t limit = 1;
    for (int d = 0; d < digits; ++d) limit *= 10;
    const std::uint64_t mantissa = 1 + rng() % (limit - 1);
    // Half the cases where JSON numbers live, the rest over the table's whole range and past it.
    const int exponent = i % 2 == 0 ? static_cast<int>(rng() % 61) - 30 : static_cast<int>(rng() % 700) - 350;
    double d = 0;
    taken += spool::detail::scaled_double(mantissa, exponent, false, d) ? 1 : 0;
    REQUIRE(agrees(mantissa, exponent, rng() % 2 == 0));
  }
  CHECK(taken > 250000);
  // Exact midpoints between neighbouring doubles (ties to even) and their neighbours: 2^53 + 1,
  // 2^53 + 3, 2^52 + 1/2 (as 45035996273704965e-1), 2^63 + 2^10 (the 64-bit mantissa's own
  // midpoint), and the largest 19 and 20-digit mantissas.
  for (const std::uint64_t m : {9007199254740993ULL, 9007199254740995ULL, 9007199254740992ULL, 9007199254740994ULL,
                                45035996273704965ULL, 45035996273704975ULL, 9223372036854776832ULL,
                                9223372036854777856ULL, 9999999999999999999ULL, 18446744073709551615ULL})
    for (int e = -3; e <= 3; ++e) CHECK(agrees(m, e, false));
  // A double's midpoints written out: (2c + 1) x 2^(q-1) for random normal doubles c x 2^q with
  // small q, which have exact decimals of at most 19 digits.
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t c = (std::uint64_t{1} << 52) | (rng() & ((std::uint64_t{1} << 52) - 1));
    const int q = -static_cast<int>(rng() % 4);  // (2c + 1) x 2^(q-1) = (2c + 1) x 5^(1-q) x 10^(q-1)
    std::uint64_t m = 2 * c + 1;
    for (int k = 0; k < 1 - q; ++k) m *= 5;
    CHECK(agrees(m, q - 1, false));
  }
  // The table's limits and overflow: declined or exact, never wrong.
  for (const int e : {-343, -342, -325, -324, -308, -307, -292, -291, 290, 307, 308, 309, 324, 325})
    for (const std::uint64_t m : {1ULL, 9ULL, 4940656458412465ULL, 17976931348623157ULL, 9999999999999999999ULL})
      CHECK(agrees(m, e, false));
  double d = 0;
  CHECK(spool::detail::scaled_double(17976931348623157ULL, 292, false, d));
  CHECK(d == 1.7976931348623157e308);
  CHECK_FALSE(spool::detail::scaled_double(17976931348623159ULL, 292, false, d));  // rounds to infinity
  // Below the table (10^-292) is left to std::from_chars, the smallest normal and subnormals too.
  CHECK_FALSE(spool::detail::scaled_double(22250738585072014ULL, -324, false, d));
  CHECK(spool::detail::scaled_double(1, -292, false, d));
  CHECK(d == 1e-292);
  CHECK(spool::detail::scaled_double(65613616999999977ULL, -15, true, d));
  CHECK(d == -65.613616999999977);
}

TEST_CASE("eight digits at a time: detection and value") {
  CHECK(spool::detail::are_eight_digits("12345678"));
  CHECK(spool::detail::eight_digits_value("12345678") == 12345678u);
  CHECK(spool::detail::eight_digits_value("00000000") == 0u);
  CHECK(spool::detail::eight_digits_value("99999999") == 99999999u);
  CHECK(spool::detail::eight_digits_value("00000001") == 1u);
  CHECK(spool::detail::eight_digits_value("10000000") == 10000000u);
  for (const char* bad : {"1234567x", "/2345678", ":2345678", "1234 678", "\xB1\x32\x33\x34\x35\x36\x37\x38", "123456\xFF" "8"})
    CHECK_FALSE(spool::detail::are_eight_digits(bad));
}
