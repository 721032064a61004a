// Scenario tests of ECN-RED (checks/ecn_red.cpp).
#include "qos_config_scenarios.hpp"

namespace roce::test {

TEST_CASE("ECN-RED: a Spectrum-2 port with RED+ECN 150 KB/1.5 MB at 5% on priority 3's band is fine") {
  auto r = ecn_red(switch_host());
  INFO(r.skipped_reason);
  CHECK(r.status == Status::ok);
}

TEST_CASE("ECN-RED: RED without the ecn flag drops instead of marking") {
  auto r = ecn_red(switch_host([](model::NetDev& nd) { red_of(nd).red->flags = 0; }));
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "swp1");
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "RED on priority 3's queue drops instead of marking ECN (no ecn flag)");
  REQUIRE(find_evidence(f, "tc red 15:"));
  CHECK(find_evidence(f, "tc red 15:")->value ==
        "limit 3000000 min 150000 max 1500000 probability 0.05 (no ecn) in_hw");
  CHECK(find_evidence(f, "tc red 15:")->from.locator == "swp1 RTM_GETQDISC");
  CHECK(find_evidence(f, "tc qdisc show")->value == "ets 1: parent root priomap 7 6 5 4 3 2 1 0; red 15: parent 1:5");
  CHECK(f.remediation == std::vector<std::string>{"tc qdisc replace dev swp1 parent 1:5 handle 15: red limit 3000000 "
                                                  "min 150000 max 1500000 avpkt 1000 probability 0.05 ecn"});
}

TEST_CASE("ECN-RED: RED on another band leaves priority 3's queue without marking") {
  auto r = ecn_red(switch_host([](model::NetDev& nd) { red_of(nd).parent = 0x10004; }));  // band 3 = prio 4
  REQUIRE(r.status == Status::finding);
  const auto& f = r.findings.at(0);
  CHECK(f.severity == Severity::critical);
  CHECK(f.title == "no RED qdisc on the queue of priority 3: the switch never marks ECN there");
  CHECK(f.remediation == std::vector<std::string>{"tc qdisc replace dev swp1 parent 1:5 red limit 3000000 min 150000 "
                                                  "max 1500000 avpkt 1000 probability 0.05 ecn"});
}

TEST_CASE("ECN-RED: a switch port with no ETS root gets one first") {
  auto r = ecn_red(switch_host([](model::NetDev& nd) {
    model::Qdisc mq;
    mq.kind = "pfifo_fast";
    mq.parent = kRoot;
    nd.qdiscs->assign({mq});
  }));
  REQUIRE(r.status == Status::finding);
  const auto& f = r.findings.at(0);
  REQUIRE(f.remediation.size() == 2);
  CHECK(f.remediation[0] == "tc qdisc replace dev swp1 root handle 1: ets bands 8 strict 8 priomap 7 6 5 4 3 2 1 0");
  CHECK(contains(f.remediation[1], "parent 1:5 red"));
}

TEST_CASE("ECN-RED: one RED at the root covers every priority") {
  auto r = ecn_red(switch_host([](model::NetDev& nd) {
    model::Qdisc q = red(kRoot, 0x10000);
    nd.qdiscs->assign({q});
  }));
  CHECK(r.status == Status::ok);
}

TEST_CASE("ECN-RED: a RED the switch did not offload is critical") {
  auto r = ecn_red(switch_host([](model::NetDev& nd) { red_of(nd).offloaded = false; }));
  REQUIRE(r.status == Status::finding);
  CHECK(r.findings.at(0).severity == Severity::critical);
  CHECK(r.findings.at(0).title == "RED on priority 3's queue is not offloaded to the switch");
}

TEST_CASE("ECN-RED: thresholds and probability outside the bounds warn") {
  // 2 KB min (below 5 KB), 3 MB max (above max(2 MiB, 200 us at 100G = 2.5 MB)), 0.5% probability.
  auto r = ecn_red(switch_host([](model::NetDev& nd) {
    auto& p = *red_of(nd).red;
    p.qth_min = 2000, p.qth_max = 3000000, p.max_p = 21474836;  // 0.005
  }));
  REQUIRE(r.status == Status::finding);
  const auto& f = r.findings.at(0);
  CHECK(f.severity == Severity::warning);
  CHECK(contains(f.title, "min 2000 B"));
  CHECK(contains(f.title, "max 3000000 B"));
  CHECK(contains(f.title, "above 2500000 B"));
  CHECK(contains(f.title, "probability 0.5% below 1.0%"));
  CHECK(f.remediation.front() ==
        "tc qdisc replace dev swp1 parent 1:5 handle 15: red limit 3000000 min 150000 "
        "max 1500000 avpkt 1000 probability 0.05 ecn");
}

TEST_CASE("ECN-RED: the published anchors pass at their speeds; bounds scale with the link") {
  // SONiC 1 MiB / 2 MiB at 5%, DCQCN paper 5 KB / 200 KB at 1% on 40G.
  auto sonic = switch_host([](model::NetDev& nd) {
    auto& p = *red_of(nd).red;
    p.qth_min = 1048576, p.qth_max = 2097152;
  });
  CHECK(ecn_red(sonic).status == Status::ok);
  auto dcqcn = switch_host([](model::NetDev& nd) {
    nd.link->speed_mbps = 40000;
    auto& p = *red_of(nd).red;
    p.qth_min = 5000, p.qth_max = 200000, p.max_p = 42949673;  // 1%
  });
  CHECK(ecn_red(dcqcn).status == Status::ok);
  // 4 MB min: beyond 100 us at 100G (1.25 MB), fine at 400G (5 MB).
  auto deep = switch_host([](model::NetDev& nd) {
    auto& p = *red_of(nd).red;
    p.qth_min = 4000000, p.qth_max = 8000000;
  });
  CHECK(ecn_red(deep).status == Status::finding);
  deep.netdevs[0].link->speed_mbps = 400000;
  CHECK(ecn_red(deep).status == Status::ok);
  // A profile may tighten the bound.
  profile::Profile strict = profile::default_profile();
  strict.thresholds["ECN-RED"]["min_threshold_floor_bytes"] = 200000;
  CHECK(ecn_red(switch_host(), strict).status == Status::finding);
}

TEST_CASE("ECN-RED: a switch port without qdisc data is skipped with the reason") {
  auto r = ecn_red(switch_host([](model::NetDev& nd) {
    nd.qdiscs = model::missing_from_errno<std::vector<model::Qdisc>>(EPERM, "RTM_GETQDISC");
  }));
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "swp1: qdiscs denied (RTM_GETQDISC: Operation not permitted)");
}

TEST_CASE("ECN-RED: a host NIC that does run RED is judged like a switch port") {
  Scenario s = configured([](model::Host& h) {
    auto& nd = netdev(h);
    model::Qdisc q = red(kRoot, 0x10000);
    q.offloaded = false;  // software RED: not required to be offloaded on a NIC
    q.red->flags = 0;
    nd.qdiscs->assign({q});
  });
  Run run(s);
  const auto& r = run.result("ECN-RED");
  REQUIRE(r.status == Status::finding);
  CHECK(r.findings.at(0).title == "RED on priority 3's queue drops instead of marking ECN (no ecn flag)");
  CHECK(r.findings.at(0).subject.rdma_device == "mlx5_0");
  CHECK(r.findings.at(0).remediation.front().starts_with("tc qdisc replace dev ens1f0np0 root handle 1: red"));
}

}  // namespace roce::test
