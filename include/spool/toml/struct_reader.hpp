// Reading TOML straight into structs and maps, without a spool::value of the whole document.
//
// Headers and dotted keys navigate from the root (a header from below the keys it shares with the
// previous one, header_chain.hpp): each table they reach is a target (an object and the functions
// that open its members), found through the struct plan of its type, looked up once per process
// per type (target_for). Tables may come in any order; [[a]] appends to a container
// of tables and [a.b] then reaches its last element. The TOML rules are enforced by the same
// registry as for spool::value (tables.hpp); here every key is listed in it, since a struct
// cannot tell whether a member was set, and that listing also answers the required-field check.
// Values (scalars, arrays, inline tables) are read by the value reader into one scratch
// spool::value and converted into the member (spool::from_value's rules); members that are
// spool::value or maps of values take any sub-table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <iterator>
#include <memory>
#include <new>
#include <utility>

#include <spool/detail/config.hpp>
#include <spool/detail/string_in_place.hpp>
#include <spool/detail/type_traits.hpp>
#include <spool/pool.hpp>
#include <spool/reflect.hpp>
#include <spool/toml/reader.hpp>
#include <spool/value.hpp>

namespace spool::toml::detail {

// Types a [header] or dotted key can open as a table.
template <class T>
concept table_type = (spool::detail::reflected<T> && !spool::detail::datetime_type<T>) ||
                     spool::detail::map_like<T> || std::same_as<T, spool::value>;

template <class T>
concept openable_table = table_type<T> ||
                         (spool::detail::optional_like<T> && table_type<typename T::value_type>) ||
                         (spool::detail::pointer_like<T> && table_type<typename T::element_type>);

// Integer types std::in_range takes (not the character types).
template <class T>
concept std_integer = spool::detail::integer<T> && !std::same_as<T, char> && !std::same_as<T, wchar_t> &&
                      !std::same_as<T, char16_t> && !std::same_as<T, char32_t>;

template <class T>
concept table_sequence = spool::detail::sequence<T> && openable_table<typename T::value_type>;

// Members the struct reader fills from the input without a spool::value between: strings,
// booleans, doubles, integers, and sequences of them (not the byte containers, which convert
// from other kinds).
template <class T>
concept direct_scalar = spool::detail::owning_string<T> || spool::detail::boolean<T> || std::same_as<T, double> ||
                        std_integer<T>;
template <class T>
concept direct_sequence = spool::detail::sequence<T> && !spool::detail::byte_container<T> &&
                          direct_scalar<typename T::value_type>;

// The elements of a static array read into a sequence that holds no storage yet, which is then
// built from them at its exact size: one allocation instead of one per growth. Pooled per
// sequence type (spool::lease_object), so the scratch's own capacity stays warm between reads.
template <class M>
struct sequence_scratch {
  M items;
  void reset_for_reuse() noexcept { items.clear(); }
  bool oversized() const noexcept {
    return spool::pool_buffer_oversized(items.capacity() * sizeof(typename M::value_type));
  }
};

class struct_reader {
 public:
  using ops = struct_ops;
  using target = struct_target;
  using chain_level = struct_chain_level;

  struct_reader(reader_context& ctx, const read_options& opts) noexcept
      : ctx_(ctx), s_(ctx.s), key_(ctx.key), tables_(ctx.tables), opts_(opts), values_(ctx, opts) {}

  template <table_type T>
  bool document(std::string_view input, T& root) {
    ctx_.checks.clear();
    ctx_.seen_fields.reset();
    ctx_.next_field = 0;
    if (!ctx_.discard.is_null()) ctx_.discard = {};  // value_child() makes it a table when needed
    ctx_.levels.clear();
    if (!start_document(s_, tables_, input, opts_)) return false;

    target top = target_for(root);
    section_at_ = nullptr;
    top.fn->created(*this, top, table_registry::root, nullptr);
    target table = top;
    std::uint32_t table_id = table_registry::root;
    std::uint32_t table_depth = 1;
    for (;;) {
      s_.skip_ws();
      if (s_.at_end()) return check_required();
      const char c = *s_.p;
      if (c == '#') {
        if (!s_.skip_comment()) return false;
      } else if (c == '[') {
        section_at_ = s_.p;
        in_header_ = true;
        // The table's keys advanced the key/value copy of its target: a header step out of it
        // (the root, or the last header's table, the chain's last level) predicts the field
        // after them.
        if constexpr (spool::detail::toml_header_prediction) {
          if (table_id == table_registry::root) top.next_field = table.next_field;
          else if (ctx_.levels.size() != 0) ctx_.levels[ctx_.levels.size() - 1].table.next_field = table.next_field;
        }
        if (!header(top, table, table_id)) return false;
        in_header_ = false;
        table_depth = static_cast<std::uint32_t>(key_.size()) + 1;
      } else if (c != '\n' && c != '\r') {
        // The predicted key is tried here, not inside key_value(): most lines take it, and then
        // need none of the registers key_value()'s general way saves and restores.
        const char* const key_start = s_.p;
        const int predicted = predicted_key_value(table, table_depth);
        if (predicted == 0 || (predicted < 0 && !key_value(table, table_id, table_depth))) {
          if (predicted == 0) prepend_key_path(s_, key_, key_start);
          if (section_at_ != nullptr)
            spool::detail::prepend_path_segment(s_.err.path, header_path(s_, ctx_.rescan, tables_, section_at_));
          return false;
        }
      }
      if (!s_.end_of_line()) return false;
    }
  }

