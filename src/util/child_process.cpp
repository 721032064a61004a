// Child processes: spawned in their own process group with a clean signal state, waited for with
// a deadline, always reaped.
#include "util/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "util/stop_signals.hpp"

extern char** environ;

namespace roce::process {
namespace {

constexpr auto kPoll = std::chrono::milliseconds(10);
constexpr auto kTermGrace = std::chrono::seconds(2);

}  // namespace

Expected<pid_t> spawn(const std::vector<std::string>& argv, const Stdio& stdio) {
  if (argv.empty()) return fail("no command to run");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const auto stream = [&](int fd, int target, int null_flags) {
    if (fd >= 0)
      posix_spawn_file_actions_adddup2(&actions, fd, target);
    else
      posix_spawn_file_actions_addopen(&actions, target, "/dev/null", null_flags, 0);
  };
  stream(stdio.in, 0, O_RDONLY);
  stream(stdio.out, 1, O_WRONLY);
  stream(stdio.err, 2, O_WRONLY);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = 0;
  {
    const on_stop::Registering registering;
    rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
    if (rc == 0) on_stop::add_child(pid);
  }
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return fail("cannot run " + argv[0] + ": " + std::strerror(rc), {}, rc);
  return pid;
}

bool reap(pid_t pid, int& status, bool block) {
  siginfo_t info{};
  int rc;
  do rc = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
  while (rc < 0 && errno == EINTR);
  if (rc == 0 && info.si_pid == 0) return false;  // still running
  // Ended: forgotten before it is reaped, so that the stop thread never signals a pid reused.
  on_stop::forget_child(pid);
  status = -1;
  if (rc < 0) return true;  // not our child (any more): nothing to wait for
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return true;
}

void reset_signals_after_fork() {
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &default_action, nullptr);  // fails for KILL, STOP: fine
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

std::string ChildEnd::describe() const {
  if (interrupted) return "interrupted (its process group was killed)";
  if (timed_out) return "killed after the timeout (its process group was killed)";
  if (exited) return "exited with code " + std::to_string(exit_code);
  return "killed by signal " + std::to_string(signal) + " (" + std::string(strsignal(signal)) + ")";
}

Expected<Child> Child::start(const std::vector<std::string>& argv, const std::string& stdout_path,
                             const std::string& stderr_path) {
  Stdio stdio;
  const auto open_output = [](const std::string& path, int& fd) -> Outcome {
    fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return fail("open " + path + ": " + std::strerror(errno), {}, errno);
    return done();
  };
  auto opened = open_output(stdout_path, stdio.out);
  if (opened) opened = open_output(stderr_path, stdio.err);
  Expected<pid_t> pid = opened ? spawn(argv, stdio) : Expected<pid_t>(fail(std::move(opened.error())));
  for (const int fd : {stdio.out, stdio.err})
    if (fd >= 0) ::close(fd);
  if (!pid) return fail(std::move(pid.error()));
  return Child(*pid);
}

Child::Child(Child&& other) noexcept : pid_(other.pid_), reaped_(other.reaped_), end_(other.end_) {
  other.pid_ = -1;
  other.reaped_ = true;
}

Child::~Child() {
  if (pid_ > 0 && !reaped_) kill_group();
}

bool Child::reap(bool block) {
  if (reaped_) return true;
  int status = 0;
  if (!process::reap(pid_, status, block)) return false;
  reaped_ = true;
  if (status == -1) return true;
  if (WIFEXITED(status)) {
    end_.exited = true;
    end_.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    end_.signal = WTERMSIG(status);
  }
  return true;
}

bool Child::ended() { return reap(false); }

ChildEnd Child::kill_group() {
  if (reaped_) return end_;
  ::kill(-pid_, SIGTERM);
  const auto grace = Clock::now() + kTermGrace;
  while (!reap(false) && Clock::now() < grace) std::this_thread::sleep_for(kPoll);
  ::kill(-pid_, SIGKILL);  // what is left of the group, the child itself if it ignored SIGTERM
  reap(true);
  return end_;
}

ChildEnd Child::wait_until(Clock::time_point deadline) {
  while (!reap(false)) {
    if (stop_requested()) {
      kill_group();
      end_.interrupted = true;
      return end_;
    }
    if (Clock::now() >= deadline) {
      kill_group();
      end_.timed_out = true;
      return end_;
    }
    std::this_thread::sleep_for(kPoll);
  }
  return end_;
}

std::string find_in_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
      return candidate;
  }
  return {};
}

std::string tail_of_file(const std::string& path, std::size_t max_lines) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
    if (lines.size() > max_lines) lines.erase(lines.begin());
  }
  while (!lines.empty() && lines.back().find_first_not_of(" \t") == std::string::npos) lines.pop_back();
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

}  // namespace roce::process
