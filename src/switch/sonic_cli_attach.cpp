// Adding SONiC CLI outputs to the switch read from its CONFIG_DB export.
#include "switch/sonic_cli_attach.hpp"

#include <string>

#include "switch/sonic_config_db.hpp"

namespace roce::switches {
namespace {

model::SwitchPort* cli_port(model::Switch& sw, const std::string& name, const model::Provenance& from) {
  for (auto& p : sw.ports)
    if (p.name == name) return &p;
  sw.warnings.push_back(from.locator + ": " + name + " is no port of " + sw.host.hostname);
  return nullptr;
}

model::NetDev* cli_netdev(model::Switch& sw, const std::string& name) {
  for (auto& nd : sw.host.netdevs)
    if (nd.name == name) return &nd;
  return nullptr;
}

void attach_pfcwd_config(const std::vector<PfcwdConfigRow>& rows, model::Switch& sw) {
  for (const auto& row : rows) {
    auto* p = cli_port(sw, row.port, row.from);
    if (!p) continue;
    if (!p->pfcwd.ok()) {
      p->pfcwd = model::Field<model::SwitchPfcWatchdog>::of(row.watchdog, row.from);
      continue;
    }
    auto& wd = *p->pfcwd.value;
    if (wd.history.empty()) wd.history = row.watchdog.history;
    if (wd.action != row.watchdog.action || wd.detection_ms != row.watchdog.detection_ms ||
        wd.restoration_ms != row.watchdog.restoration_ms)
      sw.warnings.push_back(row.from.locator + ": `show pfcwd config` differs from " + p->pfcwd.from.locator +
                            " (the running watchdog is not the saved one); the CONFIG_DB entry is judged");
  }
}

void attach_interfaces(const std::vector<InterfaceCounterRow>& rows, model::Switch& sw) {
  for (const auto& row : rows) {
    auto* p = cli_port(sw, row.port, row.from);
    if (!p) continue;
    p->counters = model::Field<model::SwitchPortCounters>::of(row.counters, row.from);
    auto* nd = cli_netdev(sw, row.port);
    if (!nd) continue;
    // portstat's STATE: U up, D down, X administratively down.
    if (row.state == "U")
      nd->operstate = model::Field<std::string>::of("up", row.from);
    else if (row.state == "D" || row.state == "X")
      nd->operstate = model::Field<std::string>::of(
          "down", {row.from.source, row.from.locator + (row.state == "X" ? " (STATE X: admin down)" : "")});
  }
}

void attach_watermarks(const std::vector<PgWatermarkRow>& rows, model::Switch& sw) {
  for (const auto& row : rows) {
    auto* p = cli_port(sw, row.port, row.from);
    if (!p) continue;
    (row.headroom ? p->pg_headroom_watermark : p->pg_shared_watermark) =
        model::Field<model::PgWatermarks>::of(row.bytes, row.from);
  }
}

// Profiles CONFIG_DB lacks are added (and the ports' RED qdiscs redrawn); one it has and that
// `ecnconfig -l` shows otherwise is a warning.
void attach_ecn(const std::vector<EcnProfiles>& lists, model::Switch& sw) {
  bool added = false;
  for (const auto& list : lists) {
    sw.warnings.insert(sw.warnings.end(), list.warnings.begin(), list.warnings.end());
    for (const auto& w : list.profiles) {
      const auto* have = sw.wred(w.name);
      if (!have) {
        sw.wred_profiles.push_back(w);
        added = true;
        continue;
      }
      if (have->green_min_bytes.value != w.green_min_bytes.value ||
          have->green_max_bytes.value != w.green_max_bytes.value ||
          have->green_drop_percent.value != w.green_drop_percent.value || have->ecn.value != w.ecn.value ||
          have->green_enable.value != w.green_enable.value)
        sw.warnings.push_back(w.ecn.from.locator + ": `ecnconfig -l` shows WRED_PROFILE " + w.name +
                              " otherwise than CONFIG_DB; the CONFIG_DB entry is judged");
    }
  }
  if (!added) return;
  for (const auto& p : sw.ports)
    if (auto* nd = cli_netdev(sw, p.name); nd && nd->qdiscs.ok()) *nd->qdiscs.value = red_qdiscs(sw, p);
}

// The profile that sizes a lossless PG: the one it names, or for "NULL" (the dynamic buffer
// manager's) the one named after the port's speed and cable, "pg_lossless_<speed>_<cable>m_...".
const model::SwitchBufferProfile* pg_profile(const model::Switch& sw, const model::SwitchPort& p,
                                             const model::SwitchPg& pg, std::string& how) {
  if (pg.profile != "NULL") return sw.buffer_profile(pg.profile);
  const model::NetDev* nd = nullptr;
  for (const auto& n : sw.host.netdevs)
    if (n.name == p.name) nd = &n;
  if (!nd || !nd->link.ok() || !nd->link->speed_mbps || !p.cable_m.ok()) return nullptr;
  const std::string prefix =
      "pg_lossless_" + std::to_string(*nd->link->speed_mbps) + "_" + std::to_string(*p.cable_m) + "m_";
  const model::SwitchBufferProfile* found = nullptr;
  for (const auto& b : sw.buffer_profiles) {
    if (b.name.rfind(prefix, 0) != 0) continue;
    if (found) return nullptr;  // several (MTU or threshold variants): no guess
    found = &b;
  }
  if (found) how = " (PGs of " + p.name + " with profile NULL, by its speed and cable: " + found->name + ")";
  return found;
}

void attach_buffers(const std::vector<BufferInformation>& infos, model::Switch& sw) {
  for (const auto& info : infos) {
    sw.warnings.insert(sw.warnings.end(), info.warnings.begin(), info.warnings.end());
    sw.buffer_pools.insert(sw.buffer_pools.end(), info.pools.begin(), info.pools.end());
    sw.buffer_profiles.insert(sw.buffer_profiles.end(), info.profiles.begin(), info.profiles.end());
  }
  for (auto& p : sw.ports)
    for (auto& pg : p.lossless_pgs) {
      if (pg.xoff_bytes.ok()) continue;
      std::string how;
      const auto* b = pg_profile(sw, p, pg, how);
      if (!b) continue;
      auto take = [&](model::Field<std::uint64_t>& into, const model::Field<std::uint64_t>& from) {
        into = from;
        into.from.locator += how;
      };
      take(pg.xon_bytes, b->xon_bytes);
      take(pg.xoff_bytes, b->xoff_bytes);
      take(pg.size_bytes, b->size_bytes);
    }
}

}  // namespace

void attach_sonic_cli(const SonicCliOutputs& cli, model::Switch& sw) {
  attach_pfcwd_config(cli.pfcwd_config, sw);
  attach_interfaces(cli.interfaces, sw);
  attach_watermarks(cli.pg_watermarks, sw);
  attach_ecn(cli.ecn, sw);
  attach_buffers(cli.buffers, sw);
}

}  // namespace roce::switches
