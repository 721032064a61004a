#include "collect/scratch_netns.hpp"

#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace roce::bench {
namespace {

std::string errno_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// Feeds `commands` to `ip -batch -`, which runs in the namespace this process is in now.
Outcome ip_batch(const std::string& commands) {
  FILE* ip = popen("ip -batch -", "w");
  if (!ip) return fail(errno_text("popen(ip -batch -)"));
  const bool written = fwrite(commands.data(), 1, commands.size(), ip) == commands.size();
  const int status = pclose(ip);
  if (!written || status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return fail("ip -batch failed while creating the veth devices", "is iproute2 installed? are we root?");
  return done();
}

}  // namespace

Expected<ScratchNetns> enter_scratch_netns(int devices, int queues) {
  if (devices < 2 || devices % 2 != 0) return fail("the number of devices must be even and at least 2");
  if (unshare(CLONE_NEWNET | CLONE_NEWNS) != 0)
    return fail(errno_text("unshare(CLONE_NEWNET | CLONE_NEWNS)"), "run as root");

  ScratchNetns ns;
  // Keep our mounts to ourselves, then show this network namespace's devices under /sys.
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
    ns.note = errno_text("mount --make-rprivate /");
  } else if (umount2("/sys", MNT_DETACH) != 0 && errno != EINVAL) {
    ns.note = errno_text("umount /sys");
  } else if (mount("sysfs", "/sys", "sysfs", 0, nullptr) != 0) {
    ns.note = errno_text("mount sysfs /sys");
  } else {
    ns.own_sysfs = true;
  }

  const std::string q =
      queues > 0 ? " numrxqueues " + std::to_string(queues) + " numtxqueues " + std::to_string(queues) : "";
  std::string commands = "link set lo up\n";
  for (int i = 0; i < devices; i += 2) {
    const std::string a = "vb" + std::to_string(i), b = "vb" + std::to_string(i + 1);
    commands += "link add " + a + q + " type veth peer name " + b + q + "\n";
    commands += "link set " + a + " up\nlink set " + b + " up\n";
    ns.devices.push_back(a);
    ns.devices.push_back(b);
  }
  if (auto r = ip_batch(commands); !r) return fail(std::move(r.error()));
  return ns;
}

}  // namespace roce::bench
