// Scenario tests of XSW-TRUST-MTU (checks/xsw_trust_mtu.cpp).
#include "xsw_scenarios.hpp"

namespace roce::test {

TEST_CASE("a switch MTU below the host's, or a switch port that does not trust DSCP, is critical") {
  CrossRun mtu("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["PORT"]["Ethernet0"]["mtu"] = "1500"; });
  const auto& f = only_finding(mtu.result("XSW-TRUST-MTU"));
  CHECK(f.title == "MTU 1500 on leaf01 Ethernet0 is below the host's 4200 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  CrossRun trust("sonic_roce_dscp26_flat.json",
                 [](switches::ConfigDbTableMap& t) { t["PORT_QOS_MAP"]["Ethernet0"].erase("dscp_to_tc_map"); });
  const auto& g = only_finding(trust.result("XSW-TRUST-MTU"));
  CHECK(
      g.title ==
      "leaf01 Ethernet0 trusts none (no dscp_to_tc_map bound), the host end of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 "
      "marks dscp");
  CHECK(trust.result("XSW-DSCP-QUEUE").status == Status::skipped);
}

}  // namespace roce::test
