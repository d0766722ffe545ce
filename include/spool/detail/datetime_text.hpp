// RFC 3339 / TOML date-time text, read and written without allocating; shared by the TOML
// reader and writer, JSON (std::chrono values travel as RFC 3339 strings) and the command line.
//
// Accepted (TOML 1.0 = RFC 3339 section 5.6 plus its extensions):
//   1979-05-27T07:32:00Z   separator T, t, or a space followed by a digit; offset Z, z or +-hh:mm
//   1979-05-27 07:32:00    local date-time        1979-05-27   local date
//   07:32:00.999999        local time             07:32        only with allow_omitted_seconds (TOML 1.1)
// A fraction has one or more digits; digits past the ninth are read and dropped (truncation, as
// TOML allows). Fields are exactly as wide as the grammar says: 4-digit years, 2-digit others.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <spool/datetime.hpp>
#include <spool/error.hpp>

namespace spool::detail {

enum class datetime_kind : std::uint8_t { offset_datetime, local_datetime, local_date, local_time };

template <class T>
concept datetime_type = std::same_as<T, offset_datetime> || std::same_as<T, local_datetime> ||
                        std::same_as<T, local_date> || std::same_as<T, local_time>;

template <datetime_type T>
inline constexpr datetime_kind datetime_kind_of = std::same_as<T, offset_datetime>  ? datetime_kind::offset_datetime
                                                  : std::same_as<T, local_datetime> ? datetime_kind::local_datetime
                                                  : std::same_as<T, local_date>     ? datetime_kind::local_date
                                                                                    : datetime_kind::local_time;

// The names errors and spool::value use for the four kinds.
constexpr std::string_view datetime_kind_name(datetime_kind k) noexcept {
  switch (k) {
    case datetime_kind::offset_datetime: return "offset date-time";
    case datetime_kind::local_datetime: return "local date-time";
    case datetime_kind::local_date: return "local date";
    case datetime_kind::local_time: return "local time";
  }
  return "date-time";
}

// The longest text format_datetime writes: "9999-12-31T23:59:59.999999999+23:59".
inline constexpr std::size_t max_datetime_text = 35;

struct datetime_parse {
  errc code = errc::ok;      // ok or invalid_datetime
  const char* ptr = nullptr; // success: one past the text read; failure: the offending character
  datetime_kind kind = datetime_kind::local_date;
  local_date date;           // set for the kinds that have them
  local_time time;
  std::int16_t offset_minutes = 0;
};

class datetime_reader {
 public:
  datetime_reader(const char* first, const char* last, datetime_text_options options) noexcept
      : p_(first), last_(last), options_(options) {}

  datetime_parse read() noexcept {
    if (last_ - p_ >= 3 && is_digit(p_[0]) && is_digit(p_[1]) && p_[2] == ':') {
      if (time()) finish(datetime_kind::local_time);
      return out_;
    }
    if (!date()) return out_;
    const bool t_separator = p_ != last_ && (*p_ == 'T' || *p_ == 't');
    // A space separates only when a time follows: "1979-05-27 # comment" is a date.
    const bool space_separator = p_ != last_ && *p_ == ' ' && last_ - p_ >= 2 && is_digit(p_[1]);
    if (!t_separator && !space_separator) {
      finish(datetime_kind::local_date);
      return out_;
    }
    ++p_;
    if (!time()) return out_;
    if (p_ == last_ || (*p_ != 'Z' && *p_ != 'z' && *p_ != '+' && *p_ != '-')) {
      finish(datetime_kind::local_datetime);
      return out_;
    }
    if (!offset()) return out_;
    if (out_.time.second == 60 && !is_leap_second_slot(out_.date.year, out_.date.month, out_.date.day, out_.time.hour,
                                                       out_.time.minute, out_.offset_minutes)) {
      fail(second_at_);
      return out_;
    }
    finish(datetime_kind::offset_datetime);
    return out_;
  }

 private:
  static constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

