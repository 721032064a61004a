#include "report/compact_maps.hpp"

#include <fmt/format.h>

#include <map>

#include "model/dcb_text.hpp"

namespace roce::report {

std::string compact_dscp_map(const std::vector<model::AppEntry>& app) {
  std::map<std::uint16_t, std::uint8_t> dscp_prio;
  for (const auto& e : app)
    if (e.selector == model::kAppSelDscp) dscp_prio[e.protocol] = e.priority;
  if (dscp_prio.empty()) return "none";
  std::map<std::uint8_t, int> count;
  for (const auto& [dscp, prio] : dscp_prio) ++count[prio];
  // "others" only when every DSCP is listed and one priority covers most of them.
  int most = 0;
  std::uint8_t common = 0;
  for (const auto& [prio, n] : count)
    if (n > most) most = n, common = prio;
  const bool use_others = dscp_prio.size() == 64 && most > 1;
  std::string out;
  for (const auto& [dscp, prio] : dscp_prio) {
    if (use_others && prio == common) continue;
    out += fmt::format("{}{}→{}", out.empty() ? "" : " ", dscp, prio);
  }
  if (use_others) out += fmt::format("{}others→{}", out.empty() ? "" : ", ", common);
  return out;
}

std::string compact_per_prio(const std::vector<std::string>& values) {
  std::map<std::string, int> count;
  for (const auto& v : values) ++count[v];
  std::string common;
  int most = 0;
  for (const auto& [v, n] : count)
    if (n > most) most = n, common = v;
  std::string out;
  for (std::size_t p = 0; p < values.size(); ++p) {
    if (most > 1 && values[p] == common) continue;
    out += fmt::format("{}{}:{}", out.empty() ? "" : " ", p, values[p]);
  }
  if (most > 1)
    out += fmt::format("{}{}:{}", out.empty() ? "" : " ", most == int(values.size()) ? "all" : "others", common);
  return out;
}

std::vector<std::string> other_app_entries(const std::vector<model::AppEntry>& app) {
  std::vector<std::string> out;
  for (const auto& e : app)
    if (e.selector != model::kAppSelDscp) out.push_back(model::app_entry_text(e));
  return out;
}

}  // namespace roce::report
