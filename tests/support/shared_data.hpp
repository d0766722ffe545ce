// Locating the shared corpora (../shared/data beside the repository) from tests.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace spool_test {

// The path of `relative` under the shared data folder, or nullopt when it is absent, so that a
// test can skip with a message instead of failing on a machine without the corpora.
std::optional<std::filesystem::path> shared_data(std::string_view relative);

}  // namespace spool_test
