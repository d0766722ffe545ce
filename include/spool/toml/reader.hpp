// The TOML reader: one pass over the input into a spool::value, every rule of TOML 1.0 / 1.1
// checked on the way (see tables.hpp for the table rules).
//
// The decoder context (context.hpp) is pooled: its key buffers, scratch string and table
// bookkeeping stay warm between documents and reset in O(1). Internal functions return bool and
// leave the error in the scanner; only the public entry point turns it into a located
// spool::error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <spool/detail/config.hpp>
#include <spool/detail/datetime_text.hpp>
#include <spool/detail/value/builder.hpp>
#include <spool/error.hpp>
#include <spool/toml/context.hpp>
#include <spool/toml/header_chain.hpp>
#include <spool/toml/keys.hpp>
#include <spool/toml/lexer.hpp>
#include <spool/toml/numbers.hpp>
#include <spool/toml/options.hpp>
#include <spool/toml/strings.hpp>
#include <spool/toml/tables.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

// Reads a document into a spool::value (always a table).
class value_reader {
 public:
  value_reader(reader_context& ctx, const read_options& opts) noexcept
      : ctx_(ctx), s_(ctx.s), key_(ctx.key), tables_(ctx.tables), chain_(ctx.chain), opts_(opts) {}

  bool document(std::string_view input, spool::value& root) {
    root = new_table_value();
    chain_.clear();
    if (!start_document(s_, tables_, input, opts_)) return false;

    spool::value* table = &root;
    std::uint32_t table_id = table_registry::root;
    std::uint32_t table_depth = 1;
    const char* header_at = nullptr;  // the current [header], named in errors
    run_ = run_state::none;
    for (;;) {
      s_.skip_ws();
      if (s_.at_end()) {
        if (run_ != run_state::open) {
          make_table(*table);
          return true;
        }
        if (close_run(*table)) return true;
        continue;
      }
      const char c = *s_.p;
      if (c == '#') {
        if (!s_.skip_comment()) {
          if (fall_back_from_open_run(*table)) continue;
          return false;
        }
      } else if (c == '[') {
        if (run_ == run_state::open) {
          if (!close_run(*table)) continue;
        } else {
          make_table(*table);
        }
        run_ = run_state::none;
        const char* const open = s_.p;
        if (repeats_array_header()) {
          if (!next_element(open, table, table_id)) return false;
        } else {
          if (!header(root, table, table_id)) return false;
          table_depth = static_cast<std::uint32_t>(key_.size()) + 1;
        }
        header_at = open;
      } else if (c != '\n' && c != '\r') {
        if (run_ != run_state::off) {
          if (run_ == run_state::none) open_run(*table);
          if (run_ == run_state::open) {
            if (!run_key_value(*table, table_depth)) continue;
          }
        }
        if (run_ == run_state::off && !key_value(*table, table_id, table_depth)) {
          if (header_at != nullptr)
            spool::detail::prepend_path_segment(s_.err.path, header_path(s_, ctx_.rescan, tables_, header_at));
          return false;
        }
      }
      if (!s_.end_of_line() && !fall_back_from_open_run(*table)) return false;
    }
  }

 private:
  // ---- tables --------------------------------------------------------------------------------

