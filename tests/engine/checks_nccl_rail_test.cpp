// Scenario tests of NCCL-RAIL (checks/nccl_rail.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-RAIL: the card's second port, active, carries nothing while mlx5_0 carries the job") {
  LogRun run(kHealthy, [](model::Host& h) { add_second_port(h); });
  const auto& f = sole_nccl_finding(run.result("NCCL-RAIL"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.title == "rail mlx5_1/1 (ens1f1np1) is active but carries none of the job's traffic; mlx5_0 carry it");
}

}  // namespace roce::test
