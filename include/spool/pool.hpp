// Reusable memory for spool's readers and writers, and whole-input reads.
//
// Parsing allocates the same kinds of scratch space again and again (string unescaping, number
// text, output); spool keeps a few such buffers per thread and hands them out as RAII leases.
// A lease owns its buffer while held, so it may cross a coroutine suspension or move to another
// thread; the thread that ends it keeps the buffer for its next lease. Nothing locks.
//
//   {
//     spool::buffer_lease scratch = spool::lease_buffer();
//     scratch->append("hello");
//   }                                               // back to this thread's pool, cleared
//
//   spool::result<spool::buffer_lease> body = spool::read_file("data.json");
//   if (!body) std::cerr << body.error().message() << '\n';
//   else parse(body.value()->view());
//
//   auto ctx = spool::lease_object<my_decoder_context>();   // per-thread cache of contexts
//
// Retention is bounded: at most 4 idle buffers per class and thread; a scratch buffer larger than
// pool_buffer_limit() (default 32 KiB, raise with set_pool_buffer_limit) and an input buffer
// larger than 1 MiB are freed on return rather than kept. Compile with SPOOL_DISABLE_POOL to
// make every lease fresh (see detail/config.hpp for all switches).
#pragma once

#include <spool/detail/pool/byte_buffer.hpp>
#include <spool/detail/pool/limits.hpp>
#include <spool/detail/pool/object_pool.hpp>
#include <spool/detail/pool/read_whole.hpp>
#include <spool/detail/pool/thread_pool.hpp>
#include <spool/error.hpp>
