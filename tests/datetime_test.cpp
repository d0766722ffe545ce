#include <spool/datetime.hpp>

#include <doctest/doctest.h>
#include <support/shared_data.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

using namespace std::chrono_literals;
using spool::local_date;
using spool::local_datetime;
using spool::local_time;
using spool::offset_datetime;

namespace {

offset_datetime odt(std::string_view text) { return spool::parse_datetime<offset_datetime>(text).value(); }

// The code and offset of a failed parse of `text` as T.
template <class T>
std::pair<spool::errc, std::size_t> failure(std::string_view text, spool::datetime_text_options options = {}) {
  spool::result<T> r = spool::parse_datetime<T>(text, options);
  REQUIRE_FALSE(r.has_value());
  return {r.error().code, r.error().offset};
}

}  // namespace

TEST_CASE("dates know month lengths, leap years and the RFC 3339 year range") {
  CHECK(local_date{2024, 2, 29}.is_valid());
  CHECK(local_date{2000, 2, 29}.is_valid());
  CHECK_FALSE(local_date{1900, 2, 29}.is_valid());
  CHECK_FALSE(local_date{2100, 2, 29}.is_valid());
  CHECK_FALSE(local_date{2023, 2, 29}.is_valid());
  CHECK(local_date{2023, 4, 30}.is_valid());
  CHECK_FALSE(local_date{2023, 4, 31}.is_valid());
  CHECK(local_date{2023, 12, 31}.is_valid());
  CHECK_FALSE(local_date{2023, 13, 1}.is_valid());
  CHECK_FALSE(local_date{2023, 0, 1}.is_valid());
  CHECK_FALSE(local_date{2023, 1, 0}.is_valid());
  CHECK(local_date{0, 1, 1}.is_valid());
  CHECK(local_date{9999, 12, 31}.is_valid());
  CHECK_FALSE(local_date{10000, 1, 1}.is_valid());
  CHECK_FALSE(local_date{-1, 1, 1}.is_valid());
  CHECK(local_date{}.is_valid());
}

