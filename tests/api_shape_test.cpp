// The three formats have one API: the same functions, template parameters in the same order,
// the same return types and the same documentation. One test per format calls every form; a
// compile-time check holds the three sets against one list.
#include <doctest/doctest.h>

#include <concepts>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <istream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/toml.hpp>

namespace api_shape {

struct entry {
  std::string name;
  int count = 0;
  std::vector<int> list;
  double ratio = 0;
};

// Every form of the API with its return type; `ns` is the format's namespace.
#define SPOOL_API_SHAPE(ns)                                                                          \
  template <class T>                                                                                 \
  constexpr bool ns##_shape = requires(std::string_view input, T& obj, const T& value, std::istream& in, \
                                       const std::filesystem::path& path, std::string& text,        \
                                       std::vector<char>& chars, spool::byte_buffer& buffer) {      \
    { spool::ns::read<T>(input) } -> std::same_as<spool::result<T>>;                                 \
    { spool::ns::read<T, spool::ns::read_options{}>(input) } -> std::same_as<spool::result<T>>;      \
    { spool::ns::read(input, obj) } -> std::same_as<spool::error>;                                   \
    { spool::ns::read<spool::ns::read_options{}>(input, obj) } -> std::same_as<spool::error>;        \
    { spool::ns::read<T>(in) } -> std::same_as<spool::result<T>>;                                    \
    { spool::ns::read<T, spool::ns::read_options{}>(in) } -> std::same_as<spool::result<T>>;         \
    { spool::ns::read(in, obj) } -> std::same_as<spool::error>;                                      \
    { spool::ns::read<spool::ns::read_options{}>(in, obj) } -> std::same_as<spool::error>;           \
    { spool::ns::read_file<T>(path) } -> std::same_as<spool::result<T>>;                             \
    { spool::ns::read_file<T, spool::ns::read_options{}>(path) } -> std::same_as<spool::result<T>>;  \
    { spool::ns::read_file(path, obj) } -> std::same_as<spool::error>;                               \
    { spool::ns::read_file<spool::ns::read_options{}>(path, obj) } -> std::same_as<spool::error>;    \
    { spool::ns::write(value) } -> std::same_as<std::string>;                                        \
    { spool::ns::write<spool::ns::write_options{}>(value) } -> std::same_as<std::string>;            \
    { spool::ns::write(value, text) } -> std::same_as<spool::error>;                                 \
    { spool::ns::write(value, chars) } -> std::same_as<spool::error>;                                \
    { spool::ns::write(value, buffer) } -> std::same_as<spool::error>;                               \
    { spool::ns::write<spool::ns::write_options{}>(value, text) } -> std::same_as<spool::error>;     \
  }

SPOOL_API_SHAPE(json);
SPOOL_API_SHAPE(toml);
SPOOL_API_SHAPE(msgpack);
#undef SPOOL_API_SHAPE

static_assert(json_shape<entry> && json_shape<spool::value>);
static_assert(toml_shape<entry> && toml_shape<spool::value>);
static_assert(msgpack_shape<entry> && msgpack_shape<spool::value>);

// The checks are not vacuous: TOML reads only tables.
static_assert(!toml_shape<int>);

entry sample() { return {"a", 3, {1, 2}, 0.5}; }

bool same(const entry& a, const entry& b) {
  return a.name == b.name && a.count == b.count && a.list == b.list && a.ratio == b.ratio;
}

// A file in the temporary folder, removed when the test ends.
struct temporary_file {
  std::filesystem::path path;
  temporary_file(std::string_view name, std::string_view contents)
      : path(std::filesystem::temp_directory_path() / name) {
    std::ofstream(path, std::ios::binary).write(contents.data(), static_cast<std::streamsize>(contents.size()));
  }
  ~temporary_file() { std::filesystem::remove(path); }
};

