// spool::json::raw_json: a member that keeps a JSON sub-document as text, untouched.
//
// Reading validates the sub-document and copies its exact bytes (whitespace, escapes and number
// spellings included); writing emits them as they are, so a part of a document can pass through
// a program without being parsed into types:
//
//   struct envelope { std::string kind; spool::json::raw_json payload; };
//   auto e = spool::json::read<envelope>(R"({"kind":"x","payload":{"a":[1, 2.50]}})");
//   e->payload.text;                     // {"a":[1, 2.50]}
//   spool::json::write(*e);              // {"kind":"x","payload":{"a":[1, 2.50]}}
//
// An empty text is written as null. Text set by hand is written verbatim and must be valid JSON.
#pragma once

#include <string>

namespace spool::json {

struct raw_json {
  std::string text;

  friend bool operator==(const raw_json&, const raw_json&) = default;
};

}  // namespace spool::json
