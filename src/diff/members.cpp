// Member roles, element identities and paths of the diff walks.
#include "diff/members.hpp"

#include "diff/value_text.hpp"
#include "model/dcb_text.hpp"

namespace roce::diff {

bool is_counter_member(std::string_view key) {
  static constexpr std::array<std::string_view, 10> kCounters = {
      "stats",    "ethtool_stats", "counters",  "hw_counters", "carrier_changes",
      "requests", "indications",   "tx_frames", "rx_frames",   "red_xstats"};
  for (const auto k : kCounters)
    if (k == key) return true;
  return false;
}

bool is_sample_member(std::string_view key) {
  return key == "hostname" || key == "time_unix_ms" || key == "monotonic_ns" || key == "from" || key == "notes";
}

std::string join_path(const std::string& path, std::string_view key) {
  if (path.empty()) return std::string(key);
  return path + "." + std::string(key);
}

std::string identity(const model::NetDev& netdev) { return readable(netdev.name); }
std::string identity(const model::RdmaDevice& device) { return readable(device.name); }
std::string identity(const model::RdmaPort& port) { return std::to_string(port.number); }
std::string identity(const model::Gid& gid) { return std::to_string(gid.index); }
std::string identity(const model::Qdisc& qdisc) {
  return "parent " + model::tc_handle_text(qdisc.parent) + " handle " + model::tc_handle_text(qdisc.handle);
}

}  // namespace roce::diff
