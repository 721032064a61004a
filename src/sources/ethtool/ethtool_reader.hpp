#pragma once
// Live reader of one kernel interface: SIOCETHTOOL ioctls and the "ethtool" generic-netlink family.
// Sockets are opened on first use and belong to the network namespace current at that moment.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "model/counters.hpp"
#include "model/host.hpp"
#include "sources/netlink/socket.hpp"
#include "util/expected.hpp"

namespace roce::sources::ethtool {

// How link settings and pause parameters are read. `automatic` prefers ethtool genetlink and
// falls back to the ioctls when the kernel has no "ethtool" family (before 5.6).
enum class LinkTransport { automatic, ioctl_only };

class EthtoolReader {
 public:
  // How long a genetlink request may wait for its answer.
  static constexpr std::chrono::milliseconds kReplyTimeout{5000};

  EthtoolReader();
  explicit EthtoolReader(LinkTransport transport);
  ~EthtoolReader();
  EthtoolReader(const EthtoolReader&) = delete;
  EthtoolReader& operator=(const EthtoolReader&) = delete;

  // Fills nd.driver, nd.link, nd.pause, nd.pfc_prevention_tout_ms, nd.module_cable_m and
  // nd.ethtool_stats of the device named nd.name.
  void read(model::NetDev& nd);
  // The hot path used by sampling: GSSET_INFO -> GSTRINGS -> GSTATS, names re-read every call.
  // Errors carry sys_errno (EOPNOTSUPP when the driver has no statistics).
  Expected<model::CounterSet> read_stats(const std::string& ifname);

  model::Field<model::DriverInfo> read_driver(const std::string& ifname);           // ETHTOOL_GDRVINFO
  model::Field<model::LinkSettings> read_link(const std::string& ifname);           // LINKMODES_GET | GLINKSETTINGS
  model::Field<model::PauseParams> read_pause(const std::string& ifname);           // PAUSE_GET | GPAUSEPARAM
  model::Field<std::uint32_t> read_pfc_prevention_tout(const std::string& ifname);  // ETHTOOL_GTUNABLE
  // The cable length the plugged module reports: MODULE_EEPROM_GET, or GMODULEINFO + GMODULEEEPROM
  // when the kernel has no such message (before 5.13). Absent for a separable optic or a module
  // that gives none; unsupported where the driver has no module (veth, bonds).
  model::Field<std::uint32_t> read_module_cable(const std::string& ifname);

  // True when link settings and pause come from genetlink (opens the socket if needed).
  bool uses_netlink();

 private:
  int ioctl(const std::string& ifname, void* request);  // 0 or a positive errno
  netlink::Socket* genl();                              // nullptr: fall back to the ioctls
  model::Field<model::LinkSettings> read_link_netlink(const std::string& ifname);
  model::Field<model::LinkSettings> read_link_ioctl(const std::string& ifname);
  model::Field<model::PauseParams> read_pause_netlink(const std::string& ifname);
  model::Field<model::PauseParams> read_pause_ioctl(const std::string& ifname);
  Expected<ByteBuffer> read_module_netlink(const std::string& ifname);
  Expected<ByteBuffer> read_module_ioctl(const std::string& ifname);

  LinkTransport transport_;
  int ioctl_fd_ = -1;
  int ioctl_open_errno_ = 0;
  std::optional<netlink::Socket> genl_;
  bool genl_tried_ = false;
  std::uint16_t family_ = 0;
};

}  // namespace roce::sources::ethtool
