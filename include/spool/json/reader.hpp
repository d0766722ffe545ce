// The JSON reader: one pass over the input straight into the target object.
//
// There is no token stream and no intermediate tree: each read_* function looks at the next byte,
// checks the grammar and writes into the target (reusing a string's or vector's capacity). Errors
// are kept in the reader and every function returns bool, so the success path carries no error
// objects; the path of the failing member ("statuses[3].user.id") is built while unwinding.
//
// A reader is a pooled object (spool::lease_object): its plan memo and scratch survive between
// documents on the same thread.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <spool/datetime.hpp>
#include <spool/detail/datetime_text.hpp>
#include <spool/detail/map_refill.hpp>
#include <spool/detail/number_parse.hpp>
#include <spool/detail/pool/limits.hpp>
#include <spool/detail/reflect/field_order.hpp>
#include <spool/detail/same_bytes.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/detail/utf8.hpp>
#include <spool/detail/value/builder.hpp>
#include <spool/error.hpp>
#include <spool/json/member_key.hpp>
#include <spool/json/number.hpp>
#include <spool/json/options.hpp>
#include <spool/json/raw_json.hpp>
#include <spool/json/scan.hpp>
#include <spool/json/string.hpp>
#include <spool/json/variant_tag.hpp>
#include <spool/reflect.hpp>
#include <spool/value.hpp>

namespace spool::json::detail {

using namespace spool::detail;  // the shared type categories (integer, sequence, map_like, ...)

// What the byte at p starts, for "expected X, found Y" messages.
inline std::string_view describe(const char* p, const char* end) noexcept {
  if (p == end) return "end of input";
  switch (*p) {
    case '{': return "object";
    case '[': return "array";
    case '"': return "string";
    case 't':
    case 'f': return "boolean";
    case 'n': return "null";
    default: return starts_number(*p) ? "number" : "unexpected character";
  }
}

// Which JSON value kinds a variant alternative can take, for untagged variants.
template <read_options Opts>
struct alternative_kinds {
  template <class A>
  struct null : std::bool_constant<std::is_same_v<A, std::monostate> || std::is_same_v<A, std::nullptr_t> ||
                                   optional_like<A> || pointer_like<A>> {};
  template <class A>
  struct truth : std::bool_constant<boolean<A>> {};
  template <class A>
  struct integral
      : std::bool_constant<integer<A> || chrono_duration<A> || (enum_type<A> && Opts.enums_as_integers)> {};
  template <class A>
  struct fractional : std::bool_constant<floating<A>> {};
  template <class A>
  struct text : std::bool_constant<owning_string<A> || string_view_like<A> || char_array<A> ||
                                   chrono_time_point<A> || (enum_type<A> && !Opts.enums_as_integers)> {};
  template <class A>
  struct array : std::bool_constant<sequence<A> || fixed_array<A> || set_like<A> || tuple_like<A> ||
                                    byte_container<A>> {};
  template <class A>
  struct object : std::bool_constant<map_like<A> || (reflected<A> && !std::is_same_v<A, std::monostate>)> {};
  template <class A>
  struct any : std::bool_constant<std::is_same_v<A, spool::value> || std::is_same_v<A, raw_json>> {};
};

// Whether T's elements, reached through operator[], are floats or doubles.
template <class T>
struct floating_elements : std::false_type {};
template <class T>
  requires requires(T& x) { x[0]; }
struct floating_elements<T> : std::bool_constant<floating<std::remove_cvref_t<decltype(std::declval<T&>()[0])>>> {};

// The index of the first alternative of V satisfying Pred, or variant_npos.
template <class V, template <class> class Pred>
constexpr std::size_t first_alternative() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    std::size_t found = std::variant_npos;
    ((found == std::variant_npos && Pred<std::variant_alternative_t<I, V>>::value ? (found = I) : 0), ...);
    return found;
  }(std::make_index_sequence<std::variant_size_v<V>>{});
}

template <read_options Opts>
class reader {
 public:
  const char* end = nullptr;  // one past the input; public for the string and number helpers
  spool::error error;

  // Reads the whole input into out: one value, whitespace around it, nothing else.
  template <class T>
  bool document(std::string_view input, T& out) {
    begin_ = input.data();
    end = begin_ + input.size();
    depth_ = 0;
    const char* p = begin_;
    if constexpr (Opts.max_input_size != unlimited) {
      if (input.size() > Opts.max_input_size) return fail_detail(errc::size_exceeded, p, "input larger than read_options::max_input_size");
    }
    if (!ws(p)) return false;
    if (p == end) return fail(errc::empty_input, p, "a JSON value", "only whitespace");
    if (!read(p, out) || !ws(p)) return false;
    if (p != end) return fail(errc::trailing_data, p, "end of input", describe(p, end));
    return true;
  }

  // Reads the first value of `input` (after whitespace) into out and sets `length` to where it
  // ends; what follows is left alone. For the stream reader, whose window may end inside this
  // value or hold the next ones; it checks read_options::max_input_size per value itself.
  template <class T>
  bool first_value(std::string_view input, T& out, std::size_t& length) {
    begin_ = input.data();
    end = begin_ + input.size();
    depth_ = 0;
    const char* p = begin_;
    if (!ws(p)) return false;
    if (p == end) return fail(errc::empty_input, p, "a JSON value", "only whitespace");
    if (!read(p, out)) return false;
    length = static_cast<std::size_t>(p - begin_);
    return true;
  }

  // Errors are built out of line, so that the number and string helpers inlined into the loops
  // carry a call for each, not the error's construction.
  [[gnu::cold, gnu::noinline]] bool fail(errc code, const char* at, std::string_view expected = {}, std::string_view found = {}) {
    error = make_error(code, static_cast<std::size_t>(at - begin_), expected, found);
    return false;
  }
  [[gnu::cold, gnu::noinline]] bool fail_detail(errc code, const char* at, std::string_view detail) {
    error = make_error(code, static_cast<std::size_t>(at - begin_));
    error.detail = detail;
    return false;
  }

  void reset_for_reuse() noexcept {
    error = spool::error{};
    // A huge document must not stay pinned in the thread's pool through the scratch it made grow
    // (spool::value's pending values live in the thread's value_builder, which trims itself).
    if (spool::pool_buffer_oversized(scratch_.capacity())) std::string().swap(scratch_);
    if (spool::pool_buffer_oversized(sequence_scratch_.capacity() * sizeof(std::max_align_t)))
      std::vector<std::max_align_t>().swap(sequence_scratch_);
  }

 private:
  const char* begin_ = nullptr;
  std::uint32_t depth_ = 0;
  spool::plan_memo memo_;
  std::string scratch_;  // decoded escaped keys and tags
  // The elements of an empty vector of floats or points, read here before the vector is made at
  // its final size (sequence_scratch); kept between documents, so it grows once.
  std::vector<std::max_align_t> sequence_scratch_;

  // ---- lexical helpers -------------------------------------------------------------------

  [[gnu::always_inline]] bool ws(const char*& p) {
    if constexpr (!Opts.comments) {
      // Most places have no whitespace (minified text) or one space (after a pretty ':'): both
      // settled here without the call.
      if (p != end && static_cast<unsigned char>(*p) > ' ') return true;
      if (end - p >= 2 && *p == ' ' && static_cast<unsigned char>(p[1]) > ' ') {
        ++p;
        return true;
      }
    }
    p = skip_whitespace(p, end);
    if constexpr (Opts.comments) {
      while (p != end && *p == '/') {
        if (!skip_comment(p)) return false;
        p = skip_whitespace(p, end);
      }
    }
    return true;
  }

  bool skip_comment(const char*& p) {
    const char* const start = p;
    if (end - p < 2 || (p[1] != '/' && p[1] != '*')) return fail(errc::syntax, p, "comment", describe(p, end));
    const char* body = p + 2;
    const char* body_end;
    if (p[1] == '/') {
      const void* nl = std::memchr(body, '\n', static_cast<std::size_t>(end - body));
      body_end = nl ? static_cast<const char*>(nl) : end;
      p = nl ? body_end + 1 : end;
    } else {
      const std::string_view rest(body, static_cast<std::size_t>(end - body));
      const std::size_t close = rest.find("*/");
      if (close == std::string_view::npos) return fail(errc::unexpected_end, start, "end of comment */");
      body_end = body + close;
      p = body_end + 2;
    }
    if constexpr (Opts.validate_utf8) {
      if (const char* bad = find_invalid_utf8(body, body_end); bad != body_end) return fail(errc::invalid_utf8, bad);
    }
    return true;
  }

