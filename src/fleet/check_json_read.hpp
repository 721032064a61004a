#pragma once
// Reads a `check --json` output (report/check_json.hpp) back as a host summary: its findings and
// verdict. Such an output holds no configuration, so the host takes part in the findings, not in
// drift or pause outliers.
#include <string_view>

#include "fleet/host_summary.hpp"
#include "util/expected.hpp"

namespace roce::fleet {

/// True when `text` opens like a `check --json` output (its first key is "schema_version" followed
/// by "host" or "error") rather than a bundle (first key "format").
bool looks_like_check_json(std::string_view text);

/// `name` (the file) prefixes every error with the JSON position or key that is wrong. An output
/// that holds `check`'s error object fails with that error's message.
Expected<HostSummary> read_check_json(std::string_view text, std::string_view name);

}  // namespace roce::fleet
