#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "collect/sweeps.hpp"

extern char** environ;

namespace roce::bench {
namespace {

// Starts argv[0] (looked up in PATH) with stdout and stderr on a pipe, reads the pipe to the end
// and waits for the process, as `out=$(cmd 2>&1)` in a script does.
Expected<PipelineSweep::Output> spawn_and_read(std::vector<std::string> args) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return fail(std::string("pipe2: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int err = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (err != 0) {
    close(fds[0]);
    return fail("posix_spawnp " + args[0] + ": " + std::strerror(err));
  }
  PipelineSweep::Output out;
  char buf[16384];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0)
      out.text.append(buf, static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR)
      break;
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return fail("waitpid " + args[0] + ": " + std::strerror(errno));
  out.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

}  // namespace

Outcome PipelineSweep::run() {
  ethtool_s.clear();
  ip_link.clear();
  dcb_pfc.clear();
  for (const auto& dev : devices_) {
    auto e = spawn_and_read({"ethtool", "-S", dev});
    auto l = spawn_and_read({"ip", "-s", "-d", "link", "show", "dev", dev});
    auto d = spawn_and_read({"dcb", "pfc", "show", "dev", dev});
    if (!e) return fail(std::move(e.error()));
    if (!l) return fail(std::move(l.error()));
    if (!d) return fail(std::move(d.error()));
    spawned += 3;
    ethtool_s.push_back(std::move(*e));
    ip_link.push_back(std::move(*l));
    dcb_pfc.push_back(std::move(*d));
  }
  return done();
}

}  // namespace roce::bench
