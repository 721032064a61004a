#pragma once
// roce-doctor sweep plan (--hosts LIST | --hostfile FILE | --from CAPTURE...) [-o PLAN] [--json]
// roce-doctor sweep run PLAN -o DIR [--runner slurm|template] [--template 'ssh {host} {command}']
// roce-doctor sweep localize DIR [--from CAPTURE...] [--switch EXPORT...] [--json] [-o FILE.html]
// roce-doctor sweep step PLAN IDS --out DIR (hidden: what each job step runs on its nodes)
// Which link is the slow one: bandwidth tests planned in rounds over the fabric (no NIC in two tests
// of a round, rail-aligned), run in parallel through Slurm job steps or a command template, and the
// degraded parts (NIC port, PCIe, cable, leaf port, spine link) inferred from the results.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct SweepPlanOptions {
  std::string hosts, hostfile;
  std::vector<std::string> captures, switch_exports;
  int rails = 8;
  std::string devices;  // "mlx5_0,mlx5_1"
  std::string line_rate = "400G";
  int hosts_per_leaf = 32, spines = 8;
  bool no_rail_optimized = false;
  int rounds = 0;
  std::string test = "write", size = "1MiB", duration = "10s", timeout;
  unsigned qps = 1;
  std::string output = "sweep-plan.json";
  bool json = false;
};

struct SweepRunOptions {
  std::string plan, out_dir;
  std::string runner = "slurm";
  std::string command_template;
  std::string timeout, duration;
  std::string replay;
  bool adaptive = true;
};

struct SweepStepOptions {
  std::string plan, ids, out_dir, node, replay;
};

struct SweepLocalizeOptions {
  std::string dir;
  std::vector<std::string> captures, switch_exports;
  std::string line_rate, profile, html_out;
  bool json = false;
};

/// Adds `sweep` and its subcommands; once parsed, the one given runs and leaves its exit code.
void add_sweep_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_sweep_plan(const GlobalOptions& global, const SweepPlanOptions& options);
int run_sweep_run(const SweepRunOptions& options);
int run_sweep_step(const SweepStepOptions& options);
int run_sweep_localize(const GlobalOptions& global, const SweepLocalizeOptions& options);

}  // namespace roce::cli
