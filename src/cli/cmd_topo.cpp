// roce-doctor topo: reads the GPU–NIC topology, prints the matrix and the TOPO-* findings.
#include "cli/cmd_topo.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "checks/registry.hpp"
#include "cli/options.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "engine/verdict.hpp"
#include "import/load_capture.hpp"
#include "judge/judge.hpp"
#include "profile/profile.hpp"
#include "report/check_json.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "topology/capture_topology.hpp"
#include "topology/sysfs_topology.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

namespace fs = std::filesystem;
using ordered_json = nlohmann::ordered_json;

struct TopoOptions {
  std::string from;
  std::string profile;
  bool json = false;
};

struct Read {
  model::Topology topology;
  std::vector<std::string> warnings;
};

// The topology of --from PATH (a file, a capture folder or an archive of one), or of the live sysfs.
Expected<Read> read_topology(const GlobalOptions& global, const std::string& from) {
  Read r;
  if (from.empty()) {
    auto live = topology::read_sysfs_topology(sources::sysfs::resolve_sysfs_root(global.system.sysfs_root));
    r.topology = std::move(live.topology);
    r.warnings = std::move(live.warnings);
    return r;
  }
  std::error_code ec;
  if (fs::is_directory(from, ec)) {
    auto t = topology::find_topology(from, r.warnings);
    if (!t)
      return fail(from +
                      ": no GPU-NIC topology in this capture; looked for a sysfs copy (sys/bus/pci/devices), "
                      "sos_commands/nvidia/nvidia-smi_topo_-m, files named like nvidia-smi topo -m output and "
                      "NCCL or hwloc topology XML (*topo*.xml, *hwloc*.xml)" +
                      (r.warnings.empty() ? std::string() : "; problems: " + r.warnings.front()),
                  "give the output of `nvidia-smi topo -m`, the file NCCL_TOPO_DUMP_FILE names or `lstopo --of xml`");
    r.topology = std::move(*t);
    return r;
  }
  // An archive of a capture: what `check --from` would read of it.
  std::string head(6, '\0');
  if (FILE* f = std::fopen(from.c_str(), "rb")) {
    head.resize(std::fread(head.data(), 1, head.size(), f));
    std::fclose(f);
  }
  const bool archive = head.rfind("\x1f\x8b", 0) == 0 ||
                       head.rfind(
                           "\xfd"
                           "7zXZ",
                           0) == 0 ||
                       head.rfind("BZh", 0) == 0;
  if (archive) {
    auto bundle = import::load_capture(from);
    if (!bundle) return fail(std::move(bundle.error()));
    if (!bundle->observations.topology) return fail(from + ": no GPU-NIC topology in this archive");
    r.topology = std::move(*bundle->observations.topology);
    return r;
  }
  auto t = topology::read_topology_file(from);
  if (!t) return fail(std::move(t.error()));
  r.topology = std::move(*t);
  return r;
}

