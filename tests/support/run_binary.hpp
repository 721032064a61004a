#pragma once
// Runs shell commands and the built roce-doctor binary for the end-to-end tests, stdout and stderr
// captured apart.
#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

struct Run {
  int exit_code = -1;
  std::string out, err;
};

/// 'text' as one shell word.
inline std::string shell_word(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Runs `command` with sh -c, stdin from /dev/null; stdout and stderr apart.
inline Run shell(const std::string& command) {
  const TempDir dir("shell");
  const std::string out = dir.path("out"), err = dir.path("err");
  const std::string full = "( " + command + " ) >" + shell_word(out) + " 2>" + shell_word(err) + " </dev/null";
  const int status = std::system(full.c_str());
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

/// Runs `prefix roce-doctor args` through the shell (args are trusted test strings).
inline Run run(const std::string& args, const std::string& prefix = "") {
  return shell(prefix + " " + shell_word(ROCE_DOCTOR_BIN) + " " + args);
}

}  // namespace roce::test
