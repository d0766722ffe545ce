// MessagePack for spool: structs, containers and spool::value to and from the binary format, in
// one pass, with every length checked against the input before anything is allocated.
//
//   struct point { std::int32_t x, y; std::string label; };
//
//   std::string bytes = spool::msgpack::write(point{1, -2, "a"});   // 83 a1 78 01 a1 79 fe ...
//   spool::result<point> p = spool::msgpack::read<point>(bytes);
//   if (!p) std::cerr << p.error().message() << '\n';      // offset 9: error: expected integer ...
//
//   constexpr spool::msgpack::write_options compact{.struct_as_array = true};
//   std::vector<std::byte> out;
//   spool::msgpack::write<compact>(p.value(), out);                     // 93 01 fe a1 61
//   point q;
//   constexpr spool::msgpack::read_options strict{.error_on_unknown_keys = true};
//   spool::error e = spool::msgpack::read<strict>(out, q);
//
// Input is any contiguous range of 1-byte elements (std::string_view, std::span<const std::byte>,
// std::vector<std::uint8_t>, ...). std::string_view and std::span<const std::byte> members of the
// target point into that input (nothing is copied), so they are valid only while it is; read_file
// and the stream reader own their input and therefore refuse such targets at compile time.
// Options: see msgpack/options.hpp; type mapping: msgpack/writer.hpp and msgpack/reader.hpp.
//
// Messages one after another on a pipe or a socket are read one at a time, in bounded memory, by
// spool::msgpack::stream_reader (msgpack/stream_reader.hpp):
//   spool::msgpack::stream_reader in{fd};
//   while (in.more()) { auto m = in.read<message>(); if (!m) { report(m.error()); break; } use(*m); }
#pragma once

#include <concepts>
#include <cstddef>
#include <filesystem>
#include <istream>
#include <ranges>
#include <string>
#include <type_traits>

#include <spool/error.hpp>
#include <spool/msgpack/decoder.hpp>
#include <spool/msgpack/dynamic.hpp>
#include <spool/msgpack/encoder.hpp>
#include <spool/msgpack/options.hpp>
#include <spool/msgpack/reader.hpp>
#include <spool/msgpack/stream_reader.hpp>
#include <spool/msgpack/timestamp.hpp>
#include <spool/msgpack/writer.hpp>
#include <spool/pool.hpp>