  // At '[': [a.b.c] or [[a.b.c]]; on success `table` is the table that key/values now go to.
  // The walk starts below the segments shared with the previous header (header_chain.hpp).
  bool header(spool::value& root, spool::value*& table, std::uint32_t& table_id) {
    const char* open = s_.p;
    bool array = false;
    if (!scan_header(s_, key_, opts_, array)) return false;
    repeat_text_ = array ? std::string_view(open, static_cast<std::size_t>(s_.p - open)) : std::string_view{};
    repeat_level_ = key_.size() - 1;

    const std::size_t last_index = key_.size() - 1;
    const std::size_t shared = chain_.shared_prefix(key_);
    const std::size_t reused = shared < last_index ? shared : last_index;
    spool::value* cur = reused == 0 ? &root : chain_[reused - 1].table;
    std::uint32_t id = reused == 0 ? table_registry::root : chain_[reused - 1].table_id;
    chain_.truncate(shared);
    for (std::size_t i = reused; i < last_index; ++i) {
      spool::value* slot = nullptr;
      std::uint32_t node = 0;
      if (!descend_for_header(cur, id, i, slot, node)) return false;
      chain_.push(key_[i].text, {slot, node, cur, id});
    }

    const key_segment& last = key_.back();
    spool::object& parent = cur->as_object();
    // The previous header went through (or ended at) this very key: its member and node are known.
    const bool known = shared > last_index;
    const header_chain::level known_level = known ? chain_[last_index] : header_chain::level{};
    if (!known) chain_.truncate(last_index);
    std::uint32_t child = known ? known_level.node : tables_.find(id, last.text);
    if (child == 0) {
      auto [slot, added] = parent.try_emplace(last.text);
      if (!added) return redefined(s_, tables_, key_, open, key_.size(), "is already a value, not a table");
      if (!check_size(parent, open)) return false;
      if (array) {
        *slot = spool::value(spool::array{});
        child = tables_.add(id, last.text, {table_kind::array_of_tables, 0, s_.offset(open)});
        if (!append_element(*slot, child, open, table, table_id)) return false;
      } else {
        *slot = new_table_value();
        table = slot;
        table_id = tables_.add(id, last.text, {table_kind::header, 0, s_.offset(open)});
        child = table_id;
      }
      chain_.push(last.text, {slot, child, table, table_id});
      return true;
    }

    table_node& node = tables_.node(child);
    spool::value& existing = known ? *known_level.slot : *parent.find(last.text);
    if (array) {
      if (node.kind != table_kind::array_of_tables)
        return redefined(s_, tables_, key_, open, key_.size(), "is a table, not an array of tables", node.defined_at);
      if (!append_element(existing, child, open, table, table_id)) return false;
    } else {
      if (const std::string_view conflict = header_conflict(node.kind); !conflict.empty())
        return redefined(s_, tables_, key_, open, key_.size(), conflict, node.defined_at);
      node.redefine(table_kind::header, s_.offset(open));
      table = &existing;
      table_id = child;
    }
    if (known) chain_.replace(last_index, {&existing, child, table, table_id});
    else chain_.push(last.text, {&existing, child, table, table_id});
    return true;
  }

  // Runs of [[a.b]] elements repeat one header, text for text: a header that is the very text of
  // the last one, an array-of-tables header, names the array that one reached, which the header
  // chain's level for its last key still records (only headers change the chain). The cursor
  // steps over it when it is such a repeat.
  bool repeats_array_header() noexcept {
    if constexpr (!spool::detail::toml_repeated_header || !spool::detail::toml_header_chain) return false;
    const std::size_t n = repeat_text_.size();
    if (n == 0 || static_cast<std::size_t>(s_.end - s_.p) < n || std::memcmp(s_.p, repeat_text_.data(), n) != 0)
      return false;
    s_.p += n;
    return true;
  }

  // The header at `open` repeats the last [[a.b]]: a new element of its array, as header() would
  // make it, with no key scan or lookup.
  bool next_element(const char* open, spool::value*& table, std::uint32_t& table_id) {
    const header_chain::level array = chain_[repeat_level_];
    if (!append_element(*array.slot, array.node, open, table, table_id)) return false;
    chain_.replace(repeat_level_, {array.slot, array.node, table, table_id});
    return true;
  }

