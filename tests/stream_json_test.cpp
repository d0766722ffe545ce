// spool::json::stream_reader: every way of cutting a stream into reads gives the values and the
// errors that reading each value alone gives; the buffer is leased, bounded and given back.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <spool/json.hpp>
#include <spool/pool.hpp>
#include <spool/value.hpp>

#include "support/scripted_source.hpp"

using namespace std::string_literals;
using spool::errc;
using spool_test::scripted;
using spool_test::split_at;

namespace {

struct fresh_pool {
  fresh_pool() {
    spool::trim_thread_pool();
    spool::reset_thread_pool_stats();
  }
  ~fresh_pool() { spool::trim_thread_pool(); }
};

using outcome = spool_test::stream_outcome;

template <spool::json::read_options Opts = spool::json::read_options{}, class Source>
outcome read_stream(Source&& source) {
  return spool_test::read_values<spool::json::stream_reader<Opts>>(std::forward<Source>(source));
}

// The values joined by the separators (cycled), and what reading each alone gives.
std::string join(const std::vector<std::string>& values, const std::vector<std::string>& separators) {
  std::string s;
  for (std::size_t i = 0; i < values.size(); ++i) {
    s += values[i];
    s += separators[i % separators.size()];
  }
  return s;
}

std::vector<spool::value> each_alone(const std::vector<std::string>& values) {
  std::vector<spool::value> out;
  for (const std::string& v : values) out.push_back(spool::json::read<spool::value>(v).value());
  return out;
}

const std::vector<std::string> mixed_values = {
    R"({"a":"b\"c\\\u00e9é","n":[1,-2.5e3,true,null],"o":{}})",
    "12345",
    "\"ünïcödé ✓ 😀 \\ud83d\\ude00\"",
    "[]",
    "-0.5",
    R"("esc\n\t\/")",
    "true",
    "false",
    "null",
    "1e10",
    "[[1],[2,[3,{\"k\":[4.25E-2]}]]]",
    "0",
};

}  // namespace

TEST_CASE("every split of a stream gives the values that reading each alone gives") {
  const std::string text = join(mixed_values, {" ", "\n", "\t\r\n  ", ""});
  // "" between values would glue some together ("1234512345"): keep separators where needed.
  const std::string input = join(mixed_values, {" ", "\n", "\t\r\n  "});
  const std::vector<spool::value> expected = each_alone(mixed_values);
  (void)text;

  SUBCASE("the whole input at once") { CHECK(read_stream(scripted(input, {})).values == expected); }
  SUBCASE("fixed piece sizes, with and without stalls") {
    for (std::size_t piece : {1, 2, 3, 5, 7, 16, 64}) {
      for (bool stall : {false, true}) {
        CAPTURE(piece);
        CAPTURE(stall);
        outcome o = read_stream(scripted(input, {piece}, stall));
        CHECK(o.error.code == errc::ok);
        CHECK(o.values == expected);
      }
    }
  }
  SUBCASE("two pieces, split at every offset (inside strings, escapes, numbers, UTF-8)") {
    for (std::size_t at = 0; at <= input.size(); ++at) {
      CAPTURE(at);
      outcome o = read_stream(split_at(input, at));
      REQUIRE(o.error.code == errc::ok);
      CHECK(o.values == expected);
    }
  }
  SUBCASE("an istream refilled a byte, or a few bytes, at a time, stalling or not") {
    for (std::size_t piece : {1, 3, 4096}) {
      for (bool stall : {false, true}) {
        spool_test::piecewise_streambuf buf(input, piece, stall);
        std::istream is(&buf);
        outcome o = read_stream(is);
        CHECK(o.error.code == errc::ok);
        CHECK(o.values == expected);
        CHECK(is.eof());
      }
    }
  }
}

