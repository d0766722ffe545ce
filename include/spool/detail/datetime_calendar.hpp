// Calendar arithmetic behind spool's date-time types: month lengths, seconds since 1970-01-01,
// and exact, overflow-checked moves between (seconds, nanoseconds) and any std::chrono::duration
// whose period is a power-of-ten multiple or fraction of a second (all the standard ones).
#pragma once

#include <chrono>
#include <cstdint>
#include <ratio>
#include <type_traits>
#include <utility>

namespace spool::detail {

inline constexpr std::int64_t nanos_per_second = 1'000'000'000;
inline constexpr std::int64_t seconds_per_day = 86'400;

constexpr bool is_leap_year(int year) noexcept {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

constexpr unsigned days_in_month(int year, unsigned month) noexcept {
  constexpr unsigned char lengths[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12) return 0;
  return month == 2 && is_leap_year(year) ? 29 : lengths[month - 1];
}

constexpr std::int64_t days_since_epoch(int year, unsigned month, unsigned day) noexcept {
  const std::chrono::sys_days days{std::chrono::year{year} / std::chrono::month{month} / std::chrono::day{day}};
  return days.time_since_epoch().count();
}

// Naive seconds since 1970-01-01T00:00:00 of the same reading: second 60 counts as the first
// second of the next minute, as in POSIX time.
constexpr std::int64_t epoch_seconds(int year, unsigned month, unsigned day, unsigned hour, unsigned minute,
                                     unsigned second) noexcept {
  return days_since_epoch(year, month, day) * seconds_per_day + std::int64_t{hour} * 3600 +
         std::int64_t{minute} * 60 + second;
}

// Whether hh:mm:60 on that date, `offset_minutes` east of UTC, is a moment a leap second may
// occupy: 23:59:60 UTC on the last day of a month (RFC 3339 section 5.7).
constexpr bool is_leap_second_slot(int year, unsigned month, unsigned day, unsigned hour, unsigned minute,
                                   int offset_minutes) noexcept {
  const std::int64_t utc_minute_start = epoch_seconds(year, month, day, hour, minute, 0) - std::int64_t{offset_minutes} * 60;
  const std::int64_t day_start = utc_minute_start - ((utc_minute_start % seconds_per_day) + seconds_per_day) % seconds_per_day;
  if (utc_minute_start - day_start != seconds_per_day - 60) return false;
  const std::chrono::sys_days next_day{std::chrono::days{(day_start / seconds_per_day) + 1}};
  return std::chrono::year_month_day{next_day}.day() == std::chrono::day{1};
}

// The fields of a reading, as from_duration produces them.
struct civil_reading {
  int year = 1970;
  unsigned month = 1, day = 1, hour = 0, minute = 0, second = 0;
  std::uint32_t nanosecond = 0;
};

template <class Period>
inline constexpr bool decimal_period =
    (Period::num == 1 && (1'000'000'000 % Period::den == 0 || Period::den % 1'000'000'000 == 0)) ||
    (Period::den == 1);

constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// `seconds` + `nanosecond` as a Duration, floored to its period; false when it does not fit.
template <class Rep, class Period>
constexpr bool to_duration(std::int64_t seconds, std::uint32_t nanosecond, std::chrono::duration<Rep, Period>& out) noexcept {
  static_assert(decimal_period<Period>, "spool converts durations whose period is 10^k seconds or whole seconds");
  static_assert(std::is_integral_v<Rep>, "spool converts durations with an integer representation");
  std::int64_t ticks = 0;
  if constexpr (Period::den == 1) {
    ticks = floor_div(seconds, static_cast<std::int64_t>(Period::num));
  } else {
    constexpr std::int64_t den = Period::den;
    std::int64_t fraction = 0;
    if constexpr (den <= nanos_per_second) {
      fraction = nanosecond / (nanos_per_second / den);
    } else if (__builtin_mul_overflow(std::int64_t{nanosecond}, den / nanos_per_second, &fraction)) {
      return false;
    }
    if (__builtin_mul_overflow(seconds, den, &ticks) || __builtin_add_overflow(ticks, fraction, &ticks)) return false;
  }
  if (!std::in_range<Rep>(ticks)) return false;
  out = std::chrono::duration<Rep, Period>{static_cast<Rep>(ticks)};
  return true;
}

// The reading `d` after 1970-01-01T00:00:00, moved by `shift_seconds`; false outside 0000-9999.
template <class Rep, class Period>
constexpr bool from_duration(std::chrono::duration<Rep, Period> d, std::int64_t shift_seconds, civil_reading& out) noexcept {
  static_assert(decimal_period<Period>, "spool converts durations whose period is 10^k seconds or whole seconds");
  static_assert(std::is_integral_v<Rep>, "spool converts durations with an integer representation");
  if (!std::in_range<std::int64_t>(d.count())) return false;
  const auto count = static_cast<std::int64_t>(d.count());
  std::int64_t seconds = 0;
  std::int64_t nanos = 0;
  if constexpr (Period::den == 1) {
    if (__builtin_mul_overflow(count, static_cast<std::int64_t>(Period::num), &seconds)) return false;
  } else {
    constexpr std::int64_t den = Period::den;
    seconds = floor_div(count, den);
    const std::int64_t rest = count - seconds * den;
    if constexpr (den <= nanos_per_second) {
      nanos = rest * (nanos_per_second / den);
    } else {
      nanos = rest / (den / nanos_per_second);
    }
  }
  if (__builtin_add_overflow(seconds, shift_seconds, &seconds)) return false;
  constexpr std::int64_t first = days_since_epoch(0, 1, 1) * seconds_per_day;
  constexpr std::int64_t last = (days_since_epoch(9999, 12, 31) + 1) * seconds_per_day;
  if (seconds < first || seconds >= last) return false;
  const std::int64_t days = floor_div(seconds, seconds_per_day);
  const std::int64_t in_day = seconds - days * seconds_per_day;
  const std::chrono::year_month_day ymd{std::chrono::sys_days{std::chrono::days{days}}};
  out.year = static_cast<int>(ymd.year());
  out.month = static_cast<unsigned>(ymd.month());
  out.day = static_cast<unsigned>(ymd.day());
  out.hour = static_cast<unsigned>(in_day / 3600);
  out.minute = static_cast<unsigned>(in_day / 60 % 60);
  out.second = static_cast<unsigned>(in_day % 60);
  out.nanosecond = static_cast<std::uint32_t>(nanos);
  return true;
}

}  // namespace spool::detail
