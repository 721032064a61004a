// The rtnetlink reader: one request per call over a netlink::Socket, decoded by the pure decoders.
#include "sources/rtnl/rtnl_reader.hpp"

#include <cerrno>

#include "sources/netlink/uapi.hpp"
#include "sources/rtnl/dcb_decoder.hpp"
#include "sources/rtnl/link_decoder.hpp"
#include "sources/rtnl/qdisc_decoder.hpp"
#include "sources/rtnl/requests.hpp"

namespace roce::sources::rtnl {

namespace {
using model::Availability;
using model::Field;
using netlink::Request;
}  // namespace

Expected<RtnlReader> RtnlReader::open(std::chrono::milliseconds reply_timeout) {
  auto sock = netlink::Socket::open(netlink::Bus::route, reply_timeout);
  if (!sock) return fail(std::move(sock.error()));
  return RtnlReader(std::move(*sock));
}

Expected<std::vector<ByteBuffer>> RtnlReader::dump(Request (*request)()) {
  for (int attempt = 0;; ++attempt) {
    Request req = request();
    auto messages = socket_.dump(req);
    if (messages || messages.error().sys_errno != EINTR || attempt == 2) return messages;
  }
}

Expected<std::vector<model::NetDev>> RtnlReader::dump_links() {
  auto messages = dump(link_dump_request);
  if (!messages) return fail(std::move(messages.error()).context("RTM_GETLINK dump"));
  std::vector<model::NetDev> out;
  out.reserve(messages->size());
  for (const auto& m : *messages) {
    auto nd = decode_link_message(m);
    if (!nd) return fail(std::move(nd.error()).context("RTM_GETLINK dump"));
    out.push_back(std::move(*nd));
  }
  return out;
}

Outcome RtnlReader::fill_addresses(std::vector<model::NetDev>& netdevs) {
  auto messages = dump(address_dump_request);
  if (!messages) {
    for (auto& nd : netdevs)
      nd.addresses = Field<std::vector<std::string>>::missing(
          model::availability_from_errno(messages.error().sys_errno), "RTM_GETADDR dump: " + messages.error().message,
          {"rtnetlink", nd.name + " RTM_GETADDR"});
    return fail(std::move(messages.error()).context("RTM_GETADDR dump"));
  }
  assign_addresses(netdevs, *messages);
  return done();
}

void RtnlReader::read_dcb(model::NetDev& nd) {
  Request ieee = dcb_get_request(nd.name, DCB_CMD_IEEE_GET);
  auto reply = socket_.ask(ieee);
  if (!reply) {
    nd.dcb = dcb_all_missing(model::availability_from_errno(reply.error().sys_errno),
                             "dcbnl: " + nd.name + ": " + reply.error().message, nd.name);
    return;
  }
  auto decoded = decode_dcb_ieee_reply(*reply, nd.name);
  if (!decoded) {
    nd.dcb = dcb_all_missing(Availability::error, "dcbnl: " + nd.name + ": " + decoded.error().message, nd.name);
    return;
  }
  nd.dcb = std::move(*decoded);
  if (nd.dcb.dcbx.ok()) return;

  Request gdcbx = dcb_get_request(nd.name, DCB_CMD_GDCBX);
  const model::Provenance from{"dcbnl", nd.name + " DCB_ATTR_DCBX"};
  reply = socket_.ask(gdcbx);
  if (!reply) {
    nd.dcb.dcbx = Field<std::uint8_t>::missing(model::availability_from_errno(reply.error().sys_errno),
                                               "dcbnl: " + nd.name + ": " + reply.error().message, from);
    return;
  }
  auto dcbx = decode_dcbx_reply(*reply);
  nd.dcb.dcbx =
      dcbx ? Field<std::uint8_t>::of(*dcbx, from)
           : Field<std::uint8_t>::missing(Availability::error, "dcbnl: " + nd.name + ": " + dcbx.error().message, from);
}

Outcome RtnlReader::fill_qdiscs(std::vector<model::NetDev>& netdevs) {
  auto messages = dump(qdisc_dump_request);
  if (!messages) {
    for (auto& nd : netdevs)
      nd.qdiscs = Field<std::vector<model::Qdisc>>::missing(model::availability_from_errno(messages.error().sys_errno),
                                                            "RTM_GETQDISC dump: " + messages.error().message,
                                                            {"tc", nd.name + " RTM_GETQDISC"});
    return fail(std::move(messages.error()).context("RTM_GETQDISC dump"));
  }
  assign_qdiscs(netdevs, *messages);
  return done();
}

}  // namespace roce::sources::rtnl