  // [[a.b]]: a new last element of the array of tables `array` (node `array_id`).
  bool append_element(spool::value& array, std::uint32_t array_id, const char* open, spool::value*& table,
                      std::uint32_t& table_id) {
    spool::array& elements = array.as_array();
    if (elements.size() >= opts_.max_container_size)
      return s_.fail(errc::size_exceeded, open, "array of tables has too many elements");
    elements.emplace_back(new_table_value());
    table = &elements.back();
    // The elements of an array of tables mostly share one shape: each new one gets room for as
    // many members as the one before it, sparing its growth (and the holes growth leaves in the
    // value node chunks). At worst it holds the previous element's size unused. A table read in
    // a run of plain key/values is made at its final size instead (open_run).
    if constexpr (spool::detail::toml_sibling_reserve && !spool::detail::toml_table_runs) {
      if (elements.size() > 1) {
        if (const spool::object* previous = elements[elements.size() - 2].if_object())
          table->as_object().reserve(previous->size());
      }
    }
    table_id = tables_.unlisted();
    tables_.node(array_id).append_element(table_id);
    return true;
  }

  // Segment i of the key names nothing listed under `cur`: a new table of `kind`, unless a value
  // (or a closed inline table or array) already holds the key.
  bool new_table(spool::value*& cur, std::uint32_t& id, std::size_t i, table_kind kind) {
    const key_segment& seg = key_[i];
    spool::object& parent = cur->as_object();
    auto [slot, added] = parent.try_emplace(seg.text);
    if (!added) return closed_value(seg.at, i + 1, *slot, kind == table_kind::implicit);
    if (!check_size(parent, seg.at)) return false;
    *slot = spool::value(spool::object{});
    cur = slot;
    id = tables_.add(id, seg.text, {kind, 0, s_.offset(seg.at)});
    return true;
  }

  // A parent segment of a header: passes through tables (and the last element of arrays of
  // tables), creating missing ones as implicit. `slot` and `node` tell the member the segment
  // names and its node.
  bool descend_for_header(spool::value*& cur, std::uint32_t& id, std::size_t i, spool::value*& slot,
                          std::uint32_t& node) {
    const key_segment& seg = key_[i];
    spool::object& parent = cur->as_object();
    const std::uint32_t child = tables_.find(id, seg.text);
    if (child == 0) {
      if (!new_table(cur, id, i, table_kind::implicit)) return false;
      slot = cur;
      node = id;
      return true;
    }
    spool::value& next = *parent.find(seg.text);
    slot = &next;
    node = child;
    const table_node state = tables_.get(child);
    if (state.kind == table_kind::array_of_tables) {
      cur = &next.as_array().back();
      id = state.last_element;
    } else {
      cur = &next;
      id = child;
    }
    return true;
  }

  // A parent segment of a dotted key `a.b.c = 1`: passes through tables created by dotted keys
  // (or only implied by a header so far), creating missing ones.
  bool descend_for_dotted(spool::value*& cur, std::uint32_t& id, std::size_t i) {
    const key_segment& seg = key_[i];
    spool::object& parent = cur->as_object();
    const std::uint32_t child = tables_.find(id, seg.text);
    if (child == 0) return new_table(cur, id, i, table_kind::dotted);
    table_node& node = tables_.node(child);
    if (const std::string_view conflict = dotted_conflict(node.kind); !conflict.empty())
      return key_error(s_, key_, seg.at, i + 1, conflict, node.defined_at);
    // Extended by dotted keys, it counts as defined by them: no [header] may define it later.
    if (node.kind == table_kind::implicit) node.redefine(table_kind::dotted, s_.offset(seg.at));
    cur = parent.find(seg.text);
    id = child;
    return true;
  }

  // ---- runs of plain key/values --------------------------------------------------------------
  //
  // A table that is empty when its key/values start (the root, a new [header] or [[array]]
  // element) mostly holds plain `key = value` lines: those wait on the thread's value builder and
  // the table is made once, at its final size, when the next header or the end of the input
  // closes the run. No member is looked up as it is added (past eight members, each lookup went
  // through the object's hash index); repeated keys are found once, at the close. A dotted key
  // closes the run and the table reads the mutable way from that key on. Anything that fails
  // inside the run (an error, a repeated key, a value the builder way leaves to the mutable one)
  // drops what the run built and reads the run again the mutable way, which words every error as
  // it always has.

