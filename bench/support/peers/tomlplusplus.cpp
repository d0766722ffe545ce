#include <toml++/toml.h>

#include <sstream>

#include "support/peers/toml.hpp"

namespace spool_bench::toml_peers {

bool tomlplusplus_parse(std::string_view text) {
  try {
    toml::table table = toml::parse(text);
    return !table.empty() || text.find('=') == std::string_view::npos;
  } catch (const toml::parse_error&) {
    return false;
  }
}

struct tomlplusplus_writer::tree {
  toml::table table;
  bool valid = false;
};

tomlplusplus_writer::tomlplusplus_writer(std::string_view text) : tree_(std::make_unique<tree>()) {
  try {
    tree_->table = toml::parse(text);
    tree_->valid = true;
  } catch (const toml::parse_error&) {
  }
}

tomlplusplus_writer::~tomlplusplus_writer() = default;

bool tomlplusplus_writer::valid() const noexcept { return tree_->valid; }

std::string tomlplusplus_writer::write() const {
  std::ostringstream out;
  out << tree_->table;
  return std::move(out).str();
}

}  // namespace spool_bench::toml_peers
