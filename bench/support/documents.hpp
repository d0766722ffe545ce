// C++ structs that map the three classic benchmark documents completely (every key of every
// object has a member), shared by all formats and by every library that can fill them, and
// deterministic generators of documents with the same shape for machines without the corpus.
//
//   twitter.json       (nativejson-benchmark) -> spool_bench::twitter::document (twitter.hpp)
//   citm_catalog.json                         -> spool_bench::citm::document
//   canada.json                               -> spool_bench::canada::document
//
// Members keep the documents' key names (camelCase in citm) so no renaming is needed, except
// where a key is a C++ keyword. Keys that are null throughout the corpus get the type the key has
// in the Twitter API, wrapped in std::optional.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spool/reflect.hpp>

#include "support/twitter.hpp"

template <>
struct spool::meta<spool_bench::twitter::user> {
  static constexpr auto fields = spool::field_options(spool::rename("protected_", "protected"));
};

namespace spool_bench::github {

// The body of the Do/1KB and Do/500KB benchmarks: a search response of the GitHub API, as
// spool_bench::api_response_json() generates it.
struct owner {
  std::string login;
  std::int64_t id;
  bool site_admin;
};

struct repository {
  std::int64_t id;
  std::string name;
  std::string full_name;
  bool private_;  // "private"
  github::owner owner;
  std::string description;
  std::int64_t stargazers_count;
  double score;
};

struct search_response {
  std::int64_t total_count;
  bool incomplete_results;
  std::vector<repository> items;
};

}  // namespace spool_bench::github

template <>
struct spool::meta<spool_bench::github::repository> {
  static constexpr auto fields = spool::field_options(spool::rename("private_", "private"));
};

namespace spool_bench::citm {

struct event {
  std::optional<std::string> description;
  std::int64_t id;
  std::optional<std::string> logo;
  std::string name;
  std::vector<std::int64_t> subTopicIds;
  std::optional<std::string> subjectCode;
  std::optional<std::string> subtitle;
  std::vector<std::int64_t> topicIds;
};

struct price {
  std::int64_t amount;
  std::int64_t audienceSubCategoryId;
  std::int64_t seatCategoryId;
};

struct area {
  std::int64_t areaId;
  std::vector<std::int64_t> blockIds;
};

struct seat_category {
  std::vector<area> areas;
  std::int64_t seatCategoryId;
};

struct performance {
  std::int64_t eventId;
  std::int64_t id;
  std::optional<std::string> logo;
  std::optional<std::string> name;
  std::vector<price> prices;
  std::vector<seat_category> seatCategories;
  std::optional<std::string> seatMapImage;
  std::int64_t start;
  std::string venueCode;
};

using names = std::map<std::string, std::string>;

struct document {
  names areaNames;
  names audienceSubCategoryNames;
  names blockNames;
  std::map<std::string, event> events;
  std::vector<performance> performances;
  names seatCategoryNames;
  names subTopicNames;
  names subjectNames;
  names topicNames;
  std::map<std::string, std::vector<std::int64_t>> topicSubTopics;
  names venueNames;
};

// About the corpus file's size and shape: 184 events, 243 performances.
document generate();

}  // namespace spool_bench::citm

namespace spool_bench::canada {

struct properties {
  std::string name;
};

struct geometry {
  std::string type;
  std::vector<std::vector<std::array<double, 2>>> coordinates;
};

struct feature {
  std::string type;
  canada::properties properties;
  canada::geometry geometry;
};

struct document {
  std::string type;
  std::vector<feature> features;
};

// About the corpus file's size and shape: one polygon feature of 480 rings, 56 000 points.
document generate();

}  // namespace spool_bench::canada
