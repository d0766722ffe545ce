// Dates and times as TOML knows them, to the nanosecond, shared by every spool format.
//
// Four kinds, after TOML and RFC 3339:
//   offset_datetime  1979-05-27T07:32:00.5-07:00   an instant, with the offset it was written in
//   local_datetime   1979-05-27T07:32:00           a wall-clock reading with no zone
//   local_date       1979-05-27
//   local_time       07:32:00.999999
//
//   auto when = spool::parse_datetime<spool::offset_datetime>("1979-05-27T07:32:00Z").value();
//   when.time.hour += 1;
//   assert(when.is_valid());
//   std::string text = spool::to_string(when);                       // "1979-05-27T08:32:00Z"
//   auto instant = when.to_sys_time().value();                       // std::chrono::sys_time<ns>
//   auto there = spool::offset_datetime::from_sys_time(instant, 120).value(); // 10:32:00+02:00
//
// Choices:
//  - Years are 0000-9999, the range RFC 3339 can write; is_valid() checks it with the month
//    lengths of the proleptic Gregorian calendar.
//  - Second 60 (a leap second) follows RFC 3339 where it can be checked: an offset_datetime may
//    carry it only when its UTC reading is 23:59:60 on the last day of a month; local kinds carry
//    no offset, so any of their minutes may end in one. Converted to std::chrono, whose clocks
//    have no leap seconds, hh:mm:60 becomes the next minute's :00, as in POSIX time.
//  - Text: parse_datetime() reads RFC 3339 with TOML's extensions (space separator, fractions of
//    any length, truncated to nanoseconds; seconds omitted on request, as TOML 1.1 allows);
//    to_string() writes canonical RFC 3339, the fraction with the digits it needs.
//  - == compares every field, so 12:00Z and 14:00+02:00 differ; <=> orders offset_datetimes by
//    instant first and by offset second, which keeps it consistent with ==. Compare to_sys_time()
//    to ask whether two readings are the same instant.
//  - An offset of -00:00 ("offset unknown" in RFC 3339) reads as +00:00 and is written as Z.
#pragma once

#include <chrono>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include <spool/detail/datetime_calendar.hpp>
#include <spool/error.hpp>

namespace spool {

struct local_date {
  std::int16_t year = 1970;
  std::uint8_t month = 1, day = 1;

  constexpr bool is_valid() const noexcept {
    return year >= 0 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 &&
           day <= detail::days_in_month(year, month);
  }

  constexpr std::chrono::year_month_day to_year_month_day() const noexcept {
    return std::chrono::year_month_day{std::chrono::year{year}, std::chrono::month{month}, std::chrono::day{day}};
  }
  // Any valid year_month_day fits the fields; is_valid() tells whether the result is writable.
  static constexpr local_date from_year_month_day(const std::chrono::year_month_day& ymd) noexcept {
    return {static_cast<std::int16_t>(static_cast<int>(ymd.year())),
            static_cast<std::uint8_t>(static_cast<unsigned>(ymd.month())),
            static_cast<std::uint8_t>(static_cast<unsigned>(ymd.day()))};
  }

  friend constexpr bool operator==(const local_date&, const local_date&) = default;
  friend constexpr std::strong_ordering operator<=>(const local_date&, const local_date&) = default;
};

struct local_time {
  std::uint8_t hour = 0, minute = 0, second = 0;
  std::uint32_t nanosecond = 0;

  constexpr bool is_valid() const noexcept {
    return hour <= 23 && minute <= 59 && second <= 60 && nanosecond < detail::nanos_per_second;
  }

  constexpr std::chrono::nanoseconds since_midnight() const noexcept {
    return std::chrono::hours{hour} + std::chrono::minutes{minute} + std::chrono::seconds{second} +
           std::chrono::nanoseconds{nanosecond};
  }
  constexpr std::chrono::hh_mm_ss<std::chrono::nanoseconds> to_hh_mm_ss() const noexcept {
    return std::chrono::hh_mm_ss<std::chrono::nanoseconds>{since_midnight()};
  }
  // out_of_range unless 00:00 <= since_midnight < 24:00.
  static result<local_time> from_since_midnight(std::chrono::nanoseconds since_midnight) {
    if (since_midnight < std::chrono::nanoseconds::zero() || since_midnight >= std::chrono::hours{24}) {
      return make_error(errc::out_of_range, 0, "time of day", "duration outside 00:00-24:00");
    }
    const std::int64_t ns = since_midnight.count();
    const std::int64_t seconds = ns / detail::nanos_per_second;
    return local_time{static_cast<std::uint8_t>(seconds / 3600), static_cast<std::uint8_t>(seconds / 60 % 60),
                      static_cast<std::uint8_t>(seconds % 60),
                      static_cast<std::uint32_t>(ns % detail::nanos_per_second)};
  }
  static result<local_time> from_hh_mm_ss(const std::chrono::hh_mm_ss<std::chrono::nanoseconds>& hms) {
    return from_since_midnight(hms.is_negative() ? -hms.to_duration() : hms.to_duration());
  }

  friend constexpr bool operator==(const local_time&, const local_time&) = default;
  friend constexpr std::strong_ordering operator<=>(const local_time&, const local_time&) = default;
};

namespace detail {
constexpr std::int64_t epoch_seconds(const local_date& d, const local_time& t) noexcept {
  return epoch_seconds(d.year, d.month, d.day, t.hour, t.minute, t.second);
}
constexpr void assign(const civil_reading& r, local_date& d, local_time& t) noexcept {
  d = {static_cast<std::int16_t>(r.year), static_cast<std::uint8_t>(r.month), static_cast<std::uint8_t>(r.day)};
  t = {static_cast<std::uint8_t>(r.hour), static_cast<std::uint8_t>(r.minute), static_cast<std::uint8_t>(r.second),
       r.nanosecond};
}
}  // namespace detail

struct local_datetime {
  local_date date;
  local_time time;

