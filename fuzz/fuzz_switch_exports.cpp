// libFuzzer target: every switch-export and LLDP reader of src/switch, the join over what they
// read, and the SONiC CLI outputs attached to a small switch. The first input byte picks the
// reader, the rest is the text. Each must return a value or an error on any input; the sanitizers
// catch the rest.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/host.hpp"
#include "switch/cable_join.hpp"
#include "switch/cumulus_datapath.hpp"
#include "switch/cumulus_roce.hpp"
#include "switch/host_lldp.hpp"
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
  switch (data[0] % 16) {
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