 private:
  // ---- navigation ----------------------------------------------------------------------------

  // At '[': [a.b.c] or [[a.b.c]]; on success `table` is the table that key/values now go to.
  // The walk starts below the segments shared with the previous header (header_chain.hpp): the
  // targets recorded there, with their plans, need no registry lookup, member search or memo
  // search again.
  bool header(target& root, target& table, std::uint32_t& table_id) {
    const char* open = s_.p;
    bool array = false;
    if (!scan_header(s_, key_, opts_, array)) return false;

    struct_chain& chain = header_levels();
    const std::size_t n = key_.size();
    const std::size_t last_index = n - 1;
    const std::size_t shared = chain.shared_prefix(key_);
    const std::size_t reused = shared < last_index ? shared : last_index;
    target cur = reused == 0 ? root : chain[reused - 1].table;
    std::uint32_t id = reused == 0 ? table_registry::root : chain[reused - 1].table_id;
    chain.truncate(shared);
    for (std::size_t i = reused; i < last_index; ++i) {
      const key_segment& seg = key_[i];
      target& parent = step_parent(root, chain, i);
      std::uint32_t hash;
      std::uint32_t child = tables_.find(id, seg.text, hash);
      if (child == 0) {
        child = tables_.add(id, seg.text, hash, table_state(table_kind::implicit, seg.at));
        if (!open_new(cur, id, seg, open_mode::table, child)) return false;
        note_step(parent);
        id = child;
      } else {
        const table_node node = tables_.get(child);
        if (node.kind == table_kind::value) {
          key_error(s_, key_, seg.at, i + 1, "is a value, not a table", node.defined_at);
          s_.err.path = header_key_path(tables_, key_, i + 1);
          return false;
        }
        const bool aot = node.kind == table_kind::array_of_tables;
        if (!reach(cur, id, seg, aot ? open_mode::last_element : open_mode::table, aot ? node.last_element : child))
          return false;
        note_step(parent);
        id = aot ? node.last_element : child;
      }
      chain.push(seg, {child, cur, id});
    }

    const key_segment& last = key_.back();
    // The previous header went through (or ended at) this very key: its node is known, and so is
    // the table it leads to unless a new element is appended.
    const bool known = shared > last_index;
    const chain_level known_level = known ? chain[last_index] : chain_level{};
    std::uint32_t hash = 0;  // of the last key, when it was looked up
    const std::uint32_t child = known ? known_level.node : tables_.find(id, last.text, hash);
    const auto record = [&](const chain_level& l) {
      if (known) chain.replace(last_index, l);
      else chain.push(last, l);
    };
    target& parent = step_parent(root, chain, last_index);
    if (array) {
      std::uint32_t aot = child;
      if (aot == 0) {
        aot = tables_.add(id, last.text, hash, {table_kind::array_of_tables, 0, s_.offset(open)});
      } else if (const table_node node = tables_.get(aot); node.kind != table_kind::array_of_tables) {
        return redefined(s_, tables_, key_, open, n, node.kind == table_kind::value ? "is already a value, not a table"
                                                                             : "is a table, not an array of tables",
                         node.defined_at);
      }
      const std::uint32_t element = tables_.fresh(table_state(table_kind::header, open));
      tables_.node(aot).append_element(element);
      if (!open_new(cur, id, last, child == 0 ? open_mode::first_element : open_mode::next_element, element, child == 0))
        return false;
      note_step(parent);
      table = cur;
      table_id = element;
      record({aot, cur, element});
      return true;
    }
    if (child == 0) {
      const std::uint32_t node = tables_.add(id, last.text, hash, table_state(table_kind::header, open));
      if (!open_new(cur, id, last, open_mode::table, node)) return false;
      note_step(parent);
      table = cur;
      table_id = node;
      record({node, cur, node});
      return true;
    }
    table_node& node = tables_.node(child);
    if (const std::string_view conflict = header_conflict(node.kind); !conflict.empty())
      return redefined(s_, tables_, key_, open, n, conflict, node.defined_at);
    node.redefine(table_kind::header, s_.offset(open));
    if (known) cur = known_level.table;  // an implicit table (no conflict), reached the same way
    else if (!reach(cur, id, last, open_mode::table, child)) return false;
    else note_step(parent);
    table = cur;
    table_id = child;
    record({child, cur, child});
    return true;
  }