TEST_CASE("a number cut by a read is one number: 12 | 34 is 1234") {
  for (std::size_t at = 0; at <= 4; ++at) {
    outcome o = read_stream(split_at("1234", at));
    REQUIRE(o.values.size() == 1);
    CHECK(o.values[0] == spool::value(1234));
  }
  outcome o = read_stream(scripted("12 34", {1}));
  REQUIRE(o.values.size() == 2);
  CHECK(o.values[1] == spool::value(34));
  outcome f = read_stream(scripted("-1.5e+3", {1}));
  REQUIRE(f.values.size() == 1);
  CHECK(f.values[0] == spool::value(-1500.0));
  // The grammar, not a run of number characters, ends a number: 1-2 is two values.
  outcome two = read_stream(scripted("1-2", {1}));
  REQUIRE(two.values.size() == 2);
  CHECK(two.values[1] == spool::value(-2));
}

TEST_CASE("top-level scalars, empty and whitespace-only streams") {
  outcome nums = read_stream(scripted("1 2 3", {1}));
  CHECK(nums.values == std::vector<spool::value>{spool::value(1), spool::value(2), spool::value(3)});
  outcome mix = read_stream(scripted(R"("a" true null)", {2}));
  CHECK(mix.values == std::vector<spool::value>{spool::value("a"), spool::value(true), spool::value(nullptr)});

  for (std::string blank : {"", " \n\t\r  \n"}) {
    spool::json::stream_reader in{scripted(blank, {1})};
    CHECK_FALSE(in.more());
    CHECK(in.input_offset() == blank.size());
    spool::result<spool::value> v = in.template read<spool::value>();
    REQUIRE_FALSE(v);
    CHECK(v.error().code == errc::empty_input);
    CHECK(v.error().offset == blank.size());
    CHECK_FALSE(in.more());
    CHECK(in.buffer_capacity() == 0);
  }
}

TEST_CASE("input_offset counts the values read and the whitespace after them") {
  const std::string input = "[1]  {\"a\":2}\n7 ";
  std::vector<std::size_t> offsets;
  spool::json::stream_reader in{scripted(input, {})};
  while (in.more()) {
    REQUIRE(in.read<spool::value>());
    offsets.push_back(in.input_offset());
  }
  CHECK(offsets == std::vector<std::size_t>{5, 13, 15});
  // In small reads a value is followed only by the whitespace already read; at the end all of it.
  spool::json::stream_reader slow{scripted(input, {1})};
  std::size_t last = 0;
  for (std::size_t value_end : {3u, 12u, 14u}) {
    REQUIRE(slow.read<spool::value>());
    CHECK(slow.input_offset() >= value_end);
    CHECK(slow.input_offset() >= last);
    last = slow.input_offset();
  }
  CHECK_FALSE(slow.more());
  CHECK(slow.input_offset() == input.size());
}

TEST_CASE("errors: the same as reading the value alone, at the offset in the stream, and sticky") {
  const std::string prefix = "[1,2] {\"x\":[true]}\n";
  const std::vector<std::string> bad = {"[1,2",   "{\"a\" 1}", R"("abc\q")", "01",   "-",     "1.",    "[1}",
                                        "\"\xff\"", "tx",      "tru",       "{\"a\":", "[1,]",  "\"a\x01\"", "}",
                                        "nul ",   "[1 2]"};
  for (const std::string& b : bad) {
    CAPTURE(b);
    const spool::error alone = spool::json::read<spool::value>(b).error();
    REQUIRE(alone.code != errc::ok);
    const std::string input = prefix + b;
    for (std::size_t at = 0; at <= input.size(); ++at) {
      CAPTURE(at);
      outcome o = read_stream(split_at(input, at));
      REQUIRE(o.values.size() == 2);
      CHECK(o.error.code == alone.code);
      CHECK(o.error.offset == prefix.size() + alone.offset);
      CHECK(o.error.line == 2);
    }
  }
}

namespace {

// What reading the whole stream at once says of the value starting at `value_start`: json::read's
// error over the rest of the stream, with the offset, line and column of the whole input.
spool::error whole_input_error(std::string_view stream, std::size_t value_start) {
  spool::error e = spool::json::read<spool::value>(stream.substr(value_start)).error();
  REQUIRE(e.code != errc::ok);
  e.offset += value_start;
  e.locate(stream);
  return e;
}

void check_same_error(const outcome& o, std::size_t values, const spool::error& expected) {
  REQUIRE(o.values.size() == values);
  CHECK(o.error.code == expected.code);
  CHECK(o.error.offset == expected.offset);
  CHECK(o.error.line == expected.line);
  CHECK(o.error.column == expected.column);
}

}  // namespace

