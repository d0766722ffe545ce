// Key naming policies: turning a C++ member name into the key a document uses.
//
// The same constexpr code serves the compile-time keys of field_name<T, I> and the plans built
// at run time for a plan_options naming override, so the two can never disagree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace spool {

enum class naming : std::uint8_t { as_is, snake_case, camel_case, kebab_case, pascal_case };

}  // namespace spool

namespace spool::detail {

constexpr bool ascii_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool ascii_lower(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr char ascii_to_lower(char c) noexcept { return ascii_upper(c) ? char(c - 'A' + 'a') : c; }
constexpr char ascii_to_upper(char c) noexcept { return ascii_lower(c) ? char(c - 'a' + 'A') : c; }

// Calls word(begin, end) for each word of an identifier. Words end at '_' or '-', before an
// upper-case letter that follows a lower-case letter or digit (maxConnections), and before the
// last capital of an acronym that a lower-case letter continues (HTTPServer -> HTTP, Server), so
// that every spelling of the same words (max_connections, MaxConnections) yields the same words.
template <class Word>
constexpr void for_each_word(std::string_view name, Word&& word) {
  std::size_t begin = 0;
  const auto flush = [&](std::size_t end) {
    if (end > begin) word(begin, end);
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '_' || c == '-') {
      flush(i);
      begin = i + 1;
      continue;
    }
    if (i == begin || !ascii_upper(c)) continue;
    const char prev = name[i - 1];
    const bool after_lower = ascii_lower(prev) || (prev >= '0' && prev <= '9');
    const bool acronym_end = ascii_upper(prev) && i + 1 < name.size() && ascii_lower(name[i + 1]);
    if (after_lower || acronym_end) {
      flush(i);
      begin = i;
    }
  }
  flush(name.size());
}

// Calls put(char) for every character of `name` spelled in `policy`.
template <class Put>
constexpr void spell_name(std::string_view name, naming policy, Put&& put) {
  if (policy == naming::as_is) {
    for (const char c : name) put(c);
    return;
  }
  bool first_word = true;
  for_each_word(name, [&](std::size_t begin, std::size_t end) {
    if (!first_word && policy == naming::snake_case) put('_');
    if (!first_word && policy == naming::kebab_case) put('-');
    const bool capital = policy == naming::pascal_case || (policy == naming::camel_case && !first_word);
    put(capital ? ascii_to_upper(name[begin]) : ascii_to_lower(name[begin]));
    for (std::size_t i = begin + 1; i < end; ++i) put(ascii_to_lower(name[i]));
    first_word = false;
  });
}

constexpr std::size_t spelled_size(std::string_view name, naming policy) {
  std::size_t size = 0;
  spell_name(name, policy, [&](char) { ++size; });
  return size;
}

// Appends the spelling to a character container (run-time plans for a naming override).
template <class Chars>
void append_spelled(Chars& out, std::string_view name, naming policy) {
  spell_name(name, policy, [&](char c) { out.push_back(c); });
}

}  // namespace spool::detail
