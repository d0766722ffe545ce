// The structs of twitter.json (nativejson-benchmark) -> spool_bench::twitter::document, every key
// of every object a member. Plain C++ with no library in sight, so that one definition serves
// spool (see documents.hpp, which adds the spool::meta for "protected") and the build-budget
// translation unit of nlohmann/json (bench/budget/), which must not pay for spool's headers.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spool_bench::twitter {

struct metadata {
  std::string result_type;
  std::string iso_language_code;
};

struct url {
  std::string url;
  std::string expanded_url;
  std::string display_url;
  std::vector<std::int64_t> indices;
};

struct url_list {
  std::vector<twitter::url> urls;
};

struct user_entities {
  url_list description;
  std::optional<url_list> url;
};

struct user {
  std::uint64_t id;
  std::string id_str;
  std::string name;
  std::string screen_name;
  std::string location;
  std::string description;
  std::optional<std::string> url;
  user_entities entities;
  bool protected_;  // "protected"
  std::int64_t followers_count;
  std::int64_t friends_count;
  std::int64_t listed_count;
  std::string created_at;
  std::int64_t favourites_count;
  std::optional<std::int64_t> utc_offset;
  std::optional<std::string> time_zone;
  bool geo_enabled;
  bool verified;
  std::int64_t statuses_count;
  std::string lang;
  bool contributors_enabled;
  bool is_translator;
  bool is_translation_enabled;
  std::string profile_background_color;
  std::string profile_background_image_url;
  std::string profile_background_image_url_https;
  bool profile_background_tile;
  std::string profile_image_url;
  std::string profile_image_url_https;
  std::optional<std::string> profile_banner_url;
  std::string profile_link_color;
  std::string profile_sidebar_border_color;
  std::string profile_sidebar_fill_color;
  std::string profile_text_color;
  bool profile_use_background_image;
  bool default_profile;
  bool default_profile_image;
  bool following;
  bool follow_request_sent;
  bool notifications;
};

struct hashtag {
  std::string text;
  std::vector<std::int64_t> indices;
};

struct user_mention {
  std::string screen_name;
  std::string name;
  std::uint64_t id;
  std::string id_str;
  std::vector<std::int64_t> indices;
};

struct media_size {
  std::int64_t w;
  std::int64_t h;
  std::string resize;
};

struct media_sizes {
  media_size medium;
  media_size small;
  media_size thumb;
  media_size large;
};

struct media {
  std::uint64_t id;
  std::string id_str;
  std::vector<std::int64_t> indices;
  std::string media_url;
  std::string media_url_https;
  std::string url;
  std::string display_url;
  std::string expanded_url;
  std::string type;
  media_sizes sizes;
  std::optional<std::uint64_t> source_status_id;
  std::optional<std::string> source_status_id_str;
};

struct entities {
  std::vector<hashtag> hashtags;
  std::vector<hashtag> symbols;
  std::vector<twitter::url> urls;
  std::vector<user_mention> user_mentions;
  std::optional<std::vector<twitter::media>> media;
};

// GeoJSON point of the Twitter API ("geo" and "coordinates").
struct point {
  std::string type;
  std::array<double, 2> coordinates;
};

struct place {
  std::string id;
  std::string url;
  std::string place_type;
  std::string name;
  std::string full_name;
  std::string country_code;
  std::string country;
};

struct status {
  twitter::metadata metadata;
  std::string created_at;
  std::uint64_t id;
  std::string id_str;
  std::string text;
  std::string source;
  bool truncated;
  std::optional<std::uint64_t> in_reply_to_status_id;
  std::optional<std::string> in_reply_to_status_id_str;
  std::optional<std::uint64_t> in_reply_to_user_id;
  std::optional<std::string> in_reply_to_user_id_str;
  std::optional<std::string> in_reply_to_screen_name;
  twitter::user user;
  std::optional<point> geo;
  std::optional<point> coordinates;
  std::optional<twitter::place> place;
  std::optional<std::vector<std::uint64_t>> contributors;
  std::unique_ptr<status> retweeted_status;
  std::int64_t retweet_count;
  std::int64_t favorite_count;
  twitter::entities entities;
  bool favorited;
  bool retweeted;
  std::optional<bool> possibly_sensitive;
  std::string lang;
};

struct search_metadata {
  double completed_in;
  std::uint64_t max_id;
  std::string max_id_str;
  std::string next_results;
  std::string query;
  std::string refresh_url;
  std::int64_t count;
  std::int64_t since_id;
  std::string since_id_str;
};

struct document {
  std::vector<status> statuses;
  twitter::search_metadata search_metadata;
};

// About the corpus file's size and shape: 100 statuses, most of them retweets.
document generate();

}  // namespace spool_bench::twitter
