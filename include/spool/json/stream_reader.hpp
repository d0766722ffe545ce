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
// the error's offset, line and column (in characters) counted from the start of the stream,
// whatever pieces it arrived in, and the path as usual. Running out of bytes
// (errc::unexpected_end) is an error only at the end of the input: a value whose last escape
// reaches past its closing quote ("\u12" 3) has the error a read of the whole stream gives.
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
// The machinery shared with the MessagePack stream reader is in detail/stream/.
#pragma once

#include <cstddef>
#include <istream>
#include <string_view>
#include <utility>

#include <spool/detail/number_parse.hpp>
#include <spool/detail/stream/source.hpp>
#include <spool/detail/stream/value_stream.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/error.hpp>
#include <spool/json/options.hpp>
#include <spool/json/reader.hpp>
#include <spool/json/value_boundary.hpp>

namespace spool::json {

namespace detail {

// The JSON side of detail::stream::value_stream.
template <read_options Opts>
struct stream_format {
  using decoder = reader<Opts>;
  using boundary = value_boundary<Opts>;
  static constexpr std::size_t max_value = Opts.max_input_size;
  static constexpr bool track_lines = true;
  template <class T>
  static constexpr bool accepts = !spool::detail::borrows_input<T>();

  static std::size_t separators(std::string_view held, bool at_end, bool& cut_off) noexcept {
    return separator_length<Opts.comments>(held, at_end, cut_off);
  }
  template <class T>
  static bool first_value(decoder& d, std::string_view held, T& out, std::size_t& length) {
    return d.first_value(held, out, length);
  }
  // Only a number can be a whole value and the prefix of a longer one ("12" of "1234").
  static bool known_complete(std::string_view held, std::size_t length) noexcept {
    return length < held.size() || !spool::detail::is_digit(held[length - 1]);
  }
  // A text decoder's error on cut-off input may be an artefact of the cut ("1." is not a number,
  // "1.5" is): only the boundary scanner can tell.
  static bool decisive(const spool::error&) noexcept { return false; }
  static spool::error no_value() { return spool::make_error(errc::empty_input, 0, "a JSON value", "end of input"); }
};

}  // namespace detail

template <read_options Opts = read_options{}>
class stream_reader : public spool::detail::stream::value_stream<detail::stream_format<Opts>> {
  using base = spool::detail::stream::value_stream<detail::stream_format<Opts>>;

 public:
  explicit stream_reader(std::istream& in) : base(spool::detail::stream::source(in)) {}
  explicit stream_reader(int fd) : base(spool::detail::stream::source(fd)) {}
  explicit stream_reader(spool::stream_callback read) : base(spool::detail::stream::source(std::move(read))) {}
};

}  // namespace spool::json
