// The topo view: the matrix, the devices and the findings.
#include "report/topo_view.hpp"

#include <cctype>

#include <nlohmann/json.hpp>

#include "report/check_json.hpp"

namespace roce::report {
namespace {

using ordered_json = nlohmann::ordered_json;

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

}  // namespace

std::string render_topo_text(const model::Topology& t, const CheckRun& run) {
  const auto& findings = run.ranked;
  const auto& results = run.results;
  std::string out = "GPU-NIC topology from " + t.from.source + " (" + t.from.locator + ")\n";
  for (const auto& notice : t.notices) out += "notice: " + notice + "\n";
  if (t.gpus.empty())
    out += "no GPU found\n";
  else
    out += "\n" + matrix_text(t);
  if (!t.gpus.empty()) out += "\nGPUs:\n" + device_lines(t.gpus);
  if (!t.nics.empty()) out += "RDMA NICs:\n" + device_lines(t.nics);
  out +=
      "\nLegend: PIX one PCIe switch, PXB several bridges, PHB the host bridge, NODE two host bridges of a\n"
      "NUMA node, SYS across NUMA nodes. NCCL uses GPUDirect RDMA up to PXB by default.\n\n";
  if (findings.empty()) out += !verdict_of(run).judged ? "Nothing judged.\n" : "No finding.\n";
  for (const auto& f : findings) {
    std::string sev = engine::to_string(f.severity);
    for (auto& c : sev) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out += pad(sev, 9) + pad(f.id, 20) + f.title + "\n";
  }
  for (const auto& r : results)
    if (r.status == engine::CheckResult::Status::skipped) out += "skipped  " + pad(r.id, 20) + r.skipped_reason + "\n";
  return out;
}

std::string render_topo_json(const model::Topology& t, const CheckRun& run) {
  const auto& findings = run.ranked;
  const auto& results = run.results;
  ordered_json doc;
  doc["schema_version"] = 1;
  doc["source"] = {{"kind", t.from.source}, {"path", t.from.locator}};
  doc["notices"] = t.notices;
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
  doc["exit_code"] = verdict_of(run).exit_code();
  return json_text(doc);
}

}  // namespace roce::report