TEST_CASE("a \\u escape cut off by a read before an invalid byte: json::read's error, not the read's end") {
  // Found by the json_stream fuzzer: the boundary scanner stops at the control character and the
  // decode over the bytes held ran out inside the escape's four digits.
  const std::string title = "{\"title\":\"\\u>\x04" "041f\"}"s;
  const std::string cut = "{\"als\\u\x06\x00\x01"s;
  for (const std::string& input : {title, cut}) {
    const spool::error whole = whole_input_error(input, 0);
    for (std::size_t piece : {1, 2, 3, 5, 7}) {
      for (bool stall : {false, true}) {
        CAPTURE(piece);
        check_same_error(read_stream(scripted(input, {piece}, stall)), 0, whole);
      }
    }
  }
  CHECK(whole_input_error(title, 0).code == errc::invalid_escape);
  CHECK(whole_input_error(title, 0).offset == 10);
  CHECK(whole_input_error(cut, 0).code == errc::unexpected_end);
  CHECK(whole_input_error(cut, 0).offset == cut.size());
}

TEST_CASE("bad escapes, control characters and cut numbers: json::read's code, offset, line and column at every split") {
  // The line of the error begins with values (multi-byte characters among them) that the reader
  // may have dropped from its buffer already, depending on the reads.
  const std::string prefix = "[1, \"ü\"]\n\"é😀\" {\"ï\":\"ô\"} ";
  const std::vector<std::string> bad = {
      "{\"title\":\"\\u>\x04" "041f\"}"s,
      "{\"als\\u\x06\x00\x01"s,
      R"("\u12")", R"("\u")", R"(["ab\u00e"])", R"("\ud83d\u12")", "\"\\ud83dx\x01\"", "\"\\u00zz\x02\"",
      R"(["\q"])", "\"a\x01" "b\"", "{\"k\":\"é\x1f\"}", "[\"ü\\u", "\"\\",
      "[1.]", "-", "1.", "1e", "1e+", "-01", "[0.e1]", "[-]", "{\"n\":1.5e}", "[12.", "-x",
  };
  const std::vector<std::string> tails = {"", " ", "\n[2]\n", " 7"};
  for (const std::string& b : bad) {
    for (const std::string& tail : tails) {
      const std::string input = prefix + b + tail;
      CAPTURE(input);
      const spool::error whole = whole_input_error(input, prefix.size());
      for (std::size_t at = 0; at <= input.size(); ++at) {
        CAPTURE(at);
        check_same_error(read_stream(split_at(input, at)), 3, whole);
      }
      for (std::size_t piece : {1, 3, 7}) {
        CAPTURE(piece);
        check_same_error(read_stream(scripted(input, {piece}, piece == 3)), 3, whole);
      }
    }
  }
}

TEST_CASE("an error is sticky and releases the buffer; more() is true until it was returned") {
  fresh_pool guard;
  spool::json::stream_reader in{scripted("[1] [x] [2]", {4})};
  REQUIRE(in.more());
  REQUIRE(in.read<spool::value>());
  REQUIRE(in.more());
  spool::result<spool::value> bad = in.read<spool::value>();
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == errc::syntax);
  CHECK(bad.error().offset == 5);
  CHECK(in.buffer_capacity() == 0);
  CHECK(spool::thread_pool_stats().buffers_retained == 1);  // the buffer went back to the pool
  CHECK_FALSE(in.more());
  for (int i = 0; i < 3; ++i) {
    spool::value v;
    spool::error again = in.read(v);
    CHECK(again.code == errc::syntax);
    CHECK(again.offset == 5);
    CHECK(again.message() == bad.error().message());
  }
}

