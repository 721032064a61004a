// libFuzzer target: the ethtool genetlink reply decoders (link modes, pause, module EEPROM) and the
// module EEPROM decoder on arbitrary bytes.
#include <cstddef>
#include <cstdint>

#include "sources/ethtool/genl_messages.hpp"
#include "sources/ethtool/module_eeprom.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace roce::sources::ethtool;
  const roce::ByteView msg(data, size);
  // Family 0x14: any id the fuzzer can also put in nlmsg_type.
  (void)decode_linkmodes_reply(msg, 0x14);
  (void)decode_pause_reply(msg, 0x14);
  (void)decode_module_eeprom_reply(msg, 0x14, 128);
  if (auto module = decode_module_eeprom(msg)) (void)module_cable_field(*module, {"fuzz", "input"});
  return 0;
}
