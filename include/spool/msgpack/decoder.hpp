// The MessagePack decoder core: a bounds-checked cursor over the input, the error of the document
// being read, and the readers of headers, integers, floats, strings and skipped values that
// reader.hpp builds the type mapping on. Every internal function returns true on success; on
// failure the error (code, offset of the offending byte, expected/found) is in `error` and the
// callers only add path segments while unwinding.
//
//   spool::msgpack::detail::decoder d;
//   d.start(bytes.data(), bytes.size());
//   std::uint32_t n;
//   if (!d.array_header<opts>(n)) return std::move(d.error);
//
// A declared length is checked against the bytes that remain before anyone acts on it, so a
// header claiming four billion elements in a ten-byte input fails before any allocation.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <spool/error.hpp>
#include <spool/detail/config.hpp>
#include <spool/detail/same_bytes.hpp>
#include <spool/detail/utf8.hpp>
#include <spool/msgpack/format.hpp>
#include <spool/msgpack/options.hpp>
#include <spool/msgpack/timestamp.hpp>
#include <spool/reflect.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace spool::msgpack::detail {

namespace fmt = spool::msgpack::format;

// A number read from any integer family: `bits` is the value itself when !negative, the two's
// complement of a negative int64 otherwise.
struct wire_integer {
  std::uint64_t bits;
  bool negative;
};

struct decoder {
  const unsigned char* begin = nullptr;
  const unsigned char* pos = nullptr;
  const unsigned char* end = nullptr;
  std::uint32_t depth = 0;
  spool::error error;
  spool::plan_memo memo;  // kept across documents by the object pool: plan lookups stay local

