// Scenario tests of NCCL-HCA (checks/nccl_hca.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-HCA: a device that is not on the host is critical; a named port that is down is a warning") {
  LogRun absent_run(replaced(kHealthy, "set to mlx5_0", "set to mlx5_4"));
  const auto& absent = sole_nccl_finding(absent_run.result("NCCL-HCA"));
  CHECK(absent.severity == Severity::critical);
  CHECK(absent.subject.netdev.empty());
  CHECK(absent.title == "NCCL_IB_HCA=mlx5_4 names mlx5_4, which is not on gpu-a17 (RDMA devices: mlx5_0)");
  LogRun down(kHealthy, [](model::Host& h) { rdma_port(h).state = model::Field<model::PortState>::of({1, "DOWN"}); });
  const auto& f = sole_nccl_finding(down.result("NCCL-HCA"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title == "NCCL_IB_HCA names mlx5_0/1, which is DOWN");
  CHECK(LogRun(replaced(kHealthy, "set to mlx5_0", "set to ^mlx5_9")).result("NCCL-HCA").status == Status::skipped);
}

}  // namespace roce::test
