#pragma once
// The plan file of a sweep (sweep-plan.json, "format": "roce-doctor-sweep-plan", schema_version
// 1): the fabric, how each test runs, the rounds. `sweep plan` writes it, `sweep run` reads it and
// adds the adaptive rounds to its copy in the results folder, and every `sweep step` reads that
// copy. Read back strictly: a wrong type, a missing or unknown key, a name the fabric does not
// hold fails with the JSON path of the value ("sweep-plan.json: $.rounds[1].tests[4].client_dev:
// ...").
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fabric/fabric.hpp"
#include "sweep/plan.hpp"
#include "util/expected.hpp"

namespace roce::sweep {

inline constexpr const char* kPlanFormat = "roce-doctor-sweep-plan";
inline constexpr int kPlanSchemaVersion = 1;
inline constexpr const char* kPlanFileName = "sweep-plan.json";

/// How each test runs (perftest's flags through `bw --run`) and how many rounds a sweep may take.
struct TestSettings {
  int round_limit = 0;              // coverage and adaptive rounds together
  std::string test = "write";       // write | read | send
  std::uint64_t size = 1048576;     // bytes per message
  std::uint32_t duration_s = 10;    // seconds of traffic
  std::uint32_t qps = 1;            // queue pairs
  std::uint32_t timeout_s = 70;     // a test still running after this is killed and recorded as timed out
  std::uint32_t base_port = 18516;  // test N's TCP port is base_port + N % kPortSpan
  bool operator==(const TestSettings&) const = default;
};

/// Ports a sweep's tests take, from base_port up: tests of one round never share one.
inline constexpr std::uint32_t kPortSpan = 10000;

/// The TCP port of a test's perftest exchange.
inline std::uint32_t port_of(const TestSettings& settings, const fabric::Test& test) {
  return settings.base_port + test.id % kPortSpan;
}

struct Plan {
  fabric::Fabric fabric;
  TestSettings settings;
  std::vector<Round> rounds;               // coverage first, then the adaptive rounds run so far
  std::vector<fabric::HostRail> unpaired;  // NICs the coverage left without a partner
  bool operator==(const Plan&) const = default;
};

/// The plan as JSON text (two-space indents, one test per line).
std::string plan_to_json(const Plan& plan);

/// A plan from JSON text; `file` names it in errors. Never throws.
Expected<Plan> plan_from_json(std::string_view text, const std::string& file);

/// Writes the plan with util::write_file_atomically.
roce::Outcome write_plan(const std::string& path, const Plan& plan);
/// Reads a plan file (util::read_file, then plan_from_json).
Expected<Plan> read_plan(const std::string& path);

/// The test with this id, in any round; null when there is none.
const fabric::Test* find_test(const Plan& plan, std::uint32_t id);
/// The round (1-based) holding the test with this id; 0 when none does.
int round_of_test(const Plan& plan, std::uint32_t id);

}  // namespace roce::sweep
