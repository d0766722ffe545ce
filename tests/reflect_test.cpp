// Aggregate reflection: member count, names, access, meta<T> options and described classes.
#include <spool/reflect.hpp>

#include <doctest/doctest.h>

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace {

namespace reflect = spool::reflect;
namespace detail = spool::detail;

struct inner {
  int a = 0;
  double b[2] = {};
};

// Every kind of member that defeats counting by brace elision or by a catch-all conversion.
struct mixed {
  int number;
  int array[3];
  inner nested;
  std::optional<inner> maybe;
  std::string text;
  std::variant<int, std::string> either;
  std::unique_ptr<int> owned;
  std::map<std::string, int> table;
  std::array<int, 3> fixed;
  bool flag;
  char letters[4];
  std::shared_ptr<inner> shared;
  std::vector<inner> list;
  int maxConnections;
};

static_assert(detail::member_count<inner> == 2);
static_assert(detail::member_count<mixed> == 14);
static_assert(reflect::field_count<mixed> == 14);
static_assert(reflect::field_name<mixed, 0> == "number");
static_assert(reflect::field_name<mixed, 1> == "array");
static_assert(reflect::field_name<mixed, 3> == "maybe");
static_assert(reflect::field_name<mixed, 13> == "maxConnections");
static_assert(std::is_same_v<reflect::field_type<mixed, 1>, int[3]>);
static_assert(std::is_same_v<reflect::field_type<mixed, 3>, std::optional<inner>>);
static_assert(std::is_same_v<reflect::field_type<mixed, 6>, std::unique_ptr<int>>);
static_assert(!reflect::field_required<mixed, 0>);
static_assert(!reflect::has_defaults<mixed>);
static_assert(reflect::reflectable<mixed>);
static_assert(!reflect::reflectable<int>);
static_assert(!reflect::reflectable<std::string>);

struct empty {};
static_assert(reflect::field_count<empty> == 0);

// Members `{}` cannot initialise would stop the count early; they are reported instead.
struct no_default {
  explicit no_default(int) {}
};
struct holds_no_default {
  int a;
  no_default b;
};
struct defaults_no_default {
  int a;
  no_default b{1};
  int c;
};
int referenced = 0;
struct holds_reference {
  int a;
  int& r = referenced;
};
static_assert(detail::has_member_without_default<holds_no_default>());
static_assert(detail::has_member_without_default<defaults_no_default>());
static_assert(detail::has_member_without_default<holds_reference>());
static_assert(!detail::has_member_without_default<mixed>());

// Base classes would be counted as members; they are detected (and rejected) instead.
struct base {
  int b = 0;
};
struct empty_base {};
struct derived : base {
  int d = 0;
};
struct derived_from_empty : empty_base {
  int d = 0;
};
static_assert(detail::braces_fit<derived, 0, detail::any_base_of<derived>>());
static_assert(detail::braces_fit<derived_from_empty, 0, detail::any_base_of<derived_from_empty>>());
static_assert(!detail::braces_fit<mixed, 0, detail::any_base_of<mixed>>());
static_assert(!detail::braces_fit<inner, 0, detail::any_base_of<inner>>());

struct wide64 {
  int f0; std::string f1; double f2; bool f3; std::vector<int> f4; std::optional<int> f5; int f6[2]; inner f7;
  int f8; std::string f9; double f10; bool f11; std::vector<int> f12; std::optional<int> f13; int f14[2]; inner f15;
  int f16; std::string f17; double f18; bool f19; std::vector<int> f20; std::optional<int> f21; int f22[2]; inner f23;
  int f24; std::string f25; double f26; bool f27; std::vector<int> f28; std::optional<int> f29; int f30[2]; inner f31;
  int f32; std::string f33; double f34; bool f35; std::vector<int> f36; std::optional<int> f37; int f38[2]; inner f39;
  int f40; std::string f41; double f42; bool f43; std::vector<int> f44; std::optional<int> f45; int f46[2]; inner f47;
  int f48; std::string f49; double f50; bool f51; std::vector<int> f52; std::optional<int> f53; int f54[2]; inner f55;
  int f56; std::string f57; double f58; bool f59; std::vector<int> f60; std::optional<int> f61; int f62[2]; inner f63;
};

struct wide128 {
  int f0; std::string f1; double f2; bool f3; std::vector<int> f4; std::optional<int> f5; int f6[2]; inner f7;
  int f8; std::string f9; double f10; bool f11; std::vector<int> f12; std::optional<int> f13; int f14[2]; inner f15;
  int f16; std::string f17; double f18; bool f19; std::vector<int> f20; std::optional<int> f21; int f22[2]; inner f23;
  int f24; std::string f25; double f26; bool f27; std::vector<int> f28; std::optional<int> f29; int f30[2]; inner f31;
  int f32; std::string f33; double f34; bool f35; std::vector<int> f36; std::optional<int> f37; int f38[2]; inner f39;
  int f40; std::string f41; double f42; bool f43; std::vector<int> f44; std::optional<int> f45; int f46[2]; inner f47;
  int f48; std::string f49; double f50; bool f51; std::vector<int> f52; std::optional<int> f53; int f54[2]; inner f55;
  int f56; std::string f57; double f58; bool f59; std::vector<int> f60; std::optional<int> f61; int f62[2]; inner f63;
  int f64; std::string f65; double f66; bool f67; std::vector<int> f68; std::optional<int> f69; int f70[2]; inner f71;
  int f72; std::string f73; double f74; bool f75; std::vector<int> f76; std::optional<int> f77; int f78[2]; inner f79;
  int f80; std::string f81; double f82; bool f83; std::vector<int> f84; std::optional<int> f85; int f86[2]; inner f87;
  int f88; std::string f89; double f90; bool f91; std::vector<int> f92; std::optional<int> f93; int f94[2]; inner f95;
  int f96; std::string f97; double f98; bool f99; std::vector<int> f100; std::optional<int> f101; int f102[2]; inner f103;
  int f104; std::string f105; double f106; bool f107; std::vector<int> f108; std::optional<int> f109; int f110[2]; inner f111;
  int f112; std::string f113; double f114; bool f115; std::vector<int> f116; std::optional<int> f117; int f118[2]; inner f119;
  int f120; std::string f121; double f122; bool f123; std::vector<int> f124; std::optional<int> f125; int f126[2]; inner f127;
};

struct over_limit {
  int g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15, g16, g17, g18, g19, g20,
      g21, g22, g23, g24, g25, g26, g27, g28, g29, g30, g31, g32, g33, g34, g35, g36, g37, g38, g39,
      g40, g41, g42, g43, g44, g45, g46, g47, g48, g49, g50, g51, g52, g53, g54, g55, g56, g57, g58,
      g59, g60, g61, g62, g63, g64, g65, g66, g67, g68, g69, g70, g71, g72, g73, g74, g75, g76, g77,
      g78, g79, g80, g81, g82, g83, g84, g85, g86, g87, g88, g89, g90, g91, g92, g93, g94, g95, g96,
      g97, g98, g99, g100, g101, g102, g103, g104, g105, g106, g107, g108, g109, g110, g111, g112,
      g113, g114, g115, g116, g117, g118, g119, g120, g121, g122, g123, g124, g125, g126, g127,
      g128;
};

static_assert(detail::max_members == 128);
static_assert(reflect::field_count<wide64> == 64);
static_assert(reflect::field_count<wide128> == 128);
static_assert(reflect::field_name<wide128, 127> == "f127");
static_assert(std::is_same_v<reflect::field_type<wide128, 126>, int[2]>);
static_assert(std::is_same_v<reflect::field_type<wide128, 127>, inner>);
static_assert(detail::brace_count<over_limit>() == detail::max_members + 1);

// Writes the field's index into every int-like field, through the run-time index path.
template <class T>
void number_fields_at_runtime(T& obj) {
  for (std::size_t i = 0; i < reflect::field_count<T>; ++i) {
    CHECK(reflect::store_at(obj, i, [&](auto& member) {
      using M = std::remove_cvref_t<decltype(member)>;
      if constexpr (std::is_same_v<M, int>) member = static_cast<int>(i);
      if constexpr (std::is_same_v<M, std::string>) member = std::to_string(i);
      if constexpr (std::is_same_v<M, int[2]>) member[1] = static_cast<int>(i);
      if constexpr (std::is_same_v<M, inner>) member.a = static_cast<int>(i);
      return true;
    }));
  }
}

// Reads them back through the compile-time path and checks every name.
template <class T>
void check_numbered(const T& obj) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    const auto check = [&]<std::size_t K>(std::integral_constant<std::size_t, K>) {
      CHECK(reflect::field_name<T, K> == "f" + std::to_string(K));
      const auto& member = reflect::load<K>(obj);
      using M = std::remove_cvref_t<decltype(member)>;
      if constexpr (std::is_same_v<M, int>) CHECK(member == int{K});
      if constexpr (std::is_same_v<M, std::string>) CHECK(member == std::to_string(K));
      if constexpr (std::is_same_v<M, int[2]>) CHECK(member[1] == int{K});
      if constexpr (std::is_same_v<M, inner>) CHECK(member.a == int{K});
    };
    (check(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<reflect::field_count<T>>{});
}

}  // namespace

