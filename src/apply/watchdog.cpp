#include "apply/watchdog.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>
#include <thread>

#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/log.hpp"
#include "apply/restore.hpp"
#include "util/child_process.hpp"

namespace roce::apply {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Waits as long as it takes for the apply lock: a hung or dead applier holds it until its process
// is gone, and restoring while it might still write would be worse than waiting. nullopt: the
// journal was finished, or replaced by a later run (which restores an orphan first), meanwhile.
Expected<std::optional<ApplyLock>> lock_for_restore(const std::string& journal_path, const Journal& watched,
                                                    ApplyLog& log) {
  const std::string state_dir = dir_of(journal_path);
  std::int64_t next_report = 0;
  for (;;) {
    if (auto now = read_journal(journal_path);
        now && (finished(now->state) || now->applier_pid != watched.applier_pid ||
                now->started_unix_ms != watched.started_unix_ms))
      return std::optional<ApplyLock>();
    auto lock = ApplyLock::acquire(state_dir, std::chrono::milliseconds(1000));
    if (lock) return std::optional<ApplyLock>(std::move(*lock));
    if (lock.error().sys_errno != EWOULDBLOCK) return fail(lock.error());
    if (mono_ms_now() >= next_report) {
      log.line("watchdog: waiting for the apply lock to restore (" + lock.error().message +
               "); it is released when that process exits");
      next_report = mono_ms_now() + 60000;
    }
  }
}

// After fork: nothing but async-signal-safe calls (another thread may hold the allocator's lock).
[[noreturn]] void exec_child(char* const* argv, int notify_read, int ready_write) {
  process::reset_signals_after_fork();
  ::setsid();
  ::dup2(notify_read, 0);
  ::dup2(ready_write, 1);
  int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) ::dup2(null, 2);
  for (int fd = 3; fd < 1024; ++fd) ::close(fd);
  ::execv(argv[0], argv);
  ::_exit(127);
}

}  // namespace

std::int64_t mono_ms_now() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

std::int64_t monotonic_deadline(std::int64_t deadline_unix_ms, std::int64_t now_unix_ms, std::int64_t now_mono_ms) {
  if (deadline_unix_ms <= now_unix_ms) return now_mono_ms;
  const std::int64_t left = deadline_unix_ms - now_unix_ms;
  const std::int64_t room = std::numeric_limits<std::int64_t>::max() - now_mono_ms;
  return left > room ? std::numeric_limits<std::int64_t>::max() : now_mono_ms + left;
}

Wake wait_input(int fd, std::int64_t deadline_mono_ms, const ReportLine& report, const PollFunction& poll_fn) {
  std::int64_t next_report = 0;
  long failures = 0;
  for (;;) {
    const std::int64_t left = deadline_mono_ms - mono_ms_now();
    if (left <= 0) return Wake::deadline;
    pollfd p{fd, POLLIN, 0};
    const int rc = poll_fn(&p, 1, static_cast<int>(std::min<std::int64_t>(left, 60000)));
    if (rc > 0) return Wake::input;
    if (rc == 0 || errno == EINTR) continue;
    const int err = errno;
    ++failures;
    if (report && mono_ms_now() >= next_report) {
      report("poll of fd " + std::to_string(fd) + " failed (" + std::strerror(err) + ", " + std::to_string(failures) +
             " times so far); still waiting, the deadline is unchanged");
      next_report = mono_ms_now() + 60000;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min<std::int64_t>(left, 100)));
  }
}

WatchdogHandle& WatchdogHandle::operator=(WatchdogHandle&& o) noexcept {
  if (this != &o) {
    finish(std::chrono::milliseconds(0));
    pid_ = o.pid_;
    notify_fd_ = o.notify_fd_;
    o.pid_ = -1;
    o.notify_fd_ = -1;
  }
  return *this;
}

WatchdogHandle::~WatchdogHandle() { finish(); }

