// The decoder of the RTM_SETDCB reply.
#include "sources/writer/dcb_set_reply.hpp"

#include <cstring>
#include <string>

#include "sources/netlink/attrs.hpp"
#include "sources/netlink/uapi.hpp"

namespace roce::sources::writer {

namespace {
const char* set_reply_attr_name(std::uint16_t type) {
  switch (type) {
    case DCB_ATTR_IFNAME: return "DCB_ATTR_IFNAME";
    case DCB_ATTR_IEEE: return "DCB_ATTR_IEEE";
    default: return nullptr;
  }
}
}  // namespace

Expected<int> decode_dcb_set_reply(ByteView msg, std::uint8_t cmd) {
  const std::string what = "RTM_SETDCB reply to command " + std::to_string(cmd);
  auto view = netlink::view_message(msg, RTM_SETDCB, sizeof(dcbmsg), what);
  if (!view) return fail(std::move(view.error()));
  dcbmsg d;
  std::memcpy(&d, view->family_header.data(), sizeof d);
  if (d.cmd != cmd) return fail(what + ": dcbmsg cmd " + std::to_string(d.cmd) + ", expected " + std::to_string(cmd));
  const netlink::AttrList attrs = netlink::parse_attrs(view->attrs, what, set_reply_attr_name);
  const netlink::Attr* status = attrs.find(DCB_ATTR_IEEE);
  if (!status) return fail(attrs.error ? *attrs.error : what + " has no DCB_ATTR_IEEE status");
  auto byte = netlink::read_scalar<std::uint8_t>(status->payload, what + ": DCB_ATTR_IEEE");
  if (!byte) return fail(std::move(byte.error()));
  return *byte == 0 ? 0 : 256 - *byte;
}

}  // namespace roce::sources::writer