TEST_CASE("line and column of an error deep in a stream, however the reads fall") {
  std::string input;
  for (int i = 0; i < 300; ++i) input += "{\"id\":" + std::to_string(i) + ",\"tags\":[\"a\",\"b\"]}\n";
  input += "{\"id\":300,\n \"tags\":[\"a\",  nope]}\n";
  const std::size_t where = input.find("nope");
  for (std::size_t piece : {1, 7, 100, 100000}) {
    CAPTURE(piece);
    outcome o = read_stream(scripted(input, {piece}));
    CHECK(o.values.size() == 300);
    CHECK(o.error.code == errc::syntax);
    CHECK(o.error.offset == where);
    CHECK(o.error.line == 302);
    CHECK(o.error.column == 16);
    CHECK(o.error.path == "tags[1]");
    CHECK(o.error.message().find("\"tags\":[\"a\",  no") != std::string::npos);
  }
}

TEST_CASE("an error's column counts characters, also of the part of its line already dropped, however the reads fall") {
  constexpr spool::json::read_options lenient{.comments = true};
  // Many values on the error's line (the reader drops them as it goes), with two- to four-byte
  // characters, and in comments a stray byte that counts as one column as locate() counts it.
  std::string line = "\n";
  for (int i = 0; i < 40; ++i) line += "\"é" + std::to_string(i) + "\" [1,\"😀\"] /* ü\xff€ */ ";
  const std::string input = "[0]\n// ∑ first\n" + line + "{\"a\": nope}\n[2]";
  const std::size_t bad = input.rfind('{');
  const spool::error whole = whole_input_error(input, bad);
  REQUIRE(whole.line == 4);
  REQUIRE(whole.column < bad - input.rfind('\n', bad));  // characters, not bytes
  for (std::size_t piece : {1, 2, 3, 5, 7, 64, 4096}) {
    CAPTURE(piece);
    check_same_error(read_stream<lenient>(scripted(input, {piece}, piece == 5)), 1 + 2 * 40, whole);
  }
  const std::string small = "[0]\n\"é\" [\"😀\"] /* \xff */ \"ü\" {\"a\": nope}";
  const spool::error small_whole = whole_input_error(small, small.rfind('{'));
  for (std::size_t at = 0; at <= small.size(); ++at) {
    CAPTURE(at);
    check_same_error(read_stream<lenient>(split_at(small, at)), 4, small_whole);
  }
}

TEST_CASE("trailing garbage after good values") {
  outcome o = read_stream(scripted("1 2 x", {1}));
  CHECK(o.values.size() == 2);
  CHECK(o.error.code == errc::syntax);
  CHECK(o.error.offset == 4);
}

TEST_CASE("max_input_size bounds each value and the memory of a hostile stream") {
  constexpr spool::json::read_options limited{.max_input_size = 64 * 1024};
  SUBCASE("a stream of small values longer than the limit is fine") {
    std::string input;
    for (int i = 0; i < 20000; ++i) input += "[\"value\"," + std::to_string(i) + "]\n";
    REQUIRE(input.size() > 4 * limited.max_input_size);
    outcome o = read_stream<limited>(scripted(input, {4096}));
    CHECK(o.error.code == errc::ok);
    CHECK(o.values.size() == 20000);
  }
  SUBCASE("a value past the limit fails, whatever the reads") {
    const std::string big = "[\"" + std::string(100000, 'x') + "\"]";
    for (std::size_t piece : {1000, 1000000}) {
      outcome o = read_stream<limited>(scripted("[1] " + big, {piece}));
      CHECK(o.values.size() == 1);
      CHECK(o.error.code == errc::size_exceeded);
      CHECK(o.error.offset == 4);
    }
  }
  SUBCASE("an endless string stops at the limit") {
    std::size_t served = 0;
    spool::json::stream_reader<limited> in{[&](std::span<std::byte> out) {
      std::memset(out.data(), 'a', out.size());
      if (served == 0) out[0] = std::byte{'"'};
      served += out.size();
      return out.size();
    }};
    spool::error e = in.read<spool::value>().error();
    CHECK(e.code == errc::size_exceeded);
    CHECK(in.peak_buffer_capacity() <= limited.max_input_size + 1);
    CHECK(served <= 2 * limited.max_input_size);
  }
}

