#pragma once
// The result lookup that the scenario tests of the checks over two samples share (DROP-LOSSLESS, TRAFFIC-CLASS, PAUSE-
// STORM).
#include "scenario_prelude.hpp"

namespace roce::test {

inline const engine::CheckResult& result(const Run& run, std::string_view id) {
  INFO(run.describe());
  return run.result(id);
}

}  // namespace roce::test