  // true, false or null at p. Inline, with the word's length known, the comparison is one
  // integer load and compare (a call to memcmp and back cost ten times that); the error is worded
  // out of line.
  template <std::size_t N>
  [[gnu::always_inline]] bool literal(const char*& p, const char (&word)[N]) {
    constexpr std::size_t size = N - 1;
    if (static_cast<std::size_t>(end - p) < size || std::memcmp(p, word, size) != 0) [[unlikely]]
      return wrong_literal(p, std::string_view(word, size));
    p += size;
    return true;
  }

  [[gnu::cold, gnu::noinline]] bool wrong_literal(const char* p, std::string_view word) {
    // A prefix of the word at the very end is a cut-off document, not a wrong word.
    const std::size_t avail = static_cast<std::size_t>(end - p);
    if (avail < word.size() && std::memcmp(p, word.data(), avail) == 0) return fail(errc::unexpected_end, end, word);
    return fail(errc::syntax, p, word, describe(p, end));
  }

  bool expect_type(const char* p, std::string_view expected) {
    if (p == end) return fail(errc::unexpected_end, p, expected, "end of input");
    const std::string_view found = describe(p, end);
    return fail(found == "unexpected character" ? errc::syntax : errc::unexpected_type, p, expected, found);
  }

  bool enter(const char* p) {
    if (++depth_ > Opts.max_depth) return fail(errc::depth_exceeded, p);
    return true;
  }

  // The opening bracket at p (else a type error naming `expected`), the level it adds and the
  // whitespace after it; `done` says the container is empty, its close consumed too.
  bool open(const char*& p, char bracket, char close, std::string_view expected, bool& done) {
    return open_inline(p, bracket, close, expected, done);
  }
  // A newline and indentation after the bracket (pretty-printed text) are skipped inline; the loop
  // of floating arrays leaves them to ws (Indented false), as it does after a ','.
  template <bool Indented = json_indented_comma>
  [[gnu::always_inline]] bool open_inline(const char*& p, char bracket, char close, std::string_view expected, bool& done) {
    if (p == end || *p != bracket) return expect_type(p, expected);
    if (!enter(p)) return false;
    ++p;
    if (Indented && p != end && *p == '\n') {
      if (const char* const token = token_after_indentation(p, end)) p = token;
    }
    if (!ws(p)) return false;
    done = p != end && *p == close;
    if (done) ++p;
    return true;
  }

  // After an element: ',' (then more, or with trailing_commas possibly the close) or the close.
  // Returns false on error; sets `done` when the container closed.
  bool next_element(const char*& p, char close, bool& done) {
    if (!ws(p)) return false;
    if (p != end && *p == ',') {
      ++p;
      if (!ws(p)) return false;
      if constexpr (Opts.trailing_commas) {
        if (p != end && *p == close) {
          ++p;
          done = true;
        }
      }
      return true;
    }
    if (p != end && *p == close) {
      ++p;
      done = true;
      return true;
    }
    if (p == end) return fail(errc::unexpected_end, p, close == ']' ? "',' or ']'" : "',' or '}'");
    return fail(errc::syntax, p, close == ']' ? "',' or ']'" : "',' or '}'", describe(p, end));
  }

  // Whether p is at a ',' followed at once by what can start the next element or key (no
  // whitespace, comment or, with trailing_commas, close), or by a newline and an indentation of
  // up to 31 spaces before it; if so, p moves to that next token. Minified text separates every
  // element and member the first way, pretty-printed text the second, and the loops take both
  // without next_element's call and its whitespace skip; what follows is checked by the
  // element's or key's reader, as after next_element.
  // The loop of floating arrays leaves the second form to next_element (Indented false): there
  // its branch cost about 1.5 instructions per ',' of minified numbers (canada).
  template <bool Indented = json_indented_comma>
  [[gnu::always_inline]] bool plain_comma(const char*& p, char close) const noexcept {
    if (end - p >= 2 && *p == ',' && static_cast<unsigned char>(p[1]) > ' ') return comma_before(p, p + 1, close);
    if (!Indented || end - p < 2 || *p != ',' || p[1] != '\n') return false;
    const char* const next = token_after_indentation(p + 1, end);
    return next != nullptr && comma_before(p, next, close);
  }

  // Whether p is at the container's close, right there or (pretty-printed text) after a newline
  // and an indentation of up to 31 spaces; if so, p moves past it. Otherwise next_element decides.
  [[gnu::always_inline]] bool plain_close(const char*& p, char close) const noexcept {
    if (p != end && *p == close) {
      ++p;
      return true;
    }
    if (!json_indented_comma || p == end || *p != '\n') return false;
    const char* const next = token_after_indentation(p, end);
    if (next == nullptr || *next != close) return false;
    p = next + 1;
    return true;
  }

  // After an object's member: the ',' before the next key (plain_comma's forms inline) or the
  // close, which sets `done`; next_element settles anything else. False at an error.
  [[gnu::always_inline]] bool after_member(const char*& p, bool& done) {
    if (json_plain_comma && plain_comma(p, '}')) return true;
    if (plain_close(p, '}')) {
      done = true;
      return true;
    }
    // A copy for the call, so that the caller's cursor can stay in a register.
    const char* q = p;
    const bool ok = next_element(q, '}', done);
    p = q;
    return ok;
  }

  // plain_comma's end: moves p to `next`, the token after the ',', unless that cannot start an
  // element or key.
  [[gnu::always_inline]] bool comma_before(const char*& p, const char* next, [[maybe_unused]] char close) const noexcept {
    if constexpr (Opts.comments) {
      if (*next == '/') return false;
    }
    if constexpr (Opts.trailing_commas) {
      if (*next == close) return false;
    }
    p = next;
    return true;
  }

  bool check_container_size(const char* p, std::size_t count) {
    if constexpr (Opts.max_container_size != unlimited) {
      if (count > Opts.max_container_size) return fail_detail(errc::size_exceeded, p, "more elements than read_options::max_container_size");
    }
    return true;
  }

  bool check_string_size(const char* at, std::size_t size) {
    if constexpr (Opts.max_string_length != unlimited) {
      if (size > Opts.max_string_length) return fail_detail(errc::size_exceeded, at, "string longer than read_options::max_string_length");
    }
    return true;
  }

  // Walks an array at p: element(i) reads the i-th element; brackets, commas, depth and the size
  // limit are handled here, and a failing element gets its index prepended to the path.
  template <class F>
  bool for_each_element(const char*& p, F&& element) {
    bool done = false;
    if (!open_inline(p, '[', ']', "array", done)) return false;
    for (std::size_t i = 0; !done; ++i) {
      if (!check_container_size(p, i + 1)) return false;
      if (!element(i)) {
        error.at_index(i);
        return false;
      }
      if (json_plain_comma && plain_comma(p, ']')) continue;
      if (!next_element(p, ']', done)) return false;
    }
    --depth_;
    return true;
  }

  // Walks an object at p: member(key, key_at) reads each value (p is past the ':') and names the
  // key in the path when it fails, as only it knows whether the key text is still valid.
  template <class F>
  bool for_each_member(const char*& p, F&& member) {
    bool done = false;
    if (!open(p, '{', '}', "object", done)) return false;
    for (std::size_t i = 0; !done; ++i) {
      if (!check_container_size(p, i + 1)) return false;
      const char* const key_at = p;
      std::string_view k;
      if (!key(p, k) || !member(k, key_at) || !after_member(p, done)) return false;
    }
    --depth_;
    return true;
  }

  // A string at p (which must be '"'); the view points into the input or, when the string has
  // escapes, into `sink`.
  template <class Sink>
  bool string_view_of(const char*& p, std::string_view& out, Sink& sink) {
    if (p == end || *p != '"') return expect_type(p, "string");
    const char* const start = p;
    ++p;
    return string_body(p, out, sink) && check_string_size(start, out.size());
  }

