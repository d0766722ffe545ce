// Names the compiler spells for a template argument, read from __PRETTY_FUNCTION__.
//
// Both g++ 12 and clang 14 end the text with the argument: an enumerator prints as `Color::red`
// (`(Color)3` when no enumerator has the value), the address of a member as
// `{(& object<S>.S::port)}` (g++) or `{&object.port}` (clang). The wanted name is the last
// identifier in the text.
#pragma once

#include <spool/detail/reflect/naming.hpp>

#include <cstddef>
#include <string_view>

namespace spool::detail {

// `auto`, not std::string_view, as return type: g++ would append "std::string_view = ..." to the text.
template <auto Argument>
consteval auto pretty_signature() {
  return std::string_view{__PRETTY_FUNCTION__};
}

constexpr bool identifier_char(char c) noexcept {
  return ascii_lower(c) || ascii_upper(c) || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The last identifier of `text`; empty when the text ends in a number (an unnamed enum value).
consteval std::string_view trailing_identifier(std::string_view text) {
  std::size_t end = text.size();
  while (end > 0 && !identifier_char(text[end - 1])) --end;
  std::size_t begin = end;
  while (begin > 0 && identifier_char(text[begin - 1])) --begin;
  if (begin == end || (text[begin] >= '0' && text[begin] <= '9')) return {};
  return text.substr(begin, end - begin);
}

template <auto Argument>
consteval std::string_view argument_name() {
  return trailing_identifier(pretty_signature<Argument>());
}

}  // namespace spool::detail
