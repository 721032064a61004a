// Scenario tests of NCCL-GID (checks/nccl_gid.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-GID: an index of a link-local, RoCE v1 or empty entry is critical with the v2 indexes") {
  auto gid = [](const std::string& index) {
    return LogRun(replaced(kHealthy, "GID_INDEX set by environment to 3.", "GID_INDEX set by environment to " + index));
  };
  LogRun v1_run = gid("2.");
  const auto& v1 = sole_nccl_finding(v1_run.result("NCCL-GID"));
  CHECK(v1.severity == Severity::critical);
  CHECK(v1.subject.netdev == "ens1f0np0");
  CHECK(v1.title ==
        "NCCL_IB_GID_INDEX=2 on mlx5_0/1 is IB/RoCE v1, not RoCE v2; RoCE v2 GIDs of its addresses: 3 "
        "(0000:0000:0000:0000:0000:ffff:ac13:003c)");
  CHECK(sole_nccl_finding(gid("1.").result("NCCL-GID")).title.find("is the link-local GID fe80:") != std::string::npos);
  CHECK(sole_nccl_finding(gid("9.").result("NCCL-GID")).title.find("9 on mlx5_0/1 is not populated") !=
        std::string::npos);
  CHECK(gid("-1.").result("NCCL-GID").status == Status::skipped);
}

TEST_CASE("NCCL-GID: skipped when the log has no process of the judged host") {
  std::string other = kHealthy;
  for (auto at = other.find("gpu-a17"); at != std::string::npos; at = other.find("gpu-a17"))
    other.replace(at, 7, "node3");
  LogRun run(other);
  const auto& r = run.result("NCCL-GID");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "gpu-a17: the NCCL log has no process on host gpu-a17 (its hosts: node3)");
}

}  // namespace roce::test
