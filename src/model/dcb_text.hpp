#pragma once
// DCB and tc values as text, as `dcb` and `tc` print them (and take them as arguments): the one
// place checks, the tuner, diff and the views get "0:off 1:off 2:off 3:on ..." or "1:4" from.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/dcb.hpp"

namespace roce::model {

/// "0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off": pfc_en as `dcb pfc show` prints prio-pfc.
std::string prio_pfc_text(std::uint8_t pfc_en);
/// "3", "3,4" or "none": the priorities whose PFC is on.
std::string pfc_mask_text(std::uint8_t pfc_en);
/// "0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0": prio2buffer as `dcb buffer show` prints prio-buffer.
std::string prio_buffer_text(const PerPrio<std::uint8_t>& prio2buffer);
/// "0:130944 1:262016 2:0 ...": buffer sizes in bytes as `dcb buffer` takes buffer-size.
std::string buffer_size_text(const std::array<std::uint32_t, 8>& sizes);
/// "26:3 48:6": the DSCP entries of an APP table as `dcb app show` prints dscp-prio; "(none)".
std::string dscp_map_text(const std::vector<AppEntry>& app);
/// "dgram-port-prio 4791:3", "ethtype-prio 0x8915:3": one APP entry in `dcb app`'s keywords, with
/// the ethertype in 0x-hex and a PCP entry's raw protocol (dcb itself prints 8915 and 1de).
std::string app_entry_text(const AppEntry& entry);

/// "root", "1:", "1:4": a tc handle or class id as tc prints it.
std::string tc_handle_text(std::uint32_t handle);
/// "root" or "parent 1:4": where a qdisc is attached, as `tc qdisc replace` takes it.
std::string tc_parent_text(std::uint32_t parent);
/// "0.05": a RED marking probability as `tc qdisc ... red probability` takes it.
std::string probability_text(double probability);

}  // namespace roce::model
