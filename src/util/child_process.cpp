// Child processes in their own process group, with a deadline; always reaped.
#include "util/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

namespace roce::process {
namespace {

volatile sig_atomic_t g_interrupted = 0;
struct sigaction g_old_int {};
struct sigaction g_old_term {};

void on_interrupt(int) { g_interrupted = 1; }

constexpr auto kPoll = std::chrono::milliseconds(10);
constexpr auto kTermGrace = std::chrono::seconds(2);

// Child side of start(): never returns. Reports a failed exec through the pipe as its errno.
[[noreturn]] void exec_child(const std::vector<std::string>& argv, const std::string& out, const std::string& err,
                             int report_fd) {
  ::setpgid(0, 0);
  const int out_fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const int err_fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int failure = 0;
  if (out_fd < 0 || err_fd < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0) failure = errno;
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (!failure && (null_fd < 0 || ::dup2(null_fd, 0) < 0)) failure = errno;
  if (!failure) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    failure = errno;
  }
  [[maybe_unused]] const auto written = ::write(report_fd, &failure, sizeof failure);
  ::_exit(127);
}

}  // namespace

std::string ChildEnd::describe() const {
  if (interrupted) return "interrupted (its process group was killed)";
  if (timed_out) return "killed after the timeout (its process group was killed)";
  if (exited) return "exited with code " + std::to_string(exit_code);
  return "killed by signal " + std::to_string(signal) + " (" + std::string(strsignal(signal)) + ")";
}

Expected<Child> Child::start(const std::vector<std::string>& argv, const std::string& stdout_path,
                             const std::string& stderr_path) {
  if (argv.empty()) return fail("no command to run");
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) return fail("pipe: " + std::string(std::strerror(errno)), {}, errno);
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int e = errno;
    ::close(report[0]);
    ::close(report[1]);
    return fail("fork for " + argv[0] + ": " + std::strerror(e), {}, e);
  }
  if (pid == 0) exec_child(argv, stdout_path, stderr_path, report[1]);
  ::setpgid(pid, pid);  // also here: the group exists before any kill, whichever runs first
  ::close(report[1]);
  int exec_errno = 0;
  ssize_t n;
  do n = ::read(report[0], &exec_errno, sizeof exec_errno);
  while (n < 0 && errno == EINTR);
  ::close(report[0]);
  Child child(pid);
  if (n == static_cast<ssize_t>(sizeof exec_errno)) {
    child.reap(0);
    return fail("cannot run " + argv[0] + ": " + std::strerror(exec_errno), {}, exec_errno);
  }
  return child;
}

Child::Child(Child&& other) noexcept : pid_(other.pid_), reaped_(other.reaped_), end_(other.end_) {
  other.pid_ = -1;
  other.reaped_ = true;
}

Child::~Child() {
  if (pid_ > 0 && !reaped_) kill_group();
}

bool Child::reap(int options) {
  if (reaped_) return true;
  int status = 0;
  pid_t r;
  do r = ::waitpid(pid_, &status, options);
  while (r < 0 && errno == EINTR && options == 0);
  if (r != pid_) return false;
  reaped_ = true;
  if (WIFEXITED(status)) {
    end_.exited = true;
    end_.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    end_.signal = WTERMSIG(status);
  }
  return true;
}

bool Child::ended() { return reap(WNOHANG); }

ChildEnd Child::kill_group() {
  if (reaped_) return end_;
  ::kill(-pid_, SIGTERM);
  const auto grace = Clock::now() + kTermGrace;
  while (!reap(WNOHANG) && Clock::now() < grace) std::this_thread::sleep_for(kPoll);
  ::kill(-pid_, SIGKILL);  // what is left of the group, the child itself if it ignored SIGTERM
  reap(0);
  return end_;
}

ChildEnd Child::wait_until(Clock::time_point deadline) {
  while (!reap(WNOHANG)) {
    if (InterruptGuard::interrupted()) {
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

InterruptGuard::InterruptGuard() {
  g_interrupted = 0;
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGINT, &sa, &g_old_int);
  ::sigaction(SIGTERM, &sa, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
}

bool InterruptGuard::interrupted() { return g_interrupted != 0; }

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
