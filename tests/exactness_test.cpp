// Exactness: integers at every power-of-two boundary and doubles at every edge of the format
// (subnormals, the extremes, -0.0, values whose shortest form needs 17 digits, and a few
// thousand random bit patterns) come back bit for bit through every pair of formats, into
// spool::value and into typed structs; the text formats write the shortest form.
#include <doctest/doctest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/toml.hpp>

namespace {

enum class format { json, toml, msgpack };
constexpr format formats[] = {format::json, format::toml, format::msgpack};

std::string_view name(format f) {
  switch (f) {
    case format::json: return "JSON";
    case format::toml: return "TOML";
    case format::msgpack: return "MessagePack";
  }
  return "?";
}

template <class T>
spool::result<std::string> write_as(format f, const T& x) {
  std::string out;
  spool::error e;
  switch (f) {
    case format::json: e = spool::json::write(x, out); break;
    case format::toml: e = spool::toml::write(x, out); break;
    case format::msgpack: e = spool::msgpack::write(x, out); break;
  }
  if (e) return e;
  return out;
}

template <class T>
spool::result<T> read_as(format f, std::string_view text) {
  T out{};
  spool::error e;
  switch (f) {
    case format::json: e = spool::json::read(text, out); break;
    case format::toml: e = spool::toml::read(text, out); break;
    case format::msgpack: e = spool::msgpack::read(text, out); break;
  }
  if (e) return e;
  return out;
}

// x written in `from`, read back, written in `to` and read back again.
template <class T>
T through(format from, format to, const T& x) {
  spool::result<std::string> first = write_as(from, x);
  REQUIRE_MESSAGE(first.has_value(), first.error().message());
  spool::result<T> middle = read_as<T>(from, *first);
  REQUIRE_MESSAGE(middle.has_value(), middle.error().message() << "\n" << *first);
  spool::result<std::string> second = write_as(to, *middle);
  REQUIRE_MESSAGE(second.has_value(), second.error().message());
  spool::result<T> last = read_as<T>(to, *second);
  REQUIRE_MESSAGE(last.has_value(), last.error().message() << "\n" << *second);
  return *last;
}

std::vector<std::int64_t> signed_boundaries() {
  std::vector<std::int64_t> out{0, 1, -1, std::numeric_limits<std::int64_t>::min(),
                                std::numeric_limits<std::int64_t>::max(),
                                std::numeric_limits<std::int64_t>::min() + 1};
  for (const int k : {7, 8, 15, 16, 31, 32, 53}) {
    const std::int64_t p = std::int64_t{1} << k;
    for (const std::int64_t v : {p - 1, p, p + 1}) {
      out.push_back(v);
      out.push_back(-v);
    }
  }
  return out;
}

// 2^63 - 1 .. 2^64 - 1: the integers only the unsigned kind holds.
constexpr std::uint64_t unsigned_boundaries[] = {std::uint64_t{1} << 63, (std::uint64_t{1} << 63) + 1,
                                                 std::numeric_limits<std::uint64_t>::max() - 1,
                                                 std::numeric_limits<std::uint64_t>::max()};

std::vector<double> double_edges() {
  using lim = std::numeric_limits<double>;
  std::vector<double> out{0.0,
                          -0.0,
                          lim::denorm_min(),
                          -lim::denorm_min(),
                          2 * lim::denorm_min(),
                          std::nextafter(lim::min(), 0.0),  // the largest subnormal
                          lim::min(),
                          -lim::min(),
                          lim::max(),
                          -lim::max(),
                          std::nextafter(lim::max(), 0.0),
                          lim::epsilon(),
                          1.0,
                          std::nextafter(1.0, 2.0),
                          std::nextafter(1.0, 0.0),
                          9007199254740992.0,  // 2^53
                          9007199254740994.0,
                          1e23,  // the nearest double is below 10^23: a classic misreading
                          8.98846567431158e307,
                          0.1,
                          0.30000000000000004,  // 0.1 + 0.2: 17 significant digits
                          2.2250738585072014e-308,
                          1.7976931348623157e308,
                          123456789012345680.0,
                          5e-324,
                          4.4501477170144023e-308,
                          2.9802322387695312e-8};
  return out;
}

std::vector<double> random_doubles(std::size_t count) {
  std::mt19937_64 bits(20261129);  // fixed seed: the same values on every run
  std::vector<double> out;
  while (out.size() < count) {
    const double d = std::bit_cast<double>(bits());
    if (std::isfinite(d)) out.push_back(d);
  }
  return out;
}

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

// Significant digits of a decimal number's text ("-1.50e3" -> "15").
std::string significant_digits(std::string_view text) {
  std::string digits;
  for (const char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '0' && c <= '9') digits += c;
  }
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return "0";
  digits.erase(0, first);
  digits.erase(digits.find_last_not_of('0') + 1);
  return digits;
}

