// Structs for the tests of the JSON and MessagePack struct readers' matching of keys in
// declaration order (json_struct_order_test, msgpack_struct_order_test).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <spool/reflect.hpp>

namespace spool_test {

struct ordered {
  int a = 0;
  std::string b;
  std::int64_t c = 0;
  friend bool operator==(const ordered&, const ordered&) = default;
};

// Optional fields that documents often leave out, between fields they give.
struct gapped {
  int a = 0;
  std::optional<int> b;
  std::string c;
  std::optional<std::string> d;
  int e = 0;
  friend bool operator==(const gapped&, const gapped&) = default;
};

// A required field and one with a default ("none").
struct with_defaults {
  int first = 0, second = 0;
  std::string third;
};

// Field names of every length at which a word-wise key comparison changes its steps (1-3 bytes,
// 4-7, 8, 9-15, 16, 17-31, 32, 40; in MessagePack fixstr up to 31 bytes, str8 past that), none a
// prefix of another.
struct key_lengths {
  int l1 = 0, l2 = 0, l3 = 0, l4 = 0, l7 = 0, l8 = 0, l9 = 0, l15 = 0, l16 = 0, l17 = 0, l31 = 0, l32 = 0,
      l40 = 0;
};

}  // namespace spool_test

template <>
struct spool::meta<spool_test::with_defaults> {
  static constexpr auto fields =
      spool::field_options(spool::required("second"), spool::default_value("third", std::string_view("none")));
};

template <>
struct spool::meta<spool_test::key_lengths> {
  static constexpr auto fields = spool::field_options(
      spool::rename("l1", "a"), spool::rename("l2", "bc"), spool::rename("l3", "cde"), spool::rename("l4", "defg"),
      spool::rename("l7", "efghijk"), spool::rename("l8", "fghijklm"), spool::rename("l9", "ghijklmno"),
      spool::rename("l15", "hijklmnopqrstuv"), spool::rename("l16", "ijklmnopqrstuvwx"),
      spool::rename("l17", "jklmnopqrstuvwxyz"), spool::rename("l31", "klmnopqrstuvwxyz0123456789ABCDE"),
      spool::rename("l32", "lmnopqrstuvwxyz0123456789ABCDEFG"),
      spool::rename("l40", "mnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP"));
};

namespace spool_test {

// The field names in declaration order.
inline constexpr std::size_t key_length_count = spool::reflect::field_count<key_lengths>;
inline constexpr auto key_length_names = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::array<std::string_view, key_length_count>{spool::reflect::field_name<key_lengths, I>...};
}(std::make_index_sequence<key_length_count>{});

}  // namespace spool_test
