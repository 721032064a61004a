#pragma once
// Configuration differences between two hosts, found by walking both models member by member
// through schema.hpp's list: a member added to the model is compared without a change here.
#include <vector>

#include "diff/diff.hpp"
#include "model/host.hpp"

namespace roce::diff {

/// The host's own members first (subject "host"), then each netdev, then each RDMA device, matched
/// by name; within a subject, members in schema order, those set on B only after the rest.
std::vector<ConfigChange> config_changes(const model::Host& a, const model::Host& b);

}  // namespace roce::diff
