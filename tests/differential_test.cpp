// Differential: every shared corpus file read by spool and by an independent peer (nlohmann/json,
// toml++, msgpack-cxx, where installed), the value trees compared element by element. Both must
// accept or both refuse; accepted trees must hold the same kinds, the same bytes and the same
// bits. Every difference fails the test except the cases listed below with the reason: where the
// peer is known to be wrong, or where spool refuses by a documented limit.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/toml.hpp>
#include <support/hostile_input.hpp>
#include <support/shared_data.hpp>

#if __has_include(<nlohmann/json.hpp>)
#include <nlohmann/json.hpp>
#define SPOOL_TEST_HAVE_NLOHMANN 1
#endif
#if __has_include(<toml++/toml.hpp>)
#include <toml++/toml.hpp>
#define SPOOL_TEST_HAVE_TOMLPP 1
#elif __has_include(<toml++/toml.h>)  // the name Debian's toml++ 3.3 installs
#include <toml++/toml.h>
#define SPOOL_TEST_HAVE_TOMLPP 1
#endif
#if __has_include(<msgpack.hpp>)
#define MSGPACK_NO_BOOST
#include <msgpack.hpp>
#define SPOOL_TEST_HAVE_MSGPACK_CXX 1
#endif

namespace {

// Where spool and a peer may part, by file name, and why.
struct known {
  std::string_view file;
  std::string_view reason;
};

// The differences of one document, each "path: what".
class differences {
 public:
  explicit differences(std::string file) : file_(std::move(file)) {}
  void add(const std::string& path, const std::string& what) {
    if (list_.size() < 5) list_.push_back(path + ": " + what);  // the first few say enough
    ++count_;
  }
  std::size_t count() const { return count_; }
  std::string report() const {
    std::string out = file_ + ": " + std::to_string(count_) + " difference(s)";
    for (const std::string& d : list_) out += "\n  " + d;
    return out;
  }

 private:
  std::string file_;
  std::vector<std::string> list_;
  std::size_t count_ = 0;
};

bool same_double(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) || (std::isnan(a) && std::isnan(b));
}

std::string kind_of(const spool::value& v) { return std::string(v.type_name()); }

// Compares an accepted/refused pair and, when both accepted, the trees; returns false (and
// reports) on an unlisted difference.
template <class Compare>
void check_file(const std::filesystem::path& file, bool spool_ok, const std::string& spool_error, bool peer_ok,
                const std::map<std::string_view, std::string_view>& listed, Compare compare_trees, std::size_t& compared) {
  const std::string name = file.filename().string();
  differences d(file.string());
  if (spool_ok != peer_ok) {
    d.add("", spool_ok ? "spool accepts, the peer refuses" : "spool refuses (" + spool_error + "), the peer accepts");
  } else if (spool_ok) {
    compare_trees(d);
    ++compared;
  }
  const bool is_listed = listed.contains(name);
  if (d.count() != 0 && !is_listed) FAIL_CHECK(d.report());
  if (d.count() == 0 && is_listed) FAIL_CHECK(name << " is listed as a known difference but spool and the peer agree");
}

std::map<std::string_view, std::string_view> as_map(std::initializer_list<known> list) {
  std::map<std::string_view, std::string_view> out;
  for (const known& k : list) out.emplace(k.file, k.reason);
  return out;
}

}  // namespace

