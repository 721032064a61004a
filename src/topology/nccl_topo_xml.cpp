// Reads NCCL's topology dump XML with tinyxml2.
#include "topology/nccl_topo_xml.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cstring>

namespace roce::topology {
namespace {

struct Walk {
  const std::string& name;
  model::Topology& topology;
  std::string error;
};

std::string attr(const tinyxml2::XMLElement& e, const char* key) {
  const char* v = e.Attribute(key);
  return v ? v : "";
}

std::optional<int> integer(const std::string& s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  const bool negative = s[0] == '-';
  if (!std::all_of(s.begin() + (negative ? 1 : 0), s.end(), [](unsigned char c) { return std::isdigit(c); }) ||
      s.size() == (negative ? 1u : 0u))
    return std::nullopt;
  return std::stoi(s);
}

// One <pci> below a <cpu>: its hop, then its children.
void walk_pci(const tinyxml2::XMLElement& pci, const std::string& root, std::optional<int> numa,
              std::vector<model::PcieHop> path, Walk& w) {
  model::PcieHop hop;
  hop.address = attr(pci, "busid");
  if (hop.address.empty()) {
    w.error = w.name + ":" + std::to_string(pci.GetLineNum()) + ": <pci> without busid";
    return;
  }
  const std::string speed = attr(pci, "link_speed"), width = attr(pci, "link_width");
  if (!speed.empty()) hop.max_speed = speed;
  if (auto n = integer(width); n && *n > 0) hop.max_width = static_cast<std::uint32_t>(*n);
  path.push_back(std::move(hop));
  auto device = [&](std::string device_name) {
    model::TopoDevice d;
    d.name = std::move(device_name);
    d.pci_address = path.back().address;
    d.vendor = attr(pci, "vendor");
    d.numa_node = numa;
    d.root = root;
    d.path = path;
    return d;
  };
  for (const auto* child = pci.FirstChildElement(); child && w.error.empty(); child = child->NextSiblingElement()) {
    if (std::strcmp(child->Name(), "pci") == 0) {
      walk_pci(*child, root, numa, path, w);
    } else if (std::strcmp(child->Name(), "gpu") == 0) {
      const auto dev = integer(attr(*child, "dev"));
      if (!dev || *dev < 0) {
        w.error = w.name + ":" + std::to_string(child->GetLineNum()) + ": <gpu> without a device number (dev)";
        return;
      }
      w.topology.gpus.push_back(device("GPU" + std::to_string(*dev)));
    } else if (std::strcmp(child->Name(), "nic") == 0) {
      for (const auto* net = child->FirstChildElement("net"); net; net = net->NextSiblingElement("net")) {
        const std::string net_name = attr(*net, "name");
        if (net_name.empty()) {
          w.error = w.name + ":" + std::to_string(net->GetLineNum()) + ": <net> without a name";
          return;
        }
        w.topology.nics.push_back(device(net_name));
      }
    }
  }
}

model::PciDistance nccl_distance(const model::TopoDevice& gpu, const model::TopoDevice& nic) {
  if (gpu.root != nic.root) return model::PciDistance::sys;
  std::size_t common = 0;
  while (common < gpu.path.size() && common < nic.path.size() && gpu.path[common].address == nic.path[common].address)
    ++common;
  if (common == 0) return model::PciDistance::phb;
  const bool both_below = gpu.path.size() == common + 1 && nic.path.size() == common + 1;
  return both_below ? model::PciDistance::pix : model::PciDistance::pxb;
}

}  // namespace

Expected<model::Topology> parse_nccl_topo_xml(std::string_view text, const std::string& name) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS)
    return fail(name + ":" + std::to_string(doc.ErrorLineNum()) + ": not well-formed XML (" +
                    (doc.ErrorStr() ? doc.ErrorStr() : "") + ")",
                "give the file NCCL_TOPO_DUMP_FILE names");
  const auto* system = doc.FirstChildElement("system");
  if (!system)
    return fail(name + ": no <system> element: not an NCCL topology dump", "give the file NCCL_TOPO_DUMP_FILE names");
  model::Topology t;
  t.from = {"NCCL topology XML", name};
  Walk w{name, t, {}};
  for (const auto* cpu = system->FirstChildElement("cpu"); cpu && w.error.empty();
       cpu = cpu->NextSiblingElement("cpu")) {
    const auto numa = integer(attr(*cpu, "numaid"));
    const std::string root = "cpu numaid=" + attr(*cpu, "numaid") + " line " + std::to_string(cpu->GetLineNum());
    const std::optional<int> node = numa && *numa >= 0 ? numa : std::nullopt;
    for (const auto* pci = cpu->FirstChildElement("pci"); pci && w.error.empty(); pci = pci->NextSiblingElement("pci"))
      walk_pci(*pci, root, node, {}, w);
  }
  if (!w.error.empty()) return fail(w.error);
  std::sort(t.gpus.begin(), t.gpus.end(), [](const auto& a, const auto& b) {
    return a.name.size() != b.name.size() ? a.name.size() < b.name.size() : a.name < b.name;
  });
  for (const auto& gpu : t.gpus)
    for (const auto& nic : t.nics) t.pairs.push_back({gpu.name, nic.name, nccl_distance(gpu, nic)});
  return t;
}

}  // namespace roce::topology
