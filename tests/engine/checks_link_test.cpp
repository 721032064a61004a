// Scenario tests for the link and addressing checks: LINK-STATE, LINK-SPEED, LINK-FLAP,
// LINK-SIGNAL (on the real bad-lane mlx5 dump too), GID-ROCEV2, MTU-ROCE, PCIE-LINK.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "captures/text/ethtool_s.hpp"
#include "host_builder.hpp"
#include "support/paths.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using Catch::Matchers::Contains;
using engine::Severity;
using Status = engine::CheckResult::Status;
using model::Field;

namespace {

constexpr const char* kLinkChecks[] = {"LINK-STATE", "LINK-SPEED", "LINK-FLAP", "LINK-SIGNAL",
                                       "GID-ROCEV2", "MTU-ROCE",   "PCIE-LINK"};

// Runs the catalog on hosts built (and edited) by the test, for changes the scenario builder
// cannot express: a field or counter that differs between the samples, or a counter removed.
struct HostRun {
  HostRun(const model::Host& now, const model::Host* before, double dt, profile::Profile p = profile::default_profile())
      : profile(std::move(p)) {
    engine::Context ctx(now, before, dt, profile);
    results = checks::run_checks(ctx);
  }
  profile::Profile profile;
  std::vector<engine::CheckResult> results;
  const engine::CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    throw std::logic_error("no result for " + std::string(id));
  }
};

std::string describe(const engine::CheckResult& r) {
  std::string s = r.id + " " + engine::to_string(r.status) + " " + r.skipped_reason + "\n";
  for (const auto& f : r.findings) s += "  [" + std::string(engine::to_string(f.severity)) + "] " + f.title + "\n";
  for (const auto& n : r.notes) s += "  note: " + n + "\n";
  return s;
}

engine::Finding only_finding(const engine::CheckResult& r) {
  INFO(describe(r));
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

std::vector<std::string> evidence_names(const engine::Finding& f) {
  std::vector<std::string> names;
  for (const auto& e : f.evidence) names.push_back(e.name);
  return names;
}

const engine::Evidence& evidence(const engine::Finding& f, const std::string& name) {
  for (const auto& e : f.evidence)
    if (e.name == name) return e;
  throw std::logic_error("no evidence " + name + " in " + f.title);
}

model::CounterSet& ethtool_stats(model::Host& h) { return *netdev(h).ethtool_stats; }

std::string read_sample(const std::string& name) {
  std::ifstream in(std::string(ROCE_FIXTURES_DIR) + "/samples/" + name);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  // The sample starts with a "# SOURCE: ..." provenance line that is not ethtool output.
  if (text.starts_with("#")) text.erase(0, text.find('\n') + 1);
  return text;
}

void link_down(model::Host& h, model::PortState phys) {
  rdma_port(h).state->code = 1, rdma_port(h).state->name = "DOWN";
  *rdma_port(h).phys_state = phys;
  netdev(h).operstate->assign("down");
  netdev(h).link->speed_mbps.reset();
}

}  // namespace

TEST_CASE("link checks: the healthy baseline is judged and clean, with two samples and with one") {
  Run two(healthy_scenario());
  for (const char* id : kLinkChecks) {
    const auto& r = two.result(id);
    INFO(describe(r));
    CHECK(r.status == Status::ok);
    CHECK(r.notes.empty());
  }
  Run one(healthy_scenario(), profile::default_profile(), /*with_before=*/false);
  for (const char* id : kLinkChecks) {
    const auto& r = one.result(id);
    INFO(describe(r));
    if (std::string_view(id) == "LINK-FLAP") {
      CHECK(r.status == Status::skipped);
      CHECK(r.skipped_reason == "needs two samples");
    } else {
      CHECK(r.status == Status::ok);
    }
  }
  // One sample without rx_bits_phy: the cumulative BER cannot be computed, and that is said.
  REQUIRE(one.result("LINK-SIGNAL").notes.size() == 1);
  CHECK_THAT(one.result("LINK-SIGNAL").notes[0], Contains("pre-FEC BER not computed") && Contains("one sample"));
}