  // A key/value line that predicted_key_value() did not take.
  bool key_value(target& table, std::uint32_t id, std::uint32_t depth) {
    const char* key_start = s_.p;
    if (!scan_key_and_equals(s_, key_, opts_, depth)) return false;

    const std::size_t n = key_.size();
    if (n == 1) {  // the table's own key: it keeps the field after the one set
      if (table.fn->assign(*this, table, id, key_.back(), depth)) return true;
      prepend_key_path(s_, key_, key_start);
      return false;
    }
    target cur = table;
    for (std::size_t i = 0; i + 1 < n; ++i) {
      const key_segment& seg = key_[i];
      std::uint32_t hash;
      const std::uint32_t child = tables_.find(id, seg.text, hash);
      if (child == 0) {
        const std::uint32_t node = tables_.add(id, seg.text, hash, table_state(table_kind::dotted, seg.at));
        if (!open_new(cur, id, seg, open_mode::table, node)) return false;
        id = node;
        continue;
      }
      table_node& node = tables_.node(child);
      if (const std::string_view conflict = dotted_conflict(node.kind); !conflict.empty())
        return key_error(s_, key_, seg.at, i + 1, conflict, node.defined_at);
      if (node.kind == table_kind::implicit) node.redefine(table_kind::dotted, s_.offset(seg.at));
      if (!reach(cur, id, seg, open_mode::table, child)) return false;
      id = child;
    }
    if (cur.fn->assign(*this, cur, id, key_.back(), depth + static_cast<std::uint32_t>(n - 1))) return true;
    prepend_key_path(s_, key_, key_start);
    return false;
  }

  // `key = value` whose key is, byte for byte, the bare key of the field after the last one the
  // struct table set (documents list keys in declaration order): the key is compared, not
  // scanned, and not looked up. -1 with nothing read when the line is anything else (another key,
  // a dotted or quoted one, a field set before: key_value() then reads it the general way, and
  // words any error); else 1, or 0 when the value failed (the key not yet in the error's path).
  int predicted_key_value(target& table, std::uint32_t depth) {
    if constexpr (!spool::detail::toml_predicted_key_bytes || !spool::detail::toml_key_prediction) return -1;
    const std::size_t field = table.next_field;
    if (field >= 64 || (table.bare_fields >> field & 1) == 0) return -1;
    const std::string_view name = table.plan->fields()[field].name;
    const char* const at = s_.p;
    if (static_cast<std::size_t>(s_.end - at) <= name.size() || !same_bytes(at, name.data(), name.size())) return -1;
    const char* p = at + name.size();  // a bare key ends at anything but a bare-key character
    while (p != s_.end && (*p == ' ' || *p == '\t')) ++p;
    if (p == s_.end || *p != '=') return -1;
    if (!ctx_.seen_fields.insert(table.field_base + field)) return -1;
    s_.p = p + 1;
    s_.skip_ws();
    table.next_field = field + 1;
    return table.fn->read_field(*this, table, field, depth) ? 1 : 0;
  }

  // Whether the n bytes at a and b are equal: keys are short, and a call to memcmp costs more than
  // comparing them in (overlapping) words.
  static bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
    using spool::detail::load_word;
    if (n >= 8) {
      for (std::size_t i = 0; i + 8 < n; i += 8)
        if (load_word(a + i, 8) != load_word(b + i, 8)) return false;
      return load_word(a + n - 8, 8) == load_word(b + n - 8, 8);
    }
    if (n >= 4) return load_word(a, 4) == load_word(b, 4) && load_word(a + n - 4, 4) == load_word(b + n - 4, 4);
    for (std::size_t i = 0; i < n; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }

  // Which of the plan's first 64 fields have keys TOML reads as one bare key, cached per plan in
  // the context (plans live as long as the process, so an entry never goes stale).
  std::uint64_t bare_fields(const struct_plan& plan) noexcept {
    if constexpr (!spool::detail::toml_predicted_key_bytes || !spool::detail::toml_key_prediction) return 0;
    bare_key_cache::entry& e = ctx_.bare_keys.slot_for(plan);
    if (e.plan == &plan) return e.bare;
    e = {&plan, bare_key_bits(plan)};
    return e.bare;
  }

  static std::uint64_t bare_key_bits(const struct_plan& plan) noexcept {
    if constexpr (!spool::detail::toml_predicted_key_bytes || !spool::detail::toml_key_prediction) return 0;
    std::uint64_t bare = 0;
    const auto fields = plan.fields();
    for (std::size_t i = 0; i < fields.size() && i < 64; ++i) {
      const std::string_view name = fields[i].name;
      bool is_bare = !name.empty() && !plan.case_insensitive();
      for (const char c : name) is_bare = is_bare && has_class(c, cls::bare_key);
      if (is_bare) bare |= std::uint64_t{1} << i;
    }
    return bare;
  }

