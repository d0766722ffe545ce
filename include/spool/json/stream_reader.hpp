// spool::json::stream_reader: JSON values one at a time from a stream, in bounded memory.
//
//   spool::json::stream_reader in{std::cin};          // or a file descriptor, or a callback
//   while (in.more()) {
//     event e;
//     if (spool::error err = in.read(e)) { std::cerr << err.message() << '\n'; break; }
//     handle(e);
//   }
//   auto v = in.read<spool::value>();                 // spool::result<spool::value>
//   in.input_offset();                                // bytes consumed so far
//
// Values are separated by any whitespace (NDJSON is one case; "1 2 3" and `"a" true null` are
// streams of top-level scalars), and by comments when read_options::comments allows them. Each
// value is read as json::read would read it alone: the same results and the same errors, with
// the error's offset, line and column counted from the start of the stream (a column counts
// bytes for the part of a line that was dropped from the buffer already) and the path as usual.
//
// Sources (detail/stream/source.hpp): a std::istream, a file descriptor (POSIX), or a callback
// `std::size_t(std::span<std::byte>)` that fills a prefix of the span and returns its length,
// 0 at the end of the input, spool::stream_stall for "nothing yet, ask again". Short reads are
// never taken for the end; the end inside a value is errc::unexpected_end.
//
// Memory: one buffer, leased from the pool when the first read needs it and given back whenever
// only whitespace remains, so a reader between bursts holds nothing. Its capacity stays below
// twice the largest value plus the initial 16 KiB; buffers past 1 MiB go back to the allocator.
// A value larger than read_options::max_input_size is errc::size_exceeded without being read
// further (set it for streams from untrusted peers); nesting past max_depth fails as it arrives.
// buffer_capacity() and peak_buffer_capacity() say what the reader holds and has held.
//
// more() is true while a value follows or an error has not yet been returned by read(); read()
// at the end of the input is errc::empty_input. Errors are sticky: once read() fails, every
// later read() returns the same error, and the buffer is released. On an error the target object
// is in a valid but unspecified state (partly read); on success it holds exactly what a direct
// json::read into it would leave, also after the reader first tried a value that was cut off.
// std::string_view members are refused at compile time: the buffer they would point into moves.
#pragma once

#include <cstddef>
#include <istream>
#include <string_view>
#include <type_traits>
#include <utility>

#include <spool/detail/number_parse.hpp>
#include <spool/detail/pool/object_pool.hpp>
#include <spool/detail/stream/source.hpp>
#include <spool/detail/stream/window.hpp>
#include <spool/error.hpp>
#include <spool/json/options.hpp>
#include <spool/json/reader.hpp>
#include <spool/json/value_boundary.hpp>
#include <spool/msgpack/reader.hpp>  // borrows_input: the same question for every format

namespace spool::json {

template <read_options Opts = read_options{}>
class stream_reader {
 public:
  explicit stream_reader(std::istream& in) : window_(spool::detail::stream::source(in), Opts.max_input_size, true) {}
  explicit stream_reader(int fd) : window_(spool::detail::stream::source(fd), Opts.max_input_size, true) {}
  explicit stream_reader(spool::stream_callback read)
      : window_(spool::detail::stream::source(std::move(read)), Opts.max_input_size, true) {}
  stream_reader(const stream_reader&) = delete;
  stream_reader& operator=(const stream_reader&) = delete;

  // True when a value follows (reading ahead over whitespace as needed), or an error is waiting
  // to be returned by read().
  bool more() {
    if (window_.failed()) return !reported_;
    if (to_value()) return true;
    return window_.failed();
  }

  // Reads the next value into `out`.
  template <class T>
  spool::error read(T& out) {
    static_assert(!spool::msgpack::detail::borrows_input<T>(),
                  "the stream reader's buffer moves: read std::string instead of std::string_view");
    if (!window_.failed()) {
      if (!to_value()) {
        if (!window_.failed()) fail(spool::make_error(errc::empty_input, 0, "a JSON value", "end of input"));
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

  // Bytes of the stream consumed: the values read and the whitespace after them.
  std::size_t input_offset() const noexcept { return window_.input_offset(); }
  // The error every call now returns (errc::ok while there is none).
  const spool::error& error() const noexcept { return window_.error(); }
  // Capacity of the buffer held now (0 between bursts) and the largest it has had.
  std::size_t buffer_capacity() const noexcept { return window_.capacity(); }
  std::size_t peak_buffer_capacity() const noexcept { return window_.peak_capacity(); }

 private:
  using window = spool::detail::stream::window;

  // Skips separators, reading as needed; true when a value starts at the front of the window.
  bool to_value() {
    for (;;) {
      bool cut = false;
      window_.consume(detail::separator_length<Opts.comments>(window_.pending(), window_.at_end(), cut));
      const bool empty = window_.pending().empty();
      if (!cut && !empty) return true;
      if (empty) window_.settle();  // only whitespace: the buffer goes back to the pool
      if (!window_.fill() && (window_.failed() || window_.pending().empty())) return false;
    }
  }

  // The value at the front of the window. First optimistically over everything held (one pass in
  // the common case); when that fails before the end of the input, the boundary scanner decides
  // between "cut off: read more" and "complete: the error is real", and the value is decoded
  // again over exactly its bytes.
  template <class T>
  bool decode(T& out) {
    detail::reader<Opts>& r = reader();
    std::string_view held = window_.pending();
    std::size_t length = 0;
    if (r.first_value(held, out, length)) {
      // Only a number can be a complete value and the prefix of a longer one ("12" of "1234").
      if (length < held.size() || window_.at_end() || !spool::detail::is_digit(held[length - 1])) return finish(length);
    } else if (window_.at_end()) {
      return fail_from(r);
    }
    r.reset_for_reuse();  // drop what the failed attempt left pending
    detail::value_boundary<Opts> boundary;
    for (;;) {
      held = window_.pending();
      const detail::boundary b = boundary.scan(held, window_.at_end());
      if (b == detail::boundary::complete) {
        held = held.substr(0, boundary.length());
        break;
      }
      if (b == detail::boundary::invalid || window_.at_end()) break;  // the decoder says what is wrong
      if (held.size() > Opts.max_input_size) return too_large();
      if (!window_.fill() && window_.failed()) return false;
    }
    if (!r.first_value(held, out, length)) return fail_from(r);
    return finish(length);
  }

  bool finish(std::size_t length) {
    if constexpr (Opts.max_input_size != unlimited) {
      if (length > Opts.max_input_size) return too_large();
    }
    window_.consume(length);
    bool cut = false;
    window_.consume(detail::separator_length<Opts.comments>(window_.pending(), window_.at_end(), cut));
    window_.settle();
    return true;
  }

  bool too_large() {
    spool::error e = spool::make_error(errc::size_exceeded, 0);
    e.detail = "value larger than read_options::max_input_size";
    return fail(std::move(e));
  }

  bool fail_from(detail::reader<Opts>& r) {
    spool::error e = std::move(r.error);
    decoder_ = {};
    return fail(std::move(e));
  }

  // `e` counts its offset from the front of the window.
  bool fail(spool::error e) {
    window_.locate(e);
    window_.fail(std::move(e));
    return false;
  }

  detail::reader<Opts>& reader() {
    if (!decoder_) decoder_ = spool::lease_object<detail::reader<Opts>>();
    return *decoder_;
  }

  window window_;
  spool::object_lease<detail::reader<Opts>> decoder_;
  bool reported_ = false;
};

}  // namespace spool::json
