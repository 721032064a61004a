// The thread that waits for SIGINT and SIGTERM, and what it cleans up before roce-doctor exits.
#include "util/stop_signals.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "util/exit_codes.hpp"

namespace roce::process {
namespace {

std::atomic<int> g_signal{0};
std::atomic<int> g_finishing{0};  // FinishOnStop scopes alive

// wait_for_stop()'s wake-up: made on first use and never destroyed, as the registry below.
std::mutex& stop_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
std::condition_variable& stop_came() {
  static auto* c = new std::condition_variable;
  return *c;
}

// What the stop thread cleans up: made on first use and never destroyed, so that a signal during
// the exit's static destructors still finds them.
std::mutex& registry_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
std::vector<pid_t>& children() {
  static auto* v = new std::vector<pid_t>;
  return *v;
}
std::vector<std::string>& folders() {
  static auto* v = new std::vector<std::string>;
  return *v;
}

int exit_code_of(int sig) { return sig == SIGINT ? kExitInterrupted : kExitTerminated; }

sigset_t stop_set() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

void say(const char* text) { [[maybe_unused]] const auto n = ::write(STDERR_FILENO, text, std::strlen(text)); }

// Kills every registered child's group and reaps its leader, removes every registered folder, and
// exits. The lock is never released: whoever would register, forget or reap something meanwhile
// waits for the exit (an owner forgets its child before reaping it).
[[noreturn]] void stop_now(int sig) {
  registry_mutex().lock();
  for (const pid_t pid : children()) ::kill(-pid, SIGKILL);
  for (const pid_t pid : children())
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  for (const auto& folder : folders()) {
    std::error_code ec;
    std::filesystem::remove_all(folder, ec);
  }
  say(sig == SIGINT ? "roce-doctor: interrupted (SIGINT)\n" : "roce-doctor: stopped by SIGTERM\n");
  ::_exit(exit_code_of(sig));
}

void wait_for_stop_signals() {
  const sigset_t set = stop_set();
  for (;;) {
    int sig = 0;
    if (::sigwait(&set, &sig) != 0) continue;
    int none = 0;
    const bool first = g_signal.compare_exchange_strong(none, sig);
    if (first && g_finishing.load() > 0) {  // the command ends itself
      { const std::lock_guard lock(stop_mutex()); }
      stop_came().notify_all();
      continue;
    }
    stop_now(g_signal.load());
  }
}

}  // namespace

void handle_stop_signals() {
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  // An ignored signal is dropped even while blocked: sigwait would never see it.
  for (const int sig : {SIGINT, SIGTERM, SIGCHLD}) ::sigaction(sig, &default_action, nullptr);
  const sigset_t set = stop_set();
  ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
  try {
    std::thread(wait_for_stop_signals).detach();
  } catch (const std::system_error&) {
    ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);  // no thread to spare: the signals end us unclean
  }
}

bool stop_requested() { return g_signal.load() != 0; }

int stop_exit_code() {
  const int sig = g_signal.load();
  return sig == 0 ? 0 : exit_code_of(sig);
}

void wait_for_stop() {
  std::unique_lock lock(stop_mutex());
  stop_came().wait(lock, [] { return g_signal.load() != 0; });
}

FinishOnStop::FinishOnStop() { ++g_finishing; }
FinishOnStop::~FinishOnStop() { --g_finishing; }

namespace on_stop {

Registering::Registering() { registry_mutex().lock(); }
Registering::~Registering() { registry_mutex().unlock(); }

void add_child(pid_t pid) { children().push_back(pid); }
void add_folder(const std::string& path) { folders().push_back(path); }

void forget_child(pid_t pid) {
  const std::lock_guard lock(registry_mutex());
  auto& v = children();
  v.erase(std::remove(v.begin(), v.end(), pid), v.end());
}

void forget_folder(const std::string& path) {
  const std::lock_guard lock(registry_mutex());
  auto& v = folders();
  v.erase(std::remove(v.begin(), v.end(), path), v.end());
}

}  // namespace on_stop

}  // namespace roce::process
