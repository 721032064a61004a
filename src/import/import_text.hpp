#pragma once
// One file of a capture, named by the command that printed it, read into the Host being built.
// Pure: the text is given, the state is updated. Used by import_folder (and the fuzz target).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "captures/text/mlnx_qos.hpp"
#include "captures/text/parse_result.hpp"
#include "import/capture_names.hpp"
#include "model/host.hpp"

namespace roce::import {

struct ImportState {
  model::Host host;
  std::vector<std::string> warnings;                        // also appended to host.notes
  std::vector<std::string> files_used;                      // labels of files that gave at least one value
  std::vector<std::string> files_not_used;                  // "label (the command, and why it is not read)"
  std::map<std::string, captures::text::MlnxQos> mlnx_qos;  // per netdev, to compare with dcb afterwards
  bool time_known = false;
  std::string time_problem;  // why `date` could not be read, reported only if nothing else gives the time
};

// Records a warning (and a host note about `subject`).
void add_warning(ImportState& state, const std::string& subject, const std::string& message,
                 model::Availability availability = model::Availability::error);

// Files are applied in this order (lower first), so that a later, more authoritative source wins:
// host facts, ip link and ip address, ethtool, ibstat (ibstatus, ibv_devices, rdma link, ibdev2netdev),
// ibv_devinfo, show_gids, rdma statistic and show_counters, tc, mlnx_qos, dcb, cma_roce_mode.
int apply_order(CommandKind kind);

void import_command_text(const CommandFile& command, std::string_view text, const captures::text::TextOrigin& origin,
                         ImportState& state);

// mlnx_qos and dcb both describe a netdev's DCB; where they differ the field holds the dcb one
// (the kernel's dcbnl answer, applied last) and each difference becomes a warning citing both files.
void report_qos_disagreements(ImportState& state);

}  // namespace roce::import
