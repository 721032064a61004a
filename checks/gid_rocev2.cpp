// GID-ROCEV2: every IP address RoCE may use has a RoCE v2 GID. RoCE v2 (UDP/IP, routable) picks
// its source address by GID index; an address with only a v1 GID, or none, cannot be used by
// routed RoCE, and NCCL_IB_GID_INDEX must name the v2 entry of the address in use.
#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>

#include "checks/link_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "GID-ROCEV2";
constexpr std::string_view kV4MappedPrefix = "0000:0000:0000:0000:0000:ffff:";

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "172.19.0.60/24" -> "0000:0000:0000:0000:0000:ffff:ac13:003c" (as sysfs prints GIDs); "" if
// the text is no IP address, or is link-local or loopback IPv6 (not usable by routed RoCE v2).
std::string routable_gid_of(const std::string& address) {
  const std::string ip = address.substr(0, address.find('/'));
  std::array<unsigned char, 16> b{};
  unsigned char v4[4];
  if (inet_pton(AF_INET, ip.c_str(), v4) == 1) {
    b[10] = b[11] = 0xff;
    std::copy(v4, v4 + 4, b.begin() + 12);
  } else if (inet_pton(AF_INET6, ip.c_str(), b.data()) == 1) {
    const bool link_local = b[0] == 0xfe && (b[1] & 0xc0) == 0x80;
    const bool loopback = std::all_of(b.begin(), b.end() - 1, [](unsigned char x) { return x == 0; }) && b[15] == 1;
    if (link_local || loopback) return {};
  } else {
    return {};
  }
  std::string gid;
  char group[8];
  for (int i = 0; i < 16; i += 2) {
    std::snprintf(group, sizeof group, "%s%02x%02x", i ? ":" : "", b[i], b[i + 1]);
    gid += group;
  }
  return gid;
}

// The inverse for GIDs found in the table: "172.19.0.60" or compressed IPv6; "" for link-local,
// empty and non-IP GIDs.
std::string address_of_gid(const std::string& gid) {
  std::array<unsigned char, 16> b{};
  unsigned groups[8];
  if (std::sscanf(gid.c_str(), "%4x:%4x:%4x:%4x:%4x:%4x:%4x:%4x", &groups[0], &groups[1], &groups[2], &groups[3],
                  &groups[4], &groups[5], &groups[6], &groups[7]) != 8)
    return {};
  for (int i = 0; i < 8; ++i) b[2 * i] = static_cast<unsigned char>(groups[i] >> 8), b[2 * i + 1] = groups[i] & 0xff;
  if (std::all_of(b.begin(), b.end(), [](unsigned char x) { return x == 0; })) return {};
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return {};
  char text[INET6_ADDRSTRLEN];
  if (lower(gid).starts_with(kV4MappedPrefix)) return inet_ntop(AF_INET, b.data() + 12, text, sizeof text) ? text : "";
  return inet_ntop(AF_INET6, b.data(), text, sizeof text) ? text : "";
}

bool gid_on(const model::Gid& g, const std::string& netdev) { return !g.netdev.ok() || *g.netdev == netdev; }

std::optional<std::uint32_t> v2_index(const std::vector<model::Gid>& gids, const std::string& gid,
                                      const std::string& netdev) {
  for (const auto& g : gids)
    if (lower(g.gid) == gid && g.type.ok() && *g.type == "RoCE v2" && gid_on(g, netdev)) return g.index;
  return std::nullopt;
}

// The type of that GID is unknown (ibv_devinfo before rdma-core 42 prints none), so a missing v2
// index says nothing.
const model::Gid* untyped(const std::vector<model::Gid>& gids, const std::string& gid, const std::string& netdev) {
  for (const auto& g : gids)
    if (lower(g.gid) == gid && !g.type.ok() && gid_on(g, netdev)) return &g;
  return nullptr;
}

std::string gid_table_text(const std::vector<model::Gid>& gids) {
  std::string s;
  for (const auto& g : gids) {
    if (address_of_gid(g.gid).empty() && !lower(g.gid).starts_with("fe80")) continue;
    s += (s.empty() ? "" : "; ") + std::to_string(g.index) + ": " + g.gid + " " + (g.type.ok() ? *g.type : "?") +
         (g.netdev.ok() ? " " + *g.netdev : "");
  }
  return s.empty() ? "(no GID)" : s;
}

// An address RoCE may source from, and the index of its RoCE v2 GID if the table has one.
struct Use {
  std::string address, netdev;
  std::optional<std::uint32_t> v2_index;
  bool ipv4 = false;
  const model::Gid* untyped = nullptr;  // no v2 index found, and this GID of the address has no type
};

