#include "sources/rtnl/transport.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <sys/socket.h>
#include <sys/time.h>
#include <utility>

#include <libmnl/libmnl.h>

#include "sources/rtnl/netlink_error.hpp"

namespace roce::sources::rtnl {

namespace {
// Large enough for any single rtnetlink message (links with many VFs reach tens of KiB).
constexpr std::size_t kReceiveBuffer = 64 * 1024;

Unexpected sys_fail(const std::string& what, int err) {
  return fail(what + ": " + std::strerror(err), {}, err);
}
}  // namespace

Request::Request(std::uint16_t type, std::uint16_t flags, const void* family_header,
                 std::size_t size) {
  nlmsghdr h{};
  h.nlmsg_type = type;
  h.nlmsg_flags = static_cast<std::uint16_t>(flags | NLM_F_REQUEST);
  bytes_.resize(sizeof h + align4(size));
  std::memcpy(bytes_.data(), &h, sizeof h);
  std::memcpy(bytes_.data() + sizeof h, family_header, size);
}

void Request::put(std::uint16_t type, const void* data, std::size_t len) {
  nlattr a{};
  a.nla_type = type;
  a.nla_len = static_cast<std::uint16_t>(sizeof a + len);
  const std::size_t at = bytes_.size();
  bytes_.resize(at + align4(sizeof a + len));
  std::memcpy(bytes_.data() + at, &a, sizeof a);
  if (len) std::memcpy(bytes_.data() + at + sizeof a, data, len);
}

void Request::put_string(std::uint16_t type, const std::string& s) {
  put(type, s.c_str(), s.size() + 1);
}

std::uint16_t Request::flags() const {
  nlmsghdr h;
  std::memcpy(&h, bytes_.data(), sizeof h);
  return h.nlmsg_flags;
}

Expected<NetlinkSocket> NetlinkSocket::open(std::chrono::milliseconds reply_timeout) {
  mnl_socket* sock = mnl_socket_open(NETLINK_ROUTE);
  if (!sock) return sys_fail("rtnetlink: socket(NETLINK_ROUTE)", errno);
  if (mnl_socket_bind(sock, 0, MNL_SOCKET_AUTOPID) < 0) {
    const int err = errno;
    mnl_socket_close(sock);
    return sys_fail("rtnetlink: bind", err);
  }
  // Extended ACK is best effort: kernels before 4.12 lack it and still answer.
  int one = 1;
  mnl_socket_setsockopt(sock, NETLINK_EXT_ACK, &one, sizeof one);
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(reply_timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((reply_timeout.count() % 1000) * 1000);
  if (setsockopt(mnl_socket_get_fd(sock), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0) {
    const int err = errno;
    mnl_socket_close(sock);
    return sys_fail("rtnetlink: setsockopt(SO_RCVTIMEO)", err);
  }
  return NetlinkSocket(sock, mnl_socket_get_portid(sock), reply_timeout);
}

NetlinkSocket::NetlinkSocket(NetlinkSocket&& other) noexcept
    : sock_(std::exchange(other.sock_, nullptr)),
      portid_(other.portid_),
      seq_(other.seq_),
      timeout_(other.timeout_) {}

NetlinkSocket& NetlinkSocket::operator=(NetlinkSocket&& other) noexcept {
  if (this != &other) {
    if (sock_) mnl_socket_close(sock_);
    sock_ = std::exchange(other.sock_, nullptr);
    portid_ = other.portid_;
    seq_ = other.seq_;
    timeout_ = other.timeout_;
  }
  return *this;
}

NetlinkSocket::~NetlinkSocket() {
  if (sock_) mnl_socket_close(sock_);
}

Outcome NetlinkSocket::transact(Request& request, const OnMessage& on_message) {
  const bool dump = (request.flags() & NLM_F_DUMP) == NLM_F_DUMP;
  auto& bytes = request.bytes();
  nlmsghdr h;
  std::memcpy(&h, bytes.data(), sizeof h);
  h.nlmsg_len = static_cast<std::uint32_t>(bytes.size());
  h.nlmsg_seq = ++seq_;
  h.nlmsg_pid = 0;
  if (!dump) h.nlmsg_flags |= NLM_F_ACK;  // dumps end with NLMSG_DONE instead
  std::memcpy(bytes.data(), &h, sizeof h);

  if (mnl_socket_sendto(sock_, bytes.data(), bytes.size()) < 0)
    return sys_fail("rtnetlink: send", errno);

  if (receive_buffer_.empty()) receive_buffer_.resize(kReceiveBuffer);
  auto& buf = receive_buffer_;
  bool interrupted = false;
  for (;;) {
    const ssize_t n = mnl_socket_recvfrom(sock_, buf.data(), buf.size());
    if (n < 0) {
      const int err = errno;
      if (err == EINTR) continue;
      if (err == EAGAIN || err == EWOULDBLOCK)
        return fail("rtnetlink: no reply within " + std::to_string(timeout_.count()) + " ms",
                    "a driver may be hung; other devices were still read", ETIMEDOUT);
      if (err == ENOSPC)  // libmnl's report of MSG_TRUNC
        return fail("rtnetlink: reply larger than " + std::to_string(buf.size()) + " bytes", {},
                    EMSGSIZE);
      return sys_fail("rtnetlink: receive", err);
    }
    auto messages = split_messages(Bytes(buf.data(), static_cast<std::size_t>(n)));
    if (!messages) return fail(std::move(messages.error()));
    for (Bytes msg : *messages) {
      nlmsghdr m;
      std::memcpy(&m, msg.data(), sizeof m);
      if (m.nlmsg_seq != h.nlmsg_seq || (m.nlmsg_pid != 0 && m.nlmsg_pid != portid_))
        continue;  // a late answer to an earlier request that timed out, or not ours
      if (m.nlmsg_flags & NLM_F_DUMP_INTR) interrupted = true;
      if (m.nlmsg_type == NLMSG_NOOP) continue;
      if (m.nlmsg_type == NLMSG_OVERRUN)
        return fail("rtnetlink: the kernel reports a receive overrun", {}, ENOBUFS);
      if (m.nlmsg_type == NLMSG_ERROR || m.nlmsg_type == NLMSG_DONE) {
        auto status =
            m.nlmsg_type == NLMSG_ERROR ? decode_error_message(msg) : decode_done_message(msg);
        if (!status) return fail(std::move(status.error()));
        if (status->error != 0) return fail(describe(*status), {}, -status->error);
        if (interrupted)
          return fail("rtnetlink: dump interrupted by a concurrent change", "repeat the dump",
                      EINTR);
        return done();
      }
      on_message(msg);
    }
  }
}

}  // namespace roce::sources::rtnl
