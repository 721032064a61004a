// The QoS configuration checks together on the healthy ConnectX-6 Dx.
#include "qos_config_scenarios.hpp"

namespace roce::test {

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

}  // namespace roce::test
