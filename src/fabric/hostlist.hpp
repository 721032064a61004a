#pragma once
// Slurm host list expressions, as `scontrol show hostnames` expands them: "gpu[001-004,010]",
// "a[1-2]-ib[3-4]" (every combination, left varying slowest), "node1,node2", and the reverse.
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.hpp"

namespace roce::fabric {

/// The host names of `expression`, in order; zero-padding of a range is kept ("gpu[008-010]" ->
/// gpu008 gpu009 gpu010). A malformed expression fails naming the column.
Expected<std::vector<std::string>> expand_hostlist(std::string_view expression);

/// The shortest expression of `hosts` as Slurm writes it ("gpu[001-003,007]"), in the given order
/// where ranges allow.
std::string compress_hostlist(const std::vector<std::string>& hosts);

}  // namespace roce::fabric
