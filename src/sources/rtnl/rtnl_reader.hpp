#pragma once
// Reads links, addresses, DCB (dcbnl) and tc qdiscs over rtnetlink. Each call is one request;
// the decoders it uses are pure (link_decoder, dcb_decoder, qdisc_decoder) and tested alone.
#include <chrono>
#include <vector>

#include "model/host.hpp"
#include "sources/netlink/socket.hpp"
#include "util/expected.hpp"

namespace roce::sources::rtnl {

class RtnlReader {
 public:
  // Per-request receive timeout: one hung driver cannot stall the collection.
  static constexpr std::chrono::milliseconds kDefaultTimeout{2000};

  // A NETLINK_ROUTE socket (netlink::Socket), extended ACK enabled, receive timeout set.
  static Expected<RtnlReader> open(std::chrono::milliseconds reply_timeout = kDefaultTimeout);

  // One RTM_GETLINK dump: name, ifindex, mtu, operstate ("up"/"down"/...), mac (IFLA_ADDRESS),
  // carrier_changes (IFLA_CARRIER_CHANGES), stats (IFLA_STATS64, or IFLA_STATS).
  Expected<std::vector<model::NetDev>> dump_links();

  // One RTM_GETADDR dump; fills nd.addresses ("172.19.0.60/24", "fe80::1/64") by ifindex. A
  // device without addresses gets an empty list; a failed dump marks every device's field.
  Outcome fill_addresses(std::vector<model::NetDev>& netdevs);

  // RTM_GETDCB: DCB_CMD_IEEE_GET (ETS, PFC, APP table, buffer, maxrate, apptrust) and, when that
  // reply lacks DCB_ATTR_DCBX, DCB_CMD_GDCBX. Never fails: every Field says what happened
  // (a device without dcbnl_ops: every field unsupported, "dcbnl: veth0: Operation not supported").
  void read_dcb(model::NetDev& nd);

  // One RTM_GETQDISC dump: every qdisc, with RED params/flags/max_p/xstats, ETS/PRIO/MQPRIO maps,
  // stats. Each device's qdiscs Field lists its qdiscs in dump order (root first).
  Outcome fill_qdiscs(std::vector<model::NetDev>& netdevs);

 private:
  explicit RtnlReader(netlink::Socket socket) : socket_(std::move(socket)) {}
  // A dump, repeated (up to 3 times) when a concurrent change interrupted it.
  Expected<std::vector<ByteBuffer>> dump(netlink::Request (*request)());
  netlink::Socket socket_;
};

}  // namespace roce::sources::rtnl
