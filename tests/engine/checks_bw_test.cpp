// BW-PERFTEST and BW-NCCL together: without bandwidth results both are skipped.
#include "bw_scenarios.hpp"

namespace roce::test {

TEST_CASE("BW: without results both checks are skipped with the reason, never ok") {
  BwRun run(healthy_scenario(), {});
  CHECK(run.result("BW-PERFTEST").status == CheckResult::Status::skipped);
  CHECK(run.result("BW-PERFTEST").skipped_reason.find("no bandwidth result given") != std::string::npos);
  CHECK(run.result("BW-NCCL").status == CheckResult::Status::skipped);
}

}  // namespace roce::test
