#pragma once
/// SONiC CLI tables as switch facts: `show lldp table` (the neighbours by port; a Linux host with
/// lldpd's defaults shows its MAC as RemotePortID) and `show pfcwd stats` (queues in storm).
/// Provenance {"sonic-cli", "FILE:LINE"}.
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// Fails "FILE: ..." when the text has no table with the LocalPort and RemotePortID columns.
Expected<std::vector<model::SwitchLldpNeighbor>> parse_show_lldp_table(std::string_view text, const std::string& file);

/// Fails "FILE: ..." when the text has no table with the QUEUE, STATUS and STORM DETECTED/RESTORED
/// columns. Rows it cannot read are skipped; each row names its port in the queue ("Ethernet6:3").
struct PfcwdStatRow {
  std::string port;
  model::SwitchPfcwdQueue queue;
};
Expected<std::vector<PfcwdStatRow>> parse_show_pfcwd_stats(std::string_view text, const std::string& file);

}  // namespace roce::switches
