#pragma once
// Builds netlink messages byte by byte to the UAPI (linux/netlink.h, linux/genetlink.h), as the
// kernel lays them out: 16-byte nlmsghdr, 4-byte genlmsghdr, attributes padded to NLA_ALIGNTO.
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace roce::test {

class NlWriter {
 public:
  NlWriter(std::uint16_t type, std::uint16_t flags, std::uint32_t seq, std::uint32_t pid) {
    nlmsghdr h{};
    h.nlmsg_type = type;
    h.nlmsg_flags = flags;
    h.nlmsg_seq = seq;
    h.nlmsg_pid = pid;
    raw(&h, sizeof h);
  }
  NlWriter& genl(std::uint8_t cmd, std::uint8_t version = 1) {
    genlmsghdr g{};
    g.cmd = cmd;
    g.version = version;
    return raw(&g, sizeof g);
  }
  NlWriter& raw(const void* data, std::size_t len) {
    const std::size_t old = bytes_.size();
    bytes_.resize(old + len);
    if (len) std::memcpy(bytes_.data() + old, data, len);
    return *this;
  }
  NlWriter& attr(std::uint16_t type, const void* data, std::size_t len) {
    nlattr a{};
    a.nla_len = static_cast<std::uint16_t>(NLA_HDRLEN + len);
    a.nla_type = type;
    raw(&a, sizeof a);
    raw(data, len);
    return pad();
  }
  NlWriter& u8(std::uint16_t type, std::uint8_t v) { return attr(type, &v, 1); }
  NlWriter& u16(std::uint16_t type, std::uint16_t v) { return attr(type, &v, 2); }
  NlWriter& u32(std::uint16_t type, std::uint32_t v) { return attr(type, &v, 4); }
  NlWriter& u64(std::uint16_t type, std::uint64_t v) { return attr(type, &v, 8); }
  NlWriter& strz(std::uint16_t type, const std::string& s) { return attr(type, s.c_str(), s.size() + 1); }
  NlWriter& begin_nest(std::uint16_t type) {
    nests_.push_back(bytes_.size());
    nlattr a{};
    a.nla_type = static_cast<std::uint16_t>(type | NLA_F_NESTED);
    return raw(&a, sizeof a);
  }
  NlWriter& end_nest() {
    const std::size_t start = nests_.back();
    nests_.pop_back();
    const auto len = static_cast<std::uint16_t>(bytes_.size() - start);
    std::memcpy(bytes_.data() + start, &len, sizeof len);
    return *this;
  }
  std::vector<std::uint8_t> finish() {
    const auto len = static_cast<std::uint32_t>(bytes_.size());
    std::memcpy(bytes_.data(), &len, sizeof len);
    return bytes_;
  }

 private:
  NlWriter& pad() {
    while (bytes_.size() % NLA_ALIGNTO) bytes_.push_back(0);
    return *this;
  }
  std::vector<std::uint8_t> bytes_;
  std::vector<std::size_t> nests_;
};

}  // namespace roce::test
