// Reads the `nvidia-smi topo -m` matrix.
#include "topology/nvidia_smi_topo.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

namespace roce::topology {
namespace {

std::string strip_ansi(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
      std::size_t j = i + 2;
      while (j < line.size() && (std::isdigit(static_cast<unsigned char>(line[j])) || line[j] == ';')) ++j;
      if (j < line.size() && line[j] == 'm') {
        i = j;
        continue;
      }
    }
    out += line[i];
  }
  return out;
}

// Cells of a row: split on TABs when the line has them (empty cells kept: the tool prints a
// double TAB before GPU NUMA ID), else on runs of two or more spaces (a copy whose TABs became
// spaces; "CPU Affinity" keeps its single space). The leading cell is the row label, empty on the
// header.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  if (line.find('\t') != std::string::npos) {
    std::size_t pos = 0;
    while (true) {
      const auto tab = line.find('\t', pos);
      out.emplace_back(
          util::trim(std::string_view(line).substr(pos, tab == std::string::npos ? std::string::npos : tab - pos)));
      if (tab == std::string::npos) break;
      pos = tab + 1;
    }
    return out;
  }
  std::size_t pos = 0;
  const bool leading_space = !line.empty() && line[0] == ' ';
  if (leading_space) out.emplace_back();
  while (pos < line.size()) {
    pos = line.find_first_not_of(' ', pos);
    if (pos == std::string::npos) break;
    std::size_t end = pos;
    while (end < line.size() && !(line[end] == ' ' && end + 1 < line.size() && line[end + 1] == ' ')) ++end;
    out.emplace_back(util::trim(std::string_view(line).substr(pos, end - pos)));
    pos = end;
  }
  // " X " in the self cell of a space-separated copy splits as an ordinary cell.
  return out;
}

bool is_gpu_name(const std::string& s) {
  return s.size() > 3 && s.rfind("GPU", 0) == 0 &&
         std::all_of(s.begin() + 3, s.end(), [](unsigned char c) { return std::isdigit(c); });
}

bool is_affinity(const std::string& s) {
  return s == "CPU Affinity" || s == "NUMA Affinity" || s == "GPU NUMA ID" || s == "Affinity";
}

std::optional<model::PciDistance> distance_of(const std::string& cell) {
  if (cell == "SOC") return model::PciDistance::sys;  // older drivers' name for SYS
  return model::pci_distance_from(cell);
}

std::optional<int> number(const std::string& s) {
  if (s.empty() || s.size() > 6 || !std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); }))
    return std::nullopt;
  return std::stoi(s);
}

}  // namespace

Expected<model::Topology> parse_nvidia_smi_topo(std::string_view text, const std::string& name) {
  std::vector<std::string> lines;
  for (std::size_t pos = 0; pos <= text.size();) {
    const auto nl = text.find('\n', pos);
    lines.push_back(strip_ansi(text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos)));
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  std::size_t header = lines.size();
  std::vector<std::string> columns;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty() || lines[i][0] == '#') continue;
    auto c = cells(lines[i]);
    if (c.size() >= 2 && c[0].empty() && c[1] == "GPU0") {
      header = i;
      columns.assign(c.begin() + 1, c.end());
      break;
    }
    // A copy whose header lost its leading blank cell (pasted into documents): "GPU0  GPU1 ...  mlx5_0
    // CPU Affinity". Told from the GPU0 row by its second cell, a column name, not "X" or a distance.
    if (c.size() >= 2 && c[0] == "GPU0" && c[1] != "X" && !distance_of(c[1])) {
      header = i;
      columns = std::move(c);
      break;
    }
  }
  if (header == lines.size())
    return fail(name + ": no `nvidia-smi topo -m` matrix (a header row naming GPU0)",
                "give the output of `nvidia-smi topo -m`");
  std::size_t devices = 0;
  while (devices < columns.size() && !is_affinity(columns[devices]) && !columns[devices].empty()) ++devices;
  const auto numa_column = std::find(columns.begin(), columns.end(), "NUMA Affinity") - columns.begin();

  model::Topology t;
  t.from = {"nvidia-smi topo -m", name};
  std::vector<std::string> nic_columns;
  for (std::size_t c = 0; c < devices; ++c) {
    if (is_gpu_name(columns[c])) {
      t.gpus.push_back({.name = columns[c]});
    } else {
      nic_columns.push_back(columns[c]);
      t.nics.push_back({.name = columns[c]});
    }
  }
  auto where = [&](std::size_t i) { return name + ":" + std::to_string(i + 1); };

  std::vector<model::GpuNicPair> pairs;
  std::size_t i = header + 1;
  for (; i < lines.size(); ++i) {
    const std::string line(util::trim(lines[i]));
    if (line.empty() || line.rfind("Legend", 0) == 0) break;
    auto c = cells(lines[i]);
    if (c.empty() || !is_gpu_name(c[0])) continue;  // NIC rows repeat the GPU rows' cells
    if (c.size() < devices + 1)
      return fail(where(i) + ": row " + c[0] + " has " + std::to_string(c.size() - 1) + " cells, the header names " +
                      std::to_string(devices) + " devices",
                  "the matrix is cut short; give the whole output of `nvidia-smi topo -m`");
    model::TopoDevice* gpu = nullptr;
    for (auto& g : t.gpus)
      if (g.name == c[0]) gpu = &g;
    if (gpu == nullptr) return fail(where(i) + ": row " + c[0] + " is not a column of the header");
    for (std::size_t col = 0; col < devices; ++col) {
      if (is_gpu_name(columns[col])) continue;
      auto d = distance_of(c[col + 1]);
      if (!d)
        return fail(where(i) + ": " + c[0] + " to " + columns[col] + " is '" + c[col + 1] +
                    "', not a PCIe distance (PIX, PXB, PHB, NODE, SYS)");
      pairs.push_back({c[0], columns[col], *d});
    }
    // Affinity cells follow the device cells; a double TAB leaves an empty cell before GPU NUMA ID.
    std::vector<std::string> rest;
    for (std::size_t k = devices + 1; k < c.size(); ++k)
      if (!c[k].empty()) rest.push_back(c[k]);
    const std::size_t numa_index = static_cast<std::size_t>(numa_column) - devices;
    if (numa_column < static_cast<std::ptrdiff_t>(columns.size()) && numa_index < rest.size())
      gpu->numa_node = number(rest[numa_index]);
  }

  std::map<std::string, std::string> legend;  // NIC0 -> mlx5_0
  for (; i < lines.size(); ++i) {
    const std::string line(util::trim(lines[i]));
    const auto colon = line.find(':');
    if (colon == std::string::npos || line.rfind("NIC", 0) != 0 || line.find(' ') < colon) continue;
    const std::string key = line.substr(0, colon), value(util::trim(std::string_view(line).substr(colon + 1)));
    if (std::find(nic_columns.begin(), nic_columns.end(), key) != nic_columns.end() && !value.empty())
      legend[key] = value;
  }
  auto named = [&](const std::string& column) {
    auto it = legend.find(column);
    return it == legend.end() ? column : it->second;
  };
  for (auto& nic : t.nics) nic.name = named(nic.name);
  for (auto& p : pairs) p.nic = named(p.nic);
  t.pairs = std::move(pairs);
  return t;
}

}  // namespace roce::topology
