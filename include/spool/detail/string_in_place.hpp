// Replacing a string member by one constructed where it lies, for readers that have the whole
// text of a string in hand and a member without room for it:
//
//   if (text.size() > member.capacity()) spool::detail::construct_string_in_place(member, text);
//
// Move-assigning a temporary instead copies its length and capacity, stored as two 8-byte words,
// and loads them back as one 16-byte word right after: a store-forwarding stall per string too long
// for the short-string buffer.
#pragma once

#include <memory>
#include <new>
#include <string_view>

namespace spool::detail {

// If the allocation throws, `out` is left empty (constructed again) so that its owner can destroy it.
template <class String>
[[gnu::always_inline]] inline void construct_string_in_place(String& out, std::string_view s) {
  const auto allocator = out.get_allocator();
  out.~String();
#if defined(__cpp_exceptions)
  try {
    ::new (static_cast<void*>(std::addressof(out))) String(s.data(), s.size(), allocator);
  } catch (...) {
    ::new (static_cast<void*>(std::addressof(out))) String(allocator);
    throw;
  }
#else
  ::new (static_cast<void*>(std::addressof(out))) String(s.data(), s.size(), allocator);
#endif
}

}  // namespace spool::detail
