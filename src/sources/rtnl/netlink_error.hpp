#pragma once
// Decoding of the kernel's answers that end a request: NLMSG_ERROR (an error, or the ACK when its
// error is 0) and NLMSG_DONE (ends a dump, may carry an error). With NETLINK_EXT_ACK the kernel
// appends TLVs after the echoed request: NLMSGERR_ATTR_MSG is its human-readable reason.
#include <cstdint>
#include <optional>
#include <string>

#include "sources/rtnl/attrs.hpp"

namespace roce::sources::rtnl {

struct NetlinkStatus {
  int error = 0;       // 0 or a negative errno
  std::string extack;  // NLMSGERR_ATTR_MSG, may be empty
  std::optional<std::uint32_t> bad_attr_offset;  // NLMSGERR_ATTR_OFFS
};

Expected<NetlinkStatus> decode_error_message(Bytes msg);  // NLMSG_ERROR
Expected<NetlinkStatus> decode_done_message(Bytes msg);   // NLMSG_DONE

// "Operation not supported" or "Invalid argument (kernel: Attribute failed policy validation)".
std::string describe(const NetlinkStatus& status);

}  // namespace roce::sources::rtnl
