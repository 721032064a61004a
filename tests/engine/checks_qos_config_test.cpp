// Scenario tests: PFC-EXTRA, PFC-GLOBAL-PAUSE, PFC-STORM-GUARD, DCBX-OWNER, BUF-MAP, BUF-CABLE on the
// ConnectX-6 Dx host builder, and ECN-RED on a Spectrum-2 switch port built here.
#include <catch2/catch.hpp>

#include "host_builder.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

namespace {

const engine::Finding& only_finding(const Run& run, std::string_view id) {
  const auto& r = run.result(id);
  INFO(run.describe());
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

const engine::Evidence* find_evidence(const engine::Finding& f, std::string_view name) {
  for (const auto& e : f.evidence)
    if (e.name == name) return &e;
  return nullptr;
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

Scenario configured(std::function<void(model::Host&)> config) {
  Scenario s = healthy_scenario();
  s.config = std::move(config);
  return s;
}

}  // namespace

TEST_CASE("QoS config checks: the healthy ConnectX-6 Dx is judged clean, ECN-RED skips the host NIC") {
  Run run(healthy_scenario());
  INFO(run.describe());
  for (const char* id : {"PFC-EXTRA", "PFC-GLOBAL-PAUSE", "PFC-STORM-GUARD", "DCBX-OWNER", "BUF-MAP", "BUF-CABLE"}) {
    INFO(id);
    CHECK(run.result(id).status == Status::ok);
  }
  const auto& red = run.result("ECN-RED");
  CHECK(red.status == Status::skipped);
  CHECK(red.skipped_reason ==
        "ens1f0np0: host NIC (mlx5_core) with no RED qdisc: ECN marking is the switch's job, a host NIC "
        "does not use tc RED");
}

// ---------------------------------------------------------------------------------------- PFC-EXTRA

TEST_CASE("PFC-EXTRA: PFC on the CNP priority and on priority 0") {
  Run run(configured([](model::Host& h) { netdev(h).dcb.pfc->pfc_en = (1 << 3) | (1 << 6) | (1 << 0); }));
  const auto& r = run.result("PFC-EXTRA");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  const auto& f0 = r.findings[0];
  CHECK(f0.severity == Severity::warning);
  CHECK(f0.subject.netdev == "ens1f0np0");
  CHECK(f0.subject.priority == 0);
  CHECK(f0.title == "PFC is on for priority 0, which carries no lossless class");
  REQUIRE(f0.evidence.size() == 1);
  CHECK(f0.evidence[0].value == "0:on 1:off 2:off 3:on 4:off 5:off 6:on 7:off");
  CHECK(f0.evidence[0].from.locator == "ens1f0np0 DCB_ATTR_IEEE_PFC");
  CHECK(f0.remediation.front() ==
        "dcb pfc set dev ens1f0np0 prio-pfc 0:off    # mlx5 toggles the link when the PFC mask changes");
  const auto& f6 = r.findings[1];
  CHECK(f6.subject.priority == 6);
  CHECK(f6.title == "PFC is on for priority 6, which carries no lossless class (it is the CNP priority)");
  CHECK(contains(f6.explanation, "CNPs"));
  // The lossless priority itself is not reported, and PFC-LOSSLESS is satisfied.
  CHECK(run.result("PFC-LOSSLESS").status == Status::ok);
}

TEST_CASE("PFC-EXTRA: a two-class profile accepts PFC on both of its priorities") {
  profile::Profile two = profile::default_profile();
  two.lossless = {{3, {26}}, {4, {34}}};
  Scenario s = configured([](model::Host& h) { netdev(h).dcb.pfc->pfc_en = (1 << 3) | (1 << 4); });
  CHECK(Run(s, two).result("PFC-EXTRA").status == Status::ok);
  CHECK(Run(s).result("PFC-EXTRA").findings.at(0).subject.priority == 4);
}

TEST_CASE("PFC-EXTRA: skipped without the PFC object") {
  Run run(configured([](model::Host& h) {
    netdev(h).dcb.pfc = model::missing_from_errno<model::Pfc>(EOPNOTSUPP, "DCB_ATTR_IEEE_PFC");
  }));
  const auto& r = run.result("PFC-EXTRA");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "dcb-pfc unsupported"));
}

// ---------------------------------------------------------------------------------- PFC-GLOBAL-PAUSE

