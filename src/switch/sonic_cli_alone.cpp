// A SONiC switch made of its CLI outputs alone.
#include "switch/sonic_cli_alone.hpp"

#include <algorithm>

namespace roce::switches {

model::Switch sonic_switch_of_cli(const std::string& name, const std::vector<std::string>& ports,
                                  const std::string& shown, const model::Provenance& from) {
  using model::Availability;
  using model::Field;
  model::Switch sw;
  sw.host.hostname = name;
  sw.host.from = from;
  sw.vendor = "sonic";
  sw.source = "SONiC CLI outputs without CONFIG_DB: " + shown;
  const std::string why = "only " + shown + " given (no CONFIG_DB export of the switch)";
  for (const auto& port : ports) {
    if (sw.port(port)) continue;
    model::NetDev nd;
    model::SwitchPort sp;
    nd.name = sp.name = port;
    auto none = [&]<class T>(Field<T>& f) { f = Field<T>::missing(Availability::unsupported, why, from); };
    none(nd.mtu);
    none(nd.link);
    none(nd.operstate);
    none(nd.mac);
    none(nd.addresses);
    none(nd.trust);
    none(nd.qdiscs);
    none(nd.dcb.pfc);
    none(nd.dcb.ets);
    none(nd.dcb.app);
    none(nd.dcb.buffer);
    none(sp.alias);
    none(sp.description);
    none(sp.cable_m);
    none(sp.dscp_to_tc_name);
    none(sp.tc_to_queue_name);
    none(sp.tc_to_pg_name);
    none(sp.pfc_to_queue_name);
    none(sp.dscp_to_tc);
    none(sp.tc_to_queue);
    none(sp.tc_to_pg);
    none(sp.pfc_prio_to_queue);
    none(sp.pfcwd_sw_enable);
    none(sp.pfcwd);
    none(sp.pfc_rx_frames);
    none(sp.pfc_tx_frames);
    none(sp.counters);
    none(sp.pg_headroom_watermark);
    none(sp.pg_shared_watermark);
    sw.host.netdevs.push_back(std::move(nd));
    sw.ports.push_back(std::move(sp));
  }
  return sw;
}

}  // namespace roce::switches