  // The chain of the last header: the context's (its `chain` is the value reader's, whose levels
  // are members of a spool::value). A conversion inside one read that starts another leases
  // another context, so no two reads share it.
  struct_chain& header_levels() noexcept { return ctx_.levels; }

  // The state of a table node about to be opened (open_new()), defined at `at`: its field_base is
  // the first seen bit struct_created() gives the table if it is a struct (bits are handed out
  // only there), so the node is written once, here, instead of again by struct_created().
  table_node table_state(table_kind kind, const char* at) const noexcept {
    return {kind, 0, s_.offset(at), ctx_.next_field};
  }

  // Steps `cur` (node `id`) into its member `key`.
  bool step(target& cur, std::uint32_t id, const key_segment& key, open_mode mode, bool fresh) {
    if constexpr (spool::detail::toml_header_prediction) stepped_field_ = no_field;
    target next;
    if (!cur.fn->child(*this, cur, id, key, mode, fresh, next)) return false;
    cur = next;
    return true;
  }
  // Where the target of the table a header's step `i` leaves is kept: the root's, or the chain's
  // level i - 1 (the chain holds at least i levels there, unless it is switched off).
  target& step_parent(target& root, struct_chain& chain, std::size_t i) noexcept {
    if (i == 0) return root;
    if (i > chain.size()) return no_parent_;
    return chain[i - 1].table;
  }
  // After a header's step out of `parent` (the target the chain or the root keeps for it): the
  // next header step out of it most likely names the field after this one (documents list tables
  // in declaration order too).
  void note_step(target& parent) noexcept {
    if constexpr (spool::detail::toml_header_prediction)
      if (stepped_field_ != no_field) parent.next_field = stepped_field_ + 1;
  }
  // step() into a table reached before, whose node is `node`.
  bool reach(target& cur, std::uint32_t id, const key_segment& key, open_mode mode, std::uint32_t node) {
    if (!step(cur, id, key, mode, false)) return false;
    cur.field_base = tables_.get(node).field_base;
    return true;
  }
  // step() into a table this document has not reached before (node `node`); `fresh` when the
  // member itself is new too (not so for the second element of an array of tables).
  bool open_new(target& cur, std::uint32_t id, const key_segment& key, open_mode mode, std::uint32_t node,
                bool fresh = true) {
    if (!step(cur, id, key, mode, fresh)) return false;
    cur.fn->created(*this, cur, node, &key);
    return true;
  }

  // Lists a key of a map or spool::value table (or an unknown key of a struct) as set, or fails
  // when it was set before.
  bool claim_key(std::uint32_t node, const key_segment& key) {
    std::uint32_t hash;
    if (const std::uint32_t child = tables_.find(node, key.text, hash); child != 0)
      return assigned_twice(key, tables_.get(child).defined_at);
    tables_.add(node, key.text, hash, {table_kind::value, 0, s_.offset(key.at)});
    return true;
  }

  // `key = value` for a key set before. key_value() prepends the key to the path of whatever
  // an assignment fails with, so the path starts empty here.
  bool assigned_twice(const key_segment& key, std::size_t first) {
    key_error(s_, key_, key.at, key_index(key) + 1, "is defined twice", first);
    s_.err.path.clear();
    return false;
  }

  std::size_t key_index(const key_segment& key) const noexcept {
    return static_cast<std::size_t>(&key - key_.segments().data());
  }

  // ---- targets -------------------------------------------------------------------------------

  template <class T>
  target target_for(T& t) {
    if constexpr (spool::detail::optional_like<T>) {
      if (!t) t.emplace();
      return target_for(*t);
    } else if constexpr (spool::detail::pointer_like<T>) {
      if (!t) t.reset(new typename T::element_type());
      return target_for(*t);
    } else if constexpr (std::same_as<T, spool::value> || spool::detail::map_like<T>) {
      return {&t, ops_of<T>()};
    } else if constexpr (spool::detail::toml_type_plans) {
      static const type_plan known = [] {
        const struct_plan& plan = spool::plan_registry_get<T>();
        return type_plan{&plan, bare_key_bits(plan)};
      }();
      return {&t, ops_of<T>(), known.plan, 0, known.bare_fields};
    } else {
      const struct_plan& plan = ctx_.memo.get<T>();
      return {&t, ops_of<T>(), &plan, 0, bare_fields(plan)};
    }
  }

  // A struct type's plan (the reader's options change no plan) and the bits of bare_key_bits(),
  // found once per process: plans live as long as the process, so each table reached costs a
  // guard check instead of a search of the context's plan memo and bare-key cache.
  struct type_plan {
    const struct_plan* plan;
    std::uint64_t bare_fields;
  };

  // The index of the field of `table` (a struct) that `key` names, -1 for none: the field after
  // the last one set is tried first. The reader's plans fold no case and apply no run-time naming
  // override, so no two fields share a key and an equal name is the field find() would return.
  static std::ptrdiff_t field_index(target& table, std::string_view key) noexcept {
    const std::ptrdiff_t i = spool::detail::toml_key_prediction ? predicted_find(*table.plan, table.next_field, key)
                                                                 : table.plan->find(key);
    if (i >= 0) table.next_field = static_cast<std::size_t>(i) + 1;
    return i;
  }

