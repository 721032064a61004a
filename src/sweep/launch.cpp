// The command lines that place a step on its nodes: srun, or a site's command template.
#include "sweep/launch.hpp"

#include <cctype>
#include <cstdlib>
#include <set>

#include "fabric/hostlist.hpp"
#include "util/text.hpp"

namespace roce::sweep {
namespace {

bool plain_word(const std::string& w) {
  if (w.empty()) return false;
  for (char c : w)
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string_view("_./=:,@%+-").find(c) == std::string_view::npos)
      return false;
  return true;
}

std::string replace_all(std::string text, const std::string& what, const std::string& with) {
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
  return text;
}

}  // namespace

std::string shell_join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    if (plain_word(w)) {
      out += w;
      continue;
    }
    out += '\'';
    for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

std::vector<std::string> step_command(const Launch& launch, const Step& step, const std::string& node) {
  std::vector<std::string> argv = {launch.self,         "sweep", "step",        launch.plan_path,
                                   id_list(step.tests), "--out", launch.out_dir};
  if (!node.empty()) argv.insert(argv.end(), {"--node", node});
  if (!launch.replay.empty()) argv.insert(argv.end(), {"--replay", launch.replay});
  return argv;
}

std::vector<std::vector<std::string>> launch_commands(const Launch& launch, const Step& step) {
  if (launch.runner == RunnerKind::slurm) {
    const std::string n = std::to_string(step.nodes.size());
    std::vector<std::string> argv = {"srun",
                                     "--nodes=" + n,
                                     "--ntasks=" + n,
                                     "--ntasks-per-node=1",
                                     "--nodelist=" + util::join(step.nodes, ","),
                                     "--exact",
                                     "--quiet",
                                     "--kill-on-bad-exit=0",
                                     "--job-name=roce-doctor-sweep"};
    const auto step_argv = step_command(launch, step, "");
    argv.insert(argv.end(), step_argv.begin(), step_argv.end());
    return {argv};
  }
  std::vector<std::vector<std::string>> commands;
  for (const auto& node : step.nodes) {
    std::string line = replace_all(launch.command_template, "{command}", shell_join(step_command(launch, step, node)));
    line = replace_all(line, "{host}", shell_join({node}));
    commands.push_back({"/bin/sh", "-c", line});
  }
  return commands;
}

roce::Outcome check_template(const std::string& command_template) {
  if (command_template.find("{command}") == std::string::npos)
    return fail("--template \"" + command_template + "\" has no {command}",
                "the template runs {command} on {host}: 'ssh {host} {command}', 'pdsh -w {host} {command}'");
  return done();
}

roce::Outcome check_allocation(const std::vector<std::string>& hosts, const std::string& run_line) {
  const char* job = std::getenv("SLURM_JOB_ID");
  const std::string nodes = fabric::compress_hostlist(hosts);
  if (!job || !*job)
    return fail("--runner slurm runs inside a Slurm allocation of the plan's hosts, and SLURM_JOB_ID is not set",
                "salloc -w " + nodes + " --ntasks-per-node=1 " + run_line + "   or   sbatch -w " + nodes +
                    " --ntasks-per-node=1 --wrap " + shell_join({run_line}) +
                    "   (or --runner template for sites without Slurm)");
  const char* list = std::getenv("SLURM_JOB_NODELIST");
  if (!list || !*list) return done();  // srun will say which node it cannot reach
  auto allocated = fabric::expand_hostlist(list);
  if (!allocated) return done();
  const std::set<std::string> in_job(allocated->begin(), allocated->end());
  std::vector<std::string> missing;
  for (const auto& h : hosts)
    if (!in_job.count(h)) missing.push_back(h);
  if (!missing.empty())
    return fail(
        "job " + std::string(job) + " does not hold " + fabric::compress_hostlist(missing) + " (it holds " +
            std::string(list) + ")",
        "run the sweep in an allocation of the plan's hosts: salloc -w " + nodes + " --ntasks-per-node=1 " + run_line);
  return done();
}

}  // namespace roce::sweep