#ifdef SPOOL_TEST_HAVE_NLOHMANN
namespace {

void compare(const nlohmann::json& p, const spool::value& s, const std::string& path, differences& d) {
  using t = nlohmann::json::value_t;
  switch (p.type()) {
    case t::null:
      if (!s.is_null()) d.add(path, "null vs " + kind_of(s));
      return;
    case t::boolean:
      if (!s.is_bool() || s.as_bool().value() != p.get<bool>()) d.add(path, "boolean differs");
      return;
    case t::number_integer:
      if (s.kind() != spool::kind::integer || s.as_int64().value() != p.get<std::int64_t>())
        d.add(path, "integer " + p.dump() + " vs " + kind_of(s));
      return;
    case t::number_unsigned: {
      const std::uint64_t u = p.get<std::uint64_t>();
      const auto expected = u > std::uint64_t{INT64_MAX} ? spool::kind::unsigned_integer : spool::kind::integer;
      if (s.kind() != expected || s.as_uint64().value() != u) d.add(path, "unsigned " + p.dump() + " vs " + kind_of(s));
      return;
    }
    case t::number_float:
      if (!s.is_floating() || !same_double(s.as_double().value(), p.get<double>()))
        d.add(path, "float " + p.dump() + " vs " + kind_of(s));
      return;
    case t::string:
      if (!s.is_string() || s.as_string().value() != p.get_ref<const std::string&>()) d.add(path, "string differs");
      return;
    case t::array:
      if (!s.is_array() || s.size() != p.size()) {
        d.add(path, "array of " + std::to_string(p.size()) + " vs " + kind_of(s) + " of " + std::to_string(s.size()));
        return;
      }
      for (std::size_t i = 0; i < p.size(); ++i) compare(p[i], s[i], path + "[" + std::to_string(i) + "]", d);
      return;
    case t::object:
      if (!s.is_object() || s.size() != p.size()) {
        d.add(path, "object of " + std::to_string(p.size()) + " vs " + kind_of(s) + " of " + std::to_string(s.size()));
        return;
      }
      for (const auto& [key, member] : p.items()) {
        const spool::value* mine = s.find(key);
        if (mine == nullptr) d.add(path, "key '" + key + "' missing");
        else compare(member, *mine, path + "." + key, d);
      }
      return;
    case t::binary:
    case t::discarded: d.add(path, "unexpected peer kind"); return;
  }
}

}  // namespace

TEST_CASE("JSON: spool and nlohmann/json agree on every shared file") {
  // spool::value keeps the last of duplicate keys and refuses nesting past max_depth (256);
  // nlohmann keeps the last too and has no depth limit.
  const auto listed = as_map({
      {"i_structure_500_nested_arrays.json", "spool: nesting past read_options::max_depth (256) is depth_exceeded"},
      {"n_multidigit_number_then_00.json",
       "nlohmann: accepts `123` followed by a NUL byte (RFC 8259 allows only whitespace after the value)"},
  });
  std::size_t files = 0, compared = 0;
  for (const std::string_view folder : {"conformance/JSONTestSuite/test_parsing", "bench/json"}) {
    const auto root = spool_test::shared_data(folder);
    if (!root) {
      MESSAGE("skipped: no shared data at " << folder);
      continue;
    }
    for (const auto& file : spool_test::files_with_extension(*root, {".json"})) {
      const std::string text = spool_test::file_contents(file);
      const spool::result<spool::value> mine = spool::json::read<spool::value>(text);
      const nlohmann::json peer = nlohmann::json::parse(text, nullptr, false);
      check_file(file, mine.has_value(), mine ? "" : mine.error().message(), !peer.is_discarded(), listed,
                 [&](differences& d) { compare(peer, *mine, "$", d); }, compared);
      ++files;
    }
  }
  if (files > 0) CHECK(compared > 0);
  MESSAGE(files << " files, " << compared << " trees compared");
}

#else
TEST_CASE("JSON: spool and nlohmann/json agree on every shared file") {
  MESSAGE("skipped: nlohmann/json is not installed (Debian: nlohmann-json3-dev)");
}
#endif