  // plan.find(key), field `predicted` compared first.
  static std::ptrdiff_t predicted_find(const struct_plan& plan, std::size_t predicted, std::string_view key) noexcept {
    if (predicted < plan.size() && plan.fields()[predicted].name.size() == key.size() &&
        same_bytes(plan.fields()[predicted].name.data(), key.data(), key.size()) && !plan.case_insensitive())
      return static_cast<std::ptrdiff_t>(predicted);
    return plan.find(key);
  }

  template <class T>
  static const ops* ops_of() {
    static constexpr ops table = [] {
      if constexpr (std::same_as<T, spool::value>)
        return ops{&value_child, &value_assign, &nothing_to_note, nullptr};
      else if constexpr (spool::detail::map_like<T>)
        return ops{&map_child<T>, &map_assign<T>, &nothing_to_note, nullptr};
      else
        return ops{&struct_child<T>, &struct_assign<T>, &struct_created<T>, &struct_read_field<T>};
    }();
    return &table;
  }

  // The path of the key being read up to `key`, from the root, with the index of the element of
  // each array of tables on the way.
  std::string key_path_from_root(const key_segment& key) {
    const std::size_t count = static_cast<std::size_t>(&key - key_.segments().data()) + 1;
    if (in_header_) {
      std::string path;
      append_table_path(path, tables_, key_, count);
      return path;
    }
    std::string path = section_at_ != nullptr ? header_path(s_, ctx_.rescan, tables_, section_at_) : std::string();
    for (std::size_t i = 0; i < count; ++i) append_path_key(path, key_[i].text);  // dotted keys: plain tables
    return path;
  }

  // The error when a header or dotted key reaches a member that holds no table.
  bool type_mismatch(const key_segment& key, open_mode mode, std::string_view expected) {
    s_.fail(errc::unexpected_type, key.at, {}, expected);
    s_.err.found = mode == open_mode::table ? "a table" : "an array of tables";
    s_.err.path = in_header_ ? key_path_from_root(key)
                             : key_.path(static_cast<std::size_t>(&key - key_.segments().data()) + 1);
    return false;
  }

  // Opens member `m` (of the object `owner`) as `mode` says.
  template <class M>
  bool open_member(M& m, const key_segment& key, open_mode mode, target& out) {
    if constexpr (std::same_as<M, spool::value>) {
      return open_value(*this, m, key, mode, out);
    } else if constexpr (openable_table<M>) {
      if (mode != open_mode::table) return type_mismatch(key, mode, "a table");
      out = target_for(m);
      return true;
    } else if constexpr (table_sequence<M>) {
      if (mode == open_mode::table) return type_mismatch(key, mode, "an array of tables");
      if (mode == open_mode::first_element) m.clear();
      if (mode != open_mode::last_element || m.empty()) {
        if (m.size() >= opts_.max_container_size)
          return s_.fail(errc::size_exceeded, key.at, "array of tables has more than max_container_size elements");
        if constexpr (spool::detail::toml_table_array_reserve && requires { m.reserve(std::size_t{}); })
          if (m.capacity() == 0) m.reserve(first_table_elements<typename M::value_type>);
        m.emplace_back();
      }
      out = target_for(m.back());
      return true;
    } else {
      return type_mismatch(key, mode, "a value (the member holds no table)");
    }
  }

  // The room the first [[header]] of a fresh container of tables makes: arrays of tables seldom
  // stop at one element, and growing from one to two moves the first; up to 512 bytes.
  template <class E>
  static constexpr std::size_t first_table_elements = sizeof(E) <= 128 ? 4 : sizeof(E) <= 256 ? 2 : 1;

  // The member an unknown key names: an error when the options say so, else somewhere to put it.
  // `named`: the error names the key path (a navigation step; a failed assignment gets its key
  // prepended while unwinding).
  bool unknown(const key_segment& key, bool named) {
    if (!opts_.error_on_unknown_keys) return true;
    s_.fail(errc::unknown_key, key.at, "no member is named '" + std::string(key.text) + "'");
    if (named) s_.err.path = key_.path(static_cast<std::size_t>(&key - key_.segments().data()) + 1);
    return false;
  }