  // parse_string, checking UTF-8 unless that is off or already settled for the whole input.
  template <class Sink>
  [[gnu::always_inline]] bool string_body(const char*& p, std::string_view& out, Sink& sink) {
    return parse_string<Opts.validate_utf8>(*this, p, out, sink);
  }

  // An object key at p, then the ':' and the whitespace after it.
  bool key(const char*& p, std::string_view& out) { return key_inline(p, out); }
  [[gnu::always_inline]] bool key_inline(const char*& p, std::string_view& out) {
    if (p == end) return fail(errc::unexpected_end, p, "string key");
    if (*p != '"') return fail(errc::syntax, p, "string key", describe(p, end));
    ++p;
    // Keys are short and plain: find the quote directly, decode only when an escape shows up.
    const char* q = find_special<Opts.validate_utf8>(p, end);
    if (q != end && *q == '"') {
      out = std::string_view(p, static_cast<std::size_t>(q - p));
      p = q + 1;
    } else if (!string_body(p, out, scratch_)) {
      return false;
    }
    if (!check_string_size(p, out.size())) return false;
    return colon(p);
  }

  // The ':' after a key (p is past the key's closing quote) and the whitespace around it.
  [[gnu::always_inline]] bool colon(const char*& p) {
    if (p == end || *p != ':') {
      if (!ws(p)) return false;
      if (p == end) return fail(errc::unexpected_end, p, "':'");
      if (*p != ':') return fail(errc::syntax, p, "':'", describe(p, end));
    }
    ++p;
    return ws(p);
  }

  // Whether the key at p (at its opening quote) is `name` spelled verbatim, which `name` must be
  // able to be (struct_plan::plain_keys); if so, p moves past the key's closing quote. The quote
  // after the name is checked first, so the bytes compared all lie inside the input.
  [[gnu::always_inline]] bool verbatim_key(const char*& p, std::string_view name) const noexcept {
    const std::size_t n = name.size();
    if (static_cast<std::size_t>(end - p) < n + 2 || p[n + 1] != '"' || !spool::detail::same_bytes(p + 1, name.data(), n))
      return false;
    p += n + 2;
    return true;
  }

  // ---- skipping (unknown keys, raw_json, tag look-ahead): validates, stores nothing ---------

  // After an error inside a skipped member's value, the member's key is put in the path, read
  // again at key_at: an escaped key was decoded into the scratch, which a nested key may have
  // taken since.
  [[gnu::cold, gnu::noinline]] bool skipped_member_failed(const char* key_at) {
    const char* p = key_at;
    std::string_view k;
    if (key(p, k)) error.at_key(k);
    return false;
  }

  bool skip(const char*& p) {
    if (p == end) return fail(errc::unexpected_end, p, "a JSON value");
    switch (*p) {
      case '{':
        return for_each_member(p, [&](std::string_view, const char* key_at) { return skip(p) || skipped_member_failed(key_at); });
      case '[': return for_each_element(p, [&](std::size_t) { return skip(p); });
      case '"': {
        discard_sink sink;
        std::string_view ignored;
        return string_view_of(p, ignored, sink);
      }
      case 't': return literal(p, "true");
      case 'f': return literal(p, "false");
      case 'n': return literal(p, "null");
      default: {
        if (!starts_number(*p)) return fail(errc::syntax, p, "a JSON value", describe(p, end));
        scanned_number n;
        return scan_number(*this, p, n);
      }
    }
  }

 public:
  // ---- reading into a target ---------------------------------------------------------------

  // plan_slot, given by a sequence's or map's loop, holds the plan of a struct element once the first
  // has looked it up, for the elements after it; targets other than structs leave it alone.
  template <class T>
  bool read(const char*& p, T& out, [[maybe_unused]] const struct_plan** plan_slot = nullptr) {
    if constexpr (std::is_same_v<T, spool::value>) {
      return read_dynamic(p, out);
    } else if constexpr (std::is_same_v<T, raw_json>) {
      const char* const start = p;
      if (!skip(p)) return false;
      out.text.assign(start, p);
      return true;
    } else if constexpr (std::is_same_v<T, std::monostate> || std::is_same_v<T, std::nullptr_t>) {
      if (p == end || *p != 'n') return expect_type(p, "null");
      return literal(p, "null");
    } else if constexpr (boolean<T>) {
      if (p != end && *p == 't') {
        out = true;
        return literal(p, "true");
      }
      if (p != end && *p == 'f') {
        out = false;
        return literal(p, "false");
      }
      return expect_type(p, "boolean");
    } else if constexpr (integer<T>) {
      if (p == end || !starts_number(*p)) return expect_type(p, "integer");
      return read_integer(*this, p, out);
    } else if constexpr (floating<T>) {
      if (p == end || !starts_number(*p)) return expect_type(p, "number");
      return read_floating(*this, p, out);
    } else if constexpr (enum_type<T>) {
      return read_enum(p, out);
    } else if constexpr (owning_string<T>) {
      // Escapes are decoded into the scratch first: then the target grows once, to the decoded
      // size, instead of step by step as the pieces between escapes arrive.
      std::string_view s;
      if (!string_view_of(p, s, scratch_)) return false;
      out.clear();
      out.append(s);
      return true;
    } else if constexpr (string_view_like<T>) {
      const char* const start = p;
      std::string_view s;
      if (!string_view_of(p, s, scratch_)) return false;
      if (s.data() == scratch_.data() && !s.empty())
        return fail_detail(errc::unsupported, start, "a std::string_view cannot hold a string with escapes (read into std::string)");
      out = s;
      return true;
    } else if constexpr (char_array<T>) {
      const char* const start = p;
      std::string_view s;
      if (!string_view_of(p, s, scratch_)) return false;
      if (s.size() >= std::extent_v<T>) return fail_detail(errc::size_exceeded, start, "string longer than the char array");
      std::memcpy(out, s.data(), s.size());
      out[s.size()] = '\0';
      return true;
    } else if constexpr (chrono_time_point<T>) {
      return read_time_point(p, out);
    } else if constexpr (chrono_duration<T>) {
      typename T::rep count{};
      if (!read(p, count)) return false;
      out = T{count};
      return true;
    } else if constexpr (optional_like<T>) {
      if (p != end && *p == 'n') {
        out.reset();
        return literal(p, "null");
      }
      if (!out) out.emplace();
      return read(p, *out);
    } else if constexpr (pointer_like<T>) {
      if (p != end && *p == 'n') {
        out.reset();
        return literal(p, "null");
      }
      using E = typename T::element_type;
      if (!out) {
        if constexpr (std::is_same_v<T, std::shared_ptr<E>>) out = std::make_shared<E>();
        else out = T(new E());
      }
      return read(p, *out);
    } else if constexpr (variant_like<T>) {
      if constexpr (Opts.variant_tag.empty()) return read_untagged(p, out);
      else return read_tagged(p, out);
    } else if constexpr ((sequence<T> || fixed_array<T>) && floating_elements<T>::value && json_number_arrays) {
      return read_number_array(p, out);
    } else if constexpr (map_like<T>) {
      return read_map(p, out);
    } else if constexpr (set_like<T>) {
      return read_set(p, out);
    } else if constexpr (sequence<T>) {
      return read_sequence(p, out);
    } else if constexpr (fixed_array<T>) {
      return read_fixed(p, out);
    } else if constexpr (byte_container<T>) {
      static_assert(sizeof(T) == 0, "a std::span of bytes is written only; read into a std::vector<std::byte>");
    } else if constexpr (tuple_like<T>) {
      return read_tuple(p, out);
    } else if constexpr (reflected<T>) {
      return read_struct<T, false>(p, out, plan_slot);
    } else {
      static_assert(sizeof(T) == 0, "spool::json cannot read this type");
    }
  }

