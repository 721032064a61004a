#pragma once
// The one builder of netlink requests, for every bus and family: nlmsghdr, the family header
// (ifinfomsg, dcbmsg, tcmsg, genlmsghdr, ...), then attributes and nests laid out the way the
// kernel's nla_put / nla_nest_start / nla_nest_end lay them out (each padded to 4 bytes, the
// padding counted in the nest and message lengths).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "util/bytes.hpp"

namespace roce::sources::netlink {

class Request {
 public:
  /// nlmsghdr {type, flags | NLM_F_REQUEST}, then `family_header` padded to 4 bytes.
  template <class FamilyHeader>
  Request(std::uint16_t type, std::uint16_t flags, const FamilyHeader& family_header)
      : Request(type, flags, &family_header, sizeof family_header) {
    static_assert(std::is_trivially_copyable_v<FamilyHeader> && !std::is_pointer_v<FamilyHeader>);
  }

  /// One attribute (nla_put); `len` bytes of `data`.
  Request& put(std::uint16_t type, const void* data, std::size_t len);
  Request& put_u8(std::uint16_t type, std::uint8_t v) { return put(type, &v, sizeof v); }
  Request& put_u32(std::uint16_t type, std::uint32_t v) { return put(type, &v, sizeof v); }
  /// A string attribute with its NUL (nla_put_string).
  Request& put_string(std::uint16_t type, std::string_view s);
  /// A UAPI struct carried whole (ieee_pfc, tc_red_qopt, ...).
  template <class T>
  Request& put_struct(std::uint16_t type, const T& v) {
    static_assert(std::is_trivially_copyable_v<T> && !std::is_pointer_v<T>);
    return put(type, &v, sizeof v);
  }

  /// Opens a nest with NLA_F_NESTED set (nla_nest_start); the attributes that follow go in it.
  Request& begin_nest(std::uint16_t type);
  /// Opens a nest without NLA_F_NESTED (nla_nest_start_noflag), as older families expect.
  Request& begin_nest_noflag(std::uint16_t type);
  /// Closes the innermost open nest: its length covers everything put since it opened.
  Request& end_nest();

  std::uint16_t type() const;
  std::uint16_t flags() const;
  /// The message as it stands: nlmsg_len counts every byte; nlmsg_seq is 0 and NLM_F_ACK unset
  /// until a Socket sends it.
  ByteView bytes() const { return bytes_; }

  /// Sets nlmsg_seq and adds `flags`, as a Socket does when it sends the request.
  void stamp(std::uint32_t seq, std::uint16_t flags);

 private:
  Request(std::uint16_t type, std::uint16_t flags, const void* family_header, std::size_t size);
  Request& open_nest(std::uint16_t type_with_flags);
  void append(const void* data, std::size_t len);
  void pad();
  void set_length();

  ByteBuffer bytes_;
  std::vector<std::size_t> nests_;  // offsets of the open nests' headers
};

}  // namespace roce::sources::netlink
