#pragma once
// A SONiC switch from its CONFIG_DB export: every port as a netdev of the host model (MTU, speed,
// /31 addresses, trust, PFC, DSCP -> TC as DCB APP entries, TC -> queue as ETS prio_tc, TC -> PG as
// prio2buffer, a RED qdisc per queue whose WRED profile is enabled) and the switch-only facts
// (model/switch_port.hpp). Every value's provenance is {"sonic-config-db", "FILE TABLE|KEY field"}.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "switch/config_db_tables.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// The switch the tables describe. Fails ("FILE: ...") when they hold no port at all. Values it
/// cannot read become Field::missing(error) and a located warning in Switch::warnings.
Expected<model::Switch> switch_from_config_db(const ConfigDbTables& tables, const std::string& file);

/// A WRED_PROFILE entry (CONFIG_DB, or `ecnconfig -l`) as the switch keeps it, with the YANG and SAI
/// defaults for what it leaves out (ecn_none, wred_green_enable false, probability 100). `at` locates
/// a field; a value it cannot read is Field::missing(error) and a located warning.
model::SwitchWred wred_from_fields(const std::string& name, const ConfigDbFields& fields,
                                   const std::function<model::Provenance(const std::string&)>& at,
                                   std::vector<std::string>& warnings);

/// An ETS root with the port's TC -> queue map, and a RED qdisc (ECN flag when it marks green) under
/// every queue whose WRED profile is enabled for green: what tc shows on a switchdev port.
std::vector<model::Qdisc> red_qdiscs(const model::Switch& sw, const model::SwitchPort& port);

/// Reads the text (any of the three shapes) and builds the switch.
Expected<model::Switch> read_sonic_config_db(std::string_view text, const std::string& file);

}  // namespace roce::switches