 private:
  template <class E>
  bool read_enum(const char*& p, E& out) {
    if constexpr (Opts.enums_as_integers) {
      std::underlying_type_t<E> raw{};
      if (!read(p, raw)) return false;
      out = static_cast<E>(raw);
      return true;
    } else {
      // A value without a name is written as its number, so a number must read back too.
      if (p != end && (*p == '-' || (*p >= '0' && *p <= '9'))) {
        std::underlying_type_t<E> raw{};
        if (!read(p, raw)) return false;
        out = static_cast<E>(raw);
        return true;
      }
      const char* const start = p;
      std::string_view name;
      if (!string_view_of(p, name, scratch_)) return false;
      const std::optional<E> e = spool::reflect::enum_from_name<E>(name);
      if (!e) return fail(errc::out_of_range, start, "a name of the enumeration", "an unknown name");
      out = *e;
      return true;
    }
  }

  template <class TP>
  bool read_time_point(const char*& p, TP& out) {
    using duration = typename TP::duration;
    if constexpr (std::is_same_v<typename TP::clock, std::chrono::system_clock>) {
      const char* const start = p;
      std::string_view text;
      if (!string_view_of(p, text, scratch_)) return false;
      const datetime_parse parsed = parse_datetime_prefix(text.data(), text.data() + text.size(), {});
      if (parsed.code != errc::ok || parsed.ptr != text.data() + text.size())
        return fail(errc::invalid_datetime, start, "RFC 3339 date-time");
      if (parsed.kind != datetime_kind::offset_datetime)
        return fail(errc::invalid_datetime, start, "RFC 3339 date-time with offset", datetime_kind_name(parsed.kind));
      const offset_datetime dt{parsed.date, parsed.time, parsed.offset_minutes};
      auto instant = dt.to_sys_time<std::chrono::nanoseconds>();
      if (!instant) return fail(errc::out_of_range, start, "a time point the clock can hold");
      // Finer than the target's ticks is cut toward the past, as time_point_cast would floor.
      out = std::chrono::floor<duration>(*instant);
      return true;
    } else {
      typename duration::rep ticks{};
      if (!read(p, ticks)) return false;
      out = TP{duration{ticks}};
      return true;
    }
  }

  template <class C>
  bool read_sequence(const char*& p, C& c) {
    using E = typename C::value_type;
    if constexpr (scratch_sequence<C>) {
      if (c.empty()) return read_sequence_scratch(p, c);
    }
    // Existing elements are read into in place, so their own capacity (strings, vectors) is
    // reused; elements past the document's count are dropped at the end.
    constexpr bool indexed = requires(C& x) { x[0]; } && !std::is_same_v<E, bool>;
    if constexpr (indexed && plain_point<E>) {
      // Points in walk_elements' loop, its cursor in a register.
      std::size_t n = 0;
      if (!walk_elements<false>(p, [&](std::size_t i) __attribute__((always_inline)) -> E& {
            n = i + 1;
            return i < c.size() ? c[i] : c.emplace_back();
          }))
        return false;
      c.erase(std::next(c.begin(), static_cast<std::ptrdiff_t>(n)), c.end());
      return true;
    }
    // A sequence of structs looks their plan up once, not once per element.
    const struct_plan* plan = nullptr;
    const struct_plan** const plan_slot = json_sequence_plans && reflected<E> ? &plan : nullptr;
    std::size_t n = 0;
    auto it = c.begin();
    // The element's body is forced into the walk's loop (each walk has this one caller, so
    // nothing is copied): GCC had called it out of line, a call per element, once a point's
    // inline read and its fallback made it large; 19 instructions per canada point.
    const bool ok = for_each_element(p, [&](std::size_t i) __attribute__((always_inline)) {
      n = i + 1;
      if constexpr (indexed) {
        E& e = i < c.size() ? c[i] : c.emplace_back();
        if constexpr (plain_point<E>) {
          if (read_plain_point(p, e)) return true;
        }
        return read_element(p, e, plan_slot);
      } else if constexpr (std::is_same_v<E, bool>) {
        bool e = false;
        if (!read(p, e)) return false;
        c.push_back(e);
        return true;
      } else if (it != c.end()) {
        return read_element(p, *it++, plan_slot);
      } else {
        // Node containers keep end() valid across emplace_back, so `it` stays the end.
        return read_element(p, c.emplace_back(), plan_slot);
      }
    });
    if (!ok) return false;
    if constexpr (indexed) {
      c.erase(std::next(c.begin(), static_cast<std::ptrdiff_t>(n)), c.end());
    } else if constexpr (std::is_same_v<E, bool>) {
      // These were appended after the old contents: drop the old ones in front.
      c.erase(c.begin(), std::next(c.begin(), static_cast<std::ptrdiff_t>(c.size() - n)));
    } else {
      c.erase(it, c.end());
    }
    return true;
  }

  template <class C>
  static constexpr std::size_t fixed_length = [] {
    if constexpr (std::is_array_v<C>) return std::extent_v<C>;
    else return std::tuple_size_v<C>;
  }();

  // A fixed array of floats as the element of a sequence: a point of a polygon (canada's
  // coordinates), a vertex, a sample.
  template <class E>
  static constexpr bool plain_point = [] {
    if constexpr (fixed_array<E> && floating_elements<E>::value)
      return json_point_arrays && json_number_arrays && fixed_length<E> <= Opts.max_container_size;
    else return false;
  }();

  // A point written "[x,y]" with nothing between its tokens (minified text), read in the
  // sequence's loop: without read_number_array's call, its open, depth and size bookkeeping and the
  // separator tests of an array of any length, which cost about as much as converting a number.
  // Anything else (whitespace, another length, a bad number, the depth limit) returns false with p
  // unmoved, and read_element reads the element again from its start, errors included.
  template <class E>
  [[gnu::always_inline]] bool read_plain_point(const char*& p, E& e) {
    constexpr std::size_t N = fixed_length<E>;
    const char* q = p;
    if (q == end || *q != '[' || depth_ >= Opts.max_depth) return false;
    ++q;
    for (std::size_t k = 0; k < N; ++k) {
      if (q == end || !starts_number(*q) || !read_floating(*this, q, e[k])) return false;
      if (q == end || *q != (k + 1 < N ? ',' : ']')) return false;
      ++q;
    }
    p = q;
    return true;
  }

  // An empty vector of floats or points (fixed arrays of floats), which a fresh target has for
  // each sequence, grew as its elements came: a reallocation and a copy at every power of two and
  // an out-of-line emplace_back per element (canada's 480 rings of 10-3000 points). Its elements are
  // read into the reader's scratch instead, kept between documents, and the vector is made from
  // them at its final size: one allocation, one copy. A vector that already holds elements is read
  // into in place, reusing its capacity, as before. Integers keep the growth: their vectors are
  // short (citm's lists of one to three ids), where the scratch's copy cost more than it saved.
  template <class C>
  static constexpr bool scratch_sequence = [] {
    if constexpr (!json_sequence_scratch || !requires(C& x, const typename C::value_type* f) {
                    x.assign(f, f);
                    x[0];
                  }) {
      return false;
    } else {
      using E = typename C::value_type;
      return std::is_trivially_copyable_v<E> && alignof(E) <= alignof(std::max_align_t) &&
             !std::is_same_v<E, bool> && (std::is_floating_point_v<E> || plain_point<E>);
    }
  }();

  // The scratch as room for at least `count` elements of E, keeping the first `kept`.
  template <class E>
  [[gnu::noinline]] E* grow_sequence_scratch(std::size_t count, std::size_t kept, std::size_t& capacity) {
    constexpr std::size_t unit = sizeof(std::max_align_t);
    std::size_t bytes = std::max<std::size_t>(count * sizeof(E) * 2, 4096);
    std::vector<std::max_align_t> grown((bytes + unit - 1) / unit);
    if (kept != 0) std::memcpy(grown.data(), sequence_scratch_.data(), kept * sizeof(E));
    sequence_scratch_.swap(grown);
    capacity = sequence_scratch_.size() * unit / sizeof(E);
    return reinterpret_cast<E*>(sequence_scratch_.data());
  }

  template <class E>
  [[gnu::always_inline]] E* sequence_scratch(std::size_t& capacity) noexcept {
    capacity = sequence_scratch_.size() * sizeof(std::max_align_t) / sizeof(E);
    return reinterpret_cast<E*>(sequence_scratch_.data());
  }

