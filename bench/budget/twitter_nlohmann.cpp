// Build budget, nlohmann/json side: the twitter structs read and written as JSON with what a
// nlohmann/json user writes for them (its macros where they fit; by hand for the member named
// "protected" and for the structs that hold a std::unique_ptr, and an adl_serializer for std::optional and
// std::unique_ptr, which nlohmann/json 3.11 does not convert). Missing keys keep their defaults,
// as in spool. Compare with twitter_spool.cpp.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "budget/twitter_codecs.hpp"
#include "support/twitter.hpp"

NLOHMANN_JSON_NAMESPACE_BEGIN
template <class T>
struct adl_serializer<std::optional<T>> {
  template <class Json>
  static void to_json(Json& j, const std::optional<T>& o) {
    if (o) j = *o;
    else j = nullptr;
  }
  template <class Json>
  static void from_json(const Json& j, std::optional<T>& o) {
    if (j.is_null()) o.reset();
    else o = j.template get<T>();
  }
};

template <class T>
struct adl_serializer<std::unique_ptr<T>> {
  template <class Json>
  static void to_json(Json& j, const std::unique_ptr<T>& p) {
    if (p) j = *p;
    else j = nullptr;
  }
  template <class Json>
  static void from_json(const Json& j, std::unique_ptr<T>& p) {
    if (j.is_null()) p.reset();
    else p = std::make_unique<T>(j.template get<T>());
  }
};
NLOHMANN_JSON_NAMESPACE_END

