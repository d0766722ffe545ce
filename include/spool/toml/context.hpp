// What both TOML readers share: the pooled context a read leases, the table-header syntax, the
// depth rule, and the helpers that word errors (which run only once a read has failed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <spool/detail/generation_table.hpp>
#include <spool/error.hpp>
#include <spool/pool.hpp>
#include <spool/reflect.hpp>
#include <spool/toml/header_chain.hpp>
#include <spool/toml/keys.hpp>
#include <spool/toml/lexer.hpp>
#include <spool/toml/options.hpp>
#include <spool/toml/tables.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

// The 1-based line of a byte offset, for "first defined at line N" (error path only).
inline std::size_t line_of(const scanner& s, std::size_t offset) {
  std::size_t line = 1;
  for (const char* q = s.begin; q != s.begin + offset; ++q) line += *q == '\n';
  return line;
}

inline std::string first_at(const scanner& s, std::size_t offset) {
  return " (first at line " + std::to_string(line_of(s, offset)) + ")";
}

// Appends the first `count` segments of `key` to the error path `path`, walking the tables from
// the root: each array of tables they pass through adds the index of its last element, the one
// being read ("servers[2].meta"). Error path only.
inline void append_table_path(std::string& path, const table_registry& tables, const key_path& key,
                              std::size_t count) {
  std::uint32_t id = table_registry::root;
  for (std::size_t i = 0; i < count; ++i) {
    append_path_key(path, key[i].text);
    const std::uint32_t child = id == table_registry::none ? 0 : tables.find(id, key[i].text);
    if (child == 0) {
      id = table_registry::none;  // past what the registry lists (a dotted key's new tables)
      continue;
    }
    const table_node node = tables.get(child);
    if (node.kind == table_kind::array_of_tables && node.elements != 0) {
      ((path += '[') += std::to_string(node.elements - 1)) += ']';
      id = node.last_element;
    } else {
      id = child;
    }
  }
}

// The path of the header at `open`, its keys read again into `key` (error path only).
inline std::string header_path(const scanner& s, key_path& key, const table_registry& tables, const char* open) {
  scanner again = s;
  again.p = open + 1;
  if (again.peek('[')) ++again.p;
  again.skip_ws();
  key.scan(again, UINT32_MAX);
  std::string path;
  append_table_path(path, tables, key, key.size());
  return path;
}

// The path of the first `count` segments of a header's key from the root: each array of tables
// its parents pass through names its last element ("products[1].name"). Error path only.
inline std::string header_key_path(const table_registry& tables, const key_path& key, std::size_t count) {
  std::string path;
  append_table_path(path, tables, key, count - 1);
  append_path_key(path, key[count - 1].text);
  return path;
}

// A [header] that names something already defined; `count` segments of `key` name it.
inline bool redefined(scanner& s, const table_registry& tables, const key_path& key, const char* at, std::size_t count,
                      std::string_view what, std::size_t first = SIZE_MAX) {
  std::string detail = "table '" + key.path(count) + "' " + std::string(what);
  if (first != SIZE_MAX) detail += first_at(s, first);
  s.fail(errc::duplicate_key, at, std::move(detail));
  s.err.path = header_key_path(tables, key, count);
  return false;
}

// A rule broken at the first `count` segments of the key being read. The path is relative to the
// table the key is in; the callers unwinding prepend the rest.
inline bool key_error(scanner& s, const key_path& key, const char* at, std::size_t count, std::string_view what,
                      std::size_t first, errc code = errc::duplicate_key) {
  std::string path = key.path(count);
  std::string detail = "key '" + path + "' " + std::string(what);
  if (first != s.offset(at)) detail += first_at(s, first);
  s.fail(code, at, std::move(detail));
  s.err.path = std::move(path);
  return false;
}

// Prepends the keys read at `key_start` to the error's path (error path only).
inline void prepend_key_path(scanner& s, key_path& key, const char* key_start) {
  scanner again = s;
  again.p = key_start;
  key.scan(again, UINT32_MAX);
  for (std::size_t i = key.size(); i-- > 0;) s.err.at_key(key[i].text);
}

// Depth counts tables and arrays, the root table being 1: how many more levels fit below one
// at `depth`.
inline std::uint32_t levels_below(const read_options& opts, std::uint32_t depth) noexcept {
  return depth >= opts.max_depth ? 0 : opts.max_depth - depth;
}

// How a navigation step uses a member: the table itself, a new element of an array of tables
// (the first one in this document clears the container), or its last element.
enum class open_mode : std::uint8_t { table, first_element, next_element, last_element };

class struct_reader;
struct struct_target;

// What the struct reader (struct_reader.hpp) keeps per table; here so that the context can hold
// the struct reader's header chain.
struct struct_ops {
  // `node` is the table's own node; `fresh`: the member is reached for the first time.
  bool (*child)(struct_reader&, const struct_target& table, std::uint32_t node, const key_segment& key, open_mode mode,
                bool fresh, struct_target& out);
  bool (*assign)(struct_reader&, struct_target& table, std::uint32_t node, const key_segment& key, std::uint32_t depth);
  // Also records the table's first seen bit in `table`.
  void (*created)(struct_reader&, struct_target& table, std::uint32_t node, const key_segment* key);
  // A struct's field `field`, its key already matched and its seen bit set (nullptr for maps
  // and spool::value, whose targets have no bare_fields).
  bool (*read_field)(struct_reader&, const struct_target& table, std::size_t field, std::uint32_t depth);
};
// A table being read: the object, its functions and, for a struct, its plan (looked up once
// per table reached, not per key) and the field after the last one a key of this table set,
// which the next key most likely names (documents list keys in declaration order).
struct struct_target {
  void* object = nullptr;
  const struct_ops* fn = nullptr;
  const struct_plan* plan = nullptr;
  std::size_t next_field = 0;
  std::uint64_t bare_fields = 0;  // bit i: field i's key is a bare key (first 64 fields)
  // A struct table's first bit in the context's seen_fields (its registry node's field_base),
  // carried here so that a key costs no registry read.
  std::uint32_t field_base = 0;
};

