// MessagePack for spool: structs, containers and spool::value to and from the binary format, in
// one pass, with every length checked against the input before anything is allocated.
//
//   struct point { std::int32_t x, y; std::string label; };
//
//   std::string bytes = spool::msgpack::write(point{1, -2, "a"});   // 83 a1 78 01 a1 79 fe ...
//   spool::result<point> p = spool::msgpack::read<point>(bytes);
//   if (!p) std::cerr << p.error().message() << '\n';      // offset 9: error: expected integer ...
//
//   std::vector<std::byte> out;
//   spool::msgpack::write<{.struct_as_array = true}>(p.value(), out);   // 93 01 fe a1 61
//   point q;
//   spool::error e = spool::msgpack::read<{.error_on_unknown_keys = true}>(out, q);
//
// Input is any contiguous range of 1-byte elements (std::string_view, std::span<const std::byte>,
// std::vector<std::uint8_t>, ...). std::string_view and std::span<const std::byte> members of the
// target point into that input (nothing is copied), so they are valid only while it is; read_file
// and the stream reader own their input and therefore refuse such targets at compile time.
// Options: see msgpack/options.hpp; type mapping: msgpack/writer.hpp and msgpack/reader.hpp.
#pragma once

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

template <read_options O, class T>
spool::error read_bytes(const void* data, std::size_t size, T& out) {
  if (size == 0) return spool::make_error(errc::empty_input, 0, "a MessagePack value");
  if (size > O.max_input_size) {
    spool::error e = spool::make_error(errc::size_exceeded, O.max_input_size);
    e.detail = "input of " + std::to_string(size) + " bytes exceeds the limit of " + std::to_string(O.max_input_size);
    return e;
  }
  auto d = spool::lease_object<decoder>();
  d->start(data, size);
  if (!read_value<O>(*d, out)) return std::move(d->error);
  if (d->pos != d->end) {
    return spool::make_error(errc::trailing_data, d->offset_of(d->pos), "end of input", "more data");
  }
  return {};
}

template <write_options O, class T>
spool::error encode(const T& value, spool::byte_buffer& buf) {
  encoder e(buf);
  write_value<O>(e, value);
  if (errc code = e.finish(); code != errc::ok) {
    spool::error err = spool::make_error(code, buf.size());
    err.detail = "a string, binary, container or extension longer than MessagePack's 2^32 - 1 limit";
    return err;
  }
  return {};
}

}  // namespace detail

// Reads a T from the whole of `input`.
template <class T, read_options O = {}, byte_input In>
result<T> read(const In& input) {
  T out{};
  if (spool::error e = detail::read_bytes<O>(std::ranges::data(input), std::ranges::size(input), out)) return e;
  return out;
}

// Reads into an existing object, reusing the capacity of its strings and containers.
template <read_options O = {}, class T, byte_input In>
spool::error read(const In& input, T& out) {
  return detail::read_bytes<O>(std::ranges::data(input), std::ranges::size(input), out);
}

// Reads a whole file (or stream) into a pooled buffer and a T from it.
template <class T, read_options O = {}>
result<T> read_file(const std::filesystem::path& path) {
  static_assert(!detail::borrows_input<T>(), "read_file owns its input: read string_view/span members from a buffer you keep");
  auto input = spool::read_file(path, O.max_input_size);
  if (!input) return std::move(input).error();
  result<T> r = read<T, O>(input.value()->bytes());
  if (!r) {
    spool::error e = std::move(r).error();
    e.source_name = path.string();
    return e;
  }
  return r;
}

template <class T, read_options O = {}>
result<T> read(std::istream& in) {
  static_assert(!detail::borrows_input<T>(), "the stream reader owns its input: read string_view/span members from a buffer you keep");
  auto input = spool::read_all(in, O.max_input_size);
  if (!input) return std::move(input).error();
  return read<T, O>(input.value()->bytes());
}

// Appends the encoding of `value` to `out`. The encoding is built in a pooled buffer and copied
// once, so `out` grows exactly once.
template <write_options O = {}, class T, byte_output Out>
spool::error write(const T& value, Out& out) {
  spool::buffer_lease buf = spool::lease_buffer();
  if (spool::error e = detail::encode<O>(value, *buf)) return e;
  const auto* first = reinterpret_cast<const typename Out::value_type*>(buf->data());
  out.insert(out.end(), first, first + buf->size());
  return {};
}

// The encoding of `value`. Throws spool::exception (errc::size_exceeded) only for a string or
// container beyond the format's 2^32 - 1 limit; write(value, out) reports that as an error instead.
template <write_options O = {}, class T>
std::string write(const T& value) {
  std::string out;
  if (spool::error e = write<O>(value, out)) spool::detail::fail(e);
  return out;
}

}  // namespace spool::msgpack