#ifdef SPOOL_TEST_HAVE_TOMLPP
namespace {

void compare(const toml::node& p, const spool::value& s, const std::string& path, differences& d) {
  if (const toml::table* t = p.as_table()) {
    if (!s.is_object() || s.size() != t->size()) {
      d.add(path, "table of " + std::to_string(t->size()) + " vs " + kind_of(s) + " of " + std::to_string(s.size()));
      return;
    }
    for (const auto& [key, member] : *t) {
      const spool::value* mine = s.find(key.str());
      if (mine == nullptr) d.add(path, "key '" + std::string(key.str()) + "' missing");
      else compare(member, *mine, path + "." + std::string(key.str()), d);
    }
  } else if (const toml::array* a = p.as_array()) {
    if (!s.is_array() || s.size() != a->size()) {
      d.add(path, "array of " + std::to_string(a->size()) + " vs " + kind_of(s) + " of " + std::to_string(s.size()));
      return;
    }
    for (std::size_t i = 0; i < a->size(); ++i) compare(*a->get(i), s[i], path + "[" + std::to_string(i) + "]", d);
  } else if (const auto* str = p.as_string()) {
    if (!s.is_string() || s.as_string().value() != str->get()) d.add(path, "string differs");
  } else if (const auto* i = p.as_integer()) {
    if (s.kind() != spool::kind::integer || s.as_int64().value() != i->get())
      d.add(path, "integer " + std::to_string(i->get()) + " vs " + kind_of(s));
  } else if (const auto* f = p.as_floating_point()) {
    if (!s.is_floating() || !same_double(s.as_double().value(), f->get())) d.add(path, "float differs");
  } else if (const auto* b = p.as_boolean()) {
    if (!s.is_bool() || s.as_bool().value() != b->get()) d.add(path, "boolean differs");
  } else if (const auto* date = p.as_date()) {
    const toml::date& x = date->get();
    const spool::result<spool::local_date> mine = s.as_local_date();
    if (!mine || mine->year != x.year || mine->month != x.month || mine->day != x.day) d.add(path, "local date differs");
  } else if (const auto* time = p.as_time()) {
    const toml::time& x = time->get();
    const spool::result<spool::local_time> mine = s.as_local_time();
    if (!mine || mine->hour != x.hour || mine->minute != x.minute || mine->second != x.second ||
        mine->nanosecond != x.nanosecond)
      d.add(path, "local time differs");
  } else if (const auto* dt = p.as_date_time()) {
    const toml::date_time& x = dt->get();
    spool::local_date date_part{};
    spool::local_time time_part{};
    if (x.offset) {
      const spool::result<spool::offset_datetime> mine = s.as_offset_datetime();
      if (!mine || mine->offset_minutes != x.offset->minutes) return d.add(path, "offset date-time differs");
      date_part = mine->date;
      time_part = mine->time;
    } else {
      const spool::result<spool::local_datetime> mine = s.as_local_datetime();
      if (!mine) return d.add(path, "local date-time vs " + kind_of(s));
      date_part = mine->date;
      time_part = mine->time;
    }
    if (date_part.year != x.date.year || date_part.month != x.date.month || date_part.day != x.date.day ||
        time_part.hour != x.time.hour || time_part.minute != x.time.minute || time_part.second != x.time.second ||
        time_part.nanosecond != x.time.nanosecond)
      d.add(path, "date-time fields differ");
  } else {
    d.add(path, "unexpected peer node");
  }
}

}  // namespace

TEST_CASE("TOML 1.0: spool and toml++ agree on every shared file") {
  // toml++ 3.3 implements TOML 1.0, so spool reads these with version::v1_0.
  const auto listed = as_map({});
  // Files toml++ 3.3 must not be given: it fails its own assertion in parser::parse_key (a debug
  // build aborts) or reaches __builtin_unreachable in its generated Unicode tables (undefined
  // behaviour, reported by UBSan): on keys and headers broken by a character that cannot stand
  // there, and on a string that opens with a multi-byte character. spool's verdict on these is
  // checked by the conformance tests.
  const auto peer_breaks = as_map({
      {"invalid/key/single-open-bracket.toml", "toml++ asserts in parse_key"},
      {"invalid/table/bare-invalid-character-01.toml", "toml++ asserts in parse_key"},
      {"invalid/table/dot.toml", "toml++ asserts in parse_key"},
      {"invalid/table/dotdot.toml", "toml++ asserts in parse_key"},
      {"invalid/table/no-close-04.toml", "toml++ asserts in parse_key"},
      {"invalid/key/special-character.toml", "toml++ reaches __builtin_unreachable"},
      {"invalid/table/no-close-02.toml", "toml++ reaches __builtin_unreachable"},
      {"valid/string/start-mb.toml", "toml++ reaches __builtin_unreachable"},
  });
  constexpr spool::toml::read_options v10{.toml_version = spool::toml::version::v1_0};
  std::vector<std::filesystem::path> files;
  if (const auto list = spool_test::shared_data("conformance/toml-test/tests/files-toml-1.0.0")) {
    std::istringstream lines(spool_test::file_contents(*list));
    for (std::string line; std::getline(lines, line);)
      if (line.ends_with(".toml")) files.push_back(list->parent_path() / line);
  } else {
    MESSAGE("skipped: no toml-test suite in the shared data");
  }
  if (const auto root = spool_test::shared_data("bench/toml")) {
    for (const auto& file : spool_test::files_with_extension(*root, {".toml"})) files.push_back(file);
  } else {
    MESSAGE("skipped: no TOML bench corpus in the shared data");
  }
  std::size_t compared = 0;
  for (const auto& file : files) {
    const std::string path = file.generic_string();
    if (std::any_of(peer_breaks.begin(), peer_breaks.end(), [&](const auto& k) { return path.ends_with(k.first); }))
      continue;
    const std::string text = spool_test::file_contents(file);
    const spool::result<spool::value> mine = spool::toml::read<spool::value, v10>(text);
    toml::table peer;
    bool peer_ok = true;
    try {
      peer = toml::parse(text);
    } catch (const toml::parse_error&) {
      peer_ok = false;
    }
    check_file(file, mine.has_value(), mine ? "" : mine.error().message(), peer_ok, listed,
               [&](differences& d) { compare(peer, *mine, "$", d); }, compared);
  }
  if (!files.empty()) CHECK(compared > 0);
  MESSAGE(files.size() << " files, " << compared << " trees compared");
}

