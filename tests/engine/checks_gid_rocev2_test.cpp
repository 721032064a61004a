// Scenario tests of GID-ROCEV2 (checks/gid_rocev2.cpp).
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("GID-ROCEV2: the only IPv4 address without its RoCE v2 GID is critical") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { drop_gid(h, 3); };
  const auto f = only_finding(Run(s).result("GID-ROCEV2"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title == "no RoCE v2 GID for 172.19.0.60 (ens1f0np0)");
  CHECK(evidence(f, "ens1f0np0 addresses").value == "172.19.0.60/24 fe80::e42:a1ff:fe5d:4db8/64");
  CHECK_THAT(evidence(f, "GID table").value, Contains("2: 0000:0000:0000:0000:0000:ffff:ac13:003c IB/RoCE v1"));
  CHECK(f.remediation.at(1) == "devlink dev param show pci/0000:b1:00.0 name enable_roce");
}

TEST_CASE("GID-ROCEV2: a second address lacking its v2 GID; indexes and NCCL_IB_GID_INDEX reported") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).addresses->push_back("2001:db8:19::60/64");  // global IPv6, only a v1 GID
    add_gid(h, 4, "2001:0db8:0019:0000:0000:0000:0000:0060", "IB/RoCE v1");
    netdev(h).addresses->push_back("172.19.1.61/24");
    add_gid(h, 5, "0000:0000:0000:0000:0000:ffff:ac13:013d", "IB/RoCE v1");
    add_gid(h, 6, "0000:0000:0000:0000:0000:ffff:ac13:013d", "RoCE v2");
  };
  const auto f = only_finding(Run(s).result("GID-ROCEV2"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title ==
        "no RoCE v2 GID for 2001:db8:19::60 (ens1f0np0); RoCE v2 GIDs: 172.19.0.60 → 3, "
        "172.19.1.61 → 6 (NCCL_IB_GID_INDEX=3)");
}

TEST_CASE("GID-ROCEV2: a VLAN netdev owning GIDs is judged with its own addresses") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    model::NetDev vlan;
    vlan.name = "ens1f0np0.100";
    vlan.addresses =
        Field<std::vector<std::string>>::of({"10.100.0.60/24"}, {"rtnetlink", "ens1f0np0.100 RTM_GETADDR"});
    h.netdevs.push_back(vlan);
    add_gid(h, 4, "0000:0000:0000:0000:0000:ffff:0a64:003c", "IB/RoCE v1", "ens1f0np0.100");
  };
  const auto f = only_finding(Run(s).result("GID-ROCEV2"));
  CHECK(f.severity == Severity::warning);
  CHECK_THAT(f.title, Contains("no RoCE v2 GID for 10.100.0.60 (ens1f0np0.100)"));
  s.config = [base = s.config](model::Host& h) {
    base(h);
    add_gid(h, 5, "0000:0000:0000:0000:0000:ffff:0a64:003c", "RoCE v2", "ens1f0np0.100");
  };
  CHECK(Run(s).result("GID-ROCEV2").status == Status::ok);
}

TEST_CASE("GID-ROCEV2: without netdev addresses the GID table supplies them, and says so") {
  auto no_addresses = [](model::Host& h) {
    netdev(h).addresses =
        Field<std::vector<std::string>>::missing(model::Availability::absent, "sysfs-only capture has no addresses");
  };
  Scenario s = healthy_scenario();
  s.config = no_addresses;
  CHECK(Run(s).result("GID-ROCEV2").status == Status::ok);
  s.config = [&](model::Host& h) {
    no_addresses(h);
    drop_gid(h, 3);
  };
  const auto f = only_finding(Run(s).result("GID-ROCEV2"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title ==
        "no RoCE v2 GID for 172.19.0.60 (ens1f0np0) (addresses taken from the GID table: netdev "
        "addresses not collected)");
  s.config = [&](model::Host& h) {
    no_addresses(h);
    drop_gid(h, 2), drop_gid(h, 3);
  };
  // Link-local GIDs only on an up port: no routable RoCE v2 GID, judged on the table alone.
  const auto link_local = only_finding(Run(s).result("GID-ROCEV2"));
  CHECK(link_local.severity == Severity::warning);
  CHECK(link_local.title ==
        "only link-local GIDs on ens1f0np0: no routable RoCE v2 GID (netdev addresses not collected)");
  s.config = [&](model::Host& h) {
    no_addresses(h);
    drop_gid(h, 2), drop_gid(h, 3);
    rdma_port(h).state->code = 1;  // DOWN: LINK-STATE's finding, nothing to say about GIDs
  };
  const auto r = Run(s).result("GID-ROCEV2");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason ==
        "ens1f0np0: netdev addresses absent (sysfs-only capture has no addresses) and the port is down");
}

TEST_CASE("GID-ROCEV2: link-local only is a warning; no GID table is a skip") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).addresses->erase(netdev(h).addresses->begin());
    drop_gid(h, 2), drop_gid(h, 3);
  };
  const auto f = only_finding(Run(s).result("GID-ROCEV2"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "no IPv4 or global IPv6 address on ens1f0np0: no routable RoCE v2 GID");
  s.config = [](model::Host& h) {
    rdma_port(h).gids = Field<std::vector<model::Gid>>::missing(model::Availability::denied, "Permission denied");
  };
  const auto r = Run(s).result("GID-ROCEV2");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "ens1f0np0: gids denied (Permission denied)");
}

}  // namespace roce::test
