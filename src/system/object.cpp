// The names of the objects a System reads and writes, and the APP-table keys.
#include "system/object.hpp"

#include <algorithm>
#include <cstdio>

#include "model/dcb_text.hpp"

namespace roce::system {

const char* to_string(Knob knob) {
  switch (knob) {
    case Knob::mtu: return "mtu";
    case Knob::trust: return "qos trust";
    case Knob::dcb_apptrust: return "dcb apptrust";
    case Knob::dcb_app: return "dcb app";
    case Knob::dcb_pfc: return "dcb pfc";
    case Knob::dcb_ets: return "dcb ets";
    case Knob::dcb_buffer: return "dcb buffer";
    case Knob::nic_ecn: return "ecn";
    case Knob::red: return "red";
  }
  return "?";
}

std::string to_string(const ObjectRef& object) {
  std::string s = object.netdev + " " + to_string(object.knob);
  if (object.knob == Knob::nic_ecn) s += " prio " + std::to_string(object.index);
  if (object.knob == Knob::dcb_app) s += " " + app_key_text(object.index);
  if (object.knob == Knob::red) s += " " + model::tc_parent_text(object.index);
  return s;
}

std::string app_key_text(std::uint32_t key) {
  const std::uint16_t protocol = app_key_protocol(key);
  char buf[32];
  switch (app_key_selector(key)) {
    case model::kAppSelDscp: return "dscp " + std::to_string(protocol);
    case model::kAppSelPcp: return "pcp " + std::to_string(protocol);
    case model::kAppSelDgram: return "dgram " + std::to_string(protocol);
    case model::kAppSelStream: return "stream " + std::to_string(protocol);
    case model::kAppSelAny: return "port " + std::to_string(protocol);
    case model::kAppSelEthertype: std::snprintf(buf, sizeof buf, "ethtype 0x%04x", protocol); return buf;
    default: return "selector " + std::to_string(app_key_selector(key)) + " protocol " + std::to_string(protocol);
  }
}

std::vector<model::AppEntry> app_entries_of(const std::vector<model::AppEntry>& table, std::uint32_t key) {
  std::vector<model::AppEntry> out;
  for (const auto& e : table)
    if (app_key(e.selector, e.protocol) == key) out.push_back(e);
  std::sort(out.begin(), out.end(),
            [](const model::AppEntry& a, const model::AppEntry& b) { return a.priority < b.priority; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<model::AppEntry> with_app_entries(std::vector<model::AppEntry> table, std::uint32_t key,
                                              const std::vector<model::AppEntry>& entries) {
  std::erase_if(table, [&](const model::AppEntry& e) { return app_key(e.selector, e.protocol) == key; });
  table.insert(table.end(), entries.begin(), entries.end());
  return table;
}

}  // namespace roce::system