// ---------------------------------------------------------------------------------------------
// LINK-STATE

TEST_CASE("LINK-STATE: an administratively down port is critical; the link checks that need it up skip") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { link_down(h, {3, "Disabled"}); };
  Run run(s);
  const auto f = only_finding(run.result("LINK-STATE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.to_string() == engine::Subject{"ens1f0np0", "mlx5_0", 1, {}, {}}.to_string());
  CHECK(f.title == "link down: RDMA port mlx5_0/1 is 1: DOWN, physical state 3: Disabled, netdev operstate down");
  CHECK(evidence_names(f) == std::vector<std::string>{"state", "link_layer", "phys_state", "operstate"});
  CHECK(evidence(f, "state").from.locator == "/sys/class/infiniband/mlx5_0/ports/1/state");
  CHECK(f.remediation ==
        std::vector<std::string>{"ip link set dev ens1f0np0 up", "ethtool ens1f0np0", "ethtool -m ens1f0np0"});

  const auto& speed = run.result("LINK-SPEED");
  CHECK(speed.status == Status::skipped);
  CHECK_THAT(speed.skipped_reason, Contains("link is down (RDMA port state is 1: DOWN)") && Contains("LINK-STATE"));
}

TEST_CASE("LINK-STATE: a PHY polling for a partner points at the cable and the switch port") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { link_down(h, {2, "Polling"}); };
  const auto f = only_finding(Run(s).result("LINK-STATE"));
  CHECK_THAT(f.title, Contains("physical state 2: Polling"));
  CHECK_THAT(f.explanation, Contains("no partner"));
  CHECK(f.remediation == std::vector<std::string>{"ethtool ens1f0np0", "ethtool -m ens1f0np0"});
}

TEST_CASE("LINK-STATE: only the port that is down is reported") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    add_second_port(h);
    auto& p = h.rdma_devices.at(1).ports.at(0);
    p.state->code = 1, p.state->name = "DOWN";
    p.phys_state->code = 3, p.phys_state->name = "Disabled";
    netdev(h, "ens1f1np1").operstate->assign("down");
  };
  const auto f = only_finding(Run(s).result("LINK-STATE"));
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.subject.rdma_device == "mlx5_1");
  CHECK(f.remediation.at(0) == "ip link set dev ens1f1np1 up");
}

TEST_CASE("LINK-STATE: an RDMA port with a non-Ethernet link layer on an Ethernet netdev") {
  model::Host h = cx6dx_host(baseline_counters(), 1000);
  add_second_port(h);
  auto& dev = h.rdma_devices.at(1);
  dev.pci_address->assign("0000:b1:00.1");
  dev.ports.at(0).link_layer->assign("InfiniBand");
  HostRun run(h, nullptr, 0);
  const auto f = only_finding(run.result("LINK-STATE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.title == "RDMA port mlx5_1/1 has link layer InfiniBand on Ethernet netdev ens1f1np1");
  CHECK(f.remediation == std::vector<std::string>{"cat /sys/class/infiniband/mlx5_1/ports/1/link_layer",
                                                  "mlxconfig -d 0000:b1:00.1 set LINK_TYPE_P2=2",
                                                  "mlxfwreset -d 0000:b1:00.1 reset"});

  // An InfiniBand HCA port with its IPoIB netdev (20-octet address) is not a RoCE port at all.
  netdev(h, "ens1f1np1").mac->assign("00:00:10:87:fe:80:00:00:00:00:00:00:0c:42:a1:03:00:5d:4d:b9");
  CHECK(HostRun(h, nullptr, 0).result("LINK-STATE").status == Status::ok);
}

TEST_CASE("LINK-STATE: an unreadable port state is skipped with the reason, never ok") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    rdma_port(h).state = Field<model::PortState>::missing(model::Availability::error, "read: Input/output error",
                                                          {"sysfs", "/sys/class/infiniband/mlx5_0/ports/1/state"});
  };
  const auto r = Run(s).result("LINK-STATE");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "ens1f0np0: RDMA port state error (read: Input/output error)");
}

// ---------------------------------------------------------------------------------------------
// LINK-SPEED

