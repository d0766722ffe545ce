// The type categories of detail/type_traits.hpp, checked at compile time: each accepts what it
// names and rejects its neighbours. The static_asserts are the test: a wrong category fails the
// build of this executable.
#include <spool/detail/type_traits.hpp>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <memory_resource>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace {

using namespace spool::detail;

struct point {
  int x = 0;
  int y = 0;
};
enum class mode { fast, safe };

class opaque {
 public:
  explicit opaque(int value) : value_(value) {}
  int value() const { return value_; }

 private:
  int value_;
};

class described_opaque {
  int hidden_ = 0;

 public:
  struct spool_meta {
    static constexpr auto members = spool::members(spool::member("hidden", &described_opaque::hidden_));
  };
};

static_assert(boolean<bool> && !boolean<int> && !boolean<char>);

static_assert(integer<int> && integer<std::uint64_t> && integer<char> && integer<signed char>);
static_assert(!integer<bool> && !integer<char8_t> && !integer<double> && !integer<mode>);

static_assert(floating<float> && floating<double> && floating<long double> && !floating<int>);

static_assert(owning_string<std::string> && owning_string<std::pmr::string>);
static_assert(!owning_string<std::string_view> && !owning_string<std::wstring> && !owning_string<const char*>);

static_assert(string_view_like<std::string_view> && !string_view_like<std::string>);

static_assert(char_array<char[4]> && !char_array<int[4]> && !char_array<char> && !char_array<char[2][2]>);

static_assert(byte_container<std::vector<std::byte>> && byte_container<std::vector<std::uint8_t>>);
static_assert(byte_container<std::span<const std::byte>> && byte_container<std::array<std::byte, 4>>);
static_assert(!byte_container<std::vector<char>> && !byte_container<std::vector<int>> &&
              !byte_container<std::string>);

static_assert(sequence<std::vector<int>> && sequence<std::deque<point>> && sequence<std::list<std::string>>);
static_assert(!sequence<std::string> && !sequence<std::array<int, 3>> && !sequence<std::set<int>> &&
              !sequence<std::map<int, int>>);

static_assert(fixed_array<std::array<int, 3>> && fixed_array<int[3]> && fixed_array<point[2]>);
static_assert(!fixed_array<char[3]> && !fixed_array<std::vector<int>>);

static_assert(set_like<std::set<int>> && set_like<std::unordered_set<std::string>> && set_like<std::multiset<int>>);
static_assert(!set_like<std::map<int, int>> && !set_like<std::vector<int>>);

static_assert(map_like<std::map<std::string, int>> && map_like<std::unordered_map<int, point>>);
static_assert(!map_like<std::set<int>> && !map_like<std::vector<std::pair<int, int>>>);

static_assert(optional_like<std::optional<int>> && !optional_like<int> && !optional_like<std::unique_ptr<int>>);

static_assert(pointer_like<std::unique_ptr<point>> && pointer_like<std::shared_ptr<int>>);
static_assert(!pointer_like<std::weak_ptr<int>> && !pointer_like<int*> && !pointer_like<std::optional<int>>);

static_assert(variant_like<std::variant<int, std::string>> && !variant_like<std::optional<int>>);

static_assert(tuple_like<std::tuple<int, std::string>> && tuple_like<std::pair<int, int>> && tuple_like<std::tuple<>>);
static_assert(!tuple_like<std::array<int, 2>> && !tuple_like<point>);

static_assert(enum_type<mode> && !enum_type<int>);

static_assert(chrono_time_point<std::chrono::system_clock::time_point> &&
              chrono_time_point<std::chrono::sys_seconds>);
static_assert(chrono_duration<std::chrono::milliseconds> && !chrono_duration<std::chrono::sys_seconds>);

// reflected: aggregates and described classes, never a type of another category.
static_assert(reflected<point> && reflected<described_opaque>);
static_assert(!reflected<opaque> && !reflected<int> && !reflected<std::string> && !reflected<std::array<int, 2>>);
static_assert(!reflected<std::pair<int, int>> && !reflected<std::optional<point>> && !reflected<mode>);

}  // namespace