TEST_CASE("aggregates with arrays, nested aggregates, optionals and owning pointers are counted and named") {
  mixed m{};
  CHECK(reflect::store<2>(m, [](inner& n) {
    n.a = 7;
    return true;
  }));
  CHECK(m.nested.a == 7);
  CHECK(reflect::store<13>(m, [](int& n) {
    n = 100;
    return true;
  }));
  CHECK(m.maxConnections == 100);
  CHECK(&reflect::load<4>(m) == &m.text);
  CHECK(&reflect::load<1>(m) == &m.array);
  CHECK(reflect::load<13>(m) == 100);
}

TEST_CASE("store reports the functor's failure and store_at rejects an index past the end") {
  mixed m{};
  CHECK_FALSE(reflect::store<0>(m, [](int& n) {
    n = 3;
    return false;
  }));
  CHECK(m.number == 3);  // a data member is written in place, failure or not
  bool called = false;
  CHECK_FALSE(reflect::store_at(m, reflect::field_count<mixed>, [&](auto&) { return called = true; }));
  CHECK_FALSE(called);
}

TEST_CASE("a 64-member aggregate and one at the limit of 128 members") {
  wide64 small{};
  number_fields_at_runtime(small);
  check_numbered(small);
  auto big = std::make_unique<wide128>();
  number_fields_at_runtime(*big);
  check_numbered(*big);
}

