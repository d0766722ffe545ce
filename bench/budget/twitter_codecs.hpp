// What the two build-budget translation units define: the twitter document read from and written
// to JSON, once with spool (twitter_spool.cpp), once with nlohmann/json (twitter_nlohmann.cpp).
// check.cpp links both and holds them to the same results, so the two measure the same work.
#pragma once

#include <string>
#include <string_view>

#include "support/twitter.hpp"

namespace budget_spool {
bool read(std::string_view text, spool_bench::twitter::document& out);
bool write(const spool_bench::twitter::document& doc, std::string& out);  // appends
}  // namespace budget_spool

namespace budget_nlohmann {
bool read(std::string_view text, spool_bench::twitter::document& out);
bool write(const spool_bench::twitter::document& doc, std::string& out);  // appends
}  // namespace budget_nlohmann
