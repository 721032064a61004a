#include "captures/text/ib_names.hpp"

#include <arpa/inet.h>

#include <array>
#include <cstdio>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

constexpr std::array<const char*, 6> kStateNames = {"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER"};
constexpr std::array<const char*, 8> kPhysStateNames = {
    "<unknown>",         "Sleep",   "Polling", "Disabled", "PortConfigurationTraining", "LinkUp",
    "LinkErrorRecovery", "Phy Test"};

std::string hex_groups(const unsigned char* bytes, std::size_t n) {
  std::string out;
  char buf[8];
  for (std::size_t i = 0; i < n; i += 2) {
    if (i) out += ':';
    std::snprintf(buf, sizeof buf, "%02x%02x", bytes[i], bytes[i + 1]);
    out += buf;
  }
  return out;
}

}  // namespace

model::PortState port_state_from_code(std::uint32_t code) {
  return {code, code < kStateNames.size() ? kStateNames[code] : "UNKNOWN"};
}

model::PortState phys_state_from_code(std::uint32_t code) {
  return {code, code < kPhysStateNames.size() ? kPhysStateNames[code] : "<unknown>"};
}

std::optional<std::string> gid_in_sysfs_form(std::string_view text) {
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return std::nullopt;
  const std::string s(text);
  unsigned char raw[16];
  if (inet_pton(AF_INET6, s.c_str(), raw) != 1) return std::nullopt;
  return hex_groups(raw, sizeof raw);
}

std::optional<std::string> guid_in_sysfs_form(std::string_view hex) {
  if (!hex.starts_with("0x") || hex.size() != 18) return std::nullopt;
  const auto v = to_u64(hex, 16);
  if (!v) return std::nullopt;
  unsigned char raw[8];
  for (int i = 0; i < 8; ++i) raw[i] = static_cast<unsigned char>(*v >> (56 - 8 * i));
  return hex_groups(raw, sizeof raw);
}

}  // namespace roce::captures::text
