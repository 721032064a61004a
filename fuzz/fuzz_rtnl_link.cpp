// libFuzzer target: the RTM_NEWLINK and RTM_NEWADDR decoders.
#include <cstddef>
#include <cstdint>

#include "sources/rtnl/link_decoder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const roce::ByteView bytes(data, size);
  (void)roce::sources::rtnl::decode_link_message(bytes);
  (void)roce::sources::rtnl::decode_address_message(bytes);
  return 0;
}
