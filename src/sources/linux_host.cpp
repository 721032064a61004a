#include "sources/linux_host.hpp"

#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <set>

#include "sources/deadline_job.hpp"
#include "sources/devlink/devlink_sb_reader.hpp"
#include "sources/ethtool/ethtool_reader.hpp"
#include "sources/lldp_agents.hpp"
#include "sources/missing_fields.hpp"
#include "sources/rtnl/rtnl_reader.hpp"
#include "sources/sysfs/netdev_sysfs.hpp"
#include "sources/sysfs/rdma_sysfs.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "sources/verbs/verbs.hpp"

namespace roce::sources {
namespace {

using Clock = std::chrono::steady_clock;
using model::Availability;

constexpr const char* kCopiedTree = "not read: --sysfs-root points at a copy of /sys";

std::string hostname() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

std::string kernel_release() {
  utsname u{};
  return uname(&u) == 0 ? u.release : "";
}

std::int64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Which devices a --dev filter selects: the named netdev or RDMA device, and what pairs with it
// (an RDMA device's netdevs; the RDMA devices of a netdev).
struct Selection {
  std::set<std::string> netdevs, rdma;
};

bool names_netdev(const model::RdmaDevice& dev, const std::string& netdev) {
  if (dev.netdevs.ok() && std::count(dev.netdevs->begin(), dev.netdevs->end(), netdev)) return true;
  for (const auto& p : dev.ports)
    if (p.netdev.ok() && *p.netdev == netdev) return true;
  return false;
}

Selection select(const std::string& device, const std::vector<model::RdmaDevice>& rdma) {
  Selection s;
  s.netdevs.insert(device);
  for (const auto& dev : rdma) {
    if (dev.name == device) {
      s.rdma.insert(dev.name);
      if (dev.netdevs.ok()) s.netdevs.insert(dev.netdevs->begin(), dev.netdevs->end());
      for (const auto& p : dev.ports)
        if (p.netdev.ok()) s.netdevs.insert(*p.netdev);
    } else if (names_netdev(dev, device)) {
      s.rdma.insert(dev.name);
    }
  }
  return s;
}

// RDMA devices from sysfs, each in its own worker.
std::vector<model::RdmaDevice> read_rdma_devices(const std::string& root, const CollectOptions& options,
                                                 model::Host& host) {
  std::vector<std::pair<std::string, DeadlineJob<model::RdmaDevice>>> jobs;
  for (const auto& name : sysfs::list_rdma_devices(root)) {
    model::RdmaDevice dev;
    dev.name = name;
    jobs.emplace_back(name, DeadlineJob<model::RdmaDevice>(std::move(dev), [root](model::RdmaDevice& d) {
                        d = sysfs::read_rdma_device(root, d.name);
                      }));
  }
  const auto deadline = Clock::now() + options.per_device_deadline;
  std::vector<model::RdmaDevice> out;
  for (auto& [name, job] : jobs) {
    if (auto dev = job.wait_until(deadline)) {
      out.push_back(std::move(*dev));
      continue;
    }
    const auto why = timed_out_text(options.per_device_deadline);
    host.notes.push_back({name, Availability::error, "sysfs: " + why});
    model::RdmaDevice dev;
    dev.name = name;
    mark_rdma_device_fields(dev, Availability::error, why);
    out.push_back(std::move(dev));
  }
  return out;
}

// One netdev's sysfs, ethtool and DCB, in a worker with its own sockets.
void read_netdev(const std::string& root, bool live, model::NetDev& nd) {
  sysfs::read_netdev_sysfs(root, nd);
  if (!live) return;
  ethtool::EthtoolReader ethtool;  // overrides the driver and speed sysfs gave
  ethtool.read(nd);
  auto rtnl = rtnl::RtnlReader::open();
  if (rtnl) {
    rtnl->read_dcb(nd);
  } else {
    const auto why = "dcbnl: cannot open a rtnetlink socket: " + rtnl.error().message;
    mark_kernel_interface_fields(nd, Availability::error, why);
  }
}

void read_netdevs(const std::string& root, bool live, const CollectOptions& options, model::Host& host) {
  std::vector<DeadlineJob<model::NetDev>> jobs;
  for (auto& nd : host.netdevs) jobs.emplace_back(nd, [root, live](model::NetDev& d) { read_netdev(root, live, d); });
  const auto deadline = Clock::now() + options.per_device_deadline;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    auto& nd = host.netdevs[i];
    if (auto done = jobs[i].wait_until(deadline)) {
      nd = std::move(*done);
      continue;
    }
    const auto why = timed_out_text(options.per_device_deadline);
    host.notes.push_back({nd.name, Availability::error, "sysfs/ethtool/dcbnl: " + why});
    mark_netdev_worker_fields(nd, Availability::error, why);
  }
}

// The list of netdevs: rtnetlink links and addresses when live, class/net of a copied tree otherwise.
void list_netdevs(const std::string& root, bool live, model::Host& host) {
  if (!live) {
    for (const auto& name : sysfs::list_netdevs(root)) {
      model::NetDev nd;
      nd.name = name;
      host.netdevs.push_back(std::move(nd));
    }
    return;
  }
  auto rtnl = rtnl::RtnlReader::open();
  if (!rtnl) {
    host.notes.push_back({"rtnetlink", Availability::error,
                          "cannot open a rtnetlink socket: " + rtnl.error().message + "; netdevs from sysfs"});
    return list_netdevs(root, false, host);
  }
  auto links = rtnl->dump_links();
  if (!links) {
    host.notes.push_back(
        {"rtnetlink", Availability::error, "link dump: " + links.error().message + "; netdevs from sysfs"});
    return list_netdevs(root, false, host);
  }
  host.netdevs = std::move(*links);
  if (auto filled = rtnl->fill_addresses(host.netdevs); !filled)
    host.notes.push_back({"rtnetlink", Availability::error, "address dump: " + filled.error().message});
}

void keep_selected(const Selection& s, model::Host& host) {
  std::erase_if(host.netdevs, [&](const model::NetDev& nd) { return !s.netdevs.count(nd.name); });
  std::erase_if(host.rdma_devices, [&](const model::RdmaDevice& d) { return !s.rdma.count(d.name); });
}

// Not known to differ: the same value (whichever reader gave it: sysfs and rtnetlink both give the
// MTU), or one of them missing (a whole sample would not know it either).
template <class T>
bool same_value(const model::Field<T>& a, const model::Field<T>& b) {
  return !a.ok() || !b.ok() || *a == *b;
}

// The counters of `host` read again in place; false when a whole sample is due.
bool refresh_in_place(const std::string& root, model::Host& host) {
  auto rtnl = rtnl::RtnlReader::open();
  if (!rtnl) return false;
  auto links = rtnl->dump_links();
  if (!links) return false;
  host.monotonic_ns = monotonic_ns();
  for (auto& nd : host.netdevs) {
    const auto link =
        std::find_if(links->begin(), links->end(), [&](const model::NetDev& l) { return l.name == nd.name; });
    if (link == links->end() || !same_value(link->ifindex, nd.ifindex) || !same_value(link->mtu, nd.mtu)) return false;
    // A link going up or down is announced (the sampler's ChangeWatch reads the configuration again);
    // its state is taken as the dump gives it either way.
    nd.operstate = link->operstate;
    nd.carrier_changes = link->carrier_changes;
    nd.stats = link->stats;
  }
  ethtool::EthtoolReader ethtool;
  for (auto& nd : host.netdevs) {
    if (!nd.ethtool_stats.ok()) continue;  // what could not be read before is read again with the configuration
    auto stats = ethtool.read_stats(nd.name);
    if (!stats) return false;
    nd.ethtool_stats = model::Field<model::CounterSet>::of(std::move(*stats), nd.ethtool_stats.from);
  }
  for (auto& dev : host.rdma_devices)
    if (!sysfs::refresh_rdma_counters(root, dev)) return false;
  return true;
}

}  // namespace

