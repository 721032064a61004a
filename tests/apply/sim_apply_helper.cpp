// Runs `tune --apply`'s apply against the simulated host, as a separate process, so the test can
// kill it at every step boundary (test_kill_sim.cpp):
//   sim_apply_helper apply STATE_DIR SIM_FILE [kill-at N [no-watchdog]]
//       plans with the built-in profile, prints every step boundary; kill-at N raises SIGKILL there;
//       no-watchdog leaves no watchdog to restore after it (an unfinished journal for the next run)
//   sim_apply_helper __watchdog --journal FILE --deadline UNIX_MS
#include <signal.h>

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "apply/apply.hpp"
#include "profile/profile.hpp"
#include "sim/sim_system.hpp"
#include "tune/plan.hpp"

using namespace roce;

static Expected<std::unique_ptr<system::System>> open_sim(const std::string& spec) {
  if (spec.rfind("sim:", 0) != 0) return fail("not a simulated host: " + spec);
  auto sim = sim::SimSystem::open(spec.substr(4));
  if (!sim) return fail(sim.error());
  return std::unique_ptr<system::System>(std::move(*sim));
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "__watchdog" && argc == 6) return apply::run_watchdog(argv[3], std::stoll(argv[5]), open_sim);
  const bool no_watchdog = argc == 7 && std::string(argv[6]) == "no-watchdog";
  if (mode != "apply" || (argc != 4 && argc != 6 && !no_watchdog)) {
    std::fprintf(stderr, "usage: sim_apply_helper apply STATE_DIR SIM_FILE [kill-at N [no-watchdog]]\n");
    return 2;
  }
  auto system = open_sim(std::string("sim:") + argv[3]);
  if (!system) {
    std::fprintf(stderr, "%s\n", system.error().message.c_str());
    return 2;
  }
  const long kill_at = argc >= 6 ? std::stol(argv[5]) : -1;
  const auto plan = tune::make_plan((*system)->sample(), profile::default_profile());
  apply::ApplyOptions options;
  options.state_dir = argv[2];
  options.yes = true;
  options.baseline = options.trial = std::chrono::milliseconds(5000);  // simulated time: no real wait
  if (!no_watchdog) options.watchdog_command = {"/proc/self/exe", "__watchdog"};
  long step = 0;
  options.boundary = [&](std::string_view name) {
    std::cout << "boundary " << step << " " << name << std::endl;
    if (step == kill_at) ::raise(SIGKILL);
    ++step;
  };
  std::ostringstream log;
  const auto result = apply::apply_plan(**system, plan.changes, options, log);
  std::cout << "changes " << plan.changes.size() << "\noutcome " << apply::to_string(result.outcome) << ": "
            << result.reason << std::endl;
  return result.outcome == apply::ApplyOutcome::kept ? 0 : 1;
}
