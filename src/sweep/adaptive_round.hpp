#pragma once
// The next round of a sweep run, chosen from its results so far: the folder read back, localized,
// and the tests that would tell the remaining candidates apart fitted into one round (no NIC in two
// tests). NICs the coverage left without a partner are tested in it too, against the same rail of
// a host whose tests were all well.
#include <cstdint>
#include <optional>
#include <string>

#include "sweep/plan_file.hpp"
#include "util/expected.hpp"

namespace roce::sweep {

/// nullopt when there is nothing left to tell apart. Fails when the folder cannot be read.
Expected<std::optional<Round>> adaptive_round(const Plan& plan, const std::string& out_dir, std::uint32_t first_id);

}  // namespace roce::sweep
