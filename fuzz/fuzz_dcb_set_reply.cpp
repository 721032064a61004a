// libFuzzer target: the decoder of the RTM_SETDCB reply (the driver's status byte).
#include <cstddef>
#include <cstdint>

#include <linux/dcbnl.h>

#include "sources/writer/dcb_set_reply.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const roce::ByteView bytes(data, size);
  (void)roce::sources::writer::decode_dcb_set_reply(bytes, DCB_CMD_IEEE_SET);
  (void)roce::sources::writer::decode_dcb_set_reply(bytes, DCB_CMD_IEEE_DEL);
  return 0;
}
