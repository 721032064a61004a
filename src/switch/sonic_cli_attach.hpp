#pragma once
// What a SONiC switch's CLI outputs add to the switch its CONFIG_DB export describes: the PFC
// watchdog of `show pfcwd config` where CONFIG_DB has no PFC_WD entry, the port counters and
// operational state, the PG watermarks, the WRED profiles of `ecnconfig -l` that CONFIG_DB lacks,
// and the buffer pools and profiles (sizing the lossless PGs CONFIG_DB leaves to the buffer
// manager). Rows of ports the switch does not have, and values that disagree with CONFIG_DB, are
// located warnings in Switch::warnings.
#include <optional>
#include <vector>

#include "model/switch_port.hpp"
#include "switch/sonic_cli_blocks.hpp"
#include "switch/sonic_cli_tables.hpp"

namespace roce::switches {

struct SonicCliOutputs {
  std::vector<PfcwdConfigRow> pfcwd_config;
  std::vector<InterfaceCounterRow> interfaces;
  std::vector<PgWatermarkRow> pg_watermarks;
  std::vector<EcnProfiles> ecn;
  std::vector<BufferInformation> buffers;
  bool empty() const {
    return pfcwd_config.empty() && interfaces.empty() && pg_watermarks.empty() && ecn.empty() && buffers.empty();
  }
};

/// Adds the outputs to the switch (see the file comment).
void attach_sonic_cli(const SonicCliOutputs& cli, model::Switch& sw);

}  // namespace roce::switches
