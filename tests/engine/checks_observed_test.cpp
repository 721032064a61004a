// The observed-behaviour checks over two samples together (DROP-HOST, ECN-IDLE, ECN-CNP, RETRANS): ok on the healthy
// baseline, skipped with one sample.
#include "observed_scenarios.hpp"

namespace roce::test {

TEST_CASE("observed checks are ok on the healthy baseline, and skipped with one sample") {
  Run run(healthy_scenario());
  for (const char* id : {"DROP-HOST", "ECN-IDLE", "ECN-CNP", "RETRANS"}) {
    INFO(id << ": " << run.result(id).skipped_reason);
    CHECK(run.result(id).status == Status::ok);
    CHECK(run.result(id).notes.empty());
  }
  Run one(healthy_scenario(), profile::default_profile(), /*with_before=*/false);
  for (const char* id : {"DROP-HOST", "ECN-IDLE", "ECN-CNP", "RETRANS"}) {
    INFO(id);
    CHECK(one.result(id).status == Status::skipped);
    CHECK(one.result(id).skipped_reason == "needs two samples");
  }
}

}  // namespace roce::test
