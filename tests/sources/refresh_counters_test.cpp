// The counters-only sample serve takes between whole samples, on the real kernel: a veth pair in a
// namespace this test makes, traffic between its ends, then an MTU change.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "sources/linux_host.hpp"
#include "sources/rtnl/change_watch.hpp"
#include "sources/rtnl/rtnl_reader.hpp"
#include "support/netns.hpp"

namespace roce::test {
namespace {

const model::NetDev* netdev_named(const model::Host& host, const std::string& name) { return host.netdev(name); }

std::uint64_t rx_packets(const model::NetDev& nd) { return nd.stats.ok() ? nd.stats->rx_packets : 0; }

}  // namespace

TEST_CASE("a counters-only refresh reads the new counters, keeps the configuration, and gives up when an MTU changes") {
  if (geteuid() != 0) {
    WARN("ROCE-TEST-SKIP: creating a network namespace needs root");
    return;
  }
  Netns ns("rdrefresh");
  REQUIRE(ns.exec("ip link add rfa type veth peer name rfb") == 0);
  REQUIRE(ns.exec("ip addr add 10.91.0.1/24 dev rfa") == 0);
  REQUIRE(ns.exec("ip link set rfa up") == 0);
  REQUIRE(ns.exec("ip link set rfb up") == 0);
  REQUIRE(ns.exec("sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do ip link show rfa | grep -q \"state UP\" && exit 0; "
                  "sleep 0.2; done; exit 1'") == 0);
  ns.enter();
  const auto watch = sources::rtnl::ChangeWatch::open();
  REQUIRE(watch);
  sources::CollectOptions options;
  model::Host whole = sources::collect_host(options);
  // This process's /sys is not the namespace's, so sysfs gave no MTU for the veths: take rtnetlink's,
  // as sysfs and rtnetlink agree on a real host.
  auto rtnl = sources::rtnl::RtnlReader::open();
  REQUIRE(rtnl);
  auto links = rtnl->dump_links();
  REQUIRE(links);
  model::Host dumped;
  dumped.netdevs = *links;
  for (auto& nd : whole.netdevs)
    if (const auto* l = dumped.netdev(nd.name); l && !nd.mtu.ok()) nd.mtu = l->mtu;
  const model::NetDev* a = netdev_named(whole, "rfa");
  REQUIRE(a);
  REQUIRE(a->ethtool_stats.ok());
  watch->changed();  // what came before the whole sample

  // Traffic (ARP for an address nobody has) moves rfb's receive counters, and nothing else changes.
  ns.leave();
  REQUIRE(ns.exec("bash -c 'for i in 1 2 3; do echo x > /dev/udp/10.91.0.2/9; sleep 0.2; done' 2>/dev/null; true") ==
          0);
  ns.enter();
  const auto refreshed = sources::refresh_counters(whole, options);
  REQUIRE(refreshed);
  const model::NetDev* b_before = netdev_named(whole, "rfb");
  const model::NetDev* b_after = netdev_named(*refreshed, "rfb");
  REQUIRE(b_before);
  REQUIRE(b_after);
  CHECK(rx_packets(*b_after) > rx_packets(*b_before));
  CHECK(b_after->ethtool_stats.ok());
  CHECK(b_after->driver == b_before->driver);  // configuration carried over, not read again
  CHECK(b_after->link == b_before->link);
  CHECK(refreshed->monotonic_ns > whole.monotonic_ns);
  CHECK(refreshed->netdevs.size() == whole.netdevs.size());
  CHECK_FALSE(watch->changed());  // traffic is no configuration change

  ns.leave();
  REQUIRE(ns.exec("ip link set rfa mtu 4200") == 0);
  ns.enter();
  CHECK(watch->changed());
  CHECK_FALSE(sources::refresh_counters(whole, options).has_value());  // a whole sample is due
  ns.leave();
}

}  // namespace roce::test
