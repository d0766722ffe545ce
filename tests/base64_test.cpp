#include <spool/detail/base64.hpp>

#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::vector<std::byte> bytes_of(std::string_view s) {
  std::vector<std::byte> out;
  for (char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

std::string encode(std::string_view raw) {
  const std::vector<std::byte> in = bytes_of(raw);
  std::string text(spool::detail::base64_encoded_size(in.size()), '?');
  char* end = spool::detail::base64_encode(in, text.data());
  CHECK(end == text.data() + text.size());
  return text;
}

struct decoded {
  spool::errc code;
  std::size_t offset;
  std::string bytes;
};

decoded decode(std::string_view text) {
  std::vector<std::byte> out(spool::detail::base64_decoded_capacity(text.size()));
  const spool::detail::base64_decoded r = spool::detail::base64_decode(text, out.data());
  std::string bytes;
  for (std::size_t i = 0; i < r.size; ++i) bytes.push_back(static_cast<char>(out[i]));
  return {r.code, r.offset, bytes};
}

}  // namespace

TEST_CASE("base64 encodes the RFC 4648 test vectors") {
  CHECK(encode("") == "");
  CHECK(encode("f") == "Zg==");
  CHECK(encode("fo") == "Zm8=");
  CHECK(encode("foo") == "Zm9v");
  CHECK(encode("foob") == "Zm9vYg==");
  CHECK(encode("fooba") == "Zm9vYmE=");
  CHECK(encode("foobar") == "Zm9vYmFy");
}

TEST_CASE("base64 decodes padded and unpadded text") {
  for (std::string_view raw : {"", "f", "fo", "foo", "foob", "fooba", "foobar"}) {
    const std::string text = encode(raw);
    decoded padded = decode(text);
    CHECK(padded.code == spool::errc::ok);
    CHECK(padded.bytes == raw);
    std::string_view unpadded = text;
    while (!unpadded.empty() && unpadded.back() == '=') unpadded.remove_suffix(1);
    decoded bare = decode(unpadded);
    CHECK(bare.code == spool::errc::ok);
    CHECK(bare.bytes == raw);
  }
}

TEST_CASE("base64 round-trips every byte value") {
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  for (std::size_t n = 0; n <= all.size(); n += 37) {
    const std::string raw = all.substr(all.size() - n);
    const decoded back = decode(encode(raw));
    CHECK(back.code == spool::errc::ok);
    CHECK(back.bytes == raw);
  }
  CHECK(encode("\xfb\xff") == "+/8=");
}

TEST_CASE("base64 rejects malformed text at the offending character") {
  struct bad {
    std::string_view text;
    std::size_t offset;
  };
  for (bad b : {bad{"Zm9v!mFy", 4}, bad{"Zg=a", 2}, bad{"Z===", 1}, bad{"====", 0}, bad{"Zm9vY", 5},
                bad{"Zm9", 2}, bad{"Zm=", 2}, bad{"Zh==", 1}, bad{"Zm9=", 2}, bad{"Zm 9v", 2},
                bad{"=", 0}}) {
    CAPTURE(b.text);
    const decoded r = decode(b.text);
    CHECK(r.code == spool::errc::syntax);
    CHECK(r.offset == b.offset);
  }
}
