// roce-doctor topo: reads the GPU–NIC topology, prints the matrix and the TOPO-* findings.
#include "cli/cmd_topo.hpp"

#include <cstdio>
#include <memory>

#include "cli/options.hpp"
#include "judge/judge.hpp"
#include "judge/topology_input.hpp"
#include "report/topo_view.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

struct TopoOptions {
  std::string from;
  std::string profile;
  bool json = false;
};

int run_topo(const GlobalOptions& global, const TopoOptions& options) {
  auto read = judge::read_topology(input_request(global), options.from);
  if (!read) return report_error(read.error(), kExitInputError, options.json);
  const auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError, options.json);
  print_warnings(read->warnings);
  // The topology alone is judged: the TOPO-* checks (and any other that reads it).
  judge::Input input;
  input.observations.topology = read->topology;
  const report::CheckRun run = judge::judge(input, *profile, {.selection = {}, .host = false});
  const std::string out =
      options.json ? report::render_topo_json(read->topology, run) : report::render_topo_text(read->topology, run);
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return verdict_of(run).exit_code();
}

}  // namespace

void add_topo_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<TopoOptions>();
  auto* topo = app.add_subcommand(
      "topo", "GPU-NIC topology: the PIX/PXB/PHB/NODE/SYS matrix, PCIe links and NUMA placement, judged");
  topo->add_option("--from", options->from,
                   "Read a capture instead of this host: a folder or archive (sysfs copy, sos report), an "
                   "`nvidia-smi topo -m` output, NCCL's topology dump (NCCL_TOPO_DUMP_FILE) or hwloc's "
                   "`lstopo --of xml`");
  add_system_options(*topo, global);
  add_profile_option(*topo, options->profile, "TOPO-BALANCE reads [thresholds.TOPO-BALANCE] max_gpus_per_nic");
  add_json_flag(*topo, options->json, "the topology and the findings");
  topo->callback([&global, &exit_code, options] { exit_code = run_topo(global, *options); });
}

}  // namespace roce::cli
