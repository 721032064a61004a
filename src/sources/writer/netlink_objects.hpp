#pragma once
// One tuner object read or written over rtnetlink, dcbnl and tc, for LinuxSystem: the reads that
// read-modify-write starts with, and the DCB set whose verdict comes in the reply.
#include <cerrno>
#include <cstdint>
#include <string>

#include "model/dcb.hpp"
#include "model/qdisc.hpp"
#include "sources/netlink/socket.hpp"
#include "util/expected.hpp"

namespace roce::sources::writer {

/// A request answered by one message (or only the ACK); errors get `what` ("RTM_GETLINK") as context.
Expected<ByteBuffer> ask(netlink::Socket& sock, netlink::Request& req, const std::string& what);

/// The device's MTU (RTM_GETLINK by name).
Expected<std::uint32_t> read_mtu(netlink::Socket& sock, const std::string& dev);

/// DCB_CMD_IEEE_GET, whole; a driver without dcbnl fails here with EOPNOTSUPP and a hint.
Expected<model::Dcb> read_dcb(netlink::Socket& sock, const std::string& dev);

/// One object of a DCB read: its value, or an error (EOPNOTSUPP when the driver does not report it).
template <class T>
Expected<T> dcb_object(const model::Field<T>& f) {
  if (f.ok()) return *f;
  const bool unsupported = f.availability == model::Availability::unsupported;
  return fail(f.cause, unsupported ? "the driver does not implement this DCB object" : "",
              unsupported ? EOPNOTSUPP : EIO);
}

/// Sends a DCB_CMD_IEEE_SET/DEL and reads the driver's verdict from the reply (dcb_set_reply.hpp):
/// a driver's refusal fails with its errno.
Outcome send_dcb(netlink::Socket& sock, netlink::Request& req, std::uint8_t cmd);

/// The RED qdisc at `parent` of `dev`, with what a replace of it needs.
struct RedAt {
  std::uint32_t ifindex = 0;
  std::uint32_t handle = 0;
  model::RedParams params;
};
/// From an RTM_GETQDISC dump. ENOENT, with a hint, when there is no qdisc at the parent or it is
/// not RED.
Expected<RedAt> read_red(netlink::Socket& sock, const std::string& dev, std::uint32_t parent);

}  // namespace roce::sources::writer
