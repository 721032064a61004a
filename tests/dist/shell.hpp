#pragma once
// Running shell commands and the built roce-doctor for the tests of what ships; temporary folders.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/files.hpp"
#include "support/paths.hpp"

namespace roce::test {

/// This build's program, the source tree and the build tree (every tests/dist target defines them).
inline const std::string kBin = ROCE_DOCTOR_BIN;
inline const std::string kSource = ROCE_SOURCE_DIR;
inline const std::string kBuild = ROCE_BUILD_DIR;

struct ShellRun {
  int exit_code = -1;
  std::string out, err;
};

struct ScratchDir {
  std::string path;
  ScratchDir() {
    std::string templ = std::string(P_tmpdir) + "/roce-dist-XXXXXX";
    path = ::mkdtemp(templ.data());
  }
  ~ScratchDir() { std::filesystem::remove_all(path); }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

/// 'text' as one shell word.
inline std::string shell_word(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Runs `command` with sh -c; stdout and stderr apart.
inline ShellRun shell(const std::string& command) {
  ScratchDir dir;
  const std::string out = dir.path + "/out", err = dir.path + "/err";
  const std::string full = "( " + command + " ) >" + shell_word(out) + " 2>" + shell_word(err) + " </dev/null";
  const int status = std::system(full.c_str());
  ShellRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

inline bool have_command(const std::string& name) { return shell("command -v " + shell_word(name)).exit_code == 0; }

}  // namespace roce::test
