// The netlink request builder.
#include "sources/netlink/request.hpp"

#include <cassert>
#include <cstring>

#include <linux/netlink.h>

#include "sources/netlink/attrs.hpp"

namespace roce::sources::netlink {

Request::Request(std::uint16_t type, std::uint16_t flags, const void* family_header, std::size_t size) {
  nlmsghdr h{};
  h.nlmsg_type = type;
  h.nlmsg_flags = static_cast<std::uint16_t>(flags | NLM_F_REQUEST);
  append(&h, sizeof h);
  append(family_header, size);
  pad();
  set_length();
}

Request& Request::put(std::uint16_t type, const void* data, std::size_t len) {
  nlattr a{};
  a.nla_type = type;
  a.nla_len = static_cast<std::uint16_t>(sizeof a + len);
  append(&a, sizeof a);
  append(data, len);
  pad();
  set_length();
  return *this;
}

Request& Request::put_string(std::uint16_t type, std::string_view s) {
  nlattr a{};
  a.nla_type = type;
  a.nla_len = static_cast<std::uint16_t>(sizeof a + s.size() + 1);
  append(&a, sizeof a);
  append(s.data(), s.size());
  bytes_.push_back(0);
  pad();
  set_length();
  return *this;
}

Request& Request::begin_nest(std::uint16_t type) { return open_nest(static_cast<std::uint16_t>(type | NLA_F_NESTED)); }

Request& Request::begin_nest_noflag(std::uint16_t type) { return open_nest(type); }

Request& Request::open_nest(std::uint16_t type_with_flags) {
  nests_.push_back(bytes_.size());
  nlattr a{};
  a.nla_type = type_with_flags;
  append(&a, sizeof a);
  set_length();
  return *this;
}

Request& Request::end_nest() {
  assert(!nests_.empty());
  const std::size_t at = nests_.back();
  nests_.pop_back();
  const auto len = static_cast<std::uint16_t>(bytes_.size() - at);
  std::memcpy(bytes_.data() + at + offsetof(nlattr, nla_len), &len, sizeof len);
  return *this;
}

std::uint16_t Request::type() const {
  nlmsghdr h;
  std::memcpy(&h, bytes_.data(), sizeof h);
  return h.nlmsg_type;
}

std::uint16_t Request::flags() const {
  nlmsghdr h;
  std::memcpy(&h, bytes_.data(), sizeof h);
  return h.nlmsg_flags;
}

void Request::stamp(std::uint32_t seq, std::uint16_t flags) {
  nlmsghdr h;
  std::memcpy(&h, bytes_.data(), sizeof h);
  h.nlmsg_seq = seq;
  h.nlmsg_pid = 0;
  h.nlmsg_flags = static_cast<std::uint16_t>(h.nlmsg_flags | flags);
  std::memcpy(bytes_.data(), &h, sizeof h);
}

void Request::append(const void* data, std::size_t len) {
  if (!len) return;
  const auto* p = static_cast<const std::uint8_t*>(data);
  bytes_.insert(bytes_.end(), p, p + len);
}

void Request::pad() { bytes_.resize(align4(bytes_.size()), 0); }

void Request::set_length() {
  const auto len = static_cast<std::uint32_t>(bytes_.size());
  std::memcpy(bytes_.data() + offsetof(nlmsghdr, nlmsg_len), &len, sizeof len);
}

}  // namespace roce::sources::netlink
