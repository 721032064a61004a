#pragma once
// Runs a program, a shell command or the built roce-doctor binary for the tests and waits for it,
// stdout and stderr captured apart.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

struct Run {
  int exit_code = -1;  // -1: it did not exit (a signal ended it)
  int status = 0;      // as waitpid gives it
  std::string out, err;
};

/// 'text' as one shell word.
inline std::string shell_word(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Runs the program argv[0] (a path) with the rest as its arguments and waits for it; stdin is
/// /dev/null, stdout and stderr are captured apart.
inline Run run_process(const std::vector<std::string>& argv) {
  const TempDir dir("run");
  const std::string out = dir.path("out"), err = dir.path("err");
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!std::freopen("/dev/null", "r", stdin) || !std::freopen(out.c_str(), "w", stdout) ||
        !std::freopen(err.c_str(), "w", stderr))
      ::_exit(126);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  Run r;
  if (pid < 0 || ::waitpid(pid, &r.status, 0) != pid) return r;
  r.exit_code = WIFEXITED(r.status) ? WEXITSTATUS(r.status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

/// Runs `command` with sh -c.
inline Run shell(const std::string& command) { return run_process({"/bin/sh", "-c", command}); }

/// Runs `prefix roce-doctor args` through the shell (args are trusted test strings).
inline Run run(const std::string& args, const std::string& prefix = "") {
  return shell(prefix + " " + shell_word(ROCE_DOCTOR_BIN) + " " + args);
}

}  // namespace roce::test
