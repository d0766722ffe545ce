// Round trips through write and read for every category, struct features from spool::meta
// (as_array, extension types, defaults, required fields, renames), zero-copy views and reading
// into warm objects.
#include <spool/msgpack.hpp>

#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

namespace {

enum class level { low, high };

struct inner {
  std::string label;
  std::vector<double> weights;
  friend bool operator==(const inner&, const inner&) = default;
};

struct everything {
  bool flag = false;
  std::int8_t i8 = 0;
  std::uint64_t u64 = 0;
  std::int64_t i64 = 0;
  float f32 = 0;
  double f64 = 0;
  std::string text;
  std::vector<std::byte> blob;
  std::vector<int> numbers;
  std::deque<std::string> words;
  std::list<std::int16_t> shorts;
  std::set<std::string> tags;
  std::array<int, 3> triple{};
  std::map<std::string, inner> named;
  std::unordered_map<std::int32_t, std::string> by_id;
  std::optional<inner> maybe;
  std::unique_ptr<int> owned;
  std::variant<std::monostate, std::int64_t, std::string, std::vector<int>> choice;
  std::tuple<int, std::string, bool> tuple;
  level lvl = level::low;
  std::chrono::sys_time<std::chrono::nanoseconds> when;
  std::chrono::milliseconds timeout{0};
  spool::ext raw;
  spool::value dynamic;
  spool::offset_datetime at;

  friend bool operator==(const everything& a, const everything& b) {
    return a.flag == b.flag && a.i8 == b.i8 && a.u64 == b.u64 && a.i64 == b.i64 && a.f32 == b.f32 && a.f64 == b.f64 &&
           a.text == b.text && a.blob == b.blob && a.numbers == b.numbers && a.words == b.words &&
           a.shorts == b.shorts && a.tags == b.tags && a.triple == b.triple && a.named == b.named &&
           a.by_id == b.by_id && a.maybe == b.maybe && (a.owned ? b.owned && *a.owned == *b.owned : !b.owned) &&
           a.choice == b.choice && a.tuple == b.tuple && a.lvl == b.lvl && a.when == b.when &&
           a.timeout == b.timeout && a.raw == b.raw && a.dynamic == b.dynamic && a.at == b.at;
  }
};

everything sample() {
  everything e;
  e.flag = true;
  e.i8 = -128;
  e.u64 = UINT64_MAX;
  e.i64 = INT64_MIN;
  e.f32 = 0.1f;
  e.f64 = 0.1;
  e.text = "h\xc3\xa9llo";
  e.blob = {std::byte{0}, std::byte{0xff}};
  e.numbers = {1, -1, 300, -70000};
  e.words = {"a", "", "ccc"};
  e.shorts = {-32768, 32767};
  e.tags = {"x", "y"};
  e.triple = {7, 8, 9};
  e.named = {{"first", {"one", {1.5, -2.25}}}};
  e.by_id = {{-5, "minus five"}, {70000, "big"}};
  e.maybe = inner{"m", {}};
  e.owned = std::make_unique<int>(42);
  e.choice = std::vector<int>{4, 5};
  e.tuple = {1, "t", true};
  e.lvl = level::high;
  e.when = std::chrono::sys_time<std::chrono::nanoseconds>{std::chrono::nanoseconds{-1'500'000'001}};
  e.timeout = std::chrono::milliseconds{2500};
  e.raw = {12, {std::byte{1}, std::byte{2}, std::byte{3}}};
  e.dynamic = spool::value{{"k", spool::value::array({1, "two", 3.0})}};
  e.at = {{2024, 2, 29}, {12, 30, 0, 5}, 0};
  return e;
}

struct rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const rgb&, const rgb&) = default;
};

struct positional {
  int a = 0;
  std::string b;
  friend bool operator==(const positional&, const positional&) = default;
};

struct with_rules {
  std::string host;
  int port = 0;
  std::string mode;
};

struct views {
  std::string_view name;
  std::span<const std::byte> payload;
  std::vector<std::string_view> parts;
};

}  // namespace

template <>
struct spool::meta<rgb> {
  static constexpr std::int8_t ext_type = 7;
  static std::array<std::byte, 3> to_ext(const rgb& c) { return {std::byte{c.r}, std::byte{c.g}, std::byte{c.b}}; }
  static bool from_ext(std::span<const std::byte> p, rgb& c) {
    if (p.size() != 3) return false;
    c = {std::to_integer<std::uint8_t>(p[0]), std::to_integer<std::uint8_t>(p[1]), std::to_integer<std::uint8_t>(p[2])};
    return true;
  }
};

template <>
struct spool::meta<positional> {
  static constexpr bool as_array = true;
};

template <>
struct spool::meta<with_rules> {
  static constexpr auto fields = spool::field_options(spool::rename("host", "hostname"), spool::required("port"),
                                                      spool::default_value("mode", std::string_view("tcp")));
};

