#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include <spool/detail/utf8.hpp>

using namespace std::string_literals;
using spool::detail::find_invalid_utf8;
using spool::detail::is_valid_utf8;

namespace {

std::size_t invalid_at(std::string_view s) {
  return static_cast<std::size_t>(find_invalid_utf8(s.data(), s.data() + s.size()) - s.data());
}

}  // namespace

TEST_CASE("well-formed UTF-8 is accepted at every length") {
  CHECK(is_valid_utf8(""));
  CHECK(is_valid_utf8("plain ascii"));
  CHECK(is_valid_utf8("\xC2\x80 \xDF\xBF"));                  // U+0080, U+07FF
  CHECK(is_valid_utf8("\xE0\xA0\x80 \xED\x9F\xBF \xEF\xBF\xBF"));  // U+0800, U+D7FF, U+FFFF
  CHECK(is_valid_utf8("\xF0\x90\x80\x80 \xF4\x8F\xBF\xBF"));      // U+10000, U+10FFFF
  CHECK(is_valid_utf8("h\xC3\xA9llo w\xC3\xB6rld, \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E and more ascii to pass 16 bytes"));
}

TEST_CASE("ill-formed UTF-8 is found at its first bad byte") {
  CHECK(invalid_at("abc\x80") == 3);              // stray continuation
  CHECK(invalid_at("\xC0\xAF") == 0);             // overlong '/'
  CHECK(invalid_at("\xC1\xBF") == 0);             // overlong
  CHECK(invalid_at("\xE0\x9F\xBF") == 0);         // overlong 3-byte
  CHECK(invalid_at("\xED\xA0\x80") == 0);         // surrogate U+D800
  CHECK(invalid_at("\xF0\x8F\xBF\xBF") == 0);     // overlong 4-byte
  CHECK(invalid_at("\xF4\x90\x80\x80") == 0);     // above U+10FFFF
  CHECK(invalid_at("\xF5\x80\x80\x80") == 0);
  CHECK(invalid_at("\xFF") == 0);
  CHECK(invalid_at("ok \xE2\x82") == 3);          // cut short at the end
  CHECK(invalid_at("ok \xE2\x82z") == 3);         // continuation missing
  // Past the 16- and 8-byte fast paths, the exact position still comes out.
  const std::string long_prefix(37, 'x');
  CHECK(invalid_at(long_prefix + "\xC3") == 37);
  CHECK(invalid_at(long_prefix + "\xC3\xA9" + long_prefix + "\x80") == 37 + 2 + 37);
}

TEST_CASE("encode and decode agree on every length boundary") {
  for (const char32_t cp : {U'\0', U'A', char32_t{0x7F}, char32_t{0x80}, char32_t{0x7FF}, char32_t{0x800},
                            char32_t{0xD7FF}, char32_t{0xE000}, char32_t{0xFFFF}, char32_t{0x10000},
                            char32_t{0x10FFFF}}) {
    char buf[4];
    const std::size_t n = spool::detail::encode_utf8(cp, buf);
    CHECK(is_valid_utf8(std::string_view(buf, n)));
    std::size_t length = 0;
    CHECK(spool::detail::decode_utf8(buf, length) == cp);
    CHECK(length == n);
  }
  char buf[4];
  CHECK(spool::detail::encode_utf8(U'\u00E9', buf) == 2);
  CHECK(std::string_view(buf, 2) == "\xC3\xA9");
  CHECK(spool::detail::encode_utf8(U'\U0001F600', buf) == 4);
  CHECK(std::string_view(buf, 4) == "\xF0\x9F\x98\x80");
}

TEST_CASE("skip_ascii stops at the first high byte") {
  const std::string s = std::string(40, 'a') + "\xC3\xA9";
  CHECK(spool::detail::skip_ascii(s.data(), s.data() + s.size()) - s.data() == 40);
  CHECK(spool::detail::skip_ascii(s.data(), s.data() + 40) == s.data() + 40);
}

#if defined(__SSSE3__)
// The block check against the sequence walk: each piece (well-formed or not) after 0-40 units of
// ASCII, CJK or mixed text and before 0-40 more, so that it and the end of the text fall at every
// offset of a 16- or 32-byte block. The text is checked alone and lying in a larger buffer whose
// bytes after it (a lead byte, a continuation, 0xFF) must not count.
TEST_CASE("the block check agrees with the sequence walk at every offset") {
  const std::string pieces[] = {"\xC3\xA9",         "\xE6\x97\xA5", "\xF0\x9F\x98\x80", "\x80",        "\xC3",
                                "\xE6\x97",         "\xF0\x9F\x98", "\xC0\xAF",         "\xED\xA0\x80", "\xF4\x90\x80\x80",
                                "\xE0\x9F\xBF",     "\xFF",         "\xC3\xA9\x80",     "\xEF\xBF\xBF", "\xF4\x8F\xBF\xBF"};
  const std::string fills[] = {"a", "\xE3\x81\x82", "ab\xE3\x81\x82"};
  const std::string after[] = {"\xE3", "\x80", "\xFF"};
  std::size_t checked = 0;
  for (const std::string& piece : pieces) {
    for (const std::string& fill : fills) {
      for (int before = 0; before <= 40; ++before) {
        for (int behind = 0; behind <= 40; ++behind) {
          std::string text;
          for (int i = 0; i < before; ++i) text += fill;
          text += piece;
          for (int i = 0; i < behind; ++i) text += fill;
          const char* first = text.data();
          const char* last = first + text.size();
          const bool valid = find_invalid_utf8(first, last) == last;
          CAPTURE(text);
          REQUIRE(spool::detail::valid_utf8_blocks(first, last) == valid);
          for (const std::string& next : after) {
            const std::string buffer = text + std::string(40, next[0]);
            REQUIRE(spool::detail::valid_utf8_blocks(buffer.data(), buffer.data() + text.size(),
                                                     buffer.data() + buffer.size()) == valid);
          }
          ++checked;
        }
      }
    }
  }
  CHECK(checked == 15 * 3 * 41 * 41);
}
#endif
