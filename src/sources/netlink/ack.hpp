#pragma once
// The kernel's answers that end a request, on every bus: NLMSG_ERROR (an error, or the ACK when
// its error is 0) and NLMSG_DONE (ends a dump, may carry an error). With NETLINK_EXT_ACK the kernel
// appends TLVs after the echoed request: NLMSGERR_ATTR_MSG is its human-readable reason.
#include <cstdint>
#include <optional>
#include <string>

#include "sources/netlink/attrs.hpp"

namespace roce::sources::netlink {

/// What an NLMSG_ERROR or NLMSG_DONE says.
struct Ack {
  int error = 0;                                 ///< 0 or a negative errno
  std::string extack;                            ///< NLMSGERR_ATTR_MSG, may be empty
  std::optional<std::uint32_t> bad_attr_offset;  ///< NLMSGERR_ATTR_OFFS
};

/// NLMSG_ERROR. Fails when the message is garbled or its error is not 0 or a negative errno; a
/// garbled extended ACK is dropped (the errno survives).
Expected<Ack> decode_error_message(ByteView msg);
/// NLMSG_DONE, the same way.
Expected<Ack> decode_done_message(ByteView msg);

/// "Operation not supported" or "Invalid argument (kernel: Attribute failed policy validation)".
std::string describe(const Ack& ack);

/// done() for an ACK; for a kernel error, an Error with the errno as sys_errno and describe() as
/// its message.
Outcome outcome(const Ack& ack);

}  // namespace roce::sources::netlink