TEST_CASE("every category round trips, as map and as array") {
  const everything original = sample();
  const std::string as_map = spool::msgpack::write(original);
  auto back = spool::msgpack::read<everything>(as_map);
  INFO(back.error().message());
  REQUIRE(back.has_value());
  CHECK(*back == original);

  const std::string as_array = spool::msgpack::write<spool::msgpack::write_options{.struct_as_array = true}>(original);
  CHECK(as_array.size() < as_map.size());
  CHECK(static_cast<unsigned char>(as_array[0]) == 0xdc);  // array16: 25 fields
  auto back_from_array = spool::msgpack::read<everything>(as_array);
  INFO(back_from_array.error().message());
  REQUIRE(back_from_array.has_value());
  CHECK(*back_from_array == original);
}

TEST_CASE("reading into a warm object replaces every field and keeps capacity") {
  everything target = sample();
  target.numbers.assign(100, 1);
  const int* storage = target.numbers.data();
  everything next = sample();
  next.numbers = {9, 8};
  next.owned.reset();
  next.maybe.reset();
  const std::string bytes = spool::msgpack::write(next);
  REQUIRE_FALSE(spool::msgpack::read(bytes, target));
  CHECK(target == next);
  CHECK(target.numbers.data() == storage);
}

TEST_CASE("a str read into a warm std::string keeps its buffer when it fits, and replaces its text") {
  std::string target(40, 'w');
  const char* buffer = target.data();
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{40}}) {
    const std::string text(n, static_cast<char>('a' + n % 26));
    REQUIRE_FALSE(spool::msgpack::read(spool::msgpack::write(text), target));
    CHECK(target == text);
    CHECK(target.data() == buffer);
  }
  const std::string longer(41, 'z');
  REQUIRE_FALSE(spool::msgpack::read(spool::msgpack::write(longer), target));
  CHECK(target == longer);
  CHECK(target.capacity() >= 41);
}

TEST_CASE("extension types described through spool::meta") {
  const std::string bytes = spool::msgpack::write(rgb{1, 2, 3});
  CHECK(bytes == std::string("\xc7\x03\x07\x01\x02\x03", 6));
  CHECK(spool::msgpack::read<rgb>(bytes).value() == rgb{1, 2, 3});
  CHECK(spool::msgpack::read<rgb>(std::string("\xc7\x03\x08\x01\x02\x03", 6)).error().code ==
        spool::errc::unexpected_type);
  CHECK(spool::msgpack::read<rgb>(std::string("\xd5\x07\x01\x02", 4)).error().code == spool::errc::syntax);
  // Other readers see an ext.
  CHECK(spool::msgpack::read<spool::value>(bytes).value() == spool::value(spool::ext{7, {std::byte{1}, std::byte{2}, std::byte{3}}}));
}

TEST_CASE("meta<T>::as_array, and maps read into such a type too") {
  CHECK(spool::msgpack::write(positional{1, "b"}) == std::string("\x92\x01\xa1" "b", 4));
  CHECK(spool::msgpack::read<positional>(std::string("\x92\x01\xa1" "b", 4)).value() == positional{1, "b"});
  CHECK(spool::msgpack::read<positional>(std::string("\x82\xa1" "a\x01\xa1" "b\xa1" "b", 8)).value() == positional{1, "b"});
  // A shorter array leaves the missing fields at their defaults; a longer one has its extra
  // elements skipped unless unknown data is an error.
  CHECK(spool::msgpack::read<positional>(std::string("\x91\x05", 2)).value() == positional{5, ""});
  CHECK(spool::msgpack::read<positional>(std::string("\x93\x01\xa1" "b\x90", 5)).value() == positional{1, "b"});
  CHECK(spool::msgpack::read<positional, spool::msgpack::read_options{.error_on_unknown_keys = true}>(std::string("\x93\x01\xa1" "b\x90", 5))
            .error()
            .code == spool::errc::unknown_key);
}

TEST_CASE("renames, required fields and defaults from spool::meta") {
  with_rules w;
  REQUIRE_FALSE(spool::msgpack::read(spool::msgpack::write(spool::value{{"hostname", "h"}, {"port", 1}}), w));
  CHECK(w.host == "h");
  CHECK(w.port == 1);
  CHECK(w.mode == "tcp");
  const spool::error missing = spool::msgpack::read(spool::msgpack::write(spool::value{{"hostname", "h"}}), w);
  CHECK(missing.code == spool::errc::missing_key);
  CHECK(missing.detail.find("port") != std::string::npos);
  CHECK(missing.path == "port");
  CHECK(spool::msgpack::read<with_rules, spool::msgpack::read_options{.require_all_fields = true}>(
            spool::msgpack::write(spool::value{{"hostname", "h"}, {"port", 1}}))
            .error()
            .code == spool::errc::missing_key);
}

