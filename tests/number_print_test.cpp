// The shortest float printer (detail/number/shortest_double.hpp behind detail::write_floating)
// against std::to_chars, the reference it must match byte for byte: the same digits, the same
// choice of fixed or scientific notation, the same exponent form; write_floating adds ".0" to
// integral values in fixed notation, and so does the reference here.
#include <doctest/doctest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>

#include <spool/detail/number_print.hpp>

namespace {

template <class F>
std::string reference_text(F v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

template <class F>
std::string printed(F v) {
  char buf[spool::detail::max_number_chars];
  return std::string(buf, spool::detail::write_floating(buf, v));
}

template <class F>
using bits_of = std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>;

template <class F>
F from_bits(bits_of<F> bits) {
  return std::bit_cast<F>(bits);
}

// Counts mismatches (reporting the first few) instead of one CHECK per value: millions of
// passing assertions would dominate the run time.
template <class F>
struct comparison {
  std::size_t compared = 0;
  std::size_t mismatches = 0;

  void operator()(F v) {
    if (!std::isfinite(v)) return;
    ++compared;
    for (const F x : {v, -v}) {
      const std::string want = reference_text(x);
      const std::string got = printed(x);
      if (got != want && ++mismatches <= 10) {
        CAPTURE(std::bit_cast<bits_of<F>>(x));
        CHECK(got == want);
      }
    }
  }
  // The value and its neighbours one unit in the last place away.
  void with_neighbours(F v) {
    (*this)(v);
    (*this)(std::nextafter(v, std::numeric_limits<F>::infinity()));
    (*this)(std::nextafter(v, F{0}));
  }
};

// Pseudo-random bit patterns per type: fewer without optimisation so the Debug and sanitizer
// runs stay at a few seconds (the release figure is the one that covers much ground).
#ifdef NDEBUG
constexpr int random_patterns = 4'000'000;
#else
constexpr int random_patterns = 300'000;
#endif

}  // namespace

TEST_CASE("the printer's format, value by value") {
  CHECK(printed(0.0) == "0.0");
  CHECK(printed(-0.0) == "-0.0");
  CHECK(printed(1.0) == "1.0");
  CHECK(printed(-2.5) == "-2.5");
  CHECK(printed(0.1) == "0.1");
  CHECK(printed(0.001) == "0.001");    // fixed and scientific ("1e-03") tie: fixed
  CHECK(printed(0.0001) == "1e-04");   // scientific is shorter
  CHECK(printed(1e4) == "10000.0");
  CHECK(printed(1e5) == "1e+05");
  CHECK(printed(123456.0) == "123456.0");
  CHECK(printed(1.5e300) == "1.5e+300");
  CHECK(printed(5e-324) == "5e-324");  // the smallest subnormal: one digit suffices
  CHECK(printed(1e-323) == "1e-323");
  CHECK(printed(1.7976931348623157e308) == "1.7976931348623157e+308");
  // Integral values above 2^53 in fixed notation carry every digit of the exact value, as
  // printf("%.0f") does, not the shortest digits followed by zeros.
  CHECK(printed(0x1p60) == "1152921504606846976.0");
  CHECK(printed(9007199254740993e3) == "9007199254740993024.0");  // shortest: 9007199254740993e3
  CHECK(printed(12300000000000001048576.0) == "1.23e+22");
  CHECK(printed(1e22) == "1e+22");
  CHECK(printed(1.5f) == "1.5");
  CHECK(printed(0.1f) == "0.1");
  CHECK(printed(std::numeric_limits<float>::denorm_min()) == "1e-45");
  CHECK(printed(std::numeric_limits<float>::max()) == "3.4028235e+38");
}

TEST_CASE_TEMPLATE("special values, boundaries, powers of two and ten match std::to_chars", F, double, float) {
  using bits_type = bits_of<F>;
  using limits = std::numeric_limits<F>;
  constexpr int fraction_bits = limits::digits - 1;
  constexpr int biased_max = (1 << (static_cast<int>(sizeof(F) * 8) - 1 - fraction_bits)) - 1;  // inf/NaN
  comparison<F> compare;

  for (const F v : {F{0}, F{1}, F{2}, F{10}, limits::min(), limits::max(), limits::denorm_min(), limits::epsilon(),
                    limits::round_error(), F{1} / F{3}, F{2} / F{3}})
    compare.with_neighbours(v);

  // Every binade's first and last value: each power of two, and the value below it.
  for (int biased = 0; biased < biased_max; ++biased) {
    const auto first = static_cast<bits_type>(static_cast<bits_type>(biased) << fraction_bits);
    const auto last = static_cast<bits_type>(first | ((bits_type{1} << fraction_bits) - 1));
    compare.with_neighbours(from_bits<F>(first));
    compare.with_neighbours(from_bits<F>(last));
  }

  // Each power of ten in range (the nearest F to it) and its neighbours.
  for (int e = limits::min_exponent10 - limits::digits10 - 2; e <= limits::max_exponent10; ++e) {
    const std::string text = "1e" + std::to_string(e);
    F v{};
    std::from_chars(text.data(), text.data() + text.size(), v);
    compare.with_neighbours(v);
  }

  // Subnormals: the first and last thousands, and a spread between.
  for (bits_type i = 1; i < 5000; ++i) {
    compare(from_bits<F>(i));
    compare(from_bits<F>(static_cast<bits_type>((bits_type{1} << fraction_bits) - i)));
  }
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i)
    compare(from_bits<F>(static_cast<bits_type>(rng() & ((bits_type{1} << fraction_bits) - 1))));

