// The one translation unit that knows where the shared corpora are: the path differs between
// checkouts, and keeping it out of every other test lets compiler caches serve them all.
#include <support/shared_data.hpp>

namespace spool_test {

std::optional<std::filesystem::path> shared_data(std::string_view relative) {
  std::filesystem::path path = std::filesystem::path(SPOOL_SHARED_DATA_DIR) / relative;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  return path;
}

}  // namespace spool_test