struct Uses {
  std::vector<Use> uses;
  std::vector<engine::Evidence> evidence;  // the addresses of each netdev
  bool derived = false;                    // the port's netdev lists no addresses: they were read off the GID table
};

// The addresses RoCE can source from on this port: those of its netdev and of the upper devices
// (VLANs, bonds) that own GID entries. Offline captures may lack rtnetlink: then the GID table
// itself lists the port netdev's addresses.
Uses collect_uses(const engine::Context& ctx, const std::string& dev, const std::vector<model::Gid>& gids) {
  std::vector<std::string> netdevs{dev};
  for (const auto& g : gids)
    if (g.netdev.ok() && std::find(netdevs.begin(), netdevs.end(), *g.netdev) == netdevs.end())
      netdevs.push_back(*g.netdev);
  Uses out;
  for (const auto& name : netdevs) {
    const model::NetDev* nd = ctx.now.netdev(name);
    if (nd && nd->addresses.ok()) {
      std::string listed;
      for (const auto& a : *nd->addresses) {
        listed += (listed.empty() ? "" : " ") + a;
        const std::string gid = routable_gid_of(a);
        if (gid.empty()) continue;
        out.uses.push_back({a.substr(0, a.find('/')), name, v2_index(gids, gid, name), gid.starts_with(kV4MappedPrefix),
                            untyped(gids, gid, name)});
      }
      out.evidence.push_back(config(name + " addresses", listed.empty() ? "(none)" : listed, nd->addresses));
    } else if (name == dev) {
      out.derived = true;
      for (const auto& g : gids) {
        const std::string a = address_of_gid(g.gid);
        if (a.empty() || !gid_on(g, dev)) continue;
        const auto listed = [&](const Use& u) { return u.address == a && u.netdev == dev; };
        if (std::any_of(out.uses.begin(), out.uses.end(), listed)) continue;
        out.uses.push_back({a, dev, v2_index(gids, lower(g.gid), dev), lower(g.gid).starts_with(kV4MappedPrefix),
                            untyped(gids, lower(g.gid), dev)});
      }
    }
  }
  return out;
}

// NCCL uses IPv4 GIDs by default (NCCL_IB_ADDR_FAMILY=AF_INET): the IPv4 v2 entry of the port's own
// netdev, else any IPv4 one, else the first v2 entry.
std::optional<std::uint32_t> nccl_gid_index(const std::vector<Use>& uses, const std::string& dev) {
  for (int rank = 0; rank < 3; ++rank)
    for (const auto& u : uses)
      if (u.v2_index && (rank == 2 || (u.ipv4 && (rank == 1 || u.netdev == dev)))) return u.v2_index;
  return std::nullopt;
}

// Without the netdev's addresses, a GID table holding link-local GIDs only (fe80::, v1 and v2) says
// the same: no address RoCE v2 could route from.
bool only_link_local(const std::vector<model::Gid>& gids, const std::string& dev) {
  bool link_local = false;
  for (const auto& g : gids) {
    if (!gid_on(g, dev)) continue;
    if (lower(g.gid).starts_with("fe80"))
      link_local = true;
    else if (!address_of_gid(g.gid).empty())
      return false;
  }
  return link_local;
}

engine::Finding no_routable_address(const engine::PortView& p, std::vector<engine::Evidence> evidence,
                                    bool from_gid_table) {
  const std::string dev = p.name();
  std::vector<std::string> remediation = {"ip addr show dev " + (p.netdev->name.empty() ? "<netdev>" : dev)};
  if (from_gid_table)
    remediation.insert(remediation.begin(), "grep -H . /sys/class/infiniband/" + p.device->name + "/ports/" +
                                                std::to_string(p.port->number) + "/gids/*");
  return {
      .severity = engine::Severity::warning,
      .subject = p.subject(),
      .title = from_gid_table
                   ? "only link-local GIDs on " + dev + ": no routable RoCE v2 GID (netdev addresses not collected)"
                   : "no IPv4 or global IPv6 address on " + dev + ": no routable RoCE v2 GID",
      .evidence = std::move(evidence),
      .explanation =
          "RoCE v2 GIDs are made from the netdev's IP addresses. With only link-local IPv6 the port "
          "can reach peers on its own L2 segment only; routed RoCE v2 (and NCCL, which prefers IPv4 "
          "GIDs: a fleet-wide NCCL_IB_GID_INDEX naming the IPv4 RoCE v2 entry finds none here) needs an "
          "address on the netdev or on a VLAN above it.",
      .remediation = std::move(remediation),
  };
}

