#pragma once
// NVIDIA Cumulus Linux `nv show interface IF qos roce counters`: the RoCE counters of one port as a
// key tree (rx-stats / tx-stats, each with its roce, non-roce, cnp, ecn and pfc groups) with an
// operational value and a description per counter. The output does not print its interface; the
// command does (a pasted prompt line), or the file's name.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

struct CumulusRoceCounters {
  std::optional<std::uint64_t> rx_pause_packets, tx_pause_packets;  // PFC pause frames of RoCE traffic
  std::optional<std::uint64_t> rx_roce_discards;                    // rx-roce-stats no-buffer-discard
  std::optional<std::uint64_t> tx_roce_discards;                    // tx-roce-stats unicast-no-buffer-discard
  std::optional<std::uint64_t> tx_roce_packets;
  std::optional<std::uint64_t> ecn_marked_packets;  // the port's, every class
  std::string file;
  std::map<std::string, std::size_t> lines;  // "tx-stats.tx-roce-stats.roce-packets" -> 1-based line
  /// "FILE:LINE" of a counter, or FILE.
  std::string where(const std::string& key) const;
};

/// Fails "FILE: ..." when the text has no key tree with rx-stats or tx-stats.
Expected<CumulusRoceCounters> parse_nv_show_roce_counters(std::string_view text, const std::string& file);

/// The counters on the switch port `port` of `sw`: the RoCE traffic class's queue (`roce_tc`; where
/// `tc_assumed`, Cumulus's default class 3 because no RoCE view says) gets the Tx packets, the Tx
/// buffer discards and the port's ECN marks. The port must exist.
void add_cumulus_roce_counters(model::Switch& sw, const std::string& port, const CumulusRoceCounters& c, int roce_tc,
                               bool tc_assumed);

}  // namespace roce::switches
