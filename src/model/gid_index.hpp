#pragma once
// Which GID index carries RoCE v2 for each IPv4 address: what NCCL_IB_GID_INDEX and perftest -x
// need. Scans the table (never assumes index 3).
#include <cstdint>
#include <string>
#include <vector>

#include "model/host.hpp"

namespace roce::model {

struct RoceV2Gid {
  std::string ipv4;  // "172.19.0.60"
  std::uint32_t index = 0;
  std::string netdev;  // empty when the GID names none
};

std::vector<RoceV2Gid> roce_v2_ipv4_gids(const std::vector<model::Gid>& gids);

// "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8" -> "fe80::e42:a1ff:fe5d:4db8"; IPv4-mapped -> "::ffff:172.19.0.60".
std::string short_gid(const std::string& gid);

}  // namespace roce::model
