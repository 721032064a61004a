#include <linux/dcbnl.h>
#include <linux/ethtool.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "collect/sweeps.hpp"

namespace roce::bench {
namespace {

constexpr std::size_t kMaxStats = 16384;
constexpr std::size_t kReceiveBytes = 64 * 1024;

Unexpected sys_fail(const std::string& what) { return fail(what + ": " + std::strerror(errno)); }

}  // namespace

FloorSweep::FloorSweep(std::vector<std::string> devices, int ioctl_fd, int netlink_fd)
    : devices_(std::move(devices)),
      ioctl_fd_(ioctl_fd),
      netlink_fd_(netlink_fd),
      sset_(4),
      strings_(2 + kMaxStats * ETH_GSTRING_LEN / 8),
      values_(1 + kMaxStats),
      receive_(kReceiveBytes / 8) {
  stat_counts.resize(devices_.size());
  dcb_errno.resize(devices_.size());
}

FloorSweep::FloorSweep(FloorSweep&& other) noexcept
    : stat_counts(std::move(other.stat_counts)),
      dcb_errno(std::move(other.dcb_errno)),
      devices_(std::move(other.devices_)),
      ioctl_fd_(std::exchange(other.ioctl_fd_, -1)),
      netlink_fd_(std::exchange(other.netlink_fd_, -1)),
      seq_(other.seq_),
      sset_(std::move(other.sset_)),
      strings_(std::move(other.strings_)),
      values_(std::move(other.values_)),
      receive_(std::move(other.receive_)) {}

FloorSweep::~FloorSweep() {
  if (ioctl_fd_ >= 0) close(ioctl_fd_);
  if (netlink_fd_ >= 0) close(netlink_fd_);
}

Expected<FloorSweep> FloorSweep::open(std::vector<std::string> devices, bool with_netlink) {
  const int ioctl_fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (ioctl_fd < 0) return sys_fail("floor: socket(AF_INET)");
  int netlink_fd = -1;
  if (with_netlink) {
    netlink_fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    sockaddr_nl local{};
    local.nl_family = AF_NETLINK;
    if (netlink_fd < 0 || bind(netlink_fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) {
      auto failure = sys_fail("floor: NETLINK_ROUTE socket");
      close(ioctl_fd);
      if (netlink_fd >= 0) close(netlink_fd);
      return failure;
    }
  }
  return FloorSweep(std::move(devices), ioctl_fd, netlink_fd);
}

Outcome FloorSweep::ethtool_ioctls(std::size_t device) {
  const std::string& name = devices_[device];
  ifreq ifr{};
  std::memcpy(ifr.ifr_name, name.data(), std::min(name.size(), std::size_t{IFNAMSIZ - 1}));

  ethtool_sset_info sset{};
  sset.cmd = ETHTOOL_GSSET_INFO;
  sset.sset_mask = 1ULL << ETH_SS_STATS;
  std::memcpy(sset_.data(), &sset, sizeof sset);
  ifr.ifr_data = reinterpret_cast<char*>(sset_.data());
  if (::ioctl(ioctl_fd_, SIOCETHTOOL, &ifr) != 0) return sys_fail("floor: ETHTOOL_GSSET_INFO " + name);
  std::uint32_t n = 0;
  std::memcpy(&n, reinterpret_cast<const char*>(sset_.data()) + sizeof sset, sizeof n);
  if (n > kMaxStats) return fail("floor: " + name + " has more statistics than the floor's buffers hold");

  ethtool_gstrings strings{};
  strings.cmd = ETHTOOL_GSTRINGS;
  strings.string_set = ETH_SS_STATS;
  strings.len = n;
  std::memcpy(strings_.data(), &strings, sizeof strings);
  ifr.ifr_data = reinterpret_cast<char*>(strings_.data());
  if (::ioctl(ioctl_fd_, SIOCETHTOOL, &ifr) != 0) return sys_fail("floor: ETHTOOL_GSTRINGS " + name);

  ethtool_stats values{};
  values.cmd = ETHTOOL_GSTATS;
  values.n_stats = n;
  std::memcpy(values_.data(), &values, sizeof values);
  ifr.ifr_data = reinterpret_cast<char*>(values_.data());
  if (::ioctl(ioctl_fd_, SIOCETHTOOL, &ifr) != 0) return sys_fail("floor: ETHTOOL_GSTATS " + name);
  stat_counts[device] = n;
  return done();
}

Outcome FloorSweep::link_dump() {
  struct {
    nlmsghdr header;
    ifinfomsg link;
  } request{};
  request.header.nlmsg_len = sizeof request;
  request.header.nlmsg_type = RTM_GETLINK;
  request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
  request.header.nlmsg_seq = ++seq_;
  request.link.ifi_family = AF_UNSPEC;
  if (send(netlink_fd_, &request, sizeof request, 0) < 0) return sys_fail("floor: send RTM_GETLINK");
  for (;;) {
    const ssize_t n = recv(netlink_fd_, receive_.data(), kReceiveBytes, 0);
    if (n < 0) return sys_fail("floor: recv RTM_GETLINK");
    int left = static_cast<int>(n);
    for (auto* m = reinterpret_cast<nlmsghdr*>(receive_.data()); NLMSG_OK(m, left); m = NLMSG_NEXT(m, left)) {
      if (m->nlmsg_type == NLMSG_DONE) return done();
      if (m->nlmsg_type == NLMSG_ERROR) return fail("floor: RTM_GETLINK dump failed");
    }
  }
}

Outcome FloorSweep::dcb_request(std::size_t device) {
  const std::string& name = devices_[device];
  struct {
    nlmsghdr header;
    dcbmsg dcb;
    rtattr attr;
    char ifname[IFNAMSIZ];
  } request{};
  const std::size_t attr_len = RTA_LENGTH(name.size() + 1);
  request.header.nlmsg_len = static_cast<std::uint32_t>(NLMSG_LENGTH(sizeof request.dcb) + RTA_ALIGN(attr_len));
  request.header.nlmsg_type = RTM_GETDCB;
  request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
  request.header.nlmsg_seq = ++seq_;
  request.dcb.dcb_family = AF_UNSPEC;
  request.dcb.cmd = DCB_CMD_IEEE_GET;
  request.attr.rta_type = DCB_ATTR_IFNAME;
  request.attr.rta_len = static_cast<unsigned short>(attr_len);
  std::memcpy(request.ifname, name.data(), std::min(name.size(), std::size_t{IFNAMSIZ - 1}));
  if (send(netlink_fd_, &request, request.header.nlmsg_len, 0) < 0) return sys_fail("floor: send RTM_GETDCB");
  for (;;) {  // the reply (if any), then the acknowledgement or the error
    const ssize_t n = recv(netlink_fd_, receive_.data(), kReceiveBytes, 0);
    if (n < 0) return sys_fail("floor: recv RTM_GETDCB");
    int left = static_cast<int>(n);
    for (auto* m = reinterpret_cast<nlmsghdr*>(receive_.data()); NLMSG_OK(m, left); m = NLMSG_NEXT(m, left)) {
      if (m->nlmsg_type != NLMSG_ERROR) continue;
      nlmsgerr e{};
      std::memcpy(&e, NLMSG_DATA(m), sizeof e);
      dcb_errno[device] = -e.error;
      return done();
    }
  }
}

Outcome FloorSweep::run() {
  if (netlink_fd_ >= 0)
    if (auto r = link_dump(); !r) return r;
  for (std::size_t i = 0; i < devices_.size(); ++i) {
    if (auto r = ethtool_ioctls(i); !r) return r;
    if (netlink_fd_ >= 0)
      if (auto r = dcb_request(i); !r) return r;
  }
  return done();
}

}  // namespace roce::bench
