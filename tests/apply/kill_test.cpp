// kill -9 of the applying process at every step boundary (the helper SIGKILLs itself there): the
// watchdog, or the next run, restores byte-identical state.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "apply/apply.hpp"
#include "apply/journal.hpp"
#include "child_run.hpp"
#include "fake_system.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;
using test::open_file_system;
using test::slurp;

namespace {

ChildRun run_helper(const std::vector<std::string>& args) { return test::run_child(APPLY_HELPER, args); }

// Waits for the watchdog to finish the journal (it restores as soon as the applier dies).
std::optional<Journal> wait_finished(const std::string& state_dir, std::chrono::milliseconds limit) {
  const auto give_up = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < give_up) {
    auto j = read_journal(journal_path(state_dir));
    if (j && finished(j->state)) return *j;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return std::nullopt;
}

void kill_at_every_boundary(std::uint8_t from, std::uint8_t to, const std::string& expected_clean_outcome) {
  test::TempDir clean;
  const std::string file = clean.path() + "/system.json";
  test::FileSystem::create(file, test::default_objects(from));
  const std::string original = slurp(file);
  ChildRun first = run_helper({"apply", clean.path() + "/state", file, std::to_string(from), std::to_string(to)});
  INFO(first.output);
  REQUIRE(WIFEXITED(first.status));
  REQUIRE(first.output.find("outcome " + expected_clean_outcome) != std::string::npos);
  const std::string applied = slurp(file);
  const auto kept_at = std::find(first.boundaries.begin(), first.boundaries.end(), "kept") - first.boundaries.begin();
  REQUIRE(first.boundaries.size() > 8);

  std::size_t covered = 0, by_watchdog = 0;
  for (std::size_t k = 0; k < first.boundaries.size(); ++k) {
    test::TempDir dir;
    const std::string f = dir.path() + "/system.json";
    test::FileSystem::create(f, test::default_objects(from));
    ChildRun killed = run_helper(
        {"apply", dir.path() + "/state", f, std::to_string(from), std::to_string(to), "kill-at", std::to_string(k)});
    INFO("kill at boundary " << k << " (" << first.boundaries[k] << ")\n" << killed.output);
    REQUIRE(WIFSIGNALED(killed.status));
    REQUIRE(WTERMSIG(killed.status) == SIGKILL);
    REQUIRE(killed.boundaries.size() == k + 1);
    REQUIRE(killed.boundaries[k] == first.boundaries[k]);
    const bool journaled = std::filesystem::exists(journal_path(dir.path() + "/state"));
    const bool watched = std::find(first.boundaries.begin(), first.boundaries.begin() + k + 1, "watchdog") !=
                         first.boundaries.begin() + k + 1;
    if (journaled && watched) {
      auto done = wait_finished(dir.path() + "/state", std::chrono::milliseconds(10000));
      REQUIRE(done);
      if (done->note.find("watchdog") != std::string::npos) ++by_watchdog;
    }
    std::ostringstream log;
    auto recovered = recover_unfinished(open_file_system, dir.path() + "/state", log);
    REQUIRE(recovered.ok());
    if (journaled) {
      auto j = read_journal(journal_path(dir.path() + "/state"));
      REQUIRE(j.ok());
      CHECK(finished(j->state));
    }
    const std::string& expected =
        static_cast<long>(k) > kept_at - 1 && expected_clean_outcome == "kept" ? applied : original;
    CHECK(slurp(f) == expected);
    ++covered;
  }
  CHECK(covered == first.boundaries.size());
  CHECK(by_watchdog > 0);
}

}  // namespace

TEST_CASE("kill -9 at every boundary of an apply that is kept") { kill_at_every_boundary(0, 8, "kept"); }

TEST_CASE("kill -9 at every boundary of an apply that is rolled back") { kill_at_every_boundary(8, 0, "rolled back"); }

TEST_CASE("a hung applier is killed by the watchdog at its deadline, which restores the journal") {
  test::TempDir dir;
  const std::string file = dir.path() + "/system.json";
  test::FileSystem::create(file, test::default_objects(0));
  const std::string original = slurp(file);
  ChildRun first = run_helper({"apply", dir.path() + "/clean", file, "0", "8"});
  const auto written =
      std::find(first.boundaries.begin(), first.boundaries.end(), "written") - first.boundaries.begin();
  test::FileSystem::create(file, test::default_objects(0));
  const auto t0 = std::chrono::steady_clock::now();
  ChildRun hung = run_helper(
      {"apply", dir.path() + "/state", file, "0", "8", "hang-at", std::to_string(written), "grace-ms", "300"});
  INFO(hung.output);
  CHECK(WIFSIGNALED(hung.status));
  CHECK(WTERMSIG(hung.status) == SIGKILL);
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30));
  auto done = wait_finished(dir.path() + "/state", std::chrono::milliseconds(10000));
  REQUIRE(done);
  CHECK(done->state == JournalState::restored);
  CHECK(done->note.find("missed its deadline") != std::string::npos);
  CHECK(slurp(file) == original);
}

TEST_CASE("rollback_last restores a kept apply byte-identically") {
  test::TempDir dir;
  const std::string file = dir.path() + "/system.json";
  test::FileSystem::create(file, test::default_objects(0));
  const std::string original = slurp(file);
  ChildRun run = run_helper({"apply", dir.path() + "/state", file, "0", "8"});
  REQUIRE(run.output.find("outcome kept") != std::string::npos);
  REQUIRE(slurp(file) != original);
  std::ostringstream log;
  auto r = rollback_last(open_file_system, dir.path() + "/state", log);
  INFO(log.str());
  CHECK(r.outcome == ApplyOutcome::rolled_back);
  CHECK(r.restored.size() == 2);
  CHECK(slurp(file) == original);
  auto again = rollback_last(open_file_system, dir.path() + "/state", log);
  CHECK(again.outcome == ApplyOutcome::nothing_to_do);
}

}  // namespace roce::test
