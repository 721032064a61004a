// The watchdog waits on the monotonic clock, never mistakes a poll() error for its deadline, and
// waits for the apply lock as long as the applier holds it.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <thread>

#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/watchdog.hpp"
#include "fake_system.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;
using test::slurp;

namespace {

// A poll() that fails with `err` for the first `failures` calls, then reports input.
PollFunction failing_poll(int err, int failures, int& calls) {
  return [err, failures, &calls](pollfd*, nfds_t, int) {
    if (calls++ < failures) {
      errno = err;
      return -1;
    }
    return 1;
  };
}

}  // namespace

TEST_CASE("watchdog clock: the wall-clock deadline becomes a monotonic one, read once") {
  CHECK(monotonic_deadline(10'000, 4'000, 100) == 6'100);
  // Already past, or exactly now: at once.
  CHECK(monotonic_deadline(4'000, 10'000, 100) == 100);
  CHECK(monotonic_deadline(10'000, 10'000, 100) == 100);
  // The same remaining time whatever the wall clock reads: a step between the applier writing the
  // deadline and the watchdog starting is the only one that can matter.
  const std::int64_t wall = 1'790'000'000'000, grace = 75'000;
  CHECK(monotonic_deadline(wall + grace, wall, 5'000) - 5'000 == grace);
  // Absurd deadlines saturate instead of overflowing.
  CHECK(monotonic_deadline(std::numeric_limits<std::int64_t>::max(), 0, 1'000) ==
        std::numeric_limits<std::int64_t>::max());
  CHECK(monotonic_deadline(std::numeric_limits<std::int64_t>::min(), wall, 7) == 7);
}

TEST_CASE("watchdog clock: poll errors are reported and waited through, not taken for the deadline") {
  int calls = 0;
  std::vector<std::string> reports;
  const auto wake = wait_input(
      0, mono_ms_now() + 60'000, [&](const std::string& r) { reports.push_back(r); }, failing_poll(ENOMEM, 3, calls));
  CHECK(wake == Wake::input);
  CHECK(calls == 4);
  REQUIRE(reports.size() == 1);  // one a minute at most
  CHECK(reports[0].find("Cannot allocate memory") != std::string::npos);
  CHECK(reports[0].find("still waiting") != std::string::npos);
}

TEST_CASE("watchdog clock: EINTR is retried silently") {
  int calls = 0;
  std::vector<std::string> reports;
  const auto wake = wait_input(
      0, mono_ms_now() + 60'000, [&](const std::string& r) { reports.push_back(r); }, failing_poll(EINTR, 5, calls));
  CHECK(wake == Wake::input);
  CHECK(calls == 6);
  CHECK(reports.empty());
}

TEST_CASE("watchdog clock: a poll that always fails still waits for the real deadline") {
  int calls = 0;
  const auto start = mono_ms_now();
  const auto wake = wait_input(0, start + 300, {}, failing_poll(EINVAL, 1'000'000, calls));
  CHECK(wake == Wake::deadline);
  CHECK(mono_ms_now() - start >= 300);
  CHECK(calls > 1);
}

TEST_CASE("watchdog clock: a real pipe: input wakes it, silence reaches the deadline") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const auto start = mono_ms_now();
  CHECK(wait_input(fds[0], start + 100, {}) == Wake::deadline);
  CHECK(mono_ms_now() - start >= 100);
  REQUIRE(::write(fds[1], "f", 1) == 1);
  CHECK(wait_input(fds[0], mono_ms_now() + 10'000, {}) == Wake::input);
  ::close(fds[0]);
  ::close(fds[1]);
}

TEST_CASE("watchdog: waits for the apply lock as long as it is held, then restores") {
  test::TempDir tmp;
  const std::string state = tmp.path() + "/state";
  const std::string file = tmp.path() + "/system.json";
  const auto before = test::default_objects(0), after = test::default_objects(8);
  test::FileSystem::create(file, after);
  auto lock = ApplyLock::acquire(state);  // stands for a hung applier that still holds it
  REQUIRE(lock.ok());

  Journal j;
  j.system = "file:" + file;
  j.state = JournalState::writing;
  j.applier_pid = ::getpid();
  j.applier_command = "test";
  j.started_unix_ms = unix_ms_now();
  j.deadline_unix_ms = j.started_unix_ms + 600'000;
  for (std::size_t i = 0; i < before.size(); ++i)
    j.entries.push_back({before[i].first, before[i].second, after[i].second, false});
  const std::string path = state + "/journal";
  REQUIRE(write_journal(path, j).ok());

  auto spawned = spawn_watchdog({APPLY_HELPER, "__watchdog"}, path, j.deadline_unix_ms);
  REQUIRE(spawned.ok());
  const pid_t pid = spawned->pid();
  spawned->finish(std::chrono::milliseconds(0));  // the notify pipe says "finished"; the journal does not

  std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // a few of its one-second lock attempts
  CHECK(::waitpid(pid, nullptr, WNOHANG) == 0);                  // still waiting
  auto waiting = read_journal(path);
  REQUIRE(waiting.ok());
  CHECK(waiting->state == JournalState::writing);
  CHECK(slurp(state + "/tune.log").find("waiting for the apply lock") != std::string::npos);

  lock->release();
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  INFO(slurp(state + "/tune.log"));
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  auto done = read_journal(path);
  REQUIRE(done.ok());
  CHECK(done->state == JournalState::restored);
  test::FileSystem system(file);
  for (const auto& [object, value] : before) CHECK(system.read(object).value() == value);
}

}  // namespace roce::test
