// libFuzzer target: the DCB_CMD_IEEE_GET and DCB_CMD_GDCBX reply decoders.
#include <cstddef>
#include <cstdint>

#include "sources/rtnl/dcb_decoder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const roce::ByteView bytes(data, size);
  (void)roce::sources::rtnl::decode_dcb_ieee_reply(bytes, "ens1f0np0");
  (void)roce::sources::rtnl::decode_dcbx_reply(bytes);
  return 0;
}
