#pragma once
// Runs a helper executable (apply_helper, sim_apply_helper) as a child process and collects the
// step boundaries it prints ("boundary N NAME"), for the kill -9 tests.
#include <sstream>
#include <string>
#include <vector>

#include "support/run_binary.hpp"

namespace roce::test {

struct ChildRun {
  int status = 0;
  std::vector<std::string> boundaries;
  std::string output;
};

inline ChildRun run_child(const std::string& executable, const std::vector<std::string>& args) {
  std::vector<std::string> argv{executable};
  argv.insert(argv.end(), args.begin(), args.end());
  const Run ran = run_process(argv);
  ChildRun run;
  run.status = ran.status;
  run.output = ran.out;
  std::istringstream lines(run.output);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("boundary ", 0) == 0) run.boundaries.push_back(line.substr(line.find(' ', 9) + 1));
  return run;
}

}  // namespace roce::test