  // read_sequence of an empty vector through the scratch: the same walk, the same element reads
  // (so the same values and errors); on an error the vector gets the elements read up to it, the
  // failing one value-initialized or partly read, as emplace_back had left it.
  template <class C>
  bool read_sequence_scratch(const char*& p, C& c) {
    using E = typename C::value_type;
    std::size_t capacity = 0;
    E* buffer = sequence_scratch<E>(capacity);
    std::size_t n = 0;
    const bool ok = walk_elements<true>(p, [&](std::size_t i) __attribute__((always_inline)) -> E& {
      if (i == capacity) [[unlikely]] buffer = grow_sequence_scratch<E>(i + 1, i, capacity);
      n = i + 1;
      return buffer[i];
    });
    c.assign(buffer, buffer + n);
    return ok;
  }

  // for_each_element for a sequence of floats or points: slot(i) is where element i goes; a
  // point is read inline (read_plain_point), anything else by read_element, after resetting the
  // slot to E{} when Reset (as emplace_back leaves a new element). The walk's cursor is a local
  // that no call takes the address of (the calls get a copy), so that it stays in a register
  // across the elements; through the reference for_each_element's lambdas share it was loaded
  // and stored around each point (about 25 instructions per canada point).
  template <bool Reset, class Slot>
  [[gnu::always_inline]] bool walk_elements(const char*& pos, Slot&& slot) {
    const char* p = pos;
    bool done = false;
    if (!open_inline(p, '[', ']', "array", done)) return false;
    for (std::size_t i = 0; !done; ++i) {
      if (!check_container_size(p, i + 1)) return false;
      auto& e = slot(i);
      using E = std::remove_reference_t<decltype(e)>;
      bool read_ok = false;
      if constexpr (plain_point<E>) read_ok = read_plain_point(p, e);
      if (!read_ok) {
        if constexpr (Reset) e = E{};
        const char* q = p;
        read_ok = read_element(q, e);
        p = q;
        if (!read_ok) [[unlikely]] return element_failed(i);
      }
      if (json_plain_comma && plain_comma(p, ']')) continue;
      const char* q = p;
      const bool next_ok = next_element(q, ']', done);
      p = q;
      if (!next_ok) return false;
    }
    --depth_;
    pos = p;
    return true;
  }

  // std::vector<double>, std::array<double, N>, double[N] and the like, through
  // read_floating_array: a sequence reuses its elements and drops the surplus, as read_sequence
  // does; a fixed array must get exactly its length, as in read_fixed.
  template <class C>
  bool read_number_array(const char*& p, C& c) {
    using F = std::remove_cvref_t<decltype(c[0])>;
    std::size_t n = 0;
    if constexpr (fixed_array<C>) {
      constexpr std::size_t N = fixed_length<C>;
      const char* const start = p;
      const bool ok = read_floating_array<F>(p, n, [&](std::size_t i, const char* at) -> F* {
        if (i < N) return &c[i];
        wrong_length(at, N, i + 1);
        return nullptr;
      });
      return ok && (n == N || wrong_length(start, N, n));
    } else {
      if constexpr (scratch_sequence<C>) {
        if (c.empty()) {
          std::size_t capacity = 0;
          F* buffer = sequence_scratch<F>(capacity);
          std::size_t made = 0;
          const bool ok = read_floating_array<F>(p, n, [&](std::size_t i, const char*) {
            if (i == capacity) [[unlikely]] buffer = grow_sequence_scratch<F>(i + 1, i, capacity);
            made = i + 1;
            buffer[i] = F{};
            return &buffer[i];
          });
          c.assign(buffer, buffer + made);
          return ok;
        }
      }
      if (!read_floating_array<F>(p, n, [&](std::size_t i, const char*) { return i < c.size() ? &c[i] : &c.emplace_back(); }))
        return false;
      c.erase(std::next(c.begin(), static_cast<std::ptrdiff_t>(n)), c.end());
      return true;
    }
  }

  // Arrays of floating numbers (coordinates, samples, matrices' rows) in a loop of their own:
  // the cursor and the count stay in registers, each number is scanned and converted inline, and
  // the separators minified text has (',' right before the next number, ']' right after the
  // last) are taken inline too; anything else goes through next_element. slot(i, p) is where the
  // i-th number goes, or nullptr when the target holds no more (slot has then failed at p).
  // Sets `count` to the numbers read.
  template <class F, class Slot>
  bool read_floating_array(const char*& pos, std::size_t& count, Slot&& slot) {
    const char* p = pos;
    bool done = false;
    if (!open_inline<false>(p, '[', ']', "array", done)) return false;
    std::size_t n = 0;
    while (!done) {
      if (!check_container_size(p, n + 1)) return false;
      F* const target = slot(n, p);
      if (target == nullptr) [[unlikely]] return element_failed(n);
      if (p == end || !starts_number(*p)) [[unlikely]] {
        expect_type(p, "number");
        return element_failed(n);
      }
      if (!read_floating(*this, p, *target)) [[unlikely]] return element_failed(n);
      ++n;
      if (json_plain_comma && plain_comma<false>(p, ']')) continue;
      if (p != end && *p == ']') {
        ++p;
        break;
      }
      if (!next_element(p, ']', done)) return false;
    }
    --depth_;
    count = n;
    pos = p;
    return true;
  }

  [[gnu::cold, gnu::noinline]] bool element_failed(std::size_t i) {
    error.at_index(i);
    return false;
  }

  // std::byte has no JSON form of its own: it travels as a number 0-255.
  template <class E>
  bool read_element(const char*& p, E& e, const struct_plan** plan_slot = nullptr) {
    if constexpr (std::is_same_v<E, std::byte>) {
      std::uint8_t b = 0;
      if (!read(p, b)) return false;
      e = static_cast<std::byte>(b);
      return true;
    } else {
      return read(p, e, plan_slot);
    }
  }

  bool wrong_length(const char* at, std::size_t wanted, std::size_t got) {
    const std::string expected = "array of " + std::to_string(wanted) + " elements";
    if (got > wanted) return fail(errc::size_exceeded, at, expected);
    return fail(errc::unexpected_type, at, expected, "array of " + std::to_string(got));
  }

  template <class C>
  bool read_fixed(const char*& p, C& c) {
    constexpr std::size_t N = fixed_length<C>;
    const char* const start = p;
    std::size_t n = 0;
    const bool ok = for_each_element(p, [&](std::size_t i) {
      n = i + 1;
      return i < N ? read_element(p, c[i]) : wrong_length(p, N, n);
    });
    return ok && (n == N || wrong_length(start, N, n));
  }

  template <class C>
  bool read_set(const char*& p, C& c) {
    if constexpr (map_node_reuse && node_container<C>) {
      // Each element is read into a node the set held (reset first), not a fresh allocation.
      map_refill refill(c);
      return for_each_element(p, [&](std::size_t) {
        if (!read(p, refill.element())) return false;
        refill.commit();
        return true;
      });
    } else {
      c.clear();
      return for_each_element(p, [&](std::size_t) {
        typename C::value_type e{};
        if (!read(p, e)) return false;
        c.insert(std::move(e));
        return true;
      });
    }
  }

