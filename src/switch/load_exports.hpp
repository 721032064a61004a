#pragma once
// Switch exports and host LLDP files from paths, told by content, not by name:
//   JSON with an "lldp" object       `lldpctl -f json` of the host (HostLldpNeighbor)
//   other JSON                       SONiC CONFIG_DB (config_db.json, sonic-db-dump, flat keys)
//   a LocalPort/RemotePortID table   SONiC `show lldp table`
//   "LLDP neighbors:" Interface blocks SONiC `show lldp neighbors` (not in a host's capture folder, where
//                                    it is the host's own `lldpctl`)
//   a QUEUE/STATUS/STORM table       SONiC `show pfcwd stats`
//   PORT ACTION "DETECTION TIME"     SONiC `show pfcwd config` (with or without HISTORY)
//   IFACE STATE and RX_OK/TX_OK or drops  SONiC `show interfaces counters` (also errors, rates, dropcounters)
//   "... per PG:" Port PG0 ...       SONiC `show priority-group watermark headroom|shared`
//   "Pool:"/"Profile:" buffer blocks SONiC `show buffer information` (`mmuconfig -l`)
//   "Profile:" WRED blocks           SONiC `ecnconfig -l` (`show ecn`)
//   "Chassis ID TLV" blocks          `lldptool -t -n -i IF` (the netdev from a name ending in "_IF")
//   pfc./ecn_red./traffic. settings  Cumulus qos_features.conf or traffic.conf (a `hostname` file, else
//                                    the folder or file name, names the switch)
//   rx-stats/tx-stats key tree       Cumulus `nv show interface IF qos roce counters` (IF from the
//                                    pasted prompt's command, else the file name)
//   an operational/applied key tree  Cumulus `nv show interface IF qos roce status` (IF from the prompt or a
//                                    name "..._interface_IF_qos...": one port) or the global `nv show qos
//                                    roce` (every port: those the other views and the host's LLDP name)
// CLI outputs without a CONFIG_DB export are a switch of their own (sonic_cli_alone.hpp). A switch
// whose exports carry no name of their own is named by --switch-name, a pasted prompt line, a
// `hostname` file, its folder.
// A folder holds one switch: its CLI tables belong to the CONFIG_DB export beside them (also under
// `dump/`, as a tech-support archive extracted lays them out, with etc/sonic/config_db.json when
// dump/CONFIG_DB.json is missing and the other redis dumps left out). Loose files: the tables belong
// to the only switch given.
#include <string>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// Every path (file or folder) read. Fails naming the file for one it cannot read, and for CLI
/// tables of several switches in one folder (or among the loose files). CLI outputs without a
/// CONFIG_DB export are a switch of their own (sonic_cli_alone.hpp), named `switch_name` when given,
/// else by a prompt line pasted with an output ("admin@leaf01:~$ show pfc counters"), a `hostname`
/// file beside them, or their folder.
Expected<model::SwitchSide> read_switch_exports(const std::vector<std::string>& paths,
                                                const std::string& switch_name = "");

/// One switch folder (or the one folder inside it, as an extracted `show techsupport` archive holds
/// sonic_dump_HOST_DATE/), its files named "SHOWN_AS:RELATIVE/PATH" in errors and provenance.
Expected<model::SwitchSide> read_switch_folder(const std::string& dir, const std::string& shown_as);

/// The folder a switch folder's files are in: `dir`, or the one folder it holds when it holds
/// nothing else (an extracted `show techsupport` archive: sonic_dump_HOST_DATE/).
std::string switch_folder_root(const std::string& dir);

/// What a capture folder holds of the switch side (switch exports, the host's lldpctl/lldptool
/// outputs), files it cannot read skipped with a warning. `warnings` may be null.
model::SwitchSide switch_files_in_capture(const std::string& dir, std::vector<std::string>* warnings);

}  // namespace roce::switches
