#pragma once
// A network namespace for one test: created with ip(8), entered with setns(CLONE_NEWNET) by the
// calling thread, left and deleted on destruction. Needs root.
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace roce::test {

// Runs a shell command; returns its exit status and (optionally) its stdout.
inline int run(const std::string& cmd, std::string* out = nullptr) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return -1;
  std::string text;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, n);
  const int status = pclose(p);
  if (out) *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class Netns {
 public:
  // The name gets this process's id: two test runs at once (the normal and the sanitizer build)
  // never share a namespace.
  explicit Netns(const std::string& name) : name_(name + "-" + std::to_string(::getpid())) {
    run("ip netns del " + name_);  // a leftover from a crashed run with this process id
    std::string out;
    if (run("ip netns add " + name_, &out) != 0) throw std::runtime_error("ip netns add " + name_ + ": " + out);
  }
  ~Netns() {
    leave();
    run("ip netns del " + name_);
  }
  Netns(const Netns&) = delete;
  Netns& operator=(const Netns&) = delete;

  // Runs a command inside the namespace ("ip link add ...", "tc qdisc add ...").
  int exec(const std::string& cmd, std::string* out = nullptr) const {
    return run("ip netns exec " + name_ + " " + cmd, out);
  }

  // Moves this thread into the namespace; sockets opened afterwards belong to it.
  void enter() {
    if (orig_ >= 0) return;
    orig_ = ::open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    const int fd = ::open(("/run/netns/" + name_).c_str(), O_RDONLY | O_CLOEXEC);
    if (orig_ < 0 || fd < 0 || setns(fd, CLONE_NEWNET) != 0) {
      if (fd >= 0) ::close(fd);
      throw std::runtime_error("setns into " + name_ + " failed");
    }
    ::close(fd);
  }
  void leave() {
    if (orig_ < 0) return;
    setns(orig_, CLONE_NEWNET);
    ::close(orig_);
    orig_ = -1;
  }

 private:
  std::string name_;
  int orig_ = -1;
};

}  // namespace roce::test