// Calls every form of `Format` (a tag type naming the functions) on the same entry.
template <class Format>
void every_form(std::string_view file_name) {
  const entry original = sample();
  const std::string text = Format::write(original);

  CHECK(same(Format::template read<entry>(text).value(), original));
  entry into;
  CHECK_FALSE(Format::read(text, into));
  CHECK(same(into, original));

  std::istringstream stream(text);
  CHECK(same(Format::template read_stream<entry>(stream).value(), original));
  std::istringstream stream_again(text);
  entry from_stream;
  CHECK_FALSE(Format::read_stream(stream_again, from_stream));
  CHECK(same(from_stream, original));

  const temporary_file file(file_name, text);
  CHECK(same(Format::template read_file<entry>(file.path).value(), original));
  entry from_file;
  CHECK_FALSE(Format::read_file(file.path, from_file));
  CHECK(same(from_file, original));

  // The error of a missing file names it.
  entry untouched;
  spool::error missing = Format::read_file(file.path.string() + ".missing", untouched);
  CHECK(missing.code == spool::errc::io);
  CHECK(missing.message().find(".missing") != std::string::npos);

  // write(obj, out) appends to every output type, the same bytes as write(obj).
  std::string s = "<";
  CHECK_FALSE(Format::write(original, s));
  CHECK(s == "<" + text);
  std::vector<char> chars{'<'};
  CHECK_FALSE(Format::write(original, chars));
  CHECK(std::string(chars.begin(), chars.end()) == s);
  spool::byte_buffer buffer;
  buffer.append("<", 1);
  CHECK_FALSE(Format::write(original, buffer));
  CHECK(buffer.view() == s);

  // A document of the wrong kind is an error with a position.
  spool::result<entry> wrong = Format::template read<entry>(Format::write(std::vector<int>{1}));
  REQUIRE_FALSE(wrong);
  CHECK(wrong.error().has_position());
}

// The functions of each format under one set of names (a stream is read through read_stream
// only because a tag type cannot overload on a namespace's template parameters).
#define SPOOL_FORMAT_TAG(ns)                                                                   \
  struct ns##_format {                                                                         \
    template <class T>                                                                         \
    static std::string write(const T& v) {                                                     \
      return spool::ns::write(v);                                                              \
    }                                                                                          \
    template <class T, class Out>                                                              \
    static spool::error write(const T& v, Out& out) {                                          \
      return spool::ns::write(v, out);                                                         \
    }                                                                                          \
    template <class T>                                                                         \
    static spool::result<T> read(std::string_view in) {                                        \
      return spool::ns::read<T>(in);                                                           \
    }                                                                                          \
    template <class T>                                                                         \
    static spool::error read(std::string_view in, T& out) {                                    \
      return spool::ns::read(in, out);                                                         \
    }                                                                                          \
    template <class T>                                                                         \
    static spool::result<T> read_stream(std::istream& in) {                                    \
      return spool::ns::read<T>(in);                                                           \
    }                                                                                          \
    template <class T>                                                                         \
    static spool::error read_stream(std::istream& in, T& out) {                                \
      return spool::ns::read(in, out);                                                         \
    }                                                                                          \
    template <class T>                                                                         \
    static spool::result<T> read_file(const std::filesystem::path& p) {                        \
      return spool::ns::read_file<T>(p);                                                       \
    }                                                                                          \
    template <class T>                                                                         \
    static spool::error read_file(const std::filesystem::path& p, T& out) {                    \
      return spool::ns::read_file(p, out);                                                     \
    }                                                                                          \
  }

SPOOL_FORMAT_TAG(json);
SPOOL_FORMAT_TAG(msgpack);
#undef SPOOL_FORMAT_TAG

