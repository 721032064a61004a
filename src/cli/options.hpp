#pragma once
// The options several commands take, each declared once with one help text. A command adds the
// ones it takes; where an option means more for one command, that command adds a clause to the text.
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

/// --sysfs-root DIR and --host SPEC. On the main command, and on each subcommand that reads a host,
/// so that its --help lists them too (both bind the same GlobalOptions).
void add_system_options(CLI::App& command, GlobalOptions& global);

/// --dev NAME: only this netdev or RDMA device, and what pairs with it.
CLI::Option* add_dev_option(CLI::App& command, std::string& dev);

/// --profile NAME|FILE: the desired state; `clause` (may be empty) says what of it the command reads.
CLI::Option* add_profile_option(CLI::App& command, std::string& profile, std::string_view clause = {});

/// --from CAPTURE (once): a capture read instead of this host; `clause` says what the command reads of it.
CLI::Option* add_from_option(CLI::App& command, std::string& capture, std::string_view clause);
/// --from CAPTURE, once or twice (two captures of one host give rates).
CLI::Option* add_from_option(CLI::App& command, std::vector<std::string>& captures, std::string_view clause);

/// --interval DURATION between the two samples the rate checks compare (parse_window: 0 is one
/// sample); its default is the value `interval` holds ("5s", "1s", "0").
CLI::Option* add_rate_interval_option(CLI::App& command, std::string& interval);
/// --interval DURATION between the samples a command takes (collect, record); default `interval`.
CLI::Option* add_sample_interval_option(CLI::App& command, std::string& interval);

/// --switch EXPORT...: the switches at the other end of the host's cables; `clause` says what the
/// command does with them.
CLI::Option* add_switch_option(CLI::App& command, std::vector<std::string>& exports, std::string_view clause);
/// --switch-name NAME: the switch's name when its exports do not carry it (CLI outputs alone).
CLI::Option* add_switch_name_option(CLI::App& command, std::string& name);

/// --json: print `what` as JSON.
CLI::Option* add_json_flag(CLI::App& command, bool& json, std::string_view what);

}  // namespace roce::cli
