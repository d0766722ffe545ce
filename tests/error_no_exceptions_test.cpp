// result<T>::value() on an error in a build without exceptions: print message() and terminate.
//
// SPOOL_NO_EXCEPTIONS selects exactly the code path that -fno-exceptions selects (config.hpp sets
// it from __cpp_exceptions); defining it here tests that path without a special compiler flag.
// This executable's only spool translation unit is this file, so the One Definition Rule holds.
// The file also builds with -fno-exceptions itself, hence CHECK and no REQUIRE (which throws).
#define SPOOL_NO_EXCEPTIONS 1

#include <doctest/doctest.h>

#include <csignal>
#include <string>

#include <spool/error.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct child_outcome {
  int signal = 0;       // the signal that ended the child, 0 when it exited
  int exit_code = -1;   // its exit status when it exited
  std::string stderr_;  // what it wrote to stderr
};

// Runs `body` in a forked child with stderr captured.
template <class F>
child_outcome run_in_child(F body) {
  int fds[2];
  bool piped = ::pipe(fds) == 0;
  CHECK(piped);
  if (!piped) return {};
  pid_t pid = ::fork();
  CHECK(pid >= 0);
  if (pid < 0) return {};
  if (pid == 0) {
    rlimit no_core{0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
    std::signal(SIGABRT, SIG_DFL);  // doctest's crash handler would report and keep going
    ::dup2(fds[1], STDERR_FILENO);
    ::close(fds[0]);
    body();
    ::_exit(0);
  }
  ::close(fds[1]);
  child_outcome out;
  char chunk[256];
  for (ssize_t n; (n = ::read(fds[0], chunk, sizeof chunk)) > 0;) out.stderr_.append(chunk, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  CHECK(::waitpid(pid, &status, 0) == pid);
  if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  if (WIFEXITED(status)) out.exit_code = WEXITSTATUS(status);
  return out;
}

}  // namespace

TEST_CASE("value() on an error prints the message and terminates") {
  spool::error e = spool::make_error(spool::errc::unexpected_type, 7, "integer", "string");
  e.at_key("port");
  e.source_name = "config.toml";
  e.locate("port = \"x\"");
  spool::result<int> bad = e;

  child_outcome out = run_in_child([&] { (void)bad.value(); });
  CHECK(out.signal == SIGABRT);
  CHECK(out.stderr_.find(e.message()) != std::string::npos);
  CHECK(out.stderr_.find("config.toml:1:8: error: expected integer for 'port', found string") != std::string::npos);

  spool::result<void> bad_void = spool::make_error(spool::errc::io, 0);
  child_outcome void_out = run_in_child([&] { bad_void.value(); });
  CHECK(void_out.signal == SIGABRT);
  CHECK(void_out.stderr_.find("I/O error") != std::string::npos);
}

TEST_CASE("value() on a value returns it without terminating") {
  spool::result<int> good = 3;
  child_outcome out = run_in_child([&] {
    if (good.value() != 3) ::_exit(1);
  });
  CHECK(out.signal == 0);
  CHECK(out.exit_code == 0);
  CHECK(out.stderr_.empty());
}
