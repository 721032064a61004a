// kill -9 of an apply on the simulated host at every step boundary: the watchdog, or the next run,
// leaves the host's configuration byte-identical to before (or to the applied one once the journal
// said kept). Two scenarios: incast-headroom-small.toml (the tuner enlarges the lossless buffer)
// and trust-pcp.toml (DSCP entries, then trust: the driver fills and empties the APP table).
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "apply/apply.hpp"
#include "apply/journal.hpp"
#include "child_run.hpp"
#include "sim/sim_system.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;

namespace {

// The model's configuration as text: the clock and the counters move with every wait, the
// configuration only through the tuner's writes.
std::string configuration(const std::string& file) {
  auto model = sim::load_sim_file(file);
  REQUIRE(model.ok());
  model->clock_ns = 0;
  for (auto& p : model->ports) p.counters.clear();
  return sim::render_sim_model(*model);
}

ChildRun run_helper(const std::vector<std::string>& args) { return test::run_child(SIM_APPLY_HELPER, args); }

Expected<std::unique_ptr<system::System>> open_sim(const std::string& spec) {
  if (spec.rfind("sim:", 0) != 0) return fail("not a simulated host: " + spec);
  auto sim = sim::SimSystem::open(spec.substr(4));
  if (!sim) return fail(sim.error());
  return std::unique_ptr<system::System>(std::move(*sim));
}

std::string copy_scenario(const std::string& scenario, const std::string& dir) {
  const std::string file = dir + "/host.toml";
  std::filesystem::copy_file(std::string(ROCE_SOURCE_DIR) + "/examples/sim/" + scenario, file);
  return file;
}

void kill_at_every_boundary(const std::string& scenario, std::size_t changes) {
  test::TempDir clean;
  const std::string file = copy_scenario(scenario, clean.path());
  const std::string original = configuration(file);
  const ChildRun first = run_helper({"apply", clean.path() + "/state", file});
  INFO(scenario << "\n" << first.output);
  REQUIRE(WIFEXITED(first.status));
  REQUIRE(first.output.find("changes " + std::to_string(changes) + "\n") != std::string::npos);
  REQUIRE(first.output.find("outcome kept") != std::string::npos);
  const std::string applied = configuration(file);
  REQUIRE(applied != original);
  const auto kept_at = std::find(first.boundaries.begin(), first.boundaries.end(), "kept") - first.boundaries.begin();
  REQUIRE(kept_at < static_cast<long>(first.boundaries.size()));

  std::size_t covered = 0;
  for (std::size_t k = 0; k < first.boundaries.size(); ++k) {
    test::TempDir dir;
    const std::string f = copy_scenario(scenario, dir.path());
    const std::string state = dir.path() + "/state";
    const ChildRun killed = run_helper({"apply", state, f, "kill-at", std::to_string(k)});
    INFO("kill at boundary " << k << " (" << first.boundaries[k] << ")\n" << killed.output);
    REQUIRE(WIFSIGNALED(killed.status));
    REQUIRE(WTERMSIG(killed.status) == SIGKILL);
    REQUIRE(killed.boundaries.size() == k + 1);
    // The watchdog restores as soon as the applier is gone; wait for it to finish the journal.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::filesystem::exists(journal_path(state)) && std::chrono::steady_clock::now() < give_up) {
      auto j = read_journal(journal_path(state));
      if (j && finished(j->state)) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // The next run: whatever the watchdog left unfinished is restored now.
    std::ostringstream log;
    auto recovered = recover_unfinished(open_sim, state, log);
    REQUIRE(recovered.ok());
    const bool keep = static_cast<long>(k) >= kept_at;
    CHECK(configuration(f) == (keep ? applied : original));
    ++covered;
  }
  CHECK(covered == first.boundaries.size());
}

}  // namespace

TEST_CASE("kill -9 at every boundary of an apply on the simulated host: state restored, or kept as applied") {
  kill_at_every_boundary("incast-headroom-small.toml", 1);
}

TEST_CASE("kill -9 at every boundary of a trust fix (APP entries, then trust): restored byte-identical") {
  kill_at_every_boundary("trust-pcp.toml", 3);
}

TEST_CASE("a kept trust fix, rolled back on request: the configuration is byte-identical to before") {
  test::TempDir dir;
  const std::string file = copy_scenario("trust-pcp.toml", dir.path());
  const std::string original = configuration(file);
  const ChildRun applied = run_helper({"apply", dir.path() + "/state", file});
  INFO(applied.output);
  REQUIRE(applied.output.find("outcome kept") != std::string::npos);
  REQUIRE(configuration(file) != original);
  std::ostringstream log;
  const ApplyResult back = rollback_last(open_sim, dir.path() + "/state", log);
  INFO(log.str());
  CHECK(back.outcome == ApplyOutcome::rolled_back);
  CHECK(configuration(file) == original);
}

}  // namespace roce::test
