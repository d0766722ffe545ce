// Holds the two build-budget translation units to the same work: both read twitter.json (the
// file named on the command line) into equal documents, and what either writes, the other reads
// back into the same document. "Equal" is judged by spool's output, byte for byte.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "budget/twitter_codecs.hpp"

namespace {

int fail(const char* what) {
  std::fprintf(stderr, "budget check: %s\n", what);
  return 1;
}

std::string spool_text(const spool_bench::twitter::document& doc) {
  std::string out;
  return budget_spool::write(doc, out) ? out : std::string("<not written>");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return fail("usage: budget_check twitter.json");
  std::ifstream in(argv[1], std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!in && !in.eof()) return fail("cannot read the input");

  spool_bench::twitter::document by_spool, by_nlohmann;
  if (!budget_spool::read(text, by_spool)) return fail("spool did not read the input");
  if (!budget_nlohmann::read(text, by_nlohmann)) return fail("nlohmann/json did not read the input");
  const std::string expected = spool_text(by_spool);
  if (spool_text(by_nlohmann) != expected) return fail("spool and nlohmann/json read different documents");
  if (by_spool.statuses.empty()) return fail("no statuses read");

  std::string from_nlohmann;
  budget_nlohmann::write(by_spool, from_nlohmann);
  spool_bench::twitter::document back;
  if (!budget_spool::read(from_nlohmann, back) || spool_text(back) != expected)
    return fail("spool does not read back what nlohmann/json wrote");
  spool_bench::twitter::document back2;
  if (!budget_nlohmann::read(expected, back2) || spool_text(back2) != expected)
    return fail("nlohmann/json does not read back what spool wrote");
  std::printf("budget check: both read %zu statuses alike and read each other's output\n", by_spool.statuses.size());
  return 0;
}
