// The name of a suspect and its drain line.
#include "sweep/drain.hpp"

#include <algorithm>

namespace roce::sweep {

std::string suspect_name(const fabric::Fabric& fabric, const Suspect& suspect) {
  const fabric::HostRails rails(fabric);
  if (suspect.one_of.empty()) return fabric::name_of(fabric, rails, suspect.component);
  std::vector<int> leaves;
  for (const auto& c : suspect.one_of)
    if (c.kind == fabric::Kind::spine_link) {
      const int leaf = fabric.uplinks[c.index].leaf;
      if (std::find(leaves.begin(), leaves.end(), leaf) == leaves.end()) leaves.push_back(leaf);
    }
  std::string names;
  for (std::size_t i = 0; i < leaves.size(); ++i)
    names += (i == 0 ? "" : i + 1 == leaves.size() ? " or " : ", ") + fabric.leaves[leaves[i]];
  return "one of the " + std::to_string(suspect.one_of.size()) + " spine links of " + names;
}

std::optional<std::string> drain_line(const fabric::Fabric& fabric, const Suspect& suspect) {
  if (suspect.component.kind == fabric::Kind::spine_link) return std::nullopt;
  const fabric::HostRails rails(fabric);
  const std::string& host = fabric.hosts[rails.host(suspect.component.index)].name;
  std::string reason = "roce-doctor sweep: " + suspect_name(fabric, suspect);
  // The reason goes inside double quotes of a shell line: nothing in it may end them.
  std::replace_if(
      reason.begin(), reason.end(), [](char c) { return c == '"' || c == '\\' || c == '$' || c == '`'; }, '_');
  const bool plain = std::all_of(host.begin(), host.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           c == '_';
  });
  std::string node = host;
  std::replace(node.begin(), node.end(), '\'', '_');
  return "scontrol update NodeName=" + (plain ? host : "'" + node + "'") + " State=DRAIN Reason=\"" + reason + "\"";
}

}  // namespace roce::sweep
