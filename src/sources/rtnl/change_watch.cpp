#include "sources/rtnl/change_watch.hpp"

#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace roce::sources::rtnl {

std::unique_ptr<ChangeWatch> ChangeWatch::open() {
  const int fd = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_ROUTE);
  if (fd < 0) return nullptr;
  sockaddr_nl local{};
  local.nl_family = AF_NETLINK;
  local.nl_groups = RTMGRP_LINK;
  const int dcb = RTNLGRP_DCB;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      ::setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &dcb, sizeof dcb) != 0) {
    ::close(fd);
    return nullptr;
  }
  return std::unique_ptr<ChangeWatch>(new ChangeWatch(fd));
}

ChangeWatch::~ChangeWatch() { ::close(fd_); }

bool ChangeWatch::changed() {
  bool any = false;
  char buf[16384];
  for (;;) {
    const ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
    if (n > 0) {
      any = true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    // ENOBUFS: the kernel dropped notifications, so something changed that we did not see.
    if (n < 0 && errno == ENOBUFS) any = true;
    if (n < 0 && errno == ENOBUFS) continue;
    return any;
  }
}

}  // namespace roce::sources::rtnl
