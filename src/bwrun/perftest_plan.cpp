// The perftest command lines of a bandwidth run, chosen from the host model and the profile.
#include "bwrun/perftest_plan.hpp"

#include <cctype>
#include <string_view>

#include "model/gid_index.hpp"

namespace roce::bwrun {
namespace {

// A RoCE port of the host: an RDMA port over Ethernet and the netdev it carries.
struct RocePort {
  const model::RdmaDevice* device = nullptr;
  const model::RdmaPort* port = nullptr;
  std::string netdev;
};

std::string netdev_of(const model::RdmaDevice& dev, const model::RdmaPort& port) {
  if (port.netdev.ok()) return *port.netdev;
  if (dev.netdevs.ok() && dev.netdevs->size() == 1) return dev.netdevs->front();
  return {};
}

std::vector<RocePort> roce_ports(const model::Host& host) {
  std::vector<RocePort> out;
  for (const auto& dev : host.rdma_devices)
    for (const auto& port : dev.ports)
      if (port.link_layer.ok() && *port.link_layer == "Ethernet") out.push_back({&dev, &port, netdev_of(dev, port)});
  return out;
}

std::string port_name(const RocePort& p) {
  return p.device->name + "/" + std::to_string(p.port->number) + (p.netdev.empty() ? "" : " (" + p.netdev + ")");
}

// The IPv4 addresses of the netdev, without their prefix length.
std::vector<std::string> ipv4_addresses(const model::Host& host, const std::string& netdev) {
  std::vector<std::string> out;
  const auto* nd = host.netdev(netdev);
  if (!nd || !nd->addresses.ok()) return out;
  for (const auto& a : *nd->addresses) {
    const std::string ip = a.substr(0, a.find('/'));
    if (ip.find(':') == std::string::npos && !ip.empty()) out.push_back(ip);
  }
  return out;
}

bool needs_quotes(const std::string& arg) {
  if (arg.empty()) return true;
  for (char c : arg)
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string_view("-_./=:,+@%").find(c) != std::string_view::npos))
      return true;
  return false;
}

// The numbers of the run: a message, a duration and QPs, and a peer for a client.
Outcome check_run_options(const RunOptions& options) {
  if (options.mode == RunMode::client && options.peer.empty())
    return fail("a client run needs the server's address", "--peer HOST, where `roce-doctor bw --run --server` waits");
  if (options.size == 0) return fail("--size 0: perftest needs a message of at least one byte");
  if (options.duration_s == 0) return fail("--duration 0: perftest needs a run of at least one second");
  if (options.qps == 0) return fail("--qps 0: perftest needs at least one QP");
  return done();
}

// The one RoCE port of the host, with its netdev.
Expected<RocePort> choose_roce_port(const model::Host& host) {
  const auto ports = roce_ports(host);
  if (ports.empty())
    return fail("no RoCE port (an RDMA port with link layer Ethernet) on this host",
                "see `roce-doctor show`; --dev names the netdev or RDMA device to measure");
  if (ports.size() > 1) {
    std::string names;
    for (const auto& p : ports) names += (names.empty() ? "" : ", ") + port_name(p);
    return fail(std::to_string(ports.size()) + " RoCE ports on this host: " + names, "--dev names the one to measure");
  }
  const RocePort& chosen = ports.front();
  if (chosen.netdev.empty())
    return fail("RDMA port " + port_name(chosen) + " names no netdev", "is the device's netdev up and named in sysfs?");
  return chosen;
}

// The first IPv4 address of the netdev with a RoCE v2 GID, and that GID's index, into the plan.
Outcome choose_address_and_gid(const model::Host& host, const RocePort& chosen, PerftestPlan& plan) {
  const auto addresses = ipv4_addresses(host, plan.netdev);
  if (addresses.empty())
    return fail(plan.netdev + " has no IPv4 address: RoCE v2 over IPv4 needs one",
                "ip address add ADDR/LEN dev " + plan.netdev);
  if (!chosen.port->gids.ok())
    return fail("the GID table of " + port_name(chosen) + " is " + model::describe_missing(chosen.port->gids) +
                    ": the RoCE v2 GID index is unknown",
                "read it as root, or see `roce-doctor show --dev " + plan.netdev + "`");
  const auto v2 = model::roce_v2_ipv4_gids(*chosen.port->gids);
  for (const auto& address : addresses) {
    for (const auto& g : v2)
      if (g.ipv4 == address && (g.netdev.empty() || g.netdev == plan.netdev)) {
        plan.address = address;
        plan.gid_index = g.index;
        break;
      }
    if (!plan.address.empty()) break;
  }
  if (plan.address.empty())
    return fail(port_name(chosen) + " has no RoCE v2 GID for " + addresses.front(),
                "see GID-ROCEV2 in `roce-doctor check --dev " + plan.netdev + "`");
  return done();
}

