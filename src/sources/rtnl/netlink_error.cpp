#include "sources/rtnl/netlink_error.hpp"

#include <cstring>

namespace roce::sources::rtnl {

namespace {

const char* nlmsgerr_attr_name(std::uint16_t type) {
  switch (type) {
    case NLMSGERR_ATTR_MSG: return "NLMSGERR_ATTR_MSG";
    case NLMSGERR_ATTR_OFFS: return "NLMSGERR_ATTR_OFFS";
    case NLMSGERR_ATTR_COOKIE: return "NLMSGERR_ATTR_COOKIE";
    default: return nullptr;
  }
}

// The extended-ACK TLVs are informative: a garbled one is dropped, never fatal.
void read_ext_ack(Bytes tlvs, NetlinkStatus& status) {
  const AttrList list = parse_attrs(tlvs, "extended ACK", nlmsgerr_attr_name);
  if (const Attr* m = list.find(NLMSGERR_ATTR_MSG)) status.extack = read_string(m->payload);
  if (const Attr* o = list.find(NLMSGERR_ATTR_OFFS))
    if (auto off = read_scalar<std::uint32_t>(o->payload, "NLMSGERR_ATTR_OFFS"))
      status.bad_attr_offset = *off;
}

}  // namespace

Expected<NetlinkStatus> decode_error_message(Bytes msg) {
  auto view = view_message(msg, NLMSG_ERROR, sizeof(nlmsgerr), "NLMSG_ERROR");
  if (!view) return fail(std::move(view.error()));
  nlmsgerr err;
  std::memcpy(&err, view->family_header.data(), sizeof err);
  NetlinkStatus status;
  status.error = err.error;
  if (!(view->header.nlmsg_flags & NLM_F_ACK_TLVS)) return status;
  // The echoed request: its header always, its payload unless the kernel capped it.
  std::size_t skip = sizeof(nlmsgerr);
  if (!(view->header.nlmsg_flags & NLM_F_CAPPED) && err.msg.nlmsg_len > sizeof(nlmsghdr))
    skip += err.msg.nlmsg_len - sizeof(nlmsghdr);
  const Bytes body = msg.subspan(sizeof(nlmsghdr), view->header.nlmsg_len - sizeof(nlmsghdr));
  skip = align4(skip);
  if (skip < body.size()) read_ext_ack(body.subspan(skip), status);
  return status;
}

Expected<NetlinkStatus> decode_done_message(Bytes msg) {
  auto view = view_message(msg, NLMSG_DONE, 0, "NLMSG_DONE");
  if (!view) return fail(std::move(view.error()));
  NetlinkStatus status;
  const Bytes body = view->attrs;
  if (body.size() >= sizeof(int)) std::memcpy(&status.error, body.data(), sizeof(int));
  if ((view->header.nlmsg_flags & NLM_F_ACK_TLVS) && body.size() > sizeof(int))
    read_ext_ack(body.subspan(sizeof(int)), status);
  return status;
}

std::string describe(const NetlinkStatus& status) {
  std::string s = std::strerror(status.error < 0 ? -status.error : status.error);
  if (!status.extack.empty()) s += " (kernel: " + status.extack + ")";
  return s;
}

}  // namespace roce::sources::rtnl
