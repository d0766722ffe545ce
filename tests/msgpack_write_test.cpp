// Writing C++ types: the bytes each category produces, float widths, str vs bin, structs as maps
// and as arrays, and the output containers.
#include <spool/msgpack.hpp>

#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

namespace {

using bytes = std::vector<unsigned char>;

template <spool::msgpack::write_options O = spool::msgpack::write_options{}, class T>
bytes encoded(const T& v) {
  std::string s = spool::msgpack::write<O>(v);
  return {s.begin(), s.end()};
}

struct point {
  std::int32_t x;
  std::int32_t y;
};

struct tagged {
  std::string name;
  std::optional<int> count;
};

struct pair_as_array {
  int a;
  bool b;
};

enum class color { red, green };

// Every way a struct's field is written: at the run's local cursor (numbers, booleans, fixed
// arrays, strings up to 31 bytes) or through the encoder (longer strings, containers, optionals,
// nested structs), in runs that start and end at each of them.
struct mixed {
  std::int64_t id;
  std::string name;
  double score;
  bool active;
  std::vector<std::int64_t> tags;
  std::string tail;
  float f;
  std::optional<int> o;
  std::array<std::int16_t, 3> a;
  std::uint8_t u;
  std::string_view sv;
  point nested;
  std::string last;
};

struct sixteen_fields {
  bool f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15;
};

}  // namespace

template <>
struct spool::meta<pair_as_array> {
  static constexpr bool as_array = true;
};