// The addresses without a RoCE v2 GID (critical when none has one), with the indexes of those that
// have one; nullopt when every address has its v2 GID.
std::optional<engine::Finding> missing_v2_gids(const engine::PortView& p, Uses found) {
  std::string indexes, missing;
  for (const auto& u : found.uses) {
    if (u.v2_index)
      indexes += (indexes.empty() ? "" : ", ") + u.address + " → " + std::to_string(*u.v2_index);
    else
      missing += (missing.empty() ? "" : ", ") + u.address + " (" + u.netdev + ")";
  }
  if (missing.empty()) return std::nullopt;
  std::string title = "no RoCE v2 GID for " + missing;
  if (found.derived) title += " (addresses taken from the GID table: netdev addresses not collected)";
  if (!indexes.empty())
    title += "; RoCE v2 GIDs: " + indexes +
             " (NCCL_IB_GID_INDEX=" + std::to_string(*nccl_gid_index(found.uses, p.name())) + ")";
  std::vector<std::string> remediation = {"grep -H . /sys/class/infiniband/" + p.device->name + "/ports/" +
                                          std::to_string(p.port->number) + "/gid_attrs/types/*"};
  if (p.device->pci_address.ok())
    remediation.push_back("devlink dev param show pci/" + *p.device->pci_address + " name enable_roce");
  remediation.push_back("ip addr show dev " + p.name());
  return engine::Finding{
      .severity = indexes.empty() ? engine::Severity::critical : engine::Severity::warning,
      .subject = p.subject(),
      .title = std::move(title),
      .evidence = std::move(found.evidence),
      .explanation =
          "The kernel adds a RoCE v1 and a RoCE v2 GID for each IP address of the netdev. An address without its "
          "v2 entry cannot source routed RoCE v2 traffic: connections bound to it fail address resolution or fall "
          "back to RoCE v1, which is not routable. Usual causes: RoCE disabled on the function (devlink "
          "enable_roce), a full GID table, or the address sitting on a netdev the RDMA device does not follow.",
      .remediation = std::move(remediation),
  };
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const std::string dev = p.name();
    if (!p.port) {
      r.skip(dev, "no RDMA port");
      continue;
    }
    if (!r.require(p.port->gids, dev, "GID table")) continue;
    const auto& gids = *p.port->gids;
    Uses found = collect_uses(ctx, dev, gids);
    if (found.uses.empty() && found.derived) {
      const bool down = p.port->state.ok() && p.port->state->code != link::kPortActive;
      if (!down && only_link_local(gids, dev)) {
        r.evaluated();
        r.finding(no_routable_address(p, {config("GID table", gid_table_text(gids), p.port->gids)}, true));
        continue;
      }
      r.skip(dev, "netdev addresses " + model::describe_missing(p.netdev->addresses) +
                      (down ? " and the port is down" : " and the GID table holds no IP-based GID"));
      continue;
    }
    // An address whose GIDs have no type cannot be judged: it has no v2 entry as far as is known.
    const model::Gid* unknown = nullptr;
    std::erase_if(found.uses, [&](const Use& u) {
      if (u.v2_index || !u.untyped) return false;
      unknown = u.untyped;
      return true;
    });
    if (found.uses.empty() && unknown) {
      r.skip(dev, "GID types " + model::describe_missing(unknown->type));
      continue;
    }
    r.evaluated();
    found.evidence.push_back(config("GID table", gid_table_text(gids), p.port->gids));
    if (found.uses.empty())
      r.finding(no_routable_address(p, std::move(found.evidence), false));
    else if (auto f = missing_v2_gids(p, std::move(found)))
      r.finding(std::move(*f));
  }
}

}  // namespace

engine::CheckInfo info_gid_rocev2() {
  return {
      .id = kId,
      .title = "A RoCE v2 GID for every address",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::gids},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "For each IPv4 and global IPv6 address of the RoCE netdev (and of the VLAN/bond netdevs that own "
          "entries in the port's GID table), looks for a RoCE v2 GID (IPv4 as ::ffff:a.b.c.d, "
          "0000:...:ffff:ac13:003c in sysfs) on that netdev. Missing on every address is critical, on some a "
          "warning; findings list the index per address and the NCCL_IB_GID_INDEX to use (the IPv4 v2 entry). "
          "No routable address at all is a warning. Without netdev addresses a GID table of link-local GIDs only "
          "(fe80::, "
          "v1 and v2) on a port that is not down is that warning too. Without netdev addresses (offline sysfs-only "
          "captures) the "
          "addresses come from the GID table, and the finding says so; GIDs whose type the input does not give "
          "(ibv_devinfo without GID types) are not judged.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
