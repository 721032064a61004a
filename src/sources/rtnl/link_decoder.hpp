#pragma once
// Pure decoders for RTM_GETLINK and RTM_GETADDR dump messages (linux/rtnetlink.h, if_link.h,
// if_addr.h), as rtnl_fill_ifinfo() and inet_fill_ifaddr()/inet6_fill_ifaddr() emit them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::rtnl {

// One RTM_NEWLINK message -> a NetDev with name, ifindex, mtu, operstate, mac, carrier_changes
// and stats (IFLA_STATS64, or IFLA_STATS on kernels without it). Fails only when the message
// cannot name its device (garbled header, no IFLA_IFNAME); a bad attribute makes its own Field an
// error, and an attribute stream that breaks off leaves the fields after the break in error.
Expected<model::NetDev> decode_link_message(ByteView msg);

// "up", "down", "lowerlayerdown", ... (IF_OPER_*, lower case as in the model); nullopt if unknown.
std::optional<std::string> operstate_name(std::uint8_t state);

struct AddressEntry {
  std::uint32_t ifindex = 0;
  std::string address;  // "172.19.0.60/24", "fe80::1/64"
};

// One RTM_NEWADDR message -> its address with prefix length (IFA_LOCAL, else IFA_ADDRESS, as ip
// does); nullopt for families other than IPv4 and IPv6.
Expected<std::optional<AddressEntry>> decode_address_message(ByteView msg);

// The interface index of an RTM_NEWADDR message, if its header is readable (to place an error).
std::optional<std::uint32_t> address_message_ifindex(ByteView msg);

// Places the addresses of one RTM_GETADDR dump on the netdevs, by ifindex, in dump order. A
// device without addresses gets an empty list; one whose message does not decode gets an error.
void assign_addresses(std::vector<model::NetDev>& netdevs, const std::vector<ByteBuffer>& messages);

}  // namespace roce::sources::rtnl