std::string shortest(double d) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, r.ptr);
}

struct integers {
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int16_t i16 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  bool operator==(const integers&) const = default;
};

struct floats {
  double d = 0;
  float f = 0;
};

enum class level : std::uint8_t { low, high };

struct leveled {
  level named = level::high;
  level unnamed = static_cast<level>(91);
  std::map<level, int> by_level{{level::low, 1}, {static_cast<level>(91), 2}};
};

}  // namespace

TEST_CASE("integers at every boundary survive every pair of formats, as values") {
  for (const format from : formats) {
    for (const format to : formats) {
      CAPTURE(name(from));
      CAPTURE(name(to));
      for (const std::int64_t i : signed_boundaries()) {
        CAPTURE(i);
        const spool::value v{{"x", i}};
        const spool::value back = through(from, to, v);
        CHECK(back == v);
        CHECK(back["x"].kind() == spool::kind::integer);
      }
      // TOML integers are 64-bit signed: the writer refuses the rest, naming the key.
      for (const std::uint64_t u : unsigned_boundaries) {
        CAPTURE(u);
        const spool::value v{{"x", u}};
        if (from == format::toml || to == format::toml) {
          const spool::result<std::string> refused = write_as(format::toml, v);
          REQUIRE_FALSE(refused.has_value());
          CHECK(refused.error().path == "x");
          continue;
        }
        const spool::value back = through(from, to, v);
        CHECK(back == v);
        CHECK(back["x"].kind() == spool::kind::unsigned_integer);
      }
    }
  }
  CHECK(spool::json::write(spool::value(std::numeric_limits<std::uint64_t>::max())) == "18446744073709551615");
  CHECK(spool::json::write(spool::value(std::numeric_limits<std::int64_t>::min())) == "-9223372036854775808");
}

TEST_CASE("integers at every boundary survive every pair of formats, in typed structs") {
  const std::int64_t i64s[] = {std::numeric_limits<std::int64_t>::min(), -(std::int64_t{1} << 53) - 1,
                               (std::int64_t{1} << 53) + 1, std::numeric_limits<std::int64_t>::max()};
  for (const format from : formats) {
    for (const format to : formats) {
      CAPTURE(name(from));
      CAPTURE(name(to));
      for (const std::int64_t i64 : i64s) {
        const bool toml = from == format::toml || to == format::toml;
        const integers lows{-128, 0, -32768, 0, std::numeric_limits<std::int32_t>::min(), 0, i64, 0};
        const integers highs{127, 255, 32767, 65535, std::numeric_limits<std::int32_t>::max(),
                             std::numeric_limits<std::uint32_t>::max(), i64,
                             toml ? std::uint64_t{std::numeric_limits<std::int64_t>::max()}
                                  : std::numeric_limits<std::uint64_t>::max()};
        CHECK(through(from, to, lows) == lows);
        CHECK(through(from, to, highs) == highs);
      }
    }
  }
  // One past a member's range is out_of_range, not a wrapped value.
  CHECK(spool::json::read<integers>(R"({"i8":128})").error().code == spool::errc::out_of_range);
  CHECK(spool::json::read<integers>(R"({"u8":-1})").error().code == spool::errc::out_of_range);
  CHECK(spool::toml::read<integers>("u32 = 4294967296").error().code == spool::errc::out_of_range);
  CHECK(spool::msgpack::read<integers>(spool::msgpack::write(spool::value{{"i16", 32768}})).error().code ==
        spool::errc::out_of_range);
}

