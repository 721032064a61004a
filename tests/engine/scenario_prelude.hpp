#pragma once
// What every check scenario test (checks_<check>_test.cpp) opens with: Catch2, the host builder,
// the names the scenarios spell, and the lookups of a check's only finding and of a finding's
// evidence by name.
#include <catch2/catch.hpp>

#include <string_view>

#include "host_builder.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

/// The only finding of check `id` in `run`; fails the test, saying the run's findings, if there is
/// none or more than one.
inline const engine::Finding& only_finding(const Run& run, std::string_view id) {
  const auto& r = run.result(id);
  INFO(run.describe());
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

/// The evidence of `f` named `name`, or null.
inline const engine::Evidence* find_evidence(const engine::Finding& f, std::string_view name) {
  for (const auto& e : f.evidence)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace roce::test