TEST_CASE("times allow 00:00:00 to 23:59:60.999999999") {
  CHECK(local_time{23, 59, 59, 999'999'999}.is_valid());
  CHECK(local_time{12, 30, 60, 0}.is_valid());  // a local reading may hold a leap second anywhere
  CHECK_FALSE(local_time{24, 0, 0, 0}.is_valid());
  CHECK_FALSE(local_time{0, 60, 0, 0}.is_valid());
  CHECK_FALSE(local_time{0, 0, 61, 0}.is_valid());
  CHECK_FALSE(local_time{0, 0, 0, 1'000'000'000}.is_valid());
}

TEST_CASE("an offset date-time holds a leap second only at 23:59:60 UTC on a month's last day") {
  CHECK(odt("1998-12-31T23:59:60Z").is_valid());
  CHECK(odt("1998-12-31T15:59:60-08:00").is_valid());
  CHECK(odt("1999-01-01T05:29:60.5+05:30").is_valid());
  CHECK(odt("2016-06-30T23:59:60Z").is_valid());
  CHECK_FALSE(offset_datetime{{1998, 12, 31}, {23, 58, 60, 0}, 0}.is_valid());
  CHECK_FALSE(offset_datetime{{1998, 12, 30}, {23, 59, 60, 0}, 0}.is_valid());
  CHECK_FALSE(offset_datetime{{1998, 12, 31}, {23, 59, 60, 0}, 60}.is_valid());
  CHECK(failure<offset_datetime>("1998-12-30T23:59:60Z") == std::pair{spool::errc::invalid_datetime, std::size_t{17}});
  CHECK(spool::parse_datetime<local_datetime>("1998-12-30T11:22:60").has_value());
  CHECK_FALSE(offset_datetime{{2000, 1, 1}, {}, 24 * 60}.is_valid());
}

TEST_CASE("== compares fields; <=> orders offset date-times by instant, then offset") {
  CHECK(local_date{2024, 1, 2} < local_date{2024, 2, 1});
  CHECK(local_date{2023, 12, 31} < local_date{2024, 1, 1});
  CHECK(local_time{10, 0, 0, 1} > local_time{10, 0, 0, 0});
  CHECK(local_datetime{{2024, 1, 1}, {0, 0, 0, 0}} > local_datetime{{2023, 12, 31}, {23, 59, 59, 0}});

  const offset_datetime utc = odt("2024-05-01T12:00:00Z");
  const offset_datetime east = odt("2024-05-01T14:00:00+02:00");  // the same instant
  const offset_datetime later = odt("2024-05-01T13:00:00+00:30");  // 12:30 UTC
  CHECK(utc != east);
  CHECK(utc.to_sys_time().value() == east.to_sys_time().value());
  CHECK((utc <=> east) == std::strong_ordering::less);  // same instant: the smaller offset first
  CHECK(east < later);                                   // 12:00 UTC before 12:30 UTC
  CHECK(odt("2024-05-01T23:00:00-05:00") > odt("2024-05-02T01:00:00Z"));
  CHECK(odt("2024-05-01T12:00:00.000000001Z") > utc);
  CHECK((utc <=> odt("2024-05-01T12:00:00Z")) == std::strong_ordering::equal);
}

TEST_CASE("offset date-times convert to and from sys_time") {
  CHECK(odt("1970-01-01T00:00:00Z").to_sys_time().value().time_since_epoch() == 0ns);
  CHECK(odt("1979-05-27T07:32:00-07:00").to_sys_time().value().time_since_epoch() == 296'663'520s);
  CHECK(odt("1969-12-31T23:59:59.999999999Z").to_sys_time().value().time_since_epoch() == -1ns);
  CHECK(odt("2262-04-11T23:47:16.854775807Z").to_sys_time().value().time_since_epoch().count() ==
        std::numeric_limits<std::int64_t>::max());

  // int64 nanoseconds end in 2262; seconds reach any year.
  const offset_datetime first = odt("0001-01-01T00:00:00Z");
  CHECK(first.to_sys_time().error().code == spool::errc::out_of_range);
  CHECK(odt("2262-04-11T23:47:16.854775808Z").to_sys_time().error().code == spool::errc::out_of_range);
  CHECK(first.to_sys_time<std::chrono::seconds>().value().time_since_epoch() == -62'135'596'800s);

  // Coarser durations floor, also before the epoch.
  CHECK(odt("1969-12-31T23:59:59.5Z").to_sys_time<std::chrono::seconds>().value().time_since_epoch() == -1s);
  CHECK(odt("1970-01-01T00:00:00.123456789Z").to_sys_time<std::chrono::milliseconds>().value().time_since_epoch() ==
        123ms);
  CHECK(odt("1970-01-02T23:00:00Z").to_sys_time<std::chrono::days>().value().time_since_epoch() ==
        std::chrono::days{1});

  const auto instant = std::chrono::sys_days{std::chrono::year{2024} / 2 / 29} + 23h + 30min + 1ns;
  const offset_datetime utc = offset_datetime::from_sys_time(instant).value();
  CHECK(spool::to_string(utc) == "2024-02-29T23:30:00.000000001Z");
  const offset_datetime tokyo = offset_datetime::from_sys_time(instant, 9 * 60).value();
  CHECK(spool::to_string(tokyo) == "2024-03-01T08:30:00.000000001+09:00");
  CHECK(tokyo.to_sys_time().value() == instant);
  CHECK(spool::to_string(offset_datetime::from_sys_time(std::chrono::sys_time<std::chrono::nanoseconds>{-1ns}).value()) ==
        "1969-12-31T23:59:59.999999999Z");

  CHECK(offset_datetime::from_sys_time(instant, 24 * 60).error().code == spool::errc::out_of_range);
  const std::chrono::sys_seconds year_10000{std::chrono::sys_days{std::chrono::year{10000} / 1 / 1}};
  CHECK(offset_datetime::from_sys_time(year_10000).error().code == spool::errc::out_of_range);
  CHECK(offset_datetime::from_sys_time(year_10000 - 1s).has_value());
  CHECK(offset_datetime::from_sys_time(year_10000 - 1s, -60).has_value());
  CHECK(offset_datetime::from_sys_time(year_10000 - 1s, 60).error().code == spool::errc::out_of_range);
  CHECK(offset_datetime::from_sys_time(std::chrono::sys_seconds{std::chrono::seconds::max()}).error().code ==
        spool::errc::out_of_range);

  // A leap second has no place on system_clock: it reads as the next second, as in POSIX time.
  CHECK(odt("1998-12-31T23:59:60Z").to_sys_time().value() == odt("1999-01-01T00:00:00Z").to_sys_time().value());
}

TEST_CASE("local kinds convert to local_time, year_month_day and hh_mm_ss") {
  const auto reading = std::chrono::local_days{std::chrono::year{1979} / 5 / 27} + 7h + 32min + 500ms;
  const local_datetime dt = local_datetime::from_local_time(reading).value();
  CHECK(dt == local_datetime{{1979, 5, 27}, {7, 32, 0, 500'000'000}});
  CHECK(dt.to_local_time().value() == reading);
  CHECK(dt.to_local_time<std::chrono::seconds>().value() == std::chrono::floor<std::chrono::seconds>(reading));
  CHECK(local_datetime{{0, 1, 1}, {}}.to_local_time().error().code == spool::errc::out_of_range);
  CHECK(local_datetime{{2023, 2, 29}, {}}.to_local_time<std::chrono::seconds>().error().code ==
        spool::errc::out_of_range);

  const std::chrono::year_month_day ymd{std::chrono::year{2024} / 2 / 29};
  CHECK(local_date::from_year_month_day(ymd) == local_date{2024, 2, 29});
  CHECK(local_date{2024, 2, 29}.to_year_month_day() == ymd);

  const local_time t{13, 4, 5, 6};
  const auto hms = t.to_hh_mm_ss();
  CHECK(hms.hours() == 13h);
  CHECK(hms.minutes() == 4min);
  CHECK(hms.seconds() == 5s);
  CHECK(hms.subseconds() == 6ns);
  CHECK(local_time::from_hh_mm_ss(hms).value() == t);
  CHECK(local_time::from_since_midnight(24h).error().code == spool::errc::out_of_range);
  CHECK(local_time::from_since_midnight(-1ns).error().code == spool::errc::out_of_range);
  CHECK(local_time::from_since_midnight(24h - 1ns).value() == local_time{23, 59, 59, 999'999'999});
}

TEST_CASE("RFC 3339 and TOML forms parse") {
  CHECK(odt("1979-05-27T07:32:00Z") == offset_datetime{{1979, 5, 27}, {7, 32, 0, 0}, 0});
  CHECK(odt("1979-05-27t07:32:00z") == odt("1979-05-27T07:32:00Z"));
  CHECK(odt("1979-05-27 07:32:00Z") == odt("1979-05-27T07:32:00Z"));
  CHECK(odt("1979-05-27T00:32:00-07:00").offset_minutes == -420);
  CHECK(odt("1979-05-27T00:32:00+05:45").offset_minutes == 345);
  CHECK(odt("1979-05-27T00:32:00-00:00").offset_minutes == 0);
  CHECK(odt("1979-05-27T00:32:00.999999-07:00").time.nanosecond == 999'999'000);
  CHECK(odt("1979-05-27T00:32:00.5Z").time.nanosecond == 500'000'000);
  CHECK(odt("1979-05-27T00:32:00.123456789Z").time.nanosecond == 123'456'789);
  CHECK(odt("1979-05-27T00:32:00.1234567891234Z").time.nanosecond == 123'456'789);  // truncated
  CHECK(odt("1979-05-27T00:32:00.9999999999Z").time.nanosecond == 999'999'999);     // not rounded up

  CHECK(spool::parse_datetime<local_datetime>("1979-05-27T07:32:00").value() ==
        local_datetime{{1979, 5, 27}, {7, 32, 0, 0}});
  CHECK(spool::parse_datetime<local_date>("0000-01-01").value() == local_date{0, 1, 1});
  CHECK(spool::parse_datetime<local_date>("9999-12-31").value() == local_date{9999, 12, 31});
  CHECK(spool::parse_datetime<local_time>("00:32:00.000001").value() == local_time{0, 32, 0, 1000});

  const spool::datetime_text_options toml11{.allow_omitted_seconds = true};
  CHECK(spool::parse_datetime<local_time>("07:32", toml11).value() == local_time{7, 32, 0, 0});
  CHECK(spool::parse_datetime<offset_datetime>("1979-05-27T07:32Z", toml11).value() ==
        offset_datetime{{1979, 5, 27}, {7, 32, 0, 0}, 0});
  CHECK(spool::parse_datetime<local_time>("07:32:10.5", toml11).value() == local_time{7, 32, 10, 500'000'000});
  CHECK(failure<local_time>("07:32.5", toml11) == std::pair{spool::errc::invalid_datetime, std::size_t{5}});
}

TEST_CASE("malformed and impossible date-times fail at the offending character") {
  using spool::errc;
  struct bad {
    std::string_view text;
    std::size_t offset;
  };
  for (bad b : {
           bad{"2023-02-29T00:00:00Z", 8},    // not a leap year
           bad{"2100-02-29T00:00:00Z", 8},    // nor is 2100
           bad{"1988-02-30T00:00:00Z", 8},
           bad{"2023-04-31T00:00:00Z", 8},
           bad{"2023-13-01T00:00:00Z", 5},
           bad{"2023-00-01T00:00:00Z", 5},
           bad{"2023-01-00T00:00:00Z", 8},
           bad{"2023-01-32T00:00:00Z", 8},
           bad{"2023-01-01T24:00:00Z", 11},
           bad{"2023-01-01T00:60:00Z", 14},
           bad{"2023-01-01T00:00:61Z", 17},
           bad{"2023-01-01T00:00:00+24:00", 20},
           bad{"2023-01-01T00:00:00+12:60", 23},
           bad{"2023-01-01T00:00:00+09", 22},   // offset minutes missing
           bad{"2023-01-01T00:00:00+0900", 22},
           bad{"2023-01-01T00:00:00+09:9", 24},
           bad{"2023-01-01T00:00:00+", 20},
           bad{"2023-01-01T00:00:00.Z", 20},    // a fraction needs a digit
           bad{"2023-01-01T00:00:00.", 20},
           bad{"2023-01-01T00:00Z", 16},        // seconds are required by default
           bad{"2023-01-01T1:32:00Z", 12},
           bad{"2023-01-01T", 11},
           bad{"2023-1-01T00:00:00Z", 6},
           bad{"2023-01-1T00:00:00Z", 9},
           bad{"02023-01-01T00:00:00Z", 4},
           bad{"10000-01-01T00:00:00Z", 4},
           bad{"199-09-09T00:00:00Z", 3},
           bad{"199709-09T00:00:00Z", 4},
           bad{"2023-01-01T00:00:00Zx", 20},    // trailing text
           bad{"2023-01-01X00:00:00Z", 10},
           bad{"", 0},
           bad{"T", 0},
       }) {
    CAPTURE(b.text);
    CHECK(failure<offset_datetime>(b.text) == std::pair{errc::invalid_datetime, b.offset});
  }
  CHECK(failure<local_time>("1:32:00") == std::pair{errc::invalid_datetime, std::size_t{1}});
  CHECK(failure<local_time>("01:32:0") == std::pair{errc::invalid_datetime, std::size_t{7}});
  CHECK(failure<local_time>("12:13:14..") == std::pair{errc::invalid_datetime, std::size_t{9}});
  CHECK(failure<local_date>("2006-01-30T") == std::pair{errc::invalid_datetime, std::size_t{11}});
  CHECK(failure<local_date>("2006-01-30 ") == std::pair{errc::invalid_datetime, std::size_t{10}});
}

TEST_CASE("text of another kind is unexpected_type") {
  CHECK(failure<offset_datetime>("1979-05-27T07:32:00") == std::pair{spool::errc::unexpected_type, std::size_t{0}});
  CHECK(failure<local_date>("07:32:00") == std::pair{spool::errc::unexpected_type, std::size_t{0}});
  const spool::result<local_datetime> r = spool::parse_datetime<local_datetime>("1979-05-27");
  CHECK(r.error().expected == "local date-time");
  CHECK(r.error().found == "local date");
}

TEST_CASE("the prefix reader stops where the date-time ends") {
  auto prefix = [](std::string_view text) {
    const spool::detail::datetime_parse p = spool::detail::parse_datetime_prefix(text.data(), text.data() + text.size());
    REQUIRE(p.code == spool::errc::ok);
    return std::pair{p.kind, static_cast<std::size_t>(p.ptr - text.data())};
  };
  using kind = spool::detail::datetime_kind;
  CHECK(prefix("1979-05-27 # a date") == std::pair{kind::local_date, std::size_t{10}});
  CHECK(prefix("1979-05-27 07:32:00, next") == std::pair{kind::local_datetime, std::size_t{19}});
  CHECK(prefix("1979-05-27T07:32:00.5Z\"") == std::pair{kind::offset_datetime, std::size_t{22}});
  CHECK(prefix("07:32:00]") == std::pair{kind::local_time, std::size_t{8}});
  CHECK(prefix("1987-07-0517:45:00Z") == std::pair{kind::local_date, std::size_t{10}});
}

TEST_CASE("formatting writes canonical RFC 3339 with the fraction's needed digits") {
  CHECK(spool::to_string(odt("1979-05-27T07:32:00Z")) == "1979-05-27T07:32:00Z");
  CHECK(spool::to_string(odt("1979-05-27 07:32:00-00:00")) == "1979-05-27T07:32:00Z");
  CHECK(spool::to_string(odt("1979-05-27t07:32:00.500z")) == "1979-05-27T07:32:00.5Z");
  CHECK(spool::to_string(odt("1979-05-27T07:32:00.000001-07:30")) == "1979-05-27T07:32:00.000001-07:30");
  CHECK(spool::to_string(odt("1979-05-27T07:32:00.123456789+14:00")) == "1979-05-27T07:32:00.123456789+14:00");
  CHECK(spool::to_string(local_date{5, 1, 9}) == "0005-01-09");
  CHECK(spool::to_string(local_time{0, 0, 0, 10}) == "00:00:00.00000001");
  CHECK(spool::to_string(local_datetime{{2024, 12, 31}, {23, 59, 60, 0}}) == "2024-12-31T23:59:60");
  CHECK(spool::to_string(odt("9999-12-31T23:59:59.999999999+23:59")).size() == spool::detail::max_datetime_text);

  CHECK(spool::to_string(local_date{2023, 2, 29}).empty());
  CHECK(spool::to_string(local_time{25, 0, 0, 0}).empty());
  CHECK(spool::to_string(offset_datetime{{2023, 1, 1}, {}, 24 * 60}).empty());

  for (std::string_view text : {"2000-02-29T00:00:00Z", "1969-07-20T20:17:40.1-05:00", "0001-01-01T00:00:00Z"}) {
    CHECK(spool::to_string(odt(text)) == text);
  }
}

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Whether `text`, all of it, reads as some date-time kind.
bool reads_whole(std::string_view text) {
  const spool::detail::datetime_parse p = spool::detail::parse_datetime_prefix(text.data(), text.data() + text.size());
  return p.code == spool::errc::ok && p.ptr == text.data() + text.size();
}

template <class T>
void check_round_trip(std::string_view text) {
  CAPTURE(text);
  const spool::result<T> parsed = spool::parse_datetime<T>(text);
  REQUIRE(parsed.has_value());
  CHECK(spool::parse_datetime<T>(spool::to_string(*parsed)).value() == *parsed);
}

}  // namespace

TEST_CASE("toml-test: every expected date-time reads and writes back to the same value") {
  const std::optional<std::filesystem::path> root = spool_test::shared_data("conformance/toml-test/tests/valid");
  if (!root) {
    MESSAGE("shared toml-test data absent; skipped");
    return;
  }
  int checked = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(*root)) {
    if (entry.path().extension() != ".json") continue;
    const std::string json = read_text(entry.path());
    for (std::size_t at = json.find("\"type\""); at != std::string::npos; at = json.find("\"type\"", at + 1)) {
      const std::size_t type_open = json.find('"', json.find(':', at)) + 1;
      const std::string type = json.substr(type_open, json.find('"', type_open) - type_open);
      const std::size_t value_open = json.find('"', json.find(':', json.find("\"value\"", at))) + 1;
      const std::string text = json.substr(value_open, json.find('"', value_open) - value_open);
      if (type == "datetime") check_round_trip<offset_datetime>(text);
      else if (type == "datetime-local") check_round_trip<local_datetime>(text);
      else if (type == "date-local") check_round_trip<local_date>(text);
      else if (type == "time-local") check_round_trip<local_time>(text);
      else continue;
      ++checked;
    }
  }
  CHECK(checked > 40);
}

TEST_CASE("toml-test: the values of the invalid date-time cases are rejected") {
  const std::optional<std::filesystem::path> root = spool_test::shared_data("conformance/toml-test/tests/invalid");
  if (!root) {
    MESSAGE("shared toml-test data absent; skipped");
    return;
  }
  int checked = 0;
  for (const char* folder : {"datetime", "local-date", "local-time", "local-datetime"}) {
    for (const auto& entry : std::filesystem::directory_iterator(*root / folder)) {
      const std::string toml = read_text(entry.path());
      // The case is the one line `key = value`; comments above it say what is wrong.
      std::string_view line;
      std::string_view rest = toml;
      while (!rest.empty()) {
        const std::string_view current = rest.substr(0, rest.find('\n'));
        rest.remove_prefix(std::min(rest.size(), current.size() + 1));
        if (current.find('=') != std::string_view::npos && !current.starts_with('#')) line = current;
      }
      std::string_view text = line.substr(line.find('=') + 1);
      while (!text.empty() && (text.front() == ' ')) text.remove_prefix(1);
      while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.remove_suffix(1);
      CAPTURE(entry.path().filename().string());
      CAPTURE(text);
      CHECK_FALSE(reads_whole(text));
      ++checked;
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("mutated text never reads out of bounds, and whatever is accepted writes back the same") {
  const std::string seeds[] = {"1979-05-27T07:32:00.123456789-07:00", "1998-12-31T23:59:60Z", "2000-02-29 00:00:00",
                               "07:32:00.5", "2024-02-29"};
  constexpr std::string_view alphabet = "0123456789-:T tZz+.";
  std::uint32_t state = 12345;
  auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = seeds[next() % std::size(seeds)];
    for (int edits = 1 + static_cast<int>(next() % 3); edits > 0; --edits) {
      text[next() % text.size()] = alphabet[next() % alphabet.size()];
    }
    text.resize(text.size() - next() % 4);
    // A copy on the heap, exactly as long as the text, so ASan sees any read past its end.
    const std::unique_ptr<char[]> exact(new char[text.size()]);
    std::copy(text.begin(), text.end(), exact.get());
    const spool::detail::datetime_parse p = spool::detail::parse_datetime_prefix(exact.get(), exact.get() + text.size());
    CAPTURE(text);
    REQUIRE(p.ptr >= exact.get());
    REQUIRE(p.ptr <= exact.get() + text.size());
    if (p.code != spool::errc::ok || p.ptr != exact.get() + text.size()) continue;
    ++accepted;
    switch (p.kind) {
      case spool::detail::datetime_kind::offset_datetime: check_round_trip<offset_datetime>(text); break;
      case spool::detail::datetime_kind::local_datetime: check_round_trip<local_datetime>(text); break;
      case spool::detail::datetime_kind::local_date: check_round_trip<local_date>(text); break;
      case spool::detail::datetime_kind::local_time: check_round_trip<local_time>(text); break;
    }
  }
  CHECK(accepted > 100);
}
