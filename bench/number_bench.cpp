// Number printing: the shortest text of doubles, as the JSON and TOML writers produce it.
//
//   PrintDouble/<set>/spool      detail::write_floating (number/shortest_double.hpp; with
//                                SPOOL_DISABLE_FAST_DOUBLE_PRINT, std::to_chars underneath)
//   PrintDouble/<set>/to_chars   std::to_chars without a format, the reference it matches
//
// Sets: canada (every number of canada.json, nearly all coordinates of 15-17 digits) and random
// (doubles with uniformly random bits, every exponent equally likely). The "ns/double" counter
// is the time per printed value; MB/s counts the text written.
#include <spool/detail/number_print.hpp>
#include <spool/json.hpp>
#include <spool/value.hpp>

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>
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
}

}  // namespace spool_bench