  //
  // Such a table is left null where it lies until its run closes (the run makes it), or until
  // something else needs it as an object: the mutable way, or the next header or the end when the
  // table has no key/values (make_table). One table is made, not an empty one and then the run's.

  static spool::value new_table_value() {
    if constexpr (spool::detail::toml_table_runs) return {};
    else return spool::value(spool::object{});
  }
  static void make_table(spool::value& table) {
    if (table.is_null()) table = spool::value(spool::object{});
  }

  void open_run(spool::value& table) {
    if (!spool::detail::toml_table_runs || !(table.is_null() || table.as_object().empty())) {
      make_table(table);
      run_ = run_state::off;
      return;
    }
    run_ = run_state::open;
    run_first_ = s_.p;
    run_start_ = spool::detail::value_builder::for_this_thread().position();
  }

  // One line of an open run, up to its end of line; false when the run fell back (or closed
  // before a dotted key) and the loop goes on from the cursor.
  bool run_key_value(spool::value& table, std::uint32_t depth) {
    spool::detail::value_builder& b = spool::detail::value_builder::for_this_thread();
    const char* key_start = s_.p;
    if (!scan_key_and_equals(s_, key_, opts_, depth)) return fall_back_from_run(table);
    if (key_.size() != 1) {
      if (!close_run(table)) return false;
      s_.p = key_start;
      return false;
    }
    if (b.position().keys - run_start_.keys >= opts_.max_container_size) return fall_back_from_run(table);
    b.push_key(key_.back().text, 0);
    if (!push_value(b, depth)) return fall_back_from_run(table);
    return true;
  }

  // The run's members become `table` (empty until now); false when a key repeats and the run is
  // read again.
  bool close_run(spool::value& table) {
    spool::detail::value_builder& b = spool::detail::value_builder::for_this_thread();
    if (b.close_object(run_start_, spool::detail::repeated_keys::rejected) != nullptr) return fall_back_from_run(table);
    table = b.take();
    run_ = run_state::off;
    return true;
  }

  bool fall_back_from_run(spool::value& table) {
    make_table(table);
    spool::detail::value_builder::for_this_thread().rewind(run_start_);
    s_.p = run_first_;
    if (s_.err) s_.err = {};
    run_ = run_state::off;
    return false;
  }

  // After a failure outside a key/value (a comment, the end of a line): true when a run was open
  // and is to be read again (the loop goes on and meets the error the mutable way).
  bool fall_back_from_open_run(spool::value& table) {
    if (run_ != run_state::open) return false;
    fall_back_from_run(table);
    return true;
  }

  // ---- key/value pairs -----------------------------------------------------------------------

  // At a key inside `table` (node `id`, at `depth`): `key = value`, the key possibly dotted.
  bool key_value(spool::value& table, std::uint32_t& table_id, std::uint32_t depth) {
    const char* key_start = s_.p;
    if (!scan_key_and_equals(s_, key_, opts_, depth)) return false;

    spool::value* cur = &table;
    const std::size_t n = key_.size();
    // An inline table gets its id when a dotted key first needs one as a parent.
    if (n > 1 && table_id == table_registry::none) table_id = tables_.unlisted();
    std::uint32_t id = table_id;
    for (std::size_t i = 0; i + 1 < n; ++i)
      if (!descend_for_dotted(cur, id, i)) return false;
    const key_segment last = key_.back();
    spool::object& parent = cur->as_object();
    auto [slot, added] = parent.try_emplace(last.text);
    if (!added) {
      const std::uint32_t child = id == table_registry::none ? 0 : tables_.find(id, last.text);
      return key_error(s_, key_, last.at, n, "is defined twice",
                       child != 0 ? tables_.get(child).defined_at : s_.offset(last.at));
    }
    if (!check_size(parent, last.at)) return false;
    if (read_value(*slot, depth + static_cast<std::uint32_t>(n - 1))) return true;
    // Inline tables in the value reused key_; the key is read again to name it in the path.
    prepend_key_path(s_, key_, key_start);
    return false;
  }