#else
TEST_CASE("TOML 1.0: spool and toml++ agree on every shared file") {
  MESSAGE("skipped: toml++ is not installed (Debian: libtomlplusplus-dev)");
}
#endif

#ifdef SPOOL_TEST_HAVE_MSGPACK_CXX
namespace {

// Seconds and nanoseconds of a timestamp extension (-1) payload; false when malformed.
bool timestamp_of(const char* data, std::uint32_t size, std::int64_t& seconds, std::uint32_t& nanos) {
  auto big_endian = [&](std::size_t at, std::size_t n) {
    std::uint64_t x = 0;
    for (std::size_t i = 0; i < n; ++i) x = x << 8 | static_cast<unsigned char>(data[at + i]);
    return x;
  };
  switch (size) {
    case 4: seconds = static_cast<std::int64_t>(big_endian(0, 4)), nanos = 0; return true;
    case 8: {
      const std::uint64_t x = big_endian(0, 8);
      nanos = static_cast<std::uint32_t>(x >> 34);
      seconds = static_cast<std::int64_t>(x & ((std::uint64_t{1} << 34) - 1));
      return true;
    }
    case 12:
      nanos = static_cast<std::uint32_t>(big_endian(0, 4));
      seconds = static_cast<std::int64_t>(big_endian(4, 8));
      return true;
    default: return false;
  }
}

void compare(const msgpack::object& p, const spool::value& s, const std::string& path, differences& d) {
  switch (p.type) {
    case msgpack::type::NIL:
      if (!s.is_null()) d.add(path, "nil vs " + kind_of(s));
      return;
    case msgpack::type::BOOLEAN:
      if (!s.is_bool() || s.as_bool().value() != p.via.boolean) d.add(path, "boolean differs");
      return;
    case msgpack::type::POSITIVE_INTEGER: {
      const auto expected = p.via.u64 > std::uint64_t{INT64_MAX} ? spool::kind::unsigned_integer : spool::kind::integer;
      if (s.kind() != expected || s.as_uint64().value() != p.via.u64) d.add(path, "uint differs");
      return;
    }
    case msgpack::type::NEGATIVE_INTEGER:
      if (s.kind() != spool::kind::integer || s.as_int64().value() != p.via.i64) d.add(path, "int differs");
      return;
    case msgpack::type::FLOAT32:
    case msgpack::type::FLOAT64:
      if (!s.is_floating() || !same_double(s.as_double().value(), p.via.f64)) d.add(path, "float differs");
      return;
    case msgpack::type::STR:
      if (!s.is_string() || s.as_string().value() != std::string_view(p.via.str.ptr, p.via.str.size))
        d.add(path, "str differs");
      return;
    case msgpack::type::BIN: {
      const spool::result<spool::bytes_view> mine = s.as_binary();
      if (!mine || mine->size() != p.via.bin.size || std::memcmp(mine->data(), p.via.bin.ptr, p.via.bin.size) != 0)
        d.add(path, "bin differs");
      return;
    }
    case msgpack::type::ARRAY:
      if (!s.is_array() || s.size() != p.via.array.size) return d.add(path, "array size or kind differs");
      for (std::uint32_t i = 0; i < p.via.array.size; ++i)
        compare(p.via.array.ptr[i], s[i], path + "[" + std::to_string(i) + "]", d);
      return;
    case msgpack::type::MAP:
      if (!s.is_object() || s.size() != p.via.map.size) return d.add(path, "map size or kind differs");
      for (std::uint32_t i = 0; i < p.via.map.size; ++i) {
        const msgpack::object& key = p.via.map.ptr[i].key;
        std::string text;
        if (key.type == msgpack::type::STR) text.assign(key.via.str.ptr, key.via.str.size);
        else if (key.type == msgpack::type::POSITIVE_INTEGER) text = std::to_string(key.via.u64);
        else if (key.type == msgpack::type::NEGATIVE_INTEGER) text = std::to_string(key.via.i64);
        else return d.add(path, "a key spool cannot hold, yet it accepted the map");
        const spool::value* mine = s.find(text);
        if (mine == nullptr) d.add(path, "key '" + text + "' missing");
        else compare(p.via.map.ptr[i].val, *mine, path + "." + text, d);
      }
      return;
    case msgpack::type::EXT: {
      std::int64_t seconds = 0;
      std::uint32_t nanos = 0;
      if (p.via.ext.type() == -1 && s.is_offset_datetime() && timestamp_of(p.via.ext.data(), p.via.ext.size, seconds, nanos)) {
        spool::result<spool::offset_datetime> expected =
            spool::offset_datetime::from_sys_time(std::chrono::sys_seconds(std::chrono::seconds(seconds)));
        if (expected) expected->time.nanosecond = nanos;
        if (!expected || *expected != s.as_offset_datetime().value()) d.add(path, "timestamp differs");
        return;
      }
      const spool::ext* mine = s.if_ext();
      if (mine == nullptr || mine->type != p.via.ext.type() || mine->data.size() != p.via.ext.size ||
          std::memcmp(mine->data.data(), p.via.ext.data(), p.via.ext.size) != 0)
        d.add(path, "ext differs");
      return;
    }
  }
  d.add(path, "unexpected peer type");
}

// Both readers on one MessagePack document.
void differential(const std::string& where, const std::string& bytes, const std::map<std::string_view, std::string_view>& listed,
                  std::size_t& compared) {
  const spool::result<spool::value> mine = spool::msgpack::read<spool::value>(bytes);
  msgpack::object_handle peer;
  bool peer_ok = true;
  try {
    peer = msgpack::unpack(bytes.data(), bytes.size());
  } catch (const std::exception&) {
    peer_ok = false;
  }
  check_file(where, mine.has_value(), mine ? "" : mine.error().message(), peer_ok, listed,
             [&](differences& d) { compare(peer.get(), *mine, "$", d); }, compared);
}

}  // namespace

