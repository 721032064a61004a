// roce_v2_ipv4_gids and short_gid: the GID table read as NCCL and perftest need it.
#include "model/gid_index.hpp"

#include <arpa/inet.h>

#include <array>

namespace roce::model {
namespace {

bool parse_gid(const std::string& text, std::array<unsigned char, 16>& out) {
  return inet_pton(AF_INET6, text.c_str(), out.data()) == 1;  // accepts the uncompressed sysfs form
}

bool is_ipv4_mapped(const std::array<unsigned char, 16>& b) {
  for (int i = 0; i < 10; ++i)
    if (b[i] != 0) return false;
  return b[10] == 0xff && b[11] == 0xff;
}

}  // namespace

std::vector<RoceV2Gid> roce_v2_ipv4_gids(const std::vector<model::Gid>& gids) {
  std::vector<RoceV2Gid> out;
  for (const auto& g : gids) {
    std::array<unsigned char, 16> b{};
    if (!g.type.ok() || *g.type != "RoCE v2" || !parse_gid(g.gid, b) || !is_ipv4_mapped(b)) continue;
    char ip[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, b.data() + 12, ip, sizeof ip);
    out.push_back({ip, g.index, g.netdev.ok() ? *g.netdev : ""});
  }
  return out;
}

std::string short_gid(const std::string& gid) {
  std::array<unsigned char, 16> b{};
  if (!parse_gid(gid, b)) return gid;
  char text[INET6_ADDRSTRLEN] = {};
  inet_ntop(AF_INET6, b.data(), text, sizeof text);
  return text;
}

}  // namespace roce::model
