// Generic netlink: the genlmsghdr and the controller family's GETFAMILY.
#include "sources/netlink/genl.hpp"

#include <cstring>

#include <linux/genetlink.h>

namespace roce::sources::netlink {

namespace {
const char* ctrl_attr_name(std::uint16_t type) {
  switch (type) {
    case CTRL_ATTR_FAMILY_ID: return "CTRL_ATTR_FAMILY_ID";
    case CTRL_ATTR_FAMILY_NAME: return "CTRL_ATTR_FAMILY_NAME";
    default: return nullptr;
  }
}
}  // namespace

Request genl_request(std::uint16_t family, std::uint8_t cmd, std::uint8_t version) {
  genlmsghdr g{};
  g.cmd = cmd;
  g.version = version;
  return Request(family, 0, g);
}

Expected<MessageView> view_genl_message(ByteView msg, std::uint16_t family, std::uint8_t cmd, std::string_view what) {
  auto view = view_message(msg, family, sizeof(genlmsghdr), what);
  if (!view) return view;
  genlmsghdr g;
  std::memcpy(&g, view->family_header.data(), sizeof g);
  if (g.cmd != cmd)
    return fail(std::string(what) + ": genetlink command " + std::to_string(g.cmd) + ", expected " +
                std::to_string(cmd));
  return view;
}

Request family_request(const std::string& name) {
  Request req = genl_request(GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1);
  req.put_string(CTRL_ATTR_FAMILY_NAME, name);
  return req;
}

Expected<std::uint16_t> decode_family_reply(ByteView msg) {
  auto view = view_genl_message(msg, GENL_ID_CTRL, CTRL_CMD_NEWFAMILY, "CTRL_CMD_NEWFAMILY");
  if (!view) return fail(std::move(view.error()));
  const AttrList list = parse_attrs(view->attrs, "CTRL_CMD_NEWFAMILY", ctrl_attr_name);
  if (list.error) return fail(*list.error);
  const Attr* id = list.find(CTRL_ATTR_FAMILY_ID);
  if (!id) return fail("CTRL_ATTR_FAMILY_ID: missing from the reply");
  return read_scalar<std::uint16_t>(id->payload, "CTRL_ATTR_FAMILY_ID");
}

Expected<std::uint16_t> resolve_family(Socket& socket, const std::string& name) {
  Request req = family_request(name);
  auto reply = socket.ask(req);
  if (!reply) return fail(std::move(reply.error()).context("CTRL_CMD_GETFAMILY " + name));
  return decode_family_reply(*reply);
}

}  // namespace roce::sources::netlink