  // The error stays as the pool hands the decoder out: clean, since reset_for_reuse cleared any
  // error that was not moved out; resetting it here would cost more than a small read.
  void start(const void* data, std::size_t size) noexcept {
    begin = pos = static_cast<const unsigned char*>(data);
    end = begin + size;
    depth = 0;
  }
  // Called by the object pool when a leased decoder comes back.
  void reset_for_reuse() noexcept {
    if (error.code != errc::ok) error = {};
  }

  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end - pos); }
  std::size_t offset_of(const unsigned char* p) const noexcept { return static_cast<std::size_t>(p - begin); }

  // ---- failures (cold) ----

  [[gnu::cold, gnu::noinline]] bool fail(errc code, const unsigned char* at, std::string_view expected = {},
                          std::string_view found = {}) {
    error = spool::make_error(code, offset_of(at), expected, found);
    return false;
  }
  [[gnu::cold, gnu::noinline]] bool truncated() { return fail(errc::unexpected_end, end); }
  // The value at `at` has the wrong family for the target.
  [[gnu::cold, gnu::noinline]] bool mismatch(const unsigned char* at, std::string_view expected) {
    return fail(*at == fmt::never_used ? errc::syntax : errc::unexpected_type, at, expected,
                fmt::family_name(fmt::family_of(*at)));
  }
  [[gnu::cold, gnu::noinline]] bool too_large(const unsigned char* at, std::size_t n, std::size_t limit) {
    fail(errc::size_exceeded, at);
    error.detail = std::to_string(n) + " exceeds the limit of " + std::to_string(limit);
    return false;
  }

  // ---- nesting ----

  template <read_options O>
  [[gnu::always_inline]] bool enter() {
    if (++depth > O.max_depth) [[unlikely]] {
      fail(errc::depth_exceeded, pos);
      error.detail = "nesting deeper than " + std::to_string(O.max_depth);
      return false;
    }
    return true;
  }
  void leave() noexcept { --depth; }

  // ---- fixed-width fields ----

  [[gnu::always_inline]] bool need(std::size_t n) { return remaining() >= n ? true : truncated(); }

  // A length field of sizeof(U) bytes after the format byte.
  template <class U>
  [[gnu::always_inline]] bool length(std::size_t& n) {
    if (!need(sizeof(U))) return false;
    n = format::load_be<U>(pos);
    pos += sizeof(U);
    return true;
  }

  // Length of the str/bin/ext payload announced by format byte b, whose 8/16/32-bit forms sit at
  // tag8, tag8+1, tag8+2. Returns false for another byte without setting an error.
  [[gnu::always_inline]] bool sized(std::uint8_t b, std::uint8_t tag8, std::size_t& n, bool& ok) {
    switch (b - tag8) {
      case 0: ok = length<std::uint8_t>(n); return true;
      case 1: ok = length<std::uint16_t>(n); return true;
      case 2: ok = length<std::uint32_t>(n); return true;
      default: return false;
    }
  }

  // The payload of n bytes that follows; `at` is its header for the error offset.
  [[gnu::always_inline]] bool payload(const unsigned char* at, std::size_t n, std::size_t limit,
                                      const unsigned char*& data) {
    if (n > remaining()) [[unlikely]] return cut_short(n);
    if (n > limit) [[unlikely]] return too_large(at, n, limit);
    data = pos;
    pos += n;
    return true;
  }
  [[gnu::cold, gnu::noinline]] bool cut_short(std::size_t n) {
    fail(errc::unexpected_end, end);
    error.detail = "a length of " + std::to_string(n) + " with " + std::to_string(remaining()) + " bytes left";
    return false;
  }

  // ---- containers ----

  // Element count of an array (map when Map): every element takes at least one byte, a map entry
  // two, so a count the remaining bytes cannot hold is a truncated document.
  template <read_options O, bool Map>
  [[gnu::noinline]] bool count_after(const unsigned char* at, std::uint8_t b, std::uint32_t& n) {
    constexpr std::uint8_t fix = Map ? fmt::fixmap : fmt::fixarray;
    constexpr std::uint8_t tag16 = Map ? fmt::map16 : fmt::array16;
    std::size_t count;
    if ((b & 0xf0) == fix) {
      count = b & 0x0f;
    } else if (b == tag16) {
      if (!length<std::uint16_t>(count)) return false;
    } else if (b == tag16 + 1) {
      if (!length<std::uint32_t>(count)) return false;
    } else {
      return mismatch(at, Map ? "map" : "array");
    }
    if (count > remaining() / (Map ? 2 : 1)) [[unlikely]] {
      fail(errc::unexpected_end, end);
      error.detail = std::to_string(count) + (Map ? " entries" : " elements") + " announced with " +
                     std::to_string(remaining()) + " bytes left";
      return false;
    }
    if (count > O.max_container_size) [[unlikely]] return too_large(at, count, O.max_container_size);
    n = static_cast<std::uint32_t>(count);
    return true;
  }
  // The fix forms (up to 15 elements) are nearly every container in practice: they are checked
  // inline, everything else (and every failure) goes through count_after.
  template <read_options O>
  [[gnu::always_inline]] bool array_header(std::uint32_t& n) {
    return header<O, false>(n);
  }
  template <read_options O>
  [[gnu::always_inline]] bool map_header(std::uint32_t& n) {
    return header<O, true>(n);
  }
  template <read_options O, bool Map>
  [[gnu::always_inline]] bool header(std::uint32_t& n) {
    if (pos == end) [[unlikely]] return truncated();
    const unsigned char* at = pos++;
    const std::uint8_t b = *at;
    if ((b & 0xf0) == (Map ? fmt::fixmap : fmt::fixarray)) {
      const std::uint32_t count = b & 0x0f;
      if (count * (Map ? 2u : 1u) <= remaining() && count <= O.max_container_size) [[likely]] {
        n = count;
        return true;
      }
    }
    return count_after<O, Map>(at, b, n);
  }

  // ---- scalars ----

  bool nil_next() const noexcept { return pos != end && *pos == fmt::nil; }

  // Any integer family, the format byte already taken (at == pos - 1).
  bool integer_after(const unsigned char* at, wire_integer& v) {
    const std::uint8_t b = *at;
    if (b <= fmt::positive_fixint_max) {
      v = {b, false};
      return true;
    }
    if (b >= fmt::negative_fixint_min) {
      v = {static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(b))), true};
      return true;
    }
    switch (b) {
      case fmt::uint8: return unsigned_field<std::uint8_t>(v);
      case fmt::uint16: return unsigned_field<std::uint16_t>(v);
      case fmt::uint32: return unsigned_field<std::uint32_t>(v);
      case fmt::uint64: return unsigned_field<std::uint64_t>(v);
      case fmt::int8: return signed_field<std::int8_t, std::uint8_t>(v);
      case fmt::int16: return signed_field<std::int16_t, std::uint16_t>(v);
      case fmt::int32: return signed_field<std::int32_t, std::uint32_t>(v);
      case fmt::int64: return signed_field<std::int64_t, std::uint64_t>(v);
      default: return mismatch(at, "integer");
    }
  }

  // A sized integer (uint8..int64) at `at`, with 8 bytes after its format byte, read inline and
  // moved past: the big-endian word after the byte shifted down to its width (logically for uint,
  // arithmetically for int), the width being 1 << (byte & 3) for both families.
  [[gnu::always_inline]] wire_integer sized_integer(const unsigned char* at) noexcept {
    const std::uint8_t b = *at;
    const unsigned width = 1u << (b & 3);
    const unsigned shift = 64 - 8 * width;
    const auto word = format::load_be<std::uint64_t>(at + 1);
    pos = at + 1 + width;
    if (b < fmt::int8) return {word >> shift, false};
    const std::int64_t s = static_cast<std::int64_t>(word) >> shift;
    return {static_cast<std::uint64_t>(s), s < 0};
  }
  // Whether sized_integer can read the integer whose format byte, at pos, is `b`.
  bool sized_integer_inline(std::uint8_t b) const noexcept {
    return b >= fmt::uint8 && b <= fmt::int64 && remaining() > sizeof(std::uint64_t);
  }

  // Any integer into T, range-checked. Positive fixints, and the eight sized forms when 8 bytes
  // follow the format byte (sized_integer), are read inline.
  template <class T>
  [[gnu::always_inline]] bool integral(T& out) {
    if (!need(1)) return false;
    const unsigned char* at = pos;
    const std::uint8_t b = *at;
    if constexpr (std::numeric_limits<T>::max() >= fmt::positive_fixint_max) {
      if (b <= fmt::positive_fixint_max) {  // the common case of small counts and ids
        out = static_cast<T>(b);
        pos = at + 1;
        return true;
      }
    }
    if constexpr (spool::detail::msgpack_inline_integers) {
      if (sized_integer_inline(b)) return fit(at, sized_integer(at), out);
    }
    pos = at + 1;
    wire_integer v;
    if (!integer_after(at, v)) return false;
    return fit(at, v, out);
  }

  template <class T>
  [[gnu::always_inline]] bool fit(const unsigned char* at, wire_integer v, T& out) {
    // std::in_range takes no character types; their signed/unsigned twins have the same range.
    using N = std::conditional_t<std::is_signed_v<T>, std::make_signed_t<T>, std::make_unsigned_t<T>>;
    if (v.negative ? std::in_range<N>(static_cast<std::int64_t>(v.bits)) : std::in_range<N>(v.bits)) [[likely]] {
      out = v.negative ? static_cast<T>(static_cast<std::int64_t>(v.bits)) : static_cast<T>(v.bits);
      return true;
    }
    return out_of_range<T>(at, v);
  }
  template <class T>
  [[gnu::cold, gnu::noinline]] bool out_of_range(const unsigned char* at, wire_integer v) {
    fail(errc::out_of_range, at, "integer");
    error.detail = (v.negative ? std::to_string(static_cast<std::int64_t>(v.bits)) : std::to_string(v.bits)) +
                   " does not fit the target's range " + std::to_string(std::numeric_limits<T>::min()) + ".." +
                   std::to_string(std::numeric_limits<T>::max());
    return false;
  }

  // float32, float64, or an integer (converted to the nearest representable value). A float64
  // into a double, what coordinates and measurements are, is taken inline: one test, one load.
  template <class F>
  [[gnu::always_inline]] bool floating(F& out) {
    if constexpr (std::is_same_v<F, double> && spool::detail::msgpack_inline_float64) {
      if (remaining() > sizeof(double) && *pos == fmt::float64) [[likely]] {
        const auto bits = format::load_be<std::uint64_t>(pos + 1);
        std::memcpy(&out, &bits, sizeof out);
        pos += 1 + sizeof(double);
        return true;
      }
    }
    return any_floating(out);
  }
  template <class F>
  bool any_floating(F& out) {
    if (!need(1)) return false;
    const unsigned char* at = pos++;
    if (*at == fmt::float64) {
      double d;
      if (!ieee<std::uint64_t>(d)) return false;
      if constexpr (sizeof(F) < sizeof(double)) {
        // Only finite values can overflow: infinities and NaN have float forms.
        if (std::isfinite(d) && (d > std::numeric_limits<F>::max() || d < std::numeric_limits<F>::lowest())) {
          return fail(errc::out_of_range, at, "float");
        }
      }
      out = static_cast<F>(d);
      return true;
    }
    if (*at == fmt::float32) {
      float f;
      if (!ieee<std::uint32_t>(f)) return false;
      out = static_cast<F>(f);
      return true;
    }
    wire_integer v{};  // initialized: g++ 12 -O3 may warn it is used uninitialized once inlined
    if (fmt::family_of(*at) != fmt::family::integer) return mismatch(at, "float");
    if (!integer_after(at, v)) return false;
    out = v.negative ? static_cast<F>(static_cast<std::int64_t>(v.bits)) : static_cast<F>(v.bits);
    return true;
  }

  [[gnu::always_inline]] bool boolean(bool& out) {
    if (!need(1)) return false;
    const unsigned char* at = pos++;
    if (*at == fmt::true_ || *at == fmt::false_) {
      out = *at == fmt::true_;
      return true;
    }
    return mismatch(at, "boolean");
  }

  // ---- str, bin, ext ----

  // A str, validated as UTF-8 when the options ask for it; the view points into the input.
  template <read_options O>
  [[gnu::always_inline]] bool str(std::string_view& out) {
#if defined(__SSE2__)
    if constexpr (spool::detail::msgpack_short_strings) {
      // A fixstr (up to 31 bytes: most strings of a document) with 32 bytes after its format byte
      // in the input: its text is checked for ASCII by one 32-byte mask, the bytes past its length
      // dropped, with no length or bounds test beyond the one of 33 bytes and no loop; a
      // non-ASCII byte sends the rest of the text to the block check.
      if (remaining() > 32 && (*pos & 0xe0) == fmt::fixstr) [[likely]] {
        const std::size_t n = *pos & 0x1f;
        if (n <= O.max_string_length) [[likely]] {
          const char* text = reinterpret_cast<const char*>(pos + 1);
          pos += 1 + n;
          out = {text, n};
          if constexpr (O.validate_utf8) {
            const unsigned high = ascii_mask32(text) & ((1u << n) - 1);
            if (high != 0) [[unlikely]] return utf8_rest(text + std::countr_zero(high), text + n);
          }
          return true;
        }
      }
      // A str8 (up to 255 bytes) with 32 bytes of input after its end: 32 bytes per mask, the last
      // one cut to the text's end, with no bounds test of its own.
      if (remaining() > 2 + 255 + 32 && *pos == fmt::str8) {
        const std::size_t n = pos[1];
        if (n <= O.max_string_length) [[likely]] {
          const char* text = reinterpret_cast<const char*>(pos + 2);
          const char* last = text + n;
          pos += 2 + n;
          out = {text, n};
          if constexpr (O.validate_utf8) {
            for (const char* p = text;; p += 32) {
              unsigned high = ascii_mask32(p);
              const auto left = static_cast<std::size_t>(last - p);
              if (left < 32) high &= (1u << left) - 1;
              if (high != 0) [[unlikely]] return utf8_rest(p + std::countr_zero(high), last);
              if (left <= 32) return true;
            }
          }
          return true;
        }
      }
    }
#endif
    if (!need(1)) return false;
    const unsigned char* at = pos++;
    const std::uint8_t b = *at;
    std::size_t n = 0;
    if ((b & 0xe0) == fmt::fixstr) {
      n = b & 0x1f;
    } else {
      bool ok = false;
      if (!sized(b, fmt::str8, n, ok)) return mismatch(at, "string");
      if (!ok) return false;
    }
    const unsigned char* data = nullptr;
    if (!payload(at, n, O.max_string_length, data)) return false;
    out = {reinterpret_cast<const char*>(data), n};
    if constexpr (O.validate_utf8) return utf8(out.data(), out.data() + n);
    return true;
  }

  // Whether [p, last) is well-formed UTF-8 (invalid_utf8 at the first bad byte when not). ASCII is
  // skipped a word at a time; from the first byte above 0x7F the rest goes to the block check,
  // which takes runs of CJK text 16 bytes per step, and only an invalid string is walked again
  // sequence by sequence to find where.
  [[gnu::always_inline]] bool utf8(const char* p, const char* last) {
#if defined(__SSE2__)
    // 16 bytes per load, inline; the last few of a string are read with the input's bytes after
    // them when the input has that many (they are never used), so most strings need no tail loop.
    const auto high_bits = [](const char* at) {
      return static_cast<unsigned>(_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at))));
    };
    for (;; p += 16) {
      if (last - p >= 16) {
        if (const unsigned high = high_bits(p); high != 0) {
          p += std::countr_zero(high);
          break;
        }
        continue;
      }
      if (p == last) return true;
      if (end - reinterpret_cast<const unsigned char*>(p) < 16) {
        p = spool::detail::skip_ascii(p, last);
        if (p == last) return true;
        break;
      }
      const unsigned high = high_bits(p) & ((1u << static_cast<unsigned>(last - p)) - 1);
      if (high == 0) [[likely]] return true;
      p += std::countr_zero(high);
      break;
    }
