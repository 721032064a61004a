// Scenario tests of NCCL-WC-FAILED (checks/nccl_wc_failed.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-WC-FAILED: status 4 is critical on the HCA's port, named IBV_WC_LOC_PROT_ERR, with no lossless cause") {
  // ECN off on the host: a cause of status 12, never of status 4.
  LogRun run(kHealthy + kStatus4, [](model::Host& h) { *netdev(h).ecn->np[3] = false; });
  REQUIRE(run.result("ECN-NIC").status == Status::finding);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-FAILED"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title ==
        "work completions failed: 1 with status 4 (IBV_WC_LOC_PROT_ERR) in the NCCL log on ens1f0np0 (mlx5_0) "
        "(gpu-a17:100 rank 0); not a loss on the lossless path");
  CHECK(f.caused_by.empty());
  CHECK(f.explanation.find("not a packet lost on the network") != std::string::npos);
  REQUIRE(f.evidence.size() == 1);
  CHECK(f.evidence[0].from.locator == "job.log:10");
  CHECK(f.evidence[0].value.find("vendor err 81") != std::string::npos);
  // Status 12 stays NCCL-WC-ERROR's; this check has nothing to say about it.
  LogRun loss(kHealthy + kStatus12);
  CHECK(loss.result("NCCL-WC-FAILED").status == Status::ok);
  CHECK(loss.result("NCCL-WC-ERROR").status == Status::finding);
}

TEST_CASE("NCCL-WC-FAILED: another host's error names its HCA; flush errors only count when nothing else failed") {
  const std::string peer = replaced(kStatus4, "gpu-a17", "gpu-a18");
  const std::string flush =
      "gpu-a18:7:9 [0] NCCL WARN NET/IB: Got completion from peer 10.0.0.1<1> with status=IBV_WC_WR_FLUSH_ERR(5) "
      "opcode=IBV_WC_SEND(0) vendor_err=249 hca mlx5_3\n";
  LogRun run(kHealthy + peer + flush);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-FAILED"));
  CHECK(f.subject.netdev.empty());
  CHECK(f.title.find("1 with status 4 (IBV_WC_LOC_PROT_ERR) in the NCCL log on mlx5_0 (gpu-a18:100 [0])") !=
        std::string::npos);
  // The same flush errors after a retry-exceeded error: the loss explains them, nothing more to say.
  CHECK(LogRun(kHealthy + kStatus12 + flush).result("NCCL-WC-FAILED").status == Status::ok);
  // Alone, they are still a failed job, whose first error the log does not hold.
  LogRun flush_only(kHealthy + flush);
  const auto& alone = sole_nccl_finding(flush_only.result("NCCL-WC-FAILED"));
  CHECK(alone.title.find("status 5 (IBV_WC_WR_FLUSH_ERR)") != std::string::npos);
  CHECK(alone.explanation.find("the error that put it there is not in the log") != std::string::npos);
}

}  // namespace roce::test