TEST_CASE("LINK-SPEED: a 25G link where the profile expects 100G, and the RDMA rate that disagrees") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).link->speed_mbps = 25000;
    netdev(h).link->lanes = 1;
  };
  profile::Profile p;
  p.expected_speed_mbps = 100000;
  Run run(s, p);
  const auto& r = run.result("LINK-SPEED");
  INFO(describe(r));
  REQUIRE(r.findings.size() == 2);
  const auto& slow = r.findings[0];
  CHECK(slow.severity == Severity::warning);
  CHECK(slow.title == "link runs at 25 Gb/s, profile expects 100 Gb/s");
  CHECK(evidence(slow, "speed").value == "25000 Mb/s, 1 lane");
  CHECK(evidence(slow, "speed").from.locator == "ens1f0np0 LINKMODES_GET");
  CHECK(evidence(slow, "link.expected_speed_gbps").value == "100");
  CHECK(slow.remediation.back() == "ethtool -s ens1f0np0 autoneg on speed 100000 duplex full");
  const auto& rate = r.findings[1];
  CHECK(rate.title == "RDMA port mlx5_0/1 rate 100 Gb/s disagrees with netdev speed 25 Gb/s");
  CHECK(evidence(rate, "rate").value == "100 Gb/sec (4X EDR)");
  CHECK(rate.remediation.front() == "cat /sys/class/infiniband/mlx5_0/ports/1/rate");

  // The same host at 100G is clean under that profile.
  CHECK(Run(healthy_scenario(), p).result("LINK-SPEED").status == Status::ok);
}

TEST_CASE("LINK-SPEED: rate and speed are compared from 10G up only, within the tolerance") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {  // 1G shows as 2.5 Gb/sec (1X SDR): not comparable
    netdev(h).link->speed_mbps = 1000;
    *rdma_port(h).rate_gbps = 2.5;
  };
  CHECK(Run(s).result("LINK-SPEED").status == Status::ok);
  s.config = [](model::Host& h) {  // 56 Gb/s FDR against a 50G link: within 12%, above the 10% default
    netdev(h).link->speed_mbps = 50000;
    *rdma_port(h).rate_gbps = 56;
  };
  CHECK(Run(s).result("LINK-SPEED").status == Status::finding);
  profile::Profile p;
  p.thresholds["LINK-SPEED"]["max_rate_mismatch"] = 0.15;
  CHECK(Run(s, p).result("LINK-SPEED").status == Status::ok);
}

TEST_CASE("LINK-SPEED: nothing to compare against is skipped, not ok") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    rdma_port(h).rate_gbps = Field<double>::missing(model::Availability::error, "rate: unparsable");
  };
  const auto r = Run(s).result("LINK-SPEED");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("no link.expected_speed_gbps in the profile and no RDMA port rate"));
  s.config = [](model::Host& h) {
    netdev(h).link = Field<model::LinkSettings>::missing(model::Availability::unsupported, "Operation not supported");
  };
  const auto r2 = Run(s).result("LINK-SPEED");
  CHECK(r2.status == Status::skipped);
  CHECK(r2.skipped_reason == "ens1f0np0: link-settings unsupported (Operation not supported)");
}

// ---------------------------------------------------------------------------------------------
// LINK-FLAP

