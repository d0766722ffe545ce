// MessagePack: spool against msgpack-cxx and nlohmann/json's codec on twitter, citm_catalog and
// canada (../shared/data/bench/msgpack/), on a small struct, and the msgpack seed's pool-limit
// benchmarks.
//
//   Unmarshal/<doc>/<lib>          into the structs of support/documents.hpp (msgpack-cxx: unpack
//                                  then convert; nlohmann: from_msgpack then convert)
//   UnmarshalDataset/<doc>/<lib>   into spool::value, msgpack::object_handle, nlohmann::json
//   Marshal/<doc>/<lib>            from the structs;  MarshalDataset: from value / the peer's tree
//   MarshalAppendLarge100KB/limit_default|limit_256KiB/spool   a 100 KB payload appended to a
//                                  reused output through the pooled encoder buffer
//   DecodeLargeStream100KB/limit_default|limit_256KiB/spool    a 100 KB payload from a stream
// msgpack_bench_nopool and msgpack_bench_nofastpath are the switched-off builds.
#include <spool/msgpack.hpp>
#include <spool/pool.hpp>
#include <spool/value.hpp>

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/corpus.hpp"
#include "support/document_rows.hpp"
#include "support/documents.hpp"
#include "support/harness.hpp"
#include "support/peers/msgpack_cxx.hpp"
#include "support/peers/nlohmann.hpp"

namespace spool_bench {

namespace {

template <class Generate>
std::string document_bytes(const std::string& name, Generate generate) {
  if (auto bytes = shared_file("msgpack/" + name + ".msgpack")) return *std::move(bytes);
  return spool::msgpack::write(generate());
}

constexpr codec spool_msgpack{[](std::string_view bytes, auto& out) { return !spool::msgpack::read(bytes, out); },
                              [](const auto& value) { return spool::msgpack::write(value); }};

#ifdef SPOOL_BENCH_HAVE_MSGPACK
struct msgpack_cxx_rows {
  static constexpr std::string_view library = "msgpack-cxx";
  using dataset = msgpack::object_handle;
  template <class T>
  static bool read(std::string_view bytes, T& out) {
    return msgpack_peer::read(bytes, out);
  }
  static bool parse(std::string_view bytes) {
    const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    return handle.get().type == msgpack::type::MAP;
  }
  static void load(std::string_view bytes, dataset& handle) { handle = msgpack::unpack(bytes.data(), bytes.size()); }
  template <class T>
  static std::size_t write(const T& value) {
    return msgpack_peer::write(value).size();
  }
  static std::size_t write_dataset(const dataset& handle) {
    msgpack::sbuffer buffer;
    msgpack::pack(buffer, handle.get());
    return buffer.size();
  }
};
#endif

#ifdef SPOOL_BENCH_HAVE_NLOHMANN
struct nlohmann_rows {
  static constexpr std::string_view library = "nlohmann";
  using dataset = nlohmann::json;
  template <class T>
  static bool read(std::string_view bytes, T& out) {
    return nlohmann_peer::read_msgpack(bytes, out);
  }
  static bool parse(std::string_view bytes) { return !nlohmann::json::from_msgpack(bytes, true, false).is_discarded(); }
  static void load(std::string_view bytes, dataset& doc) { doc = nlohmann::json::from_msgpack(bytes); }
  template <class T>
  static std::size_t write(const T& value) {
    return nlohmann_peer::write_msgpack(value).size();
  }
  static std::size_t write_dataset(const dataset& doc) { return nlohmann::json::to_msgpack(doc).size(); }
};
#endif

template <class Doc>
void add_document(const std::string& name, const std::string& bytes) {
  add_spool_rows<Doc>(name, bytes, spool_msgpack);
#ifdef SPOOL_BENCH_HAVE_MSGPACK
  add_peer_rows<Doc, msgpack_cxx_rows>(name, bytes, spool_msgpack);
#else
  add_skipped_peer_rows(name, "msgpack-cxx");
#endif
#ifdef SPOOL_BENCH_HAVE_NLOHMANN
  add_peer_rows<Doc, nlohmann_rows>(name, bytes, spool_msgpack);
#else
  add_skipped_peer_rows(name, "nlohmann");
#endif
}

// A small message, as RPC payloads are: where per-call overheads (leases, the limit check) show.
struct small_message {
  std::int64_t id;
  std::string name;
  double score;
  bool active;
  std::vector<std::int64_t> tags;
};

void add_small_struct() {
  static const small_message message{42, "spool", 0.5, true, {1, 2, 3}};
  static const std::string bytes = spool::msgpack::write(message);
  add("Marshal/small_struct/spool", [](benchmark::State& state) {
    checked(state, bytes.size(), [] { return !spool::msgpack::write(message).empty(); });
  });
  add("Unmarshal/small_struct/spool", [](benchmark::State& state) {
    checked(state, bytes.size(), [] {
      small_message out{};
      return !spool::msgpack::read(bytes, out);
    });
  });
#ifdef SPOOL_BENCH_HAVE_MSGPACK
  add("Marshal/small_struct/msgpack-cxx", [](benchmark::State& state) {
    checked(state, bytes.size(), [] { return !msgpack_peer::write(message).empty(); });
  });
  add("Unmarshal/small_struct/msgpack-cxx", [](benchmark::State& state) {
    checked(state, bytes.size(), [] {
      small_message out{};
      return msgpack_peer::read(bytes, out);
    });
  });
#else
  add_skipped("Marshal/small_struct/msgpack-cxx", "msgpack-cxx");
  add_skipped("Unmarshal/small_struct/msgpack-cxx", "msgpack-cxx");
#endif
}

// The msgpack seed: 100 KB payloads through pooled buffers, retention limit at its 32 KiB default
// (the grown buffer is dropped on return) against raised to 256 KiB (kept).
void add_large_payloads() {
  struct payload {
    std::vector<std::byte> data;
  };
  static const payload large{std::vector<std::byte>(100 * 1024, std::byte{'x'})};
  static const std::string encoded = spool::msgpack::write(large);
  for (const auto& [label, limit_value] :
       {std::pair{"limit_default", std::int64_t{0}}, std::pair{"limit_256KiB", std::int64_t{256 * 1024}}}) {
    const std::int64_t limit = limit_value;  // clang 14 cannot capture a structured binding
    add(std::string("MarshalAppendLarge100KB/") + label + "/spool", [limit](benchmark::State& state) {
      spool::set_pool_buffer_limit(limit);
      std::string out;
      checked(state, encoded.size(), [&] {
        out.clear();
        return !spool::msgpack::write(large, out);
      });
      spool::set_pool_buffer_limit(0);
    });
    add(std::string("DecodeLargeStream100KB/") + label + "/spool", [limit](benchmark::State& state) {
      spool::set_pool_buffer_limit(limit);
      std::istringstream in(encoded);
      payload out;
      checked(state, encoded.size(), [&] {
        in.clear();
        in.seekg(0);
        auto r = spool::msgpack::read<payload>(in);
        return r.has_value() && r->data.size() == large.data.size();
      });
      spool::set_pool_buffer_limit(0);
    });
  }
}

}  // namespace

void register_all() {
  static const std::string twitter = document_bytes("twitter", twitter::generate);
  static const std::string citm = document_bytes("citm_catalog", citm::generate);
  static const std::string canada = document_bytes("canada", canada::generate);
  add_document<twitter::document>("twitter", twitter);
  add_document<citm::document>("citm_catalog", citm);
  add_document<canada::document>("canada", canada);
  add_small_struct();
  add_large_payloads();
}

}  // namespace spool_bench
