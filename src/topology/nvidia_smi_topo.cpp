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

std::vector<std::string> smi_lines(std::string_view text) {
  std::vector<std::string> lines;
  for (std::size_t pos = 0; pos <= text.size();) {
    const auto nl = text.find('\n', pos);
    lines.push_back(strip_ansi(text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos)));
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return lines;
}

// The matrix's header: its line (the number of lines when there is none), its columns, how many of
// them are devices (before the affinity columns) and where "NUMA Affinity" is.
struct SmiHeader {
  std::size_t row = 0;
  std::vector<std::string> columns;
  std::size_t devices = 0;
  std::ptrdiff_t numa_column = 0;
};

SmiHeader smi_header(const std::vector<std::string>& lines) {
  SmiHeader h;
  h.row = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty() || lines[i][0] == '#') continue;
    auto c = cells(lines[i]);
    if (c.size() >= 2 && c[0].empty() && c[1] == "GPU0") {
      h.row = i;
      h.columns.assign(c.begin() + 1, c.end());
      break;
    }
    // A copy whose header lost its leading blank cell (pasted into documents): "GPU0  GPU1 ...  mlx5_0
    // CPU Affinity". Told from the GPU0 row by its second cell, a column name, not "X" or a distance.
    if (c.size() >= 2 && c[0] == "GPU0" && c[1] != "X" && !distance_of(c[1])) {
      h.row = i;
      h.columns = std::move(c);
      break;
    }
  }
  const auto& columns = h.columns;
  while (h.devices < columns.size() && !is_affinity(columns[h.devices]) && !columns[h.devices].empty()) ++h.devices;
  h.numa_column = std::find(columns.begin(), columns.end(), "NUMA Affinity") - columns.begin();
  return h;
}

// Adds the header's GPUs and NICs to t; returns the NIC columns.
std::vector<std::string> smi_devices(const SmiHeader& h, model::Topology& t) {
  std::vector<std::string> nic_columns;
  for (std::size_t c = 0; c < h.devices; ++c) {
    if (is_gpu_name(h.columns[c])) {
      t.gpus.push_back({.name = h.columns[c]});
    } else {
      nic_columns.push_back(h.columns[c]);
      t.nics.push_back({.name = h.columns[c]});
    }
  }
  return nic_columns;
}

// One GPU row (its cells c, at name:line): its distance to each NIC into pairs, its NUMA node.
Outcome smi_gpu_row(const std::vector<std::string>& c, const SmiHeader& h, const std::string& at, model::Topology& t,
                    std::vector<model::GpuNicPair>& pairs) {
  const auto& columns = h.columns;
  const std::size_t devices = h.devices;
  if (c.size() < devices + 1)
    return fail(at + ": row " + c[0] + " has " + std::to_string(c.size() - 1) + " cells, the header names " +
                    std::to_string(devices) + " devices",
                "the matrix is cut short; give the whole output of `nvidia-smi topo -m`");
  model::TopoDevice* gpu = nullptr;
  for (auto& g : t.gpus)
    if (g.name == c[0]) gpu = &g;
  if (gpu == nullptr) return fail(at + ": row " + c[0] + " is not a column of the header");
  for (std::size_t col = 0; col < devices; ++col) {
    if (is_gpu_name(columns[col])) continue;
    auto d = distance_of(c[col + 1]);
    if (!d)
      return fail(at + ": " + c[0] + " to " + columns[col] + " is '" + c[col + 1] +
                  "', not a PCIe distance (PIX, PXB, PHB, NODE, SYS)");
    pairs.push_back({c[0], columns[col], *d});
  }
  // Affinity cells follow the device cells; a double TAB leaves an empty cell before GPU NUMA ID.
  std::vector<std::string> rest;
  for (std::size_t k = devices + 1; k < c.size(); ++k)
    if (!c[k].empty()) rest.push_back(c[k]);
  const std::size_t numa_index = static_cast<std::size_t>(h.numa_column) - devices;
  if (h.numa_column < static_cast<std::ptrdiff_t>(columns.size()) && numa_index < rest.size())
    gpu->numa_node = number(rest[numa_index]);
  return done();
}

// The matrix's rows, up to a blank line or the legend; returns the line after them.
Expected<std::size_t> smi_rows(const std::vector<std::string>& lines, const SmiHeader& h, const std::string& name,
                               model::Topology& t, std::vector<model::GpuNicPair>& pairs) {
  std::size_t i = h.row + 1;
  for (; i < lines.size(); ++i) {
    const std::string line(util::trim(lines[i]));
    if (line.empty() || line.rfind("Legend", 0) == 0) break;
    auto c = cells(lines[i]);
    if (c.empty() || !is_gpu_name(c[0])) continue;  // NIC rows repeat the GPU rows' cells
    auto row = smi_gpu_row(c, h, name + ":" + std::to_string(i + 1), t, pairs);
    if (!row) return fail(std::move(row.error()));
  }
  return i;
}

// The legend's NIC names from line `from` on: NIC0 -> mlx5_0.
std::map<std::string, std::string> smi_legend(const std::vector<std::string>& lines, std::size_t from,
                                              const std::vector<std::string>& nic_columns) {
  std::map<std::string, std::string> legend;
  for (std::size_t i = from; i < lines.size(); ++i) {
    const std::string line(util::trim(lines[i]));
    const auto colon = line.find(':');
    if (colon == std::string::npos || line.rfind("NIC", 0) != 0 || line.find(' ') < colon) continue;
    const std::string key = line.substr(0, colon), value(util::trim(std::string_view(line).substr(colon + 1)));
    if (std::find(nic_columns.begin(), nic_columns.end(), key) != nic_columns.end() && !value.empty())
      legend[key] = value;
  }
  return legend;
}

}  // namespace

Expected<model::Topology> parse_nvidia_smi_topo(std::string_view text, const std::string& name) {
  const auto lines = smi_lines(text);
  const auto header = smi_header(lines);
  if (header.row == lines.size())
    return fail(name + ": no `nvidia-smi topo -m` matrix (a header row naming GPU0)",
                "give the output of `nvidia-smi topo -m`");
  model::Topology t;
  t.from = {"nvidia-smi topo -m", name};
  const auto nic_columns = smi_devices(header, t);
  std::vector<model::GpuNicPair> pairs;
  auto end = smi_rows(lines, header, name, t, pairs);
  if (!end) return fail(std::move(end.error()));
  const auto legend = smi_legend(lines, *end, nic_columns);
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
