// The topology `topo` shows and judges: live sysfs, or a capture.
#include "judge/topology_input.hpp"

#include "import/path_kind.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "sources/sysfs/topology_walk.hpp"
#include "topology/capture_topology.hpp"

namespace roce::judge {

// The topology of the live sysfs, or of --from PATH read as `check --from` reads it (read_input). A
// file that is no capture is read as a topology file, so that its error names the line at fault.
Expected<TopologyRead> read_topology(const InputRequest& base, const std::string& from) {
  TopologyRead r;
  if (from.empty()) {
    if (auto root = sources::sysfs::check_sysfs_root(base.system.sysfs_root); !root)
      return fail(std::move(root.error()));
    auto live = sources::sysfs::read_topology(sources::sysfs::resolve_sysfs_root(base.system.sysfs_root));
    r.topology = std::move(live.topology);
    r.warnings = std::move(live.warnings);
    return r;
  }
  const auto kind = import::classify_path(from);
  if (!kind) return fail(kind.error());
  if (*kind == import::PathKind::unknown || *kind == import::PathKind::command_output) {
    auto t = topology::read_topology_file(from);
    if (!t) return fail(std::move(t.error()));
    r.topology = std::move(*t);
    return r;
  }
  InputRequest request = base;
  request.captures = {from};
  auto in = read_input(request);
  const bool folder = *kind == import::PathKind::capture_folder || *kind == import::PathKind::folder;
  if (!in && !folder) return fail(in.error());
  if (in)
    for (const auto& note : in->now.notes)
      if (note.subject == "topology") r.warnings.push_back(note.message);
  if (in && in->observations.topology) {
    r.topology = std::move(*in->observations.topology);
    return r;
  }
  if (!folder) return fail(from + ": no GPU-NIC topology in this " + import::to_string(*kind));
  return fail(from +
                  ": no GPU-NIC topology in this capture; looked for a sysfs copy (sys/bus/pci/devices), "
                  "sos_commands/nvidia/nvidia-smi_topo_-m, files named like nvidia-smi topo -m output and "
                  "NCCL or hwloc topology XML (*topo*.xml, *hwloc*.xml)" +
                  (r.warnings.empty() ? std::string() : "; problems: " + r.warnings.front()),
              "give the output of `nvidia-smi topo -m`, the file NCCL_TOPO_DUMP_FILE names or `lstopo --of xml`");
}

}  // namespace roce::judge