  // Integral values across the range where fixed notation prints exact digits.
  for (int i = 0; i < 20000; ++i) {
    const auto magnitude = static_cast<int>(rng() % 80);
    compare(std::ldexp(static_cast<F>(rng() % 1000000 + 1), magnitude));
  }

  CHECK(compare.mismatches == 0);
  MESSAGE(compare.compared << " values compared");
}

TEST_CASE("doubles of 17 significant digits match std::to_chars") {
  comparison<double> compare;
  std::mt19937_64 rng(17);
  for (int i = 0; i < random_patterns / 20; ++i) {
    // A random 17-digit decimal at a random exponent, read to the nearest double.
    const std::uint64_t digits = 10000000000000000ULL + rng() % 90000000000000000ULL;
    const int exponent = static_cast<int>(rng() % 630) - 340;
    const std::string text = std::to_string(digits) + "e" + std::to_string(exponent);
    double v = 0;
    std::from_chars(text.data(), text.data() + text.size(), v);
    compare.with_neighbours(v);
  }
  CHECK(compare.mismatches == 0);
}

// Fixed notation with the point inside the digits moves an integer part of 1-7 digits before it
// in one register and a longer one by memmove: every digit count, every place of the point and
// the places around fixed notation's limits, at random digits and at all nines (whose neighbours
// one unit up are powers of ten).
TEST_CASE_TEMPLATE("a point at every place of every digit count matches std::to_chars", F, double, float) {
  comparison<F> compare;
  std::mt19937_64 rng(23);
  constexpr int max_digits = std::numeric_limits<F>::max_digits10;
  for (int n = 1; n <= max_digits; ++n) {
    for (int exponent = -(n + 5); exponent <= 6; ++exponent) {
      for (int i = 0; i < 200; ++i) {
        std::string digits(static_cast<std::size_t>(n), '9');
        if (i != 0) {
          for (char& d : digits) d = static_cast<char>('0' + rng() % 10);
          digits[0] = static_cast<char>('1' + rng() % 9);
        }
        const std::string text = digits + "e" + std::to_string(exponent);
        F v = 0;
        std::from_chars(text.data(), text.data() + text.size(), v);
        compare.with_neighbours(v);
      }
    }
  }
  CHECK(compare.mismatches == 0);
}

