#pragma once
// Host LLDP agents that may own DCB: lldpad (Open-LLDP: it configures PFC, ETS and APP when told
// to) and lldpd (LLDP only; it never sets DCB). Found the way their init scripts find them, by the
// pid file each writes, confirmed by the process's name in /proc: a few reads, cheap enough for
// every sample.
#include <string>
#include <vector>

#include "model/field.hpp"

namespace roce::sources {

/// The agents running, each as "lldpad (pid 812)"; an empty list when none runs. `run_dirs` are
/// searched for <agent>.pid in order (default /run, /var/run), `proc` is the procfs root.
model::Field<std::vector<std::string>> find_lldp_agents(const std::vector<std::string>& run_dirs = {"/run", "/var/run"},
                                                        const std::string& proc = "/proc");

}  // namespace roce::sources