  void fail(const char* at) noexcept {
    out_.code = errc::invalid_datetime;
    out_.ptr = at;
  }
  void finish(datetime_kind kind) noexcept {
    out_.kind = kind;
    out_.ptr = p_;
  }

  bool digits(int count, unsigned& value) noexcept {
    value = 0;
    for (int i = 0; i < count; ++i, ++p_) {
      if (p_ == last_ || !is_digit(*p_)) return fail(p_), false;
      value = value * 10 + static_cast<unsigned>(*p_ - '0');
    }
    return true;
  }
  bool literal(char c) noexcept {
    if (p_ == last_ || *p_ != c) return fail(p_), false;
    ++p_;
    return true;
  }
  // A field of `width` digits no greater than `max` (and no less than `min`), wrong ones blamed
  // on their first digit.
  bool field(int width, unsigned min, unsigned max, unsigned& value) noexcept {
    const char* start = p_;
    if (!digits(width, value)) return false;
    if (value < min || value > max) return fail(start), false;
    return true;
  }

  bool date() noexcept {
    unsigned year = 0, month = 0, day = 0;
    if (!field(4, 0, 9999, year) || !literal('-') || !field(2, 1, 12, month) || !literal('-')) return false;
    const char* day_at = p_;
    if (!field(2, 1, 31, day)) return false;
    if (day > days_in_month(static_cast<int>(year), month)) return fail(day_at), false;
    out_.date = {static_cast<std::int16_t>(year), static_cast<std::uint8_t>(month), static_cast<std::uint8_t>(day)};
    return true;
  }

  bool time() noexcept {
    unsigned hour = 0, minute = 0, second = 0;
    if (!field(2, 0, 23, hour) || !literal(':') || !field(2, 0, 59, minute)) return false;
    second_at_ = p_;
    if (!options_.allow_omitted_seconds || (p_ != last_ && *p_ == ':')) {
      if (!literal(':')) return false;
      second_at_ = p_;
      if (!field(2, 0, 60, second)) return false;
    }
    std::uint32_t nanosecond = 0;
    if (second_at_ != p_ && p_ != last_ && *p_ == '.') {
      ++p_;
      if (p_ == last_ || !is_digit(*p_)) return fail(p_), false;
      int kept = 0;
      for (; p_ != last_ && is_digit(*p_); ++p_) {
        if (kept < 9) {
          nanosecond = nanosecond * 10 + static_cast<std::uint32_t>(*p_ - '0');
          ++kept;
        }
      }
      for (; kept < 9; ++kept) nanosecond *= 10;
    }
    out_.time = {static_cast<std::uint8_t>(hour), static_cast<std::uint8_t>(minute), static_cast<std::uint8_t>(second),
                 nanosecond};
    return true;
  }

  bool offset() noexcept {
    const char sign = *p_++;
    if (sign == 'Z' || sign == 'z') {
      out_.offset_minutes = 0;
      return true;
    }
    unsigned hours = 0, minutes = 0;
    if (!field(2, 0, 23, hours) || !literal(':') || !field(2, 0, 59, minutes)) return false;
    const int total = static_cast<int>(hours * 60 + minutes);
    out_.offset_minutes = static_cast<std::int16_t>(sign == '-' ? -total : total);
    return true;
  }

