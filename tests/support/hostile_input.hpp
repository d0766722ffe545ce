// Helpers of the hostile-input tests: the corpus files of one format, the prefixes of a document
// worth reading, its single-byte corruptions, and the checks the three formats' tests share,
// written once over a format's read and write (see format_checks below).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <fuzz/fuzz_document.hpp>
#include <spool/error.hpp>
#include <spool/value.hpp>
#include <support/shared_data.hpp>

namespace spool_test {

// A read of `size` bytes ended cleanly: with a value, or with an error that points inside the
// input.
inline bool clean(const spool::error& e, std::size_t size) { return !e || e.offset <= size; }

// A text format's error was also given its line and column (MessagePack's have only the offset).
inline bool located(const spool::error& e) { return !e || e.line >= 1; }

// Regular files under `root` whose extension is one of `extensions` (".json"), sorted so that a
// failure names the same file on every run.
inline std::vector<std::filesystem::path> files_with_extension(const std::filesystem::path& root,
                                                              std::initializer_list<std::string_view> extensions) {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (std::find(extensions.begin(), extensions.end(), ext) != extensions.end()) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string file_contents(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string text(static_cast<std::size_t>(std::filesystem::file_size(path)), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  return text;
}

// Reading every prefix of an n-byte file parses n^2/2 bytes: 2 GB for 64 KiB, hours for the
// multi-megabyte bench files in a Debug build under ASan. So every prefix shorter than
// `every_below` is read (where most of a format's opening states are), and above it prefixes at
// a stride chosen to parse about `budget` bytes per file, always including the whole file and
// the prefix one byte short of it.
inline std::vector<std::size_t> prefix_lengths(std::size_t size, std::size_t every_below = 1024,
                                               std::size_t budget = std::size_t{512} << 10) {
  std::vector<std::size_t> lengths;
  const std::size_t dense = std::min(size, every_below);
  for (std::size_t n = 0; n < dense; ++n) lengths.push_back(n);
  if (size > dense) {
    const std::size_t average = (dense + size) / 2;
    const std::size_t count = std::max<std::size_t>(budget / average, 1);
    const std::size_t stride = std::max<std::size_t>((size - dense) / count, 1);
    for (std::size_t n = dense; n + 1 < size; n += stride) lengths.push_back(n);
    if (size >= 2 && lengths.back() != size - 1) lengths.push_back(size - 1);
  }
  lengths.push_back(size);
  return lengths;
}

// Calls f(corrupted, position) for every document that differs from `doc` in exactly one byte.
template <class F>
void for_each_single_byte_corruption(std::string_view doc, F&& f) {
  std::string corrupted(doc);
  for (std::size_t i = 0; i < doc.size(); ++i) {
    for (int b = 0; b < 256; ++b) {
      if (static_cast<unsigned char>(doc[i]) == b) continue;
      corrupted[i] = static_cast<char>(b);
      f(std::string_view(corrupted), i);
    }
    corrupted[i] = doc[i];
  }
}

// `part` repeated until the result holds at least `bytes` bytes (the bombs' material).
inline std::string repeated(std::string_view part, std::size_t bytes) {
  std::string out;
  while (out.size() < bytes) out += part;
  return out;
}

// The checks every format's hostile test makes, over a Format that says how to read and write it:
//
//   struct Format {
//     static constexpr std::string_view name;            // for messages
//     static constexpr bool text;                        // errors carry a line and column
//     static constexpr bool cut_is_unexpected_end;       // a cut-off document fails as exactly that
//     template <class T> static spool::error read(std::string_view, T&);
//     static spool::error write(const spool::value&, std::string&);
//   };
template <class Format>
struct format_checks {
  // A read of `size` bytes ended cleanly, and a text format's error was located.
  static bool ended_cleanly(const spool::error& e, std::size_t size) {
    return clean(e, size) && (!Format::text || located(e));
  }

  // The writer writes whatever the reader accepted, and reading that gives it back.
  static void round_trip(const spool::value& v) {
    std::string out;
    const spool::error w = Format::write(v, out);
    REQUIRE_MESSAGE(!w, w.message());
    spool::value back;
    const spool::error r = Format::read(out, back);
    REQUIRE_MESSAGE(!r, r.message() << "\n" << (Format::text ? out : std::string("(binary)")));
    REQUIRE(back == v);
  }

  // Every prefix of `bytes` (as prefix_lengths picks them) read into a spool::value; returns how
  // many reads were made.
  static std::size_t read_prefixes(std::string_view name, std::string_view bytes) {
    std::size_t reads = 0;
    for (const std::size_t n : prefix_lengths(bytes.size())) {
      spool::value v;
      const spool::error e = Format::read(bytes.substr(0, n), v);
      if (!ended_cleanly(e, n)) FAIL_CHECK(name << ", first " << n << " bytes: " << e.message());
      if (Format::cut_is_unexpected_end && e && n < bytes.size() && e.code != spool::errc::unexpected_end &&
          e.code != spool::errc::empty_input)
        FAIL_CHECK(name << ", first " << n << " bytes: a cut is unexpected_end, not " << e.message());
      ++reads;
    }
    return reads;
  }

  // read_prefixes of every file with one of `extensions` under the shared-data `folder`, skipped
  // with a message where the shared data is absent.
  static std::size_t read_prefixes_of_files(std::string_view folder, std::initializer_list<std::string_view> extensions) {
    const auto root = spool_test::shared_data(folder);
    if (!root) {
      MESSAGE("skipped: no shared data at " << folder);
      return 0;
    }
    std::size_t reads = 0;
    for (const auto& file : files_with_extension(*root, extensions))
      reads += read_prefixes(file.string(), file_contents(file));
    return reads;
  }

  // Every single-byte corruption of each of `docs`, read into a spool::value (what is accepted
  // must round-trip) and into spool_fuzz::document; returns how many corruptions were accepted.
  static std::size_t read_corruptions(std::initializer_list<std::string_view> docs) {
    std::size_t accepted = 0;
    for (const std::string_view doc : docs) {
      for_each_single_byte_corruption(doc, [&](std::string_view bad, std::size_t at) {
        spool::value v;
        const spool::error e = Format::read(bad, v);
        if (!ended_cleanly(e, bad.size())) FAIL_CHECK(Format::name << ", byte " << at << ": " << e.message());
        if (!e) {
          ++accepted;
          round_trip(v);
        }
        spool_fuzz::document typed;
        const spool::error t = Format::read(bad, typed);
        if (!ended_cleanly(t, bad.size())) FAIL_CHECK(Format::name << ", byte " << at << " (typed): " << t.message());
      });
    }
    return accepted;
  }
};

// The exact decimal expansion of 2^-1075, the point halfway between 0 and the smallest
// subnormal double: "0.000...24703282292062327208...", 1075 digits after the point. A correctly
// rounding reader turns it into 0 (the tie goes to the even neighbour), and anything above it,
// however many digits later, into 4.9406564584124654e-324.
inline std::string half_of_smallest_subnormal() {
  std::string digits = "1";  // 5^k, most significant digit first
  for (int k = 0; k < 1075; ++k) {
    int carry = 0;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
      const int d = (*it - '0') * 5 + carry;
      *it = static_cast<char>('0' + d % 10);
      carry = d / 10;
    }
    while (carry != 0) {
      digits.insert(digits.begin(), static_cast<char>('0' + carry % 10));
      carry /= 10;
    }
  }
  // 2^-1075 = 5^1075 / 10^1075.
  return "0." + std::string(1075 - digits.size(), '0') + digits;
}

}  // namespace spool_test