// The traffic class of the lossless class when the profile trusts DSCP, and a note saying why.
void choose_tclass(const profile::Profile& profile, PerftestPlan& plan) {
  if (profile.trust == profile::Trust::dscp && !profile.lossless.empty() && !profile.lossless.front().dscp.empty()) {
    const int dscp = profile.lossless.front().dscp.front();
    plan.tclass = dscp << 2;
    plan.notes.push_back("--tclass " + std::to_string(*plan.tclass) + ": DSCP " + std::to_string(dscp) +
                         " of the lossless class (priority " + std::to_string(profile.lossless.front().priority) + ")");
  } else {
    plan.notes.push_back("no --tclass: the profile trusts PCP, the VLAN priority picks the class");
  }
}

// The server's and the client's command lines of the mode; the one that reports writes the JSON.
void build_perftest_argv(const RunOptions& options, PerftestPlan& plan) {
  std::vector<std::string> common{
      plan.binary, "-d", plan.rdma_device, "-i", std::to_string(plan.rdma_port), "-x", std::to_string(plan.gid_index)};
  if (plan.tclass) common.push_back("--tclass=" + std::to_string(*plan.tclass));
  for (auto&& arg :
       {std::string("-s"), std::to_string(options.size), std::string("-D"), std::to_string(options.duration_s),
        std::string("-q"), std::to_string(options.qps), std::string("-F"), std::string("--report_gbits")})
    common.push_back(arg);
  if (options.port) {
    common.push_back("-p");
    common.push_back(std::to_string(*options.port));
  }
  const auto with_json = [&](std::vector<std::string> argv) {
    argv.push_back("--out_json");
    argv.push_back("--out_json_file=" + options.out_json_file);
    return argv;
  };
  switch (options.mode) {
    case RunMode::loopback:
      plan.server_argv = common;
      plan.client_argv = with_json(common);
      plan.client_argv.push_back(plan.address);
      break;
    case RunMode::client:
      plan.client_argv = with_json(common);
      plan.client_argv.push_back(options.peer);
      break;
    case RunMode::server: plan.server_argv = with_json(common); break;
  }
}

}  // namespace

std::optional<std::string> perftest_binary(const std::string& test) {
  if (test == "write" || test == "read" || test == "send") return "ib_" + test + "_bw";
  return std::nullopt;
}

Expected<PerftestPlan> plan_perftest(const model::Host& host, const profile::Profile& profile,
                                     const RunOptions& options) {
  PerftestPlan plan;
  const auto binary = perftest_binary(options.test);
  if (!binary) return fail("unknown perftest test \"" + options.test + "\"", "--test takes write, read or send");
  plan.binary = *binary;
  if (auto checked = check_run_options(options); !checked) return fail(std::move(checked.error()));
  auto chosen = choose_roce_port(host);
  if (!chosen) return fail(std::move(chosen.error()));
  plan.rdma_device = chosen->device->name;
  plan.rdma_port = chosen->port->number;
  plan.netdev = chosen->netdev;
  if (auto found = choose_address_and_gid(host, *chosen, plan); !found) return fail(std::move(found.error()));
  choose_tclass(profile, plan);
  if (options.port) plan.port = *options.port;
  build_perftest_argv(options, plan);
  return plan;
}

std::string shell_line(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& arg : argv) {
    if (!out.empty()) out += ' ';
    if (!needs_quotes(arg)) {
      out += arg;
      continue;
    }
    out += '\'';
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

}  // namespace roce::bwrun
