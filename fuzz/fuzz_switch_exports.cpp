// libFuzzer target: every switch-export and LLDP reader of src/switch, the join over what they
// read, and the SONiC CLI outputs attached to a small switch. The first input byte picks the
// reader, the rest is the text. Each must return a value or an error on any input; the sanitizers
// catch the rest.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/host.hpp"
#include "switch/cable_join.hpp"
#include "switch/cumulus_datapath.hpp"
#include "switch/cumulus_port.hpp"
#include "switch/cumulus_roce.hpp"
#include "switch/cumulus_roce_counters.hpp"
#include "switch/host_lldp.hpp"
#include "switch/lldp_neighbors_text.hpp"
#include "switch/prompt_name.hpp"
#include "switch/sonic_cli_alone.hpp"
#include "switch/sonic_cli_attach.hpp"
#include "switch/sonic_cli_blocks.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "switch/sonic_config_db.hpp"

using namespace roce;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  model::SwitchSide side;
  switches::SonicCliOutputs cli;
  switch (data[0] % 20) {
    case 0:
      if (auto s = switches::read_sonic_config_db(text, "fuzz")) side.switches.push_back(std::move(*s));
      break;
    case 1:
      if (auto n = switches::parse_lldpctl_json(text, "fuzz")) side.host_lldp = std::move(*n);
      break;
    case 2:
      if (auto n = switches::parse_lldptool(text, "fuzz", "eth0")) side.host_lldp.push_back(std::move(*n));
      break;
    case 3: (void)switches::parse_show_lldp_table(text, "fuzz"); break;
    case 4: (void)switches::parse_show_pfcwd_stats(text, "fuzz"); break;
    case 5: (void)switches::parse_show_pfc_counters(text, "fuzz"); break;
    case 6: (void)switches::parse_show_queue_counters(text, "fuzz"); break;
    case 7: (void)switches::parse_nv_show_qos_roce(text, "fuzz"); break;
    case 8:
      if (auto r = switches::parse_show_pfcwd_config(text, "fuzz")) cli.pfcwd_config = std::move(*r);
      break;
    case 9:
      if (auto r = switches::parse_show_interfaces_counters(text, "fuzz")) cli.interfaces = std::move(*r);
      break;
    case 10:
      if (auto r = switches::parse_show_pg_watermark(text, "fuzz")) cli.pg_watermarks = std::move(*r);
      break;
    case 11:
      if (auto r = switches::parse_ecnconfig_list(text, "fuzz")) cli.ecn.push_back(std::move(*r));
      break;
    case 12:
      if (auto r = switches::parse_show_buffer_information(text, "fuzz")) cli.buffers.push_back(std::move(*r));
      break;
    case 13: {
      model::Switch sw;
      if (switches::add_cumulus_datapath(text, "fuzz", sw)) side.switches.push_back(std::move(sw));
      break;
    }
    case 14:
      // `show lldp neighbors` on a switch made of the ports it names (a CLI output alone).
      if (auto n = switches::parse_show_lldp_neighbors(text, "fuzz")) {
        std::vector<std::string> ports;
        for (const auto& row : *n) ports.push_back(row.local_port);
        auto sw = switches::sonic_switch_of_cli(switches::name_in_prompt(text), ports, "`show lldp neighbors`",
                                                {"sonic-cli", "fuzz"});
        sw.lldp = std::move(*n);
        side.switches.push_back(std::move(sw));
      }
      break;
    case 15:
      // The Cumulus RoCE counters on the port the pasted command names.
      if (auto c = switches::parse_nv_show_roce_counters(text, "fuzz")) {
        model::Switch sw;
        const std::string port = switches::interface_in_nv_command(switches::command_in_prompt(text));
        auto [nd, sp] = switches::cumulus_port(port.empty() ? "swp1" : port, "fuzz ", "fuzz", {"nvue", "fuzz"});
        sw.host.netdevs.push_back(std::move(nd));
        sw.ports.push_back(std::move(sp));
        switches::add_cumulus_roce_counters(sw, sw.ports[0].name, *c, 3, true);
        side.switches.push_back(std::move(sw));
      }
      break;
    case 16:
      // `nv show qos roce` alone: the view of every port, which the join below makes "swp1" of.
      if (auto roce = switches::parse_nv_show_qos_roce(text, "fuzz")) {
        model::Switch every;
        switches::add_cumulus_port(every, "every port", *roce);
        model::Switch sw;
        sw.every_port = every.ports[0];
        sw.every_port_netdev = every.host.netdevs[0];
        side.switches.push_back(std::move(sw));
        side.host_lldp.push_back({"eth0", "", "", "swp1", "ifname", "", {"lldpctl", "fuzz"}});
      }
      break;
    case 17:
      if (auto r = switches::parse_show_interfaces_counters(text, "fuzz")) cli.interfaces = std::move(*r);
      break;
    case 18: (void)switches::command_in_prompt(text); break;
    case 19:
      // `show pfcwd stats` alone: a switch of the ports it names, the rows on them.
      if (auto rows = switches::parse_show_pfcwd_stats(text, "fuzz")) {
        std::vector<std::string> ports;
        for (const auto& row : *rows) ports.push_back(row.port);
        auto sw = switches::sonic_switch_of_cli("", ports, "`show pfcwd stats`", {"sonic-cli", "fuzz"});
        for (const auto& row : *rows)
          for (auto& p : sw.ports)
            if (p.name == row.port) p.pfcwd_stats.push_back(row.queue);
        side.switches.push_back(std::move(sw));
      }
      break;
  }
  if (!cli.empty()) {
    // A switch whose ports the rows may name, with a lossless PG left to the buffer manager.
    auto sw = switches::read_sonic_config_db(
        R"({"PORT": {"Ethernet0": {"speed": "400000"}}, "CABLE_LENGTH": {"AZURE": {"Ethernet0": "5m"}},)"
        R"( "BUFFER_PG": {"Ethernet0|3": {"profile": "NULL"}}, "QUEUE": {"Ethernet0|3": {"wred_profile": "W"}}})",
        "fuzz");
    if (sw) switches::attach_sonic_cli(cli, *sw);
  }
  model::Host host;
  model::NetDev nd;
  nd.name = "eth0";
  nd.addresses = model::Field<std::vector<std::string>>::of({"10.1.0.1/31"});
  host.netdevs.push_back(nd);
  (void)switches::join_cables(host, side);
  return 0;
}
