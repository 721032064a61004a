// Scenario tests of NCCL-TC (checks/nccl_tc.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-TC: TC 162 is DSCP 40, which the host maps to priority 5, not the lossless 3") {
  LogRun run(replaced(kHealthy, "to 106.", "to 162."));
  const auto& f = sole_nccl_finding(run.result("NCCL-TC"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.priority == 5);
  CHECK(f.title ==
        "NCCL_IB_TC=162 is DSCP 40, which ens1f0np0 maps to priority 5, without PFC; the lossless priority is 3 "
        "(DSCP 26)");
  CHECK(f.remediation.front() == "export NCCL_IB_TC=104   # DSCP 26, priority 3");
  // TC 105 (DSCP 26 with ECT(1)) is the lossless class too.
  CHECK(LogRun(replaced(kHealthy, "to 106.", "to 105.")).result("NCCL-TC").status == Status::ok);
}

}  // namespace roce::test
