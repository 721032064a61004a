#include "apply/watchdog.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <thread>

#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/log.hpp"
#include "apply/restore.hpp"

namespace roce::apply {
namespace {

std::string dir_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Waits for input or EOF on fd until the deadline; true if something arrived.
bool wait_readable(int fd, std::int64_t deadline_unix_ms) {
  for (;;) {
    const std::int64_t left = deadline_unix_ms - unix_ms_now();
    if (left <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int rc = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left, 60000)));
    if (rc > 0) return true;
    if (rc < 0 && errno != EINTR) return false;
  }
}

[[noreturn]] void exec_child(const std::vector<std::string>& argv, int notify_read, int ready_write) {
  ::setsid();
  ::dup2(notify_read, 0);
  ::dup2(ready_write, 1);
  int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) ::dup2(null, 2);
  for (int fd = 3; fd < 1024; ++fd) ::close(fd);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  ::execv(args[0], args.data());
  ::_exit(127);
}

}  // namespace

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
    if (::waitpid(pid_, nullptr, WNOHANG) != 0) break;  // reaped, or not our child any more
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
  const pid_t pid = ::fork();
  if (pid == 0) exec_child(argv, notify[0], ready[1]);
  ::close(notify[0]);
  ::close(ready[1]);
  if (pid < 0) {
    const int err = errno;
    ::close(notify[1]), ::close(ready[0]);
    return fail(std::string("fork watchdog: ") + std::strerror(err), {}, err);
  }
  WatchdogHandle handle(pid, notify[1]);
  std::string said;
  const std::int64_t give_up = unix_ms_now() + ready_timeout.count();
  while (said.find('\n') == std::string::npos && wait_readable(ready[0], give_up)) {
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
  const std::string state_dir = dir_of(journal_path);
  std::ostringstream sink;
  ApplyLog log(state_dir, sink);
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
  if (wait_readable(0, deadline_unix_ms)) {
    char byte = 0;
    why = ::read(0, &byte, 1) == 1 ? "the applier (pid " + std::to_string(applier) + ") finished"
                                   : "the applier (pid " + std::to_string(applier) + ") died";
  } else {
    // Hung: stop it before touching anything. The notify pipe is still open, so the pid is still
    // the applier's (it cannot have been reused).
    ::kill(applier, SIGKILL);
    wait_readable(0, unix_ms_now() + 5000);
    why = "the applier (pid " + std::to_string(applier) + ") missed its deadline " + utc_time(deadline_unix_ms) +
          " and was killed";
  }
  // A finished journal needs nothing, and the applier may still hold the lock while it waits for us.
  if (auto now = read_journal(journal_path); now && finished(now->state)) return 0;
  auto lock = ApplyLock::acquire(state_dir, std::chrono::milliseconds(60000));
  if (!lock) {
    log.line("watchdog: cannot take the apply lock: " + lock.error().message);
    return 1;
  }
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