TEST_CASE("a depth bomb in a stream fails as it arrives, in bounded memory") {
  fresh_pool guard;  // a pooled buffer keeps its capacity: start from a new one
  std::size_t served = 0;
  spool::json::stream_reader in{[&](std::span<std::byte> out) {
    std::memset(out.data(), '[', out.size());
    served += out.size();
    return out.size();
  }};
  CHECK_FALSE(in.read<spool::value>());
  CHECK(in.error().code == errc::depth_exceeded);
  CHECK(in.error().offset == 256);
  CHECK(in.peak_buffer_capacity() <= spool::detail::stream::initial_capacity);
  // The same bomb after good values: the offset is the stream's.
  outcome o = read_stream(scripted("[1] " + std::string(1000, '['), {3}));
  CHECK(o.error.code == errc::depth_exceeded);
  CHECK(o.error.offset == 4 + 256);
}

TEST_CASE("comments between and inside values when allowed, split anywhere") {
  constexpr spool::json::read_options lenient{.comments = true};
  const std::string input = "/* head */ 1 // one\n [2, /* in */ 3] // tail\n/**/";
  for (std::size_t at = 0; at <= input.size(); ++at) {
    CAPTURE(at);
    outcome o = read_stream<lenient>(split_at(input, at));
    CHECK(o.error.code == errc::ok);
    CHECK(o.values == std::vector<spool::value>{spool::value(1), spool::value{2, 3}});
  }
  outcome open = read_stream<lenient>(scripted("1 /* open", {2}));
  CHECK(open.values.size() == 1);
  CHECK(open.error.code == errc::unexpected_end);
}

namespace {
struct record {
  std::vector<int> numbers;
  std::string name;
  std::map<std::string, int> counts;
  std::optional<std::vector<std::string>> tags;
  friend bool operator==(const record&, const record&) = default;
};
}  // namespace

TEST_CASE("a cut-off first attempt leaves a reused object as a direct read does") {
  const std::string doc = R"({"numbers":[1,2,3,4],"name":"after","counts":{"a":1,"b":2},"tags":["x","yz"]})";
  const record before{{9, 9, 9, 9, 9, 9}, "before-with-a-long-name", {{"z", 26}, {"a", 0}}, std::nullopt};
  record direct = before;
  REQUIRE_FALSE(spool::json::read(doc, direct));
  for (std::size_t at = 0; at <= doc.size(); ++at) {
    CAPTURE(at);
    record reused = before;
    spool::json::stream_reader in{split_at(doc, at)};
    REQUIRE_FALSE(in.read(reused));
    CHECK(reused == direct);
  }
  // One object read again and again from a stream, as a loop over messages does.
  const std::string input = join({doc, R"({"numbers":[5],"name":"x"})", doc}, {"\n"});
  spool::json::stream_reader in{scripted(input, {5})};
  record r = before, expect = before;
  while (in.more()) {
    REQUIRE_FALSE(in.read(r));
  }
  REQUIRE_FALSE(spool::json::read(doc, expect));
  REQUIRE_FALSE(spool::json::read(R"({"numbers":[5],"name":"x"})", expect));
  REQUIRE_FALSE(spool::json::read(doc, expect));
  CHECK(r == expect);
}

TEST_CASE("file descriptor source through a pipe, written in small pieces by another thread") {
  const std::string input = join(mixed_values, {"\n"});
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::thread writer([&] {
    for (std::size_t i = 0; i < input.size(); i += 3) {
      std::size_t n = std::min<std::size_t>(3, input.size() - i);
      (void)!::write(fds[1], input.data() + i, n);
      if (i % 30 == 0) std::this_thread::yield();
    }
    ::close(fds[1]);
  });
  outcome o = read_stream(fds[0]);
  writer.join();
  ::close(fds[0]);
  CHECK(o.error.code == errc::ok);
  CHECK(o.values == each_alone(mixed_values));
}