TEST_CASE("PFC-GLOBAL-PAUSE: 802.3x pause on next to PFC, with the global pause counters") {
  Scenario s = configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.pause->rx = true;
    nd.pause->tx = true;
  });
  s.before.global.tx_pause = 5000, s.now.global.tx_pause = 5400;
  Run run(s);
  const auto& f = only_finding(run, "PFC-GLOBAL-PAUSE");
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.rdma_device == "mlx5_0");
  CHECK(f.title == "802.3x global pause is on (rx on, tx on) together with PFC");
  REQUIRE(find_evidence(f, "ethtool -a"));
  CHECK(find_evidence(f, "ethtool -a")->value == "autoneg off rx on tx on");
  CHECK(find_evidence(f, "ethtool -a")->from.locator == "ens1f0np0 PAUSE_GET");
  REQUIRE(find_evidence(f, "tx_global_pause"));
  CHECK(find_evidence(f, "tx_global_pause")->value == "5400");
  CHECK(f.remediation.front() == "ethtool -A ens1f0np0 rx off tx off");
}

TEST_CASE("PFC-GLOBAL-PAUSE: rx only with autoneg adds autoneg off; the profile may allow it") {
  Scenario s = configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.pause->autoneg = true;
    nd.pause->rx = true;
  });
  Run run(s);
  const auto& f = only_finding(run, "PFC-GLOBAL-PAUSE");
  CHECK(f.title == "802.3x global pause is on (rx on, tx off) together with PFC");
  CHECK(f.remediation.front() == "ethtool -A ens1f0np0 autoneg off rx off tx off");
  profile::Profile allow = profile::default_profile();
  allow.global_pause = true;
  CHECK(Run(s, allow).result("PFC-GLOBAL-PAUSE").status == Status::ok);
}

TEST_CASE("PFC-GLOBAL-PAUSE: global pause without any PFC is not this check's case") {
  Scenario s = configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.pause->rx = nd.pause->tx = true;
    nd.dcb.pfc->pfc_en = 0;
  });
  Run run(s);
  CHECK(run.result("PFC-GLOBAL-PAUSE").status == Status::ok);
  CHECK(run.result("PFC-LOSSLESS").status == Status::finding);
}

TEST_CASE("PFC-GLOBAL-PAUSE: skipped when the pause parameters cannot be read") {
  Run run(configured([](model::Host& h) {
    netdev(h).pause = model::missing_from_errno<model::PauseParams>(EPERM, "ETHTOOL_MSG_PAUSE_GET");
  }));
  const auto& r = run.result("PFC-GLOBAL-PAUSE");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "pause-params denied"));
}

// ----------------------------------------------------------------------------------- PFC-STORM-GUARD

TEST_CASE("PFC-STORM-GUARD: timeout 0 disables the watchdog") {
  Run run(configured([](model::Host& h) { *netdev(h).pfc_prevention_tout_ms = 0; }));
  const auto& f = only_finding(run, "PFC-STORM-GUARD");
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title == "PFC storm prevention is disabled (pfc-prevention-tout 0)");
  CHECK(f.evidence.at(0).value == "0 (disabled)");
  CHECK(f.evidence.at(0).from.locator == "ens1f0np0 ETHTOOL_PFC_PREVENTION_TOUT");
  CHECK(f.remediation == std::vector<std::string>{"ethtool --set-tunable ens1f0np0 pfc-prevention-tout 100"});
}

TEST_CASE("PFC-STORM-GUARD: auto (0xffff) and explicit timeouts pass; unsupported is skipped") {
  CHECK(Run(configured([](model::Host& h) { *netdev(h).pfc_prevention_tout_ms = 0xffff; }))
            .result("PFC-STORM-GUARD")
            .status == Status::ok);
  CHECK(Run(configured([](model::Host& h) { *netdev(h).pfc_prevention_tout_ms = 8000; }))
            .result("PFC-STORM-GUARD")
            .status == Status::ok);
  Run run(configured([](model::Host& h) {
    netdev(h).pfc_prevention_tout_ms =
        model::missing_from_errno<std::uint32_t>(EOPNOTSUPP, "ETHTOOL_PFC_PREVENTION_TOUT");
  }));
  const auto& r = run.result("PFC-STORM-GUARD");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason ==
        "ens1f0np0: pfc-prevention-tout unsupported (ETHTOOL_PFC_PREVENTION_TOUT: Operation not "
        "supported)");
}

TEST_CASE("PFC-STORM-GUARD: one port of two without the watchdog") {
  Scenario s = configured([](model::Host& h) {
    add_second_port(h);
    *netdev(h, "ens1f1np1").pfc_prevention_tout_ms = 0;
  });
  Run run(s);
  const auto& f = only_finding(run, "PFC-STORM-GUARD");
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.subject.rdma_device == "mlx5_1");
}

