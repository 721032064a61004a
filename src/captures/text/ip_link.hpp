#pragma once
// Parser of iproute2 `ip [-s [-s]] [-d] link [show [dev <if>]]` (formats.md §3.6), both the current
// column layout (widths from the largest value, every number followed by one space) and the old
// fixed-width one:
//   2: ens1f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4200 qdisc mq state UP mode DEFAULT ...
//       link/ether b8:3f:d2:aa:bb:01 brd ff:ff:ff:ff:ff:ff
//       RX:  bytes  packets errors dropped  missed   mcast           | RX: bytes  packets  errors  dropped overrun
//       mcast 2027206797 15005729    386       0       0 2110625 TX:  bytes  packets errors dropped carrier collsns
//        865069388  7222595      0       0       0       0
//       RX errors:  length    crc   frame    fifo overrun            (-s -s)
//       TX errors: aborted    fifo   window heartbt transns          (-s -s)
// Columns are matched by their header names, so any column order or subset is read. Returns one
// NetDev per link with name (without "@peer"), ifindex, mtu, operstate ("state UP" -> "up", the
// sysfs word), mac (the link/<type> address; absent for link/none) and stats (LinkStats64 from the
// columns printed; absent without -s; an error when a row is unreadable, e.g. `-h` human units).
// Indented lines of -d (altname, promiscuity, vf ...) are skipped. Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::NetDev>>> parse_ip_link(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