  // Strings, booleans, int64-range integers and doubles of the member's own TOML kind go straight
  // into the member; false with the cursor unmoved when the value is of another kind (or an error).
  template <class M>
  bool read_direct(M& m, [[maybe_unused]] std::uint32_t depth) {
    if constexpr (spool::detail::owning_string<M>) {
      std::string_view text;
      if (!scan_direct_string(text)) return false;
      if constexpr (spool::detail::toml_string_in_place) {
        // A member holding no more room than an empty string (nothing on the heap to keep), or
        // too little for the text, is constructed anew where it lies from the text: one
        // construction instead of clear(), reserve() and append()'s calls.
        if (m.capacity() <= empty_capacity<M> || text.size() > m.capacity()) {
          spool::detail::construct_string_in_place(m, text);
          return true;
        }
      }
      // Emptied and appended to: assign() takes the general replace path (overlap, growth).
      m.clear();
      m.reserve(text.size());
      m.append(text.data(), text.size());
      return true;
    } else if constexpr (spool::detail::boolean<M>) {
      // true or false and the end of the value; anything else goes the converting way, which
      // words the error.
      // Compared as words: a call to memcmp for four or five bytes costs more.
      using spool::detail::load_word;
      const bool is_true = !s_.at_end() && *s_.p == 't';
      const std::size_t size = is_true ? 4 : 5;
      const auto left = static_cast<std::size_t>(s_.end - s_.p);
      if (left < size) return false;
      if (is_true ? load_word(s_.p, 4) != load_word("true", 4)
                  : load_word(s_.p, 4) != load_word("fals", 4) || s_.p[4] != 'e')
        return false;
      if (left > size && !has_class(s_.p[size], cls::value_end)) return false;
      s_.p += size;
      m = is_true;
      return true;
    } else if constexpr (std::same_as<M, double> || std_integer<M>) {
      if (!starts_number(s_)) return false;
      const char* at = s_.p;
      number n;
      if (!scan_number(s_, n)) return false;
      if constexpr (std::same_as<M, double>) {
        if (n.is_float) return m = n.floating, true;
      } else {
        if (!n.is_float && std::in_range<M>(n.integer)) return m = static_cast<M>(n.integer), true;
      }
      s_.p = at;
      return false;
    } else if constexpr (direct_sequence<M>) {
      return read_direct_array(m, depth);
    } else {
      return false;
    }
  }

  // The capacity of an empty string of type M (its short buffer, if it has one).
  template <class M>
  static inline const std::size_t empty_capacity = M().capacity();

  // A string at the cursor (its text in the input, or decoded into the context's scratch); false
  // with the cursor unmoved when the value is no string, false with the error set when it is broken.
  bool scan_direct_string(std::string_view& text) {
    if (s_.at_end() || (*s_.p != '"' && *s_.p != '\'')) return false;
    ctx_.scratch.clear();
    scanned_text scanned;
    if (!scan_string(s_, ctx_.scratch, scanned)) return false;
    if (scanned.view.size() > opts_.max_string_length)
      return s_.fail(errc::size_exceeded, s_.p, "string longer than max_string_length");
    text = scanned.view;
    return true;
  }

  // A static array whose elements all go straight into the sequence `m` (an array member at
  // `depth`); false with the cursor unmoved when an element does not (the converting way then
  // reads the whole array, clearing `m` first, and words any error), false with the error set
  // when the input is broken.
  template <class M>
  bool read_direct_array(M& m, std::uint32_t depth) {
    if (s_.at_end() || *s_.p != '[' || depth + 1 > opts_.max_depth) return false;
    if constexpr (spool::detail::toml_array_scratch && requires { m.capacity(); }) {
      if (m.capacity() == 0) {  // a fresh member: built once, at its exact size
        auto scratch = spool::lease_object<sequence_scratch<M>>();
        if (!read_direct_elements(scratch->items, depth)) return false;
        m.assign(std::make_move_iterator(scratch->items.begin()), std::make_move_iterator(scratch->items.end()));
        return true;
      }
    }
    return read_direct_elements(m, depth);
  }

  // read_direct_array() into `m`, from its '['.
  template <class M>
  bool read_direct_elements(M& m, std::uint32_t depth) {
    const char* const open = s_.p;
    const auto give_up = [&] {
      s_.p = open;
      return false;
    };
    ++s_.p;
    m.clear();
    for (;;) {
      if (!s_.skip_blank()) return false;
      if (s_.peek(']')) break;
      if (m.size() >= opts_.max_container_size) return give_up();
      if (!read_direct_element(m, depth + 1)) {
        if (!s_.err) return give_up();
        s_.err.at_index(m.size());
        return false;
      }
      if (!s_.skip_blank()) return false;
      if (s_.peek(',')) {
        ++s_.p;
        continue;
      }
      if (!s_.peek(']')) return give_up();
      break;
    }
    ++s_.p;
    return true;
  }

  // One element appended to `m`, read in place (no temporary to move) unless its elements are
  // proxies (std::vector<bool>); false, `m` unchanged, as read_direct().
  template <class M>
  bool read_direct_element(M& m, std::uint32_t depth) {
    if constexpr (spool::detail::toml_string_elements && spool::detail::owning_string<typename M::value_type>) {
      // Scanned first and then made from its text: one construction, no reserve and append.
      std::string_view text;
      if (!scan_direct_string(text)) return false;
      m.emplace_back(text.data(), text.size());
      return true;
    } else if constexpr (std::is_lvalue_reference_v<typename M::reference>) {
      auto& element = m.emplace_back();
      if (read_direct(element, depth)) return true;
      m.pop_back();
      return false;
    } else {
      typename M::value_type element{};
      if (!read_direct(element, depth)) return false;
      m.push_back(element);
      return true;
    }
  }

