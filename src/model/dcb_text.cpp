// DCB and tc values as text, as dcb(8) and tc(8) print them.
#include "model/dcb_text.hpp"

#include <cstdio>

#include "model/qdisc.hpp"

namespace roce::model {

std::string prio_pfc_text(std::uint8_t pfc_en) {
  std::string s;
  for (int p = 0; p < kPriorities; ++p) s += (p ? " " : "") + std::to_string(p) + ((pfc_en >> p) & 1 ? ":on" : ":off");
  return s;
}

std::string pfc_mask_text(std::uint8_t pfc_en) {
  std::string s;
  for (int p = 0; p < kPriorities; ++p)
    if ((pfc_en >> p) & 1) s += (s.empty() ? "" : ",") + std::to_string(p);
  return s.empty() ? "none" : s;
}

std::string prio_buffer_text(const PerPrio<std::uint8_t>& prio2buffer) {
  std::string s;
  for (int p = 0; p < kPriorities; ++p) s += (p ? " " : "") + std::to_string(p) + ":" + std::to_string(prio2buffer[p]);
  return s;
}

std::string buffer_size_text(const std::array<std::uint32_t, 8>& sizes) {
  std::string s;
  for (std::size_t b = 0; b < sizes.size(); ++b)
    s += (b ? " " : "") + std::to_string(b) + ":" + std::to_string(sizes[b]);
  return s;
}

std::string dscp_map_text(const std::vector<AppEntry>& app) {
  std::string s;
  for (const auto& e : app)
    if (e.selector == kAppSelDscp)
      s += (s.empty() ? "" : " ") + std::to_string(e.protocol) + ":" + std::to_string(e.priority);
  return s.empty() ? "(none)" : s;
}

std::string app_entry_text(const AppEntry& e) {
  const std::string mapping = std::to_string(e.protocol) + ":" + std::to_string(e.priority);
  switch (e.selector) {
    case kAppSelEthertype: {
      char buf[32];
      std::snprintf(buf, sizeof buf, "ethtype-prio 0x%x:%u", unsigned{e.protocol}, unsigned{e.priority});
      return buf;
    }
    case kAppSelStream: return "stream-port-prio " + mapping;
    case kAppSelDgram: return "dgram-port-prio " + mapping;
    case kAppSelAny: return "port-prio " + mapping;
    case kAppSelDscp: return "dscp-prio " + mapping;
    case kAppSelPcp: return "pcp-prio " + mapping;
    default: return "selector-" + std::to_string(e.selector) + " " + mapping;
  }
}

std::string tc_handle_text(std::uint32_t handle) {
  if (handle == kTcRoot) return "root";
  char buf[24];
  if (handle & 0xffff)
    std::snprintf(buf, sizeof buf, "%x:%x", handle >> 16, handle & 0xffff);
  else
    std::snprintf(buf, sizeof buf, "%x:", handle >> 16);
  return buf;
}

std::string tc_parent_text(std::uint32_t parent) {
  return parent == kTcRoot ? "root" : "parent " + tc_handle_text(parent);
}

std::string probability_text(double probability) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", probability);
  return buf;
}

}  // namespace roce::model
