// RFC 8259's two-character escapes (\" \\ \/ \b \f \n \r \t), as byte tables for both directions.
#pragma once

#include <array>
#include <utility>

namespace spool::json::detail {

struct escape_tables {
  std::array<char, 256> decode{};  // letter after the backslash -> byte; 0: not a short escape
  std::array<char, 256> encode{};  // byte -> letter; 0: written as is or as \u00XX
};

inline constexpr escape_tables escapes = [] {
  constexpr std::pair<char, char> letters_and_bytes[] = {{'"', '"'},  {'\\', '\\'}, {'/', '/'},  {'b', '\b'},
                                                         {'f', '\f'}, {'n', '\n'},  {'r', '\r'}, {'t', '\t'}};
  escape_tables t;
  for (const auto& [letter, byte] : letters_and_bytes) {
    t.decode[static_cast<unsigned char>(letter)] = byte;
    // '/' may be escaped but never needs to be.
    if (letter != '/') t.encode[static_cast<unsigned char>(byte)] = letter;
  }
  return t;
}();

}  // namespace spool::json::detail