  // The value at the cursor into member `m`.
  template <class M>
  bool read_member(M& m, std::uint32_t depth) {
    if constexpr (std::same_as<M, spool::value>) {
      return values_.read_value(m, depth);
    } else {
      if (read_direct(m, depth)) return true;
      if (s_.err) return false;
      const char* at = s_.p;
      if (!values_.read_value(ctx_.leaf, depth)) return false;
      spool::error e;
      if (spool::detail::from_value_into(ctx_.leaf, m, e)) return true;
      s_.fail(e.code, at, std::move(e.detail), e.expected);
      s_.err.found = std::move(e.found);
      s_.err.path = std::move(e.path);
      return false;
    }
  }

  template <class T>
  static bool struct_child(struct_reader& r, const target& table, std::uint32_t node, const key_segment& key,
                           open_mode mode, bool fresh, target& out) {
    T& obj = *static_cast<T*>(table.object);
    std::ptrdiff_t i;
    if constexpr (spool::detail::toml_header_prediction) {
      i = predicted_find(*table.plan, table.next_field, key.text);
      r.stepped_field_ = i < 0 ? no_field : static_cast<std::size_t>(i);
    } else {
      i = table.plan->find(key.text);
    }
    if (i < 0) {
      if (!r.unknown(key, true)) return false;
      return value_child(r, {&r.ctx_.discard, ops_of<spool::value>()}, node, key, mode, fresh, out);
    }
    // A member set by `key = value` is not in the registry; its seen bit tells.
    if (fresh && !r.ctx_.seen_fields.insert(table.field_base + static_cast<std::size_t>(i))) {
      key_error(r.s_, r.key_, key.at, r.key_index(key) + 1, "is a value, not a table", r.s_.offset(key.at));
      if (r.in_header_) r.s_.err.path = r.key_path_from_root(key);
      return false;
    }
    // A member reached through a setter would be a temporary: only real members can stay open.
    const auto inside = [&obj](const void* p) {
      const auto a = reinterpret_cast<std::uintptr_t>(p), o = reinterpret_cast<std::uintptr_t>(&obj);
      return a >= o && a < o + sizeof(T);
    };
    return spool::reflect::store_at(obj, static_cast<std::size_t>(i), [&](auto& m) {
      if (!inside(&m)) {
        r.s_.fail(errc::unsupported, key.at, "a member with a setter cannot be opened by a [header] or dotted key");
        return false;
      }
      return r.open_member(m, key, mode, out);
    });
  }

  template <class T>
  static bool struct_assign(struct_reader& r, target& table, std::uint32_t node, const key_segment& key,
                            std::uint32_t depth) {
    T& obj = *static_cast<T*>(table.object);
    const std::ptrdiff_t i = field_index(table, key.text);
    if (i < 0) return r.unknown(key, false) && r.claim_key(node, key) && r.values_.read_value(r.ctx_.leaf, depth);
    if (!r.ctx_.seen_fields.insert(table.field_base + static_cast<std::size_t>(i)))
      return r.assigned_twice(key, r.s_.offset(key.at));
    return spool::reflect::store_at(obj, static_cast<std::size_t>(i),
                                    [&](auto& m) { return r.read_member(m, depth); });
  }

  template <class T>
  static bool struct_read_field(struct_reader& r, const target& table, std::size_t field, std::uint32_t depth) {
    return spool::reflect::store_at(*static_cast<T*>(table.object), field,
                                    [&](auto& m) { return r.read_member(m, depth); });
  }

  // A struct table reached for the first time: defaults first (keys then overwrite them), and a
  // note to check its required members once the document is read.
  template <class T>
  static void struct_created(struct_reader& r, target& table, std::uint32_t, const key_segment* key) {
    T& obj = *static_cast<T*>(table.object);
    const struct_plan& plan = *table.plan;
    table.field_base = r.ctx_.next_field;  // the registry node has it already (table_state())
    r.ctx_.next_field += static_cast<std::uint32_t>(plan.size());
    if constexpr (spool::reflect::has_defaults<T>)
      for (std::size_t i = 0; i < plan.size(); ++i) spool::reflect::apply_default(obj, i);
    if (!plan.required_fields().empty() || r.opts_.require_all_fields) [[unlikely]]
      r.note_required(table.field_base, plan, key);
  }

  // A struct table with required members: checked once the document is read. Out of line, so
  // that struct_created() (once per table) saves no registers for the path and its string.
  [[gnu::noinline]] void note_required(std::uint32_t field_base, const struct_plan& plan, const key_segment* key) {
    ctx_.checks.push_back({field_base, &plan, key == nullptr ? 0 : s_.offset(key->at),
                           key == nullptr ? std::string() : key_path_from_root(*key)});
  }