  // ---- values --------------------------------------------------------------------------------

 public:
  // The value at the cursor (a string, number, date-time, array or inline table) into `out`;
  // `depth` is that of the table or array it goes in.
  bool read_value(spool::value& out, std::uint32_t depth) {
    if (s_.at_end()) return s_.unexpected("a value");
    switch (*s_.p) {
      case '"':
      case '\'':
        return string(out);
      case 't':
        return keyword(out, "true", true);
      case 'f':
        return keyword(out, "false", false);
      case '[':
        return array(out, depth + 1);
      case '{':
        return built_inline_table(out, depth + 1);
      case '+':
      case '-':
      case 'i':
      case 'n':
        return number(out);
      default:
        if (*s_.p >= '0' && *s_.p <= '9') return starts_datetime(s_) ? datetime(out) : number(out);
        return s_.unexpected("a value");
    }
  }

 private:
  bool string(spool::value& out) {
    ctx_.scratch.clear();
    scanned_text text;
    if (!scan_string(s_, ctx_.scratch, text)) return false;
    if (text.view.size() > opts_.max_string_length)
      return s_.fail(errc::size_exceeded, s_.p, "string longer than max_string_length");
    out = spool::value(text.view);
    return true;
  }

  bool keyword(spool::value& out, std::string_view word, bool v) {
    const char* first = s_.p;
    if (static_cast<std::size_t>(s_.end - s_.p) < word.size() || std::string_view(s_.p, word.size()) != word)
      return s_.unexpected("a value");
    s_.p += word.size();
    if (!s_.at_end() && !has_class(*s_.p, cls::value_end)) {
      s_.p = first;
      return s_.unexpected("a value");
    }
    out = spool::value(v);
    return true;
  }

  bool number(spool::value& out) {
    detail::number n;
    if (!scan_number(s_, n)) return false;
    out = n.is_float ? spool::value(n.floating) : spool::value(n.integer);
    return true;
  }

  bool datetime(spool::value& out) {
    const char* first = s_.p;
    const auto parsed = spool::detail::parse_datetime_prefix(first, s_.end, {.allow_omitted_seconds = s_.v11});
    if (parsed.code != errc::ok) {
      s_.fail(parsed.code, parsed.ptr, {}, "date-time");
      s_.err.found = describe_char(parsed.ptr, s_.end);
      return false;
    }
    s_.p = parsed.ptr;
    if (!s_.at_end() && !has_class(*s_.p, cls::value_end)) return s_.unexpected("end of the date-time");
    using spool::detail::datetime_kind;
    switch (parsed.kind) {
      case datetime_kind::offset_datetime:
        out = spool::value(spool::detail::datetime_from<spool::offset_datetime>(parsed));
        break;
      case datetime_kind::local_datetime:
        out = spool::value(spool::detail::datetime_from<spool::local_datetime>(parsed));
        break;
      case datetime_kind::local_date:
        out = spool::value(parsed.date);
        break;
      case datetime_kind::local_time:
        out = spool::value(parsed.time);
        break;
    }
    return true;
  }

  // ---- inline tables and the arrays inside them ---------------------------------------------
  //
  // An inline table closes where it is read, so its members and everything inside them wait on
  // the thread's value builder and each table and array in it is made once, at its final size (no
  // growth, no key lookup per member; repeated keys are found once, when the table closes). What
  // the builder way does not take (any error, a repeated key, a dotted key, whose sub-tables must
  // stay open while the inline table is read) drops what it built and reads the table again the
  // mutable way below, which words every error as it always has.
  //
  // An array that is the value of a key/value line read the mutable way is read element by
  // element into its value (its inline tables still built): through the builder alone, the small
  // documents of the RealWorld rows, whose arrays hold a few short strings, took 4-9 % longer, and
  // the datasets did not gain from it either (example 1.14x the mutable way against 1.06x). In a
  // run of plain key/values (open_run) the whole table waits on the builder, its arrays with it.

