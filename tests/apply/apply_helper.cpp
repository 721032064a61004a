// Runs an apply, its watchdog or a recovery against a FileSystem, as separate processes do:
//   apply_helper apply STATE_DIR FILE FROM_PFC TO_PFC [kill-at N | hang-at N] [grace-ms MS]
//       prints every step boundary on stdout; kill-at N raises SIGKILL at the N-th, hang-at N
//       sleeps forever there
//   apply_helper __watchdog --journal FILE --deadline UNIX_MS
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "apply/apply.hpp"
#include "fake_system.hpp"

using namespace roce;

static Expected<std::unique_ptr<system::System>> open_file_system(const std::string& spec) {
  if (spec.rfind("file:", 0) != 0) return fail("not a file system: " + spec);
  return std::unique_ptr<system::System>(std::make_unique<test::FileSystem>(spec.substr(5)));
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "__watchdog" && argc == 6) return apply::run_watchdog(argv[3], std::stoll(argv[5]), open_file_system);
  if (mode != "apply" || argc < 6) {
    std::fprintf(stderr, "usage: apply_helper apply STATE_DIR FILE FROM TO [kill-at N|hang-at N] [grace-ms MS]\n");
    return 2;
  }
  test::FileSystem system(argv[3]);
  const auto from = static_cast<std::uint8_t>(std::stoi(argv[4]));
  const auto to = static_cast<std::uint8_t>(std::stoi(argv[5]));
  long kill_at = -1, hang_at = -1, grace_ms = 60000;
  for (int i = 6; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "kill-at") kill_at = std::stol(argv[i + 1]);
    if (key == "hang-at") hang_at = std::stol(argv[i + 1]);
    if (key == "grace-ms") grace_ms = std::stol(argv[i + 1]);
  }
  apply::ApplyOptions options;
  options.state_dir = argv[2];
  options.yes = true;
  options.baseline = options.trial = std::chrono::milliseconds(1000);  // simulated time
  options.watchdog_grace = std::chrono::milliseconds(grace_ms);
  options.watchdog_command = {"/proc/self/exe", "__watchdog"};
  long step = 0;
  options.boundary = [&](std::string_view name) {
    std::cout << "boundary " << step << " " << name << std::endl;
    if (step == kill_at) ::raise(SIGKILL);
    if (step == hang_at)
      for (;;) ::pause();
    ++step;
  };
  std::ostringstream log;
  auto result = apply::apply_plan(system, test::pfc_plan(from, to), options, log);
  std::cout << "outcome " << apply::to_string(result.outcome) << ": " << result.reason << std::endl;
  return result.outcome == apply::ApplyOutcome::kept || result.outcome == apply::ApplyOutcome::rolled_back ? 0 : 1;
}
