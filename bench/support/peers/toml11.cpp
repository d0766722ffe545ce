#include <toml.hpp>

#include <sstream>

#include "support/peers/toml.hpp"

namespace spool_bench::toml_peers {

namespace {

// toml11 3.x reads from a stream; the copy into the stream is part of using it on a string.
bool parse_into(std::string_view text, toml::value& out) {
  try {
    std::istringstream in{std::string(text)};
    out = toml::parse(in, "input.toml");
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

bool toml11_parse(std::string_view text) {
  toml::value value;
  return parse_into(text, value);
}

struct toml11_writer::tree {
  toml::value value;
  bool valid = false;
};

toml11_writer::toml11_writer(std::string_view text) : tree_(std::make_unique<tree>()) {
  tree_->valid = parse_into(text, tree_->value);
}

toml11_writer::~toml11_writer() = default;

bool toml11_writer::valid() const noexcept { return tree_->valid; }

std::string toml11_writer::write() const { return toml::format(tree_->value); }

}  // namespace spool_bench::toml_peers
