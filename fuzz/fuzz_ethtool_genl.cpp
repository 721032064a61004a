// libFuzzer target: the ethtool genetlink reply decoders (family, link modes, pause) on arbitrary
// datagrams, including NLMSG_ERROR with extack.
#include <cstddef>
#include <cstdint>

#include "sources/ethtool/genl_messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace roce::sources::ethtool;
  const ByteView datagram(data, size);
  // Family 0x14: any id the fuzzer can also put in nlmsg_type.
  (void)decode_family_reply(datagram);
  (void)decode_linkmodes_reply(datagram, 0x14);
  (void)decode_pause_reply(datagram, 0x14);
  return 0;
}
