// libFuzzer target: every switch-export and LLDP reader of src/switch, and the join over what they
// read. The first input byte picks the reader, the rest is the text. Each must return a value or an
// error on any input; the sanitizers catch the rest.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/host.hpp"
#include "switch/cable_join.hpp"
#include "switch/cumulus_roce.hpp"
#include "switch/host_lldp.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "switch/sonic_config_db.hpp"

using namespace roce;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  model::SwitchSide side;
  switch (data[0] % 8) {
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
  }
  model::Host host;
  model::NetDev nd;
  nd.name = "eth0";
  nd.addresses = model::Field<std::vector<std::string>>::of({"10.1.0.1/31"});
  host.netdevs.push_back(nd);
  (void)switches::join_cables(host, side);
  return 0;
}
