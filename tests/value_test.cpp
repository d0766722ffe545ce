#include <spool/value.hpp>

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

using spool::kind;
using spool::value;

static_assert(sizeof(value) == 16);
static_assert(std::is_nothrow_move_constructible_v<value> && std::is_nothrow_move_assignable_v<value>);
static_assert(std::is_copy_constructible_v<value>);
static_assert(!std::is_constructible_v<value, int*>, "pointers must not turn into booleans");

namespace {

std::vector<std::byte> bytes(std::initializer_list<int> list) {
  std::vector<std::byte> out;
  for (int b : list) out.push_back(static_cast<std::byte>(b));
  return out;
}

}  // namespace

TEST_CASE("every kind constructs, reports its kind and reads back") {
  CHECK(value().kind() == kind::null);
  CHECK(value(nullptr).is_null());
  CHECK(value(true).as_bool().value() == true);
  CHECK(value(-5).as_int64().value() == -5);
  CHECK(value(std::int8_t{-8}).kind() == kind::integer);
  CHECK(value(std::uint8_t{200}).as_int64().value() == 200);
  CHECK(value(2.5).as_double().value() == 2.5);
  CHECK(value(1.5f).kind() == kind::floating);
  CHECK(value("text").as_string().value() == "text");
  CHECK(value(std::string(100, 'x')).as_string().value() == std::string(100, 'x'));
  const std::vector<std::byte> raw = bytes({0, 1, 255});
  CHECK(value::binary(raw).kind() == kind::binary);
  CHECK(std::ranges::equal(value::binary(raw).as_binary().value(), raw));
  CHECK(value(spool::array{1, 2}).kind() == kind::array);
  CHECK(value(spool::object{{"a", 1}}).kind() == kind::object);
  const spool::offset_datetime odt{{1979, 5, 27}, {7, 32, 0, 999}, -420};
  CHECK(value(odt).as_offset_datetime().value() == odt);
  CHECK(value(spool::local_datetime{{1979, 5, 27}, {7, 32}}).as_local_datetime().value().time.minute == 32);
  CHECK(value(spool::local_date{2024, 2, 29}).as_local_date().value() == spool::local_date{2024, 2, 29});
  CHECK(value(spool::local_time{23, 59, 60, 5}).as_local_time().value().nanosecond == 5);
  const spool::ext e{-1, bytes({1, 2, 3})};
  CHECK(value(e).as_ext().value() == e);
  CHECK(value(e).if_ext()->type == -1);

  CHECK(value(1).type_name() == "integer");
  CHECK(value(odt).type_name() == "offset date-time");
  CHECK(spool::to_string(kind::local_time) == "local time");
}

TEST_CASE("the 16 bytes hold every payload whole: all bit patterns, every inline length, kinds over kinds") {
  for (const std::uint64_t bits : {std::uint64_t{0}, ~std::uint64_t{0}, std::uint64_t{0x8000000000000000},
                                   std::uint64_t{0x00ff00ff00ff00ff}, std::uint64_t{0x7ff8000000000001}}) {
    const value u(bits);
    if (bits > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      CHECK(u.as_uint64().value() == bits);
    } else {
      CHECK(u.as_int64().value() == static_cast<std::int64_t>(bits));
    }
    const value d(std::bit_cast<double>(bits));
    CHECK(d.kind() == kind::floating);
    CHECK(std::bit_cast<std::uint64_t>(d.as_double().value()) == bits);
  }
  // Lengths 0-14 are inline (the length is the payload's last byte, beside the tag), 15 and up not.
  for (std::size_t n = 0; n <= 20; ++n) {
    std::string text;
    for (std::size_t i = 0; i < n; ++i) text += static_cast<char>(0xf0 - i);
    const value s(text);
    CHECK(s.kind() == kind::string);
    CHECK(s.as_string().value() == text);
    const value copy = s;
    CHECK(copy.as_string().value() == text);
    const std::vector<std::byte> raw(reinterpret_cast<const std::byte*>(text.data()),
                                     reinterpret_cast<const std::byte*>(text.data()) + n);
    const value b = value::binary(raw);
    CHECK(b.kind() == kind::binary);
    CHECK(std::ranges::equal(b.as_binary().value(), raw));
  }
  const spool::offset_datetime odt{{9999, 12, 31}, {23, 59, 60, 999999999}, -1439};
  const spool::local_datetime ldt{{1, 1, 1}, {0, 0, 0, 1}};
  value v(std::string(14, '\xff'));
  v = odt;
  CHECK(v.as_offset_datetime().value() == odt);
  v = ldt;
  CHECK(v.as_local_datetime().value() == ldt);
  v = -1.0;
  CHECK(v.as_double().value() == -1.0);
  v = false;
  CHECK(v.kind() == kind::boolean);
  CHECK(v.as_bool().value() == false);
  v = std::string(14, 'x');
  CHECK(v.as_string().value() == std::string(14, 'x'));
  v = nullptr;
  CHECK(v.is_null());
}

