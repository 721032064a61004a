#pragma once
// NVIDIA Cumulus Linux datapath configuration files: `qos_features.conf` (5.x,
// /etc/cumulus/datapath/qos/) and the older `traffic.conf` (/etc/cumulus/datapath/). Lines
// "key = value" ('#' comments; lists "[a,b]"): the trust (traffic.packet_priority_source_set), the
// DSCP -> switch priority map (traffic.cos_N.priority_source.dscp; DSCP d -> priority d >> 3 when
// none is given), PFC port groups (pfc.GROUP.cos_list, port_set, xoff_size, xon_delta,
// port_buffer_bytes in bytes, cable_length in metres) and ECN/RED port groups
// (ecn_red.GROUP.egress_queue_list or cos_list, port_set, ecn_enable, red_enable,
// min/max_threshold_bytes, probability in percent). Provenance {"cumulus-datapath", "FILE:LINE key"}.
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// The file's settings as the ports of `sw` (added, or completed when present): trust, DSCP map,
/// PFC, lossless PGs with their thresholds, WRED profiles and the queues they mark. Lines it cannot
/// read are warnings ("FILE:LINE: ...") in sw.warnings. Fails "FILE: ..." when the text holds no
/// pfc., ecn_red. or traffic. setting, "FILE:LINE: ..." for a port group without port_set.
Outcome add_cumulus_datapath(std::string_view text, const std::string& file, model::Switch& sw);

/// "swp1-swp4,swp6" -> swp1 swp2 swp3 swp4 swp6.
std::vector<std::string> expand_port_set(std::string_view set);

}  // namespace roce::switches
