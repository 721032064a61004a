// libFuzzer target: the netlink floor's decoders on arbitrary receive buffers: splitting into
// messages, the NLMSG_ERROR / NLMSG_DONE (extended ACK) decoders the socket applies to every
// reply, the attribute walker, and generic netlink's family reply.
#include <cstddef>
#include <cstdint>

#include "sources/netlink/ack.hpp"
#include "sources/netlink/attrs.hpp"
#include "sources/netlink/genl.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace roce::sources::netlink;
  const roce::ByteView bytes(data, size);
  if (auto messages = split_messages(bytes)) {
    for (roce::ByteView m : *messages) {
      (void)decode_error_message(m);
      (void)decode_done_message(m);
      (void)decode_family_reply(m);
      if (m.size() > sizeof(nlmsghdr)) (void)parse_attrs(m.subspan(sizeof(nlmsghdr)), "fuzz");
    }
  }
  return 0;
}
