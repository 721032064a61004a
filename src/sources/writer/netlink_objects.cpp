// Reads of one object, and the DCB set, over the netlink floor.
#include "sources/writer/netlink_objects.hpp"

#include <cstring>

#include <net/if.h>

#include "model/dcb_text.hpp"
#include "sources/netlink/uapi.hpp"
#include "sources/rtnl/dcb_decoder.hpp"
#include "sources/rtnl/link_decoder.hpp"
#include "sources/rtnl/qdisc_decoder.hpp"
#include "sources/rtnl/requests.hpp"
#include "sources/writer/dcb_set_reply.hpp"
#include "sources/writer/write_messages.hpp"

namespace roce::sources::writer {

Expected<ByteBuffer> ask(netlink::Socket& sock, netlink::Request& req, const std::string& what) {
  auto reply = sock.ask(req);
  if (!reply) return fail(std::move(reply.error()).context(what));
  return reply;
}

Expected<std::uint32_t> read_mtu(netlink::Socket& sock, const std::string& dev) {
  Request req = encode_get_link(dev);
  auto reply = ask(sock, req, "RTM_GETLINK");
  if (!reply) return fail(std::move(reply.error()));
  auto nd = rtnl::decode_link_message(*reply);
  if (!nd) return fail(std::move(nd.error()).context("RTM_GETLINK reply"));
  if (!nd->mtu.ok()) return fail("RTM_GETLINK reply: " + nd->mtu.cause, {}, EIO);
  return *nd->mtu;
}

Expected<model::Dcb> read_dcb(netlink::Socket& sock, const std::string& dev) {
  Request req = rtnl::dcb_get_request(dev, DCB_CMD_IEEE_GET);
  auto reply = ask(sock, req, "RTM_GETDCB DCB_CMD_IEEE_GET");
  if (!reply) {
    if (reply.error().sys_errno == EOPNOTSUPP)
      reply.error().hint = "the driver of " + dev + " does not implement DCB (dcbnl)";
    return fail(std::move(reply.error()));
  }
  return rtnl::decode_dcb_ieee_reply(*reply, dev);
}

Outcome send_dcb(netlink::Socket& sock, netlink::Request& req, std::uint8_t cmd) {
  const std::string what =
      std::string("RTM_SETDCB ") + (cmd == DCB_CMD_IEEE_DEL ? "DCB_CMD_IEEE_DEL" : "DCB_CMD_IEEE_SET");
  auto reply = ask(sock, req, what);
  if (!reply) return fail(std::move(reply.error()));
  auto status = decode_dcb_set_reply(*reply, cmd);
  if (!status) return fail(std::move(status.error()).context(what));
  if (*status != 0) return fail(what + ": the driver refused: " + std::strerror(*status), {}, *status);
  return done();
}

Expected<RedAt> read_red(netlink::Socket& sock, const std::string& dev, std::uint32_t parent) {
  const std::uint32_t ifindex = if_nametoindex(dev.c_str());
  if (ifindex == 0) return fail("device " + dev + " does not exist", {}, ENODEV);
  Request req = rtnl::qdisc_dump_request();
  auto messages = sock.dump(req);
  if (!messages) return fail(std::move(messages.error()).context("RTM_GETQDISC dump"));
  for (const auto& m : *messages) {
    if (rtnl::qdisc_message_ifindex(m) != ifindex) continue;
    auto entry = rtnl::decode_qdisc_message(m);
    if (!entry) return fail(std::move(entry.error()).context("RTM_GETQDISC dump"));
    if (entry->qdisc.parent != parent) continue;
    if (entry->qdisc.kind != "red" || !entry->qdisc.red)
      return fail("the qdisc at parent " + model::tc_handle_text(parent) + " is " + entry->qdisc.kind + ", not red", {},
                  ENOENT);
    return RedAt{ifindex, entry->qdisc.handle, *entry->qdisc.red};
  }
  return fail("no RED qdisc at parent " + model::tc_handle_text(parent),
              "create it first, e.g. tc qdisc replace dev " + dev + " parent " + model::tc_handle_text(parent) +
                  " handle <h>: red ...",
              ENOENT);
}

}  // namespace roce::sources::writer