  template <class T>
  bool read_tuple(const char*& p, T& t) {
    constexpr std::size_t N = std::tuple_size_v<T>;
    const char* const start = p;
    std::size_t n = 0;
    const bool ok = for_each_element(p, [&](std::size_t i) {
      n = i + 1;
      if (i >= N) return wrong_length(p, N, n);
      // The run-time index picks its compile-time element: the fold stops at the match.
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        bool read_ok = false;
        [[maybe_unused]] const bool matched = ((i == I && ((read_ok = read(p, std::get<I>(t))), true)) || ...);
        return read_ok;
      }(std::make_index_sequence<N>{});
    });
    return ok && (n == N || wrong_length(start, N, n));
  }

  // A map key from its JSON text.
  template <class K>
  bool map_key(const char* at, std::string_view text, K& k) {
    if constexpr (owning_string<K>) {
      k.assign(text);
      return true;
    } else if constexpr (integer<K>) {
      const char* q = text.data();
      const char* const stop = q + text.size();
      const bool negative = q != stop && *q == '-';
      if (negative) ++q;
      std::uint64_t magnitude = 0;
      const char* after = q != stop && is_digit(*q) ? parse_decimal(q, stop, magnitude) : nullptr;
      if (after != stop || (*q == '0' && stop - q > 1)) return fail(errc::unexpected_type, at, "integer key", "a string that is not an integer");
      if (!integer_from_magnitude(negative, magnitude, k)) return fail(errc::out_of_range, at, "integer key");
      return true;
    } else if constexpr (enum_type<K>) {
      if constexpr (Opts.enums_as_integers) {
        std::underlying_type_t<K> raw{};
        if (!map_key(at, text, raw)) return false;
        k = static_cast<K>(raw);
        return true;
      } else {
        if (const std::optional<K> e = spool::reflect::enum_from_name<K>(text)) {
          k = *e;
          return true;
        }
        // A value without a name is written as the text of its number, so that reads back too.
        if (text.empty() || !starts_number(text.front()))
          return fail(errc::out_of_range, at, "a name of the enumeration", "an unknown name");
        std::underlying_type_t<K> raw{};
        if (!map_key(at, text, raw)) return false;
        k = static_cast<K>(raw);
        return true;
      }
    } else {
      static_assert(sizeof(K) == 0, "JSON object keys are read into strings, integers or enums");
    }
  }

  template <class K>
  static std::string key_text(const K& k) {
    if constexpr (owning_string<K>) {
      return k;
    } else if constexpr (integer<K>) {
      return std::to_string(k);
    } else {
      const std::string_view name = spool::reflect::enum_name(k);
      return name.empty() ? std::to_string(static_cast<std::underlying_type_t<K>>(k)) : std::string(name);
    }
  }

  template <class M>
  bool read_map(const char*& p, M& m) {
    // A map of structs looks their plan up once, as a sequence does.
    const struct_plan* plan = nullptr;
    const struct_plan** const plan_slot = json_sequence_plans && reflected<typename M::mapped_type> ? &plan : nullptr;
    // entry_of(key) -> the map's entry of the key, its value reset if the key came before: the
    // last one wins, as in most JSON readers.
    const auto read_members = [&](auto&& entry_of) {
      return for_each_member(p, [&](std::string_view text, const char* key_at) {
        typename M::key_type k{};
        if (!map_key(key_at, text, k)) {
          error.at_key(text);
          return false;
        }
        auto& entry = entry_of(std::move(k));
        if (!read(p, entry.second, plan_slot)) {
          // `text` may point into the scratch a nested key overwrote: name the key from the map.
          error.at_key(key_text(entry.first));
          return false;
        }
        return true;
      });
    };
    if constexpr (map_node_reuse && node_container<M>) {
      // The nodes the map holds are refilled (a key it had keeps its value and that value's
      // capacity), not freed and allocated again.
      map_refill refill(m);
      return read_members([&](typename M::key_type&& k) -> auto& {
        bool repeated = false;
        auto& entry = refill.slot(std::move(k), repeated);
        if (repeated) entry.second = typename M::mapped_type{};
        return entry;
      });
    } else {
      m.clear();
      return read_members([&](typename M::key_type&& k) -> auto& {
        auto [it, inserted] = m.try_emplace(std::move(k));
        if (!inserted) it->second = typename M::mapped_type{};
        return *it;
      });
    }
  }

  // With require_all_fields, every field that is not an optional or a pointer must be present.
  template <class T>
  static constexpr auto not_nullable_fields() {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<bool, sizeof...(I)>{
          !(optional_like<spool::reflect::field_type<T, I>> || pointer_like<spool::reflect::field_type<T, I>>)...};
    }(std::make_index_sequence<spool::reflect::field_count<T>>{});
  }

  // Structs whose members are first taken in declaration order (read_fields_in_order): those of up
  // to 16 fields. The fold inlines every field's key comparison, value reader and separator: in
  // twitter's status (25 fields) and user (40) that made 17 and 27 KB of code, six times the
  // instruction cache misses of the general loop (callgrind's simulation), and with each value
  // read out of line (one body per member type) twitter still read 6-19% slower than through the
  // general loop, on 16-21% fewer instructions. Small structs (citm_catalog's) read 9% faster.
  template <class T>
  static constexpr bool ordered_fields = json_ordered_fields && spool::reflect::field_count<T> != 0 &&
                                         spool::reflect::field_count<T> <= 16;

  // Where read_fields_in_order left the object: at a key it did not take (the general loop goes
  // on from there), closed, or at an error (set).
  enum class order_stop : std::uint8_t { key, closed, failed };

  // Whether p is at field I's key and colon as compact text spells them, `"name":`, compared with
  // constant bytes; if so p moves past the colon. A name that the input cannot hold verbatim, or
  // longer than max_string_length, is left to the general loop (which decodes or rejects it).
  template <class T, std::size_t I>
  [[gnu::always_inline]] bool next_is_member(const char*& p) const noexcept {
    using key = member_key<T, I>;
    if constexpr (!is_plain_key(key::name) || key::name.size() > Opts.max_string_length) {
      return false;
    } else {
      if (static_cast<std::size_t>(end - p) < key::quoted.size() || !same_as_constant(p, key::quoted)) return false;
      p += key::quoted.size();
      return true;
    }
  }

  // Reads the members whose keys come in T's declaration order (as spool's writer and most others
  // give them), some possibly left out: each field's key, known at compile time, is compared with
  // the input in turn, and on a match the value is read straight into the member, with no key
  // scan, no plan and no call through a table; a field whose key is not next is passed over at the
  // cost of that one comparison. The first key no later field takes (unknown, out of order,
  // repeated, escaped, spaced before its colon) stops it, at that key. Marks the fields read in
  // `marks` and counts them in `members`; `next` is the field after the last one read.
  template <class T>
  [[gnu::always_inline]] order_stop read_fields_in_order(const char*& pos, T& obj, std::uint64_t& marks,
                                                         std::size_t& members, std::size_t& next) {
    const char* p = pos;
    const auto refs = member_refs<true>(obj);
    order_stop stop = order_stop::key;
    [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
      (void)(ordered_member<T, I>(p, obj, refs, marks, members, next, stop) && ...);
    }(std::make_index_sequence<spool::reflect::field_count<T>>{});
    pos = p;
    return stop;
  }

  // Field I's turn in read_fields_in_order; false ends the fold (the object closed, or an error).
  template <class T, std::size_t I, class Refs>
  [[gnu::always_inline]] bool ordered_member(const char*& p, T& obj, const Refs& refs, std::uint64_t& marks,
                                             std::size_t& members, std::size_t& next, order_stop& stop) {
    const char* const key_at = p;
    if (!next_is_member<T, I>(p)) return true;
    if (!check_container_size(key_at, members + 1) || !ws(p)) {
      stop = order_stop::failed;
      return false;
    }
    const char* q = p;
    if (!store_member<I, true>(obj, refs, [&](auto& member) __attribute__((always_inline)) { return read(q, member); })) {
      error.at_key(member_key<T, I>::name);
      stop = order_stop::failed;
      return false;
    }
    p = q;
    marks |= std::uint64_t{1} << I;
    ++members;
    next = I + 1;
    bool done = false;
    if (!after_member(p, done)) {
      stop = order_stop::failed;
      return false;
    }
    if (done) stop = order_stop::closed;
    return !done;
  }

  // Plans live as long as the process: one kept in plan_slot stays valid though the memo may have
  // given its slot to another type since.
  template <class T>
  const struct_plan& plan_of(const struct_plan** plan_slot) {
    const struct_plan* found = plan_slot != nullptr ? *plan_slot : nullptr;
    if (found == nullptr) {
      found = &memo_.template get<T>();
      if (plan_slot != nullptr) *plan_slot = found;
    }
    return *found;
  }

  template <class T, bool SkipTag>
  bool read_struct(const char*& pos, T& obj, const struct_plan** plan_slot = nullptr) {
    constexpr std::size_t N = spool::reflect::field_count<T>;
    // The cursor is a local that no call takes the address of (the calls get a copy), so that it
    // stays in a register through the member loop; `pos` is written once, at the end.
    const char* p = pos;
    const char* const start = p;
    bool done = false;
    if (!open_inline(p, '{', '}', "object", done)) return false;
    std::bitset<N> seen;
    std::size_t members = 0;   // read so far, for the size limit
    std::size_t expected = 0;  // the field whose key is compared first, as members usually come in declaration order
    if constexpr (ordered_fields<T>) {
      if (!done) {
        std::uint64_t marks = 0;
        const order_stop stop = read_fields_in_order(p, obj, marks, members, expected);
        if (stop == order_stop::failed) return false;
        seen = std::bitset<N>(marks);
        done = stop == order_stop::closed;
      }
      // Closed with every key taken in order: no plan is needed unless a left-out field matters.
      if (done) {
        --depth_;
        pos = p;
        if constexpr (!absent_fields_matter<T, Opts.require_all_fields>) return true;
        else return seen.all() || finish_struct(start, obj, plan_of<T>(plan_slot), seen);
      }
    }
    const struct_plan& plan = plan_of<T>(plan_slot);
    const std::span<const field_plan> fields = plan.fields();
    const bool predict = key_prediction && plan.plain_keys();
    for (std::size_t count = members + 1; !done; ++count) {
      if (!check_container_size(p, count)) return false;
      const char* const key_at = p;
      std::ptrdiff_t i = -1;
      std::string_view k;
      if (predict && expected < N && verbatim_key(p, fields[expected].name)) {
        k = fields[expected].name;
        if (!check_string_size(p, k.size()) || !colon(p)) return false;
        i = static_cast<std::ptrdiff_t>(expected);
      } else {
        const char* q = p;
        if (!key(q, k)) return false;
        p = q;
        if (key_prediction && expected < N && fields[expected].name == k) i = static_cast<std::ptrdiff_t>(expected);
        else i = plan.find(k);
      }
      if (i < 0) {
        const bool tag = SkipTag && k == Opts.variant_tag.view();
        if (Opts.error_on_unknown_keys && !tag) {
          fail(errc::unknown_key, key_at);
          error.at_key(k);
          return false;
        }
        const char* q = p;
        if (!skip(q)) return skipped_member_failed(key_at);
        p = q;
      } else {
        const auto index = static_cast<std::size_t>(i);
        if (seen[index]) {
          fail(errc::duplicate_key, key_at);
          error.at_key(fields[index].name);
          return false;
        }
        seen[index] = true;
        const char* q = p;
        if (!spool::reflect::store_at(obj, index, [&](auto& member) { return read(q, member); })) {
          error.at_key(fields[index].name);
          return false;
        }
        p = q;
        expected = index + 1;
      }
      if (!after_member(p, done)) return false;
    }
    --depth_;
    pos = p;
    if constexpr (N != 0) {
      if (seen.count() != N) return finish_struct(start, obj, plan, seen);
    }
    return true;
  }

  // Members the document left out: required ones are an error, defaults are applied.
  template <class T, std::size_t N>
  bool finish_struct(const char* start, T& obj, const struct_plan& plan, const std::bitset<N>& seen) {
    if constexpr (Opts.require_all_fields) {
      static constexpr std::array<bool, N> must = not_nullable_fields<T>();
      for (std::size_t i = 0; i < N; ++i) {
        if (must[i] && !seen[i]) {
          fail(errc::missing_key, start);
          error.at_key(plan.fields()[i].name);
          return false;
        }
      }
    }
    for (const std::size_t i : plan.required_fields()) {
      if (!seen[i]) {
        fail(errc::missing_key, start);
        error.at_key(plan.fields()[i].name);
        return false;
      }
    }
    if constexpr (spool::reflect::has_defaults<T>) {
      for (std::size_t i = 0; i < N; ++i)
        if (!seen[i]) spool::reflect::apply_default(obj, i);
    }
    return true;
  }

  // ---- variants ------------------------------------------------------------------------------

  template <std::size_t I, class V>
  bool read_alternative(const char*& p, V& v) {
    if constexpr (I == std::variant_npos) {
      constexpr std::size_t fallback = first_alternative<V, alternative_kinds<Opts>::template any>();
      if constexpr (fallback == std::variant_npos) return expect_type(p, "a value one of the variant's types takes");
      else return read_alternative<fallback>(p, v);
    } else {
      if (v.index() != I) v.template emplace<I>();
      return read(p, std::get<I>(v));
    }
  }

  template <class V>
  bool read_untagged(const char*& p, V& v) {
    using kinds = alternative_kinds<Opts>;
    if (p == end) return fail(errc::unexpected_end, p, "a JSON value");
    switch (*p) {
      case 'n': return read_alternative<first_alternative<V, kinds::template null>()>(p, v);
      case 't':
      case 'f': return read_alternative<first_alternative<V, kinds::template truth>()>(p, v);
      case '"': return read_alternative<first_alternative<V, kinds::template text>()>(p, v);
      case '[': return read_alternative<first_alternative<V, kinds::template array>()>(p, v);
      case '{': return read_alternative<first_alternative<V, kinds::template object>()>(p, v);
      default: {
        if (!starts_number(*p)) return fail(errc::syntax, p, "a JSON value", describe(p, end));
        constexpr std::size_t integral = first_alternative<V, kinds::template integral>();
        constexpr std::size_t fractional = first_alternative<V, kinds::template fractional>();
        if constexpr (integral != std::variant_npos && fractional != std::variant_npos) {
          // Integers go to the integer alternative, everything else to the floating one.
          const char* q = p;
          scanned_number n;
          if (!scan_number(*this, q, n)) return false;
          if (n.integral) return read_alternative<integral>(p, v);
          return read_alternative<fractional>(p, v);
        } else if constexpr (integral != std::variant_npos) {
          return read_alternative<integral>(p, v);
        } else {
          return read_alternative<fractional>(p, v);
        }
      }
    }
  }

  // {"<tag>": "<name>", ...members}: the tag may be anywhere in the object; it is found first,
  // then the object is read from its start as the named alternative (which skips the tag).
  template <class V>
  bool read_tagged(const char*& p, V& v) {
    const char* const start = p;
    const char* q = p;
    bool done = false;
    if (!open(q, '{', '}', "object", done)) return false;
    std::string_view tag;
    const char* tag_at = nullptr;
    while (!done) {
      std::string_view k;
      if (!key(q, k)) return false;
      if (k == Opts.variant_tag.view()) {
        tag_at = q;
        if (!string_view_of(q, tag, scratch_)) return false;
        break;
      }
      if (!skip(q) || !next_element(q, '}', done)) return false;
    }
    --depth_;
    if (tag_at == nullptr) {
      fail(errc::missing_key, start);
      error.at_key(Opts.variant_tag.view());
      return false;
    }
    bool matched = false, ok = false;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      const auto try_one = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
        using A = std::variant_alternative_t<J, V>;
        static_assert(reflected<A>, "a tagged variant holds structs; its tag is one of their members");
        if (matched || tag != variant_tag_value<A>()) return;
        matched = true;
        if (v.index() != J) v.template emplace<J>();
        ok = read_struct<A, true>(p, std::get<J>(v));
      };
      (try_one(std::integral_constant<std::size_t, I>{}), ...);
    }(std::make_index_sequence<std::variant_size_v<V>>{});
    if (!matched) {
      fail(errc::unexpected_type, tag_at, "a tag naming one of the variant's types", "an unknown tag");
      error.at_key(Opts.variant_tag.view());
      return false;
    }
    return ok;
  }

  // spool::value reading: every value of the open containers waits on the thread's value_builder
  // (array elements, member values and their keys), and a container that closes is built from the
  // top of its stacks at its final size.
  bool read_dynamic(const char*& p, spool::value& out) {
    spool::detail::value_builder& b = spool::detail::value_builder::for_this_thread();
    const spool::detail::value_builder::mark start = b.position();
    if (!push_dynamic(p, b)) {
      b.rewind(start);
      return false;
    }
    out = b.take();
    return true;
  }

  bool push_dynamic(const char*& p, spool::detail::value_builder& b);
  [[gnu::always_inline]] bool push_element(const char*& p, spool::detail::value_builder& b);
  [[gnu::always_inline]] bool push_number(const char*& p, spool::detail::value_builder& b);
  bool push_array(const char*& pos, spool::detail::value_builder& b);
  [[gnu::always_inline]] bool push_plain_numbers(const char*& p, spool::detail::value_builder& b);
  bool push_object(const char*& pos, spool::detail::value_builder& b);
  [[gnu::cold, gnu::noinline]] bool member_failed(spool::detail::value_builder& b, spool::detail::value_builder::mark value_start);
};

}  // namespace spool::json::detail

