#pragma once
// Parser of iproute2 `ip [-d] address [show]` and its one-line form `ip -o address`:
//   2: ens1f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4200 qdisc mq state UP group default qlen 1000
//       link/ether b8:3f:d2:aa:bb:01 brd ff:ff:ff:ff:ff:ff
//       altname enp59s0f0np0                                          (details of -d: skipped)
//       inet 172.19.0.60/24 brd 172.19.0.255 scope global ens1f0np0
//          valid_lft forever preferred_lft forever
//       inet6 fe80::ba3f:d2ff:feaa:bb01/64 scope link
//   2: ens1f0np0    inet 172.19.0.60/24 brd 172.19.0.255 scope global ens1f0np0\       valid_lft ...   (-o)
// Returns one NetDev per link named (without "@peer"), in the order first seen, with ifindex and
// addresses: every inet/inet6 address as "ADDRESS/PREFIX" (the form rtnetlink gives; a point-to-point
// "inet A peer B/N" is "A/N"), in print order. A link line without address lines gives an empty
// list. Everything else the tool prints is left to ip_link. Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::NetDev>>> parse_ip_address(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