// ---------------------------------------------------------------------------------------- DCBX-OWNER

TEST_CASE("DCBX-OWNER: firmware LLDP agent (LLD_MANAGED) on an ice port") {
  Run run(configured([](model::Host& h) {
    auto& nd = netdev(h);
    *nd.dcb.dcbx = 0x02 | 0x08;  // LLD_MANAGED | VER_IEEE
    nd.driver->driver = "ice";
  }));
  const auto& f = only_finding(run, "DCBX-OWNER");
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "DCB is managed by an LLDP agent outside the host (DCBX LLD_MANAGED)");
  CHECK(f.evidence.at(0).name == "dcb dcbx");
  CHECK(f.evidence.at(0).value == "LLD_MANAGED|VER_IEEE (0x0a)");
  CHECK(f.evidence.at(0).from.locator == "ens1f0np0 DCB_ATTR_DCBX");
  CHECK(f.remediation.front() == "ethtool --set-priv-flags ens1f0np0 fw-lldp-agent off");
}

TEST_CASE("DCBX-OWNER: other drivers are told to hand DCBX to the host; host/static is fine") {
  Run run(configured([](model::Host& h) { *netdev(h).dcb.dcbx = 0x02 | 0x04; }));
  const auto& f = only_finding(run, "DCBX-OWNER");
  CHECK(f.evidence.at(0).value == "LLD_MANAGED|VER_CEE (0x06)");
  CHECK(f.remediation.front() == "dcb dcbx set dev ens1f0np0 host ieee");
  CHECK(Run(configured([](model::Host& h) { *netdev(h).dcb.dcbx = 0x01 | 0x10; })).result("DCBX-OWNER").status ==
        Status::ok);
}

TEST_CASE("DCBX-OWNER: a running lldpad is information about the host; lldpd, which never sets DCB, is not") {
  Run run(configured([](model::Host& h) {
    h.lldp_agents = model::Field<std::vector<std::string>>::of({"lldpad (pid 812)", "lldpd (pid 977)"},
                                                               {"sos", "sos_commands/process/ps_auxwww:1"});
  }));
  const auto& f = only_finding(run, "DCBX-OWNER");
  CHECK(f.severity == Severity::info);
  CHECK(f.subject.netdev.empty());  // about the host, not one port
  CHECK(contains(f.title, "lldpad runs on this host"));
  CHECK(f.evidence.at(0).value == "lldpad (pid 812)");
  CHECK(f.evidence.at(0).from.locator == "sos_commands/process/ps_auxwww:1");
  CHECK(contains(f.remediation.front(), "lldptool -t -i IF -V PFC"));

  for (auto agents : {std::vector<std::string>{"lldpd (pid 977)"}, std::vector<std::string>{}})
    CHECK(Run(configured([&](model::Host& h) { h.lldp_agents = model::Field<std::vector<std::string>>::of(agents); }))
              .result("DCBX-OWNER")
              .status == Status::ok);
}

TEST_CASE("DCBX-OWNER: skipped when the DCBX mode is not reported") {
  Run run(configured([](model::Host& h) {
    netdev(h).dcb.dcbx = model::missing_from_errno<std::uint8_t>(EOPNOTSUPP, "DCB_CMD_GDCBX");
  }));
  const auto& r = run.result("DCBX-OWNER");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "dcbx-mode unsupported (DCB_CMD_GDCBX: Operation not supported)"));
}

// ------------------------------------------------------------------------------------------- BUF-MAP

TEST_CASE("BUF-MAP: lossy priorities share the lossless buffer") {
  // Priorities 3 (PFC) and 0, 4 (lossy) all on buffer 1.
  Run run(configured([](model::Host& h) { netdev(h).dcb.buffer->prio2buffer = {1, 0, 0, 1, 1, 0, 0, 0}; }));
  const auto& f = only_finding(run, "BUF-MAP");
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.buffer == 1);
  CHECK(f.title == "lossless buffer 1 (PFC priority 3) is shared with lossy priority 0,4");
  REQUIRE(find_evidence(f, "dcb buffer prio-buffer"));
  CHECK(find_evidence(f, "dcb buffer prio-buffer")->value == "0:1 1:0 2:0 3:1 4:1 5:0 6:0 7:0");
  CHECK(find_evidence(f, "dcb pfc prio-pfc")->value == "0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off");
  CHECK(find_evidence(f, "dcb buffer buffer-size[1]")->value == "156928");
  CHECK(f.remediation.front() == "dcb buffer set dev ens1f0np0 prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0");
}

