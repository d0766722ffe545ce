// Where a stream reader gets its bytes: a std::istream, a file descriptor or a callback, behind
// one small type-erased interface.
//
// A read returns some bytes, the end of the input, or a failure; it never returns "nothing" to
// the caller. What counts as the end differs by kind:
//   callback   returns how many bytes it wrote into the span; 0 is the end of the input, and
//              spool::stream_stall means "nothing yet, not the end" (the reader asks again).
//   istream    the end is the streambuf's end of file; a short read is never the end, and a read
//              that delivers nothing while the streambuf is not at its end is a stall.
//   fd         read(2) returning 0 is the end; EINTR is retried, and EAGAIN on a non-blocking
//              descriptor waits in poll(2) for data, so a stall is never busy.
// A short read is never taken for the end, from any kind of source.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <limits>
#include <span>
#include <string>
#include <utility>

#include <spool/detail/pool/read_whole.hpp>  // system_reason, SPOOL_DETAIL_POSIX_IO

#ifdef SPOOL_DETAIL_POSIX_IO
#include <poll.h>
#endif

namespace spool {

// What a stream callback returns for "no bytes now, but the input goes on".
inline constexpr std::size_t stream_stall = std::numeric_limits<std::size_t>::max();

// A stream callback: fills a prefix of the span and returns its length; 0 ends the input.
using stream_callback = std::function<std::size_t(std::span<std::byte>)>;

}  // namespace spool

namespace spool::detail::stream {

enum class read_status : unsigned char { data, end, failed };

class source {
 public:
  explicit source(std::istream& in) : kind_(kind::istream), stream_(&in) {}
  explicit source(int fd) : kind_(kind::fd), fd_(fd) {}
  explicit source(stream_callback cb) : kind_(kind::callback), callback_(std::move(cb)) {}

  // Reads into `out` (not empty) until at least one byte arrived, the input ended or failed.
  read_status read(std::span<std::byte> out, std::size_t& n) {
    n = 0;
    for (;;) {
      read_status s = kind_ == kind::callback ? from_callback(out, n)
                      : kind_ == kind::istream ? from_istream(out, n)
                                               : from_fd(out, n);
      if (s != read_status::data || n != 0) return s;
    }
  }

  // Why the last read failed.
  const std::string& failure() const noexcept { return failure_; }

 private:
  enum class kind : unsigned char { callback, istream, fd };

  read_status failed(std::string why) {
    failure_ = std::move(why);
    return read_status::failed;
  }

  read_status from_callback(std::span<std::byte> out, std::size_t& n) {
    std::size_t got = callback_(out);
    if (got == stream_stall) return read_status::data;  // n stays 0: ask again
    if (got == 0) return read_status::end;
    if (got > out.size()) return failed("the stream callback reported more bytes than it was given room for");
    n = got;
    return read_status::data;
  }

  // Takes what the streambuf holds (or, for a file, what remains of it) without waiting for the
  // whole span: a socket-backed stream must hand over a message as soon as it is there.
  read_status from_istream(std::span<std::byte> out, std::size_t& n) {
    std::streambuf* buf = stream_->rdbuf();
    if (buf == nullptr || !stream_->good()) {
      if (buf != nullptr && stream_->eof() && !stream_->fail()) return read_status::end;
      return failed(stream_->bad() ? "stream read failed" : "the stream is in a failed state");
    }
    std::streamsize avail = buf->in_avail();
    if (avail == 0 && !std::char_traits<char>::eq_int_type(buf->sgetc(), std::char_traits<char>::eof()))
      avail = std::max<std::streamsize>(buf->in_avail(), 1);
    if (avail <= 0) {
      stream_->setstate(std::ios_base::eofbit);  // as a read through the istream would
      return read_status::end;
    }
    auto want = static_cast<std::streamsize>(std::min<std::size_t>(out.size(), static_cast<std::size_t>(avail)));
    n = static_cast<std::size_t>(buf->sgetn(reinterpret_cast<char*>(out.data()), want));
    return read_status::data;
  }

  read_status from_fd([[maybe_unused]] std::span<std::byte> out, [[maybe_unused]] std::size_t& n) {
#ifdef SPOOL_DETAIL_POSIX_IO
    for (;;) {
      ssize_t got = ::read(fd_, out.data(), out.size());
      if (got > 0) {
        n = static_cast<std::size_t>(got);
        return read_status::data;
      }
      if (got == 0) return read_status::end;
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, -1) >= 0 || errno == EINTR) continue;
      }
      return failed(system_reason(errno));
    }
#else
    return failed("file descriptors are not supported on this platform");
#endif
  }

  kind kind_;
  std::istream* stream_ = nullptr;
  int fd_ = -1;
  stream_callback callback_;
  std::string failure_;
};

}  // namespace spool::detail::stream
