// Scenario tests of NCCL-WC-ERROR (checks/nccl_wc_error.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-WC-ERROR: status 12 is critical and names the port of its local GID") {
  LogRun run(kHealthy + kStatus12 + kStatus12);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-ERROR"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title ==
        "packets were lost on the lossless path: 2 with status 12 (retry exceeded) in the NCCL log on ens1f0np0 "
        "(mlx5_0) (gpu-a17:100 rank 0)");
  REQUIRE(f.evidence.size() == 1);
  CHECK(f.evidence[0].value == "2x, first job.log:10, last job.log:11, localGid ::ffff:172.19.0.60");
}

TEST_CASE("NCCL-WC-ERROR: with ECN off on the host, the ECN check is ranked as the likely cause") {
  // The log of another host's process (the peer's view): a finding about the job, explained by
  // the causes on every port of the judged host.
  const std::string peer = replaced(replaced(kStatus12, "gpu-a17", "gpu-a18"), "::ffff:172.19.0.60", "::ffff:10.9.9.9");
  LogRun run(kHealthy + peer, [](model::Host& h) { *netdev(h).ecn->np[3] = false; });
  REQUIRE(run.result("ECN-NIC").status == Status::finding);
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-ERROR"));
  CHECK(f.subject.netdev.empty());
  CHECK(f.caused_by == std::vector<std::string>{"ECN-NIC@ens1f0np0"});
  // With a healthy host nothing is linked.
  CHECK(sole_nccl_finding(LogRun(kHealthy + peer).result("NCCL-WC-ERROR")).caused_by.empty());
}

TEST_CASE("NCCL-WC-ERROR: the HCA the newer format names picks the port; status 13 counts, others do not") {
  LogRun run(kHealthy +
             "gpu-a17:100:130 [0] NCCL WARN NET/IB: Got completion from peer 172.19.0.61<1> with "
             "status=IBV_WC_RNR_RETRY_EXC_ERR(13) opcode=IBV_WC_SEND(0) vendor_err=135 hca mlx5_0\n"
             "gpu-a17:100:130 [0] NCCL WARN NET/IB : Got completion from peer 172.19.0.61<1> with status=5 opcode=0\n");
  const auto& f = sole_nccl_finding(run.result("NCCL-WC-ERROR"));
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title.find("1 with status 13 (RNR retry exceeded)") != std::string::npos);
}

}  // namespace roce::test
