// The buffer window of a stream reader: the bytes read but not yet consumed, in one pooled
// buffer, with everything that must stay true while values are cut out of it one at a time.
//
//   buffer:  [ consumed | pending: the next value(s), maybe cut off | free space ]
//            0          start                                        tail        capacity
//
// - The buffer is leased from the pool (buffer_class::input) when a read first needs bytes, and
//   given back as soon as only separators remain (settle()), so an idle reader between bursts
//   holds no memory and readers that take turns on a thread share one buffer.
// - New bytes are appended at the tail. Before a read the pending bytes move to the front (so
//   the window never slides off the end); a value that is not yet complete stays where it
//   starts, and its scan resumes rather than restarts.
// - Growth happens only for a value that does not fit: when free space is below a quarter of the
//   capacity (so also "at most half", and reads stay large), to the larger of 1.5x the capacity
//   and 2x the pending bytes. All pending bytes then belong to one unfinished value, so the
//   capacity never exceeds max(initial, 2 x the largest value): under 2x + the initial size.
//   The capacity is also held to max_value + 1 (the bytes that prove a value too large).
// - Offsets are of the whole stream: bytes dropped from the front are added to base_, their
//   newlines are counted (memchr), and the characters after the last one, so that an error deep
//   in a stream has the line and column spool::error::locate gives over the whole input, however
//   the reads fell.
// - An error is sticky: it is stored, the buffer is released, and every later call returns it.
//
// SPOOL_DISABLE_STREAM_RECYCLE gives the naive window for A/B measurements: the buffer is the
// reader's own (never from or back to the pool), kept until the reader ends, and the pending
// bytes are moved to the front after every value.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include <spool/detail/config.hpp>
#include <spool/detail/error/source_excerpt.hpp>
#include <spool/detail/pool/read_whole.hpp>
#include <spool/detail/pool/thread_pool.hpp>
#include <spool/detail/stream/source.hpp>
#include <spool/error.hpp>

namespace spool::detail::stream {

// Capacity of a new window buffer (a pooled buffer keeps the larger capacity it already has).
inline constexpr std::size_t initial_capacity = first_read_capacity;

class window {
 public:
  // max_value: the largest value a reader accepts (read_options::max_input_size).
  window(source src, std::size_t max_value, bool track_lines) noexcept
      : source_(std::move(src)), max_value_(max_value), track_lines_(track_lines) {}
  window(const window&) = delete;
  window& operator=(const window&) = delete;
  ~window() { give_up_buffer(); }

  // The bytes read and not consumed.
  std::string_view pending() const noexcept { return {buffer_->data() + start_, buffer_->size() - start_}; }
  bool at_end() const noexcept { return at_end_; }
  std::size_t input_offset() const noexcept { return base_ + start_; }
  std::size_t capacity() const noexcept { return buffer_->capacity(); }
  std::size_t peak_capacity() const noexcept { return peak_capacity_; }

  void consume(std::size_t n) noexcept { start_ += n; }

  // After a value or at the end of a more(): a window holding nothing gives its buffer back to
  // the pool; the naive window moves what remains to the front instead.
  void settle() noexcept {
    if constexpr (stream_recycle) {
      if (start_ == buffer_->size() && held_) {
        drop_front(start_);
        start_ = 0;
        buffer_ = spool::buffer_lease();  // back to this thread's pool
        held_ = false;
      }
    } else {
      if (start_ != 0) compact();
    }
  }

  // Appends at least one byte at the tail. False at the end of the input (at_end()) or on a
  // failure (failed(), with the error stored).
  bool fill() {
    if (at_end_ || failed()) return false;
    if (!held_) acquire();
    if (start_ != 0) compact();
    byte_buffer& buf = *buffer_;
    if (!room_for_read(buf)) return false;
    std::size_t n = 0;
    switch (source_.read(buf.spare_capacity(), n)) {
      case read_status::data: buf.resize(buf.size() + n); return true;
      case read_status::end:
        at_end_ = true;
        settle();  // nothing more will come: a window holding nothing lets the buffer go
        return false;
      case read_status::failed: break;
    }
    fail(read_failure(errc::io, base_ + buf.size(), source_.failure()));
    return false;
  }

  // ---- errors ----

  bool failed() const noexcept { return error_.code != errc::ok; }
  const spool::error& error() const noexcept { return error_; }

