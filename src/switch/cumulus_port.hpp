#pragma once
// The netdev and switch port of one Cumulus port before a reader fills in what it knows: what
// Cumulus never gives per port is absent, and its priority maps are the identity (Spectrum sends
// switch priority n to TC, PG and queue n). Shared by the NVUE and datapath-file readers.
#include <string>

#include "model/switch_port.hpp"

namespace roce::switches {

struct CumulusPort {
  model::NetDev netdev;
  model::SwitchPort port;
};

/// `no_port_facts` starts the absent reasons ("`nv show qos roce` shows no per-port "); `maps_name`
/// names the identity maps.
CumulusPort cumulus_port(const std::string& name, const std::string& no_port_facts, const std::string& maps_name,
                         const model::Provenance& from);

}  // namespace roce::switches