  // At '{' of an inline table at `depth`.
  bool built_inline_table(spool::value& out, std::uint32_t depth) {
    if (!spool::detail::toml_value_builder || mutable_containers_) return inline_table(out, depth);
    const char* open = s_.p;
    spool::detail::value_builder& b = spool::detail::value_builder::for_this_thread();
    const spool::detail::value_builder::mark start = b.position();
    if (push_container(b, depth)) {
      out = b.take();
      return true;
    }
    b.rewind(start);
    s_.p = open;
    if (s_.err) s_.err = {};
    mutable_containers_ = true;
    const bool ok = inline_table(out, depth);
    mutable_containers_ = false;
    return ok;
  }

  // The container at the cursor pushed on `b`; false for anything the builder way leaves to the
  // mutable one (the error, if any, is not kept).
  bool push_container(spool::detail::value_builder& b, std::uint32_t depth) {
    if (depth > opts_.max_depth) return false;
    if (*s_.p++ == '[') {
      const std::size_t first = b.position().values;
      for (;;) {
        if (!s_.skip_blank()) return false;
        if (s_.peek(']')) break;
        if (b.position().values - first >= opts_.max_container_size || !push_value(b, depth)) return false;
        if (!s_.skip_blank()) return false;
        if (s_.peek(',')) {
          ++s_.p;
          continue;
        }
        if (!s_.peek(']')) return false;
        break;
      }
      ++s_.p;
      b.close_array(first);
      return true;
    }
    const spool::detail::value_builder::mark start = b.position();
    if (!inline_blank()) return false;
    if (!s_.peek('}')) {
      for (;;) {
        if (!scan_key_and_equals(s_, key_, opts_, depth) || key_.size() != 1) return false;
        if (b.position().keys - start.keys >= opts_.max_container_size) return false;
        b.push_key(key_.back().text, 0);
        if (!push_value(b, depth) || !inline_blank()) return false;
        if (s_.peek('}')) break;
        if (!s_.peek(',')) return false;
        ++s_.p;
        if (!inline_blank()) return false;
        if (s_.peek('}')) {
          if (!s_.v11) return false;
          break;
        }
      }
    }
    ++s_.p;
    return b.close_object(start, spool::detail::repeated_keys::rejected) == nullptr;
  }

  // A value of a container at `depth` pushed on `b`: strings and numbers straight, the rest of
  // the scalars through a value of their own.
  bool push_value(spool::detail::value_builder& b, std::uint32_t depth) {
    if (s_.at_end()) return false;
    const char c = *s_.p;
    if (c == '[' || c == '{') return push_container(b, depth + 1);
    if (c == '"' || c == '\'') {
      ctx_.scratch.clear();
      scanned_text text;
      if (!scan_string(s_, ctx_.scratch, text) || text.view.size() > opts_.max_string_length) return false;
      b.push(text.view);
      return true;
    }
    if ((c >= '0' && c <= '9' && !starts_datetime(s_)) || c == '+' || c == '-') {
      detail::number n;
      if (!scan_number(s_, n)) return false;
      if (n.is_float) b.push(n.floating);
      else b.push(n.integer);
      return true;
    }
    spool::value scalar;
    if (!read_value(scalar, depth)) return false;
    b.push(std::move(scalar));
    return true;
  }

  bool check_depth(std::uint32_t depth) {
    if (depth <= opts_.max_depth) return true;
    return s_.fail(errc::depth_exceeded, s_.p, "nesting deeper than max_depth");
  }

