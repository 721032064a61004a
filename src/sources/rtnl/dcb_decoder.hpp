#pragma once
// Pure decoders for the kernel's RTM_GETDCB answers (net/dcb/dcbnl.c, linux/dcbnl.h).
// DCB_CMD_IEEE_GET is answered by dcbnl_ieee_fill(): DCB_ATTR_IFNAME, then the DCB_ATTR_IEEE nest
// holding one attribute per object the driver implements (ETS, MAXRATE, PFC, DCB_BUFFER, the
// APP_TABLE nest, the APP_TRUST_TABLE nest, peer objects), then DCB_ATTR_DCBX if the driver has
// getdcbx. An object the driver does not implement is simply absent from the nest.
#include <cstdint>
#include <string>

#include "model/dcb.hpp"
#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::rtnl {

// The DCB_CMD_IEEE_GET reply for `ifname` -> every Dcb field. Fails only when the message is not
// such a reply (garbled header, another command, another device). Inside it each object stands
// alone: present; `unsupported` when the driver did not put it ("driver does not report
// DCB_ATTR_DCB_BUFFER"); `error` naming the attribute when it is malformed ("DCB_ATTR_IEEE_PFC:
// 12 bytes, expected 136") or when the nest broke off before it. maxrate is converted from the
// UAPI's kbit/s to bit/s. dcbx is read from DCB_ATTR_DCBX when the kernel appended it.
Expected<model::Dcb> decode_dcb_ieee_reply(ByteView msg, const std::string& ifname);

// The DCB_CMD_GDCBX reply -> the DCB_CAP_DCBX_* bits.
Expected<std::uint8_t> decode_dcbx_reply(ByteView msg);

// A Dcb whose every field is missing for the same reason (the request itself failed).
model::Dcb dcb_all_missing(model::Availability availability, const std::string& cause, const std::string& ifname);

}  // namespace roce::sources::rtnl