namespace {

struct server {
  std::string host;
  int maxConnections = 0;
  std::vector<int> ports;
  int cache = 0;
  std::string_view motto;
};

}  // namespace

template <>
struct spool::meta<server> {
  static constexpr auto naming = spool::naming::kebab_case;
  static constexpr auto fields =
      spool::field_options(spool::rename("host", "hostname"), spool::skip("cache"), spool::required("ports"),
                           spool::default_value("maxConnections", 64), spool::default_value("host", "localhost"));
};

// Options apply by C++ name; skip() removes the field and shifts the indices after it.
static_assert(reflect::field_count<server> == 4);
static_assert(reflect::field_name<server, 0> == "hostname");  // a rename is used verbatim
static_assert(reflect::field_name<server, 1> == "max-connections");
static_assert(reflect::field_name<server, 2> == "ports");
static_assert(reflect::field_name<server, 3> == "motto");
static_assert(reflect::field_required<server, 2>);
static_assert(!reflect::field_required<server, 1>);
static_assert(std::is_same_v<reflect::field_type<server, 3>, std::string_view>);
static_assert(reflect::has_defaults<server>);

TEST_CASE("apply_default assigns default_value() and leaves fields without one alone") {
  server s;
  s.ports = {1, 2};
  for (std::size_t i = 0; i < reflect::field_count<server>; ++i) reflect::apply_default(s, i);
  CHECK(s.host == "localhost");
  CHECK(s.maxConnections == 64);
  CHECK(s.ports == std::vector<int>{1, 2});
  reflect::apply_default(s, 99);  // out of range: nothing happens
  CHECK(s.maxConnections == 64);
}

TEST_CASE("a skipped member is neither loaded nor stored") {
  server s;
  s.cache = 5;
  for (std::size_t i = 0; i < reflect::field_count<server>; ++i) {
    reflect::store_at(s, i, [](auto& member) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(member)>, int>) member = -1;
      return true;
    });
  }
  CHECK(s.maxConnections == -1);
  CHECK(s.cache == 5);
}