namespace spool_bench::twitter {

namespace {
// A member that the object may lack keeps its value.
template <class T>
void get(const nlohmann::json& j, const char* key, T& out) {
  if (const auto it = j.find(key); it != j.end()) it->get_to(out);
}
}  // namespace

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(metadata, result_type, iso_language_code)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(url, url, expanded_url, display_url, indices)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(url_list, urls)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(user_entities, description, url)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(hashtag, text, indices)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(user_mention, screen_name, name, id, id_str, indices)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(media_size, w, h, resize)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(media_sizes, medium, small, thumb, large)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(media, id, id_str, indices, media_url, media_url_https, url,
                                                display_url, expanded_url, type, sizes, source_status_id,
                                                source_status_id_str)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(entities, hashtags, symbols, urls, user_mentions, media)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(point, type, coordinates)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(place, id, url, place_type, name, full_name, country_code, country)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(search_metadata, completed_in, max_id, max_id_str, next_results,
                                                query, refresh_url, count, since_id, since_id_str)

// "protected" is a keyword: the member has another name, so the macros cannot spell the key.
void to_json(nlohmann::json& j, const user& u) {
  j = nlohmann::json{{"id", u.id},
                     {"id_str", u.id_str},
                     {"name", u.name},
                     {"screen_name", u.screen_name},
                     {"location", u.location},
                     {"description", u.description},
                     {"url", u.url},
                     {"entities", u.entities},
                     {"protected", u.protected_},
                     {"followers_count", u.followers_count},
                     {"friends_count", u.friends_count},
                     {"listed_count", u.listed_count},
                     {"created_at", u.created_at},
                     {"favourites_count", u.favourites_count},
                     {"utc_offset", u.utc_offset},
                     {"time_zone", u.time_zone},
                     {"geo_enabled", u.geo_enabled},
                     {"verified", u.verified},
                     {"statuses_count", u.statuses_count},
                     {"lang", u.lang},
                     {"contributors_enabled", u.contributors_enabled},
                     {"is_translator", u.is_translator},
                     {"is_translation_enabled", u.is_translation_enabled},
                     {"profile_background_color", u.profile_background_color},
                     {"profile_background_image_url", u.profile_background_image_url},
                     {"profile_background_image_url_https", u.profile_background_image_url_https},
                     {"profile_background_tile", u.profile_background_tile},
                     {"profile_image_url", u.profile_image_url},
                     {"profile_image_url_https", u.profile_image_url_https},
                     {"profile_banner_url", u.profile_banner_url},
                     {"profile_link_color", u.profile_link_color},
                     {"profile_sidebar_border_color", u.profile_sidebar_border_color},
                     {"profile_sidebar_fill_color", u.profile_sidebar_fill_color},
                     {"profile_text_color", u.profile_text_color},
                     {"profile_use_background_image", u.profile_use_background_image},
                     {"default_profile", u.default_profile},
                     {"default_profile_image", u.default_profile_image},
                     {"following", u.following},
                     {"follow_request_sent", u.follow_request_sent},
                     {"notifications", u.notifications}};
}

void from_json(const nlohmann::json& j, user& u) {
  get(j, "id", u.id);
  get(j, "id_str", u.id_str);
  get(j, "name", u.name);
  get(j, "screen_name", u.screen_name);
  get(j, "location", u.location);
  get(j, "description", u.description);
  get(j, "url", u.url);
  get(j, "entities", u.entities);
  get(j, "protected", u.protected_);
  get(j, "followers_count", u.followers_count);
  get(j, "friends_count", u.friends_count);
  get(j, "listed_count", u.listed_count);
  get(j, "created_at", u.created_at);
  get(j, "favourites_count", u.favourites_count);
  get(j, "utc_offset", u.utc_offset);
  get(j, "time_zone", u.time_zone);
  get(j, "geo_enabled", u.geo_enabled);
  get(j, "verified", u.verified);
  get(j, "statuses_count", u.statuses_count);
  get(j, "lang", u.lang);
  get(j, "contributors_enabled", u.contributors_enabled);
  get(j, "is_translator", u.is_translator);
  get(j, "is_translation_enabled", u.is_translation_enabled);
  get(j, "profile_background_color", u.profile_background_color);
  get(j, "profile_background_image_url", u.profile_background_image_url);
  get(j, "profile_background_image_url_https", u.profile_background_image_url_https);
  get(j, "profile_background_tile", u.profile_background_tile);
  get(j, "profile_image_url", u.profile_image_url);
  get(j, "profile_image_url_https", u.profile_image_url_https);
  get(j, "profile_banner_url", u.profile_banner_url);
  get(j, "profile_link_color", u.profile_link_color);
  get(j, "profile_sidebar_border_color", u.profile_sidebar_border_color);
  get(j, "profile_sidebar_fill_color", u.profile_sidebar_fill_color);
  get(j, "profile_text_color", u.profile_text_color);
  get(j, "profile_use_background_image", u.profile_use_background_image);
  get(j, "default_profile", u.default_profile);
  get(j, "default_profile_image", u.default_profile_image);
  get(j, "following", u.following);
  get(j, "follow_request_sent", u.follow_request_sent);
  get(j, "notifications", u.notifications);
}

// retweeted_status is a std::unique_ptr, so status (and the document's vector of them) cannot be
// copied, which the macros' default values need.
void to_json(nlohmann::json& j, const status& s) {
  j = nlohmann::json{{"metadata", s.metadata},
                     {"created_at", s.created_at},
                     {"id", s.id},
                     {"id_str", s.id_str},
                     {"text", s.text},
                     {"source", s.source},
                     {"truncated", s.truncated},
                     {"in_reply_to_status_id", s.in_reply_to_status_id},
                     {"in_reply_to_status_id_str", s.in_reply_to_status_id_str},
                     {"in_reply_to_user_id", s.in_reply_to_user_id},
                     {"in_reply_to_user_id_str", s.in_reply_to_user_id_str},
                     {"in_reply_to_screen_name", s.in_reply_to_screen_name},
                     {"user", s.user},
                     {"geo", s.geo},
                     {"coordinates", s.coordinates},
                     {"place", s.place},
                     {"contributors", s.contributors},
                     {"retweeted_status", s.retweeted_status},
                     {"retweet_count", s.retweet_count},
                     {"favorite_count", s.favorite_count},
                     {"entities", s.entities},
                     {"favorited", s.favorited},
                     {"retweeted", s.retweeted},
                     {"possibly_sensitive", s.possibly_sensitive},
                     {"lang", s.lang}};
}

void from_json(const nlohmann::json& j, status& s) {
  get(j, "metadata", s.metadata);
  get(j, "created_at", s.created_at);
  get(j, "id", s.id);
  get(j, "id_str", s.id_str);
  get(j, "text", s.text);
  get(j, "source", s.source);
  get(j, "truncated", s.truncated);
  get(j, "in_reply_to_status_id", s.in_reply_to_status_id);
  get(j, "in_reply_to_status_id_str", s.in_reply_to_status_id_str);
  get(j, "in_reply_to_user_id", s.in_reply_to_user_id);
  get(j, "in_reply_to_user_id_str", s.in_reply_to_user_id_str);
  get(j, "in_reply_to_screen_name", s.in_reply_to_screen_name);
  get(j, "user", s.user);
  get(j, "geo", s.geo);
  get(j, "coordinates", s.coordinates);
  get(j, "place", s.place);
  get(j, "contributors", s.contributors);
  get(j, "retweeted_status", s.retweeted_status);
  get(j, "retweet_count", s.retweet_count);
  get(j, "favorite_count", s.favorite_count);
  get(j, "entities", s.entities);
  get(j, "favorited", s.favorited);
  get(j, "retweeted", s.retweeted);
  get(j, "possibly_sensitive", s.possibly_sensitive);
  get(j, "lang", s.lang);
}

void to_json(nlohmann::json& j, const document& d) {
  j = nlohmann::json{{"statuses", d.statuses}, {"search_metadata", d.search_metadata}};
}

void from_json(const nlohmann::json& j, document& d) {
  get(j, "statuses", d.statuses);
  get(j, "search_metadata", d.search_metadata);
}

}  // namespace spool_bench::twitter

namespace budget_nlohmann {

bool read(std::string_view text, spool_bench::twitter::document& out) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return false;
  try {
    j.get_to(out);
  } catch (const nlohmann::json::exception&) {
    return false;  // a member of the wrong type
  }
  return true;
}

bool write(const spool_bench::twitter::document& doc, std::string& out) {
  out += nlohmann::json(doc).dump();
  return true;
}

}  // namespace budget_nlohmann
