// A stream reader's target: built only by the compile_stream_* tests (tests/CMakeLists.txt), once
// per format (SPOOL_TEST_FORMAT: json or msgpack) and member type (SPOOL_TEST_MEMBER). With a
// std::string_view member it must not compile: the view would point into the reader's buffer,
// which moves and is reused for the next values. With a std::string it must, which shows that
// nothing else in this file is what fails.
#include <iostream>
#include <string>
#include <string_view>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>

namespace {
struct message {
  int id = 0;
  SPOOL_TEST_MEMBER name;
};
}  // namespace

int main() {
  spool::SPOOL_TEST_FORMAT::stream_reader in{std::cin};
  message m;
  while (in.more()) {
    if (spool::error e = in.read(m)) return 1;
    std::cout << m.id << ' ' << m.name << '\n';
  }
  return 0;
}