TEST_CASE("integers are stored as int64 unless only uint64 holds them") {
  CHECK(value(std::uint64_t{1}).kind() == kind::integer);
  CHECK(value(std::uint64_t{1}) == value(1));
  const auto max_int = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  CHECK(value(max_int).kind() == kind::integer);
  CHECK(value(max_int + 1).kind() == kind::unsigned_integer);
  CHECK(value(max_int + 1).as_uint64().value() == max_int + 1);
  CHECK(value(max_int + 1).as_int64().error().code == spool::errc::out_of_range);
  CHECK(value(-1).as_uint64().error().code == spool::errc::out_of_range);
  CHECK(value(7).as_uint64().value() == 7);
  CHECK(value(max_int + 1).is_integer());
}

TEST_CASE("typed access reports the kind it wanted and the kind it found") {
  const spool::error e = value("7").as_int64().error();
  CHECK(e.code == spool::errc::unexpected_type);
  CHECK(e.expected == "integer");
  CHECK(e.found == "string");
  CHECK(value(1).as_string().error().code == spool::errc::unexpected_type);
  CHECK(value(1.0).as_int64().error().code == spool::errc::unexpected_type);
  CHECK(value().as_bool().error().found == "null");
  CHECK(value(1).as_binary().error().code == spool::errc::unexpected_type);
  CHECK(value(1).as_local_date().error().expected == "local date");

  // Doubles take integers they hold exactly, and only those.
  CHECK(value(9007199254740992).as_double().value() == 9007199254740992.0);
  CHECK(value(9007199254740993).as_double().error().code == spool::errc::out_of_range);
  CHECK(value(std::numeric_limits<std::int64_t>::max()).as_double().error().code == spool::errc::out_of_range);
  CHECK(value(std::numeric_limits<std::int64_t>::min()).as_double().value() == -9223372036854775808.0);
  CHECK(value(std::uint64_t{1} << 63).as_double().value() == 9223372036854775808.0);
  CHECK(value(std::numeric_limits<std::uint64_t>::max()).as_double().error().code == spool::errc::out_of_range);
}

TEST_CASE("braces build arrays, and objects from key-value pairs") {
  const value doc{{"a", 1}, {"b", {1, 2}}, {"c", {{"d", nullptr}}}};
  REQUIRE(doc.is_object());
  CHECK(doc.size() == 3);
  CHECK(doc["a"] == value(1));
  CHECK(doc["b"].is_array());
  CHECK(doc["b"][1].as_int64().value() == 2);
  CHECK(doc["c"]["d"].is_null());
  CHECK(doc["c"].is_object());

  CHECK(value{1, 2, 3}.is_array());
  CHECK(value{"x"}.is_array());  // braces around one element make an array; value("x") is the string
  CHECK(value{{"a", 1}, {2, 3}}.is_array());
  CHECK(value{}.is_null());

  const value pairs = value::array({value::array({"a", 1})});
  CHECK(pairs.is_array());
  CHECK(pairs[0].is_array());
  CHECK(pairs[0][0] == value("a"));
  const value explicit_object = value::object({{"k", {1, 2}}, {"k", 3}});
  CHECK(explicit_object.size() == 1);  // the first of two equal keys stays
  CHECK(explicit_object["k"].size() == 2);
  CHECK(value::object().is_object());
  CHECK(value::array().is_array());
}