TEST_CASE("LINK-FLAP: link-down events and carrier changes in the window") {
  Scenario s = healthy_scenario();
  s.now.link_down_events_phy = s.before.link_down_events_phy + 2;
  model::Host before = s.build_before(), now = s.build_now();
  *netdev(now).carrier_changes = *netdev(before).carrier_changes + 4;
  HostRun run(now, &before, 60);
  const auto f = only_finding(run.result("LINK-FLAP"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title == "link went down 2 times in 60 s");
  CHECK(evidence_names(f) == std::vector<std::string>{"link_down_events_phy", "carrier_changes"});
  CHECK(evidence(f, "carrier_changes").delta == 4u);
  CHECK(evidence(f, "carrier_changes").from.source == "rtnetlink");
  CHECK(f.remediation.at(1) == "ethtool -m ens1f0np0");
}

TEST_CASE("LINK-FLAP: carrier changes alone (a driver without link-down counters)") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  for (auto* h : {&before, &now}) {
    remove_counter(ethtool_stats(*h), "link_down_events_phy");
    remove_counter(*rdma_port(*h).counters, "link_downed");
  }
  *netdev(now).carrier_changes = *netdev(before).carrier_changes + 1;  // went down, not yet back
  const auto f = only_finding(HostRun(now, &before, 60).result("LINK-FLAP"));
  CHECK(f.title == "link went down 1 time in 60 s");

  // Without any of the three the port is skipped with the reason.
  for (auto* h : {&before, &now})
    netdev(*h).carrier_changes = Field<std::uint64_t>::missing(model::Availability::absent, "not collected");
  const auto r = HostRun(now, &before, 60).result("LINK-FLAP");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("no link-down counter"));
}

TEST_CASE("LINK-FLAP: post-FEC errors on the same port are named as the likely cause") {
  Scenario s = healthy_scenario();
  s.now.link_down_events_phy = s.before.link_down_events_phy + 1;
  s.now.rx_crc_errors_phy = s.before.rx_crc_errors_phy + 57;
  Run run(s);
  const auto flap = only_finding(run.result("LINK-FLAP"));
  CHECK(flap.caused_by == std::vector<std::string>{"LINK-SIGNAL@ens1f0np0"});
  const auto ranked = run.ranked();
  REQUIRE(ranked.size() >= 2);
  CHECK(ranked[0].id == "LINK-SIGNAL");
  CHECK(ranked[1].id == "LINK-FLAP");
}

// ---------------------------------------------------------------------------------------------
// LINK-SIGNAL

TEST_CASE("LINK-SIGNAL: the real 100G bad-lane dump (one sample): post-FEC errors and lane 3") {
  auto stats = captures::text::parse_ethtool_s(read_sample("mlx5_ethtool_S_100G_ofed_badlane.txt"));
  REQUIRE(stats.ok());
  model::Host h = cx6dx_host(baseline_counters(), 1000);
  netdev(h).ethtool_stats = Field<model::CounterSet>::of(*stats, {"capture", "ethtool -S p1"});
  HostRun run(h, nullptr, 0);
  const auto& r = run.result("LINK-SIGNAL");
  INFO(describe(r));
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);

  const auto& post = r.findings[0];
  CHECK(post.severity == Severity::critical);
  CHECK(post.title ==
        "post-FEC errors: 386 uncorrected symbol errors, 386 CRC errors since the counters were cleared (one sample)");
  CHECK(evidence_names(post) == std::vector<std::string>{"rx_pcs_symbol_err_phy", "rx_crc_errors_phy"});
  CHECK(evidence(post, "rx_crc_errors_phy").value == "386");
  CHECK_THAT(post.explanation, Contains("take two samples"));
  CHECK(post.remediation == std::vector<std::string>{"ethtool -m ens1f0np0", "ethtool -I --show-fec ens1f0np0",
                                                     "mlxlink -d 0000:b1:00.0 -m -c -e"});

  const auto& lane = r.findings[1];
  CHECK(lane.severity == Severity::warning);
  CHECK(lane.title ==
        "lane 3 carries 99.8% of corrected errors (17722623 of 17750739) since the counters were cleared (one sample)");
  CHECK(evidence_names(lane) ==
        std::vector<std::string>{"rx_err_lane_3_phy", "rx_err_lane_0_phy", "rx_err_lane_1_phy", "rx_err_lane_2_phy"});
  CHECK(evidence(lane, "rx_err_lane_0_phy").value == "28116");
  CHECK(evidence(lane, "rx_err_lane_3_phy").from.locator == "phy.lane[3].errors");

  // The dump has no rx_bits_phy: with one sample the BER is not computed, and the note says so.
  REQUIRE(r.notes.size() == 1);
  CHECK_THAT(r.notes[0], Contains("pre-FEC BER not computed: no rx_bits_phy counter"));
}

