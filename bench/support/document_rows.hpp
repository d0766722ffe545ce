// The rows every format's benchmark registers for one document (twitter, citm_catalog, canada),
// written once over the format:
//
//   Unmarshal/<doc>/<lib>          into the struct Doc, a fresh object per read
//   UnmarshalReuse/<doc>/spool     into one object read again and again (capacity reused)
//   UnmarshalDataset/<doc>/<lib>   into a schema-less document: spool::value, or the peer's tree
//   Marshal/<doc>/<lib>            from the struct
//   MarshalDataset/<doc>/<lib>     from spool::value, or the peer's tree
//
// spool's side comes from a codec (below), a peer's from a Peer:
//
//   struct Peer {                                       // a peer library in that format
//     static constexpr std::string_view library;        // the rows' last segment
//     using dataset = ...;                              // its tree
//     template <class T> static bool read(std::string_view, T&);  // parse and convert to a struct
//     static bool parse(std::string_view);              // into its tree, discarded
//     static void load(std::string_view, dataset&);     // into its tree, kept
//     template <class T> static std::size_t write(const T&);      // bytes written from a struct
//     static std::size_t write_dataset(const dataset&);           // bytes written from its tree
//   };
#pragma once

#include <spool/value.hpp>

#include <cstddef>
#include <string>
#include <string_view>

#include "support/harness.hpp"

namespace spool_bench {

// spool in one format: read(input, obj) -> bool, true when read; write(obj) -> std::string.
//   constexpr codec spool_json{[](std::string_view in, auto& out) { return !spool::json::read(in, out); },
//                              [](const auto& obj) { return spool::json::write(obj); }};
template <class Read, class Write>
struct codec {
  Read read;
  Write write;
};
template <class Read, class Write>
codec(Read, Write) -> codec<Read, Write>;

template <class Doc, class Codec>
void add_spool_rows(const std::string& name, const std::string& input, Codec spool_codec) {
  add_memcpy_reference(name, input);
  add("Unmarshal/" + name + "/spool", [&input, spool_codec](benchmark::State& state) {
    checked(state, input.size(), [&] {
      Doc doc{};
      return spool_codec.read(input, doc);
    });
  });
  add("UnmarshalReuse/" + name + "/spool", [&input, spool_codec](benchmark::State& state) {
    Doc doc{};
    checked(state, input.size(), [&] { return spool_codec.read(input, doc); });
  });
  add("UnmarshalDataset/" + name + "/spool", [&input, spool_codec](benchmark::State& state) {
    checked(state, input.size(), [&] {
      spool::value doc;
      return spool_codec.read(input, doc);
    });
  });
  add("Marshal/" + name + "/spool", [&input, spool_codec](benchmark::State& state) {
    Doc doc{};
    (void)spool_codec.read(input, doc);
    const std::size_t size = spool_codec.write(doc).size();
    checked(state, size, [&] { return !spool_codec.write(doc).empty(); });
  });
  add("MarshalDataset/" + name + "/spool", [&input, spool_codec](benchmark::State& state) {
    spool::value doc;
    (void)spool_codec.read(input, doc);
    const std::size_t size = spool_codec.write(doc).size();
    checked(state, size, [&] { return !spool_codec.write(doc).empty(); });
  });
}

// The struct the Marshal row writes is read by spool, so every library writes the same.
template <class Doc, class Peer, class Codec>
void add_peer_rows(const std::string& name, const std::string& input, Codec spool_codec) {
  const std::string library = "/" + std::string(Peer::library);
  add("Unmarshal/" + name + library, [&input](benchmark::State& state) {
    checked(state, input.size(), [&] {
      Doc doc{};
      return Peer::read(input, doc);
    });
  });
  add("UnmarshalDataset/" + name + library, [&input](benchmark::State& state) {
    checked(state, input.size(), [&] { return Peer::parse(input); });
  });
  add("Marshal/" + name + library, [&input, spool_codec](benchmark::State& state) {
    Doc doc{};
    (void)spool_codec.read(input, doc);
    const std::size_t size = Peer::write(doc);
    checked(state, size, [&] { return Peer::write(doc) != 0; });
  });
  add("MarshalDataset/" + name + library, [&input](benchmark::State& state) {
    typename Peer::dataset doc;
    Peer::load(input, doc);
    const std::size_t size = Peer::write_dataset(doc);
    checked(state, size, [&] { return Peer::write_dataset(doc) != 0; });
  });
}

// The rows of a peer that is not installed, each saying so.
inline void add_skipped_peer_rows(const std::string& name, std::string_view library) {
  for (const char* bench : {"Unmarshal/", "UnmarshalDataset/", "Marshal/", "MarshalDataset/"})
    add_skipped(bench + name + "/" + std::string(library), library);
}

}  // namespace spool_bench
