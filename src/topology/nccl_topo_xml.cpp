// Reads NCCL's topology dump XML with tinyxml2.
#include "topology/nccl_topo_xml.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <vector>

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

// A dump cut short, as pasted into an issue: the text up to its last whole tag with the elements
// still open closed after it, and where it was cut.
struct Repaired {
  std::string text;
  std::string innermost;  // the innermost element open at the cut
  int innermost_line = 0;
  int cut_line = 0;  // the line of the last whole tag
};

// nullopt unless the text breaks only by ending early: a closing tag that closes nothing open, or
// a text whose elements are all closed, breaks otherwise.
std::optional<Repaired> closed_at_cut(std::string_view text) {
  struct Open {
    std::string name;
    int line;
  };
  std::vector<Open> open;
  std::size_t cut = 0;  // just after the last whole tag
  int line = 1, cut_line = 1;
  std::size_t counted = 0;  // text[0, counted) has been counted for `line`
  auto line_at = [&](std::size_t at) {
    for (; counted < at && counted < text.size(); ++counted)
      if (text[counted] == '\n') ++line;
    return line;
  };
  std::size_t i = 0;
  while ((i = text.find('<', i)) != std::string_view::npos) {
    const int tag_line = line_at(i);
    const std::string_view rest = text.substr(i);
    std::size_t end = std::string_view::npos;
    if (rest.starts_with("<!--")) {
      end = text.find("-->", i + 4);
      if (end != std::string_view::npos) end += 2;
    } else if (rest.starts_with("<?")) {
      end = text.find("?>", i + 2);
      if (end != std::string_view::npos) end += 1;
    } else {
      char quote = 0;
      for (std::size_t k = i + 1; k < text.size(); ++k) {
        const char c = text[k];
        if (quote) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '>') {
          end = k;
          break;
        }
      }
    }
    if (end == std::string_view::npos) break;  // cut inside this tag
    const std::string_view tag = text.substr(i, end + 1 - i);
    if (!tag.starts_with("<!") && !tag.starts_with("<?")) {
      const bool closing = tag.starts_with("</");
      std::size_t n = closing ? 2 : 1;
      const std::size_t name_start = n;
      while (n < tag.size() && tag[n] != ' ' && tag[n] != '\t' && tag[n] != '\n' && tag[n] != '\r' && tag[n] != '/' &&
             tag[n] != '>')
        ++n;
      const std::string name(tag.substr(name_start, n - name_start));
      if (name.empty()) return std::nullopt;
      if (closing) {
        if (open.empty() || open.back().name != name) return std::nullopt;
        open.pop_back();
      } else if (!(tag.size() >= 2 && tag[tag.size() - 2] == '/')) {
        open.push_back({name, tag_line});
      }
    }
    cut = end + 1;
    cut_line = line_at(end);
    i = end + 1;
  }
  if (open.empty()) return std::nullopt;
  Repaired r;
  r.text = std::string(text.substr(0, cut));
  r.innermost = open.back().name;
  r.innermost_line = open.back().line;
  r.cut_line = cut_line;
  for (auto it = open.rbegin(); it != open.rend(); ++it) r.text += "</" + it->name + ">";
  return r;
}

}  // namespace

Expected<model::Topology> parse_nccl_topo_xml(std::string_view text, const std::string& name) {
  tinyxml2::XMLDocument doc;
  std::optional<Repaired> cut;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
    const std::string error = name + ":" + std::to_string(doc.ErrorLineNum()) + ": not well-formed XML (" +
                              (doc.ErrorStr() ? doc.ErrorStr() : "") + ")";
    // A paste cut short is read up to where it breaks; anything else broken is refused.
    cut = closed_at_cut(text);
    tinyxml2::XMLDocument repaired;
    if (!cut || repaired.Parse(cut->text.data(), cut->text.size()) != tinyxml2::XML_SUCCESS)
      return fail(error, "give the file NCCL_TOPO_DUMP_FILE names");
    doc.Clear();
    doc.Parse(cut->text.data(), cut->text.size());
  }
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
  if (cut)
    t.notices.push_back(name + ":" + std::to_string(cut->cut_line) + ": the dump is cut short inside <" +
                        cut->innermost + "> (line " + std::to_string(cut->innermost_line) + "): read up to there, " +
                        std::to_string(t.gpus.size()) + " GPU" + (t.gpus.size() == 1 ? "" : "s") + " and " +
                        std::to_string(t.nics.size()) + " NIC" + (t.nics.size() == 1 ? "" : "s") +
                        "; any after the cut are missing");
  return t;
}

}  // namespace roce::topology
