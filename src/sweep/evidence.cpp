// Findings mapped onto fabric components, and the judging of the captures they come from.
#include "sweep/evidence.hpp"

#include <map>

#include "import/switch_archives.hpp"
#include "judge/judge.hpp"

namespace roce::sweep {
namespace {

using fabric::Kind;

std::string first_label(const std::string& name) { return name.substr(0, name.find('.')); }

// The component kind a check names when it finds something about a NIC.
Kind kind_of(const std::string& id) {
  if (id == "PCIE-LINK" || id == "TOPO-PCIE-DEGRADED") return Kind::pcie;
  if (id == "LINK-SIGNAL" || id == "LINK-FLAP") return Kind::cable;
  return Kind::nic;
}

int severity_of(engine::Severity s) { return s == engine::Severity::critical ? 2 : 1; }

}  // namespace

std::vector<fabric::Evidence> evidence_of(const fabric::Fabric& fabric, const std::vector<JudgedFindings>& judged) {
  const fabric::HostRails rails(fabric);
  std::map<std::string, int> host_index, leaf_index;
  for (int h = 0; h < static_cast<int>(fabric.hosts.size()); ++h) host_index[first_label(fabric.hosts[h].name)] = h;
  for (int l = 0; l < static_cast<int>(fabric.leaves.size()); ++l) leaf_index[fabric.leaves[l]] = l;
  // A leaf's ports: "leaf01 Ethernet8" -> the host rail cabled to it, or the uplink.
  std::map<std::string, fabric::Component> switch_ports;
  for (fabric::HostRail hr = 0; hr < rails.size(); ++hr) {
    const auto& rail = fabric.hosts[rails.host(hr)].rails[rails.rail(hr)];
    if (rail.leaf >= 0 && !rail.leaf_port.empty())
      switch_ports[fabric.leaves[rail.leaf] + " " + rail.leaf_port] = {Kind::leaf_port, hr};
  }
  for (std::uint32_t u = 0; u < fabric.uplinks.size(); ++u)
    if (!fabric.uplinks[u].leaf_port.empty())
      switch_ports[fabric.leaves[fabric.uplinks[u].leaf] + " " + fabric.uplinks[u].leaf_port] = {Kind::spine_link, u};

  std::vector<fabric::Evidence> out;
  for (const auto& j : judged) {
    const auto host = host_index.find(first_label(j.hostname));
    for (const auto& f : j.findings) {
      if (f.severity == engine::Severity::info) continue;
      if (const auto sp = switch_ports.find(f.subject.netdev); sp != switch_ports.end()) {
        out.push_back({sp->second, f.id, f.subject.netdev + ": " + f.title, severity_of(f.severity)});
        continue;
      }
      if (host == host_index.end()) continue;
      const auto& host_rails = fabric.hosts[host->second].rails;
      for (int r = 0; r < static_cast<int>(host_rails.size()); ++r) {
        const auto& rail = host_rails[r];
        const bool same = (!f.subject.rdma_device.empty() && f.subject.rdma_device == rail.device) ||
                          (!f.subject.netdev.empty() && f.subject.netdev == rail.netdev);
        if (!same) continue;
        out.push_back({{kind_of(f.id), *rails.of(host->second, r)},
                       f.id,
                       j.hostname + " " + f.subject.to_string() + ": " + f.title,
                       severity_of(f.severity)});
        break;
      }
    }
  }
  return out;
}

std::vector<JudgedFindings> judge_evidence(const std::vector<std::string>& captures,
                                           const std::vector<std::string>& switch_exports,
                                           const profile::Profile& profile, std::vector<std::string>& notes) {
  std::vector<JudgedFindings> out;
  for (const auto& path : captures) {
    judge::InputRequest request;
    request.captures = {path};
    auto input = judge::read_input(request);
    if (!input) {
      notes.push_back(path + ": not judged: " + input.error().message);
      continue;
    }
    const auto run = judge::judge(*input, profile);
    out.push_back({input->now.hostname.empty() ? path : input->now.hostname, run.ranked});
  }
  if (!switch_exports.empty()) {
    // The switches alone: their own findings (XSW-COUNTERS) need no host at the other end.
    auto side = import::read_switch_exports_or_archives(switch_exports, "");
    if (!side) {
      notes.push_back("switch exports: not judged: " + side.error().message);
      return out;
    }
    judge::Input input;
    input.now.hostname = "switch exports";
    input.origin = "switch exports";
    input.observations.switches = std::move(*side);
    const auto run = judge::judge(input, profile);
    out.push_back({"switch exports", run.ranked});
  }
  return out;
}

}  // namespace roce::sweep