TEST_CASE("scalars") {
  CHECK(encoded(true) == bytes{0xc3});
  CHECK(encoded(std::int8_t{-1}) == bytes{0xff});
  CHECK(encoded(std::uint16_t{300}) == bytes{0xcd, 0x01, 0x2c});
  CHECK(encoded(-40000) == bytes{0xd2, 0xff, 0xff, 0x63, 0xc0});
  CHECK(encoded(std::uint64_t{1} << 63) == bytes{0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0});
  CHECK(encoded(0.5f) == bytes{0xca, 0x3f, 0, 0, 0});   // a float stays float32
  CHECK(encoded(0.5) == bytes{0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("strings are str, byte containers are bin") {
  CHECK(encoded(std::string("ab")) == bytes{0xa2, 'a', 'b'});
  CHECK(encoded(std::string_view("ab")) == bytes{0xa2, 'a', 'b'});
  const char fixed[8] = "ab";
  CHECK(encoded(fixed) == bytes{0xa2, 'a', 'b'});
  const char full[2] = {'x', 'y'};  // no terminating NUL: the whole array, nothing beyond it
  CHECK(encoded(full) == bytes{0xa2, 'x', 'y'});
  const std::vector<std::byte> blob{std::byte{1}, std::byte{2}};
  CHECK(encoded(blob) == bytes{0xc4, 2, 1, 2});
  CHECK(encoded(std::vector<std::uint8_t>{1, 2}) == bytes{0xc4, 2, 1, 2});
  CHECK(encoded(std::span<const std::byte>(blob)) == bytes{0xc4, 2, 1, 2});
  CHECK(encoded(std::array<std::byte, 1>{std::byte{9}}) == bytes{0xc4, 1, 9});
}

TEST_CASE("containers") {
  CHECK(encoded(std::vector<int>{1, -1}) == bytes{0x92, 0x01, 0xff});
  CHECK(encoded(std::list<int>{1}) == bytes{0x91, 0x01});
  CHECK(encoded(std::set<int>{2, 1}) == bytes{0x92, 0x01, 0x02});
  CHECK(encoded(std::array<int, 2>{3, 4}) == bytes{0x92, 0x03, 0x04});
  CHECK(encoded(std::vector<bool>{true, false}) == bytes{0x92, 0xc3, 0xc2});
  CHECK(encoded(std::tuple<int, std::string>{1, "a"}) == bytes{0x92, 0x01, 0xa1, 'a'});
  CHECK(encoded(std::map<std::string, int>{{"a", 1}}) == bytes{0x81, 0xa1, 'a', 0x01});
  CHECK(encoded(std::map<int, bool>{{-1, true}, {2, false}}) == bytes{0x82, 0xff, 0xc3, 0x02, 0xc2});
  std::vector<int> sixteen(16, 0);
  CHECK(encoded(sixteen).front() == 0xdc);
}

TEST_CASE("optional, pointers, variants, enums, durations") {
  CHECK(encoded(std::optional<int>{}) == bytes{0xc0});
  CHECK(encoded(std::optional<int>{5}) == bytes{0x05});
  CHECK(encoded(std::unique_ptr<int>{}) == bytes{0xc0});
  CHECK(encoded(std::make_shared<int>(6)) == bytes{0x06});
  CHECK(encoded(std::variant<int, std::string>{"x"}) == bytes{0xa1, 'x'});
  CHECK(encoded(std::variant<std::monostate, int>{}) == bytes{0xc0});
  CHECK(encoded(color::green) == bytes{0xa5, 'g', 'r', 'e', 'e', 'n'});
  CHECK(encoded(static_cast<color>(7)) == bytes{0x07});
  CHECK(encoded(std::chrono::milliseconds{1500}) == bytes{0xcd, 0x05, 0xdc});
}

TEST_CASE("timestamps from sys_time take the smallest form") {
  using namespace std::chrono;
  CHECK(encoded(sys_seconds{seconds{1}}) == bytes{0xd6, 0xff, 0, 0, 0, 1});
  CHECK(encoded(sys_time<nanoseconds>{nanoseconds{1'000'000'001}}) ==
        bytes{0xd7, 0xff, 0, 0, 0, 0x04, 0, 0, 0, 1});
  CHECK(encoded(sys_seconds{seconds{-1}}).size() == 15);
  CHECK(encoded(spool::offset_datetime{{1970, 1, 1}, {1, 0, 1, 0}, 60}) == bytes{0xd6, 0xff, 0, 0, 0, 1});
  CHECK(encoded(spool::local_date{2024, 2, 29}) == bytes{0xaa, '2', '0', '2', '4', '-', '0', '2', '-', '2', '9'});
}

TEST_CASE("structs as maps keyed by field name, or as arrays") {
  CHECK(encoded(point{1, -2}) == bytes{0x82, 0xa1, 'x', 0x01, 0xa1, 'y', 0xfe});
  CHECK(encoded<spool::msgpack::write_options{.struct_as_array = true}>(point{1, -2}) == bytes{0x92, 0x01, 0xfe});
  CHECK(encoded(pair_as_array{3, true}) == bytes{0x92, 0x03, 0xc3});
  CHECK(encoded(tagged{"n", std::nullopt}) ==
        bytes{0x82, 0xa4, 'n', 'a', 'm', 'e', 0xa1, 'n', 0xa5, 'c', 'o', 'u', 'n', 't', 0xc0});
  CHECK(encoded(std::vector<point>{{1, 2}}) == bytes{0x91, 0x82, 0xa1, 'x', 0x01, 0xa1, 'y', 0x02});
}

TEST_CASE("struct fields of every kind and string length, as maps and arrays, many in one output") {
  const auto concat = [](std::initializer_list<bytes> parts) {
    bytes out;
    for (const bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
  };
  // The reference: each key and value encoded on its own (never through a struct).
  const auto as_map = [&](const mixed& m) {
    return concat({bytes{0x8d}, encoded(std::string_view("id")), encoded(m.id), encoded(std::string_view("name")),
                   encoded(m.name), encoded(std::string_view("score")), encoded(m.score),
                   encoded(std::string_view("active")), encoded(m.active), encoded(std::string_view("tags")),
                   encoded(m.tags), encoded(std::string_view("tail")), encoded(m.tail), encoded(std::string_view("f")),
                   encoded(m.f), encoded(std::string_view("o")), encoded(m.o), encoded(std::string_view("a")),
                   encoded(m.a), encoded(std::string_view("u")), encoded(m.u), encoded(std::string_view("sv")),
                   encoded(m.sv), encoded(std::string_view("nested")), encoded(m.nested),
                   encoded(std::string_view("last")), encoded(m.last)});
  };
  const auto as_array = [&](const mixed& m) {
    return concat({bytes{0x9d}, encoded(m.id), encoded(m.name), encoded(m.score), encoded(m.active), encoded(m.tags),
                   encoded(m.tail), encoded(m.f), encoded(m.o), encoded(m.a), encoded(m.u), encoded(m.sv),
                   bytes{0x92}, encoded(m.nested.x), encoded(m.nested.y), encoded(m.last)});
  };
  constexpr spool::msgpack::write_options arrays{.struct_as_array = true};
  const std::size_t lengths[] = {0, 1, 31, 32, 255, 256, 65535, 65536};
  std::vector<mixed> all;
  const std::string texts[] = {"", "x", std::string(31, 'a'), std::string(32, 'b'), std::string(255, 'c'),
                               std::string(256, 'd'), std::string(65535, 'e'), std::string(65536, 'f')};
  for (std::size_t i = 0; i < std::size(lengths); ++i) {
    for (std::size_t j = 0; j < std::size(lengths); ++j) {
      mixed m{i % 2 ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max(),
              texts[i],
              -0.5 * static_cast<double>(j),
              j % 2 == 0,
              std::vector<std::int64_t>(j, -33),
              texts[j],
              1.5f,
              i % 3 ? std::optional<int>{} : std::optional<int>{-100000},
              {std::int16_t(-32768), 0, std::int16_t(i)},
              static_cast<std::uint8_t>(255 - j),
              texts[(i + j) % std::size(texts)],
              {static_cast<std::int32_t>(i), -static_cast<std::int32_t>(j)},
              texts[(i * 3 + j) % std::size(texts)]};
      CAPTURE(i);
      CAPTURE(j);
      CHECK(encoded(m) == as_map(m));
      CHECK(encoded<arrays>(m) == as_array(m));
      all.push_back(m);
    }
  }
  bytes expected{0xdc, 0x00, static_cast<unsigned char>(all.size())};
  bytes expected_arrays = expected;
  for (const mixed& m : all) {
    expected = concat({expected, as_map(m)});
    expected_arrays = concat({expected_arrays, as_array(m)});
  }
  CHECK(encoded(all) == expected);
  CHECK(encoded<arrays>(all) == expected_arrays);
  const auto back = spool::msgpack::read<std::vector<mixed>>(spool::msgpack::write(all));
  REQUIRE(back.has_value());
  CHECK(back->at(63).last == all.at(63).last);

  const bytes wide = encoded(sixteen_fields{});
  CHECK(wide.size() == 3 + 10 * 4 + 6 * 5);  // keys "f0" to "f15"
  CHECK(bytes(wide.begin(), wide.begin() + 7) == bytes{0xde, 0x00, 0x10, 0xa2, 'f', '0', 0xc2});
  CHECK(encoded<arrays>(sixteen_fields{}) == concat({bytes{0xdc, 0x00, 0x10}, bytes(16, 0xc2)}));
}

TEST_CASE("spool::value writes what it holds") {
  const spool::value v{{"a", 1}, {"b", spool::value::array({true, nullptr, 1.5})}};
  CHECK(encoded(v) == bytes{0x82, 0xa1, 'a', 0x01, 0xa1, 'b', 0x93, 0xc3, 0xc0, 0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0});
  CHECK(encoded(spool::value(spool::ext{4, {std::byte{1}}})) == bytes{0xd4, 4, 1});
  CHECK(encoded(spool::value(std::numeric_limits<std::uint64_t>::max())).front() == 0xcf);
  CHECK(encoded(spool::value::binary({})) == bytes{0xc4, 0});
}

TEST_CASE("spool::value trees are written with the bytes of the same content in C++ types") {
  // Every scalar kind and strings of 0-40 bytes (fixstr up to 31, str8 from 32), as array
  // elements and as object members with keys of the same lengths, enough of them that the output
  // grows many times in the middle of containers.
  using item = std::variant<std::monostate, bool, std::int64_t, double, std::string>;
  std::vector<item> items;
  spool::value elements = spool::value::array();
  std::map<std::string, item> members;
  spool::value object = spool::value::object();
  for (int i = 0; i < 3000; ++i) {
    item x;
    switch (i % 6) {
      case 0: x = std::monostate{}; break;
      case 1: x = i % 4 == 1; break;
      case 2: x = std::int64_t{i} * (i % 4 == 0 ? -1 : 1) * (std::int64_t{1} << (i % 40)); break;
      case 3: x = i * 0.25; break;
      default: x = std::string(static_cast<std::size_t>(i % 41), static_cast<char>('a' + i % 26)); break;
    }
    items.push_back(x);
    const spool::value v = std::visit(
        [](const auto& a) -> spool::value {
          if constexpr (std::is_same_v<std::decay_t<decltype(a)>, std::monostate>) return nullptr;
          else return a;
        },
        x);
    elements.push_back(v);
    // Keys in their sorted order, as the std::map writes them.
    std::string key = std::to_string(10000 + i) + std::string(static_cast<std::size_t>(i % 36), 'k');
    members.emplace(key, x);
    object.try_emplace(key, v);
  }
  CHECK(encoded(elements) == encoded(items));
  CHECK(encoded(object) == encoded(members));
  CHECK(spool::msgpack::read<spool::value>(spool::msgpack::write(object)).value() == object);

  // The kinds written through the encoder's own calls, between ones written in place.
  const auto when = spool::offset_datetime::from_sys_time(std::chrono::sys_seconds{std::chrono::seconds{86400}}).value();
  const spool::value rare = spool::value::array(
      {1, std::numeric_limits<std::uint64_t>::max(), 2, spool::value::binary({}), std::string(32, 'x'), when,
       spool::local_date{2024, 2, 29}, spool::value(spool::ext{4, {std::byte{1}}}), spool::value::array({}),
       spool::value::object({{std::string(40, 'q'), 3}, {"r", spool::value::array({nullptr})}}), 4});
  const std::tuple<int, std::uint64_t, int, std::vector<std::byte>, std::string, spool::offset_datetime,
                   spool::local_date, spool::ext, std::vector<int>, std::map<std::string, spool::value>, int>
      typed{1,    std::numeric_limits<std::uint64_t>::max(),
            2,    {},
            std::string(32, 'x'), when,
            spool::local_date{2024, 2, 29}, spool::ext{4, {std::byte{1}}},
            {},   {{std::string(40, 'q'), 3}, {"r", spool::value::array({nullptr})}},
            4};
  CHECK(encoded(rare) == encoded(typed));
  CHECK(encoded(spool::value(std::string(31, 'z'))).front() == 0xbf);
  CHECK(encoded(spool::value(std::string(32, 'z'))).front() == 0xd9);
}

TEST_CASE("write appends to every byte container and allocates the result once") {
  std::string s = "pre";
  CHECK_FALSE(spool::msgpack::write(point{1, 2}, s));
  CHECK(s.substr(0, 3) == "pre");
  CHECK(s.size() == 3 + 7);
  std::vector<std::byte> vb;
  CHECK_FALSE(spool::msgpack::write(7, vb));
  CHECK(vb == std::vector<std::byte>{std::byte{7}});
  std::vector<std::uint8_t> vu;
  CHECK_FALSE(spool::msgpack::write(-1, vu));
  CHECK(vu == std::vector<std::uint8_t>{0xff});
  std::vector<char> vc;
  CHECK_FALSE(spool::msgpack::write(std::string("a"), vc));
  CHECK(vc == std::vector<char>{static_cast<char>(0xa1), 'a'});

  const std::string whole = spool::msgpack::write(std::vector<int>(1000, 300));
  CHECK(whole.size() == 3 + 3 * 1000);
  CHECK(whole.capacity() < whole.size() + 16);  // one exact allocation, not geometric growth
}

namespace {

// Each element through the one-value path (a single-element tuple holds no run), concatenated
// behind the array header the run must produce.
template <class T>
bytes one_by_one(const std::vector<T>& v) {
  bytes out;
  const std::size_t n = v.size();
  if (n <= 15) {
    out.push_back(static_cast<unsigned char>(0x90 | n));
  } else if (n <= 0xffff) {
    out.insert(out.end(), {0xdc, static_cast<unsigned char>(n >> 8), static_cast<unsigned char>(n)});
  } else {
    out.insert(out.end(), {0xdd, static_cast<unsigned char>(n >> 24), static_cast<unsigned char>(n >> 16),
                           static_cast<unsigned char>(n >> 8), static_cast<unsigned char>(n)});
  }
  for (const T& x : v) {
    const bytes single = encoded(std::tuple<T>{x});
    out.insert(out.end(), single.begin() + 1, single.end());
  }
  return out;
}

}  // namespace

TEST_CASE("arrays of numbers are written in one run with the same bytes as value by value") {
  const std::vector<std::int64_t> ints{0, 1, 127, 128, 255, 256, 65535, 65536, -1, -32, -33, -128, -129, -32768, -32769,
                                       std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()};
  CHECK(encoded(ints) == one_by_one(ints));
  const std::vector<std::uint64_t> uints{0, 127, 128, 0xffff'ffff, 0x1'0000'0000, std::numeric_limits<std::uint64_t>::max()};
  CHECK(encoded(uints) == one_by_one(uints));
  const std::vector<double> doubles{0.0, -0.0, 1.5, 1e300, -2.25};
  CHECK(encoded(doubles) == one_by_one(doubles));
  const std::vector<float> floats{0.0f, 1.5f, -3.25f};
  CHECK(encoded(floats) == one_by_one(floats));
  CHECK(encoded(std::vector<std::int8_t>{-1, 5}) == bytes{0x92, 0xff, 0x05});
  // Headers at their boundaries: fixarray up to 15, array16, array32.
  for (const std::size_t n : {std::size_t{15}, std::size_t{16}, std::size_t{65535}, std::size_t{65536}}) {
    std::vector<double> many(n, 0.5);
    CHECK(encoded(many) == one_by_one(many));
  }
  // Runs of fixed-size arrays (coordinate pairs) and of arrays of them.
  const std::vector<std::array<double, 2>> pairs{{1.0, 2.0}, {-3.5, 4.0}};
  CHECK(encoded(pairs) == bytes{0x92, 0x92, 0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0xcb, 0x40, 0, 0, 0, 0, 0, 0, 0,
                                0x92, 0xcb, 0xc0, 0x0c, 0, 0, 0, 0, 0, 0, 0xcb, 0x40, 0x10, 0, 0, 0, 0, 0, 0});
  const std::vector<std::vector<std::array<double, 2>>> rings{pairs, {}, pairs};
  CHECK(spool::msgpack::read<std::vector<std::vector<std::array<double, 2>>>>(spool::msgpack::write(rings)).value() == rings);
  const std::vector<std::array<std::uint16_t, 3>> triples(20, {1, 300, 70000 % 65536});
  CHECK(spool::msgpack::read<std::vector<std::array<std::uint16_t, 3>>>(spool::msgpack::write(triples)).value() == triples);
  // Byte arrays stay bin, booleans are one byte each.
  CHECK(encoded(std::vector<std::array<std::byte, 2>>{{std::byte{1}, std::byte{2}}}) == bytes{0x91, 0xc4, 0x02, 0x01, 0x02});
  CHECK(encoded(std::array<bool, 3>{true, false, true}) == bytes{0x93, 0xc3, 0xc2, 0xc3});
}