TEST_CASE("objects keep insertion order and find keys in small and large objects") {
  value small;
  for (const char* key : {"zeta", "alpha", "mid"}) small[key] = std::string(key) + "!";
  std::vector<std::string_view> order;
  for (const auto& m : small.as_object()) order.push_back(m.key());
  CHECK(order == std::vector<std::string_view>{"zeta", "alpha", "mid"});
  CHECK(small.find("alpha")->as_string().value() == "alpha!");
  CHECK(small.find("beta") == nullptr);
  CHECK(small.contains("mid"));

  value large;
  for (int i = 0; i < 1000; ++i) large.try_emplace("key number " + std::to_string(i), i);
  REQUIRE(large.size() == 1000);
  for (int i = 0; i < 1000; i += 7) CHECK(large.find("key number " + std::to_string(i))->as_int64().value() == i);
  CHECK(large.find("key number 1000") == nullptr);
  CHECK(large.as_object().nth(999).key() == "key number 999");

  // try_emplace leaves an existing member alone; insert_or_assign replaces it in place.
  CHECK_FALSE(large.try_emplace("key number 5", -1).second);
  CHECK(large["key number 5"] == value(5));
  large.insert_or_assign("key number 5", -5);
  CHECK(large["key number 5"] == value(-5));
  CHECK(large.as_object().nth(5).key() == "key number 5");

  // Erasing renumbers the index; the order of the rest stays.
  CHECK(large.erase("key number 0"));
  CHECK_FALSE(large.erase("key number 0"));
  CHECK(large.size() == 999);
  CHECK(large.as_object().nth(0).key() == "key number 1");
  for (int i = 1; i < 1000; i += 13) CHECK(large.find("key number " + std::to_string(i))->as_int64().value() == (i == 5 ? -5 : i));

  // Crossing the index threshold in both directions, and reserve() ahead of insertion.
  spool::object o;
  o.reserve(40);
  for (int i = 0; i < 40; ++i) o.try_emplace(std::to_string(i), i);
  for (int i = 0; i < 35; ++i) CHECK(o.erase(std::to_string(i)));
  for (int i = 35; i < 40; ++i) CHECK(o.find(std::to_string(i))->as_int64().value() == i);
  CHECK(o.find("0") == nullptr);
  for (int i = 0; i < 20; ++i) o[std::to_string(i)] = i * 2;
  CHECK(o.size() == 25);
  CHECK(o.find("19")->as_int64().value() == 38);
  o.clear();
  CHECK(o.find("19") == nullptr);
  CHECK(o.empty());
}

TEST_CASE("a large object's index is made by its first lookup and survives copies, moves and mutation") {
  spool::object o;
  for (int i = 0; i < 40; ++i) o.try_emplace("key number " + std::to_string(i), i);
  const auto all_found = [](const spool::object& x, int n) {
    for (int i = 0; i < n; ++i) {
      const value* v = x.find("key number " + std::to_string(i));
      if (v == nullptr || v->as_int64().value() != i) return false;
    }
    return x.find("absent") == nullptr;
  };
  CHECK(all_found(o, 40));

  spool::object copy(o);  // no index until its first lookup
  CHECK(all_found(copy, 40));
  spool::object moved(std::move(copy));  // takes the index along
  CHECK(all_found(moved, 40));
  spool::object assigned;
  assigned.try_emplace("other", 1);
  assigned = o;
  CHECK(all_found(assigned, 40));
  CHECK(assigned.find("other") == nullptr);
  assigned = std::move(moved);
  CHECK(all_found(assigned, 40));

  // Insertions past half the index's slots, then erasures: every key found after each step.
  for (int i = 40; i < 200; ++i) {
    CHECK(assigned.try_emplace("key number " + std::to_string(i), i).second);
    if (i % 37 == 0) CHECK(all_found(assigned, i + 1));
  }
  CHECK(all_found(assigned, 200));
  assigned.insert_or_assign("key number 7", 70);
  CHECK(assigned.find("key number 7")->as_int64().value() == 70);
  assigned.insert_or_assign("key number 7", 7);
  CHECK(assigned.erase("key number 199"));
  CHECK(all_found(assigned, 199));
  CHECK(assigned.find("key number 199") == nullptr);
  assigned.clear();
  CHECK(assigned.find("key number 1") == nullptr);
  CHECK(assigned.try_emplace("key number 1", 1).second);
  CHECK(all_found(assigned, 2) == false);
  CHECK(assigned.find("key number 1")->as_int64().value() == 1);

  // Equality searches the other object (its first lookup).
  spool::object reversed;
  for (int i = 39; i >= 0; --i) reversed.try_emplace("key number " + std::to_string(i), i);
  CHECK(value(reversed) == value(o));
}

