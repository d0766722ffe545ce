// What every format's stream reader does, over a format policy: find the next value, decode it
// optimistically over the bytes held, fall back to the format's boundary scanner when the value
// may be cut off, and keep the window's promises (pool, bounds, sticky errors, stream offsets).
//
// A format policy F provides
//   using decoder = ...;                       a leased decoder (spool::lease_object) with a
//                                              public `spool::error error` and reset_for_reuse()
//   using boundary = ...;                      scan(std::string_view, bool at_end) -> boundary_status,
//                                              length(): resumable, see json/value_boundary.hpp
//   static constexpr std::size_t max_value;    read_options::max_input_size
//   static constexpr bool track_lines;         text formats count lines for their errors
//   template <class T> static constexpr bool accepts;   false for targets that borrow the input
//   static std::size_t separators(std::string_view, bool at_end, bool& cut_off);
//   template <class T> static bool first_value(decoder&, std::string_view, T&, std::size_t& length);
//   static bool known_complete(std::string_view held, std::size_t length);  value ends there for sure
//   static bool decisive(const spool::error&);  the error cannot be cured by more bytes
//   static spool::error no_value();             what read() at the end of the input says
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <spool/detail/pool/object_pool.hpp>
#include <spool/detail/stream/source.hpp>
#include <spool/detail/stream/window.hpp>
#include <spool/error.hpp>

namespace spool::detail::stream {

enum class boundary_status : unsigned char { complete, incomplete, invalid };

template <class F>
class value_stream {
 public:
  explicit value_stream(source src) : window_(std::move(src), F::max_value, F::track_lines) {}
  value_stream(const value_stream&) = delete;
  value_stream& operator=(const value_stream&) = delete;

  // True when a value follows (reading ahead over separators as needed), or an error is waiting
  // to be returned by read().
  bool more() {
    if (window_.failed()) return !reported_;
    if (to_value()) return true;
    return window_.failed();
  }

  // Reads the next value into `out`. On an error `out` is valid but unspecified (partly read).
  template <class T>
  spool::error read(T& out) {
    static_assert(F::template accepts<T>,
                  "the stream reader's buffer moves: read std::string (or an owning byte container) "
                  "instead of std::string_view / std::span members");
    if (!window_.failed()) {
      if (!to_value()) {
        if (!window_.failed()) fail(F::no_value());
      } else if (decode(out)) {
        return {};
      }
    }
    reported_ = true;
    return window_.error();
  }

  template <class T>
    requires std::is_default_constructible_v<T>
  spool::result<T> read() {
    T out{};
    if (spool::error e = read(out)) return e;
    return out;
  }

  // Bytes of the stream consumed: the values read and the separators after them.
  std::size_t input_offset() const noexcept { return window_.input_offset(); }
  // The error every call now returns (errc::ok while there is none).
  const spool::error& error() const noexcept { return window_.error(); }
  // Capacity of the buffer held now (0 between bursts) and the largest it has had.
  std::size_t buffer_capacity() const noexcept { return window_.capacity(); }
  std::size_t peak_buffer_capacity() const noexcept { return window_.peak_capacity(); }

 private:
  using decoder = typename F::decoder;

  // Skips separators, reading as needed; true when a value starts at the front of the window.
  bool to_value() {
    for (;;) {
      bool cut = false;
      window_.consume(F::separators(window_.pending(), window_.at_end(), cut));
      const bool empty = window_.pending().empty();
      if (!cut && !empty) return true;
      if (empty) window_.settle();  // only separators: the buffer goes back to the pool
      if (!window_.fill() && (window_.failed() || window_.pending().empty())) return false;
    }
  }

  // The value at the front of the window. When the window holds plenty (twice the previous
  // value's length, or the input has ended), it is decoded optimistically over everything held:
  // one pass. When the window may end inside it, or that attempt fails with an error more bytes
  // might cure, the boundary scanner (far cheaper than decoding) finds its end first, reading
  // more as needed, and the value is decoded over exactly its bytes, so that results and errors
  // are those of reading the value alone, except that errc::unexpected_end is reported only at
  // the end of the input. Scanning first near the tail saves the decode that a cut-off value
  // would waste, which on a stream of similar messages is one in every few.
  template <class T>
  bool decode(T& out) {
    decoder& d = lease();
    std::string_view held = window_.pending();
    std::size_t length = 0;
    if (window_.at_end() || held.size() / 2 >= recent_length_) {
      if (F::first_value(d, held, out, length)) {
        if (window_.at_end() || F::known_complete(held, length)) return finish(length);
      } else if (window_.at_end() || F::decisive(d.error)) {
        return fail_from(d);
      }
      d.reset_for_reuse();  // drop what the first attempt left behind
    }
    typename F::boundary scanner{};
    for (;;) {
      held = window_.pending();
      const boundary_status b = scanner.scan(held, window_.at_end());
      if (b == boundary_status::complete) {
        held = held.substr(0, scanner.length());
        break;
      }
      if (b == boundary_status::invalid || window_.at_end()) break;  // the decoder says what is wrong
      if (held.size() > F::max_value) return too_large();
      if (!window_.fill() && window_.failed()) return false;
    }
    // The decoder may need more bytes than the scanner looked at (JSON's \u takes four more, which
    // the scanner steps over as string bytes, so they may be cut off before the byte it found
    // invalid, or hold the closing quote): its errc::unexpected_end stands only at the end of the
    // input. Before that, it is decoded again over everything held, reading more when that was
    // all, so that the error is the one a read of the whole stream gives.
    for (;;) {
      if (F::first_value(d, held, out, length)) return finish(length);
      if (d.error.code != errc::unexpected_end) return fail_from(d);
      if (held.size() == window_.pending().size()) {
        if (window_.at_end()) return fail_from(d);
        if (held.size() > F::max_value) return too_large();
        if (!window_.fill()) return window_.failed() ? false : fail_from(d);  // the end: the error stands
      }
      d.reset_for_reuse();
      held = window_.pending();
    }
  }

  bool finish(std::size_t length) {
    if (length > F::max_value) return too_large();
    window_.consume(length);
    recent_length_ = length;
    bool cut = false;
    window_.consume(F::separators(window_.pending(), window_.at_end(), cut));
    window_.settle();
    return true;
  }

  bool too_large() {
    spool::error e = spool::make_error(errc::size_exceeded, 0);
    e.detail = "value larger than read_options::max_input_size";
    return fail(std::move(e));
  }

  bool fail_from(decoder& d) {
    spool::error e = std::move(d.error);
    decoder_ = {};
    return fail(std::move(e));
  }

  // `e` counts its offset from the front of the window.
  bool fail(spool::error e) {
    window_.locate(e);
    window_.fail(std::move(e));
    return false;
  }

  decoder& lease() {
    if (!decoder_) decoder_ = spool::lease_object<decoder>();
    return *decoder_;
  }

  window window_;
  spool::object_lease<decoder> decoder_;
  std::size_t recent_length_ = 0;  // of the last value read
  bool reported_ = false;
};

}  // namespace spool::detail::stream
