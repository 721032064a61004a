#pragma once
// Runs the built roce-doctor binary through the shell for the end-to-end tests.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "support/files.hpp"
#include "support/paths.hpp"

namespace roce::test {

struct Run {
  int exit_code = -1;
  std::string out, err;
};

inline std::string temp_path(const std::string& name) {
  return std::string(P_tmpdir) + "/roce-cli-test-" + std::to_string(getpid()) + "-" + name;
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Runs `prefix roce-doctor args` through the shell (args are trusted test strings).
inline Run run(const std::string& args, const std::string& prefix = "") {
  const std::string out = temp_path("stdout"), err = temp_path("stderr");
  const std::string cmd =
      prefix + " '" + std::string(ROCE_DOCTOR_BIN) + "' " + args + " >'" + out + "' 2>'" + err + "'";
  const int status = std::system(cmd.c_str());
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

}  // namespace roce::test
