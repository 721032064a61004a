#pragma once
// A folder of command outputs as one Host: an sos report (sos_commands/<plugin>/<file>, sys/,
// sos_reports/manifest.json) or any folder of files named as sos names command outputs
// (capture_names.hpp), with copied sysfs under sys/, or an NVIDIA sysinfo-snapshot
// (commands_txt_output/<cmd>.txt, each told by its first line "Invoked Command: <cmd>", with
// mlnx_qos_handler.txt split per interface and roce_counters.txt giving the RDMA port counters;
// ethtool_S/ethtool_S_<if>; ecn/config/<if>; a host note lists the files used and another the ones
// not read: HTML pages, ecn/debug, err_messages, every other command).
// The kind is told by the content, not by the path's name. Every value keeps its provenance
// {"sos" | "sysinfo" | "folder", "<relative path>:<line>"}. Every read stays inside the capture: a
// symbolic link leading out of it is a warning, never followed.
//
// Merge order: the sysfs copy first, then the command outputs in apply_order (import_text.hpp), a
// later value replacing an earlier one. mlnx_qos and dcb disagreeing: the model has one slot per
// DCB object, so it holds the dcb value and the disagreement is a warning (and a host note).
// Unknown files are ignored; a file of a command roce-doctor knows but does not read (ethtool -k,
// ibswitches, another network namespace's outputs, ...) is listed in files_not_used and in one host
// note; a malformed file is a located warning and the rest is still used.
// A folder that yields nothing is an error naming what was looked for. The lines the values cite are
// kept (raw_lines, cited_lines.hpp) so that output can quote them.
#include <string>
#include <vector>

#include "model/host.hpp"
#include "model/raw_lines.hpp"
#include "util/expected.hpp"

namespace roce::import {

struct Imported {
  model::Host host;
  std::vector<std::string> warnings;
  std::vector<std::string> files_used;      // relative paths
  std::vector<std::string> files_not_used;  // "relative path (the command, and why it is not read)"
  model::RawLines raw_lines;                // the capture's lines the host's values cite
};

Expected<Imported> import_folder(const std::string& dir);

/// Whether a host holds anything the checks judge: an RDMA device, or a netdev's DCB, trust, ECN or
/// RED state. Host facts (hostname, date) and what every netdev has (ip link, ethtool -S of a virtio
/// NIC) do not: an /etc-like folder or an sos report of a host without RDMA holds none.
bool holds_roce_data(const model::Host& host);

}  // namespace roce::import
