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
