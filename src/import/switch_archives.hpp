#pragma once
// Switch exports that come as archives: a SONiC `show techsupport` tar.gz (sonic_dump_HOST_DATE/
// with dump/CONFIG_DB.json, the CLI outputs under dump/ and etc/sonic/config_db.json) is extracted
// with extract_archive's safety rules into a private directory and read as one switch folder, its
// files named "ARCHIVE:PATH" in errors and provenance.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::import {

/// switches::read_switch_exports, where a path may also be an archive of one switch.
Expected<model::SwitchSide> read_switch_exports_or_archives(const std::vector<std::string>& paths,
                                                            const std::string& switch_name = "");

/// What the name of a tech-support archive or of the folder it extracts to says: generate_dump names
/// both sonic_dump_HOST_YYYYMMDD_HHMMSS (`date +%Y%m%d_%H%M%S` on the switch).
struct TechSupportName {
  std::string host;
  std::string stamp;  // "20261130_005320"
};

/// The host and stamp of "sonic_dump_leaf01_20261130_005320" (also with .tar.gz or .tgz); nullopt
/// for another name.
std::optional<TechSupportName> tech_support_name(std::string_view file_name);

/// The tech-support archives a capture folder holds (files named sonic_dump_*.tar.gz, or *.tgz),
/// added to `into`; one it cannot read is a warning.
void add_switch_archives(const std::string& dir, model::SwitchSide& into, std::vector<std::string>& warnings);

}  // namespace roce::import
