// Helpers of the hostile-input tests: the corpus files of one format, the prefixes of a document
// worth reading, and its single-byte corruptions.
#pragma once

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <spool/error.hpp>

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