TEST_CASE("MessagePack: spool and msgpack-cxx agree on every shared file and on spool's own output") {
  const auto listed = as_map({});
  std::size_t compared = 0;
  if (const auto root = spool_test::shared_data("bench/msgpack")) {
    for (const auto& file : spool_test::files_with_extension(*root, {".msgpack"}))
      differential(file.string(), spool_test::file_contents(file), listed, compared);
  } else {
    MESSAGE("skipped: no MessagePack corpus in the shared data");
  }
  // spool's writer checked by an independent reader: every JSON conformance document spool
  // accepts, many small shapes (the bench corpora above already hold the large ones).
  if (const auto root = spool_test::shared_data("conformance/JSONTestSuite/test_parsing")) {
    for (const auto& file : spool_test::files_with_extension(*root, {".json"})) {
      const spool::result<spool::value> v = spool::json::read<spool::value>(spool_test::file_contents(file));
      if (v) differential(file.string() + " as MessagePack", spool::msgpack::write(*v), listed, compared);
    }
    CHECK(compared > 0);
  }
  MESSAGE(compared << " trees compared");
}

#else
TEST_CASE("MessagePack: spool and msgpack-cxx agree on every shared file and on spool's own output") {
  MESSAGE("skipped: msgpack-cxx is not installed (Debian: libmsgpack-cxx-dev)");
}
#endif
