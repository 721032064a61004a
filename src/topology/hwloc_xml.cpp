// Reads hwloc's XML topology export with tinyxml2.
#include "topology/hwloc_xml.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "model/pci_distance.hpp"

namespace roce::topology {
namespace {

constexpr unsigned kOpenFabricsEnum = 3;       // hwloc 1.x/2.x HWLOC_OBJ_OSDEV_OPENFABRICS
constexpr unsigned kOpenFabricsBit = 1u << 5;  // hwloc 3.0 layout

struct HwlocWalk {
  const std::string& name;
  bool osdev_bits = false;  // the 3.0 layout
  model::Topology& topology;
  std::string error;
};

std::string attribute_of(const tinyxml2::XMLElement& e, const char* key) {
  const char* v = e.Attribute(key);
  return v ? v : "";
}

std::string located(const HwlocWalk& w, const tinyxml2::XMLElement& e, const std::string& what) {
  return w.name + ":" + std::to_string(e.GetLineNum()) + ": " + what;
}

std::optional<unsigned> unsigned_of(const std::string& s) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); }))
    return std::nullopt;
  return static_cast<unsigned>(std::stoul(s));
}

// "0302 [10de:1db8] [10de:131d] a1 00" -> class "0x0302", vendor "0x10de"; false when it is not that.
bool split_pci_type(const std::string& type, std::string& pci_class, std::string& vendor) {
  if (type.size() < 11 || type[4] != ' ' || type[5] != '[' || type[10] != ':') return false;
  const auto hex = [](const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isxdigit(c); });
  };
  const std::string c = type.substr(0, 4), v = type.substr(6, 4);
  if (!hex(c) || !hex(v)) return false;
  pci_class = "0x" + c;
  vendor = "0x" + v;
  std::transform(vendor.begin(), vendor.end(), vendor.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return true;
}

// The NUMA node of an object's subtree: its own os_index when it is a NUMA node holding objects
// (1.x layout), the one NUMA node among its children (2.x/3.0 memory children), else the parent's.
std::optional<int> numa_of(const tinyxml2::XMLElement& object, std::optional<int> inherited) {
  if (attribute_of(object, "type") == "NUMANode") {
    const auto index = unsigned_of(attribute_of(object, "os_index"));
    return index ? std::optional<int>(static_cast<int>(*index)) : inherited;
  }
  std::optional<int> found;
  int count = 0;
  for (const auto* c = object.FirstChildElement("object"); c; c = c->NextSiblingElement("object"))
    if (attribute_of(*c, "type") == "NUMANode") {
      ++count;
      if (const auto index = unsigned_of(attribute_of(*c, "os_index"))) found = static_cast<int>(*index);
    }
  return count == 1 && found ? found : inherited;
}

bool is_host_bridge(const tinyxml2::XMLElement& object) {
  const std::string type = attribute_of(object, "type");
  return type == "HostBridge" || (type == "Bridge" && attribute_of(object, "bridge_type").starts_with("0-"));
}

void walk_object(const tinyxml2::XMLElement& object, std::string root, std::optional<int> numa,
                 std::vector<model::PcieHop> path, HwlocWalk& w);

void walk_children(const tinyxml2::XMLElement& object, const std::string& root, std::optional<int> numa,
                   const std::vector<model::PcieHop>& path, HwlocWalk& w) {
  for (const auto* c = object.FirstChildElement("object"); c && w.error.empty(); c = c->NextSiblingElement("object"))
    walk_object(*c, root, numa, path, w);
}

void walk_object(const tinyxml2::XMLElement& object, std::string root, std::optional<int> numa,
                 std::vector<model::PcieHop> path, HwlocWalk& w) {
  const std::string type = attribute_of(object, "type");
  if (type.empty()) {
    w.error = located(w, object, "<object> without a type");
    return;
  }
  numa = numa_of(object, numa);
  if (is_host_bridge(object)) {
    const std::string bus = attribute_of(object, "bridge_pci");
    root = "host bridge " + (bus.empty() ? "line " + std::to_string(object.GetLineNum()) : bus);
    walk_children(object, root, numa, {}, w);
    return;
  }
  const std::string busid = attribute_of(object, "pci_busid");
  if (type == "PCIDev" || type == "PCIBridge" || (type == "Bridge" && !busid.empty())) {
    if (busid.empty()) {
      w.error = located(w, object, "<object type=\"" + type + "\"> without pci_busid");
      return;
    }
    model::PcieHop hop;
    hop.address = busid;
    if (const std::string speed = attribute_of(object, "pci_link_speed"); !speed.empty())
      hop.current_speed = speed + " GB/s";
    path.push_back(std::move(hop));
    std::string pci_class, vendor;
    if (!split_pci_type(attribute_of(object, "pci_type"), pci_class, vendor)) {
      w.error = located(w, object,
                        "pci_type \"" + attribute_of(object, "pci_type") +
                            "\" is not \"CCCC [VVVV:DDDD] ...\" (class, vendor:device)");
      return;
    }
    const auto device = [&](std::string device_name) {
      model::TopoDevice d;
      d.name = std::move(device_name);
      d.pci_address = busid;
      d.vendor = vendor;
      d.numa_node = numa;
      d.root = root;
      d.path = path;
      return d;
    };
    if (type == "PCIDev" && model::is_gpu(vendor, pci_class)) w.topology.gpus.push_back(device(""));
    for (const auto* c = object.FirstChildElement("object"); c; c = c->NextSiblingElement("object")) {
      if (attribute_of(*c, "type") != "OSDev") continue;
      const auto kind = unsigned_of(attribute_of(*c, "osdev_type"));
      const bool fabric = kind && (w.osdev_bits ? (*kind & kOpenFabricsBit) != 0 : *kind == kOpenFabricsEnum);
      if (!fabric) continue;
      const std::string os_name = attribute_of(*c, "name");
      if (os_name.empty()) {
        w.error = located(w, *c, "OpenFabrics <object type=\"OSDev\"> without a name");
        return;
      }
      w.topology.nics.push_back(device(os_name));
    }
  }
  walk_children(object, root, numa, path, w);
}

}  // namespace

bool looks_like_hwloc_xml(std::string_view text) {
  const auto topology = text.find("<topology"), system = text.find("<system");
  return topology != std::string_view::npos && (system == std::string_view::npos || topology < system);
}

Expected<model::Topology> parse_hwloc_xml(std::string_view text, const std::string& name) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS)
    return fail(name + ":" + std::to_string(doc.ErrorLineNum()) + ": not well-formed XML (" +
                    (doc.ErrorStr() ? doc.ErrorStr() : "") + ")",
                "give the file `lstopo --of xml` writes");
  const auto* topology = doc.FirstChildElement("topology");
  if (!topology)
    return fail(name + ": no <topology> element: not an hwloc XML export", "give the file `lstopo --of xml` writes");
  model::Topology t;
  t.from = {"hwloc XML", name};
  const std::string version = attribute_of(*topology, "version");
  const auto major = unsigned_of(version.substr(0, version.find('.')));
  HwlocWalk w{name, major && *major >= 3, t, {}};
  walk_children(*topology, {}, std::nullopt, {}, w);
  if (!w.error.empty()) return fail(w.error);
  std::sort(t.gpus.begin(), t.gpus.end(), [](const auto& a, const auto& b) { return a.pci_address < b.pci_address; });
  for (std::size_t i = 0; i < t.gpus.size(); ++i) t.gpus[i].name = "GPU" + std::to_string(i);
  model::classify_pairs(t);
  return t;
}

}  // namespace roce::topology
