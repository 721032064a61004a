// Cumulus datapath configuration files as switch ports: the real `traffic.conf` of the Cumulus 4.x
// docs and the faithful `qos_features.conf` of switch leaf04 (tests/fixtures/switch).
#include <catch2/catch.hpp>

#include "switch/cumulus_datapath.hpp"
#include "switch/load_exports.hpp"
#include "switch_fixtures.hpp"

namespace roce::test {

TEST_CASE("traffic.conf on the real sample: the PFC group's lossless PG and the ECN group's queues") {
  model::Switch sw;
  const std::string text = slurp(switch_fixture_path("traffic.conf_storage-optimized-pfc.txt"));
  REQUIRE(switches::add_cumulus_datapath(text, "traffic.conf", sw));
  CHECK(sw.vendor == "cumulus");
  REQUIRE(sw.ports.size() == 1);
  const auto& sp = sw.ports[0];
  const auto& nd = sw.host.netdevs[0];
  CHECK(sp.name == "swp1");
  REQUIRE(nd.dcb.pfc.ok());
  CHECK(nd.dcb.pfc->pfc_en == 0x02);  // cos_list [1]
  CHECK(nd.dcb.pfc.from.locator == "traffic.conf:7 pfc.ROCE_PFC.cos_list");
  REQUIRE(sp.lossless_pgs.size() == 1);
  CHECK(sp.lossless_pgs[0].first == 1);
  CHECK(sp.lossless_pgs[0].xoff_bytes.value == 18000u);
  CHECK(sp.lossless_pgs[0].size_bytes.value == 70000u);
  REQUIRE(sp.queues.size() == 2);  // cos_list [0,1]
  CHECK(sp.queues[1].wred_profile.value == "ecn_red.ROCE_ECN");
  const auto* w = sw.wred("ecn_red.ROCE_ECN");
  REQUIRE(w);
  CHECK(w->marks_green());
  CHECK(w->green_min_bytes.value == 150000u);
  CHECK(w->green_max_bytes.value == 1500000u);
  CHECK(w->green_drop_percent.value == 100u);
  // No traffic.* setting: the trust is unknown, and so what the DSCP map means.
  CHECK(nd.trust.availability == model::Availability::absent);
  CHECK_FALSE(sp.dscp_to_tc.ok());
  REQUIRE(sw.warnings.size() == 2);  // the two "..." lines of the docs' excerpt
  CHECK(sw.warnings[0] == "traffic.conf:4: \"...\" is no \"key = value\" line, skipped");
}

TEST_CASE("a Cumulus folder with qos_features.conf: trust, DSCP map, PFC, cable, buffers and ECN per port") {
  auto side = switches::read_switch_exports({switch_fixture_path("cumulus-leaf04")});
  REQUIRE(side);
  REQUIRE(side->switches.size() == 1);
  const auto& sw = side->switches[0];
  CHECK(sw.host.hostname == "leaf04");
  CHECK(sw.warnings.empty());
  REQUIRE(sw.ports.size() == 2);
  CHECK(sw.ports[1].name == "swp2");
  const auto& sp = sw.ports[0];
  const auto& nd = sw.host.netdevs[0];
  CHECK(nd.trust.value == "dscp");
  REQUIRE(sp.dscp_to_tc.ok());
  CHECK((*sp.dscp_to_tc)[26] == 3);
  CHECK((*sp.dscp_to_tc)[48] == 6);
  CHECK_FALSE((*sp.dscp_to_tc)[40].has_value());
  CHECK(nd.dcb.pfc->pfc_en == 0x08);
  CHECK(sp.cable_m.value == 10u);
  REQUIRE(sp.queues.size() == 1);
  CHECK(sp.queues[0].index == 3);
  CHECK(sw.wred("ecn_red.roce_ecn")->green_min_bytes.from.locator.find("qos_features.conf:27 ") != std::string::npos);
  CHECK(sp.pfcwd.availability == model::Availability::absent);
}

TEST_CASE("Cumulus datapath files: port ranges, and what cannot be read is located") {
  CHECK(switches::expand_port_set("swp1-swp3,swp10") == std::vector<std::string>{"swp1", "swp2", "swp3", "swp10"});
  CHECK(switches::expand_port_set("swp1s0") == std::vector<std::string>{"swp1s0"});
  model::Switch sw;
  auto no_ports = switches::add_cumulus_datapath("pfc.G.cos_list = [3]\n", "q.conf", sw);
  REQUIRE_FALSE(no_ports);
  CHECK(no_ports.error().message == "q.conf:1 pfc.G.cos_list: PFC group G has no port_set");
  auto other = switches::add_cumulus_datapath("hello = world\n", "q.conf", sw);
  REQUIRE_FALSE(other);
  CHECK(other.error().message.rfind("q.conf: not a Cumulus qos_features.conf or traffic.conf", 0) == 0);
  model::Switch bad;
  REQUIRE(switches::add_cumulus_datapath("pfc.G.cos_list = [9]\npfc.G.port_set = swp1\n", "q.conf", bad));
  REQUIRE(bad.warnings.size() == 1);
  CHECK(bad.warnings[0] == "q.conf:1 pfc.G.cos_list: \"[9]\" is not a list of numbers below 8");
}

}  // namespace roce::test
