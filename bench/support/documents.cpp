// Generated stand-ins for the corpus documents: same keys, same types, similar sizes and mixes of
// nulls, nesting and non-ASCII text, from a fixed seed.
#include "support/documents.hpp"

#include <string_view>
#include <utility>

#include "support/corpus.hpp"

namespace spool_bench {

namespace {

// Text with some multi-byte UTF-8, as the real tweets have (Japanese and emoji).
std::string tweet_text(sequence& random) {
  static constexpr std::string_view pieces[] = {"RT ", "@user ", "\xe5\x90\x8d\xe5\x89\x8d ",
                                                "\xf0\x9f\x98\x8b ", "\"quoted\" ", "line\n"};
  std::string text;
  while (text.size() < 60 + random.below(80)) {
    text += random.below(3) == 0 ? std::string(pieces[random.below(std::size(pieces))])
                                 : random.word(2, 9) + " ";
  }
  return text;
}

std::vector<std::int64_t> indices(sequence& random) {
  const auto start = static_cast<std::int64_t>(random.below(120));
  return {start, start + 1 + static_cast<std::int64_t>(random.below(20))};
}

twitter::url make_url(sequence& random) {
  const std::string host = random.word(4, 10);
  return {"http://t.co/" + random.word(10, 10), "http://" + host + ".com/" + random.word(4, 20),
          host + ".com/" + random.word(4, 8) + "\xe2\x80\xa6", indices(random)};
}

twitter::user make_user(sequence& random) {
  twitter::user u{};
  u.id = 10000000 + random.below(3000000000);
  u.id_str = std::to_string(u.id);
  u.name = random.word(3, 12);
  u.screen_name = random.word(4, 15);
  u.location = random.below(2) != 0 ? random.word(3, 10) : "";
  u.description = tweet_text(random);
  if (random.below(8) == 0) {
    u.url = "http://t.co/" + random.word(10, 10);
    u.entities.url = twitter::url_list{{make_url(random)}};
  }
  if (random.below(20) == 0) u.entities.description.urls.push_back(make_url(random));
  u.protected_ = false;
  u.followers_count = static_cast<std::int64_t>(random.below(20000));
  u.friends_count = static_cast<std::int64_t>(random.below(20000));
  u.listed_count = static_cast<std::int64_t>(random.below(100));
  u.created_at = "Sat Feb 16 13:40:25 +0000 2013";
  u.favourites_count = static_cast<std::int64_t>(random.below(40000));
  if (random.below(5) == 0) {
    u.utc_offset = 32400;
    u.time_zone = "Tokyo";
  }
  u.geo_enabled = random.below(2) != 0;
  u.verified = false;
  u.statuses_count = static_cast<std::int64_t>(random.below(400000));
  u.lang = "ja";
  u.profile_background_color = "C0DEED";
  u.profile_background_image_url = "http://abs.twimg.com/images/themes/theme1/bg.png";
  u.profile_background_image_url_https = "https://abs.twimg.com/images/themes/theme1/bg.png";
  u.profile_image_url = "http://pbs.twimg.com/profile_images/" + random.word(18, 18) + "/normal.jpeg";
  u.profile_image_url_https = "https://pbs.twimg.com/profile_images/" + random.word(18, 18) + "/normal.jpeg";
  if (random.below(7) != 0) u.profile_banner_url = "https://pbs.twimg.com/profile_banners/" + u.id_str + "/1";
  u.profile_link_color = "0084B4";
  u.profile_sidebar_border_color = "C0DEED";
  u.profile_sidebar_fill_color = "DDEEF6";
  u.profile_text_color = "333333";
  u.profile_use_background_image = true;
  u.default_profile = random.below(2) != 0;
  return u;
}

twitter::media make_media(sequence& random) {
  twitter::media m{};
  m.id = 439430848194936800 + random.below(100000000000000000);
  m.id_str = std::to_string(m.id);
  m.indices = indices(random);
  m.media_url = "http://pbs.twimg.com/media/" + random.word(15, 15) + ".jpg";
  m.media_url_https = "https://pbs.twimg.com/media/" + random.word(15, 15) + ".jpg";
  m.url = "http://t.co/" + random.word(10, 10);
  m.display_url = "pic.twitter.com/" + random.word(10, 10);
  m.expanded_url = "http://twitter.com/" + random.word(5, 10) + "/status/" + m.id_str + "/photo/1";
  m.type = "photo";
  m.sizes = {{600, 338, "fit"}, {340, 192, "fit"}, {150, 150, "crop"}, {1024, 576, "fit"}};
  if (random.below(3) != 0) {
    m.source_status_id = m.id - 1;
    m.source_status_id_str = std::to_string(*m.source_status_id);
  }
  return m;
}

twitter::status make_status(sequence& random, bool allow_retweet) {
  twitter::status s{};
  s.metadata = {"recent", "ja"};
  s.created_at = "Sun Aug 31 00:29:15 +0000 2014";
  s.id = 505874847260352500 + random.below(100000000000);
  s.id_str = std::to_string(s.id);
  s.text = tweet_text(random);
  s.source = "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>";
  s.truncated = false;
  if (random.below(12) == 0) {
    s.in_reply_to_status_id = s.id - 1000;
    s.in_reply_to_status_id_str = std::to_string(*s.in_reply_to_status_id);
    s.in_reply_to_user_id = 114188950;
    s.in_reply_to_user_id_str = "114188950";
    s.in_reply_to_screen_name = random.word(4, 12);
  }
  s.user = make_user(random);
  s.retweet_count = static_cast<std::int64_t>(random.below(3000));
  s.favorite_count = static_cast<std::int64_t>(random.below(2));
  if (random.below(10) == 0) s.entities.hashtags.push_back({random.word(3, 10), indices(random)});
  if (random.below(8) == 0) s.entities.urls.push_back(make_url(random));
  if (random.below(10) < 9) {
    s.entities.user_mentions.push_back(
        {random.word(4, 12), random.word(3, 10), 29599253 + random.below(2700000000), "", indices(random)});
    s.entities.user_mentions.back().id_str = std::to_string(s.entities.user_mentions.back().id);
  }
  if (random.below(16) == 0) s.entities.media = std::vector<twitter::media>{make_media(random)};
  if (random.below(7) == 0) s.possibly_sensitive = false;
  s.lang = "ja";
  if (allow_retweet && random.below(100) < 73)
    s.retweeted_status = std::make_unique<twitter::status>(make_status(random, false));
  return s;
}

}  // namespace

twitter::document twitter::generate() {
  sequence random(1);
  document doc;
  for (int i = 0; i < 100; ++i) doc.statuses.push_back(make_status(random, true));
  doc.search_metadata = {0.087, doc.statuses.front().id, doc.statuses.front().id_str,
                         "?max_id=505874847260352511&q=%E4%B8%80&count=100&include_entities=1",
                         "%E4%B8%80", "?since_id=505874924095815681&q=%E4%B8%80&include_entities=1",
                         100, 0, "0"};
  return doc;
}

citm::document citm::generate() {
  sequence random(2);
  document doc;
  auto id = [&] { return static_cast<std::int64_t>(100000000 + random.below(300000000)); };
  for (int i = 0; i < 17; ++i) doc.areaNames[std::to_string(id())] = random.word(5, 20);
  doc.audienceSubCategoryNames["337100890"] = "Abonn\xc3\xa9";
  std::vector<std::int64_t> topics;
  for (int i = 0; i < 4; ++i) {
    topics.push_back(id());
    doc.topicNames[std::to_string(topics.back())] = random.word(5, 15);
  }
  std::vector<std::int64_t> sub_topics;
  for (int i = 0; i < 19; ++i) {
    sub_topics.push_back(id());
    doc.subTopicNames[std::to_string(sub_topics.back())] = random.word(4, 14);
  }
  for (std::int64_t t : topics) doc.topicSubTopics[std::to_string(t)] = {sub_topics[random.below(19)]};
  std::vector<std::int64_t> events;
  for (int i = 0; i < 184; ++i) {
    event e{};
    e.id = id();
    if (random.below(2) != 0) e.logo = "/images/UE0AAAAACEKo6QAAAAZDSVRN";
    e.name = random.word(5, 25) + " " + random.word(3, 12);
    e.subTopicIds = {sub_topics[random.below(19)], sub_topics[random.below(19)]};
    e.topicIds = {topics[random.below(4)]};
    events.push_back(e.id);
    doc.events[std::to_string(e.id)] = std::move(e);
  }
  std::vector<std::int64_t> seat_categories;
  for (int i = 0; i < 64; ++i) {
    seat_categories.push_back(id());
    doc.seatCategoryNames[std::to_string(seat_categories.back())] = random.word(4, 12) + " cat\xc3\xa9gorie";
  }
  doc.venueNames["PLEYEL_PLEYEL"] = "Salle Pleyel";
  std::vector<std::int64_t> areas;
  for (const auto& entry : doc.areaNames) areas.push_back(std::stoll(entry.first));
  for (int i = 0; i < 243; ++i) {
    performance p{};
    p.eventId = events[random.below(events.size())];
    p.id = id();
    if (random.below(2) != 0) p.logo = "/images/UE0AAAAACEKo6QAAAAZDSVRN";
    p.start = 1372701600000 + static_cast<std::int64_t>(random.below(31708800)) * 1000;
    p.venueCode = "PLEYEL_PLEYEL";
    const std::size_t categories = 1 + random.below(7);
    for (std::size_t c = 0; c < categories; ++c) {
      const std::int64_t category = seat_categories[random.below(seat_categories.size())];
      p.prices.push_back({10000 + static_cast<std::int64_t>(random.below(170000)), 337100890, category});
      seat_category sc{{}, category};
      const std::size_t n = 1 + random.below(17);
      for (std::size_t a = 0; a < n; ++a) sc.areas.push_back({areas[random.below(areas.size())], {}});
      p.seatCategories.push_back(std::move(sc));
    }
    doc.performances.push_back(std::move(p));
  }
  return doc;
}

canada::document canada::generate() {
  sequence random(3);
  document doc{"FeatureCollection", {}};
  feature f{"Feature", {"Canada"}, {"Polygon", {}}};
  for (int ring = 0; ring < 480; ++ring) {
    std::vector<std::array<double, 2>> points(1 + random.below(230));
    double x = -141.0 + 90.0 * random.unit(), y = 42.0 + 41.0 * random.unit();
    for (auto& p : points) {
      x += (random.unit() - 0.5) * 0.02;
      y += (random.unit() - 0.5) * 0.02;
      p = {x, y};
    }
    f.geometry.coordinates.push_back(std::move(points));
  }
  doc.features.push_back(std::move(f));
  return doc;
}

}  // namespace spool_bench