  // Stores the (already located) error for good and gives the buffer back.
  const spool::error& fail(spool::error e) {
    error_ = std::move(e);
    base_ += start_;
    start_ = 0;
    give_up_buffer();
    return error_;
  }

  // Turns an error whose offset counts from the start of pending() into one of the whole stream,
  // with line, column and the text of the line when the window tracks lines.
  void locate(spool::error& e) const {
    const std::size_t at = start_ + e.offset;
    e.offset = base_ + at;
    if (!track_lines_) return;
    const std::string_view held = buffer_->view();
    source_excerpt where = excerpt_at(held, std::min(at, held.size()));
    // A line that began in bytes already dropped: its column counts their characters too.
    e.line = saturate_u32(lines_ + where.line);
    e.column = saturate_u32(where.column + (where.line == 1 ? column_carry_ : 0));
    e.source_line = std::move(where.text);
    e.source_column = where.text_column;
  }

 private:
  void give_up_buffer() noexcept {
    if (!held_) return;
    held_ = false;
    if constexpr (stream_recycle) buffer_ = spool::buffer_lease();  // back to this thread's pool
    else buffer_.release_to_allocator();
  }

  void acquire() {
    if constexpr (stream_recycle) buffer_ = spool::lease_buffer(buffer_class::input);
    else buffer_ = spool::buffer_lease(byte_buffer{}, buffer_class::input);
    held_ = true;
  }

  // Makes room at the tail, growing only for a value that does not fit (see the top).
  bool room_for_read(byte_buffer& buf) {
    const std::size_t cap = buf.capacity(), used = buf.size();
    const std::size_t limit = max_value_ == unlimited_input ? max_value_ : std::max(max_value_ + 1, initial_capacity);
    std::size_t wanted = cap;
    if (cap < initial_capacity) wanted = initial_capacity;
    else if (cap - used < cap / 4 + 1) wanted = std::max(cap + cap / 2, 2 * used);
    wanted = std::min(wanted, std::max(limit, used + 1));
    if (wanted > cap && !buf.try_reserve(wanted)) {
      fail(allocation_refused(base_ + used, wanted));
      return false;
    }
    peak_capacity_ = std::max(peak_capacity_, buf.capacity());
    return true;
  }

  // Moves the pending bytes to the front of the buffer.
  void compact() noexcept {
    byte_buffer& buf = *buffer_;
    const std::size_t keep = buf.size() - start_;
    drop_front(start_);
    if (keep != 0) std::memmove(buf.data(), buf.data() + start_, keep);
    buf.resize(keep);
    start_ = 0;
  }

  // Accounts for the first n bytes leaving the buffer: offsets, line numbers and the column the
  // last line has reached.
  void drop_front(std::size_t n) noexcept {
    base_ += n;
    if (!track_lines_ || n == 0) return;
    const char* p = buffer_->data();
    const char* const end = p + n;
    const char* line_start = nullptr;
    while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
      ++lines_;
      p = line_start = static_cast<const char*>(nl) + 1;
    }
    const std::size_t width = column_width(std::string_view(p, static_cast<std::size_t>(end - p)));
    column_carry_ = width + (line_start != nullptr ? 0 : column_carry_);
  }

  // Characters in `bytes` as spool::error::locate counts a column: a well-formed UTF-8 sequence
  // is one, any other byte is one. Counting piece by piece gives the count of the whole because
  // no character straddles a cut: the bytes dropped end with a value or a separator (an ASCII
  // byte: a quote, a bracket, a digit, a letter, whitespace, the end of a comment) or at the end
  // of the input.
  static std::size_t column_width(std::string_view bytes) noexcept {
    std::size_t count = 0;
    for (std::size_t pos = 0; pos < bytes.size(); ++count) {
      if (static_cast<unsigned char>(bytes[pos]) < 0x80) {
        ++pos;
        continue;
      }
      const std::size_t len = excerpt_char_length(bytes, pos, bytes.size());
      pos += len == 0 ? 1 : len;
    }
    return count;
  }

  source source_;
  spool::buffer_lease buffer_;
  std::size_t start_ = 0;          // first pending byte
  std::size_t base_ = 0;           // stream offset of buffer byte 0
  std::size_t lines_ = 0;          // newlines in the bytes dropped so far
  std::size_t column_carry_ = 0;   // characters of the current line among them
  std::size_t peak_capacity_ = 0;
  std::size_t max_value_;
  spool::error error_;
  bool held_ = false;
  bool at_end_ = false;
  bool track_lines_;
};

}  // namespace spool::detail::stream