TEST_CASE("BUF-MAP: the lossless priority on the default buffer with everything else") {
  // Firmware default: every priority on buffer 0, PFC on 3: buffer 0 is lossless and shared.
  Run run(configured([](model::Host& h) { netdev(h).dcb.buffer->prio2buffer = {}; }));
  const auto& f = only_finding(run, "BUF-MAP");
  CHECK(f.subject.buffer == 0);
  CHECK(f.title == "lossless buffer 0 (PFC priority 3) is shared with lossy priority 0,1,2,4,5,6,7");
  // Buffer 1 is the first one without PFC: the lossy priorities move there.
  CHECK(f.remediation.front() == "dcb buffer set dev ens1f0np0 prio-buffer 0:1 1:1 2:1 3:0 4:1 5:1 6:1 7:1");
}

TEST_CASE("BUF-MAP: a lossless buffer of size 0 gets mlx5's minimum; extra PFC makes a shared buffer lossless") {
  Run run(configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.dcb.buffer->buffer_size[1] = 0;
    nd.dcb.pfc->pfc_en = (1 << 3) | (1 << 0);  // PFC on 0 too: buffer 0 (0,1,2,4..7) becomes lossless
  }));
  const auto& r = run.result("BUF-MAP");
  INFO(run.describe());
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  const engine::Finding* shared = nullptr;
  const engine::Finding* empty = nullptr;
  for (const auto& f : r.findings) (f.subject.buffer == 0 ? shared : empty) = &f;
  REQUIRE(shared);
  REQUIRE(empty);
  CHECK(empty->title == "lossless buffer 1 (PFC priority 3) has size 0");
  // 100G, 7 m (PFC delay), MTU 4200: 43024 + 9216 + 128.
  CHECK(empty->remediation.front() == "dcb buffer set dev ens1f0np0 buffer-size 1:52368");
  CHECK(shared->title == "lossless buffer 0 (PFC priority 0) is shared with lossy priority 1,2,4,5,6,7");
  CHECK(shared->remediation.front() == "dcb buffer set dev ens1f0np0 prio-buffer 0:0 1:2 2:2 3:1 4:2 5:2 6:2 7:2");
}

TEST_CASE("BUF-MAP: skipped without the buffer object (bnxt_en, ice)") {
  Run run(configured([](model::Host& h) {
    netdev(h).dcb.buffer = model::missing_from_errno<model::Buffer>(EOPNOTSUPP, "DCB_ATTR_DCB_BUFFER");
  }));
  const auto& r = run.result("BUF-MAP");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "dcb-buffer unsupported"));
}

// ----------------------------------------------------------------------------------------- BUF-CABLE

TEST_CASE("BUF-CABLE: the 7 m default against a 30 m cable the module reports") {
  Run run(configured([](model::Host& h) {
    netdev(h).module_cable_m =
        model::Field<std::uint32_t>::of(30, {"ethtool-ioctl", "ens1f0np0 ETHTOOL_GMODULEEEPROM"});
  }));
  const auto& f = only_finding(run, "BUF-CABLE");
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "PFC cable length is 7 m (the mlx5 default), the module says 30 m");
  CHECK(find_evidence(f, "dcb pfc delay (mlx5 cable length)")->value == "7 m");
  CHECK(find_evidence(f, "module cable length")->value == "30 m");
  CHECK(find_evidence(f, "module cable length")->from.locator == "ens1f0np0 ETHTOOL_GMODULEEEPROM");
  CHECK(f.remediation.front() ==
        "dcb pfc set dev ens1f0np0 delay 30    # recomputes thresholds when buffers are set by hand (dcb buffer)");
}

TEST_CASE("BUF-CABLE: the profile's length wins over the module's; a longer setting is info") {
  profile::Profile p = profile::default_profile();
  p.cable_length_m = 3;
  Scenario s = configured([](model::Host& h) {
    netdev(h).module_cable_m = model::Field<std::uint32_t>::of(30, {"ethtool-ioctl", "module"});
  });
  Run run(s, p);
  const auto& f = only_finding(run, "BUF-CABLE");
  CHECK(f.severity == Severity::info);
  CHECK(f.title == "PFC cable length is 7 m (the mlx5 default), the profile (link.cable_length_m) says 3 m");
  CHECK(find_evidence(f, "profile link.cable_length_m")->value == "3 m");
  CHECK(find_evidence(f, "module cable length")->value == "30 m");
  CHECK(f.remediation.front().starts_with("dcb pfc set dev ens1f0np0 delay 3 "));
}

