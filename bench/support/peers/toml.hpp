// toml++ and toml11 as peers. Both libraries declare namespace ::toml, so each lives in its own
// translation unit (tomlplusplus.cpp, toml11.cpp, compiled from their headers with spool's flags,
// toml++ in header-only mode) behind this interface.
//
// parse() builds the library's document tree and destroys it, as a read does; a writer parses
// once at construction and write() serializes that tree each time.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace spool_bench::toml_peers {

#define SPOOL_BENCH_TOML_PEER(name)                             \
  bool name##_parse(std::string_view text);                     \
  class name##_writer {                                         \
   public:                                                      \
    explicit name##_writer(std::string_view text);              \
    ~name##_writer();                                           \
    bool valid() const noexcept;                                \
    std::string write() const;                                  \
                                                                \
   private:                                                     \
    struct tree;                                                \
    std::unique_ptr<tree> tree_;                                \
  };

SPOOL_BENCH_TOML_PEER(tomlplusplus)
SPOOL_BENCH_TOML_PEER(toml11)

#undef SPOOL_BENCH_TOML_PEER

}  // namespace spool_bench::toml_peers
