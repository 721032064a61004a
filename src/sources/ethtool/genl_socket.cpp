#include "sources/ethtool/genl_socket.hpp"

#include <libmnl/libmnl.h>
#include <linux/netlink.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <string>

namespace roce::sources::ethtool {
namespace {

constexpr std::size_t kReceiveBuffer = 64 * 1024;  // compact ethtool replies are well under 1 KiB
constexpr int kTimeoutSeconds = 5;

Unexpected sys_failure(const std::string& what, int err) {
  return fail("genetlink " + what + ": " + std::strerror(err), {}, err);
}

}  // namespace

GenlSocket::~GenlSocket() {
  if (sock_) mnl_socket_close(sock_);
}

Outcome GenlSocket::open() {
  if (sock_) return done();
  mnl_socket* sock = mnl_socket_open(NETLINK_GENERIC);
  if (!sock) return sys_failure("socket", errno);
  int on = 1;
  // Both are optional: without them errors come without the kernel's message.
  (void)mnl_socket_setsockopt(sock, NETLINK_EXT_ACK, &on, sizeof on);
  (void)mnl_socket_setsockopt(sock, NETLINK_CAP_ACK, &on, sizeof on);
  timeval timeout{kTimeoutSeconds, 0};
  if (setsockopt(mnl_socket_get_fd(sock), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout) != 0 ||
      mnl_socket_bind(sock, 0, MNL_SOCKET_AUTOPID) != 0) {
    int err = errno;
    mnl_socket_close(sock);
    return sys_failure("bind", err);
  }
  sock_ = sock;
  portid_ = mnl_socket_get_portid(sock_);
  seq_ = static_cast<std::uint32_t>(time(nullptr));
  return done();
}

Expected<Bytes> GenlSocket::transact(const Bytes& request, std::uint32_t seq) {
  if (!sock_) return fail("genetlink socket is not open");
  if (mnl_socket_sendto(sock_, request.data(), request.size()) < 0) return sys_failure("send", errno);
  Bytes buf(kReceiveBuffer);
  for (;;) {
    ssize_t n = mnl_socket_recvfrom(sock_, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK)
        return fail("genetlink: no reply within " + std::to_string(kTimeoutSeconds) + " s", {}, ETIMEDOUT);
      return sys_failure("receive", errno);
    }
    nlmsghdr head;
    if (static_cast<std::size_t>(n) < sizeof head) continue;
    std::memcpy(&head, buf.data(), sizeof head);
    if (head.nlmsg_seq != seq || head.nlmsg_pid != portid_) continue;  // a late answer to an earlier request
    buf.resize(static_cast<std::size_t>(n));
    return buf;
  }
}

}  // namespace roce::sources::ethtool
