// Benchmark inputs: the shared corpora when the repository sits beside them (../shared/data, the
// SPOOL_SHARED_DATA_DIR compile definition), generated stand-ins otherwise, so a fresh clone runs
// every benchmark. The context of each run says which one it used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace spool_bench {

bool shared_data_available();
std::string shared_data_root();

// The bytes of <shared data>/bench/<relative>, or nullopt when the corpus is absent.
std::optional<std::string> shared_file(std::string_view relative);

// A deterministic pseudo-random sequence for generated inputs: same seed, same documents, on
// every machine and run.
class sequence {
 public:
  explicit sequence(std::uint64_t seed) noexcept : state_(seed) {}
  std::uint64_t next() noexcept;
  std::uint64_t below(std::uint64_t bound) noexcept { return next() % bound; }
  double unit() noexcept;  // [0, 1)
  std::string word(std::size_t min_length, std::size_t max_length);

 private:
  std::uint64_t state_;
};

// A JSON object of about `size` bytes, shaped like an API response (an array of records with
// strings, integers, booleans, nested objects): the body of the Do/1KB and Do/500KB benchmarks.
std::string api_response_json(std::size_t size);

}  // namespace spool_bench
