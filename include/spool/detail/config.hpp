// Compile-time configuration of spool, in one place.
//
// The SPOOL_DISABLE_* switches exist for A/B measurements: each turns one optimisation off so a
// benchmark built twice (with and without the macro) shows what that optimisation is worth. They
// change speed and memory behaviour only, never results. Define them on the compiler command line
// for a whole program (every translation unit must agree, or the One Definition Rule breaks).
//
//   SPOOL_DISABLE_POOL              every buffer/object lease is fresh; nothing is ever retained
//   SPOOL_DISABLE_LIMIT_FAST_PATH   pool_buffer_oversized() always loads the atomic limit instead of
//                                   first comparing against the compile-time default
//   SPOOL_DISABLE_EXACT_SIZE_READ   whole-input reads ignore a known size and grow geometrically
//   SPOOL_DISABLE_GENERATION_RESET  generation tables clear every slot on reset() instead of
//                                   bumping one counter
//   SPOOL_DISABLE_PLAN_MEMO         every struct-plan lookup goes to the process-wide registry (the
//                                   TOML struct reader looks plans up at all only with
//                                   SPOOL_DISABLE_TOML_TYPE_PLANS: its bench variant sets both)
//   SPOOL_DISABLE_FAST_DOUBLE_PRINT the text writers take a float's shortest digits from
//                                   std::to_chars instead of detail/number/shortest_double.hpp
//   SPOOL_DISABLE_OUTPUT_SIZE_HINT  JSON and MessagePack output grows by doubling from the pooled
//                                   buffer, not to the thread's last document size at once
//   SPOOL_DISABLE_STREAM_RECYCLE    stream readers own their buffer for their whole life (never
//                                   from or back to the pool) and move the unread bytes to the
//                                   front after every value
//   SPOOL_DISABLE_VALUE_NODE_CACHE  spool::value's heap blocks come from operator new and go back
//                                   to operator delete instead of per-thread 64 KiB chunks
//   SPOOL_DISABLE_VALUE_DIRECT_RELEASE spool::value's destructor frees a container through its
//                                   vectors' destructors (a second walk of the elements) instead
//                                   of giving the buffers back once the elements are destroyed
//   SPOOL_DISABLE_VALUE_LAZY_INDEX  the readers give every object of spool::value with more than
//                                   object::index_threshold members its hash index when it closes
//                                   instead of leaving it to the object's first lookup
//   SPOOL_DISABLE_VALUE_WORD_STRINGS spool::value stores a string or binary of up to 14 bytes with
//                                   memcpy and a byte store of its length instead of as two whole
//                                   words built from overlapping loads
//   SPOOL_DISABLE_VALUE_REPEAT_FINGERPRINTS the value builder checks a closing object of up to
//                                   object::index_threshold keys for repeats by comparing each key
//                                   with every earlier one, and a larger one through a hash table,
//                                   instead of comparing a key of an object of 3 to 16 keys only
//                                   when a 64-bit set of 6-bit key fingerprints holds its own
//   SPOOL_DISABLE_VALUE_LEAF_ARRAYS spool::value's destructor frees a nested array whose
//                                   elements hold nothing on the heap through destroy_container's
//                                   call like any container instead of in its parent's loop
//   SPOOL_DISABLE_KEY_PREDICTION    the JSON struct reader looks every key up in the struct plan
//                                   instead of first comparing the input with the next declared key
//   SPOOL_DISABLE_JSON_ORDERED_FIELDS the JSON struct reader takes every member through its loop
//                                   over the struct plan (a key compared with the next declared
//                                   name at run time, the member reached through a table of
//                                   calls), instead of first matching the keys that come in
//                                   declaration order against each field's quoted name and colon,
//                                   constant bytes, and reading the value straight into the member
//   SPOOL_DISABLE_JSON_BLOCK_UTF8   the JSON reader walks a string's non-ASCII text sequence by
//                                   sequence instead of checking it 16 bytes per step
//   SPOOL_DISABLE_JSON_WRITE_BLOCK_UTF8 the JSON writer walks a string's non-ASCII text sequence
//                                   by sequence instead of checking the rest of the string from
//                                   its first non-ASCII byte 16 bytes per step, once
//   SPOOL_DISABLE_JSON_WRITE_SHORT_COPY the JSON writer copies every string and key through
//                                   memcpy instead of two overlapping fixed-size moves (<= 32 bytes)
//   SPOOL_DISABLE_JSON_WRITE_VALUE_NUMBERS the JSON writer takes every element of a spool::value
//                                   array through visit() instead of writing doubles and signed
//                                   integers in the array's loop, separator and digits at once
//   SPOOL_DISABLE_JSON_WRITE_SHORT_KEYS the JSON writer writes a spool::value member's key through
//                                   the general string writer instead of checking a key of up to
//                                   16 bytes in one step after a fixed-size copy
//   SPOOL_DISABLE_JSON_WRITE_VALUE_MEMBERS the JSON writer writes a spool::value object's members
//                                   through separate reservations for the separator, the key, the
//                                   colon and the value, instead of one for all four when the value
//                                   is a null, a boolean, a number or a short plain string
//   SPOOL_DISABLE_JSON_WRITE_VALUE_INLINE_STRINGS the JSON writer checks a spool::value's key or
//                                   string of up to 14 bytes in its copy in the output, instead of
//                                   loading the 16 bytes of the value that hold it, checking them
//                                   there and storing them whole
//   SPOOL_DISABLE_SCALED_DOUBLE_PARSE the text readers convert a number's digits and exponent to a
//                                   double with Clinger's fast path, then x87 long double arithmetic
//                                   (where long double has 64 bits), then std::from_chars, instead
//                                   of one multiplication by a 128-bit significand of 10^e from
//                                   number/pow10_table.hpp (Eisel-Lemire)
//   SPOOL_DISABLE_JSON_SHORT_INTEGER_DIGITS the JSON reader takes a number's integer part in masked
//                                   eight-digit steps from its first digit, instead of reading up
//                                   to three digits one by one before going on in such steps
//   SPOOL_DISABLE_JSON_MEMORY_CONSTANTS the JSON reader's 16-byte steps (digits, string bodies,
//                                   indentation) build their byte constants with _mm_set1_epi8
//                                   where they are used, instead of loading them from a table
//                                   whose address the compiler is not shown
//   SPOOL_DISABLE_JSON_INLINE_INTEGERS the JSON reader reads every integer target through its
//                                   general integer reader, out of line, instead of taking one of
//                                   up to 15 digits inline in a 16-byte step first
//   SPOOL_DISABLE_JSON_PLAIN_COMMA  the JSON reader takes every separator of an array or object
//                                   through next_element's call, instead of first checking inline
//                                   for a ',' followed at once by the next element or key
//   SPOOL_DISABLE_JSON_INDENTED_COMMA the JSON reader takes a ',' followed by a newline and
//                                   indentation (pretty-printed text) through next_element's call
//                                   and whitespace skip, instead of inline in the array's or
//                                   object's loop as a ',' followed at once by the next token; the
//                                   same for a newline and indentation after an opening bracket
//                                   and before a closing one (spool::value's loops, structs, maps)
//   SPOOL_DISABLE_JSON_SIMD_DIGITS  the JSON reader takes a number's digit runs in (masked)
//                                   eight-digit steps of integer arithmetic, instead of a run of up
//                                   to sixteen digits in one 16-byte step (SSSE3)
//   SPOOL_DISABLE_JSON_NUMBER_ARRAYS the JSON reader takes the elements of an array of floats or
//                                   doubles (std::vector, std::array, C array) through its general
//                                   element loop, instead of a loop of its own that scans and
//                                   converts each number and its separator inline
//   SPOOL_DISABLE_JSON_INDENT_SKIP  the JSON reader skips a newline and the indentation after it
//                                   byte by byte and then in 16-byte steps, instead of comparing
//                                   the 32 bytes after the newline with spaces at once
//   SPOOL_DISABLE_JSON_VALUE_LOOPS  the JSON reader reads a spool::value's arrays and objects
//                                   through the element and member walks shared with skipping, a
//                                   call per element, instead of in loops of their own that take
//                                   the brackets, separators, keys and scalar elements inline
//   SPOOL_DISABLE_JSON_POINT_ARRAYS the JSON reader reads each element of a sequence of fixed
//                                   arrays of floats (std::vector<std::array<double, 2>>) through
//                                   read_number_array, instead of taking a minified "[x,y]" inline
//                                   in the sequence's loop
//   SPOOL_DISABLE_JSON_SEQUENCE_PLANS the JSON reader looks the plan of every struct element of a
//                                   sequence or map up in the context's plan memo, instead of once
//                                   for the sequence or map
//   SPOOL_DISABLE_JSON_VALUE_NUMBER_ARRAYS the JSON reader reads every array of a spool::value
//                                   through push_array's call and loop, instead of reading a
//                                   minified array of numbers ("[x,y]") in its parent's loop
//   SPOOL_DISABLE_JSON_SEQUENCE_SCRATCH the JSON reader grows an empty std::vector of floats or
//                                   of fixed arrays of floats element by element as it reads,
//                                   instead of reading the elements into the reader's pooled
//                                   scratch and making the vector once, at its final size
//   SPOOL_DISABLE_MSGPACK_BLOCK_UTF8 the MessagePack reader walks a non-ASCII str sequence by
//                                   sequence instead of checking it 16 bytes per step
//   SPOOL_DISABLE_UTF8_WIDE_BLOCKS  the block UTF-8 check (detail/utf8.hpp) takes 16 bytes per
//                                   step, skips each all-ASCII one, and copies the last few bytes
//                                   of a string to a buffer, instead of 32 bytes per step with AVX2,
//                                   every block checked in full, the last read in place when the
//                                   input goes on past them
//   SPOOL_DISABLE_MSGPACK_KEY_PREDICTION the MessagePack struct reader decodes every key before
//                                   comparing it, instead of first comparing the input's bytes with
//                                   the next declared key's fixstr
//   SPOOL_DISABLE_MSGPACK_ORDERED_FIELDS the MessagePack struct reader takes every key through the
//                                   struct plan instead of first matching the keys that come in
//                                   declaration order (passing over fields a document leaves out)
//                                   against names known at compile time
//   SPOOL_DISABLE_MSGPACK_DIRECT_ARRAYS the MessagePack reader into spool::value pushes an array's
//                                   elements on the value builder's stack and builds the array
//                                   from them when it closes (up to 1024 elements), instead of
//                                   making it at the header's count and storing each element there
//   SPOOL_DISABLE_MSGPACK_DIRECT_MAPS the MessagePack reader into spool::value pushes a map's keys
//                                   and values on the value builder's stacks and builds the object
//                                   from them when it closes, instead of making it at the header's
//                                   count and storing each member there (the keys checked for
//                                   repeats as they come up to 16 members, when it closes past that)
//   SPOOL_DISABLE_MSGPACK_BATCHED_ELEMENTS the MessagePack reader builds an array of more elements
//                                   than it constructs up front with one emplace_back per element
//                                   instead of resizing a batch at a time and reading in place
//   SPOOL_DISABLE_MSGPACK_EXACT_RESERVE the MessagePack reader reserves a bounded budget (64 KiB)
//                                   for an array's elements instead of its whole count when the
//                                   bytes left pay for it
//   SPOOL_DISABLE_MSGPACK_INLINE_FLOAT64 the MessagePack reader takes a float64 into a double
//                                   through its general float reader instead of one inline test
//   SPOOL_DISABLE_MSGPACK_INLINE_SCALARS the MessagePack reader into spool::value reads every
//                                   element through its own call instead of reading a scalar in
//                                   the loop of the array or map that holds it
//   SPOOL_DISABLE_MSGPACK_INLINE_INTEGERS the MessagePack reader takes an integer of a sized form
//                                   (uint8..int64) through its general integer reader instead of
//                                   one inline load and shift (into a spool::value: every integer,
//                                   fixints too, through that reader's call)
//   SPOOL_DISABLE_MSGPACK_VALUE_RUNS the MessagePack writer takes every element of a spool::value
//                                   through its own call and the encoder's checked writes instead
//                                   of encoding scalars and short strings in the container's loop
//   SPOOL_DISABLE_MSGPACK_FLOAT_RUNS the MessagePack reader into spool::value reads an array of
//                                   float64s only (a coordinate) through its general element loop
//                                   instead of a loop of its own, without a switch per element
//   SPOOL_DISABLE_MSGPACK_STRING_IN_PLACE the MessagePack reader replaces a std::string member too
//                                   short for a str by move-assigning a temporary, instead of
//                                   constructing the new string where the old one lay
//   SPOOL_DISABLE_MSGPACK_STRUCT_RUNS the MessagePack writer reserves room for a struct's header
//                                   and each of its keys and values through the encoder, instead of
//                                   once for the run of keys and bounded values (numbers, booleans,
//                                   short strings) up to the next container, struct or long string
//   SPOOL_DISABLE_MSGPACK_SHORT_STRINGS the MessagePack reader takes a fixstr or str8 through the
//                                   general str path (length forms, payload bounds, the 16-byte
//                                   ASCII loop) instead of one bounds test for the longest such str
//                                   and 32 more bytes, and 32-byte ASCII masks
//   SPOOL_DISABLE_MSGPACK_SHORT_STRING_COPY the MessagePack reader puts a str of up to 15 bytes
//                                   into a std::string holding no buffer by clear() and append()
//                                   (a memcpy call of the text's length), instead of constructing
//                                   it from the 15 input bytes at the text (a copy of constant
//                                   length) and cutting it to the text's length
//   SPOOL_DISABLE_MSGPACK_KEY_SAFE_END the MessagePack struct reader tests the bytes left before
//                                   each key it compares in field order (the end's load, a
//                                   subtraction, a comparison), instead of comparing the cursor
//                                   with a point computed once per struct, before which the longest
//                                   key fits
//   SPOOL_DISABLE_MSGPACK_DIRECT_MEMBERS the MessagePack struct reader reaches each member of a
//                                   plain aggregate read in key order through reflect::store (a
//                                   structured binding per field, or a call where GCC leaves it
//                                   out of line), instead of from the members' pointers taken once
//                                   per struct
//   SPOOL_DISABLE_MAP_NODE_REUSE    the readers empty a std::map, std::set or unordered container
//                                   (clear()) and allocate a node per entry read into it, instead
//                                   of refilling it with the nodes it held (detail/map_refill.hpp)
//   SPOOL_DISABLE_TOML_HEADER_CHAIN the TOML readers (into spool::value and into structs) walk
//                                   every [header] from the root instead of starting below the keys
//                                   it shares with the previous header
//   SPOOL_DISABLE_TOML_NUMBER_FAST_PATH the TOML reader checks a decimal number's grammar and then
//                                   converts it, instead of accumulating its digits in the same pass
//   SPOOL_DISABLE_TOML_WRITE_SCAN   the TOML writer classifies a string's bytes one at a time and
//                                   checks a run-time key's bareness in both of a table's passes,
//                                   instead of 16 bytes per step and once, when the key is written
//   SPOOL_DISABLE_TOML_WRITE_SHORT_COPY the TOML writer copies every key and plain string through
//                                   memcpy instead of two overlapping fixed-size moves (<= 32 bytes)
//   SPOOL_DISABLE_TOML_KEY_PREDICTION the TOML struct reader looks every key up in the struct plan
//                                   instead of first comparing it with the field after the last one
//                                   its table set
//   SPOOL_DISABLE_TOML_PREDICTED_KEY_BYTES the TOML struct reader scans every key before comparing
//                                   it with the field after the last one its table set, instead of
//                                   first comparing the input's bytes with that field's bare key
//   SPOOL_DISABLE_TOML_ARRAY_SCRATCH the TOML struct reader grows a fresh sequence member element by
//                                   element instead of reading the elements into pooled scratch and
//                                   building the member at its exact size
//   SPOOL_DISABLE_TOML_SIBLING_RESERVE the TOML reader grows each new [[array]] element's table member
//                                   by member instead of reserving the previous element's size
//   SPOOL_DISABLE_TOML_VALUE_BUILDER the TOML reader grows each inline table of a spool::value (and
//                                   each array in one) member by member and element by element
//                                   instead of building it once, at its final size, through the
//                                   thread's value builder
//   SPOOL_DISABLE_TOML_REPEATED_HEADER the TOML reader into spool::value reads an [[array]] header
//                                   that repeats the last header's text like any other, instead of
//                                   adding an element to the array that header reached
//   SPOOL_DISABLE_TOML_TABLE_RUNS   the TOML reader into spool::value adds each key/value of a table
//                                   as it is read (a lookup for repeats per key) instead of building
//                                   a new table's run of plain key/values once, at its final size,
//                                   through the thread's value builder
//   SPOOL_DISABLE_TOML_TYPE_PLANS   the TOML struct reader finds the plan of each struct table it
//                                   reaches in the context's plan memo and bare-key cache instead of
//                                   in a per-type static found once per process
//   SPOOL_DISABLE_TOML_STRING_ELEMENTS the TOML struct reader makes each string element of a sequence
//                                   member empty and then reserves and appends its text, instead of
//                                   scanning it first and constructing the element from its text
//   SPOOL_DISABLE_TOML_TABLE_ARRAY_RESERVE the TOML struct reader grows a fresh container of tables
//                                   from one element, instead of making room for up to four (512
//                                   bytes) at its first [[header]]
//   SPOOL_DISABLE_TOML_REGISTRY_KEY_VIEWS the TOML table registry copies the key of every table a
//                                   header or dotted key adds, instead of listing a key that lies
//                                   in the document by its address there (decoded keys are copied)
//   SPOOL_DISABLE_TOML_REGISTRY_WORD_HASH the TOML table registry hashes a key byte by byte
//                                   (FNV-1a) instead of by its 8-byte words
//   SPOOL_DISABLE_TOML_STRING_IN_PLACE the TOML struct reader empties a string member and appends
//                                   the text to it, instead of constructing the member anew where
//                                   it lies when it holds no heap buffer or too small a one
//   SPOOL_DISABLE_TOML_BARE_KEY_BLOCKS the TOML readers scan a bare key byte by byte through the
//                                   character table, instead of classifying 16 bytes per step
//                                   (SSE2) while 16 remain
//   SPOOL_DISABLE_TOML_HEADER_PREDICTION the TOML struct reader looks each header step's key up in
//                                   the struct plan, instead of first comparing it with the field
//                                   after the one the previous header step into that table took
//
// SPOOL_NO_EXCEPTIONS is set automatically when the compiler runs without exceptions
// (-fno-exceptions); result<T>::value() on an error then prints the message and terminates. It may
// also be defined by hand to get that behaviour with exceptions enabled.
#pragma once

