#pragma once
// Pure encoders of the requests the live writer sends (linux/rtnetlink.h, if_link.h, dcbnl.h,
// pkt_sched.h), built with the netlink floor's Request. Each returns a Request whose bytes are
// final except nlmsg_seq and NLM_F_ACK, which netlink::Socket::transact fills in when it sends it.
// The reads of read-modify-write use the reader's requests (rtnl/requests.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "model/dcb.hpp"
#include "model/qdisc.hpp"
#include "sources/netlink/request.hpp"

namespace roce::sources::writer {

using netlink::Request;

/// RTM_GETLINK for one device by name (IFLA_IFNAME): the kernel answers one RTM_NEWLINK.
Request encode_get_link(const std::string& ifname);

/// RTM_SETLINK {ifinfomsg index 0, IFLA_IFNAME, IFLA_MTU u32}: `ip link set dev X mtu N`.
Request encode_set_mtu(const std::string& ifname, std::uint32_t mtu);

/// RTM_SETDCB DCB_CMD_IEEE_SET {DCB_ATTR_IFNAME, DCB_ATTR_IEEE {one object}}. The struct is
/// written whole; fields of the model absent from the UAPI struct (none) are zero.
Request encode_dcb_set_pfc(const std::string& ifname, const model::Pfc& pfc);
Request encode_dcb_set_ets(const std::string& ifname, const model::Ets& ets);
Request encode_dcb_set_buffer(const std::string& ifname, const model::Buffer& buffer);
/// DCB_ATTR_DCB_APP_TRUST_TABLE: one u8 per selector, most trusted first, each typed as the
/// kernel's dcbnl_app_attr_type_get() types it (DCB_ATTR_DCB_APP for PCP, DCB_ATTR_IEEE_APP else).
Request encode_dcb_set_apptrust(const std::string& ifname, const std::vector<std::uint8_t>& selectors);

/// DCB_CMD_IEEE_SET (add) or DCB_CMD_IEEE_DEL (remove) of APP entries: DCB_ATTR_IEEE
/// {DCB_ATTR_IEEE_APP_TABLE {struct dcb_app per entry, typed like the apptrust selectors}}.
Request encode_dcb_app(const std::string& ifname, std::uint8_t cmd, const std::vector<model::AppEntry>& entries);

/// The attribute type the kernel expects an APP entry or trust selector of `selector` in.
std::uint16_t app_attr_type(std::uint8_t selector);

/// RTM_NEWQDISC NLM_F_CREATE|NLM_F_REPLACE {tcmsg ifindex/handle/parent, TCA_KIND "red",
/// TCA_OPTIONS {TCA_RED_PARMS, TCA_RED_STAB (256 bytes), TCA_RED_MAX_P if set, TCA_RED_FLAGS}}.
/// The historic flags (ECN, HARDDROP, ADAPTATIVE) travel in tc_red_qopt.flags, which every kernel
/// reads; only a NODROP flag needs TCA_RED_FLAGS (nla_bitfield32, kernel 5.9+), and then the
/// kernel wants qopt.flags zero and all flags in the bitfield.
Request encode_red_replace(std::uint32_t ifindex, std::uint32_t parent, std::uint32_t handle,
                           const model::RedParams& red, const std::vector<std::uint8_t>& stab);

}  // namespace roce::sources::writer