TEST_CASE("keys of any length and content work, including empty and binary-looking ones") {
  value v;
  const std::string long_key(300, 'k');
  const std::string with_nul("a\0b", 3);
  v[""] = 1;
  v[long_key] = 2;
  v[with_nul] = 3;
  v["a"] = 4;
  CHECK(v[""] == value(1));
  CHECK(v[long_key] == value(2));
  CHECK(v[with_nul] == value(3));
  CHECK(v["a"] == value(4));
  CHECK(v.size() == 4);
}

TEST_CASE("operator[] and at() on arrays and objects") {
  value v;
  v[2] = "third";  // a null becomes an array, grown with nulls
  CHECK(v.size() == 3);
  CHECK(v[0].is_null());
  v.push_back(4);
  CHECK(v.at(3) == value(4));
  CHECK_THROWS_AS(v.at(4), spool::exception);
  CHECK_THROWS_AS(v["key"], spool::exception);  // an array has no keys
  CHECK_THROWS_AS(v.at("key"), spool::exception);

  const value& cv = v;
  CHECK(cv[10].is_null());          // missing index reads as null
  CHECK(cv["missing"]["deeper"].is_null());  // lookups chain without throwing
  CHECK(cv.find("key") == nullptr);

  value o{{"name", "spool"}};
  CHECK(o.at("name") == value("spool"));
  try {
    (void)o.at("nope");
    FAIL("at() must throw on a missing key");
  } catch (const spool::exception& e) {
    CHECK(e.error().code == spool::errc::missing_key);
    CHECK(e.error().path == "nope");
  }
  try {
    (void)value(1).as_array();
    FAIL("as_array() must throw on another kind");
  } catch (const spool::exception& e) {
    CHECK(e.error().code == spool::errc::unexpected_type);
    CHECK(e.error().found == "integer");
  }
  CHECK(value(1).if_array() == nullptr);
  CHECK(value(1).size() == 0);
  CHECK_FALSE(value(1).erase("x"));
  CHECK_THROWS_AS(value(1).push_back(2), spool::exception);

  value r;
  r.reserve(10);
  CHECK(r.is_array());
  CHECK(r.as_array().capacity() >= 10);
  value ro = value::object();
  ro.reserve(100);
  ro["x"] = 1;
  CHECK(ro.find("x") != nullptr);
}

TEST_CASE("equality is deep and exact: kinds, -0.0, NaN, strings, nesting") {
  CHECK(value(1) != value(1.0));
  CHECK(value(0.0) != value(-0.0));
  CHECK(value(-0.0) == value(-0.0));
  CHECK(value(std::nan("")) == value(std::nan("1")));
  CHECK(value(std::numeric_limits<double>::infinity()) != value(-std::numeric_limits<double>::infinity()));
  CHECK(value(std::int64_t{-1}) != value(std::numeric_limits<std::uint64_t>::max()));
  CHECK(value("abc") == value(std::string("abc")));
  CHECK(value("abc") != value::binary(std::as_bytes(std::span("abc", 3))));
  CHECK(value(std::string(40, 'a')) == value(std::string(40, 'a')));
  CHECK(value(std::string(40, 'a')) != value(std::string(41, 'a')));
  CHECK(value{1, 2} != value{2, 1});
  // Objects are maps: the same members in another order are equal.
  CHECK(value{{"a", 1}, {"b", 2}} == value{{"b", 2}, {"a", 1}});
  CHECK(value{{"a", 1}, {"b", 2}} != value{{"a", 1}, {"b", 3}});
  CHECK(value{{"a", 1}} != value{{"a", 1}, {"b", 2}});
  CHECK(value(spool::local_date{2024, 1, 1}) != value(spool::local_datetime{{2024, 1, 1}, {}}));
  const spool::offset_datetime a{{2024, 1, 1}, {12, 0, 0, 0}, 0};
  const spool::offset_datetime b{{2024, 1, 1}, {13, 0, 0, 0}, 60};
  CHECK(value(a) != value(b));  // same instant, another offset: not the same document
  CHECK(value(spool::ext{1, bytes({1})}) != value(spool::ext{2, bytes({1})}));
}

