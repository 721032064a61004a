#pragma once
// A NETLINK_GENERIC socket that sends one request and returns the datagram answering it.
// The socket belongs to the network namespace that is current when open() is called.
#include <cstdint>

#include "sources/ethtool/genl_messages.hpp"
#include "util/expected.hpp"

struct mnl_socket;

namespace roce::sources::ethtool {

class GenlSocket {
 public:
  GenlSocket() = default;
  ~GenlSocket();
  GenlSocket(const GenlSocket&) = delete;
  GenlSocket& operator=(const GenlSocket&) = delete;

  // Opens and binds the socket, with extended ACKs (kernel error messages) and capped ACKs.
  Outcome open();
  std::uint32_t next_seq() { return ++seq_; }
  // Sends a request built with sequence number `seq` and returns the reply with that number
  // (or the kernel's NLMSG_ERROR for it). Gives up after a few seconds without an answer.
  Expected<Bytes> transact(const Bytes& request, std::uint32_t seq);

 private:
  mnl_socket* sock_ = nullptr;
  std::uint32_t portid_ = 0;
  std::uint32_t seq_ = 0;
};

}  // namespace roce::sources::ethtool
