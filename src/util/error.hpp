#pragma once
// Errors that reach the user: what failed, where (device, file:line, netlink attribute), and a hint.
#include <string>
#include <utility>

namespace roce {

struct Error {
  std::string message;  // "read /sys/class/infiniband/mlx5_0/ports/1/state: No such file or directory"
  std::string hint;     // "is the mlx5_ib module loaded?" (may be empty)
  int sys_errno = 0;    // errno or -errno from the kernel, 0 when not a system error

  // Prefixes context: Error{"EINVAL"}.context("dcb pfc of ens1f0") -> "dcb pfc of ens1f0: EINVAL".
  Error context(const std::string& what) && {
    message = what + ": " + message;
    return std::move(*this);
  }
  // "MESSAGE (hint: HINT)", for outcomes reported as one sentence.
  std::string with_hint() const { return hint.empty() ? message : message + " (hint: " + hint + ")"; }
};

}  // namespace roce
