// Which processes of a job's NCCL log ran on the judged host, and evidence quoting the log.
#include "checks/nccl_common.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>

namespace roce::checks {
namespace {

std::string short_host(const std::string& name) { return name.substr(0, name.find('.')); }

std::vector<std::string> hosts_of(const std::vector<NcclProcess>& ps) {
  std::vector<std::string> hosts;
  for (const auto& p : ps)
    if (std::find(hosts.begin(), hosts.end(), p.rank->host) == hosts.end()) hosts.push_back(p.rank->host);
  return hosts;
}

}  // namespace

std::string NcclProcess::name() const {
  std::string s = rank->host + ":" + std::to_string(rank->pid);
  if (!rank->ranks.empty()) {
    s += rank->ranks.size() == 1 ? " rank " : " ranks ";
    for (std::size_t i = 0; i < rank->ranks.size(); ++i) s += (i ? "," : "") + std::to_string(rank->ranks[i]);
  } else if (rank->cuda_device) {
    s += " [" + std::to_string(*rank->cuda_device) + "]";
  }
  return s;
}

std::vector<NcclProcess> nccl_processes(const engine::Context& ctx) {
  std::vector<NcclProcess> out;
  for (const auto& log : ctx.observations().nccl_logs)
    for (const auto& r : log.ranks) out.push_back({&log, &r});
  return out;
}

std::vector<NcclProcess> nccl_processes_on_host(const engine::Context& ctx) {
  const auto all = nccl_processes(ctx);
  std::vector<NcclProcess> out;
  if (ctx.now.hostname.empty()) {
    if (hosts_of(all).size() == 1) return all;
    return out;
  }
  const std::string host = short_host(ctx.now.hostname);
  for (const auto& p : all)
    if (short_host(p.rank->host) == host) out.push_back(p);
  return out;
}

std::string no_process_on_host(const engine::Context& ctx) {
  std::string hosts;
  for (const auto& h : hosts_of(nccl_processes(ctx))) hosts += (hosts.empty() ? "" : ", ") + h;
  const std::string which =
      ctx.now.hostname.empty() ? "the judged host (its name is unknown)" : "host " + ctx.now.hostname;
  return "the NCCL log has no process on " + which + " (its hosts: " + (hosts.empty() ? "none" : hosts) + ")";
}

const engine::PortView* port_of_device(const engine::Context& ctx, const std::string& device, std::optional<int> port) {
  for (const auto& p : ctx.ports())
    if (p.device && p.device->name == device && p.port && (!port || static_cast<int>(p.port->number) == *port))
      return &p;
  return nullptr;
}

namespace {

// A GID as 16 bytes, from NCCL's text ("::ffff:10.0.0.1", "fd00:...") or sysfs's (8 groups of 4).
std::optional<std::array<unsigned char, 16>> gid_bytes(const std::string& text) {
  std::array<unsigned char, 16> b{};
  if (inet_pton(AF_INET6, text.c_str(), b.data()) == 1) return b;
  return std::nullopt;
}

}  // namespace

const engine::PortView* port_of_gid(const engine::Context& ctx, const std::string& gid) {
  const auto want = gid_bytes(gid);
  if (!want) return nullptr;
  for (const auto& p : ctx.ports()) {
    if (!p.port || !p.port->gids.ok()) continue;
    for (const auto& g : *p.port->gids)
      if (gid_bytes(g.gid) == want) return &p;
  }
  return nullptr;
}

std::string nccl_event_text(const model::NcclEvent& e) {
  std::string value = std::to_string(e.count) + "x, first " + e.first_source + ":" + std::to_string(e.first_line) +
                      (e.first_time.empty() ? "" : " (" + e.first_time + ")") + ", last " + e.last_source + ":" +
                      std::to_string(e.last_line) + (e.last_time.empty() ? "" : " (" + e.last_time + ")");
  if (!e.hca.empty()) value += ", hca " + e.hca;
  if (!e.local_gid.empty()) value += ", localGid " + e.local_gid;
  return value;
}

std::vector<const model::NcclNetDevice*> nccl_devices_at(const model::NcclRank& rank, int net_index) {
  const bool has_virtual =
      std::any_of(rank.devices.begin(), rank.devices.end(), [](const auto& d) { return d.virtual_index.has_value(); });
  std::vector<const model::NcclNetDevice*> out;
  for (const auto& d : rank.devices)
    if (has_virtual ? d.virtual_index == net_index : d.index == net_index) out.push_back(&d);
  return out;
}

std::vector<const engine::PortView*> nccl_ports_listed(const engine::Context& ctx,
                                                       const std::vector<NcclProcess>& processes) {
  std::vector<const engine::PortView*> out;
  for (const auto& p : processes)
    for (const auto& d : p.rank->devices) {
      if (!d.port) continue;  // a socket interface
      const engine::PortView* port = port_of_device(ctx, d.name, d.port);
      if (port && std::find(out.begin(), out.end(), port) == out.end()) out.push_back(port);
    }
  return out;
}

engine::Evidence nccl_evidence(const NcclProcess& p, const std::string& name, const std::string& value,
                               const std::string& locator) {
  std::string where = locator;
  if (where.empty())
    for (const auto& s : p.log->sources) where += (where.empty() ? "" : ",") + s;
  return engine::Evidence{name, value, std::nullopt, std::nullopt, false, model::Provenance{"nccl-log", where}};
}

std::optional<std::string> nccl_env(const NcclProcess& p, const std::string& name) {
  auto it = p.rank->env.find(name);
  if (it == p.rank->env.end()) return std::nullopt;
  return it->second;
}

std::string process_list(const std::vector<NcclProcess>& ps, std::size_t limit) {
  std::string s;
  for (std::size_t i = 0; i < ps.size() && i < limit; ++i) s += (i ? ", " : "") + ps[i].name();
  if (ps.size() > limit) s += " and " + std::to_string(ps.size() - limit) + " more";
  return s;
}

}  // namespace roce::checks
