// LINK-STATE: the RoCE port is up: RDMA port ACTIVE with its PHY in LinkUp, and the netdev
// operationally up. Every other check on a port that is down judges a link that carries nothing.
#include <cctype>

#include "checks/link_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "LINK-STATE";
constexpr std::uint32_t kPhysPolling = 2;

// "0c:42:a1:5d:4d:b8": an Ethernet netdev (an IPoIB netdev has a 20-octet address).
bool ethernet_mac(const model::NetDev& nd) { return nd.mac.ok() && nd.mac->size() == 17; }

// An RDMA port whose link layer is not Ethernet although its netdev is an Ethernet netdev: the
// engine does not count it as a RoCE port, so it is found here.
void non_ethernet_ports(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& d : ctx.now.rdma_devices)
    for (const auto& port : d.ports) {
      if (!port.link_layer.ok() || *port.link_layer == "Ethernet") continue;
      std::string name = port.netdev.ok() ? *port.netdev : "";
      if (name.empty() && d.netdevs.ok() && port.number >= 1 && port.number <= d.netdevs->size())
        name = (*d.netdevs)[port.number - 1];
      const model::NetDev* nd = ctx.now.netdev(name);
      if (!nd || !ethernet_mac(*nd)) continue;  // an InfiniBand HCA port: not ours to judge
      std::vector<std::string> remediation = {"cat /sys/class/infiniband/" + d.name + "/ports/" +
                                              std::to_string(port.number) + "/link_layer"};
      // mlx5 VPI: one PCI function per physical port, LINK_TYPE_P<function + 1>, 2 = ETH; needs a
      // firmware reset (mlxfwreset or a reboot) to apply.
      const auto& pci = d.pci_address;
      if (pci.ok() && pci->size() >= 2 && pci->at(pci->size() - 2) == '.' &&
          std::isdigit(static_cast<unsigned char>(pci->back()))) {
        const int phys_port = pci->back() - '0' + 1;
        remediation.push_back("mlxconfig -d " + *pci + " set LINK_TYPE_P" + std::to_string(phys_port) + "=2");
        remediation.push_back("mlxfwreset -d " + *pci + " reset");
      }
      r.finding({
          .severity = engine::Severity::critical,
          .subject = {.netdev = name, .rdma_device = d.name, .port = static_cast<int>(port.number)},
          .title = "RDMA port " + d.name + "/" + std::to_string(port.number) + " has link layer " + *port.link_layer +
                   " on Ethernet netdev " + name,
          .evidence = {config("link_layer", *port.link_layer, port.link_layer), config("address", *nd->mac, nd->mac)},
          .explanation = "RoCE needs the RDMA port in Ethernet mode. A port whose link layer is not Ethernet cannot "
                         "carry RoCE over this netdev; on VPI adapters the port type is a firmware setting.",
          .remediation = std::move(remediation),
      });
    }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const std::string dev = p.name();
    const auto& op = p.netdev->operstate;
    if (p.port ? !r.require(p.port->state, dev, "RDMA port state") : !r.require(op, dev, "netdev operstate")) continue;
    r.evaluated();
    std::vector<std::string> problems;
    std::vector<engine::Evidence> evidence;
    std::optional<std::uint32_t> phys;
    if (p.port) {
      const auto& st = *p.port->state;
      const std::string where = "RDMA port " + p.device->name + "/" + std::to_string(p.port->number);
      evidence.push_back(config("state", link::state_text(st), p.port->state));
      if (p.port->link_layer.ok()) evidence.push_back(config("link_layer", *p.port->link_layer, p.port->link_layer));
      if (st.code != link::kPortActive) problems.push_back(where + " is " + link::state_text(st));
      if (p.port->phys_state.ok()) {
        phys = p.port->phys_state->code;
        evidence.push_back(config("phys_state", link::state_text(*p.port->phys_state), p.port->phys_state));
        if (*phys != link::kPhysLinkUp) problems.push_back("physical state " + link::state_text(*p.port->phys_state));
      }
    }
    // "unknown" is what drivers without operstate support report; the RDMA state decides then.
    if (op.ok()) {
      evidence.push_back(config("operstate", *op, op));
      if (*op != "up" && *op != "unknown") problems.push_back("netdev operstate " + *op);
    }
    if (problems.empty()) continue;

    std::string title = "link down: ";
    for (std::size_t i = 0; i < problems.size(); ++i) title += (i ? ", " : "") + problems[i];
    // What the states say about why, and where to look.
    std::string why;
    std::vector<std::string> remediation;
    if (phys == kPhysPolling) {
      why =
          "Polling means the PHY is up and trying to train but sees no partner: a missing or faulty cable or "
          "transceiver, a disabled switch port, or a speed/FEC mismatch with it.";
      remediation = {"ethtool " + dev, "ethtool -m " + dev};
    } else if (op.ok() && *op == "lowerlayerdown") {
      why = "The netdev sits on a lower device (bond slave, VLAN parent) that is down.";
      remediation = {"ip -d link show dev " + dev};
    } else if (p.netdev->name.empty()) {
      why = "The netdev of this port is not known here: find it, then check that it is up and has carrier.";
      remediation = {"rdma link show " + p.device->name + "/" + std::to_string(p.port->number),
                     "ibv_devinfo -d " + p.device->name + " -i " + std::to_string(p.port->number)};
    } else {
      why =
          "Disabled/down usually means the netdev is administratively down or has no carrier (mlx5 reports both "
          "the same way): bring it up, then check carrier and the module.";
      remediation = {"ip link set dev " + dev + " up", "ethtool " + dev, "ethtool -m " + dev};
    }
    r.finding({
        .severity = engine::Severity::critical,
        .subject = p.subject(),
        .title = std::move(title),
        .evidence = std::move(evidence),
        .explanation = "The port carries no RoCE traffic: queue pairs on it fail (or fail over) and every other "
                       "finding on this port describes a link that is not running. " +
                       why,
        .remediation = std::move(remediation),
    });
  }
  non_ethernet_ports(ctx, r);
}

}  // namespace

engine::CheckInfo info_link_state() {
  return {
      .id = kId,
      .title = "RoCE port is up (ACTIVE, LinkUp, netdev up)",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::port_state},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the RDMA port's sysfs state (4: ACTIVE expected) and phys_state (5: LinkUp expected) and the "
          "netdev operstate (up; unknown is accepted from drivers that do not report it). Any other value is "
          "critical: the port carries no RoCE. An RDMA port whose link_layer is not Ethernet while its netdev is "
          "an Ethernet netdev is critical too; InfiniBand HCA ports (IPoIB netdevs) are not judged. LINK-SPEED, "
          "LINK-SIGNAL and MTU-ROCE do not judge a port that is down.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
