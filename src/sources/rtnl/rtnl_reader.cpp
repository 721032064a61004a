#include "sources/rtnl/rtnl_reader.hpp"

#include <cerrno>

#include <linux/dcbnl.h>
#include <linux/if_addr.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "sources/rtnl/dcb_decoder.hpp"
#include "sources/rtnl/link_decoder.hpp"
#include "sources/rtnl/qdisc_decoder.hpp"

namespace roce::sources::rtnl {

namespace {
using model::Availability;
using model::Field;

}  // namespace

Expected<RtnlReader> RtnlReader::open(std::chrono::milliseconds reply_timeout) {
  auto sock = NetlinkSocket::open(reply_timeout);
  if (!sock) return fail(std::move(sock.error()));
  return RtnlReader(std::move(*sock));
}

Outcome RtnlReader::dump(std::uint16_t type, const void* family_header, std::size_t size,
                         std::vector<std::vector<std::uint8_t>>& messages) {
  for (int attempt = 0;; ++attempt) {
    messages.clear();
    Request req(type, NLM_F_DUMP, family_header, size);
    Outcome r = socket_.transact(
        req, [&](Bytes msg) { messages.emplace_back(msg.begin(), msg.end()); });
    if (r || r.error().sys_errno != EINTR || attempt == 2) return r;
  }
}

Expected<std::vector<model::NetDev>> RtnlReader::dump_links() {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  std::vector<std::vector<std::uint8_t>> messages;
  if (auto r = dump(RTM_GETLINK, &ifi, sizeof ifi, messages); !r)
    return fail(std::move(r.error()).context("RTM_GETLINK dump"));
  std::vector<model::NetDev> out;
  out.reserve(messages.size());
  for (const auto& m : messages) {
    auto nd = decode_link_message(m);
    if (!nd) return fail(std::move(nd.error()).context("RTM_GETLINK dump"));
    out.push_back(std::move(*nd));
  }
  return out;
}

Outcome RtnlReader::fill_addresses(std::vector<model::NetDev>& netdevs) {
  ifaddrmsg ifa{};
  ifa.ifa_family = AF_UNSPEC;
  std::vector<std::vector<std::uint8_t>> messages;
  if (auto r = dump(RTM_GETADDR, &ifa, sizeof ifa, messages); !r) {
    for (auto& nd : netdevs)
      nd.addresses = Field<std::vector<std::string>>::missing(
          model::availability_from_errno(r.error().sys_errno),
          "RTM_GETADDR dump: " + r.error().message, {"rtnetlink", nd.name + " RTM_GETADDR"});
    return fail(std::move(r.error()).context("RTM_GETADDR dump"));
  }
  assign_addresses(netdevs, messages);
  return done();
}

void RtnlReader::read_dcb(model::NetDev& nd) {
  dcbmsg d{};
  d.dcb_family = AF_UNSPEC;
  d.cmd = DCB_CMD_IEEE_GET;
  Request ieee(RTM_GETDCB, 0, &d, sizeof d);
  ieee.put_string(DCB_ATTR_IFNAME, nd.name);
  std::vector<std::uint8_t> reply;
  Outcome r = socket_.transact(ieee, [&](Bytes msg) { reply.assign(msg.begin(), msg.end()); });
  if (!r) {
    nd.dcb = dcb_all_missing(model::availability_from_errno(r.error().sys_errno),
                             "dcbnl: " + nd.name + ": " + r.error().message, nd.name);
    return;
  }
  auto decoded = decode_dcb_ieee_reply(reply, nd.name);
  if (!decoded) {
    nd.dcb = dcb_all_missing(Availability::error, "dcbnl: " + nd.name + ": " + decoded.error().message,
                             nd.name);
    return;
  }
  nd.dcb = std::move(*decoded);
  if (nd.dcb.dcbx.ok()) return;

  d.cmd = DCB_CMD_GDCBX;
  Request gdcbx(RTM_GETDCB, 0, &d, sizeof d);
  gdcbx.put_string(DCB_ATTR_IFNAME, nd.name);
  reply.clear();
  const model::Provenance from{"dcbnl", nd.name + " DCB_ATTR_DCBX"};
  r = socket_.transact(gdcbx, [&](Bytes msg) { reply.assign(msg.begin(), msg.end()); });
  if (!r) {
    nd.dcb.dcbx = Field<std::uint8_t>::missing(model::availability_from_errno(r.error().sys_errno),
                                               "dcbnl: " + nd.name + ": " + r.error().message, from);
    return;
  }
  auto dcbx = decode_dcbx_reply(reply);
  nd.dcb.dcbx = dcbx ? Field<std::uint8_t>::of(*dcbx, from)
                     : Field<std::uint8_t>::missing(Availability::error,
                                                    "dcbnl: " + nd.name + ": " + dcbx.error().message,
                                                    from);
}

Outcome RtnlReader::fill_qdiscs(std::vector<model::NetDev>& netdevs) {
  tcmsg t{};
  t.tcm_family = AF_UNSPEC;
  std::vector<std::vector<std::uint8_t>> messages;
  if (auto r = dump(RTM_GETQDISC, &t, sizeof t, messages); !r) {
    for (auto& nd : netdevs)
      nd.qdiscs = Field<std::vector<model::Qdisc>>::missing(
          model::availability_from_errno(r.error().sys_errno),
          "RTM_GETQDISC dump: " + r.error().message, {"tc", nd.name + " RTM_GETQDISC"});
    return fail(std::move(r.error()).context("RTM_GETQDISC dump"));
  }
  assign_qdiscs(netdevs, messages);
  return done();
}

}  // namespace roce::sources::rtnl