void WatchdogHandle::finish(std::chrono::milliseconds wait) {
  if (notify_fd_ >= 0) {
    const char byte = 'f';
    [[maybe_unused]] auto n = ::write(notify_fd_, &byte, 1);
    close_fd(notify_fd_);
  }
  if (pid_ <= 0) return;
  const auto give_up = std::chrono::steady_clock::now() + wait;
  for (;;) {
    if (::waitpid(pid_, nullptr, WNOHANG) != 0) break;       // reaped, or not our child any more
    if (std::chrono::steady_clock::now() >= give_up) break;  // it lives on in its own session
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  pid_ = -1;
}

Expected<WatchdogHandle> spawn_watchdog(const std::vector<std::string>& command, const std::string& journal_path,
                                        std::int64_t deadline_unix_ms, std::chrono::milliseconds ready_timeout) {
  if (command.empty()) return fail("no watchdog command");
  std::vector<std::string> argv = command;
  argv.insert(argv.end(), {"--journal", journal_path, "--deadline", std::to_string(deadline_unix_ms)});
  int notify[2], ready[2];
  if (::pipe2(notify, O_CLOEXEC) != 0) return fail(std::string("pipe: ") + std::strerror(errno), {}, errno);
  if (::pipe2(ready, O_CLOEXEC) != 0) {
    const int err = errno;
    ::close(notify[0]), ::close(notify[1]);
    return fail(std::string("pipe: ") + std::strerror(err), {}, err);
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) exec_child(args.data(), notify[0], ready[1]);
  ::close(notify[0]);
  ::close(ready[1]);
  if (pid < 0) {
    const int err = errno;
    ::close(notify[1]), ::close(ready[0]);
    return fail(std::string("fork watchdog: ") + std::strerror(err), {}, err);
  }
  WatchdogHandle handle(pid, notify[1]);
  std::string said;
  const std::int64_t give_up = mono_ms_now() + ready_timeout.count();
  while (said.find('\n') == std::string::npos && wait_input(ready[0], give_up, {}) == Wake::input) {
    char buf[64];
    const ssize_t n = ::read(ready[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    said.append(buf, static_cast<std::size_t>(n));
  }
  ::close(ready[0]);
  if (said.rfind("ready\n", 0) != 0) {
    ::kill(pid, SIGKILL);
    handle.finish();
    std::string what = said.empty() ? std::string("no answer") : "it said \"" + said.substr(0, said.find('\n')) + "\"";
    return fail("watchdog " + argv[0] + " did not start: " + what, "nothing was written");
  }
  return handle;
}

int run_watchdog(const std::string& journal_path, std::int64_t deadline_unix_ms, const SystemFactory& open_system) {
  const std::int64_t deadline_mono = monotonic_deadline(deadline_unix_ms, unix_ms_now(), mono_ms_now());
  const std::string state_dir = dir_of(journal_path);
  std::ostringstream sink;
  ApplyLog log(state_dir, sink);
  const ReportLine to_log = [&](const std::string& text) { log.line("watchdog: " + text); };
  auto journal = read_journal(journal_path);
  if (!journal) {
    log.line("watchdog: " + journal.error().message);
    std::printf("error: %s\n", journal.error().message.c_str());
    return 2;
  }
  if (finished(journal->state)) {
    std::printf("error: journal is already %s\n", to_string(journal->state));
    return 2;
  }
  const pid_t applier = static_cast<pid_t>(journal->applier_pid);
  std::fputs("ready\n", stdout);
  std::fflush(stdout);
  if (int null = ::open("/dev/null", O_WRONLY); null >= 0) ::dup2(null, 1), ::close(null);

  std::string why;
  if (wait_input(0, deadline_mono, to_log) == Wake::input) {
    char byte = 0;
    why = ::read(0, &byte, 1) == 1 ? "the applier (pid " + std::to_string(applier) + ") finished"
                                   : "the applier (pid " + std::to_string(applier) + ") died";
  } else {
    // Hung: stop it before touching anything. The notify pipe is still open, so the pid is still
    // the applier's (it cannot have been reused).
    ::kill(applier, SIGKILL);
    wait_input(0, mono_ms_now() + 5000, to_log);
    why = "the applier (pid " + std::to_string(applier) + ") missed its deadline " + utc_time(deadline_unix_ms) +
          " and was killed";
  }
  // A finished journal needs nothing, and the applier may still hold the lock while it waits for us.
  auto lock = lock_for_restore(journal_path, *journal, log);
  if (!lock) {
    log.line("watchdog: cannot take the apply lock: " + lock.error().message +
             (lock.error().hint.empty() ? "" : " (" + lock.error().hint + ")"));
    return 1;
  }
  if (!*lock) return 0;
  journal = read_journal(journal_path);
  if (!journal) {
    log.line("watchdog: " + journal.error().message);
    return 1;
  }
  if (finished(journal->state)) return 0;
  log.line("watchdog: " + why + " leaving the journal " + to_string(journal->state) + "; restoring " +
           std::to_string(journal->entries.size()) + " objects of " + journal->system);
  auto system = open_system(journal->system);
  if (!system) {
    log.line("watchdog: cannot open " + journal->system + ": " + system.error().message);
    return 1;
  }
  journal->state = JournalState::restoring;
  if (auto w = write_journal(journal_path, *journal); !w) log.line("watchdog: " + w.error().message);
  RestoreReport report = restore_entries(**system, journal->entries, log);
  if (!report.ok()) {
    log.line("watchdog: restore incomplete; the journal stays unfinished for the next run");
    return 1;
  }
  journal->state = JournalState::restored;
  journal->note = "restored by the watchdog (pid " + std::to_string(::getpid()) + "): " + why;
  if (auto w = write_journal(journal_path, *journal); !w) {
    log.line("watchdog: " + w.error().message);
    return 1;
  }
  log.line("watchdog: restored " + std::to_string(report.restored.size()) + " objects; " + journal->note);
  return 0;
}

}  // namespace roce::apply