std::string timed_out_text(std::chrono::milliseconds deadline) {
  if (deadline.count() % 1000 == 0) return "timed out after " + std::to_string(deadline.count() / 1000) + " s";
  return "timed out after " + std::to_string(deadline.count()) + " ms";
}

model::Host collect_host(const CollectOptions& options) {
  const std::string root = sysfs::resolve_sysfs_root(options.sysfs_root_flag);
  const bool live = root == "/sys";
  model::Host host;
  host.time_unix_ms = unix_ms();
  host.monotonic_ns = monotonic_ns();
  host.kernel_release = live ? kernel_release() : "";
  host.hostname = live ? hostname() : "";
  host.from = live ? model::Provenance{"live", host.hostname} : model::Provenance{"sysfs-copy", root};
  if (!live) host.notes.push_back({"sysfs", Availability::absent, std::string(kCopiedTree) + " (" + root + ")"});
  if (live) host.lldp_agents = find_lldp_agents();
  if (live) host.shared_buffers = devlink::read_shared_buffers();

  // RDMA devices first (sysfs only, cheap): a --dev filter needs their netdevs.
  host.rdma_devices = read_rdma_devices(root, options, host);
  list_netdevs(root, live, host);
  if (!options.device.empty()) keep_selected(select(options.device, host.rdma_devices), host);

  read_netdevs(root, live, options, host);
  if (live) {
    if (auto rtnl = rtnl::RtnlReader::open(); !rtnl) {
      host.notes.push_back({"tc", Availability::error, "cannot open a rtnetlink socket: " + rtnl.error().message});
    } else if (auto filled = rtnl->fill_qdiscs(host.netdevs); !filled) {
      host.notes.push_back({"tc", Availability::error, "qdisc dump: " + filled.error().message});
    }
    verbs::merge_verbs(host);
  } else {
    for (auto& nd : host.netdevs) mark_kernel_interface_fields(nd, Availability::absent, kCopiedTree);
    for (auto& dev : host.rdma_devices)
      for (auto& port : dev.ports) {
        using MtuField = model::Field<std::uint32_t>;
        if (!port.active_mtu.ok()) port.active_mtu = MtuField::missing(Availability::absent, kCopiedTree);
        if (!port.max_mtu.ok()) port.max_mtu = MtuField::missing(Availability::absent, kCopiedTree);
      }
  }
  return host;
}

std::optional<model::Host> refresh_counters(const model::Host& before, const CollectOptions& options) {
  const std::string root = sysfs::resolve_sysfs_root(options.sysfs_root_flag);
  if (root != "/sys" || before.from.source != "live") return std::nullopt;
  // One worker for the whole refresh: a hung driver costs the deadline once, then a whole sample
  // (with its worker per device) says which device it was.
  DeadlineJob<std::optional<model::Host>> job(std::optional<model::Host>(before),
                                              [root](std::optional<model::Host>& host) {
                                                if (!refresh_in_place(root, *host)) host.reset();
                                              });
  auto done = job.wait_until(Clock::now() + options.per_device_deadline);
  if (!done || !*done) return std::nullopt;
  (*done)->time_unix_ms = unix_ms();
  return std::move(*done);
}

}  // namespace roce::sources