std::string pad(const std::string& s, std::size_t width) {
  return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

std::string matrix_text(const model::Topology& t) {
  std::size_t width = 8;
  for (const auto& n : t.nics) width = std::max(width, n.name.size() + 2);
  std::string s = pad("", width);
  for (const auto& n : t.nics) s += pad(n.name, width);
  s += "NUMA\n";
  for (const auto& g : t.gpus) {
    s += pad(g.name, width);
    for (const auto& n : t.nics) {
      const auto* p = t.pair(g.name, n.name);
      s += pad(p ? model::to_string(p->distance) : "?", width);
    }
    s += (g.numa_node ? std::to_string(*g.numa_node) : "?") + "\n";
  }
  return s;
}

std::string device_lines(const std::vector<model::TopoDevice>& devices) {
  std::string s;
  for (const auto& d : devices) {
    s += "  " + d.name;
    if (!d.pci_address.empty()) s += "  " + d.pci_address;
    s += "  NUMA " + (d.numa_node ? std::to_string(*d.numa_node) : std::string("?"));
    s += "\n";
  }
  return s;
}

ordered_json device_json(const model::TopoDevice& d) {
  ordered_json path = ordered_json::array();
  for (const auto& h : d.path) {
    auto opt = [](const auto& v) { return v ? ordered_json(*v) : ordered_json(nullptr); };
    path.push_back({{"address", h.address},
                    {"current_link_speed", opt(h.current_speed)},
                    {"max_link_speed", opt(h.max_speed)},
                    {"current_link_width", opt(h.current_width)},
                    {"max_link_width", opt(h.max_width)}});
  }
  return {{"name", d.name},
          {"pci_address", d.pci_address.empty() ? ordered_json(nullptr) : ordered_json(d.pci_address)},
          {"numa_node", d.numa_node ? ordered_json(*d.numa_node) : ordered_json(nullptr)},
          {"root", d.root.empty() ? ordered_json(nullptr) : ordered_json(d.root)},
          {"pcie_path", path}};
}

int run_topo(const GlobalOptions& global, const TopoOptions& options) {
  auto read = read_topology(global, options.from);
  if (!read) return report_error(read.error(), kExitInputError, options.json);
  const auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError, options.json);
  print_warnings(read->warnings);
  const auto& t = read->topology;

  const model::Host host;
  model::Observations observations;
  observations.topology = t;
  const engine::Context ctx(host, nullptr, 0, *profile, &observations);
  engine::Selection only;
  for (const auto& c : checks::all_checks())
    for (engine::Need n : c.needs)
      if (n == engine::Need::topology) only.only.emplace_back(c.id);
  const auto results = checks::run_checks(ctx, only);
  const auto findings = engine::ranked_findings(checks::all_checks(), results);
  const int code = engine::verdict_of(results).exit_code();

  std::string out;
  if (options.json) {
    ordered_json doc;
    doc["schema_version"] = 1;
    doc["source"] = {{"kind", t.from.source}, {"path", t.from.locator}};
    doc["gpus"] = ordered_json::array();
    for (const auto& g : t.gpus) doc["gpus"].push_back(device_json(g));
    doc["nics"] = ordered_json::array();
    for (const auto& n : t.nics) doc["nics"].push_back(device_json(n));
    doc["pairs"] = ordered_json::array();
    for (const auto& p : t.pairs)
      doc["pairs"].push_back({{"gpu", p.gpu}, {"nic", p.nic}, {"distance", model::to_string(p.distance)}});
    doc["findings"] = ordered_json::array();
    for (const auto& f : findings)
      doc["findings"].push_back({{"id", f.id}, {"severity", engine::to_string(f.severity)}, {"title", f.title}});
    doc["results"] = ordered_json::array();
    for (const auto& r : results)
      doc["results"].push_back(
          {{"id", r.id},
           {"status", engine::to_string(r.status)},
           {"skipped_reason", r.skipped_reason.empty() ? ordered_json(nullptr) : ordered_json(r.skipped_reason)}});
    doc["exit_code"] = code;
    out = doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
  } else {
    out = "GPU-NIC topology from " + t.from.source + " (" + t.from.locator + ")\n";
    if (t.gpus.empty())
      out += "no GPU found\n";
    else
      out += "\n" + matrix_text(t);
    if (!t.gpus.empty()) out += "\nGPUs:\n" + device_lines(t.gpus);
    if (!t.nics.empty()) out += "RDMA NICs:\n" + device_lines(t.nics);
    out +=
        "\nLegend: PIX one PCIe switch, PXB several bridges, PHB the host bridge, NODE two host bridges of a\n"
        "NUMA node, SYS across NUMA nodes. NCCL uses GPUDirect RDMA up to PXB by default.\n\n";
    if (findings.empty()) out += code == kExitNothingJudged ? "Nothing judged.\n" : "No finding.\n";
    for (const auto& f : findings) {
      std::string sev = engine::to_string(f.severity);
      for (auto& c : sev) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      out += pad(sev, 9) + pad(f.id, 20) + f.title + "\n";
    }
    for (const auto& r : results)
      if (r.status == engine::CheckResult::Status::skipped)
        out += "skipped  " + pad(r.id, 20) + r.skipped_reason + "\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return code;
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
