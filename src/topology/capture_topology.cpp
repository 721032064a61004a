// Finds and reads the GPU–NIC topology in a capture file or folder.
#include "topology/capture_topology.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "sources/sysfs/sysfs_file.hpp"
#include "sources/sysfs/topology_walk.hpp"
#include "topology/hwloc_xml.hpp"
#include "topology/nccl_topo_xml.hpp"
#include "topology/nvidia_smi_topo.hpp"
#include "util/read_file.hpp"

namespace roce::topology {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFileBytes = 16 << 20;  // a 64-GPU NCCL dump is well below 1 MB

Expected<std::string> read_text(const fs::path& path, const std::string& shown_as) {
  return util::read_file(path.string(), kMaxFileBytes, shown_as);
}

Expected<model::Topology> parse_text(const std::string& text, const std::string& shown_as) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '<')
    return looks_like_hwloc_xml(text) ? parse_hwloc_xml(text, shown_as) : parse_nccl_topo_xml(text, shown_as);
  return parse_nvidia_smi_topo(text, shown_as);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool inside(const fs::path& top, const fs::path& p) {
  std::error_code ec;
  const auto real = fs::canonical(p, ec);
  if (ec) return false;
  const auto rel = real.lexically_relative(top);
  return !rel.empty() && *rel.begin() != "..";
}

void candidates(const fs::path& top, const fs::path& dir, int depth, std::vector<fs::path>& out) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_symlink(ec)) continue;
    if (entry.is_directory(ec)) {
      if (depth < 2 && entry.path().filename() != "sys") candidates(top, entry.path(), depth + 1, out);
      continue;
    }
    if (entry.is_regular_file(ec) && names_topology_file(entry.path().filename().string())) out.push_back(entry.path());
  }
}

// An archive often wraps the capture in one directory ("sosreport-host-2026.../"): descend into it.
fs::path unwrapped(fs::path dir) {
  for (int i = 0; i < 3; ++i) {
    std::error_code ec;
    std::vector<fs::path> entries;
    for (const auto& e : fs::directory_iterator(dir, ec)) entries.push_back(e.path());
    if (ec || entries.size() != 1 || entries.front().filename() == "sys" ||
        entries.front().filename() == "sos_commands" || !fs::is_directory(fs::symlink_status(entries.front(), ec)))
      return dir;
    dir = entries.front();
  }
  return dir;
}

}  // namespace

bool names_topology_file(const std::string& filename) {
  const std::string n = lower(filename);
  const bool smi = n.find("nvidia") != std::string::npos && n.find("smi") != std::string::npos &&
                   n.find("topo") != std::string::npos && n.find("-p2p") == std::string::npos &&
                   n.find("_-mp") == std::string::npos;
  const bool xml = n.size() > 4 && n.ends_with(".xml") &&
                   (n.find("topo") != std::string::npos || n.find("hwloc") != std::string::npos);
  return smi || xml;
}

Expected<model::Topology> read_topology_file(const std::string& path) {
  auto text = read_text(path, path);
  if (!text) return fail(std::move(text.error()));
  return parse_text(*text, path);
}

std::optional<model::Topology> find_topology(const std::string& dir, std::vector<std::string>& warnings) {
  std::error_code ec;
  const fs::path top = fs::canonical(unwrapped(dir), ec);
  if (ec) return std::nullopt;

  const fs::path sys = top / "sys";
  if (fs::is_directory(sys / "bus/pci/devices", ec)) {
    sources::sysfs::ConfinedReads confinement(top.string());
    auto read = sources::sysfs::read_topology(sys.string());
    for (const auto& w : confinement.refused()) warnings.push_back(w);
    if (!read.topology.gpus.empty()) {
      read.topology.from = {"sysfs", "sys"};
      return std::move(read.topology);
    }
  }

  std::vector<fs::path> files;
  const fs::path sos = top / "sos_commands/nvidia/nvidia-smi_topo_-m";
  if (fs::is_regular_file(sos, ec)) files.push_back(sos);
  std::vector<fs::path> found;
  candidates(top, top, 0, found);
  std::sort(found.begin(), found.end());
  for (auto& f : found)
    if (f != sos) files.push_back(std::move(f));
  for (const auto& f : files) {
    const std::string shown = f.lexically_relative(top).generic_string();
    if (!inside(top, f)) {
      warnings.push_back(shown + ": resolves outside the capture; not read");
      continue;
    }
    auto text = read_text(f, shown);
    auto t = text ? parse_text(*text, shown) : Expected<model::Topology>(fail(std::move(text.error())));
    if (t) return std::move(*t);
    warnings.push_back(t.error().message);
  }
  return std::nullopt;
}

}  // namespace roce::topology
