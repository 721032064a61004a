#pragma once
// A round's tests grouped into the job steps that run them: one step per pair of hosts, with every
// rail the two test together (a loopback step: one host, all its NICs). What a step says about
// each of its tests is one line on its output, read back by the runner.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fabric/test.hpp"
#include "sweep/observation.hpp"
#include "sweep/plan_file.hpp"

namespace roce::sweep {

struct Step {
  std::vector<std::string> nodes;   // one (loopback tests only) or two host names, sorted
  std::vector<fabric::Test> tests;  // in round order
  /// "gpu001-gpu002", "gpu003": the step's name in file names and progress.
  std::string name() const;
};

/// The steps of a round: tests grouped by the unordered pair of their hosts, in the order of each
/// pair's first test.
std::vector<Step> steps_of(const Plan& plan, const Round& round);

/// "7,8,9": a step's test ids as `sweep step` takes them.
std::string id_list(const std::vector<fabric::Test>& tests);
/// The ids of "7,8,9". Fails naming the part that is not a test id.
Expected<std::vector<std::uint32_t>> parse_id_list(std::string_view text);

/// One side a node plays in a test.
enum class Side : std::uint8_t { client, server, loopback };
const char* to_string(Side side);

/// What a step says about one side of a test: "sweep-step: test 7 client measured",
/// "sweep-step: test 7 client timeout: killed after 70 s", "sweep-step: test 7 server failed: ...".
struct StepReport {
  Side side = Side::client;
  Status status = Status::failed;
  std::string detail;
  bool operator==(const StepReport&) const = default;
};
std::string step_report_line(std::uint32_t id, const StepReport& report);
/// The report lines in a step's output, one per test: the client's (or loopback's), which
/// measured, else the server's, which says why a test had no client result.
std::map<std::uint32_t, StepReport> read_step_reports(std::string_view output);

/// A result file's name in the folder: "r01/t0007-gpu001-mlx5_0-gpu002-mlx5_0.txt".
std::string result_file_name(const Plan& plan, int round, const fabric::Test& test);

}  // namespace roce::sweep