TEST_CASE("BUF-CABLE: a configured length that matches, or that nothing contradicts, passes") {
  profile::Profile p = profile::default_profile();
  p.cable_length_m = 5;
  Scenario s = configured([](model::Host& h) { netdev(h).dcb.pfc->delay = 5; });
  CHECK(Run(s, p).result("BUF-CABLE").status == Status::ok);
  CHECK(Run(s).result("BUF-CABLE").status == Status::ok);  // 5 m set by hand, no source to compare
  p.cable_length_m = 50;
  Run run(s, p);
  const auto& f = only_finding(run, "BUF-CABLE");
  CHECK(f.title == "PFC cable length is 5 m, the profile (link.cable_length_m) says 50 m");
  CHECK(f.severity == Severity::warning);
}

TEST_CASE("BUF-CABLE: skipped on drivers whose PFC delay is not a cable length, and without PFC") {
  Run bnxt(configured([](model::Host& h) { netdev(h).driver->driver = "bnxt_en"; }));
  CHECK(bnxt.result("BUF-CABLE").status == Status::skipped);
  CHECK(bnxt.result("BUF-CABLE").skipped_reason ==
        "ens1f0np0: the PFC delay is a cable length only on mlx5 (bnxt_en reads it as bit times)");
  Run no_pfc(configured([](model::Host& h) {
    netdev(h).dcb.pfc = model::missing_from_errno<model::Pfc>(EOPNOTSUPP, "DCB_ATTR_IEEE_PFC");
  }));
  CHECK(no_pfc.result("BUF-CABLE").status == Status::skipped);
}

// ------------------------------------------------------------------------------------------- ECN-RED

namespace {

constexpr std::uint32_t kRoot = 0xffffffff;
constexpr std::uint32_t kMaxP5Percent = 214748365;  // 0.05 * 2^32, as tc sends `probability 0.05`

model::Qdisc ets_root() {
  model::Qdisc q;
  q.kind = "ets";
  q.handle = 0x10000;  // 1:
  q.parent = kRoot;
  q.offloaded = true;
  q.bands = 8;
  q.strict_bands = 8;
  q.priomap = {7, 6, 5, 4, 3, 2, 1, 0, 7, 7, 7, 7, 7, 7, 7, 7};  // mlxsw: priority p -> band 7-p
  return q;
}

model::Qdisc red(std::uint32_t parent, std::uint32_t handle) {
  model::Qdisc q;
  q.kind = "red";
  q.handle = handle;
  q.parent = parent;
  q.offloaded = true;
  model::RedParams r;
  r.limit = 3000000, r.qth_min = 150000, r.qth_max = 1500000;
  r.wlog = 9, r.plog = 24, r.scell_log = 20;
  r.flags = 1;  // TC_RED_ECN
  r.max_p = kMaxP5Percent;
  q.red = r;
  q.red_xstats = model::RedXstats{0, 0, 0, 88123};
  return q;
}

// A Spectrum-2 switch port facing the host: ETS root, RED with ECN on band 4 (class 1:5), which
// priority 3 maps to.
model::Host switch_host(std::function<void(model::NetDev&)> edit = {}) {
  model::Host h;
  h.hostname = "leaf-07";
  h.from = {"test", "spectrum-2 port"};
  model::NetDev nd;
  nd.name = "swp1";
  nd.driver = model::Field<model::DriverInfo>::of({"mlxsw_spectrum2", "1.0", "29.2010.2302", "0000:03:00.0"},
                                                  {"ethtool-ioctl", "swp1 ETHTOOL_GDRVINFO"});
  nd.link = model::Field<model::LinkSettings>::of({100000, "full", true, 4}, {"ethtool-netlink", "swp1 LINKMODES_GET"});
  model::Pfc pfc;
  pfc.pfc_cap = 8, pfc.pfc_en = 1 << 3;
  nd.dcb.pfc = model::Field<model::Pfc>::of(pfc, {"dcbnl", "swp1 DCB_ATTR_IEEE_PFC"});
  nd.qdiscs =
      model::Field<std::vector<model::Qdisc>>::of({ets_root(), red(0x10005, 0x150000)}, {"tc", "swp1 RTM_GETQDISC"});
  if (edit) edit(nd);
  h.netdevs.push_back(std::move(nd));
  return h;
}

engine::CheckResult ecn_red(const model::Host& h, const profile::Profile& p = profile::default_profile()) {
  engine::Context ctx(h, nullptr, 0, p);
  engine::Selection only;
  only.only = {"ECN-RED"};
  auto results = checks::run_checks(ctx, only);
  REQUIRE(results.size() == 1);
  return results[0];
}

model::Qdisc& red_of(model::NetDev& nd) { return nd.qdiscs->at(1); }

}  // namespace

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
