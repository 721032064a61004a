#pragma once
// Runs a helper executable (apply_helper, sim_apply_helper) as a child process and collects the
// step boundaries it prints ("boundary N NAME"), for the kill -9 tests.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "support/temp_dir.hpp"

namespace roce::test {

struct ChildRun {
  int status = 0;
  std::vector<std::string> boundaries;
  std::string output;
};

inline ChildRun run_child(const std::string& executable, const std::vector<std::string>& args) {
  TempDir out;
  const std::string out_file = out.path() + "/stdout";
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!std::freopen(out_file.c_str(), "w", stdout)) ::_exit(126);
    std::vector<char*> argv;
    std::string exe = executable;
    argv.push_back(exe.data());
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ChildRun run;
  ::waitpid(pid, &run.status, 0);
  std::ifstream in(out_file, std::ios::binary);
  run.output.assign(std::istreambuf_iterator<char>(in), {});
  std::istringstream lines(run.output);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("boundary ", 0) == 0) run.boundaries.push_back(line.substr(line.find(' ', 9) + 1));
  return run;
}

}  // namespace roce::test
