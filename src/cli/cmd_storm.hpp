#pragma once
// roce-doctor storm PATH... [--switch SNAPSHOTS...] [--prometheus URL --since T --until T] [--bin 1s]
//                    [--max-skew 100ms] [--json] [-o storm.html]
// Who started a pause storm: hosts' recordings and captures, switches' snapshot files and a
// Prometheus server's series read into port series (incident::trace_storms), each storm's origin,
// cause, spread and victims, and the fix for the origin. Exit 0 no storm, 1 a storm of incast, 2 a
// storm of another cause (storm/verdict.hpp), 3 an input error, 5 no pause counter in any input.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct StormOptions {
  std::vector<std::string> paths;
  std::vector<std::string> switches;  // --switch: snapshot files, a switch's folder, a folder of them
  std::string switch_name;
  std::string prometheus, since, until;
  std::string bin, max_skew = "100ms";
  std::string html_out;
  bool json = false;
};

void add_storm_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_storm(const StormOptions& options);

}  // namespace roce::cli
