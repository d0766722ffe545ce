// Build budget, spool side: one translation unit that reads and writes the twitter structs as
// JSON, the way a user would. bench/budget/measure.py times its compilation and weighs its object
// against twitter_nlohmann.cpp, which does the same with nlohmann/json.
#include <string>
#include <string_view>

#include <spool/json.hpp>

#include "budget/twitter_codecs.hpp"
#include "support/documents.hpp"

namespace budget_spool {

bool read(std::string_view text, spool_bench::twitter::document& out) { return !spool::json::read(text, out); }

bool write(const spool_bench::twitter::document& doc, std::string& out) { return !spool::json::write(doc, out); }

}  // namespace budget_spool