TEST_CASE("copies are deep; moves leave null behind") {
  value original{{"list", {1, "two", 3.0}}, {"long", std::string(64, 'z')}, {"ext", spool::ext{3, bytes({9})}}};
  value copy = original;
  CHECK(copy == original);
  copy["list"][1] = "changed";
  CHECK(original["list"][1] == value("two"));
  CHECK(copy != original);

  value moved = std::move(copy);
  CHECK(copy.is_null());  // NOLINT(bugprone-use-after-move): the moved-from state is specified
  CHECK(moved["list"][1] == value("changed"));

  copy = original;
  CHECK(copy == original);
  const value& alias = copy;
  copy = alias;  // self-assignment keeps the value
  CHECK(copy == original);

  // Moving a child into its parent frees the parent only after the child is out.
  value parent{{"child", {{"x", std::string(50, 'x')}}}};
  parent = std::move(parent["child"]);
  CHECK(parent["x"] == value(std::string(50, 'x')));

  value a = 1, b = "b";
  swap(a, b);
  CHECK(a == value("b"));
  CHECK(b == value(1));
}

TEST_CASE("visit passes the alternative itself") {
  auto name = [](const value& v) {
    return v.visit([](const auto& x) -> std::string {
      using X = std::remove_cvref_t<decltype(x)>;
      if constexpr (std::is_same_v<X, std::nullptr_t>) return "null";
      else if constexpr (std::is_same_v<X, bool>) return x ? "true" : "false";
      else if constexpr (std::is_same_v<X, std::int64_t>) return "i" + std::to_string(x);
      else if constexpr (std::is_same_v<X, std::uint64_t>) return "u" + std::to_string(x);
      else if constexpr (std::is_same_v<X, double>) return "d";
      else if constexpr (std::is_same_v<X, std::string_view>) return "s" + std::string(x);
      else if constexpr (std::is_same_v<X, spool::bytes_view>) return "b" + std::to_string(x.size());
      else if constexpr (std::is_same_v<X, spool::array>) return "a" + std::to_string(x.size());
      else if constexpr (std::is_same_v<X, spool::object>) return "o" + std::to_string(x.size());
      else if constexpr (std::is_same_v<X, spool::ext>) return "e" + std::to_string(x.type);
      else return spool::to_string(x);
    });
  };
  CHECK(name(value()) == "null");
  CHECK(name(value(false)) == "false");
  CHECK(name(value(-3)) == "i-3");
  CHECK(name(value(std::numeric_limits<std::uint64_t>::max())) == "u18446744073709551615");
  CHECK(name(value(0.5)) == "d");
  CHECK(name(value("hi")) == "shi");
  CHECK(name(value::binary(bytes({1, 2}))) == "b2");
  CHECK(name(value{1, 2, 3}) == "a3");
  CHECK(name(value{{"k", 1}}) == "o1");
  CHECK(name(value(spool::ext{7, {}})) == "e7");
  CHECK(name(value(spool::local_date{2024, 2, 29})) == "2024-02-29");
  CHECK(name(value(spool::offset_datetime{{2024, 2, 29}, {1, 2, 3, 0}, 0})) == "2024-02-29T01:02:03Z");

  // A mutable visit hands out the containers themselves.
  value list{1, 2};
  list.visit([](auto&& x) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(x)>, spool::array>) x.push_back(3);
  });
  CHECK(list.size() == 3);
}

TEST_CASE("destroying a value nested far deeper than the stack allows recursion for") {
  value root;
  value* tip = &root;
  for (int i = 0; i < 200'000; ++i) tip = &(i % 2 == 0 ? tip->push_back(value()) : (*tip)["k"]);
  *tip = "bottom";
  root = value();  // must neither overflow the stack nor leak (the sanitizer build checks leaks)
  CHECK(root.is_null());

  // 256 levels, as readers allow, copy and compare recursively.
  value nested;
  tip = &nested;
  for (int i = 0; i < 256; ++i) tip = &(*tip)["n"];
  const value copy = nested;
  CHECK(copy == nested);
}
