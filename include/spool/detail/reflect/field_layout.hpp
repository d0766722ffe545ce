// meta<T>'s options applied to T's source fields, at compile time: which fields are visible, in
// which order, under which key, required or defaulted. Every misuse of an option (a member that
// does not exist, a skipped member that is also renamed, two fields under one key) stops the
// build here with a message.
#pragma once

#include <spool/detail/reflect/name_table.hpp>
#include <spool/detail/reflect/source_fields.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace spool::detail {

inline constexpr std::size_t no_default = std::numeric_limits<std::size_t>::max();

struct field_settings {
  std::string_view key;  // the rename() key
  bool renamed = false;
  bool skipped = false;
  bool required = false;
  std::size_t default_option = no_default;  // index of the default_value() in meta<T>::fields
};

enum class option_problem : std::uint8_t {
  none,
  unknown_member,
  repeated,
  skipped_and_used,
  required_with_default
};

template <std::size_t N>
struct field_layout {
  std::array<field_settings, N> settings{};
  std::array<std::size_t, N> visible_to_source{};
  std::size_t visible = 0;
  bool any_default = false;
  option_problem problem = option_problem::none;
};

template <std::size_t N>
class layout_builder {
 public:
  constexpr explicit layout_builder(const std::array<std::string_view, N>& names) : names_(names) {}

  constexpr void apply(const rename_option& option, std::size_t) {
    if (field_settings* s = find(option.member)) {
      if (s->renamed) fail(option_problem::repeated);
      s->renamed = true;
      s->key = option.key;
    }
  }
  constexpr void apply(const skip_option& option, std::size_t) {
    if (field_settings* s = find(option.member)) {
      if (s->skipped) fail(option_problem::repeated);
      s->skipped = true;
    }
  }
  constexpr void apply(const required_option& option, std::size_t) {
    if (field_settings* s = find(option.member)) {
      if (s->required) fail(option_problem::repeated);
      s->required = true;
    }
  }
  template <class V>
  constexpr void apply(const default_option<V>& option, std::size_t index) {
    if (field_settings* s = find(option.member)) {
      if (s->default_option != no_default) fail(option_problem::repeated);
      s->default_option = index;
    }
  }

  constexpr field_layout<N> finish() {
    for (std::size_t i = 0; i < N; ++i) {
      const field_settings& s = layout_.settings[i];
      const bool defaulted = s.default_option != no_default;
      if (s.skipped && (s.renamed || s.required || defaulted)) fail(option_problem::skipped_and_used);
      if (s.required && defaulted) fail(option_problem::required_with_default);
      if (s.skipped) continue;
      layout_.visible_to_source[layout_.visible++] = i;
      layout_.any_default = layout_.any_default || defaulted;
    }
    return layout_;
  }

 private:
  constexpr field_settings* find(std::string_view member) {
    for (std::size_t i = 0; i < N; ++i) {
      if (names_[i] == member) return &layout_.settings[i];
    }
    fail(option_problem::unknown_member);
    return nullptr;
  }
  constexpr void fail(option_problem problem) {
    if (layout_.problem == option_problem::none) layout_.problem = problem;
  }

  const std::array<std::string_view, N>& names_;
  field_layout<N> layout_{};
};

template <class T>
consteval field_layout<source_count<T>> compute_layout() {
  layout_builder<source_count<T>> builder(source_names<T>);
  if constexpr (has_field_options<T>) {
    std::apply(
        [&](const auto&... option) {
          std::size_t index = 0;
          (builder.apply(option, index++), ...);
        },
        meta_of<T>::fields.options);
  }
  return builder.finish();
}

template <class T>
consteval field_layout<source_count<T>> checked_layout() {
  constexpr auto layout = compute_layout<T>();
  static_assert(layout.problem != option_problem::unknown_member,
                "spool::meta<T>::fields: an option names a member that T does not have (options use "
                "the C++ member name, or the name given to spool::member)");
  static_assert(layout.problem != option_problem::repeated,
                "spool::meta<T>::fields: the same option is given twice for one member");
  static_assert(layout.problem != option_problem::skipped_and_used,
                "spool::meta<T>::fields: a skipped member cannot also be renamed, required or defaulted");
  static_assert(layout.problem != option_problem::required_with_default,
                "spool::meta<T>::fields: a required member's default_value would never be used");
  return layout;
}

template <class T>
inline constexpr field_layout<source_count<T>> layout_of = checked_layout<std::remove_cv_t<T>>();

template <class T, std::size_t I>
consteval std::size_t visible_source() {
  static_assert(I < layout_of<T>.visible, "spool::reflect: field index out of range (see field_count)");
  return layout_of<T>.visible_to_source[I];
}

// The source index of visible field I.
template <class T, std::size_t I>
inline constexpr std::size_t source_of = visible_source<std::remove_cv_t<T>, I>();

template <class T>
consteval naming declared_naming() {
  if constexpr (has_naming_policy<T>) {
    return naming{meta_of<T>::naming};
  } else {
    return naming::as_is;
  }
}

// Visible field v's key: the rename() key verbatim, or the source name in T's naming policy.
template <class T>
constexpr spelled key_spelling(std::size_t v) {
  const std::size_t s = layout_of<T>.visible_to_source[v];
  const field_settings& settings = layout_of<T>.settings[s];
  if (settings.renamed) return {settings.key, naming::as_is};
  return {source_names<T>[s], declared_naming<T>()};
}

template <class T>
consteval auto key_spellings() {
  return []<std::size_t... V>(std::index_sequence<V...>) {
    return std::array<spelled, sizeof...(V)>{key_spelling<T>(V)...};
  }(std::make_index_sequence<layout_of<T>.visible>{});
}

template <std::size_t Count, std::size_t Chars>
consteval bool keys_distinct(const name_table<Count, Chars>& keys) {
  for (std::size_t i = 0; i < Count; ++i) {
    for (std::size_t j = i + 1; j < Count; ++j) {
      if (keys[i] == keys[j]) return false;
    }
  }
  return true;
}

template <class T>
consteval auto make_field_keys() {
  constexpr auto keys = join_names<joined_size(key_spellings<T>())>(key_spellings<T>());
  static_assert(keys_distinct(keys),
                "spool::meta<T>: two fields have the same key after rename() and the naming policy");
  return keys;
}

// field_keys<T>[v]: visible field v's key as documents spell it by default.
template <class T>
inline constexpr auto field_keys = make_field_keys<std::remove_cv_t<T>>();

// Visible field I's key, after the index check of visible_source.
template <class T, std::size_t I>
consteval std::string_view visible_key() {
  visible_source<T, I>();
  return field_keys<T>[I];
}

}  // namespace spool::detail
