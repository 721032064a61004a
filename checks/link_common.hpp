#pragma once
// Helpers shared by the link and addressing checks (LINK-*, GID-ROCEV2, MTU-ROCE, PCIE-LINK).
// Header-only so that adding them needs no build change. No I/O.
#include <cstdio>
#include <string>

#include "checks/common.hpp"

namespace roce::checks::link {

/// InfiniBand port states (sysfs ports/N/state, "4: ACTIVE") and physical states ("5: LinkUp").
constexpr std::uint32_t kPortActive = 4;
constexpr std::uint32_t kPhysLinkUp = 5;

inline std::string state_text(const model::PortState& s) { return std::to_string(s.code) + ": " + s.name; }

/// Why the port's link is down, or "" when it is up (or nothing says it is down): the RDMA port
/// state first, then the netdev operstate. LINK-STATE reports these; other link checks skip.
inline std::string down_reason(const engine::PortView& p) {
  if (p.port && p.port->state.ok() && p.port->state->code != kPortActive)
    return "RDMA port state is " + state_text(*p.port->state);
  const auto& op = p.netdev->operstate;
  if (op.ok() && (*op == "down" || *op == "lowerlayerdown" || *op == "notpresent" || *op == "dormant"))
    return "netdev operstate is " + *op;
  return {};
}

/// A number with `digits` significant digits in scientific notation: "3.5e-11".
inline std::string sci(double v, int digits = 2) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
  return buf;
}

/// A number with at most `decimals` decimals and no trailing zeros: "63", "31.5".
inline std::string num(double v, int decimals = 1) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

/// "100 Gb/s" from Mb/s.
inline std::string speed_text(std::uint32_t mbps) { return num(mbps / 1000.0, 1) + " Gb/s"; }

}  // namespace roce::checks::link