  constexpr bool is_valid() const noexcept { return date.is_valid() && time.is_valid(); }

  // out_of_range when the reading does not fit Duration (the year 0001 does not fit int64
  // nanoseconds, which span 1677-2262) or is invalid. Digits finer than Duration are floored.
  template <class Duration = std::chrono::nanoseconds>
  result<std::chrono::local_time<Duration>> to_local_time() const {
    Duration since_epoch{};
    if (!is_valid() || !detail::to_duration(detail::epoch_seconds(date, time), time.nanosecond, since_epoch)) {
      return make_error(errc::out_of_range, 0, "time point", "date-time outside the clock's range");
    }
    return std::chrono::local_time<Duration>{since_epoch};
  }
  // out_of_range outside the years 0000-9999.
  template <class Duration>
  static result<local_datetime> from_local_time(std::chrono::local_time<Duration> tp) {
    detail::civil_reading reading;
    if (!detail::from_duration(tp.time_since_epoch(), 0, reading)) {
      return make_error(errc::out_of_range, 0, "date-time", "time point outside the years 0000-9999");
    }
    local_datetime out;
    detail::assign(reading, out.date, out.time);
    return out;
  }

  friend constexpr bool operator==(const local_datetime&, const local_datetime&) = default;
  friend constexpr std::strong_ordering operator<=>(const local_datetime&, const local_datetime&) = default;
};

inline constexpr int max_offset_minutes = 23 * 60 + 59;

struct offset_datetime {
  local_date date;
  local_time time;
  std::int16_t offset_minutes = 0;  // east of UTC: +05:30 is 330

  constexpr bool is_valid() const noexcept {
    if (!date.is_valid() || !time.is_valid() || offset_minutes < -max_offset_minutes ||
        offset_minutes > max_offset_minutes) {
      return false;
    }
    return time.second != 60 ||
           detail::is_leap_second_slot(date.year, date.month, date.day, time.hour, time.minute, offset_minutes);
  }

  // The instant, in UTC. out_of_range as for local_datetime::to_local_time.
  template <class Duration = std::chrono::nanoseconds>
  result<std::chrono::sys_time<Duration>> to_sys_time() const {
    Duration since_epoch{};
    if (!is_valid() || !detail::to_duration(detail::epoch_seconds(date, time) - std::int64_t{offset_minutes} * 60,
                                            time.nanosecond, since_epoch)) {
      return make_error(errc::out_of_range, 0, "time point", "date-time outside the clock's range");
    }
    return std::chrono::sys_time<Duration>{since_epoch};
  }
  // The instant `tp` as read on a clock `offset_minutes` east of UTC. out_of_range when that
  // reading falls outside the years 0000-9999 or the offset is beyond +-23:59.
  template <class Duration>
  static result<offset_datetime> from_sys_time(std::chrono::sys_time<Duration> tp, int offset_minutes = 0) {
    if (offset_minutes < -max_offset_minutes || offset_minutes > max_offset_minutes) {
      return make_error(errc::out_of_range, 0, "offset within +-23:59");
    }
    detail::civil_reading reading;
    if (!detail::from_duration(tp.time_since_epoch(), std::int64_t{offset_minutes} * 60, reading)) {
      return make_error(errc::out_of_range, 0, "date-time", "time point outside the years 0000-9999");
    }
    offset_datetime out;
    detail::assign(reading, out.date, out.time);
    out.offset_minutes = static_cast<std::int16_t>(offset_minutes);
    return out;
  }

  friend constexpr bool operator==(const offset_datetime&, const offset_datetime&) = default;
  friend constexpr std::strong_ordering operator<=>(const offset_datetime& a, const offset_datetime& b) noexcept {
    const std::int64_t a_utc = detail::epoch_seconds(a.date, a.time) - std::int64_t{a.offset_minutes} * 60;
    const std::int64_t b_utc = detail::epoch_seconds(b.date, b.time) - std::int64_t{b.offset_minutes} * 60;
    if (auto c = a_utc <=> b_utc; c != 0) return c;
    if (auto c = a.time.nanosecond <=> b.time.nanosecond; c != 0) return c;
    // The same instant written two ways; 23:59:60Z and the next 00:00:00Z land here too.
    if (auto c = a.offset_minutes <=> b.offset_minutes; c != 0) return c;
    if (auto c = a.date <=> b.date; c != 0) return c;
    return a.time <=> b.time;
  }
};

// How text is read: TOML 1.1 lets a time omit its seconds ("07:32").
struct datetime_text_options {
  bool allow_omitted_seconds = false;
};

// RFC 3339 text: "1979-05-27T07:32:00.5-07:00", "1979-05-27T07:32:00", "1979-05-27", "07:32:00".
// The fraction has the digits it needs and no trailing zeros; offset zero is written Z. A value
// that is not is_valid() gives an empty string.
std::string to_string(const local_date& d);
std::string to_string(const local_time& t);
std::string to_string(const local_datetime& dt);
std::string to_string(const offset_datetime& dt);

// Reads the whole of `text` as a T (one of the four kinds); detail/datetime_text.hpp lists the
// accepted forms. A malformed or impossible date-time is errc::invalid_datetime at the offset of
// the offending character; a well-formed one of another kind (a date where a date-time is
// wanted) is errc::unexpected_type.
template <class T>
result<T> parse_datetime(std::string_view text, datetime_text_options options = {});

}  // namespace spool

// The text machinery defines to_string and parse_datetime; it includes this header itself, so
// either may be included first.
#include <spool/detail/datetime_text.hpp>