  template <class T>
  static bool map_child(struct_reader& r, const target& table, std::uint32_t, const key_segment& key, open_mode mode,
                        bool, target& out) {
    typename T::key_type k{};
    spool::error e;
    if (!spool::detail::read_key(key.text, k, e)) return r.s_.fail(e.code, key.at, std::move(e.detail), e.expected);
    auto* entry = map_entry(r, *static_cast<T*>(table.object), std::move(k), key);
    return entry != nullptr && r.open_member(*entry, key, mode, out);
  }

  // The entry of `map` at `k`, or nullptr (an error) when adding it would pass max_container_size.
  template <class T>
  static typename T::mapped_type* map_entry(struct_reader& r, T& map, typename T::key_type&& k, const key_segment& key) {
    if (map.size() >= r.opts_.max_container_size && map.find(k) == map.end()) {
      r.s_.fail(errc::size_exceeded, key.at, "table has more than max_container_size keys");
      return nullptr;
    }
    return &map[std::move(k)];
  }

  template <class T>
  static bool map_assign(struct_reader& r, target& table, std::uint32_t node, const key_segment& key,
                         std::uint32_t depth) {
    if (!r.claim_key(node, key)) return false;
    typename T::key_type k{};
    spool::error e;
    if (!spool::detail::read_key(key.text, k, e)) return r.s_.fail(e.code, key.at, std::move(e.detail), e.expected);
    auto* entry = map_entry(r, *static_cast<T*>(table.object), std::move(k), key);
    return entry != nullptr && r.read_member(*entry, depth);
  }

  // spool::value members (and the sink of unknown tables) take any table; the registry has
  // already decided that the step is legal, so a member of another kind is simply replaced.
  static bool value_child(struct_reader& r, const target& table, std::uint32_t, const key_segment& key,
                          open_mode mode, bool, target& out) {
    spool::value& v = *static_cast<spool::value*>(table.object);
    if (!v.is_object()) v = spool::value(spool::object{});
    return open_value(r, *v.as_object().try_emplace(key.text).first, key, mode, out);
  }

  // A spool::value (a member, or a key of one) opened as a table or an array of tables.
  static bool open_value(struct_reader& r, spool::value& m, const key_segment& key, open_mode mode, target& out) {
    if (mode == open_mode::table) {
      if (!m.is_object()) m = spool::value(spool::object{});
      out = {&m, ops_of<spool::value>()};
      return true;
    }
    if (!m.is_array() || mode == open_mode::first_element) m = spool::value(spool::array{});
    spool::array& elements = m.as_array();
    if (elements.size() >= r.opts_.max_container_size)
      return r.s_.fail(errc::size_exceeded, key.at, "array of tables has too many elements");
    if (mode != open_mode::last_element || elements.empty()) elements.emplace_back(spool::object{});
    out = {&elements.back(), ops_of<spool::value>()};
    return true;
  }

  static bool value_assign(struct_reader& r, target& table, std::uint32_t node, const key_segment& key,
                           std::uint32_t depth) {
    if (!r.claim_key(node, key)) return false;
    spool::value& v = *static_cast<spool::value*>(table.object);
    if (!v.is_object()) v = spool::value(spool::object{});
    spool::object& members = v.as_object();
    if (members.size() >= r.opts_.max_container_size)
      return r.s_.fail(errc::size_exceeded, key.at, "table has more than max_container_size keys");
    return r.values_.read_value(*members.try_emplace(key.text).first, depth);
  }

  static void nothing_to_note(struct_reader&, target&, std::uint32_t, const key_segment*) {}

  // Required members missing once the whole document is read.
  bool check_required() {
    for (const required_check& check : ctx_.checks) {
      const auto fields = check.plan->fields();
      for (std::size_t i = 0; i < fields.size(); ++i) {
        if (!fields[i].required && !opts_.require_all_fields) continue;
        if (ctx_.seen_fields.contains(check.field_base + i)) continue;
        s_.fail(errc::missing_key, s_.begin + check.at, "missing required key '" + std::string(fields[i].name) + "'");
        s_.err.path = check.path;
        append_path_key(s_.err.path, fields[i].name);
        return false;
      }
    }
    return true;
  }

  reader_context& ctx_;
  scanner& s_;
  key_path& key_;
  table_registry& tables_;
  const read_options& opts_;
  value_reader values_;
  static constexpr std::size_t no_field = SIZE_MAX;
  std::size_t stepped_field_ = no_field;  // the field struct_child() took (note_step())
  target no_parent_;                      // step_parent() without a chain level
  const char* section_at_ = nullptr;  // the current [header]
  bool in_header_ = false;            // navigating a header's keys (else a key/value line's)
};

}  // namespace spool::toml::detail
