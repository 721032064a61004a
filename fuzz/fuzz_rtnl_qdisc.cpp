// libFuzzer target: the RTM_NEWQDISC decoder (RED/ETS/PRIO/MQPRIO options, stats).
#include <cstddef>
#include <cstdint>

#include "sources/rtnl/qdisc_decoder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const roce::ByteView bytes(data, size);
  (void)roce::sources::rtnl::decode_qdisc_message(bytes);
  (void)roce::sources::rtnl::qdisc_message_ifindex(bytes);
  return 0;
}