  // At '[' of a value: a static array, closed once read.
  bool array(spool::value& out, std::uint32_t depth) {
    if (!check_depth(depth)) return false;
    ++s_.p;
    out = spool::value(spool::array{});
    spool::array& elements = out.as_array();
    for (;;) {
      if (!s_.skip_blank()) return false;
      if (s_.peek(']')) break;
      if (elements.size() >= opts_.max_container_size)
        return s_.fail(errc::size_exceeded, s_.p, "array has more than max_container_size elements");
      elements.emplace_back();
      if (!read_value(elements.back(), depth)) {
        s_.err.at_index(elements.size() - 1);
        return false;
      }
      if (!s_.skip_blank()) return false;
      if (s_.peek(',')) {
        ++s_.p;
        continue;
      }
      if (!s_.peek(']')) return s_.unexpected("',' or ']' in the array");
      break;
    }
    ++s_.p;
    return true;
  }

  // Inside an inline table: spaces, and in TOML 1.1 newlines and comments too.
  bool inline_blank() {
    if (s_.v11) return s_.skip_blank();
    s_.skip_ws();
    return true;
  }

  // At '{': an inline table; its own dotted keys may build sub-tables, nothing else may later.
  bool inline_table(spool::value& out, std::uint32_t depth) {
    if (!check_depth(depth)) return false;
    ++s_.p;
    out = spool::value(spool::object{});
    std::uint32_t id = table_registry::none;
    if (!inline_blank()) return false;
    if (s_.peek('}')) return ++s_.p, true;
    for (;;) {
      if (!key_value(out, id, depth)) return false;
      if (!inline_blank()) return false;
      if (s_.peek('}')) break;
      if (!s_.peek(',')) {
        if (!s_.v11 && (s_.peek('\n') || s_.peek('\r')))
          return s_.fail(errc::syntax, s_.p, "newline inside an inline table (allowed from TOML 1.1)");
        return s_.unexpected("',' or '}' in the inline table");
      }
      ++s_.p;
      if (!inline_blank()) return false;
      if (s_.peek('}')) {
        if (!s_.v11) return s_.fail(errc::syntax, s_.p, "trailing comma in an inline table (allowed from TOML 1.1)");
        break;
      }
    }
    ++s_.p;
    return true;
  }

  // ---- errors --------------------------------------------------------------------------------

  // Checked after every member added: the test inline, the error out of line.
  [[gnu::always_inline]] bool check_size(const spool::object& table, const char* at) {
    if (table.size() <= opts_.max_container_size) [[likely]] return true;
    return too_many_members(at);
  }
  [[gnu::noinline]] bool too_many_members(const char* at) {
    return s_.fail(errc::size_exceeded, at, "table has more than max_container_size keys");
  }

  // A header or dotted key that tries to go through a value that is closed: a scalar, an
  // inline table or a static array. A header's path starts at the root (a dotted key's is
  // completed by the callers unwinding).
  bool closed_value(const char* at, std::size_t count, const spool::value& v, bool in_header) {
    std::string_view what = v.is_object() ? "is an inline table; nothing can be added to it"
                            : v.is_array() ? "is a static array; it cannot be extended"
                                           : "is a value, not a table";
    key_error(s_, key_, at, count, what, s_.offset(at));
    if (in_header) s_.err.path = header_key_path(tables_, key_, count);
    return false;
  }

  reader_context& ctx_;
  scanner& s_;
  key_path& key_;
  table_registry& tables_;
  header_chain& chain_;
  const read_options& opts_;
  bool mutable_containers_ = false;  // reading an inline table again the mutable way (built_inline_table)
  // The current table's run of plain key/values: none yet, open (on the builder from run_start_,
  // its first key at run_first_), or off (the table reads the mutable way).
  enum class run_state : std::uint8_t { none, open, off };
  run_state run_ = run_state::none;
  const char* run_first_ = nullptr;
  spool::detail::value_builder::mark run_start_;
  std::string_view repeat_text_;     // the last header, when it was [[a.b]] (repeats_array_header)
  std::size_t repeat_level_ = 0;     // the chain level of its last key
};

}  // namespace spool::toml::detail