TEST_CASE("LINK-SIGNAL: pre-FEC BER over the window, bits estimated from the link speed") {
  Scenario s = healthy_scenario();
  s.now.rx_corrected_bits_phy = s.before.rx_corrected_bits_phy + 120000000;  // 1.2e8 / 6e12 bits
  const auto f = only_finding(Run(s).result("LINK-SIGNAL"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "pre-FEC BER 2.0e-05 above 1e-08 in 60 s (rx_bits_phy absent: bits estimated from the link speed)");
  CHECK(evidence(f, "rx_corrected_bits_phy").delta == 120000000u);
  CHECK(evidence(f, "rx bits (estimated)").value == "6.0e+12 = 100000 Mb/s × 60 s");
}

TEST_CASE("LINK-SIGNAL: pre-FEC BER from rx_bits_phy, windowed and cumulative") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  set_counter(ethtool_stats(before), "rx_bits_phy", 900000000000000);
  set_counter(ethtool_stats(now), "rx_bits_phy", 900000000000000 + 6000000000000);
  set_counter(ethtool_stats(now), "rx_corrected_bits_phy", 18804 + 60000);  // exactly 1e-8: not above
  CHECK(HostRun(now, &before, 60).result("LINK-SIGNAL").status == Status::ok);
  set_counter(ethtool_stats(now), "rx_corrected_bits_phy", 18804 + 120000);
  const auto f = only_finding(HostRun(now, &before, 60).result("LINK-SIGNAL"));
  CHECK(f.title == "pre-FEC BER 2.0e-08 above 1e-08 in 60 s");
  CHECK(evidence(f, "rx_bits_phy").delta == 6000000000000u);

  // One sample: the cumulative values, said so.
  model::Host alone = cx6dx_host(baseline_counters(), 1000000000);
  set_counter(ethtool_stats(alone), "rx_bits_phy", 1000000000000);  // 18804 corrected: 1.9e-8
  const auto c = only_finding(HostRun(alone, nullptr, 0).result("LINK-SIGNAL"));
  CHECK(c.title == "pre-FEC BER 1.9e-08 above 1e-08 since the counters were cleared (one sample)");
  CHECK(HostRun(alone, nullptr, 0).result("LINK-SIGNAL").notes.empty());

  profile::Profile p;
  p.thresholds["LINK-SIGNAL"]["max_pre_fec_ber"] = 1e-7;
  CHECK(HostRun(alone, nullptr, 0, p).result("LINK-SIGNAL").status == Status::ok);
}

TEST_CASE("LINK-SIGNAL: CRC errors in the window are critical") {
  Scenario s = healthy_scenario();
  s.before.rx_crc_errors_phy = 3;  // old ones do not count
  s.now.rx_crc_errors_phy = 15;
  const auto f = only_finding(Run(s).result("LINK-SIGNAL"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title == "post-FEC errors: 12 CRC errors in 60 s");
  CHECK(evidence(f, "rx_crc_errors_phy").delta == 12u);
}

TEST_CASE("LINK-SIGNAL: one lane dominating over the window, above the minimum count only") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  auto lanes = [&](std::uint64_t lane2) {
    for (int l = 0; l < 4; ++l) {
      const std::string name = "rx_err_lane_" + std::to_string(l) + "_phy";
      std::uint64_t b = 0;
      for (const auto& [n, v] : ethtool_stats(before).entries)
        if (n == name) b = v;
      set_counter(ethtool_stats(now), name, b + (l == 2 ? lane2 : 10));
    }
  };
  lanes(5000);  // 5030 in total: too few to judge
  CHECK(HostRun(now, &before, 60).result("LINK-SIGNAL").status == Status::ok);
  lanes(50000);
  const auto f = only_finding(HostRun(now, &before, 60).result("LINK-SIGNAL"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "lane 2 carries 99.9% of corrected errors (50000 of 50030) in 60 s");
  CHECK(f.evidence[0].name == "rx_err_lane_2_phy");
  CHECK(f.evidence[0].delta == 50000u);
}

TEST_CASE("LINK-SIGNAL: a port without PHY error counters is skipped") {
  model::Host h = cx6dx_host(baseline_counters(), 1000);
  for (const char* n : {"rx_corrected_bits_phy", "rx_pcs_symbol_err_phy", "rx_crc_errors_phy", "rx_err_lane_0_phy",
                        "rx_err_lane_1_phy", "rx_err_lane_2_phy", "rx_err_lane_3_phy"})
    remove_counter(ethtool_stats(h), n);
  const auto r = HostRun(h, nullptr, 0).result("LINK-SIGNAL");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("no PHY error counters"));
}