#else
    p = spool::detail::skip_ascii(p, last);
    if (p == last) [[likely]] return true;
#endif
    return utf8_rest(p, last);
  }

  // The high bits of the 32 bytes at p (all readable), one per byte.
#if defined(__SSE2__)
  [[gnu::always_inline]] static unsigned ascii_mask32(const char* p) noexcept {
#if defined(__AVX2__)
    return static_cast<unsigned>(_mm256_movemask_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
#else
    const auto lo = static_cast<unsigned>(_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
    const auto hi = static_cast<unsigned>(_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16))));
    return lo | hi << 16;
#endif
  }
#endif

  // Whether [p, last), which starts at a byte above 0x7F, is well-formed UTF-8 (invalid_utf8 at
  // the first bad byte when not).
  [[gnu::noinline]] bool utf8_rest(const char* p, const char* last) {
#if defined(__SSSE3__)
    if constexpr (spool::detail::msgpack_block_utf8) {
      if (spool::detail::valid_utf8_blocks(p, last, reinterpret_cast<const char*>(end))) return true;
    }
#endif
    const char* bad = spool::detail::find_invalid_utf8(p, last);
    if (bad == last) return true;
    return fail(errc::invalid_utf8, reinterpret_cast<const unsigned char*>(bad));
  }

  // Whether the next value is the fixstr of `name` (the form writers give every key under 32
  // bytes); if so the cursor moves past it. Only bytes inside the input are compared, and a key
  // equal to a declared name needs no UTF-8 check of its own.
  template <read_options O>
  [[gnu::always_inline]] bool next_is_key(std::string_view name) noexcept {
    const std::size_t n = name.size();
    if (n > 31 || n > O.max_string_length || remaining() <= n || *pos != (fmt::fixstr | n)) return false;
    if (!spool::detail::same_bytes(reinterpret_cast<const char*>(pos + 1), name.data(), n)) return false;
    pos += n + 1;
    return true;
  }

  // Whether the input at `p` (a cursor the caller holds, a local that can stay in a register; `e`
  // the end) continues with `bytes` (a field's key as written, made at compile time) and at least
  // one byte more (its value); if so `p` moves past them. Compared a word at a time with
  // constants, the last word overlapping the one before: no call, no loop.
  template <std::size_t N>
  [[gnu::always_inline]] static bool next_is_at(const unsigned char*& p, const unsigned char* e,
                                                const std::array<unsigned char, N>& bytes) noexcept {
    if (static_cast<std::size_t>(e - p) <= N) return false;
    return next_is_within(p, bytes);
  }
  // next_is_at for a caller that knows more than N bytes are left at p.
  template <std::size_t N>
  [[gnu::always_inline]] static bool next_is_within(const unsigned char*& p,
                                                    const std::array<unsigned char, N>& bytes) noexcept {
    if (!spool::detail::same_as_constant(p, bytes)) return false;
    p += N;
    return true;
  }

  // A bin, or a str taken as its bytes; the view points into the input.
  template <read_options O>
  bool bytes(const unsigned char*& data, std::size_t& n) {
    if (!need(1)) return false;
    const unsigned char* at = pos++;
    const std::uint8_t b = *at;
    if ((b & 0xe0) == fmt::fixstr) {
      n = b & 0x1f;
    } else {
      bool ok = false;
      if (!sized(b, fmt::bin8, n, ok) && !sized(b, fmt::str8, n, ok)) return mismatch(at, "binary");
      if (!ok) return false;
    }
    return payload(at, n, O.max_string_length, data);
  }

  // An extension of any type; `at` receives the format byte's position for later errors.
  template <read_options O>
  bool ext(std::int8_t& type, const unsigned char*& data, std::size_t& n, const unsigned char*& at) {
    if (!need(1)) return false;
    at = pos++;
    const std::uint8_t b = *at;
    if (b >= fmt::fixext1 && b <= fmt::fixext16) {
      n = std::size_t{1} << (b - fmt::fixext1);
    } else {
      bool ok = false;
      if (!sized(b, fmt::ext8, n, ok)) return mismatch(at, "extension");
      if (!ok) return false;
    }
    if (!need(1)) return false;
    type = static_cast<std::int8_t>(*pos++);
    return payload(at, n, O.max_string_length, data);
  }

  template <read_options O>
  bool timestamp(spool::msgpack::timestamp& t) {
    std::int8_t type = 0;
    const unsigned char* data = nullptr;
    const unsigned char* at = nullptr;
    std::size_t n = 0;
    if (!ext<O>(type, data, n, at)) return false;
    if (type != fmt::timestamp_type) return fail(errc::unexpected_type, at, "timestamp", "extension");
    return detail::decode_timestamp(data, n, t) || bad_timestamp(at, n);
  }
  [[gnu::cold]] bool bad_timestamp(const unsigned char* at, std::size_t n) {
    fail(errc::invalid_datetime, at, "timestamp");
    error.detail = n == 4 || n == 8 || n == 12 ? "nanoseconds above 999999999"
                                               : "a payload of " + std::to_string(n) + " bytes (4, 8 or 12 expected)";
    return false;
  }

  // ---- skipping ----

  // Steps over one complete value of any kind. A counter of values still to skip replaces
  // recursion, so nesting costs no stack.
  template <read_options O>
  bool skip() {
    std::uint64_t pending = 1;
    do {
      --pending;
      if (!need(1)) return false;
      const unsigned char* at = pos++;
      const std::uint8_t b = *at;
      std::size_t n = 0;  // payload bytes after the header
      if (b <= fmt::positive_fixint_max || b >= fmt::negative_fixint_min) continue;
      if (b < fmt::fixstr) {
        std::uint32_t count;
        const bool map = b < fmt::fixarray;
        if (!(map ? count_after<O, true>(at, b, count) : count_after<O, false>(at, b, count))) return false;
        pending += map ? 2 * std::uint64_t{count} : count;
        continue;
      }
      if (b < fmt::nil) {
        n = b & 0x1f;
      } else {
        switch (b) {
          case fmt::nil:
          case fmt::false_:
          case fmt::true_: continue;
          case fmt::never_used: return mismatch(at, "a value");
          case fmt::uint8:
          case fmt::int8: n = 1; break;
          case fmt::uint16:
          case fmt::int16: n = 2; break;
          case fmt::float32:
          case fmt::uint32:
          case fmt::int32: n = 4; break;
          case fmt::float64:
          case fmt::uint64:
          case fmt::int64: n = 8; break;
          case fmt::fixext1:
          case fmt::fixext2:
          case fmt::fixext4:
          case fmt::fixext8:
          case fmt::fixext16: n = 1 + (std::size_t{1} << (b - fmt::fixext1)); break;
          case fmt::array16:
          case fmt::array32:
          case fmt::map16:
          case fmt::map32: {
            std::uint32_t count;
            const bool map = b >= fmt::map16;
            if (!(map ? count_after<O, true>(at, b, count) : count_after<O, false>(at, b, count))) return false;
            pending += map ? 2 * std::uint64_t{count} : count;
            continue;
          }
          default: {  // str, bin and ext with explicit lengths
            bool ok = false;
            if (!sized(b, fmt::str8, n, ok) && !sized(b, fmt::bin8, n, ok) && !sized(b, fmt::ext8, n, ok)) {
              return mismatch(at, "a value");
            }
            if (!ok) return false;
            if (b >= fmt::ext8 && b <= fmt::ext32) ++n;  // the type byte
            break;
          }
        }
      }
      const unsigned char* data = nullptr;
      if (!payload(at, n, std::numeric_limits<std::size_t>::max(), data)) return false;
    } while (pending != 0);
    return true;
  }

 private:
  template <class U>
  bool unsigned_field(wire_integer& v) {
    if (!need(sizeof(U))) return false;
    v = {format::load_be<U>(pos), false};
    pos += sizeof(U);
    return true;
  }
  // The big-endian bits of a float32 (U = uint32) or float64 (U = uint64) as F.
  template <class U, class F>
  bool ieee(F& out) {
    static_assert(sizeof(U) == sizeof(F));
    if (!need(sizeof(U))) return false;
    const auto bits = format::load_be<U>(pos);
    pos += sizeof(U);
    std::memcpy(&out, &bits, sizeof out);
    return true;
  }
  template <class S, class U>
  bool signed_field(wire_integer& v) {
    if (!need(sizeof(U))) return false;
    const auto s = static_cast<std::int64_t>(static_cast<S>(format::load_be<U>(pos)));
    pos += sizeof(U);
    v = {static_cast<std::uint64_t>(s), s < 0};
    return true;
  }
};

}  // namespace spool::msgpack::detail
