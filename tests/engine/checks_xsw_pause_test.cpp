// Scenario tests of XSW-PAUSE (checks/xsw_pause.cpp).
#include "xsw_scenarios.hpp"

namespace roce::test {

TEST_CASE("a PFC watchdog storm on the host-facing port names the host NIC") {
  CrossRun run("sonic_roce_dscp26_flat.json", {}, [](model::SwitchSide& side) {
    REQUIRE(side.switches[0].ports[0].name == "Ethernet0");
    storm_on_ethernet0_queue3(side);
  });
  const auto& f = only_finding(run.result("XSW-PAUSE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title == "PFC storm now from gpu-a17 ens1f0np0: leaf01 Ethernet0 queue 3 stormed, 1 detected, 0 restored");
  CHECK(f.evidence[1].from.locator == "pfcwd:3");
}

TEST_CASE("pause counters one end has and the other lacks, and switch pauses without ECN marks, are warnings") {
  const auto counters = [](std::uint64_t tx3, std::uint64_t marks) {
    return [tx3, marks](model::SwitchSide& side) {
      auto& port = side.switches[0].ports[0];
      model::PerPrio<std::uint64_t> tx{}, rx{};
      tx[3] = tx3;
      port.pfc_tx_frames = model::Field<model::PerPrio<std::uint64_t>>::of(tx, {"sonic-cli", "pfc:10"});
      port.pfc_rx_frames = model::Field<model::PerPrio<std::uint64_t>>::of(rx, {"sonic-cli", "pfc:4"});
      for (auto& q : port.queues)
        q.ecn_marked_packets = model::Field<std::uint64_t>::of(q.index == 3 ? marks : 0, {"sonic-cli", "wred:3"});
    };
  };
  // The host builder's PFC object counts no pause frames: the switch's 5000 are not seen at the host.
  CrossRun unseen("sonic_roce_dscp26_flat.json", {}, counters(5000, 812));
  const auto& f = only_finding(unseen.result("XSW-PAUSE"));
  CHECK(f.title ==
        "Pause counters of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 disagree on priority 3: switch sent 5000, host "
        "received 0; host sent 0, switch received 0");
  CrossRun quiet("sonic_roce_dscp26_flat.json", {}, counters(0, 0));
  CHECK(quiet.result("XSW-PAUSE").status == Status::ok);
  CrossRun unmarked("sonic_roce_dscp26_flat.json", {}, [&](model::SwitchSide& side) { counters(5000, 0)(side); });
  const auto& r = unmarked.result("XSW-PAUSE");
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[1].title ==
        "leaf01 Ethernet0 paused gpu-a17 ens1f0np0 5000 times on priority 3 but the switch marked no packet ECN on "
        "queue 3");
}

}  // namespace roce::test
