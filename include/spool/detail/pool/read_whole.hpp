// Whole-input reads into one pooled input-class buffer: spool::read_file and spool::read_all.
//
// When the source says how much is left (a regular file, a seekable stream, Source::size()) the
// buffer is allocated once at exactly that size and filled in one pass; a small probe read then
// confirms the end. A source that announces nothing, or turns out to hold more than it announced,
// is read with geometric growth. Failures come back as errc::io with the system's reason.
#pragma once

#include <array>
#include <cerrno>
#include <concepts>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <istream>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <type_traits>

#include <spool/detail/config.hpp>
#include <spool/detail/pool/byte_buffer.hpp>
#include <spool/detail/pool/thread_pool.hpp>
#include <spool/error.hpp>

#if __has_include(<unistd.h>)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define SPOOL_DETAIL_POSIX_IO 1
#endif

namespace spool {

// Where read_all reads from: read(span) fills a prefix of the span and returns its length, 0 at
// the end. An optional size() (an integer, negative for unknown, or std::optional<std::size_t>)
// announces how many bytes remain; it is a hint, and a source that then delivers more or less is
// still read right.
template <class S>
concept byte_source = requires(S& s, std::span<std::byte> out) {
  { s.read(out) } -> std::convertible_to<std::size_t>;
};

namespace detail {

// Reads up to the first growth step before asking the system for more.
inline constexpr std::size_t first_read_capacity = 16 * 1024;
inline constexpr std::size_t eof_probe_size = 64;
inline constexpr std::size_t unlimited_input = std::numeric_limits<std::size_t>::max();

inline error read_failure(errc code, std::size_t offset, std::string detail) {
  error e;
  e.code = code;
  e.offset = offset;
  e.detail = std::move(detail);
  return e;
}

inline error input_too_large(std::size_t max_size) {
  return read_failure(errc::size_exceeded, max_size,
                      "input is larger than the limit of " + std::to_string(max_size) + " bytes");
}

inline error allocation_refused(std::size_t offset, std::size_t bytes) {
  return read_failure(errc::size_exceeded, offset, "cannot allocate " + std::to_string(bytes) + " bytes");
}

// The read loop, shared by every kind of source. `In` offers read(span) -> size_t,
// size() -> optional<size_t>, and failure() -> std::string (empty while all is well).
template <class In>
result<buffer_lease> read_whole(In& in, std::size_t max_size) {
  buffer_lease lease = lease_buffer(buffer_class::input);
  byte_buffer& buf = *lease;
  auto io_failed = [&] { return read_failure(errc::io, buf.size(), in.failure()); };

  if constexpr (exact_size_read) {
    if (std::optional<std::size_t> announced = in.size()) {
      if (*announced > max_size) return input_too_large(max_size);
      if (!buf.try_reserve(*announced)) return allocation_refused(0, *announced);
      while (buf.size() < *announced) {
        std::size_t n = in.read(buf.spare_capacity().first(*announced - buf.size()));
        if (!in.failure().empty()) return io_failed();
        if (n == 0) return lease;  // it announced more than it had
        buf.resize(buf.size() + n);
      }
      std::array<std::byte, eof_probe_size> probe;
      std::size_t n = in.read(probe);
      if (!in.failure().empty()) return io_failed();
      if (n == 0) return lease;
      // It announced less than it has: keep what the probe found and continue by growth.
      if (n > max_size - buf.size()) return input_too_large(max_size);
      if (!buf.try_grow_for(n)) return allocation_refused(buf.size(), n);
      buf.append(probe.data(), n);
    }
  }

  for (;;) {
    if (buf.size() == buf.capacity() && !buf.try_grow_for(first_read_capacity))
      return allocation_refused(buf.size(), first_read_capacity);
    std::span<std::byte> room = buf.spare_capacity();
    // Ask for at most one byte past the limit: enough to know it was exceeded.
    std::size_t allowed = max_size - buf.size();
    if (allowed != unlimited_input && room.size() > allowed + 1) room = room.first(allowed + 1);
    std::size_t n = in.read(room);
    if (!in.failure().empty()) return io_failed();
    if (n == 0) return lease;
    buf.resize(buf.size() + n);
    if (buf.size() > max_size) return input_too_large(max_size);
  }
}

inline std::string system_reason(int err) { return std::generic_category().message(err); }

#ifdef SPOOL_DETAIL_POSIX_IO
// The bytes left in a regular file from the current position; nothing for pipes, sockets,
// terminals, and anything that cannot say.
inline std::optional<std::size_t> remaining_in_regular_file(int fd, off_t position) noexcept {
  struct stat st;
  if (position < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return st.st_size > position ? static_cast<std::size_t>(st.st_size - position) : 0;
}

struct fd_input {
  int fd;
  int err = 0;

  std::size_t read(std::span<std::byte> out) noexcept {
    for (;;) {
      ssize_t n = ::read(fd, out.data(), out.size());
      if (n >= 0) return static_cast<std::size_t>(n);
      if (errno != EINTR) {
        err = errno;
        return 0;
      }
    }
  }
  std::optional<std::size_t> size() const noexcept {
    return remaining_in_regular_file(fd, ::lseek(fd, 0, SEEK_CUR));
  }
  std::string failure() const { return err == 0 ? std::string() : system_reason(err); }
};
#endif

struct file_input {
  std::FILE* file;
  int err = 0;

  std::size_t read(std::span<std::byte> out) noexcept {
    errno = 0;  // fread need not set it, so a stale value must not be blamed
    std::size_t n = std::fread(out.data(), 1, out.size(), file);
    if (n < out.size() && std::ferror(file)) err = errno != 0 ? errno : EIO;
    return n;
  }
  std::optional<std::size_t> size() const noexcept {
#ifdef SPOOL_DETAIL_POSIX_IO
    // ftello, not lseek: the FILE may already hold buffered bytes past the descriptor position.
    return remaining_in_regular_file(::fileno(file), ::ftello(file));
#else
    return std::nullopt;
#endif
  }
  std::string failure() const { return err == 0 ? std::string() : system_reason(err); }
};

struct stream_input {
  std::istream& stream;

  std::size_t read(std::span<std::byte> out) {
    stream.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(out.size()));
    return static_cast<std::size_t>(stream.gcount());
  }
  // Seeks to the end and back; a stream that cannot seek leaves its state as it was.
  std::optional<std::size_t> size() {
    std::ios_base::iostate state = stream.rdstate();
    if (state != std::ios_base::goodbit) return std::nullopt;
    std::istream::pos_type here = stream.tellg();
    if (here != std::istream::pos_type(-1) && stream.seekg(0, std::ios_base::end)) {
      std::istream::pos_type end = stream.tellg();
      if (stream.seekg(here) && end != std::istream::pos_type(-1)) {
        std::streamoff left = end - here;
        return left > 0 ? static_cast<std::size_t>(left) : 0;
      }
    }
    stream.clear(state);
    return std::nullopt;
  }
  std::string failure() const { return stream.bad() ? "stream read failed" : std::string(); }
};

template <byte_source S>
struct source_input {
  S& source;

