// Whole-input reads: the exact-size path (one allocation of the announced size) and the growth
// path (pipes, unseekable streams, sources that announce nothing or the wrong size).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include <spool/pool.hpp>

#include <fcntl.h>
#include <unistd.h>

namespace fs = std::filesystem;
using spool::errc;

namespace {

// Bytes that differ from position to position, so a misplaced chunk shows.
std::string pattern(std::size_t n) {
  std::string s(n, '\0');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i * 7 + i / 251) % 26);
  return s;
}

// A file in the temporary directory, removed at the end of the test.
struct temp_file {
  fs::path path;
  explicit temp_file(const std::string& contents) {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("spool_input_read_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::ofstream(path, std::ios::binary) << contents;
  }
  ~temp_file() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

// Starts each test from an empty pool so that "one exact allocation" is observable as
// capacity == size on a buffer the pool created.
struct fresh_pool {
  fresh_pool() {
    spool::trim_thread_pool();
    spool::reset_thread_pool_stats();
  }
};

struct memory_source {
  std::string data;
  std::size_t max_chunk = std::numeric_limits<std::size_t>::max();
  std::size_t pos = 0;
  int reads = 0;

  std::size_t read(std::span<std::byte> out) {
    ++reads;
    std::size_t n = std::min({out.size(), data.size() - pos, max_chunk});
    std::memcpy(out.data(), data.data() + pos, n);
    pos += n;
    return n;
  }
};

struct sized_source : memory_source {
  std::size_t announced = 0;
  std::size_t size() const { return announced; }
};

struct signed_sized_source : memory_source {
  long announced = -1;
  long size() const { return announced; }
};

struct maybe_sized_source : memory_source {
  std::optional<std::size_t> announced;
  std::optional<std::size_t> size() const { return announced; }
};

// A stream buffer that cannot seek, like a socket or std::cin on a pipe.
struct unseekable_buf : std::streambuf {
  std::string data;
  explicit unseekable_buf(std::string d) : data(std::move(d)) { setg(data.data(), data.data(), data.data() + data.size()); }
};

struct failing_buf : std::streambuf {
  int_type underflow() override { throw std::runtime_error("device gone"); }
};

}  // namespace

TEST_CASE("read_file with a known size allocates once, exactly") {
  fresh_pool guard;
  std::string contents = pattern(100'000);
  temp_file file(contents);
  spool::result<spool::buffer_lease> body = spool::read_file(file.path);
  REQUIRE(body);
  CHECK(body.value()->view() == contents);
  CHECK(body.value()->capacity() == contents.size());
  CHECK(body.value().kind() == spool::buffer_class::input);
  CHECK(spool::thread_pool_stats().fresh_allocations == 1);
}

TEST_CASE("read_file of an empty file is an empty buffer") {
  temp_file file("");
  auto body = spool::read_file(file.path);
  REQUIRE(body);
  CHECK(body.value()->empty());
}

TEST_CASE("read_file failures are I/O errors naming the file") {
  fs::path missing = fs::temp_directory_path() / "spool_input_read_does_not_exist";
  auto body = spool::read_file(missing);
  REQUIRE_FALSE(body);
  CHECK(body.error().code == errc::io);
  CHECK(body.error().source_name == missing.string());
  CHECK_FALSE(body.error().detail.empty());
  CHECK(body.error().message() == missing.string() + ": error: I/O error: " + body.error().detail);

  auto directory = spool::read_file(fs::temp_directory_path());
  REQUIRE_FALSE(directory);
  CHECK(directory.error().code == errc::io);
  CHECK_FALSE(directory.error().detail.empty());
}

TEST_CASE("max_size stops a read that would pass it") {
  temp_file file(pattern(1000));
  auto at_limit = spool::read_file(file.path, 1000);
  REQUIRE(at_limit);
  CHECK(at_limit.value()->size() == 1000);
  auto over = spool::read_file(file.path, 999);
  REQUIRE_FALSE(over);
  CHECK(over.error().code == errc::size_exceeded);
  CHECK(over.error().source_name == file.path.string());

  memory_source unannounced{pattern(5000)};
  auto grown = spool::read_all(unannounced, 4999);
  REQUIRE_FALSE(grown);
  CHECK(grown.error().code == errc::size_exceeded);
  CHECK(unannounced.pos <= 5000);

  sized_source announced{{pattern(5000)}, 5000};
  auto refused = spool::read_all(announced, 100);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().code == errc::size_exceeded);
  CHECK(announced.reads == 0);  // refused on the announcement, before reading

  sized_source understated{{pattern(5000)}, 10};
  auto caught = spool::read_all(understated, 4000);
  REQUIRE_FALSE(caught);
  CHECK(caught.error().code == errc::size_exceeded);
}

TEST_CASE("read_all(fd) reads the rest of a regular file from its position") {
  fresh_pool guard;
  std::string contents = pattern(30'000);
  temp_file file(contents);
  int fd = ::open(file.path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  REQUIRE(::lseek(fd, 10, SEEK_SET) == 10);
  auto body = spool::read_all(fd);
  ::close(fd);
  REQUIRE(body);
  CHECK(body.value()->view() == contents.substr(10));
  CHECK(body.value()->capacity() == contents.size() - 10);
}

TEST_CASE("read_all(fd) on a pipe grows to fit") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::string contents = pattern(300'000);  // more than a pipe holds: the writer must wait
  std::thread writer([&] {
    std::size_t done = 0;
    while (done < contents.size()) {
      ssize_t n = ::write(fds[1], contents.data() + done, contents.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fds[1]);
  });
  auto body = spool::read_all(fds[0]);
  writer.join();
  ::close(fds[0]);
  REQUIRE(body);
  CHECK(body.value()->view() == contents);
}

TEST_CASE("read_all(fd) reports a bad descriptor") {
  auto body = spool::read_all(-1);
  REQUIRE_FALSE(body);
  CHECK(body.error().code == errc::io);
  CHECK_FALSE(body.error().detail.empty());
}

TEST_CASE("a regular file announcing size 0 but holding data is read by the probe") {
  // Files under /proc report st_size 0; the probe read after the (empty) exact fill finds the data.
  if (!fs::exists("/proc/self/status")) {
    MESSAGE("skipped: no /proc on this system");
    return;
  }
  auto body = spool::read_file("/proc/self/status");
  REQUIRE(body);
  CHECK(body.value()->view().find("Name:") != std::string_view::npos);
}

TEST_CASE("read_all(FILE*) honours bytes the FILE already buffered") {
  fresh_pool guard;
  std::string contents = pattern(20'000);
  temp_file file(contents);
  std::FILE* f = std::fopen(file.path.c_str(), "rb");
  REQUIRE(f != nullptr);
  CHECK(std::fgetc(f) == contents[0]);  // the FILE now holds a buffered block
  CHECK(std::fgetc(f) == contents[1]);
  auto body = spool::read_all(f);
  std::fclose(f);
  REQUIRE(body);
  CHECK(body.value()->view() == contents.substr(2));
  CHECK(body.value()->capacity() == contents.size() - 2);
}

TEST_CASE("read_all(FILE*) reports a null FILE and a stream opened for writing only") {
  auto none = spool::read_all(static_cast<std::FILE*>(nullptr));
  REQUIRE_FALSE(none);
  CHECK(none.error().code == errc::io);

  temp_file file("data");
  std::FILE* f = std::fopen(file.path.c_str(), "ab");
  REQUIRE(f != nullptr);
  auto write_only = spool::read_all(f);
  std::fclose(f);
  REQUIRE_FALSE(write_only);
  CHECK(write_only.error().code == errc::io);
  CHECK_FALSE(write_only.error().detail.empty());
}

TEST_CASE("read_all(FILE*) on a pipe grows to fit") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::string contents = pattern(1000);
  REQUIRE(::write(fds[1], contents.data(), contents.size()) == static_cast<ssize_t>(contents.size()));
  ::close(fds[1]);
  std::FILE* f = ::fdopen(fds[0], "rb");
  REQUIRE(f != nullptr);
  auto body = spool::read_all(f);
  std::fclose(f);
  REQUIRE(body);
  CHECK(body.value()->view() == contents);
}

TEST_CASE("read_all(istream) uses the size of a seekable stream") {
  fresh_pool guard;
  std::string contents = pattern(40'000);
  std::istringstream in(contents);
  in.seekg(100);
  auto body = spool::read_all(in);
  REQUIRE(body);
  CHECK(body.value()->view() == contents.substr(100));
  CHECK(body.value()->capacity() == contents.size() - 100);
  CHECK_FALSE(in.bad());
}

TEST_CASE("read_all(istream) grows for a stream that cannot seek") {
  std::string contents = pattern(70'000);
  unseekable_buf buf(contents);
  std::istream in(&buf);
  auto body = spool::read_all(in);
  REQUIRE(body);
  CHECK(body.value()->view() == contents);
}

TEST_CASE("read_all(istream) reports failed and broken streams") {
  std::istringstream failed("abc");
  failed.setstate(std::ios_base::failbit);
  auto before = spool::read_all(failed);
  REQUIRE_FALSE(before);
  CHECK(before.error().code == errc::io);

  failing_buf buf;
  std::istream broken(&buf);
  auto during = spool::read_all(broken);
  REQUIRE_FALSE(during);
  CHECK(during.error().code == errc::io);
  CHECK(during.error().detail == "stream read failed");
}

TEST_CASE("a Source with an honest size is read in one pass into one exact allocation") {
  fresh_pool guard;
  sized_source src{{pattern(50'000)}, 50'000};
  auto body = spool::read_all(src);
  REQUIRE(body);
  CHECK(body.value()->view() == src.data);
  CHECK(body.value()->capacity() == 50'000);
  CHECK(src.reads == 2);  // the fill, then the probe that confirms the end
  CHECK(spool::thread_pool_stats().fresh_allocations == 1);
}

TEST_CASE("short reads on the known-size path still fill exactly") {
  fresh_pool guard;
  sized_source src{{pattern(10'000)}, 10'000};
  src.max_chunk = 7;
  auto body = spool::read_all(src);
  REQUIRE(body);
  CHECK(body.value()->view() == src.data);
  CHECK(body.value()->capacity() == 10'000);
}

TEST_CASE("a Source that announces less than it has is read to the end") {
  sized_source src{{pattern(50'000)}, 100};
  src.max_chunk = 333;
  auto body = spool::read_all(src);
  REQUIRE(body);
  CHECK(body.value()->view() == src.data);
}

TEST_CASE("a Source that announces more than it has ends where it ends") {
  sized_source src{{pattern(100)}, 50'000};
  auto body = spool::read_all(src);
  REQUIRE(body);
  CHECK(body.value()->view() == src.data);
  CHECK(src.reads == 2);  // the data, then 0: no probe needed
}

TEST_CASE("a Source without a size, or with an empty optional one, grows") {
  memory_source plain{pattern(100'000)};
  plain.max_chunk = 4096;
  auto body = spool::read_all(plain);
  REQUIRE(body);
  CHECK(body.value()->view() == plain.data);

  maybe_sized_source unknown{{pattern(3000)}, std::nullopt};
  auto grown = spool::read_all(unknown);
  REQUIRE(grown);
  CHECK(grown.value()->view() == unknown.data);

  maybe_sized_source known{{pattern(3000)}, 3000};
  auto exact = spool::read_all(known);
  REQUIRE(exact);
  CHECK(exact.value()->view() == known.data);
  CHECK(known.reads == 2);

  signed_sized_source minus_one{{pattern(3000)}, -1};
  auto unknown_signed = spool::read_all(minus_one);
  REQUIRE(unknown_signed);
  CHECK(unknown_signed.value()->view() == minus_one.data);

  signed_sized_source signed_known{{pattern(3000)}, 3000};
  auto exact_signed = spool::read_all(signed_known);
  REQUIRE(exact_signed);
  CHECK(exact_signed.value()->view() == signed_known.data);
  CHECK(signed_known.reads == 2);

  memory_source empty{""};
  auto nothing = spool::read_all(empty);
  REQUIRE(nothing);
  CHECK(nothing.value()->empty());
}

TEST_CASE("an input buffer that outgrew the input cap is not kept") {
  fresh_pool guard;
  {
    sized_source big{{pattern(spool::input_buffer_limit + 1)}, spool::input_buffer_limit + 1};
    auto body = spool::read_all(big);
    REQUIRE(body);
  }
  CHECK(spool::thread_pool_stats().drops == 1);
  CHECK(spool::thread_pool_stats().buffers_retained == 0);
  {
    sized_source fits{{pattern(1000)}, 1000};
    auto body = spool::read_all(fits);
    REQUIRE(body);
  }
  CHECK(spool::thread_pool_stats().buffers_retained == 1);
}
