#pragma once
// NVIDIA Cumulus Linux (NVUE) RoCE views: `nv show qos roce` (global) and `nv show interface IF qos
// roce status` (one port, hardware-programmed values). Both print a two-column key tree
// (operational, applied) and `===`-underlined tables: the PCP/DSCP -> switch-priority map, the
// switch-priority -> traffic-class map and the pools. Sizes are printed in binary units ("146.48
// KB" = 146.48 * 1024 bytes, "1.43 MB" = 1.43 * 2^20 bytes).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

struct CumulusRoce {
  std::string mode;                    // "lossless", "lossless-single-ipool"
  std::optional<int> pfc_priority;     // switch priority with PFC
  std::optional<std::uint32_t> cable_m;  // pfc cable-length (the global view), metres
  std::string trust_mode;              // "pcp,dscp"
  std::string congestion_mode;         // "ECN", "ecn, absolute"
  std::optional<std::uint8_t> ecn_tc;  // traffic classes with ECN (bit mask)
  std::optional<std::uint64_t> ecn_min_bytes, ecn_max_bytes;
  std::optional<std::uint32_t> ecn_probability;  // percent
  model::DscpMap dscp_to_sp{};                   // DSCP -> switch priority
  std::array<std::optional<std::uint8_t>, 8> sp_to_tc{};
  std::uint8_t lossless_pool_sps = 0;  // switch priorities of a roce-reserved ingress pool
  /// Told by content: the per-interface status view has a description column in its key tree and
  /// the pools' current/max usage; the global view has neither.
  bool per_interface = false;
  std::string file;                   // for provenance
  std::vector<std::string> warnings;  // "FILE:LINE: ..."
};

/// "146.48 KB" -> 149996, "1.43 MB" -> 1499464, "144 Bytes" -> 144 (binary units, rounded).
std::optional<std::uint64_t> parse_binary_size(std::string_view text);

/// Reads either view. Fails "FILE: ..." when the text has no operational/applied key tree.
Expected<CumulusRoce> parse_nv_show_qos_roce(std::string_view text, const std::string& file);

/// A switch port as the host model from the RoCE view that covers it, provenance {"nvue", FILE}.
/// The view shows no PFC watchdog: that stays missing (absent) with the reason.
void add_cumulus_port(model::Switch& sw, const std::string& port, const CumulusRoce& roce);

}  // namespace roce::switches
