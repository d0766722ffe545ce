// Number printing: the shortest text of doubles, as the JSON and TOML writers produce it.
//
//   PrintDouble/<set>/spool      detail::write_floating (number/shortest_double.hpp; with
//                                SPOOL_DISABLE_FAST_DOUBLE_PRINT, std::to_chars underneath)
//   PrintDouble/<set>/to_chars   std::to_chars without a format, the reference it matches
//
//   ParseDouble/<set>/spool      the JSON reader's number scan and conversion (json/number.hpp's
//                                read_floating: digit runs, Eisel-Lemire) over the set's
//                                texts, written one after another with ',' between them
//   ParseDouble/<set>/from_chars std::from_chars over the same texts
//
// Sets: canada (every number of canada.json, nearly all coordinates of 15-17 digits) and random
// (doubles with uniformly random bits, every exponent equally likely). The "ns/double" counter
// is the time per printed or read value; MB/s counts the text written or read.
#include <spool/detail/number_print.hpp>
#include <spool/json.hpp>
#include <spool/value.hpp>

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "support/corpus.hpp"
#include "support/harness.hpp"

namespace spool_bench {

namespace {

void collect_doubles(const spool::value& v, std::vector<double>& out) {
  if (v.is_floating()) {
    out.push_back(*v.as_double());
  } else if (const spool::array* a = v.if_array()) {
    for (const spool::value& e : *a) collect_doubles(e, out);
  } else if (const spool::object* o = v.if_object()) {
    for (const auto& m : *o) collect_doubles(m.value, out);
  }
}

std::vector<double> canada_doubles() {
  std::vector<double> out;
  if (auto text = shared_file("json/canada.json")) {
    collect_doubles(spool::json::read<spool::value>(*text).value(), out);
  } else {
    // The same shape without the corpus: longitudes and latitudes with 15-17 digits.
    sequence s(3);
    for (int i = 0; i < 111126; ++i) out.push_back(-180.0 + 360.0 * s.unit());
  }
  return out;
}

std::vector<double> random_doubles() {
  std::vector<double> out;
  sequence s(5);
  while (out.size() < 100000) {
    const std::uint64_t bits = s.next();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (std::isfinite(d)) out.push_back(d);
  }
  return out;
}

template <class Print>
void add_print(const std::string& name, const std::vector<double>& values, Print print) {
  add(name, [&values, print](benchmark::State& state) {
    std::vector<char> text(values.size() * spool::detail::max_number_chars);
    std::size_t written = 0;
    measure(state, 0, [&] {
      char* w = text.data();
      for (const double d : values) w = print(w, d);
      written = static_cast<std::size_t>(w - text.data());
      benchmark::DoNotOptimize(text.data());
    });
    set_bytes(state, written);
    state.counters["ns/double"] = benchmark::Counter(
        static_cast<double>(values.size()) * 1e-9,
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  });
}

// The doubles' shortest texts, each followed by ','.
std::string joined_texts(const std::vector<double>& values) {
  std::string text;
  for (const double d : values) {
    char buf[spool::detail::max_number_chars];
    text.append(buf, spool::detail::write_floating(buf, d));
    text += ',';
  }
  return text;
}

struct parse_context {
  const char* end;
  bool fail(spool::errc, const char*, std::string_view = {}, std::string_view = {}) { return false; }
  bool fail_detail(spool::errc, const char*, std::string_view) { return false; }
};

template <class Parse>
void add_parse(const std::string& name, const std::string& text, std::size_t count, Parse parse) {
  add(name, [&text, count, parse](benchmark::State& state) {
    std::vector<double> out(count);
    bool failed = false;
    measure(state, text.size(), [&] {
      const char* p = text.data();
      const char* const end = text.data() + text.size();
      double* w = out.data();
      while (p != end && !failed) {
        p = parse(p, end, *w++);
        if (p == nullptr) failed = true;
        else ++p;  // ','
      }
      benchmark::DoNotOptimize(out.data());
    });
    if (failed) state.SkipWithError("a number was not read");
    state.counters["ns/double"] = benchmark::Counter(
        static_cast<double>(count) * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  });
}

}  // namespace

void register_all() {
  static const std::vector<double> canada = canada_doubles();
  static const std::vector<double> random = random_doubles();
  for (const auto& [set, values] : {std::pair{"canada", &canada}, std::pair{"random", &random}}) {
    add_print(std::string("PrintDouble/") + set + "/spool", *values,
              [](char* w, double d) { return spool::detail::write_floating(w, d); });
    add_print(std::string("PrintDouble/") + set + "/to_chars", *values,
              [](char* w, double d) { return std::to_chars(w, w + spool::detail::max_number_chars, d).ptr; });
  }
  static const std::string canada_text = joined_texts(canada);
  static const std::string random_text = joined_texts(random);
  for (const auto& [set, text, count] : {std::tuple{"canada", &canada_text, canada.size()}, std::tuple{"random", &random_text, random.size()}}) {
    add_parse(std::string("ParseDouble/") + set + "/spool", *text, count, [](const char* p, const char* end, double& out) -> const char* {
      parse_context ctx{end};
      return spool::json::detail::read_floating(ctx, p, out) ? p : nullptr;
    });
    add_parse(std::string("ParseDouble/") + set + "/from_chars", *text, count, [](const char* p, const char* end, double& out) -> const char* {
      const auto r = std::from_chars(p, end, out);
      return r.ec == std::errc{} ? r.ptr : nullptr;
    });
  }
}

}  // namespace spool_bench