// ---------------------------------------------------------------------------------------------
// GID-ROCEV2

namespace {
void drop_gid(model::Host& h, std::uint32_t index) {
  std::erase_if(*rdma_port(h).gids, [&](const model::Gid& g) { return g.index == index; });
}
void add_gid(model::Host& h, std::uint32_t index, const std::string& gid, const std::string& type,
             const std::string& ndev = "ens1f0np0") {
  model::Gid g;
  g.index = index;
  g.gid = gid;
  g.type = Field<std::string>::of(type, {"sysfs", "gid_attrs/types/" + std::to_string(index)});
  g.netdev = Field<std::string>::of(ndev, {"sysfs", "gid_attrs/ndevs/" + std::to_string(index)});
  rdma_port(h).gids->push_back(g);
}
}  // namespace

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

// ---------------------------------------------------------------------------------------------
// MTU-ROCE

TEST_CASE("MTU-ROCE: MTU 1500 gives RoCE 1024; the remedy uses the profile's MTU") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    *netdev(h).mtu = 1500;
    *rdma_port(h).active_mtu = 1024;
  };
  const auto f = only_finding(Run(s).result("MTU-ROCE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "MTU 1500 below 4200: RoCE active MTU 1024");
  CHECK(evidence_names(f) == std::vector<std::string>{"mtu", "active_mtu"});
  CHECK(evidence(f, "mtu").from.locator == "ens1f0np0 IFLA_MTU");
  CHECK(f.remediation == std::vector<std::string>{"ip link set dev ens1f0np0 mtu 4200"});

  profile::Profile jumbo;
  jumbo.min_mtu = 9000;
  const auto j = only_finding(Run(healthy_scenario(), jumbo).result("MTU-ROCE"));
  CHECK(j.title == "MTU 4200 below 9000: RoCE active MTU 4096");
  CHECK(j.remediation == std::vector<std::string>{"ip link set dev ens1f0np0 mtu 9000"});
}

TEST_CASE("MTU-ROCE: without verbs the RoCE MTU is derived the way the kernel does (MTU - 80 bytes)") {
  profile::Profile p;
  p.min_mtu = 4200;
  for (auto [mtu, roce] :
       {std::pair{4176u, 4096u}, std::pair{4175u, 2048u}, std::pair{2128u, 2048u}, std::pair{2127u, 1024u}}) {
    Scenario s = healthy_scenario();
    s.config = [mtu = mtu](model::Host& h) {
      *netdev(h).mtu = mtu;
      rdma_port(h).active_mtu = Field<std::uint32_t>::missing(model::Availability::unsupported, "no verbs");
    };
    const auto f = only_finding(Run(s, p).result("MTU-ROCE"));
    CHECK(f.title ==
          "MTU " + std::to_string(mtu) + " below 4200: RoCE active MTU " + std::to_string(roce) + " (derived)");
  }
}

TEST_CASE("MTU-ROCE: active MTU below 4096 with a large enough netdev MTU") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *rdma_port(h).active_mtu = 1024; };
  const auto f = only_finding(Run(s).result("MTU-ROCE"));
  CHECK(f.title == "RDMA active MTU 1024 below 4096 with netdev MTU 4200");
  CHECK(f.remediation == std::vector<std::string>{"ibv_devinfo -d mlx5_0 -i 1", "ip link set dev ens1f0np0 mtu 4200"});
  s.config = [](model::Host& h) { *rdma_port(h).active_mtu = 2048, *rdma_port(h).max_mtu = 2048; };
  const auto d = only_finding(Run(s).result("MTU-ROCE"));
  CHECK_THAT(d.explanation, Contains("supports at most 2048"));
  CHECK(d.remediation == std::vector<std::string>{"ibv_devinfo -d mlx5_0 -i 1"});
}