TEST_CASE("keys in any order, unknown keys skipped or refused") {
  const std::string shuffled = spool::msgpack::write(
      spool::value{{"b", "x"}, {"zzz", spool::value{{"deep", spool::value::array({1, 2})}}}, {"a", 4}});
  CHECK(spool::msgpack::read<positional>(shuffled).value() == positional{4, "x"});
  const auto strict = spool::msgpack::read<positional, spool::msgpack::read_options{.error_on_unknown_keys = true}>(shuffled);
  CHECK(strict.error().code == spool::errc::unknown_key);
  CHECK(strict.error().path == "zzz");
}

TEST_CASE("string_view and span members point into the input") {
  const std::string bytes = spool::msgpack::write(spool::value{
      {"name", "abc"}, {"payload", spool::value::binary(std::vector<std::byte>{std::byte{1}, std::byte{2}})},
      {"parts", spool::value::array({"p", "q"})}});
  auto v = spool::msgpack::read<views>(bytes);
  REQUIRE(v.has_value());
  CHECK(v->name == "abc");
  CHECK(v->name.data() >= bytes.data());
  CHECK(v->name.data() < bytes.data() + bytes.size());
  REQUIRE(v->payload.size() == 2);
  CHECK(reinterpret_cast<const char*>(v->payload.data()) > bytes.data());
  CHECK(v->payload[1] == std::byte{2});
  REQUIRE(v->parts.size() == 2);
  CHECK(v->parts[1] == "q");
  CHECK(v->parts[1].data() > bytes.data());
  // The decoder context comes back from the pool: a warm read of views creates nothing anew.
  spool::reset_thread_pool_stats();
  views again;
  again.parts.reserve(2);
  REQUIRE_FALSE(spool::msgpack::read(bytes, again));
  if constexpr (spool::detail::pool_enabled) {  // SPOOL_DISABLE_POOL makes every lease fresh
    CHECK(spool::thread_pool_stats().fresh_allocations == 0);
    CHECK(spool::thread_pool_stats().reuses == 1);
  }
  static_assert(spool::detail::borrows_input<views>());
  static_assert(!spool::detail::borrows_input<everything>());
}

TEST_CASE("variants pick the first alternative that accepts the wire family") {
  using var = std::variant<std::monostate, bool, std::int64_t, double, std::string, std::vector<int>, positional>;
  CHECK(std::holds_alternative<std::monostate>(spool::msgpack::read<var>(std::string("\xc0", 1)).value()));
  CHECK(std::get<std::int64_t>(spool::msgpack::read<var>(std::string("\x05", 1)).value()) == 5);
  CHECK(std::get<double>(spool::msgpack::read<var>(spool::msgpack::write(2.5)).value()) == 2.5);
  CHECK(std::get<std::string>(spool::msgpack::read<var>(spool::msgpack::write(std::string("s"))).value()) == "s");
  CHECK(std::get<std::vector<int>>(spool::msgpack::read<var>(std::string("\x91\x01", 2)).value()) ==
        std::vector<int>{1});
  CHECK(std::get<positional>(spool::msgpack::read<var>(std::string("\x81\xa1" "a\x03", 4)).value()) ==
        positional{3, ""});
  CHECK(spool::msgpack::read<std::variant<int, std::string>>(std::string("\xc3", 1)).error().code ==
        spool::errc::unexpected_type);
}

TEST_CASE("enums read from names and numbers") {
  CHECK(spool::msgpack::read<level>(spool::msgpack::write(level::high)).value() == level::high);
  CHECK(spool::msgpack::read<level>(std::string("\x01", 1)).value() == level::high);
  CHECK(spool::msgpack::read<level>(std::string("\xa3" "mid", 4)).error().code == spool::errc::out_of_range);
}

TEST_CASE("read_file and streams") {
  const std::string bytes = spool::msgpack::write(positional{2, "file"});
  std::istringstream in(bytes);
  CHECK(spool::msgpack::read<positional>(in).value() == positional{2, "file"});
  auto missing = spool::msgpack::read_file<positional>("/nonexistent/spool-msgpack-test.bin");
  CHECK(missing.error().code == spool::errc::io);

  // A name of its own, so that builds with two compilers may run this test at once.
  const auto path = std::filesystem::temp_directory_path() /
                    ("spool-msgpack-types-test-" + std::to_string(std::random_device{}()) + ".msgpack");
  {
    std::ofstream out(path, std::ios::binary);
    out << bytes << '\x01';  // one byte too many
  }
  auto trailing = spool::msgpack::read_file<positional>(path);
  CHECK(trailing.error().code == spool::errc::trailing_data);
  CHECK(trailing.error().source_name == path.string());
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  CHECK(spool::msgpack::read_file<positional>(path).value() == positional{2, "file"});
  std::filesystem::remove(path);
}
