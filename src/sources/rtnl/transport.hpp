#pragma once
// The I/O half of the rtnetlink reader: one NETLINK_ROUTE socket (libmnl), requests out, reply
// messages in. Decoding is elsewhere (pure functions over the bytes this hands out).
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sources/rtnl/attrs.hpp"

struct mnl_socket;

namespace roce::sources::rtnl {

// A request under construction: netlink header, family header, attributes. Length, sequence
// number and port id are filled in when it is sent.
class Request {
 public:
  Request(std::uint16_t type, std::uint16_t flags, const void* family_header, std::size_t size);
  void put(std::uint16_t type, const void* data, std::size_t len);
  void put_string(std::uint16_t type, const std::string& s);  // with its NUL
  std::uint16_t flags() const;
  std::vector<std::uint8_t>& bytes() { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

class NetlinkSocket {
 public:
  // NETLINK_ROUTE, bound to an automatic port id, NETLINK_EXT_ACK on (the kernel then says why
  // it refused), SO_RCVTIMEO = reply_timeout so a hung driver cannot stall the whole collection.
  static Expected<NetlinkSocket> open(std::chrono::milliseconds reply_timeout);

  NetlinkSocket(NetlinkSocket&& other) noexcept;
  NetlinkSocket& operator=(NetlinkSocket&& other) noexcept;
  NetlinkSocket(const NetlinkSocket&) = delete;
  NetlinkSocket& operator=(const NetlinkSocket&) = delete;
  ~NetlinkSocket();

  using OnMessage = std::function<void(Bytes message)>;
  // Sends the request and hands every reply message (ours by sequence number and port id) to
  // on_message until NLMSG_DONE (NLM_F_DUMP requests) or the ACK. A kernel error becomes an Error
  // whose sys_errno is the errno and whose message carries the kernel's extended-ACK text.
  // An interrupted dump (NLM_F_DUMP_INTR) fails with EINTR: the caller may repeat it.
  Outcome transact(Request& request, const OnMessage& on_message);

 private:
  NetlinkSocket(mnl_socket* sock, std::uint32_t portid, std::chrono::milliseconds timeout)
      : sock_(sock), portid_(portid), timeout_(timeout) {}
  mnl_socket* sock_ = nullptr;
  std::uint32_t portid_ = 0;
  std::uint32_t seq_ = 0;
  std::chrono::milliseconds timeout_{};
  std::vector<std::uint8_t> receive_buffer_;  // allocated on first use, reused: sampling runs at 10 Hz
};

}  // namespace roce::sources::rtnl