// Digits of 10^15 and up are taken as sixteen or seventeen without counting them: the values
// whose shortest digits lie at both ends of that range and just outside it.
TEST_CASE("shortest digits around 10^15 and 10^16 match std::to_chars") {
  comparison<double> compare;
  for (const char* digits : {"999999999999999", "1000000000000000", "1000000000000001", "9999999999999999",
                             "10000000000000000", "10000000000000001", "99999999999999999", "4503599627370497"}) {
    for (int exponent = -30; exponent <= 30; ++exponent) {
      const std::string text = std::string(digits) + "e" + std::to_string(exponent);
      double v = 0;
      std::from_chars(text.data(), text.data() + text.size(), v);
      compare.with_neighbours(v);
    }
  }
  CHECK(compare.mismatches == 0);
  CHECK(printed(1e15) == "1e+15");
  CHECK(printed(999999999999999.0) == "999999999999999.0");
  CHECK(printed(0.1234567890123456) == "0.1234567890123456");
}

// The printer counts the significant digits from the zero bytes at the end of its seventeen-digit
// text (a leading digit and two eight-digit blocks): zeros inside the digits, runs of zeros that
// end at and across the blocks' edges, and a last block of all zeros must not be taken for the
// end of the number.
TEST_CASE("digits with runs of zeros inside them match std::to_chars") {
  comparison<double> compare;
  for (int n = 2; n <= 17; ++n) {
    for (int run_start = 1; run_start < n - 1; ++run_start) {
      for (int run_end = run_start + 1; run_end < n; ++run_end) {
        std::string digits(static_cast<std::size_t>(n), '7');
        for (int i = run_start; i < run_end; ++i) digits[static_cast<std::size_t>(i)] = '0';
        for (const int exponent : {-n - 4, -n - 3, -n + 1, -n + 3, -n + 8, -n + 9, 0, 6, 20}) {
          const std::string text = digits + "e" + std::to_string(exponent);
          double v = 0;
          std::from_chars(text.data(), text.data() + text.size(), v);
          compare(v);
        }
      }
    }
  }
  CHECK(compare.mismatches == 0);
}

TEST_CASE_TEMPLATE("pseudo-random bit patterns match std::to_chars", F, double, float) {
  comparison<F> compare;
  std::mt19937_64 rng(20240611);  // fixed: a failure names a reproducible value
  for (int i = 0; i < random_patterns; ++i) compare(from_bits<F>(static_cast<bits_of<F>>(rng())));
  CHECK(compare.mismatches == 0);
  MESSAGE(compare.compared << " values compared");
}

namespace {

template <class T>
std::string integer_text(T v) {
  char buf[spool::detail::max_number_chars];
  return std::string(buf, spool::detail::write_integer(buf, v));
}

template <class T>
std::string to_chars_text(T v) {
  char buf[32];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

}  // namespace

TEST_CASE("integers of every length match std::to_chars, around every power of ten") {
  // Each digit count from 1 to 20, at its bounds (the sixteen-digit block, its scaling and the
  // leading digits before it switch there) and at random values in between.
  int mismatches = 0;
  const auto check = [&](std::uint64_t v) {
    if (integer_text(v) != to_chars_text(v)) ++mismatches;
    const auto s = static_cast<std::int64_t>(v);
    if (integer_text(s) != to_chars_text(s)) ++mismatches;
  };
  std::uint64_t power = 1;
  for (int digits = 1; digits <= 20; ++digits) {
    for (std::uint64_t delta = 0; delta < 3; ++delta) {
      check(power + delta);
      check(power - 1 - delta);
    }
    if (digits < 20) power *= 10;
  }
  check(std::numeric_limits<std::uint64_t>::max());
  check(static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::min()));
  std::mt19937_64 rng(31);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t v = rng();
    check(v >> (rng() % 64));  // every magnitude
    check(v % 10000000000000000ULL);
  }
  // Nine and ten digits take their leading one or two from the pair table: every such lead with
  // the eight digits after it at their ends and in between.
  for (std::uint64_t lead = 1; lead < 100; ++lead) {
    for (const std::uint64_t rest : {0ULL, 1ULL, 9ULL, 10000000ULL, 12345678ULL, 99999999ULL}) check(lead * 100000000 + rest);
  }
  CHECK(mismatches == 0);
  CHECK(integer_text(std::uint64_t{1000000000000000}) == "1000000000000000");
  CHECK(integer_text(std::int64_t{-1234567890123456789}) == "-1234567890123456789");
  CHECK(integer_text(std::uint64_t{12345678901234567890u}) == "12345678901234567890");
}
