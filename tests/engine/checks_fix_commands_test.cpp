// Remediation in the host's own tool: mlnx_qos where the capture holds MLNX_OFED's mlnx_qos
// output, dcb elsewhere (and on a port whose driver is not mlx5).
#include "scenario_prelude.hpp"

namespace roce::test {

namespace {

// The first fix of the only finding of `id` on the healthy ConnectX-6 Dx changed by `config`,
// with or without mlnx_qos output seen in its capture.
std::string first_fix(std::string_view id, bool mlnx_qos_seen, std::function<void(model::Host&)> config) {
  Scenario s = healthy_scenario();
  s.config = [config, mlnx_qos_seen](model::Host& h) {
    config(h);
    h.mlnx_qos_seen = mlnx_qos_seen;
  };
  Run run(s);
  const auto& r = run.result(id);
  INFO(run.describe());
  REQUIRE(r.status == Status::finding);
  REQUIRE_FALSE(r.findings.empty());
  REQUIRE_FALSE(r.findings[0].remediation.empty());
  return r.findings[0].remediation.front();
}

void trust_pcp(model::Host& h) {
  netdev(h).trust->assign("pcp");
  netdev(h).dcb.app->clear();
}

void pfc_off(model::Host& h) { netdev(h).dcb.pfc->pfc_en = 0; }

void pfc_extra(model::Host& h) { netdev(h).dcb.pfc->pfc_en = (1 << 3) | (1 << 0); }

void dscp_26_on_prio_0(model::Host& h) {
  for (auto& e : *netdev(h).dcb.app)
    if (e.protocol == 26) e.priority = 0;
}

}  // namespace

TEST_CASE("fixes are mlnx_qos commands where the capture holds mlnx_qos output") {
  CHECK(first_fix("QOS-TRUST", true, trust_pcp) == "mlnx_qos -i ens1f0np0 --trust dscp");
  CHECK(first_fix("PFC-LOSSLESS", true, pfc_off) ==
        "mlnx_qos -i ens1f0np0 --pfc 0,0,0,1,0,0,0,0    # mlx5 toggles the link when the PFC mask changes");
  CHECK(first_fix("PFC-EXTRA", true, pfc_extra) ==
        "mlnx_qos -i ens1f0np0 --pfc 0,0,0,1,0,0,0,0    # mlx5 toggles the link when the PFC mask changes");
  CHECK(first_fix("QOS-DSCP-MAP", true, dscp_26_on_prio_0) == "mlnx_qos -i ens1f0np0 --dscp2prio set,26,3");
}

TEST_CASE("QOS-TRUST's mlnx_qos fix also maps the profile's DSCP values") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    trust_pcp(h);
    h.mlnx_qos_seen = true;
  };
  Run run(s);
  const auto& r = run.result("QOS-TRUST");
  REQUIRE(r.status == Status::finding);
  CHECK(r.findings[0].remediation ==
        std::vector<std::string>{"mlnx_qos -i ens1f0np0 --trust dscp", "mlnx_qos -i ens1f0np0 --dscp2prio set,26,3",
                                 "mlnx_qos -i ens1f0np0 --dscp2prio set,48,6", "roce-doctor tune"});
}

TEST_CASE("fixes stay dcb commands without mlnx_qos output, and on a driver that is not mlx5") {
  CHECK(first_fix("QOS-TRUST", false, trust_pcp) == "dcb app add dev ens1f0np0 dscp-prio 26:3 48:6");
  CHECK(first_fix("PFC-LOSSLESS", false, pfc_off).starts_with("dcb pfc set dev ens1f0np0 prio-pfc 3:on"));
  CHECK(first_fix("QOS-DSCP-MAP", false, dscp_26_on_prio_0) == "dcb app replace dev ens1f0np0 dscp-prio 26:3");
  const auto bnxt = [](model::Host& h) {
    pfc_off(h);
    netdev(h).driver->driver = "bnxt_en";
  };
  CHECK(first_fix("PFC-LOSSLESS", true, bnxt) == "dcb pfc set dev ens1f0np0 prio-pfc 3:on");
}

}  // namespace roce::test