  std::size_t read(std::span<std::byte> out) { return source.read(out); }
  std::optional<std::size_t> size() {
    if constexpr (requires { source.size(); }) {
      auto announced = source.size();
      if constexpr (std::is_signed_v<decltype(announced)>) {
        if (announced < 0) return std::nullopt;  // the usual "unknown" of APIs returning -1
      }
      return std::optional<std::size_t>(announced);
    } else {
      return std::nullopt;
    }
  }
  std::string failure() const { return {}; }
};

}  // namespace detail

// Each read takes an optional max_size: a larger input fails with errc::size_exceeded without
// being read (or allocated) past the limit.

inline result<buffer_lease> read_all(std::istream& in, std::size_t max_size = detail::unlimited_input) {
  if (!in) return detail::read_failure(errc::io, 0, "the stream is already in a failed state");
  detail::stream_input input{in};
  return detail::read_whole(input, max_size);
}

inline result<buffer_lease> read_all(std::FILE* file, std::size_t max_size = detail::unlimited_input) {
  if (file == nullptr) return detail::read_failure(errc::io, 0, "no file (null FILE*)");
  detail::file_input input{file};
  return detail::read_whole(input, max_size);
}

template <byte_source Source>
result<buffer_lease> read_all(Source& source, std::size_t max_size = detail::unlimited_input) {
  detail::source_input<Source> input{source};
  return detail::read_whole(input, max_size);
}

#ifdef SPOOL_DETAIL_POSIX_IO
inline result<buffer_lease> read_all(int fd, std::size_t max_size = detail::unlimited_input) {
  detail::fd_input input{fd};
  return detail::read_whole(input, max_size);
}
#endif

inline result<buffer_lease> read_file(const std::filesystem::path& path,
                                      std::size_t max_size = detail::unlimited_input) {
  auto named = [&](spool::error e) {
    e.source_name = path.string();
    return e;
  };
#ifdef SPOOL_DETAIL_POSIX_IO
  int fd;
  do fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) return named(detail::read_failure(errc::io, 0, detail::system_reason(errno)));
  result<buffer_lease> r = read_all(fd, max_size);
  ::close(fd);
#else
  std::FILE* file = std::fopen(path.string().c_str(), "rb");
  if (file == nullptr) return named(detail::read_failure(errc::io, 0, detail::system_reason(errno)));
  result<buffer_lease> r = read_all(file, max_size);
  std::fclose(file);
#endif
  if (!r) return named(std::move(r).error());
  return r;
}

}  // namespace spool
