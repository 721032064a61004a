#pragma once
// The one netlink socket, for NETLINK_ROUTE (links, addresses, dcbnl, tc) and NETLINK_GENERIC
// (ethtool and other generic families): requests out, the reply messages that answer them in,
// the kernel's ACK or error decoded once (ack.hpp). Decoding the replies is the caller's business
// (pure functions over the bytes this hands out).
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "sources/netlink/request.hpp"
#include "util/bytes.hpp"
#include "util/expected.hpp"

struct mnl_socket;

namespace roce::sources::netlink {

/// The netlink bus a socket talks to.
enum class Bus { route, generic };  // NETLINK_ROUTE, NETLINK_GENERIC

class Socket {
 public:
  /// Opens a socket on `bus` in the network namespace current at this moment, bound to an
  /// automatic port id, with NETLINK_EXT_ACK (the kernel says why it refused) and NETLINK_CAP_ACK
  /// (errors do not echo the whole request) when the kernel has them, and SO_RCVTIMEO =
  /// reply_timeout so that a hung driver cannot stall the caller.
  static Expected<Socket> open(Bus bus, std::chrono::milliseconds reply_timeout);

  Socket(Socket&& other) noexcept;
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  ~Socket();

  using OnMessage = std::function<void(ByteView message)>;
  /// Sends the request and hands every reply message (ours by sequence number and port id) to
  /// on_message until NLMSG_DONE (NLM_F_DUMP requests) or the ACK (asked for on every other
  /// request). A kernel error becomes an Error whose sys_errno is the errno and whose message
  /// carries the kernel's extended-ACK text. An interrupted dump (NLM_F_DUMP_INTR) fails with
  /// EINTR: the caller may repeat it.
  Outcome transact(Request& request, const OnMessage& on_message);

  /// A request the kernel answers with one message (a GET of one object): that message, or empty
  /// when the kernel only acknowledged.
  Expected<ByteBuffer> ask(Request& request);

  /// A dump (the request has NLM_F_DUMP): every message of it, in order.
  Expected<std::vector<ByteBuffer>> dump(Request& request);

  /// "rtnetlink" or "genetlink", as messages name the bus.
  const char* bus_name() const;

 private:
  Socket(Bus bus, mnl_socket* sock, std::uint32_t portid, std::chrono::milliseconds timeout)
      : bus_(bus), sock_(sock), portid_(portid), timeout_(timeout) {}
  Bus bus_ = Bus::route;
  mnl_socket* sock_ = nullptr;
  std::uint32_t portid_ = 0;
  std::uint32_t seq_ = 0;
  std::chrono::milliseconds timeout_{};
  ByteBuffer receive_buffer_;  // allocated on first use, reused: sampling runs at 10 Hz
};

}  // namespace roce::sources::netlink