TEST_CASE("doubles at every edge, and random bit patterns, survive every pair of formats bit for bit") {
  std::vector<double> doubles = double_edges();
  const std::vector<double> random = random_doubles(2000);
  doubles.insert(doubles.end(), random.begin(), random.end());
  for (const format from : formats) {
    for (const format to : formats) {
      CAPTURE(name(from));
      CAPTURE(name(to));
      for (const double d : doubles) {
        CAPTURE(shortest(d));
        const spool::value back = through(from, to, spool::value{{"x", d}});
        REQUIRE(back["x"].is_floating());
        CHECK(same_bits(back["x"].as_double().value(), d));
        const floats typed = through(from, to, floats{d, 0.0f});
        CHECK(same_bits(typed.d, d));
      }
    }
  }
}

TEST_CASE("infinities and NaN survive TOML and MessagePack; JSON refuses them unless asked for null") {
  for (const double d : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                         std::numeric_limits<double>::quiet_NaN()}) {
    for (const format from : {format::toml, format::msgpack}) {
      for (const format to : {format::toml, format::msgpack}) {
        const double back = through(from, to, spool::value{{"x", d}})["x"].as_double().value();
        CHECK((std::isnan(d) ? std::isnan(back) : back == d));
      }
    }
    CHECK_FALSE(write_as(format::json, spool::value{{"x", d}}).has_value());
    CHECK(spool::json::write<spool::json::write_options{.nan_inf_as_null = true}>(spool::value{{"x", d}}) ==
          R"({"x":null})");
  }
}

TEST_CASE("floats keep every bit through every pair of formats") {
  using lim = std::numeric_limits<float>;
  for (const float f : {lim::denorm_min(), lim::min(), lim::max(), -lim::max(), -0.0f, 0.1f, 16777216.0f,
                        3.4028235e38f, 1.17549435e-38f, 0.3f}) {
    for (const format from : formats) {
      for (const format to : formats) {
        CAPTURE(name(from));
        CAPTURE(name(to));
        CAPTURE(f);
        const floats back = through(from, to, floats{0.0, f});
        CHECK(std::bit_cast<std::uint32_t>(back.f) == std::bit_cast<std::uint32_t>(f));
      }
    }
  }
}

TEST_CASE("the text formats write the shortest digits that read back to the same double") {
  std::vector<double> doubles = double_edges();
  const std::vector<double> random = random_doubles(2000);
  doubles.insert(doubles.end(), random.begin(), random.end());
  for (const double d : doubles) {
    CAPTURE(shortest(d));
    const std::string json = spool::json::write(d);
    CHECK(significant_digits(json) == significant_digits(shortest(d)));
    CHECK(same_bits(std::strtod(json.c_str(), nullptr), d));
    const std::string toml = spool::toml::write(spool::value{{"x", d}});
    const std::string_view number = std::string_view(toml).substr(4, toml.find('\n') - 4);  // "x = ...\n"
    CHECK(significant_digits(number) == significant_digits(shortest(d)));
    CHECK(same_bits(std::strtod(std::string(number).c_str(), nullptr), d));
  }
}

TEST_CASE("enum values, named or not, come back through every pair of formats") {
  // Found by fuzzing: MessagePack reads an enum from any integer in range, and every writer
  // writes a value without a name as its number, so each reader must take that number back.
  const leveled x;
  for (const format from : formats) {
    for (const format to : formats) {
      CAPTURE(name(from));
      CAPTURE(name(to));
      const leveled back = through(from, to, x);
      CHECK(back.named == x.named);
      CHECK(back.unnamed == x.unnamed);
      CHECK(back.by_level == x.by_level);
    }
  }
}