TEST_CASE("MTU-ROCE: oversize frames from the peer in the window") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  set_counter(ethtool_stats(before), "rx_oversize_pkts_phy", 5);
  set_counter(ethtool_stats(now), "rx_oversize_pkts_phy", 42);
  const auto f = only_finding(HostRun(now, &before, 60).result("MTU-ROCE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "37 oversize frames received in 60 s: the peer's MTU is larger than 4200");
  CHECK(f.evidence[0].name == "rx_oversize_pkts_phy");
  CHECK(f.evidence[0].delta == 37u);
  // Cumulative old ones with one sample are not judged as a problem.
  CHECK(HostRun(now, nullptr, 0).result("MTU-ROCE").status == Status::ok);
}

TEST_CASE("MTU-ROCE: without the netdev MTU the active MTU is judged; without both, skipped") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).mtu = Field<std::uint32_t>::missing(model::Availability::error, "IFLA_MTU missing");
  };
  CHECK(Run(s).result("MTU-ROCE").status == Status::ok);  // active MTU 4096

  s.config = [](model::Host& h) {
    netdev(h).mtu = Field<std::uint32_t>::missing(model::Availability::error, "IFLA_MTU missing");
    *rdma_port(h).active_mtu = 1024;
  };
  const auto f = only_finding(Run(s).result("MTU-ROCE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "RDMA active MTU 1024 below 4096 (netdev MTU not known)");

  s.config = [](model::Host& h) {
    netdev(h).mtu = Field<std::uint32_t>::missing(model::Availability::error, "IFLA_MTU missing");
    rdma_port(h).active_mtu = Field<std::uint32_t>::missing(model::Availability::unsupported, "no verbs");
  };
  const auto r = Run(s).result("MTU-ROCE");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("mtu error (IFLA_MTU missing)"));
}

// ---------------------------------------------------------------------------------------------
// PCIE-LINK

TEST_CASE("PCIE-LINK: a Gen3 x8 link under a 100G port") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).pcie = {"8.0 GT/s PCIe", "16.0 GT/s PCIe", 8, 16}; };
  const auto f = only_finding(Run(s).result("PCIE-LINK"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title ==
        "PCIe link x8 at 8.0 GT/s PCIe, capable of x16 at 16.0 GT/s PCIe: ~63 Gb/s, below the 100 Gb/s port");
  CHECK(evidence_names(f) ==
        std::vector<std::string>{"current_link_speed", "max_link_speed", "current_link_width", "max_link_width"});
  CHECK(evidence(f, "current_link_width").value == "8");
  CHECK_THAT(f.explanation, Contains("narrower and slower"));
  CHECK(f.remediation == std::vector<std::string>{"lspci -s 0000:b1:00.0 -vv | grep -E 'LnkCap|LnkSta'"});
}

TEST_CASE("PCIE-LINK: narrower only, still above the port speed; old kernels' speed strings") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).pcie = {"16 GT/s", "16 GT/s", 8, 16}; };
  const auto f = only_finding(Run(s).result("PCIE-LINK"));
  CHECK(f.title == "PCIe link x8 at 16 GT/s, capable of x16 at 16 GT/s: ~126 Gb/s");
  CHECK_THAT(f.explanation, Contains("trained narrower than"));
}

TEST_CASE("PCIE-LINK: unknown or missing link status is skipped") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).pcie = {"Unknown", "Unknown", 0, 0}; };
  const auto r = Run(s).result("PCIE-LINK");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("PCIe link speed and width unknown"));
  s.config = [](model::Host& h) {
    netdev(h).pcie = Field<model::PcieLink>::missing(model::Availability::absent, "no PCI device (virtual netdev)");
  };
  const auto r2 = Run(s).result("PCIE-LINK");
  CHECK(r2.status == Status::skipped);
  CHECK(r2.skipped_reason == "ens1f0np0: pcie-link absent (no PCI device (virtual netdev))");
}

}  // namespace roce::test