#if !defined(SPOOL_NO_EXCEPTIONS) && !defined(__cpp_exceptions)
#define SPOOL_NO_EXCEPTIONS 1
#endif

namespace spool::detail {

// Constants mirroring the switches, for `if constexpr` in code that must compile both ways.
#ifdef SPOOL_DISABLE_POOL
inline constexpr bool pool_enabled = false;
#else
inline constexpr bool pool_enabled = true;
#endif

#ifdef SPOOL_DISABLE_LIMIT_FAST_PATH
inline constexpr bool limit_fast_path = false;
#else
inline constexpr bool limit_fast_path = true;
#endif

#ifdef SPOOL_DISABLE_EXACT_SIZE_READ
inline constexpr bool exact_size_read = false;
#else
inline constexpr bool exact_size_read = true;
#endif

#ifdef SPOOL_DISABLE_GENERATION_RESET
inline constexpr bool generation_reset = false;
#else
inline constexpr bool generation_reset = true;
#endif

#ifdef SPOOL_DISABLE_PLAN_MEMO
inline constexpr bool plan_memo_enabled = false;
#else
inline constexpr bool plan_memo_enabled = true;
#endif

#ifdef SPOOL_DISABLE_FAST_DOUBLE_PRINT
inline constexpr bool fast_double_print = false;
#else
inline constexpr bool fast_double_print = true;
#endif

#ifdef SPOOL_DISABLE_OUTPUT_SIZE_HINT
inline constexpr bool output_size_hint = false;
#else
inline constexpr bool output_size_hint = true;
#endif

#ifdef SPOOL_DISABLE_STREAM_RECYCLE
inline constexpr bool stream_recycle = false;
#else
inline constexpr bool stream_recycle = true;
#endif

#ifdef SPOOL_DISABLE_VALUE_NODE_CACHE
inline constexpr bool value_node_cache_enabled = false;
#else
inline constexpr bool value_node_cache_enabled = true;
#endif

#ifdef SPOOL_DISABLE_VALUE_DIRECT_RELEASE
inline constexpr bool value_direct_release = false;
#else
inline constexpr bool value_direct_release = true;
#endif

#ifdef SPOOL_DISABLE_VALUE_LAZY_INDEX
inline constexpr bool value_lazy_index = false;
#else
inline constexpr bool value_lazy_index = true;
#endif

#ifdef SPOOL_DISABLE_VALUE_WORD_STRINGS
inline constexpr bool value_word_strings = false;
#else
inline constexpr bool value_word_strings = true;
#endif

#ifdef SPOOL_DISABLE_VALUE_REPEAT_FINGERPRINTS
inline constexpr bool value_repeat_fingerprints = false;
#else
inline constexpr bool value_repeat_fingerprints = true;
#endif

#ifdef SPOOL_DISABLE_VALUE_LEAF_ARRAYS
inline constexpr bool value_leaf_arrays = false;
#else
inline constexpr bool value_leaf_arrays = true;
#endif

#ifdef SPOOL_DISABLE_KEY_PREDICTION
inline constexpr bool key_prediction = false;
#else
inline constexpr bool key_prediction = true;
#endif

#ifdef SPOOL_DISABLE_JSON_ORDERED_FIELDS
inline constexpr bool json_ordered_fields = false;
#else
inline constexpr bool json_ordered_fields = true;
#endif

#ifdef SPOOL_DISABLE_JSON_BLOCK_UTF8
inline constexpr bool json_block_utf8 = false;
#else
inline constexpr bool json_block_utf8 = true;
#endif

#ifdef SPOOL_DISABLE_JSON_WRITE_BLOCK_UTF8
inline constexpr bool json_write_block_utf8 = false;
#else
inline constexpr bool json_write_block_utf8 = true;
#endif

#ifdef SPOOL_DISABLE_JSON_WRITE_SHORT_COPY
inline constexpr bool json_write_short_copy = false;
#else
inline constexpr bool json_write_short_copy = true;
#endif

#ifdef SPOOL_DISABLE_JSON_WRITE_VALUE_NUMBERS
inline constexpr bool json_write_value_numbers = false;
#else
inline constexpr bool json_write_value_numbers = true;
#endif

#ifdef SPOOL_DISABLE_JSON_WRITE_SHORT_KEYS
inline constexpr bool json_write_short_keys = false;
#else
inline constexpr bool json_write_short_keys = true;
#endif

#ifdef SPOOL_DISABLE_JSON_WRITE_VALUE_MEMBERS
inline constexpr bool json_write_value_members = false;
#else
inline constexpr bool json_write_value_members = true;
#endif

#ifdef SPOOL_DISABLE_JSON_WRITE_VALUE_INLINE_STRINGS
inline constexpr bool json_write_value_inline_strings = false;
#else
inline constexpr bool json_write_value_inline_strings = true;
#endif

#ifdef SPOOL_DISABLE_SCALED_DOUBLE_PARSE
inline constexpr bool scaled_double_parse = false;
#else
inline constexpr bool scaled_double_parse = true;
#endif

#ifdef SPOOL_DISABLE_JSON_MEMORY_CONSTANTS
inline constexpr bool json_memory_constants = false;
#else
inline constexpr bool json_memory_constants = true;
#endif

#ifdef SPOOL_DISABLE_JSON_INLINE_INTEGERS
inline constexpr bool json_inline_integers = false;
#else
inline constexpr bool json_inline_integers = true;
#endif

#ifdef SPOOL_DISABLE_JSON_SHORT_INTEGER_DIGITS
inline constexpr bool json_short_integer_digits = false;
#else
inline constexpr bool json_short_integer_digits = true;
#endif

#ifdef SPOOL_DISABLE_JSON_PLAIN_COMMA
inline constexpr bool json_plain_comma = false;
#else
inline constexpr bool json_plain_comma = true;
#endif

#ifdef SPOOL_DISABLE_JSON_INDENTED_COMMA
inline constexpr bool json_indented_comma = false;
#else
inline constexpr bool json_indented_comma = true;
#endif

#ifdef SPOOL_DISABLE_JSON_SIMD_DIGITS
inline constexpr bool json_simd_digits = false;
#else
inline constexpr bool json_simd_digits = true;
#endif

#ifdef SPOOL_DISABLE_JSON_NUMBER_ARRAYS
inline constexpr bool json_number_arrays = false;
#else
inline constexpr bool json_number_arrays = true;
#endif

#ifdef SPOOL_DISABLE_JSON_VALUE_LOOPS
inline constexpr bool json_value_loops = false;
#else
inline constexpr bool json_value_loops = true;
#endif

#ifdef SPOOL_DISABLE_JSON_INDENT_SKIP
inline constexpr bool json_indent_skip = false;
#else
inline constexpr bool json_indent_skip = true;
#endif

#ifdef SPOOL_DISABLE_JSON_POINT_ARRAYS
inline constexpr bool json_point_arrays = false;
#else
inline constexpr bool json_point_arrays = true;
#endif

#ifdef SPOOL_DISABLE_JSON_SEQUENCE_PLANS
inline constexpr bool json_sequence_plans = false;
#else
inline constexpr bool json_sequence_plans = true;
#endif

#ifdef SPOOL_DISABLE_JSON_VALUE_NUMBER_ARRAYS
inline constexpr bool json_value_number_arrays = false;
#else
inline constexpr bool json_value_number_arrays = true;
#endif

#ifdef SPOOL_DISABLE_JSON_SEQUENCE_SCRATCH
inline constexpr bool json_sequence_scratch = false;
#else
inline constexpr bool json_sequence_scratch = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_BLOCK_UTF8
inline constexpr bool msgpack_block_utf8 = false;
#else
inline constexpr bool msgpack_block_utf8 = true;
#endif

#ifdef SPOOL_DISABLE_UTF8_WIDE_BLOCKS
inline constexpr bool utf8_wide_blocks = false;
#else
inline constexpr bool utf8_wide_blocks = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_KEY_PREDICTION
inline constexpr bool msgpack_key_prediction = false;
#else
inline constexpr bool msgpack_key_prediction = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_ORDERED_FIELDS
inline constexpr bool msgpack_ordered_fields = false;
#else
inline constexpr bool msgpack_ordered_fields = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_INLINE_FLOAT64
inline constexpr bool msgpack_inline_float64 = false;
#else
inline constexpr bool msgpack_inline_float64 = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_INLINE_INTEGERS
inline constexpr bool msgpack_inline_integers = false;
#else
inline constexpr bool msgpack_inline_integers = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_VALUE_RUNS
inline constexpr bool msgpack_value_runs = false;
#else
inline constexpr bool msgpack_value_runs = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_FLOAT_RUNS
inline constexpr bool msgpack_float_runs = false;
#else
inline constexpr bool msgpack_float_runs = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_STRING_IN_PLACE
inline constexpr bool msgpack_string_in_place = false;
#else
inline constexpr bool msgpack_string_in_place = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_STRUCT_RUNS
inline constexpr bool msgpack_struct_runs = false;
#else
inline constexpr bool msgpack_struct_runs = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_SHORT_STRINGS
inline constexpr bool msgpack_short_strings = false;
#else
inline constexpr bool msgpack_short_strings = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_DIRECT_MEMBERS
inline constexpr bool msgpack_direct_members = false;
#else
inline constexpr bool msgpack_direct_members = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_SHORT_STRING_COPY
inline constexpr bool msgpack_short_string_copy = false;
#else
inline constexpr bool msgpack_short_string_copy = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_KEY_SAFE_END
inline constexpr bool msgpack_key_safe_end = false;
#else
inline constexpr bool msgpack_key_safe_end = true;
#endif

#ifdef SPOOL_DISABLE_MAP_NODE_REUSE
inline constexpr bool map_node_reuse = false;
#else
inline constexpr bool map_node_reuse = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_INLINE_SCALARS
inline constexpr bool msgpack_inline_scalars = false;
#else
inline constexpr bool msgpack_inline_scalars = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_DIRECT_ARRAYS
inline constexpr bool msgpack_direct_arrays = false;
#else
inline constexpr bool msgpack_direct_arrays = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_DIRECT_MAPS
inline constexpr bool msgpack_direct_maps = false;
#else
inline constexpr bool msgpack_direct_maps = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_BATCHED_ELEMENTS
inline constexpr bool msgpack_batched_elements = false;
#else
inline constexpr bool msgpack_batched_elements = true;
#endif

#ifdef SPOOL_DISABLE_MSGPACK_EXACT_RESERVE
inline constexpr bool msgpack_exact_reserve = false;
#else
inline constexpr bool msgpack_exact_reserve = true;
#endif

#ifdef SPOOL_DISABLE_TOML_HEADER_CHAIN
inline constexpr bool toml_header_chain = false;
#else
inline constexpr bool toml_header_chain = true;
#endif

#ifdef SPOOL_DISABLE_TOML_NUMBER_FAST_PATH
inline constexpr bool toml_number_fast_path = false;
#else
inline constexpr bool toml_number_fast_path = true;
#endif

#ifdef SPOOL_DISABLE_TOML_WRITE_SCAN
inline constexpr bool toml_write_scan = false;
#else
inline constexpr bool toml_write_scan = true;
#endif

#ifdef SPOOL_DISABLE_TOML_WRITE_SHORT_COPY
inline constexpr bool toml_write_short_copy = false;
#else
inline constexpr bool toml_write_short_copy = true;
#endif

#ifdef SPOOL_DISABLE_TOML_KEY_PREDICTION
inline constexpr bool toml_key_prediction = false;
#else
inline constexpr bool toml_key_prediction = true;
#endif

#ifdef SPOOL_DISABLE_TOML_PREDICTED_KEY_BYTES
inline constexpr bool toml_predicted_key_bytes = false;
#else
inline constexpr bool toml_predicted_key_bytes = true;
#endif

#ifdef SPOOL_DISABLE_TOML_ARRAY_SCRATCH
inline constexpr bool toml_array_scratch = false;
#else
inline constexpr bool toml_array_scratch = true;
#endif

#ifdef SPOOL_DISABLE_TOML_SIBLING_RESERVE
inline constexpr bool toml_sibling_reserve = false;
#else
inline constexpr bool toml_sibling_reserve = true;
#endif

#ifdef SPOOL_DISABLE_TOML_VALUE_BUILDER
inline constexpr bool toml_value_builder = false;
#else
inline constexpr bool toml_value_builder = true;
#endif

#ifdef SPOOL_DISABLE_TOML_REPEATED_HEADER
inline constexpr bool toml_repeated_header = false;
#else
inline constexpr bool toml_repeated_header = true;
#endif

#ifdef SPOOL_DISABLE_TOML_TABLE_RUNS
inline constexpr bool toml_table_runs = false;
#else
inline constexpr bool toml_table_runs = true;
#endif

#ifdef SPOOL_DISABLE_TOML_TYPE_PLANS
inline constexpr bool toml_type_plans = false;
#else
inline constexpr bool toml_type_plans = true;
#endif

#ifdef SPOOL_DISABLE_TOML_STRING_ELEMENTS
inline constexpr bool toml_string_elements = false;
#else
inline constexpr bool toml_string_elements = true;
#endif

#ifdef SPOOL_DISABLE_TOML_TABLE_ARRAY_RESERVE
inline constexpr bool toml_table_array_reserve = false;
#else
inline constexpr bool toml_table_array_reserve = true;
#endif

#ifdef SPOOL_DISABLE_TOML_REGISTRY_KEY_VIEWS
inline constexpr bool toml_registry_key_views = false;
#else
inline constexpr bool toml_registry_key_views = true;
#endif

#ifdef SPOOL_DISABLE_TOML_REGISTRY_WORD_HASH
inline constexpr bool toml_registry_word_hash = false;
#else
inline constexpr bool toml_registry_word_hash = true;
#endif

#ifdef SPOOL_DISABLE_TOML_STRING_IN_PLACE
inline constexpr bool toml_string_in_place = false;
#else
inline constexpr bool toml_string_in_place = true;
#endif

#ifdef SPOOL_DISABLE_TOML_BARE_KEY_BLOCKS
inline constexpr bool toml_bare_key_blocks = false;
#else
inline constexpr bool toml_bare_key_blocks = true;
#endif

#ifdef SPOOL_DISABLE_TOML_HEADER_PREDICTION
inline constexpr bool toml_header_prediction = false;
#else
inline constexpr bool toml_header_prediction = true;
#endif

}  // namespace spool::detail