namespace spool::msgpack {

// A contiguous range of bytes: char, unsigned char, signed char or std::byte elements.
template <class R>
concept byte_input = std::ranges::contiguous_range<R> && std::ranges::sized_range<R> &&
                     sizeof(std::ranges::range_value_t<R>) == 1 &&
                     (std::is_integral_v<std::ranges::range_value_t<R>> ||
                      std::is_same_v<std::ranges::range_value_t<R>, std::byte>);

// A container the writer appends to: std::string, std::vector<char / std::byte / std::uint8_t>.
template <class C>
concept byte_output = requires(C& c, const typename C::value_type* p) {
  c.insert(c.end(), p, p);
  { c.data() } -> std::same_as<typename C::value_type*>;
} && sizeof(typename C::value_type) == 1;

namespace detail {

// Reads the whole input into `out`; on failure the error is in d.error. The success path never
// builds a spool::error: the public functions construct one only to report a failure.
template <read_options O, class T>
bool read_document(decoder& d, const void* data, std::size_t size, T& out) {
  d.start(data, size);
  if (size == 0) return d.fail(errc::empty_input, d.begin, "a MessagePack value");
  if (size > O.max_input_size) [[unlikely]] return d.too_large(d.begin + O.max_input_size, size, O.max_input_size);
  if (!read_value<O>(d, out)) return false;
  if (d.pos != d.end) [[unlikely]] return d.fail(errc::trailing_data, d.pos, "end of input", "more data");
  return true;
}

// Reads the first value of the input into `out` and sets `length` to the bytes it took; what
// follows is left alone. For the stream reader, which checks max_input_size per value itself.
template <read_options O, class T>
bool read_first(decoder& d, const void* data, std::size_t size, T& out, std::size_t& length) {
  d.start(data, size);
  if (size == 0) return d.fail(errc::empty_input, d.begin, "a MessagePack value");
  if (!read_value<O>(d, out)) return false;
  length = d.offset_of(d.pos);
  return true;
}

// Encodes into `buf`; errc::size_exceeded for a length beyond the format's 2^32 - 1.
template <write_options O, class T>
errc encode(const T& value, spool::byte_buffer& buf) {
  encoder e(buf);
  write_value<O>(e, value);
  return e.finish();
}

[[gnu::cold]] inline spool::error too_long_to_encode() {
  spool::error e = spool::make_error(errc::size_exceeded, spool::error::no_position);
  e.detail = "a string, binary, container or extension longer than MessagePack's 2^32 - 1 limit";
  return e;
}

}  // namespace detail

// Reads a whole document into an existing object, reusing the capacity of its strings and
// containers; members the document does not name keep their values (or take their
// spool::default_value).
template <read_options O = read_options{}, class T, byte_input In>
spool::error read(const In& input, T& out) {
  auto d = spool::lease_object<detail::decoder>();
  if (detail::read_document<O>(*d, std::ranges::data(input), std::ranges::size(input), out)) return {};
  return std::move(d->error);
}

// Reads a T from the whole of `input`.
template <class T, read_options O = read_options{}, byte_input In>
result<T> read(const In& input) {
  auto d = spool::lease_object<detail::decoder>();
  T out{};
  if (detail::read_document<O>(*d, std::ranges::data(input), std::ranges::size(input), out)) return out;
  return std::move(d->error);
}

// Reads the whole stream into a pooled buffer, then into `out`.
template <read_options O = read_options{}, class T>
spool::error read(std::istream& in, T& out) {
  static_assert(!spool::detail::borrows_input<T>(), "the stream reader owns its input: read string_view/span members from a buffer you keep");
  auto input = spool::read_all(in, O.max_input_size);
  if (!input) return std::move(input).error();
  return read<O>(input.value()->bytes(), out);
}

// Reads the whole stream into a pooled buffer, then a T from it.
template <class T, read_options O = read_options{}>
result<T> read(std::istream& in) {
  T out{};
  if (spool::error e = read<O>(in, out)) return e;
  return out;
}

// Reads the file at `path` into a pooled buffer, then into `out`; messages name the file.
template <read_options O = read_options{}, class T>
spool::error read_file(const std::filesystem::path& path, T& out) {
  static_assert(!spool::detail::borrows_input<T>(), "read_file owns its input: read string_view/span members from a buffer you keep");
  auto input = spool::read_file(path, O.max_input_size);
  if (!input) return std::move(input).error();
  spool::error e = read<O>(input.value()->bytes(), out);
  if (e) e.source_name = path.string();
  return e;
}

// Reads the file at `path` into a pooled buffer, then a T from it; messages name the file.
template <class T, read_options O = read_options{}>
result<T> read_file(const std::filesystem::path& path) {
  T out{};
  if (spool::error e = read_file<O>(path, out)) return e;
  return out;
}

// Appends the MessagePack encoding of `value` to `out` (std::string, std::vector<char / std::byte
// / std::uint8_t> or spool::byte_buffer).
// On error `out` is left as it was; the error names a path but no position (has_position()).
// The encoding is built in a pooled buffer and copied once, so `out` grows exactly once.
template <write_options O = write_options{}, class T, class Out>
  requires byte_output<Out> || std::same_as<Out, spool::byte_buffer>
spool::error write(const T& value, Out& out) {
  if constexpr (std::is_same_v<Out, spool::byte_buffer>) {
    const std::size_t before = out.size();
    if (detail::encode<O>(value, out) == errc::ok) return {};
    out.resize(before);
    return detail::too_long_to_encode();
  } else {
    spool::buffer_lease buf = spool::lease_buffer();
    if (detail::encode<O>(value, *buf) != errc::ok) return detail::too_long_to_encode();
    spool::detail::append_output(out, *buf);
    return {};
  }
}

// The MessagePack encoding of `value`, in a string of exactly its size;
// throws spool::exception (or, without exceptions, terminates with the message) when `value`
// cannot be written: only a string or container beyond the format's 2^32 - 1 limit.
template <write_options O = write_options{}, class T>
std::string write(const T& value) {
  spool::buffer_lease buf = spool::lease_buffer();
  if (detail::encode<O>(value, *buf) != errc::ok) spool::detail::fail(detail::too_long_to_encode());
  return std::string(buf->data(), buf->size());
}

}  // namespace spool::msgpack
