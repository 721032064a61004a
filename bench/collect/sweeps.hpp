#pragma once
// Four ways to read the same information for a list of devices: ethtool statistics, link
// statistics and DCB PFC. Each run() does one full sweep and keeps what it read, so that the ways
// can be checked against each other before they are timed.
#include <memory>
#include <string>
#include <vector>

#include "model/counters.hpp"
#include "model/host.hpp"
#include "sources/ethtool/ethtool_reader.hpp"
#include "sources/rtnl/rtnl_reader.hpp"
#include "util/expected.hpp"

namespace roce::bench {

// The sampling path: EthtoolReader::read_stats per device, one RtnlReader::dump_links, and
// RtnlReader::read_dcb per device. Sockets are opened once, in the namespace current at open().
class InProcessSweep {
 public:
  static Expected<InProcessSweep> open(std::vector<std::string> devices);
  Outcome run();

  std::vector<model::NetDev> links;                // the last link dump (every link)
  std::vector<Expected<model::CounterSet>> stats;  // per device, in device order
  std::vector<model::Dcb> dcb;                     // per device

 private:
  InProcessSweep(std::vector<std::string> devices, sources::rtnl::RtnlReader rtnl);
  std::vector<std::string> devices_;
  std::unique_ptr<sources::ethtool::EthtoolReader> ethtool_;
  sources::rtnl::RtnlReader rtnl_;
};

// The shell pipeline: per device `ethtool -S dev`, `ip -s -d link show dev dev` and
// `dcb pfc show dev dev`, each spawned directly (no shell), stdout and stderr read to the end.
class PipelineSweep {
 public:
  struct Output {
    int exit_status = -1;  // -1: did not exit normally
    std::string text;      // stdout and stderr
  };
  explicit PipelineSweep(std::vector<std::string> devices) : devices_(std::move(devices)) {}
  Outcome run();

  std::vector<Output> ethtool_s, ip_link, dcb_pfc;  // per device
  long spawned = 0;                                 // processes started, over every run()

 private:
  std::vector<std::string> devices_;
};

// The floor: ETHTOOL_GSSET_INFO, GSTRINGS and GSTATS per device on one socket, into buffers
// allocated once; nothing is decoded. With `with_netlink`, also one raw RTM_GETLINK dump and one
// raw RTM_GETDCB (DCB_CMD_IEEE_GET) per device, received into a fixed buffer and not decoded:
// the least any program can do for the same information.
class FloorSweep {
 public:
  static Expected<FloorSweep> open(std::vector<std::string> devices, bool with_netlink);
  FloorSweep(FloorSweep&& other) noexcept;
  FloorSweep& operator=(FloorSweep&&) = delete;
  ~FloorSweep();
  Outcome run();

  std::vector<std::uint32_t> stat_counts;  // per device, from the last run
  std::vector<int> dcb_errno;              // per device: 0 or the kernel's error (with_netlink)

 private:
  FloorSweep(std::vector<std::string> devices, int ioctl_fd, int netlink_fd);
  Outcome ethtool_ioctls(std::size_t device);
  Outcome link_dump();
  Outcome dcb_request(std::size_t device);

  std::vector<std::string> devices_;
  int ioctl_fd_ = -1, netlink_fd_ = -1;
  std::uint32_t seq_ = 0;
  std::vector<std::uint64_t> sset_, strings_, values_, receive_;
};

}  // namespace roce::bench
