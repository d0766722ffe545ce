#include "support/corpus.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

#ifndef SPOOL_SHARED_DATA_DIR
#define SPOOL_SHARED_DATA_DIR ""
#endif

namespace spool_bench {

std::string shared_data_root() { return SPOOL_SHARED_DATA_DIR; }

bool shared_data_available() {
  std::error_code ignored;
  return std::filesystem::is_directory(std::filesystem::path(SPOOL_SHARED_DATA_DIR) / "bench",
                                       ignored);
}

std::optional<std::string> shared_file(std::string_view relative) {
  const auto path = std::filesystem::path(SPOOL_SHARED_DATA_DIR) / "bench" / relative;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::uint64_t sequence::next() noexcept {
  // splitmix64: tiny, fast, and every seed gives a full-period, well-mixed stream.
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double sequence::unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

std::string sequence::word(std::size_t min_length, std::size_t max_length) {
  const std::size_t length = min_length + below(max_length - min_length + 1);
  std::string out(length, 'a');
  for (char& c : out) c = static_cast<char>('a' + below(26));
  return out;
}

std::string api_response_json(std::size_t size) {
  sequence random(size);
  std::string items;
  std::size_t count = 0;
  const std::size_t envelope = 64;  // the {"total_count":...,"items":[]} around the items
  for (;;) {
    std::string item = count == 0 ? "{" : ",{";
    item += "\"id\":" + std::to_string(100000 + random.below(900000000));
    item += ",\"name\":\"" + random.word(4, 12) + "\"";
    item += ",\"full_name\":\"" + random.word(4, 10) + "/" + random.word(4, 12) + "\"";
    item += ",\"private\":" + std::string(random.below(2) != 0 ? "true" : "false");
    item += ",\"owner\":{\"login\":\"" + random.word(3, 10) +
            "\",\"id\":" + std::to_string(random.below(100000000)) + ",\"site_admin\":false}";
    item += ",\"description\":\"" + random.word(10, 40) + " " + random.word(3, 9) + "\"";
    item += ",\"stargazers_count\":" + std::to_string(random.below(50000));
    item += ",\"score\":1.0}";
    if (count > 0 && items.size() + item.size() + envelope > size) break;
    items += item;
    ++count;
  }
  return "{\"total_count\":" + std::to_string(count) + ",\"incomplete_results\":false,\"items\":[" +
         items + "]}";
}

}  // namespace spool_bench
