// `roce-doctor tune` on the simulated host when the state directory holds something to heed: an
// apply that did not finish (its applier killed after its first write, no watchdog left), an apply
// or restore in progress (the lock held), a tune.log that cannot be written. A dry run writes
// nothing and never says the host matches then; an apply refuses before any change.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/sim_system.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {
namespace {

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The model's configuration as text: its clock and counters move with every read of a window.
std::string configuration(const std::string& file) {
  auto model = sim::load_sim_file(file);
  REQUIRE(model.ok());
  model->clock_ns = 0;
  for (auto& p : model->ports) p.counters.clear();
  return sim::render_sim_model(*model);
}

// A copy of examples/sim/ecn-off.toml (the tuner enables ECN on priority 3: one write) and a state
// directory beside it.
struct SimHost {
  TempDir dir{"tune-state"};
  std::string host = dir.path("host.toml");
  std::string state = dir.path("state");
  SimHost() { std::filesystem::copy_file(std::string(ROCE_SIM_EXAMPLES_DIR) + "/ecn-off.toml", host); }
  Run tune(const std::string& args) const {
    return run("--host " + shell_word("sim:" + host) + " tune --state-dir " + shell_word(state) + " " + args);
  }
  // An apply killed right after its write, with no watchdog to restore it.
  void leave_unfinished_apply() const {
    const Run killed = run_process({SIM_APPLY_HELPER, "apply", state, host, "kill-at", "7", "no-watchdog"});
    INFO(killed.out << killed.err);
    REQUIRE(WIFSIGNALED(killed.status));
    REQUIRE(has(killed.out, "boundary 7 read back 0\n"));
  }
};

// Holds STATE/lock as a watchdog restoring a journal would, until destroyed.
class HeldLock {
 public:
  HeldLock(const std::string& state, const std::string& holder_text) {
    fd_ = ::open((state + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    REQUIRE(fd_ >= 0);
    REQUIRE(::flock(fd_, LOCK_EX | LOCK_NB) == 0);
    REQUIRE(::ftruncate(fd_, 0) == 0);
    REQUIRE(::pwrite(fd_, holder_text.data(), holder_text.size(), 0) == static_cast<ssize_t>(holder_text.size()));
  }
  ~HeldLock() { ::close(fd_); }
  HeldLock(const HeldLock&) = delete;
  HeldLock& operator=(const HeldLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace

TEST_CASE("tune: a dry run leaves an unfinished apply alone and says so; --apply restores it first") {
  const SimHost sim;
  const std::string original = configuration(sim.host);
  sim.leave_unfinished_apply();
  const std::string half = configuration(sim.host);
  REQUIRE(half != original);
  const std::string journal = slurp(sim.state + "/journal");

  const Run dry = sim.tune("");
  INFO(dry.out << dry.err);
  CHECK(dry.exit_code == 3);
  CHECK(dry.out.empty());  // no plan, and never "Nothing to change"
  CHECK(has(dry.err, "roce-doctor: an apply did not finish: its journal " + sim.state + "/journal (writing, pid "));
  CHECK(has(dry.err, "a restore puts back ens1f0np0 nic_ecn 3 (back to {\"np\":false,\"rp\":false})"));
  CHECK(has(dry.err, "A dry run writes nothing: it was not restored, and no plan is made on a host left half-way"));
  CHECK(has(dry.err,
            "hint: roce-doctor tune --apply restores it first, then plans and applies; "
            "roce-doctor tune --rollback restores it first"));
  CHECK(configuration(sim.host) == half);
  CHECK(slurp(sim.state + "/journal") == journal);

  const Run json = sim.tune("--json");
  CHECK(json.exit_code == 3);
  const auto doc = nlohmann::json::parse(json.out);
  CHECK(doc["error"]["exit_code"] == 3);
  CHECK(has(doc["error"]["message"].get<std::string>(), "an apply did not finish"));
  CHECK(configuration(sim.host) == half);

  const Run applied = sim.tune("--apply --yes --baseline 1 --trial 1");
  INFO(applied.out << applied.err);
  CHECK((applied.exit_code == 0 || applied.exit_code == 1));
  CHECK(has(applied.err, "recover: restored an unfinished apply (pid "));
  CHECK(has(applied.out, "tune --apply: "));
}

TEST_CASE("tune: while an apply or a watchdog's restore holds the lock, neither a dry run nor --apply plans") {
  const SimHost sim;
  sim.leave_unfinished_apply();
  const std::string half = configuration(sim.host);
  {
    const HeldLock lock(sim.state, "pid 4242\ncommand /usr/bin/roce-doctor __watchdog --journal " + sim.state +
                                       "/journal --deadline 1\nsince 2026-12-07T16:00:00Z\n");
    for (const std::string args : {"", "--apply --yes"}) {
      const Run r = sim.tune(args);
      INFO(args << "\n" << r.out << r.err);
      CHECK(r.exit_code == 3);
      CHECK(r.out.empty());
      CHECK(has(r.err,
                "roce-doctor: a watchdog is restoring an interrupted apply on this host: pid 4242 "
                "(/usr/bin/roce-doctor __watchdog --journal "));
      CHECK(has(r.err, "since 2026-12-07T16:00:00Z; the host is being changed, so nothing is planned now"));
      CHECK(has(r.err, "hint: run roce-doctor tune again once it has finished"));
      CHECK(configuration(sim.host) == half);  // the holder restores, not this run
    }
  }
  const HeldLock apply_lock(sim.state, "pid 4343\ncommand roce-doctor tune --apply\nsince 2026-12-07T16:01:00Z\n");
  CHECK(has(sim.tune("").err, "an apply is in progress on this host: pid 4343 (roce-doctor tune --apply)"));
}

TEST_CASE("tune --apply and --rollback refuse before any change when tune.log cannot be written") {
  const SimHost sim;
  sim.leave_unfinished_apply();
  const std::string half = configuration(sim.host);
  const std::string journal = slurp(sim.state + "/journal");
  // A folder in the file's place: no user, root included, can append to it.
  std::filesystem::remove(sim.state + "/tune.log");
  std::filesystem::create_directory(sim.state + "/tune.log");

  for (const std::string args : {"--apply --yes", "--rollback"}) {
    const Run r = sim.tune(args);
    INFO(args << "\n" << r.out << r.err);
    CHECK(r.exit_code == 3);
    CHECK(has(r.err, "roce-doctor: the tune log " + sim.state +
                         "/tune.log is a directory, so the steps of a change could not be logged\n"));
    CHECK(has(r.err, "hint: nothing was written: make " + sim.state + "/tune.log a file this user can append to"));
    CHECK(configuration(sim.host) == half);  // the unfinished apply is not restored unlogged either
    CHECK(slurp(sim.state + "/journal") == journal);
  }
}

}  // namespace roce::test
