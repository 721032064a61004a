// libFuzzer target: splitting a receive buffer into messages and the NLMSG_ERROR / NLMSG_DONE
// (extended ACK) decoders the transport applies to every reply.
#include <cstddef>
#include <cstdint>

#include "sources/rtnl/netlink_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace roce::sources::rtnl;
  const Bytes bytes(data, size);
  if (auto messages = split_messages(bytes)) {
    for (Bytes m : *messages) {
      (void)decode_error_message(m);
      (void)decode_done_message(m);
    }
  }
  return 0;
}
