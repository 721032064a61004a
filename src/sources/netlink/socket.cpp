// The netlink socket: open, send, receive until the ACK or NLMSG_DONE.
#include "sources/netlink/socket.hpp"

#include <sys/socket.h>
#include <sys/time.h>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <string>
#include <utility>

#include <libmnl/libmnl.h>

#include "sources/netlink/ack.hpp"

namespace roce::sources::netlink {

namespace {
// Large enough for any single message (links with many VFs reach tens of KiB).
constexpr std::size_t kReceiveBuffer = 64 * 1024;

const char* name_of(Bus bus) { return bus == Bus::route ? "rtnetlink" : "genetlink"; }

Unexpected sys_fail(Bus bus, const std::string& what, int err) {
  return fail(std::string(name_of(bus)) + ": " + what + ": " + std::strerror(err), {}, err);
}
}  // namespace

Expected<Socket> Socket::open(Bus bus, std::chrono::milliseconds reply_timeout) {
  const int protocol = bus == Bus::route ? NETLINK_ROUTE : NETLINK_GENERIC;
  mnl_socket* sock = mnl_socket_open(protocol);
  if (!sock) return sys_fail(bus, bus == Bus::route ? "socket(NETLINK_ROUTE)" : "socket(NETLINK_GENERIC)", errno);
  if (mnl_socket_bind(sock, 0, MNL_SOCKET_AUTOPID) < 0) {
    const int err = errno;
    mnl_socket_close(sock);
    return sys_fail(bus, "bind", err);
  }
  // Both are best effort: kernels before 4.12 (EXT_ACK) and 4.2 (CAP_ACK) lack them and still answer.
  int one = 1;
  (void)mnl_socket_setsockopt(sock, NETLINK_EXT_ACK, &one, sizeof one);
  (void)mnl_socket_setsockopt(sock, NETLINK_CAP_ACK, &one, sizeof one);
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(reply_timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((reply_timeout.count() % 1000) * 1000);
  if (setsockopt(mnl_socket_get_fd(sock), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0) {
    const int err = errno;
    mnl_socket_close(sock);
    return sys_fail(bus, "setsockopt(SO_RCVTIMEO)", err);
  }
  return Socket(bus, sock, mnl_socket_get_portid(sock), reply_timeout);
}

Socket::Socket(Socket&& other) noexcept
    : bus_(other.bus_),
      sock_(std::exchange(other.sock_, nullptr)),
      portid_(other.portid_),
      seq_(other.seq_),
      timeout_(other.timeout_),
      receive_buffer_(std::move(other.receive_buffer_)) {}

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    if (sock_) mnl_socket_close(sock_);
    bus_ = other.bus_;
    sock_ = std::exchange(other.sock_, nullptr);
    portid_ = other.portid_;
    seq_ = other.seq_;
    timeout_ = other.timeout_;
    receive_buffer_ = std::move(other.receive_buffer_);
  }
  return *this;
}

Socket::~Socket() {
  if (sock_) mnl_socket_close(sock_);
}

const char* Socket::bus_name() const { return name_of(bus_); }

Outcome Socket::transact(Request& request, const OnMessage& on_message) {
  const bool is_dump = (request.flags() & NLM_F_DUMP) == NLM_F_DUMP;
  const std::uint32_t seq = ++seq_;
  request.stamp(seq, is_dump ? 0 : NLM_F_ACK);  // dumps end with NLMSG_DONE instead
  const ByteView bytes = request.bytes();
  if (mnl_socket_sendto(sock_, bytes.data(), bytes.size()) < 0) return sys_fail(bus_, "send", errno);

  if (receive_buffer_.empty()) receive_buffer_.resize(kReceiveBuffer);
  auto& buf = receive_buffer_;
  bool interrupted = false;
  for (;;) {
    const ssize_t n = mnl_socket_recvfrom(sock_, buf.data(), buf.size());
    if (n < 0) {
      const int err = errno;
      if (err == EINTR) continue;
      if (err == EAGAIN || err == EWOULDBLOCK)
        return fail(std::string(bus_name()) + ": no reply within " + std::to_string(timeout_.count()) + " ms",
                    "a driver may be hung; other devices were still read", ETIMEDOUT);
      if (err == ENOSPC)  // libmnl's report of MSG_TRUNC
        return fail(std::string(bus_name()) + ": reply larger than " + std::to_string(buf.size()) + " bytes", {},
                    EMSGSIZE);
      return sys_fail(bus_, "receive", err);
    }
    auto messages = split_messages(ByteView(buf.data(), static_cast<std::size_t>(n)));
    if (!messages) return fail(std::move(messages.error()));
    for (ByteView msg : *messages) {
      nlmsghdr m;
      std::memcpy(&m, msg.data(), sizeof m);
      if (m.nlmsg_seq != seq || (m.nlmsg_pid != 0 && m.nlmsg_pid != portid_))
        continue;  // a late answer to an earlier request that timed out, or not ours
      if (m.nlmsg_flags & NLM_F_DUMP_INTR) interrupted = true;
      if (m.nlmsg_type == NLMSG_NOOP) continue;
      if (m.nlmsg_type == NLMSG_OVERRUN)
        return fail(std::string(bus_name()) + ": the kernel reports a receive overrun", {}, ENOBUFS);
      if (m.nlmsg_type == NLMSG_ERROR || m.nlmsg_type == NLMSG_DONE) {
        auto ack = m.nlmsg_type == NLMSG_ERROR ? decode_error_message(msg) : decode_done_message(msg);
        if (!ack) return fail(std::move(ack.error()));
        if (auto r = outcome(*ack); !r) return r;
        if (interrupted)
          return fail(std::string(bus_name()) + ": dump interrupted by a concurrent change", "repeat the dump", EINTR);
        return done();
      }
      on_message(msg);
    }
  }
}

Expected<ByteBuffer> Socket::ask(Request& request) {
  ByteBuffer reply;
  Outcome r = transact(request, [&](ByteView msg) { reply.assign(msg.begin(), msg.end()); });
  if (!r) return fail(std::move(r.error()));
  return reply;
}

Expected<std::vector<ByteBuffer>> Socket::dump(Request& request) {
  std::vector<ByteBuffer> messages;
  Outcome r = transact(request, [&](ByteView msg) { messages.emplace_back(msg.begin(), msg.end()); });
  if (!r) return fail(std::move(r.error()));
  return messages;
}

}  // namespace roce::sources::netlink
