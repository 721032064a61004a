// The common shape of a Cumulus port, filled by each Cumulus reader with what its source says.
#include "switch/cumulus_port.hpp"

namespace roce::switches {

CumulusPort cumulus_port(const std::string& name, const std::string& no_port_facts, const std::string& maps_name,
                         const model::Provenance& from) {
  using model::Availability;
  using model::Field;
  CumulusPort out;
  auto& nd = out.netdev;
  auto& sp = out.port;
  nd.name = sp.name = name;
  nd.mtu = Field<std::uint32_t>::missing(Availability::absent, no_port_facts + "MTU", from);
  nd.link = Field<model::LinkSettings>::missing(Availability::absent, no_port_facts + "speed", from);
  nd.mac = Field<std::string>::missing(Availability::absent, no_port_facts + "MAC", from);
  sp.alias = Field<std::string>::missing(Availability::absent, "Cumulus sends the port name as LLDP Port ID", from);
  model::PerPrio<std::uint8_t> identity{};
  for (int i = 0; i < 8; ++i) identity[i] = static_cast<std::uint8_t>(i);
  sp.tc_to_queue_name = sp.tc_to_pg_name = sp.pfc_to_queue_name = Field<std::string>::of(maps_name, from);
  sp.tc_to_queue = sp.tc_to_pg = sp.pfc_prio_to_queue = Field<model::PerPrio<std::uint8_t>>::of(identity, from);
  return out;
}

}  // namespace roce::switches
