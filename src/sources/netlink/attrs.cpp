// The attribute and message walkers of attrs.hpp.
#include "sources/netlink/attrs.hpp"

namespace roce::sources::netlink {

std::string attr_name(std::uint16_t type, AttrNamer namer) {
  if (namer)
    if (const char* n = namer(type)) return n;
  return "attribute " + std::to_string(type);
}

AttrList parse_attrs(ByteView stream, std::string_view where, AttrNamer namer) {
  AttrList list;
  std::size_t off = 0;
  while (off < stream.size()) {
    const std::size_t left = stream.size() - off;
    if (left < sizeof(nlattr)) {
      list.error = std::string(where) + ": " + std::to_string(left) + " trailing bytes at offset " +
                   std::to_string(off) + ", too short for an attribute header";
      return list;
    }
    nlattr h;
    std::memcpy(&h, stream.data() + off, sizeof h);
    const std::uint16_t type = h.nla_type & NLA_TYPE_MASK;
    if (h.nla_len < sizeof(nlattr) || h.nla_len > left) {
      list.error = std::string(where) + ": " + attr_name(type, namer) + " at offset " + std::to_string(off) +
                   ": length " + std::to_string(h.nla_len) +
                   (h.nla_len < sizeof(nlattr) ? " is shorter than its header"
                                               : " overruns the " + std::to_string(left) + " bytes left");
      return list;
    }
    list.attrs.push_back(Attr{type, stream.subspan(off + sizeof(nlattr), h.nla_len - sizeof(nlattr)), off});
    off += align4(h.nla_len);  // the last attribute's padding may be missing
  }
  return list;
}

std::string read_string(ByteView payload) {
  std::size_t n = 0;
  while (n < payload.size() && payload[n] != 0) ++n;
  return std::string(reinterpret_cast<const char*>(payload.data()), n);
}

Expected<MessageView> view_message(ByteView msg, std::uint16_t expected_type, std::size_t family_header_size,
                                   std::string_view what) {
  const std::string w(what);
  if (msg.size() < sizeof(nlmsghdr))
    return fail(w + ": " + std::to_string(msg.size()) + " bytes, too short for a netlink header");
  MessageView v;
  std::memcpy(&v.header, msg.data(), sizeof v.header);
  if (v.header.nlmsg_len < sizeof(nlmsghdr) || v.header.nlmsg_len > msg.size())
    return fail(w + ": nlmsg_len " + std::to_string(v.header.nlmsg_len) + " does not fit the " +
                std::to_string(msg.size()) + " bytes received");
  if (v.header.nlmsg_type != expected_type)
    return fail(w + ": message type " + std::to_string(v.header.nlmsg_type) + ", expected " +
                std::to_string(expected_type));
  const ByteView body = msg.subspan(sizeof(nlmsghdr), v.header.nlmsg_len - sizeof(nlmsghdr));
  if (body.size() < family_header_size)
    return fail(w + ": " + std::to_string(body.size()) + " payload bytes, too short for its " +
                std::to_string(family_header_size) + "-byte header");
  v.family_header = body.first(family_header_size);
  const std::size_t attrs_at = align4(family_header_size);
  v.attrs = attrs_at < body.size() ? body.subspan(attrs_at) : ByteView{};
  return v;
}

Expected<std::vector<ByteView>> split_messages(ByteView buffer) {
  std::vector<ByteView> out;
  std::size_t off = 0;
  while (off < buffer.size()) {
    const std::size_t left = buffer.size() - off;
    if (left < sizeof(nlmsghdr))
      return fail("netlink: " + std::to_string(left) + " trailing bytes at offset " + std::to_string(off) +
                  ", too short for a message header");
    nlmsghdr h;
    std::memcpy(&h, buffer.data() + off, sizeof h);
    if (h.nlmsg_len < sizeof(nlmsghdr) || h.nlmsg_len > left)
      return fail("netlink: message at offset " + std::to_string(off) + ": nlmsg_len " + std::to_string(h.nlmsg_len) +
                  " does not fit the " + std::to_string(left) + " bytes left");
    out.push_back(buffer.subspan(off, h.nlmsg_len));
    off += align4(h.nlmsg_len);
  }
  return out;
}

}  // namespace roce::sources::netlink