// One segment of the struct reader's last header: its registry node, the table it leads to (the
// last element for an array of tables) and that table's node.
struct struct_chain_level {
  std::uint32_t node = 0;
  struct_target table;
  std::uint32_t table_id = 0;
};
using struct_chain = basic_header_chain<struct_chain_level>;

// A struct table whose required members are checked once the document is read.
struct required_check {
  std::size_t field_base;  // its first bit in reader_context::seen_fields
  const struct_plan* plan;
  std::size_t at;    // where the table was first reached
  std::string path;  // its path from the root
};

// At '[': the keys of [a.b.c] or [[a.b.c]] into `key`; `array` tells which.
inline bool scan_header(scanner& s, key_path& key, const read_options& opts, bool& array) {
  ++s.p;
  array = s.peek('[');
  if (array) ++s.p;
  s.skip_ws();
  if (!key.scan_plain_header(s, levels_below(opts, 1))) {
    if (!key.scan(s, levels_below(opts, 1))) return false;
    s.skip_ws();
    if (!s.peek(']')) return s.unexpected("']' closing the table header");
  }
  ++s.p;
  if (array) {
    if (!s.peek(']')) return s.unexpected("']]' closing the array of tables header");
    ++s.p;
  }
  return true;
}

// At a key in a table at `depth`: the (maybe dotted) key and the '=' after it; the cursor ends on
// the value. n segments reach n - 1 tables below this one, so depth limits the key's length.
inline bool scan_key_and_equals(scanner& s, key_path& key, const read_options& opts, std::uint32_t depth) {
  if (key.scan_plain_before_equals(s)) {
    s.skip_ws();
    return true;
  }
  if (!key.scan(s, levels_below(opts, depth) + 1)) return false;
  s.skip_ws();
  if (!s.peek('=')) return s.unexpected("'=' after the key");
  ++s.p;
  s.skip_ws();
  return true;
}

// Points the scanner at a new document and forgets the last one's tables; skips a UTF-8 BOM.
inline bool start_document(scanner& s, table_registry& tables, std::string_view input, const read_options& opts) {
  s.start(input, opts.toml_version == version::v1_1);
  tables.reset(input);
  if (input.size() > opts.max_input_size) return s.fail(errc::size_exceeded, s.begin, "document too large");
  if (input.substr(0, 3) == "\xEF\xBB\xBF") s.p += 3;
  return true;
}

// Which fields of a struct plan have bare keys (bit i: field i, for its first 64), per plan: the
// struct reader compares such a key with the input's bytes instead of scanning it. Plans are
// found from their address's slot in up to `probes` slots; when those hold other plans, the
// first is replaced (and worked out again when its plan comes back).
struct bare_key_cache {
  struct entry {
    const struct_plan* plan = nullptr;
    std::uint64_t bare = 0;
  };
  static constexpr std::size_t size = 64;
  static constexpr std::size_t probes = 4;

  // The entry of `plan`, or the one to fill for it (entry::plan is then not `plan`).
  entry& slot_for(const struct_plan& plan) noexcept {
    const auto address = reinterpret_cast<std::uintptr_t>(&plan);
    const std::size_t home = static_cast<std::size_t>((address >> 4) * 0x9E3779B97F4A7C15u >> 58);
    for (std::size_t i = 0; i < probes; ++i) {
      entry& e = entries[(home + i) % size];
      if (e.plan == &plan || e.plan == nullptr) return e;
    }
    return entries[home];
  }
  entry entries[size];
};

// Everything a read keeps between documents.
struct reader_context {
  scanner s;
  key_path key;
  key_path rescan;  // keys read again to name them in errors
  table_registry tables;
  header_chain chain;   // the tables the last [header] passed through
  struct_chain levels;  // the same for the struct reader (a nested read leases its own context)
  std::string scratch;  // decoded strings
  // Reading into structs:
  spool::plan_memo memo;
  bare_key_cache bare_keys;
  std::vector<required_check> checks;
  spool::detail::generation_set seen_fields{std::size_t{1} << 20};  // members set, per struct table
  std::uint32_t next_field = 0;  // the first bit of seen_fields no struct table owns yet
  spool::value leaf;     // one value on its way into a member
  spool::value discard;  // where tables with unknown keys go

  void reset_for_reuse() noexcept {
    if (s.err) s.err = {};  // each cleared only when it holds something (see scanner::start)
    scratch.clear();
    checks.clear();
    levels.clear();
    if (!leaf.is_null()) leaf = {};
    if (!discard.is_null()) discard = {};
  }
  bool oversized() const noexcept {
    return spool::pool_buffer_oversized(scratch.capacity() + tables.retained_bytes() + seen_fields.storage_size() / 8 +
                                        checks.capacity() * sizeof(required_check)) ||
           levels.oversized();
  }
};

}  // namespace spool::toml::detail
