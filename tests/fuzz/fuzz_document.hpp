// The struct the typed fuzz targets read: one member of every category a reader dispatches on
// (strings, signed/unsigned/floating numbers, bool, optional, vector, map, variant, enum, nested
// structs and a vector of them), so a mutation that reaches any of those code paths is exercised.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace spool_fuzz {

enum class tint : std::uint8_t { red, green, blue };

struct point {
  double x = 0;
  double y = 0;
};

struct leaf {
  std::string label;
  std::int32_t weight = 0;
  std::optional<bool> enabled;
};

struct document {
  std::string name;
  std::int64_t id = 0;
  std::uint16_t port = 0;
  double ratio = 0;
  bool active = false;
  std::optional<std::string> note;
  std::vector<std::int64_t> counts;
  std::map<std::string, point> points;
  std::variant<std::int64_t, std::string, std::vector<double>> choice;
  tint color = tint::red;
  leaf owner;
  std::vector<leaf> children;
};

}  // namespace spool_fuzz