TEST_CASE("a source that fails: errc::io, returned once by read, then more() is false") {
  spool::json::stream_reader in{-1};  // not a descriptor: read(2) fails with EBADF
  CHECK(in.more());
  spool::error e = in.read<spool::value>().error();
  CHECK(e.code == errc::io);
  CHECK_FALSE(e.detail.empty());
  CHECK_FALSE(in.more());
  CHECK(in.read<spool::value>().error().code == errc::io);

  spool::json::stream_reader liar{[](std::span<std::byte> out) { return out.size() + 1; }};
  CHECK(liar.read<spool::value>().error().code == errc::io);
}

TEST_CASE("istream source: a stringstream, and the stream left at its end") {
  std::istringstream is(join(mixed_values, {"\n"}));
  outcome o = read_stream(is);
  CHECK(o.values == each_alone(mixed_values));
  CHECK(is.eof());
}

TEST_CASE("the buffer: leased on the first read, given back when only whitespace remains") {
  fresh_pool guard;
  SUBCASE("given back between bursts, and reused by the next reader") {
    // "[1]  \n" arrives, then (after a stall) "[2]": between them the reader holds nothing.
    {
      spool::json::stream_reader in{scripted("[1]  \n[2]", {6, 3}, true)};
      CHECK(in.buffer_capacity() == 0);
      REQUIRE(in.read<spool::value>());
      CHECK(in.buffer_capacity() == 0);
      CHECK(spool::thread_pool_stats().buffers_retained == 1);
      REQUIRE(in.read<spool::value>());
      CHECK_FALSE(in.more());
      spool::pool_stats s = spool::thread_pool_stats();
      CHECK(s.buffers_retained == 1);
      CHECK(s.reuses >= 1);  // the second burst took the same buffer back
    }
    // The next reader on this thread: its buffer and its decoder both come from the pool.
    spool::reset_thread_pool_stats();
    spool::json::stream_reader next{scripted("[3]", {})};
    REQUIRE(next.read<spool::value>());
    CHECK(spool::thread_pool_stats().reuses == 2);
    CHECK(spool::thread_pool_stats().fresh_allocations == 0);
  }
  SUBCASE("peak capacity below twice the largest value plus the initial size") {
    const std::size_t largest = 300000;
    std::string input;
    for (std::size_t size : {10u, 5000u, 300000u, 70000u, 3u}) input += "\"" + std::string(size - 2, 'v') + "\"\n";
    for (std::size_t piece : {1000u, 4096u, 65536u, 1000000u}) {
      CAPTURE(piece);
      spool::trim_thread_pool();
      spool::json::stream_reader in{scripted(input, {piece, piece / 3 + 1, 1})};
      std::size_t n = 0;
      for (; in.more(); ++n) REQUIRE(in.read<spool::value>());
      CHECK(n == 5);
      CHECK(in.peak_buffer_capacity() < 2 * largest + spool::detail::stream::initial_capacity);
      CHECK(in.peak_buffer_capacity() >= largest);
      CHECK(in.buffer_capacity() == 0);
      CHECK(spool::thread_pool_stats().buffers_retained == 1);
    }
  }
  SUBCASE("a buffer past 1 MiB goes back to the allocator, not the pool") {
    const std::string big = "\"" + std::string(1500000, 'b') + "\"";
    spool::json::stream_reader in{scripted(big, {100000})};
    spool::reset_thread_pool_stats();
    REQUIRE(in.read<spool::value>());
    CHECK_FALSE(in.more());
    CHECK(in.peak_buffer_capacity() > spool::input_buffer_limit);
    spool::pool_stats s = spool::thread_pool_stats();
    CHECK(s.drops >= 1);
    CHECK(s.bytes_retained <= spool::detail::stream::initial_capacity);  // at most the one that saw the end
  }
}

TEST_CASE("NDJSON from the shared twitter corpus, one status per line, in odd reads") {
  const std::optional<std::vector<spool::value>> expected = spool_test::twitter_statuses();
  if (!expected) {
    MESSAGE("shared data not found: skipped");
    return;
  }
  std::string input;
  for (const spool::value& status : *expected) input += spool::json::write(status) + "\n";
  for (std::size_t piece : {1u, 997u, 65536u}) {
    outcome o = read_stream(scripted(input, {piece}));
    CHECK(o.error.code == errc::ok);
    CHECK(o.values == *expected);
  }
}