namespace {

// Misused options are found at compile time; the static_asserts of layout_of<T> turn each into a
// build error with its own message, the detection is checked here without failing the build.
#define SPOOL_TEST_OPTIONS_CASE(name, ...)                     \
  struct name {                                                \
    int a = 0;                                                 \
    int b = 0;                                                 \
    struct spool_meta {                                        \
      static constexpr auto fields = spool::field_options(__VA_ARGS__); \
    };                                                         \
  }
SPOOL_TEST_OPTIONS_CASE(valid_options, spool::rename("a", "x"), spool::skip("b"));
SPOOL_TEST_OPTIONS_CASE(unknown_member, spool::rename("c", "x"));
SPOOL_TEST_OPTIONS_CASE(wrong_case, spool::skip("A"));
SPOOL_TEST_OPTIONS_CASE(repeated, spool::required("a"), spool::required("a"));
SPOOL_TEST_OPTIONS_CASE(skipped_and_renamed, spool::skip("a"), spool::rename("a", "x"));
SPOOL_TEST_OPTIONS_CASE(required_with_default, spool::required("b"), spool::default_value("b", 1));
#undef SPOOL_TEST_OPTIONS_CASE

using detail::compute_layout;
using detail::option_problem;
static_assert(compute_layout<valid_options>().problem == option_problem::none);
static_assert(compute_layout<unknown_member>().problem == option_problem::unknown_member);
static_assert(compute_layout<wrong_case>().problem == option_problem::unknown_member);
static_assert(compute_layout<repeated>().problem == option_problem::repeated);
static_assert(compute_layout<skipped_and_renamed>().problem == option_problem::skipped_and_used);
static_assert(compute_layout<required_with_default>().problem == option_problem::required_with_default);
static_assert(reflect::field_count<valid_options> == 1 && reflect::field_name<valid_options, 0> == "x");

}  // namespace

namespace {

// Members named in a nested spool_meta must be declared before it: a static member's initializer
// does not see the rest of the class.
class account {
  int id_ = 0;
  std::string name_;

 public:
  const std::string& name() const { return name_; }
  void set_name(std::string name) {
    name_ = std::move(name);
    ++name_sets;
  }
  int id() const { return id_; }
  int name_sets = 0;

  struct spool_meta {
    static constexpr auto naming = spool::naming::snake_case;
    static constexpr auto members = spool::members(spool::member("accountId", &account::id_),
                                                   spool::member("displayName", &account::name, &account::set_name));
    static constexpr auto fields = spool::field_options(spool::default_value("displayName", "anonymous"));
  };
};

// A meta<T> specialization the class befriends reaches private members the same way.
class sealed {
  friend struct spool::meta<sealed>;
  double ratio_ = 0.5;

 public:
  double ratio() const { return ratio_; }
};

}  // namespace

template <>
struct spool::meta<sealed> {
  static constexpr auto members = spool::members(spool::member("ratio", &sealed::ratio_));
};

static_assert(reflect::reflectable<account>);
static_assert(!std::is_aggregate_v<account>);
static_assert(reflect::field_count<account> == 2);
static_assert(reflect::field_name<account, 0> == "account_id");
static_assert(reflect::field_name<account, 1> == "display_name");
static_assert(std::is_same_v<reflect::field_type<account, 0>, int>);
static_assert(std::is_same_v<reflect::field_type<account, 1>, std::string>);
static_assert(reflect::field_count<sealed> == 1 && reflect::field_name<sealed, 0> == "ratio");

TEST_CASE("described members: private data through member pointers, getter/setter pairs") {
  account a;
  CHECK(reflect::store<0>(a, [](int& id) {
    id = 42;
    return true;
  }));
  CHECK(a.id() == 42);
  CHECK(reflect::load<0>(a) == 42);

  CHECK(reflect::store_at(a, 1, [](auto& value) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, std::string>) value += "bob";
    return true;
  }));
  CHECK(a.name() == "bob");
  CHECK(a.name_sets == 1);
  CHECK(reflect::load<1>(a) == "bob");

  sealed s;
  CHECK(reflect::store<0>(s, [](double& r) {
    r = 2.0;
    return true;
  }));
  CHECK(s.ratio() == 2.0);
}

TEST_CASE("a setter receives the value only when it was read completely, starting from the getter's") {
  account a;
  a.set_name("kept");
  CHECK_FALSE(reflect::store<1>(a, [](std::string& value) {
    CHECK(value == "kept");
    value = "half-read";
    return false;
  }));
  CHECK(a.name() == "kept");
  CHECK(a.name_sets == 1);
}

TEST_CASE("default_value applies through the setter of a described member") {
  account a;
  reflect::apply_default(a, 0);  // no default: untouched
  CHECK(a.id() == 0);
  reflect::apply_default(a, 1);
  CHECK(a.name() == "anonymous");
}
