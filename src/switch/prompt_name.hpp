#pragma once
// The switch's name in an output pasted with its shell prompt: "admin@sonic-leaf01:~$ show pfc
// counters", "cumulus@leaf01:mgmt:~$ nv show qos roce", "root@sonic-10431:~# show pfcwd stats".
#include <string>
#include <string_view>

namespace roce::switches {

/// The host of the first prompt line (USER@HOST:PATH$ or #, then the command), "" without one.
std::string name_in_prompt(std::string_view text);

/// The command of the first prompt line ("nv show interface swp16 qos roce counters"), "" without one.
std::string command_in_prompt(std::string_view text);

/// The interface an NVUE command names: "nv show interface swp16 qos roce status" and "nv show interface
/// swp16 counters qos pfc-stats" -> "swp16"; "".
std::string interface_in_nv_command(std::string_view command);

/// Whether the line is such a prompt line.
bool is_prompt_line(std::string_view line);

}  // namespace roce::switches
