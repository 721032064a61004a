#pragma once
// SONiC CLI outputs made of titled field/value blocks ("Profile: NAME", a dash rule, "field  value"
// lines, a dash rule): `ecnconfig -l` (`show ecn`: the WRED_PROFILE entries) and `show buffer
// information` (`mmuconfig -l`: the buffer pools and profiles, bytes). Provenance {"sonic-cli",
// "FILE:LINE"} of the field's line.
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// The WRED profiles `ecnconfig -l` lists, with warnings ("FILE:LINE: ...") for values it cannot
/// read. Fails "FILE: ..." when the text holds no "Profile:" block.
struct EcnProfiles {
  std::vector<model::SwitchWred> profiles;
  std::vector<std::string> warnings;
};
Expected<EcnProfiles> parse_ecnconfig_list(std::string_view text, const std::string& file);

/// The pools and profiles `show buffer information` lists. Fails "FILE: ..." when the text holds
/// no "Pool:" or "Profile:" block, "FILE:LINE: ..." for a block line without a value.
struct BufferInformation {
  std::vector<model::SwitchBufferPool> pools;
  std::vector<model::SwitchBufferProfile> profiles;
  std::vector<std::string> warnings;
};
Expected<BufferInformation> parse_show_buffer_information(std::string_view text, const std::string& file);

}  // namespace roce::switches