namespace spool::json::detail {

// A schema-less document: objects keep their order; integers that fit int64 (or, positive, uint64)
// stay integers, every other number is a double; a repeated key keeps the last value.
template <read_options Opts>
bool reader<Opts>::push_dynamic(const char*& p, spool::detail::value_builder& b) {
  if constexpr (json_value_loops) return push_element(p, b);
  if (p == end) return fail(errc::unexpected_end, p, "a JSON value");
  switch (*p) {
    case '{': {
      // Keys are copied as they come, so an escaped one may be decoded in the scratch.
      const spool::detail::value_builder::mark start = b.position();
      const bool ok = for_each_member(p, [&](std::string_view k, const char* key_at) {
        b.push_key(k, reinterpret_cast<std::uintptr_t>(key_at));
        const spool::detail::value_builder::mark value_start = b.position();
        if (!push_dynamic(p, b)) return member_failed(b, value_start);
        return true;
      });
      if (!ok) return false;
      // A repeated key keeps its first position and takes the last value.
      b.close_object(start, spool::detail::repeated_keys::last_value_wins);
      return true;
    }
    case '[': {
      const std::size_t first = b.position().values;
      if (!for_each_element(p, [&](std::size_t) { return push_dynamic(p, b); })) return false;
      b.close_array(first);
      return true;
    }
    case '"': {
      std::string_view s;
      if (!string_view_of(p, s, scratch_)) return false;
      b.push(s);
      return true;
    }
    case 't': b.push(true); return literal(p, "true");
    case 'f': b.push(false); return literal(p, "false");
    case 'n': b.push(); return literal(p, "null");
    default:
      if (!starts_number(*p)) return fail(errc::syntax, p, "a JSON value", describe(p, end));
      return push_number(p, b);
  }
}

// The value at p pushed onto the builder, inline in the array and member loops: a scalar is
// read and pushed where it stands, a container goes to its own loop. (Through a call per element,
// push_dynamic's switch and its saved registers cost about as much as reading a short number.)
template <read_options Opts>
inline bool reader<Opts>::push_element(const char*& p, spool::detail::value_builder& b) {
  if (p == end) [[unlikely]] return fail(errc::unexpected_end, p, "a JSON value");
  switch (*p) {
    case '{': return push_object(p, b);
    case '[': return push_array(p, b);
    case '"': {
      std::string_view s;
      if (!string_view_of(p, s, scratch_)) return false;
      b.push(s);
      return true;
    }
    case 't': b.push(true); return literal(p, "true");
    case 'f': b.push(false); return literal(p, "false");
    case 'n': b.push(); return literal(p, "null");
    default:
      if (!starts_number(*p)) [[unlikely]] return fail(errc::syntax, p, "a JSON value", describe(p, end));
      return push_number(p, b);
  }
}

template <read_options Opts>
inline bool reader<Opts>::push_number(const char*& p, spool::detail::value_builder& b) {
  scanned_number n;
  if (!scan_number(*this, p, n)) return false;
  if (n.integral) {
    std::uint64_t magnitude = n.mantissa;
    const char* digits = n.first + (n.negative ? 1 : 0);
    if (n.exact_mantissa || parse_decimal(digits, n.last, magnitude) == n.last) {
      std::int64_t i = 0;
      if (integer_from_magnitude(n.negative, magnitude, i)) {
        b.push(i);
        return true;
      }
      if (!n.negative) {
        b.push(magnitude);
        return true;
      }
    }
    // Integers beyond 64 bits are still numbers: they become the nearest double.
  }
  double d = 0;
  if (!to_floating(*this, n, d)) return false;
  b.push(d);
  return true;
}

// A minified array of numbers ("[x,y]", canada's points) at p, an element of an array, read in
// its parent's loop: the numbers pushed with no call of push_array, its open, depth and size
// bookkeeping or the separator tests of an array of any kind; the parent closes it (see
// push_array). Anything else (whitespace, another kind of element, a bad number, the depth or size
// limit) drops what it pushed, leaves p where it was and returns false: push_array reads the
// array from its start, errors included, so each is what it was.
template <read_options Opts>
inline bool reader<Opts>::push_plain_numbers(const char*& p, spool::detail::value_builder& b) {
  const char* q = p + 1;
  if (depth_ >= Opts.max_depth) return false;
  const spool::detail::value_builder::mark start = b.position();
  for (std::size_t n = 1;; ++n) {
    if (n > Opts.max_container_size || !push_number(q, b)) [[unlikely]]
      break;
    if (q == end) [[unlikely]]
      break;
    if (*q == ']') {
      p = q + 1;
      return true;
    }
    if (*q != ',' || end - q < 2 || !starts_number(q[1])) break;
    ++q;
  }
  b.rewind(start);
  return false;
}

// A spool::value array in a loop of its own: the cursor stays in a register, scalar elements are
// read inline (push_element), and the separators of minified and indented text are taken inline;
// anything else goes through next_element, as in for_each_element.
template <read_options Opts>
bool reader<Opts>::push_array(const char*& pos, spool::detail::value_builder& b) {
  const char* p = pos;
  bool done = false;
  if (!open_inline(p, '[', ']', "array", done)) return false;
  const std::size_t first = b.position().values;
  if constexpr (json_value_number_arrays) {
    // An element that is a minified array of numbers is closed after the separator that follows
    // it, by the one close_array call of this loop, which also closes this array: GCC inlines
    // close_array into a loop that has one call of it, and called it out of line with two.
    for (std::size_t i = 0;; ++i) {
      std::size_t closing = first;
      bool child = false;
      if (!done) {
        if (!check_container_size(p, i + 1)) return false;
        closing = b.position().values;
        child = end - p >= 2 && *p == '[' && starts_number(p[1]) && push_plain_numbers(p, b);
        if (!child && !push_element(p, b)) [[unlikely]] return element_failed(i);
        if (json_plain_comma && plain_comma(p, ']')) {
        } else if (plain_close(p, ']')) {
          done = true;
        } else if (!next_element(p, ']', done)) {
          return false;
        }
        if (!child) continue;
      }
      b.close_array(closing);
      if (!child) break;
    }
  } else {
    for (std::size_t i = 0; !done; ++i) {
      if (!check_container_size(p, i + 1)) return false;
      if (!push_element(p, b)) [[unlikely]] return element_failed(i);
      if (json_plain_comma && plain_comma(p, ']')) continue;
      if (plain_close(p, ']')) break;
      if (!next_element(p, ']', done)) return false;
    }
    b.close_array(first);
  }
  --depth_;
  pos = p;
  return true;
}

// A spool::value object in a loop of its own, as push_array; keys are copied as they come, so an
// escaped one may be decoded in the scratch. A repeated key keeps its first position and takes
// the last value.
template <read_options Opts>
bool reader<Opts>::push_object(const char*& pos, spool::detail::value_builder& b) {
  const char* p = pos;
  bool done = false;
  if (!open_inline(p, '{', '}', "object", done)) return false;
  const spool::detail::value_builder::mark start = b.position();
  for (std::size_t i = 0; !done; ++i) {
    if (!check_container_size(p, i + 1)) return false;
    const char* const key_at = p;
    std::string_view k;
    if (!key_inline(p, k)) return false;
    b.push_key(k, reinterpret_cast<std::uintptr_t>(key_at));
    const spool::detail::value_builder::mark value_start = b.position();
    if (!push_element(p, b)) [[unlikely]] return member_failed(b, value_start);
    if (!after_member(p, done)) return false;
  }
  --depth_;
  b.close_object(start, spool::detail::repeated_keys::last_value_wins);
  pos = p;
  return true;
}

// A member's value failed: what it left pending goes first, so that the member's key is the last
// one, which the error's path names.
template <read_options Opts>
bool reader<Opts>::member_failed(spool::detail::value_builder& b, spool::detail::value_builder::mark value_start) {
  b.rewind(value_start);
  error.at_key(b.last_key());
  return false;
}

}  // namespace spool::json::detail
