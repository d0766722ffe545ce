// Seeds for the MessagePack fuzz targets, made at run time from JSON documents: the shared data
// has only three MessagePack files (megabytes each, cut to the fuzzers' input limit), while its
// JSON files, the conformance suite's included, hold hundreds of small shapes.
//
//   fuzz-msgpack-seeds OUT_DIR MAX_BYTES JSON_DIR...
//
// Every .json file under the JSON_DIRs that spool reads is written as MessagePack into OUT_DIR
// (as json_<n>_<file name>.msgpack), where its encoding fits in MAX_BYTES. Folders that are absent
// are skipped; the count of seeds written is printed.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include <spool/json.hpp>
#include <spool/msgpack.hpp>
#include <spool/value.hpp>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: fuzz-msgpack-seeds OUT_DIR MAX_BYTES JSON_DIR...\n");
    return 2;
  }
  const std::filesystem::path out_dir = argv[1];
  const std::size_t max_bytes = std::strtoull(argv[2], nullptr, 10);
  std::filesystem::create_directories(out_dir);
  // Sorted, so that the seeds and their names are the same on every machine.
  std::vector<std::filesystem::path> sources;
  for (int i = 3; i < argc; ++i) {
    std::error_code ec;
    std::filesystem::recursive_directory_iterator it(argv[i], ec), end;
    if (ec) continue;  // absent: the run script says so
    for (; it != end; it.increment(ec)) {
      if (ec) break;
      if (it->is_regular_file() && it->path().extension() == ".json") sources.push_back(it->path());
    }
  }
  std::sort(sources.begin(), sources.end());
  std::size_t written = 0;
  for (const std::filesystem::path& source : sources) {
    spool::value v;
    if (spool::json::read_file(source, v)) continue;  // JSON that spool refuses has no encoding
    std::string bytes;
    if (spool::msgpack::write(v, bytes) || bytes.size() > max_bytes) continue;
    const auto name = "json_" + std::to_string(++written) + "_" + source.stem().string() + ".msgpack";
    std::ofstream(out_dir / name, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  std::printf("%zu seeds\n", written);
  return 0;
}