  const char* p_;
  const char* last_;
  datetime_text_options options_;
  const char* second_at_ = nullptr;
  datetime_parse out_;
};

// Reads the date-time at the front of [first, last) and stops after it: the caller decides what
// may follow (a TOML delimiter, the closing quote of a JSON string, the end of an argument).
inline datetime_parse parse_datetime_prefix(const char* first, const char* last,
                                            datetime_text_options options = {}) noexcept {
  return datetime_reader(first, last, options).read();
}

inline char* write_digits(char* out, unsigned value, int width) noexcept {
  for (int i = width - 1; i >= 0; --i, value /= 10) out[i] = static_cast<char>('0' + value % 10);
  return out + width;
}

// Each writes RFC 3339 text at `out` and returns its end, or returns `out` itself, having written
// nothing, when the value is not is_valid(). `out` has room for max_datetime_text characters.
inline char* format_datetime(char* out, const local_date& d) noexcept {
  if (!d.is_valid()) return out;
  out = write_digits(out, static_cast<unsigned>(d.year), 4);
  *out++ = '-';
  out = write_digits(out, d.month, 2);
  *out++ = '-';
  return write_digits(out, d.day, 2);
}

inline char* format_datetime(char* out, const local_time& t) noexcept {
  if (!t.is_valid()) return out;
  out = write_digits(out, t.hour, 2);
  *out++ = ':';
  out = write_digits(out, t.minute, 2);
  *out++ = ':';
  out = write_digits(out, t.second, 2);
  if (t.nanosecond != 0) {
    std::uint32_t fraction = t.nanosecond;
    int width = 9;
    for (; fraction % 10 == 0; fraction /= 10) --width;
    *out++ = '.';
    out = write_digits(out, fraction, width);
  }
  return out;
}

inline char* format_datetime(char* out, const local_datetime& dt) noexcept {
  if (!dt.is_valid()) return out;
  out = format_datetime(out, dt.date);
  *out++ = 'T';
  return format_datetime(out, dt.time);
}

inline char* format_datetime(char* out, const offset_datetime& dt) noexcept {
  if (!dt.is_valid()) return out;
  out = format_datetime(out, local_datetime{dt.date, dt.time});
  if (dt.offset_minutes == 0) {
    *out++ = 'Z';
    return out;
  }
  *out++ = dt.offset_minutes < 0 ? '-' : '+';
  const unsigned magnitude = static_cast<unsigned>(dt.offset_minutes < 0 ? -dt.offset_minutes : dt.offset_minutes);
  out = write_digits(out, magnitude / 60, 2);
  *out++ = ':';
  return write_digits(out, magnitude % 60, 2);
}

template <datetime_type T>
T datetime_from(const datetime_parse& parsed) noexcept {
  if constexpr (std::same_as<T, offset_datetime>) {
    return {parsed.date, parsed.time, parsed.offset_minutes};
  } else if constexpr (std::same_as<T, local_datetime>) {
    return {parsed.date, parsed.time};
  } else if constexpr (std::same_as<T, local_date>) {
    return parsed.date;
  } else {
    return parsed.time;
  }
}

template <datetime_type T>
std::string datetime_to_string(const T& dt) {
  char buffer[max_datetime_text];
  return std::string(buffer, format_datetime(buffer, dt));
}

}  // namespace spool::detail

namespace spool {

inline std::string to_string(const local_date& d) { return detail::datetime_to_string(d); }
inline std::string to_string(const local_time& t) { return detail::datetime_to_string(t); }
inline std::string to_string(const local_datetime& dt) { return detail::datetime_to_string(dt); }
inline std::string to_string(const offset_datetime& dt) { return detail::datetime_to_string(dt); }

template <class T>
result<T> parse_datetime(std::string_view text, datetime_text_options options) {
  static_assert(detail::datetime_type<T>, "parse_datetime reads offset_datetime, local_datetime, local_date or local_time");
  constexpr std::string_view wanted = detail::datetime_kind_name(detail::datetime_kind_of<T>);
  const char* first = text.data();
  const detail::datetime_parse parsed = detail::parse_datetime_prefix(first, first + text.size(), options);
  if (parsed.code != errc::ok) return make_error(parsed.code, static_cast<std::size_t>(parsed.ptr - first));
  if (parsed.ptr != first + text.size()) {
    return make_error(errc::invalid_datetime, static_cast<std::size_t>(parsed.ptr - first));
  }
  if (parsed.kind != detail::datetime_kind_of<T>) {
    return make_error(errc::unexpected_type, 0, wanted, detail::datetime_kind_name(parsed.kind));
  }
  return detail::datetime_from<T>(parsed);
}

}  // namespace spool
