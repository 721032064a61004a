// libFuzzer target: the devlink shared-buffer reply decoders (pool, port pool, TC bind, port) on
// arbitrary messages.
#include <cstddef>
#include <cstdint>

#include "sources/devlink/devlink_sb_messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace roce::sources::devlink;
  const roce::ByteView msg(data, size);
  // Family 0x15: any id the fuzzer can also put in nlmsg_type.
  (void)decode_sb_pool(msg, 0x15);
  (void)decode_sb_port_pool(msg, 0x15);
  (void)decode_sb_tc_bind(msg, 0x15);
  (void)decode_port(msg, 0x15);
  return 0;
}
