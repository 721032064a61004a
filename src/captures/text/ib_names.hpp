#pragma once
// What ibstat, ibv_devinfo and show_gids print, turned into what sysfs prints (the model's form):
// port state and physical state codes with the kernel's names, GIDs and GUIDs as 4-hex-digit groups.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/host.hpp"

namespace roce::captures::text {

// Kernel names of drivers/infiniband/core/sysfs.c: 4 -> "ACTIVE"; 5 -> "LinkUp".
model::PortState port_state_from_code(std::uint32_t code);
model::PortState phys_state_from_code(std::uint32_t code);

// Any textual IPv6 form ("::ffff:172.19.0.60", "fe80:0000:...") -> "0000:0000:0000:0000:0000:ffff:ac13:003c".
std::optional<std::string> gid_in_sysfs_form(std::string_view text);

// "0x946dae0300cde72c" -> "946d:ae03:00cd:e72c" (the form of sysfs node_guid).
std::optional<std::string> guid_in_sysfs_form(std::string_view hex);

}  // namespace roce::captures::text
