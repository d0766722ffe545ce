// The MessagePack timestamp extension (type -1) in its three payload sizes:
//
//   4 bytes   uint32 seconds                                   0 <= s < 2^32, no nanoseconds
//   8 bytes   uint64: 30-bit nanoseconds << 34 | 34-bit seconds  0 <= s < 2^34
//   12 bytes  uint32 nanoseconds, then int64 seconds            everything else
//
// std::chrono::sys_time values of any integer duration are read and written through this header;
// spool::msgpack::timestamp holds the whole int64-seconds range when sys_time<nanoseconds> (about
// years 1678..2262) is too small:
//
//   spool::msgpack::timestamp t = spool::msgpack::timestamp::from(std::chrono::system_clock::now());
//   std::string bytes = spool::msgpack::write(t);   // d7 ff ... (timestamp 64)
#pragma once

#include <chrono>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <ratio>

#include <spool/detail/datetime_calendar.hpp>
#include <spool/msgpack/format.hpp>

namespace spool::msgpack {

// An instant as the wire holds it: seconds since 1970-01-01T00:00:00Z and nanoseconds within it.
struct timestamp {
  std::int64_t seconds = 0;
  std::uint32_t nanoseconds = 0;  // 0..999'999'999

  friend constexpr bool operator==(const timestamp&, const timestamp&) = default;
  friend constexpr auto operator<=>(const timestamp&, const timestamp&) = default;

  // Floors to whole seconds, so an instant before 1970 keeps a non-negative nanosecond part.
  template <class Duration>
  static constexpr timestamp from(std::chrono::sys_time<Duration> tp) noexcept {
    auto whole = std::chrono::floor<std::chrono::seconds>(tp);
    auto fraction = std::chrono::duration_cast<std::chrono::nanoseconds>(tp - whole);
    return {static_cast<std::int64_t>(whole.time_since_epoch().count()),
            static_cast<std::uint32_t>(fraction.count())};
  }

  // The same instant as sys_time<Duration>; false when Duration cannot hold it exactly (out of its
  // range, or finer than its tick: 1.5 s does not fit sys_time<seconds>).
  template <class Duration>
  constexpr bool to(std::chrono::sys_time<Duration>& out) const noexcept {
    using period = typename Duration::period;
    // to_duration floors to the tick; a timestamp converts only when nothing is lost.
    if constexpr (period::den == 1) {
      if (nanoseconds != 0 || seconds % period::num != 0) return false;
    } else if constexpr (period::den < spool::detail::nanos_per_second) {
      if (nanoseconds % (spool::detail::nanos_per_second / period::den) != 0) return false;
    }
    Duration since_epoch{};
    if (!spool::detail::to_duration(seconds, nanoseconds, since_epoch)) return false;
    out = std::chrono::sys_time<Duration>(since_epoch);
    return true;
  }
};

namespace detail {

inline constexpr std::uint32_t max_nanoseconds = 999'999'999;

// The smallest payload for t, written to out; returns its size (4, 8 or 12).
inline std::size_t encode_timestamp(timestamp t, unsigned char* out) noexcept {
  if (t.seconds >= 0 && (static_cast<std::uint64_t>(t.seconds) >> 34) == 0) {
    auto s = static_cast<std::uint64_t>(t.seconds);
    if (t.nanoseconds == 0 && (s >> 32) == 0) {
      format::store_be(out, static_cast<std::uint32_t>(s));
      return 4;
    }
    format::store_be(out, static_cast<std::uint64_t>(t.nanoseconds) << 34 | s);
    return 8;
  }
  format::store_be(out, t.nanoseconds);
  format::store_be(out + 4, static_cast<std::uint64_t>(t.seconds));
  return 12;
}

// Decodes a payload of `size` bytes; false for a size other than 4, 8 or 12 or nanoseconds past
// 999'999'999, which the specification forbids.
inline bool decode_timestamp(const unsigned char* p, std::size_t size, timestamp& t) noexcept {
  switch (size) {
    case 4:
      t = {static_cast<std::int64_t>(format::load_be<std::uint32_t>(p)), 0};
      return true;
    case 8: {
      auto packed = format::load_be<std::uint64_t>(p);
      t = {static_cast<std::int64_t>(packed & ((std::uint64_t{1} << 34) - 1)),
           static_cast<std::uint32_t>(packed >> 34)};
      return t.nanoseconds <= max_nanoseconds;
    }
    case 12:
      t = {static_cast<std::int64_t>(format::load_be<std::uint64_t>(p + 4)), format::load_be<std::uint32_t>(p)};
      return t.nanoseconds <= max_nanoseconds;
    default: return false;
  }
}

}  // namespace detail
}  // namespace spool::msgpack
