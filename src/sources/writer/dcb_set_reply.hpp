#pragma once
// Pure decoder of the kernel's answer to RTM_SETDCB DCB_CMD_IEEE_SET / DCB_CMD_IEEE_DEL.
// dcbnl_ieee_set()/dcbnl_ieee_del() do not fail the netlink request when the driver refuses:
// the ACK says success and the reply carries the driver's result as DCB_ATTR_IEEE, a u8 holding
// the low byte of the negative errno (-EINVAL -> 234). So the reply must be read, not just the ACK.
#include <cstdint>

#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::writer {

// The driver's status from the reply to `cmd`: 0, or the positive errno it refused with.
// Fails (naming what is wrong) when the message is not such a reply or DCB_ATTR_IEEE is missing
// or not one byte.
Expected<int> decode_dcb_set_reply(ByteView msg, std::uint8_t cmd);

}  // namespace roce::sources::writer
