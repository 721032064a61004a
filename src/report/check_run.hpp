#pragma once
// One `roce-doctor check` run, as the renderers see it: what was looked at and what the checks said.
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/check.hpp"
#include "engine/finding.hpp"
#include "engine/verdict.hpp"
#include "model/host.hpp"
#include "model/raw_lines.hpp"

namespace roce::report {

/// The counter sets each port's counters were read from, by (port, set): ("ens1f0", "ethtool") ->
/// Provenance {"sos", "sos_commands/networking/ethtool_-S_ens1f0:1"}.
using CounterSets = std::map<std::pair<std::string, std::string>, model::Provenance>;

struct CheckRun {
  std::string hostname;
  std::string hardware;            // "ConnectX-6 Dx mlx5_0", or "" when the host lists no RDMA device
  std::string origin;              // "live, 2 samples 5 s apart" / "bundle F, samples 1 and 2 of 2, 60 s apart"
  std::string profile;             // "roce-lossless (built-in)" / "roce-lossless-pcp (profiles/roce-lossless-pcp.toml)"
  double interval_s = 0;           // between the two samples; 0: configuration only
  bool has_rdma = true;            // false: the host lists no RDMA device
  std::vector<std::string> ports;  // the ports the checks judged: "ens1f0np0 (mlx5_0/1)", "eth0"
  std::vector<engine::CheckResult> results;  // catalog order
  std::vector<engine::Finding> ranked;       // engine::ranked_findings(results)
  model::RawLines raw_lines;                 // an imported capture: the lines the evidence cites
  CounterSets counter_sets;                  // where a counter's evidence ({set, canonical}) was read
};

/// The ethtool -S counter set of every netdev of `host`, as CheckRun::counter_sets keys it.
CounterSets counter_sets_of(const model::Host& host);

/// The capture line (or block) that evidence `e` of `f` quotes: the one its provenance cites or, for
/// a counter ({set, canonical name}), the line naming it in the file its port's set was read from
/// (model::RawLines::find_counter); null when none is kept.
const std::string* quote_of(const CheckRun& run, const engine::Finding& f, const engine::Evidence& e);

/// The run's verdict: its ranked findings counted, judged unless every check that ran was skipped.
engine::Verdict verdict_of(const CheckRun& run);

// "ConnectX-6 Dx mlx5_0, ConnectX-6 Dx mlx5_1": RDMA devices named by model where the HCA type is
// known (mlx5 MT4125...), else by device name; "" with no RDMA device.
std::string describe_hardware(const model::Host& host);

/// "ConnectX-6 Dx" for hca_type "MT4125"; "" for a type not in the table.
std::string_view mlx5_model(std::string_view hca_type);

}  // namespace roce::report
