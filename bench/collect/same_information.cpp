#include "collect/same_information.hpp"

#include <algorithm>

#include "captures/text/ethtool_s.hpp"

namespace roce::bench {
namespace {

std::vector<std::string> names_of(const model::CounterSet& set) {
  std::vector<std::string> names;
  for (const auto& [name, value] : set.entries) names.push_back(name);
  return names;
}

void compare_stats(const std::string& dev, const Expected<model::CounterSet>& ours,
                   const PipelineSweep::Output& ethtool_s, std::uint32_t floor_count, Agreement& a) {
  if (!ours) return a.mismatches.push_back(dev + ": read_stats failed: " + ours.error().message);
  if (ethtool_s.exit_status != 0) return a.mismatches.push_back(dev + ": ethtool -S failed: " + ethtool_s.text);
  auto theirs = captures::text::parse_ethtool_s(ethtool_s.text);
  if (!theirs) return a.mismatches.push_back(dev + ": ethtool -S output: " + theirs.error().message);
  if (names_of(*ours) != names_of(*theirs))
    a.mismatches.push_back(dev + ": read_stats and ethtool -S name different statistics");
  if (ours->entries.size() != floor_count)
    a.mismatches.push_back(dev + ": the floor read " + std::to_string(floor_count) + " statistics, read_stats " +
                           std::to_string(ours->entries.size()));
}

void compare_link(const std::string& dev, const std::vector<model::NetDev>& links, const PipelineSweep::Output& ip_link,
                  Agreement& a) {
  auto it = std::find_if(links.begin(), links.end(), [&](const model::NetDev& nd) { return nd.name == dev; });
  if (it == links.end() || !it->stats.ok()) a.mismatches.push_back(dev + ": no link statistics in the dump");
  const bool has_stats = ip_link.text.find("RX:") != std::string::npos && ip_link.text.find("TX:") != std::string::npos;
  if (ip_link.exit_status != 0 || !has_stats) a.mismatches.push_back(dev + ": ip -s -d link printed no statistics");
}

void compare_pfc(const std::string& dev, const model::Dcb& ours, const PipelineSweep::Output& dcb_pfc, int floor_errno,
                 Agreement& a) {
  const bool ours_ok = ours.pfc.ok(), theirs_ok = dcb_pfc.exit_status == 0, floor_ok = floor_errno == 0;
  if (ours_ok != theirs_ok || ours_ok != floor_ok)
    a.mismatches.push_back(dev + ": read_dcb, dcb pfc show and the floor disagree on whether PFC can be read (" +
                           (ours_ok ? "read" : ours.pfc.cause) + " / " + dcb_pfc.text + ")");
  if (a.pfc_answer.empty()) a.pfc_answer = ours_ok ? "read" : ours.pfc.cause;
}

}  // namespace

Agreement compare_sweeps(const std::vector<std::string>& devices, const InProcessSweep& in_process,
                         const PipelineSweep& pipeline, const FloorSweep& floor) {
  Agreement a;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    compare_stats(devices[i], in_process.stats[i], pipeline.ethtool_s[i], floor.stat_counts[i], a);
    compare_link(devices[i], in_process.links, pipeline.ip_link[i], a);
    compare_pfc(devices[i], in_process.dcb[i], pipeline.dcb_pfc[i], floor.dcb_errno[i], a);
  }
  if (!devices.empty() && in_process.stats[0]) a.stats_per_device = in_process.stats[0]->entries.size();
  return a;
}

}  // namespace roce::bench
