// The NCCL-* checks together: skipped without a job log, ok on a healthy job's.
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL checks: without a job log they are skipped, saying so; a healthy job's log is ok on every one") {
  LogRun none("");
  for (const char* id : kNcclChecks) {
    REQUIRE(none.has_result(id));
    CHECK(none.result(id).status == Status::skipped);
    CHECK(none.result(id).skipped_reason.find("no NCCL log given") != std::string::npos);
  }
  LogRun healthy(kHealthy);
  for (const char* id : kNcclChecks) {
    INFO(id << ": " << healthy.result(id).skipped_reason);
    CHECK(healthy.result(id).status == Status::ok);
  }
}

}  // namespace roce::test
