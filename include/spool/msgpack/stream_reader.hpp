// spool::msgpack::stream_reader: MessagePack values one after another from a stream, one at a
// time, in bounded memory.
//
//   spool::msgpack::stream_reader in{fd};             // or a std::istream, or a callback
//   while (in.more()) {
//     message m;
//     if (spool::error err = in.read(m)) { std::cerr << err.message() << '\n'; break; }
//     handle(m);
//   }
//   auto v = in.read<spool::value>();                 // spool::result<spool::value>
//   in.input_offset();                                // bytes consumed so far
//
// Values follow each other back to back, with nothing between them. Each is read as
// msgpack::read would read it alone, with the same results and errors; an error's offset counts
// from the start of the stream. Sources, memory, limits, stickiness and more() are as for
// spool::json::stream_reader (json/stream_reader.hpp): one pooled buffer given back when the
// bytes run out, below twice the largest value plus 16 KiB; read_options::max_input_size bounds
// each value; nesting past max_depth fails as it arrives. On an error the target object is valid
// but unspecified. Targets with std::string_view or std::span<const std::byte> members are refused
// at compile time, since the buffer they would view moves.
#pragma once

#include <cstddef>
#include <istream>
#include <string_view>
#include <utility>

#include <spool/detail/stream/source.hpp>
#include <spool/detail/stream/value_stream.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/error.hpp>
#include <spool/msgpack/decoder.hpp>
#include <spool/msgpack/options.hpp>
#include <spool/msgpack/reader.hpp>
#include <spool/msgpack/value_boundary.hpp>

namespace spool::msgpack {

namespace detail {

// Defined in spool/msgpack.hpp (beside read_document), which includes this header.
template <read_options O, class T>
bool read_first(decoder& d, const void* data, std::size_t size, T& out, std::size_t& length);

// The MessagePack side of spool::detail::stream::value_stream.
template <read_options O>
struct stream_format {
  using decoder = detail::decoder;
  using boundary = value_boundary;
  static constexpr std::size_t max_value = O.max_input_size;
  static constexpr bool track_lines = false;
  template <class T>
  static constexpr bool accepts = !spool::detail::borrows_input<T>();

  static std::size_t separators(std::string_view, bool, bool& cut_off) noexcept {
    cut_off = false;
    return 0;  // values are back to back
  }
  template <class T>
  static bool first_value(decoder& d, std::string_view held, T& out, std::size_t& length) {
    return read_first<O>(d, held.data(), held.size(), out, length);
  }
  // Every MessagePack value says where it ends.
  static bool known_complete(std::string_view, std::size_t) noexcept { return true; }
  // Lengths are checked against the bytes left before anything else, so running out of bytes is
  // always errc::unexpected_end, and any other error stands whatever follows.
  static bool decisive(const spool::error& e) noexcept { return e.code != errc::unexpected_end; }
  static spool::error no_value() { return spool::make_error(errc::empty_input, 0, "a MessagePack value", "end of input"); }
};

}  // namespace detail

template <read_options O = read_options{}>
class stream_reader : public spool::detail::stream::value_stream<detail::stream_format<O>> {
  using base = spool::detail::stream::value_stream<detail::stream_format<O>>;

 public:
  explicit stream_reader(std::istream& in) : base(spool::detail::stream::source(in)) {}
  explicit stream_reader(int fd) : base(spool::detail::stream::source(fd)) {}
  explicit stream_reader(spool::stream_callback read) : base(spool::detail::stream::source(std::move(read))) {}
};

}  // namespace spool::msgpack