// TOML writes only tables: the "wrong kind" document is text that is not TOML.
struct toml_format {
  template <class T>
  static std::string write(const T& v) {
    if constexpr (spool::toml::detail::table_type<T>) return spool::toml::write(v);
    else return "= 1";
  }
  template <class T, class Out>
  static spool::error write(const T& v, Out& out) {
    return spool::toml::write(v, out);
  }
  template <class T>
  static spool::result<T> read(std::string_view in) {
    return spool::toml::read<T>(in);
  }
  template <class T>
  static spool::error read(std::string_view in, T& out) {
    return spool::toml::read(in, out);
  }
  template <class T>
  static spool::result<T> read_stream(std::istream& in) {
    return spool::toml::read<T>(in);
  }
  template <class T>
  static spool::error read_stream(std::istream& in, T& out) {
    return spool::toml::read(in, out);
  }
  template <class T>
  static spool::result<T> read_file(const std::filesystem::path& p) {
    return spool::toml::read_file<T>(p);
  }
  template <class T>
  static spool::error read_file(const std::filesystem::path& p, T& out) {
    return spool::toml::read_file(p, out);
  }
};

// The documentation of each function, the same sentence in every header (the format's name
// aside); `{}` stands for "JSON text", "TOML text" or "MessagePack encoding".
constexpr std::string_view documented[] = {
    "// Reads a whole document into an existing object, reusing the capacity of its strings and\n"
    "// containers; members the document does not name keep their values",
    "// Reads a T from the whole of `input`.\n",
    "// Reads the whole stream into a pooled buffer, then into `out`.\n",
    "// Reads the whole stream into a pooled buffer, then a T from it.\n",
    "// Reads the file at `path` into a pooled buffer, then into `out`; messages name the file.\n",
    "// Reads the file at `path` into a pooled buffer, then a T from it; messages name the file.\n",
    "// Appends the {} of `",
    "On error `out` is left as it was",
    "the error names a path but no position (has_position())",
    "// The {} of `",
    "throws spool::exception (or, without exceptions, terminates with the",
};

std::string header_text(std::string_view name) {
  const std::filesystem::path header = std::filesystem::path(SPOOL_PUBLIC_HEADER_DIR) / name;
  std::ifstream in(header, std::ios::binary);
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

}  // namespace api_shape

using namespace api_shape;

TEST_CASE("JSON: every form of read and write") { every_form<json_format>("spool_api_shape.json"); }
TEST_CASE("TOML: every form of read and write") { every_form<toml_format>("spool_api_shape.toml"); }
TEST_CASE("MessagePack: every form of read and write") { every_form<msgpack_format>("spool_api_shape.msgpack"); }

TEST_CASE("write(obj) throws and write(obj, out) reports, leaving out as it was, without a position") {
  struct with_nan {
    double x = std::numeric_limits<double>::quiet_NaN();
  };
  struct with_null {
    std::vector<std::optional<int>> list{1, std::nullopt};
  };
  std::string out = "kept";
  spool::error e = spool::json::write(with_nan{}, out);
  CHECK(e.code == spool::errc::out_of_range);
  CHECK(e.path == "x");
  CHECK_FALSE(e.has_position());
  CHECK(out == "kept");
  CHECK_THROWS_AS(spool::json::write(with_nan{}), spool::exception);

  e = spool::toml::write(with_null{}, out);
  CHECK(e.code == spool::errc::unsupported);
  CHECK(e.path == "list[1]");
  CHECK_FALSE(e.has_position());
  CHECK(out == "kept");
  CHECK_THROWS_AS(spool::toml::write(with_null{}), spool::exception);
  spool::byte_buffer buffer;
  buffer.append("kept", 4);
  CHECK(spool::toml::write(with_null{}, buffer));
  CHECK(buffer.view() == "kept");
}

TEST_CASE("the three headers document their functions in the same words") {
  const std::pair<std::string_view, std::string_view> headers[] = {
      {"json.hpp", "JSON text"}, {"toml.hpp", "TOML text"}, {"msgpack.hpp", "MessagePack encoding"}};
  for (const auto& header : headers) {
    const std::string_view name = header.first, what = header.second;  // clang 14 captures no bindings
    const std::string text = header_text(name);
    REQUIRE_MESSAGE(!text.empty(), name);
    for (std::string_view sentence : documented) {
      std::string expected(sentence);
      if (const std::size_t at = expected.find("{}"); at != std::string::npos) expected.replace(at, 2, what);
      CHECK_MESSAGE(text.find(expected) != std::string::npos, name << " lacks: " << expected);
    }
  }
}
