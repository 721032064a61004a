// The NLMSG_ERROR / NLMSG_DONE decoders and their extended-ACK TLVs.
#include "sources/netlink/ack.hpp"

#include <cstring>

namespace roce::sources::netlink {

namespace {

// The largest errno the kernel hands out (MAX_ERRNO).
constexpr int kMaxErrno = 4095;

const char* nlmsgerr_attr_name(std::uint16_t type) {
  switch (type) {
    case NLMSGERR_ATTR_MSG: return "NLMSGERR_ATTR_MSG";
    case NLMSGERR_ATTR_OFFS: return "NLMSGERR_ATTR_OFFS";
    case NLMSGERR_ATTR_COOKIE: return "NLMSGERR_ATTR_COOKIE";
    default: return nullptr;
  }
}

// The extended-ACK TLVs are informative: a garbled one is dropped, never fatal.
void read_ext_ack(ByteView tlvs, Ack& ack) {
  const AttrList list = parse_attrs(tlvs, "extended ACK", nlmsgerr_attr_name);
  if (const Attr* m = list.find(NLMSGERR_ATTR_MSG)) ack.extack = read_string(m->payload);
  if (const Attr* o = list.find(NLMSGERR_ATTR_OFFS))
    if (auto off = read_scalar<std::uint32_t>(o->payload, "NLMSGERR_ATTR_OFFS")) ack.bad_attr_offset = *off;
}

Outcome check_error_code(int error, const char* what) {
  if (error <= 0 && error >= -kMaxErrno) return done();
  return fail(std::string(what) + ": invalid error code " + std::to_string(error));
}

}  // namespace

Expected<Ack> decode_error_message(ByteView msg) {
  auto view = view_message(msg, NLMSG_ERROR, sizeof(nlmsgerr), "NLMSG_ERROR");
  if (!view) return fail(std::move(view.error()));
  nlmsgerr err;
  std::memcpy(&err, view->family_header.data(), sizeof err);
  if (auto ok = check_error_code(err.error, "NLMSG_ERROR"); !ok) return fail(std::move(ok.error()));
  Ack ack;
  ack.error = err.error;
  if (!(view->header.nlmsg_flags & NLM_F_ACK_TLVS)) return ack;
  // The echoed request: its header always, its payload unless the kernel capped it.
  std::size_t skip = sizeof(nlmsgerr);
  if (!(view->header.nlmsg_flags & NLM_F_CAPPED) && err.msg.nlmsg_len > sizeof(nlmsghdr))
    skip += err.msg.nlmsg_len - sizeof(nlmsghdr);
  const ByteView body = msg.subspan(sizeof(nlmsghdr), view->header.nlmsg_len - sizeof(nlmsghdr));
  skip = align4(skip);
  if (skip < body.size()) read_ext_ack(body.subspan(skip), ack);
  return ack;
}

Expected<Ack> decode_done_message(ByteView msg) {
  auto view = view_message(msg, NLMSG_DONE, 0, "NLMSG_DONE");
  if (!view) return fail(std::move(view.error()));
  Ack ack;
  const ByteView body = view->attrs;
  if (body.size() >= sizeof(int)) std::memcpy(&ack.error, body.data(), sizeof(int));
  if (auto ok = check_error_code(ack.error, "NLMSG_DONE"); !ok) return fail(std::move(ok.error()));
  if ((view->header.nlmsg_flags & NLM_F_ACK_TLVS) && body.size() > sizeof(int))
    read_ext_ack(body.subspan(sizeof(int)), ack);
  return ack;
}

std::string describe(const Ack& ack) {
  std::string s = std::strerror(-ack.error);
  if (!ack.extack.empty()) s += " (kernel: " + ack.extack + ")";
  return s;
}

Outcome outcome(const Ack& ack) {
  if (ack.error == 0) return done();
  return fail(describe(ack), {}, -ack.error);
}

}  // namespace roce::sources::netlink
