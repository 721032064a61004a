#pragma once
// A throwaway network namespace for the benchmark. The process unshares a new network namespace
// and a new mount namespace with that network namespace's sysfs on /sys (as `ip netns exec` does),
// so that sockets, child processes (ethtool, ip, dcb) and /sys/class/net all see the veth devices.
// Nothing is named or mounted outside the process: the kernel deletes the namespace and its
// devices when the process exits, however it exits (error, signal, SIGKILL).
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::bench {

struct ScratchNetns {
  std::vector<std::string> devices;  // the veth devices, all up: vb0 <-> vb1, vb2 <-> vb3, ...
  bool own_sysfs = false;            // /sys shows this namespace (else sysfs reads see the host's)
  std::string note;                  // why own_sysfs is false
};

// Must be called while the process has a single thread. `devices` is even; `queues` is the number
// of rx/tx queues of each veth (0: the kernel's default), which sets how many statistics it has.
Expected<ScratchNetns> enter_scratch_netns(int devices, int queues);

}  // namespace roce::bench
