#pragma once
// Pure decoders for sysfs attribute text (one trailing "\n" already removed). Each rejects
// anything but the kernel's format with a message naming what was expected and what was found;
// the caller prefixes the file path.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/host.hpp"
#include "util/expected.hpp"

namespace roce::sources::sysfs {

// `text` in double quotes, non-printable bytes as \xNN, cut after 64 bytes: for messages.
std::string quote_for_message(std::string_view text);

// "%u" / "%llu": decimal digits only.
Expected<std::uint64_t> decode_unsigned(std::string_view text);
Expected<std::uint32_t> decode_u32(std::string_view text);

// "%d: %s" as ports/<n>/state ("4: ACTIVE"), phys_state ("5: LinkUp", "7: Phy Test") and
// node_type ("1: CA") print it.
Expected<model::PortState> decode_code_and_name(std::string_view text);

// ports/<n>/rate: "%d%s Gb/sec (%dX%s)", e.g. "100 Gb/sec (4X EDR)", "2.5 Gb/sec (1X SDR)";
// kernels before 5.x printed SDR with no name: "2.5 Gb/sec (1X)".
struct Rate {
  double gbps = 0;
  std::uint32_t width = 0;  // lanes
  std::string speed;        // "EDR", "NDR", ... or empty
};
Expected<Rate> decode_rate(std::string_view text);

// gids/<i>: "%pI6", 8 groups of 4 hex digits. An empty slot reads as all zeros.
using GidBytes = std::array<std::uint8_t, 16>;
Expected<GidBytes> decode_gid(std::string_view text);
bool is_zero_gid(const GidBytes& gid);

// class/net/<if>/speed: "%d" in Mb/s; -1 (SPEED_UNKNOWN) gives nullopt.
Expected<std::optional<std::uint32_t>> decode_netdev_speed(std::string_view text);

// MLNX_OFED ecn/roce_np|roce_rp/enable/<prio>: "0" or "1".
Expected<bool> decode_enable_flag(std::string_view text);

// MLNX_OFED qos/trust: "pcp" or "dscp".
Expected<std::string> decode_trust(std::string_view text);

// A PCI function name as the kernel names its device directory: "0000:b1:00.0" (the domain may
// have more than 4 hex digits, e.g. VMD domains "10000:00:02.0").
bool is_pci_address(std::string_view name);

}  // namespace roce::sources::sysfs
