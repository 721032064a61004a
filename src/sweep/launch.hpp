#pragma once
// How a step is placed on its nodes: by Slurm (one `srun` job step over its one or two nodes,
// inside the allocation the sweep runs in), or by a command template for sites without Slurm
// (`ssh {host} {command}`, `pdsh -w {host} {command}`: one command per node). roce-doctor starts
// no daemon of its own: the scheduler or the template's tool reaches the nodes.
#include <string>
#include <vector>

#include "sweep/steps.hpp"
#include "util/expected.hpp"

namespace roce::sweep {

enum class RunnerKind : std::uint8_t { slurm, command_template };

struct Launch {
  RunnerKind runner = RunnerKind::slurm;
  std::string command_template;  // with {host} and {command}
  std::string self;              // roce-doctor's path, the same on every node
  std::string plan_path;         // the plan in the results folder
  std::string out_dir;           // the results folder
  std::string replay;            // a fabric model (--replay); empty: perftest
};

/// The `sweep step` command line for the step's tests on `node` (empty: the node finds its own name).
std::vector<std::string> step_command(const Launch& launch, const Step& step, const std::string& node);

/// The command lines that run a step: one srun for Slurm, one `sh -c TEMPLATE` per node for a
/// template.
std::vector<std::vector<std::string>> launch_commands(const Launch& launch, const Step& step);

/// A template has {command} (and {host}, unless one node is all it reaches). Fails saying what is missing.
roce::Outcome check_template(const std::string& command_template);

/// `words` as one shell command line: each word quoted when it holds anything but [A-Za-z0-9_./=:,@%+-].
std::string shell_join(const std::vector<std::string>& words);

/// Inside a Slurm allocation holding every host of `hosts`? Fails with the salloc and sbatch lines
/// to run the sweep with when SLURM_JOB_ID is not set, and naming the hosts the allocation lacks.
roce::Outcome check_allocation(const std::vector<std::string>& hosts, const std::string& run_line);

}  // namespace roce::sweep
