#pragma once
// A sweep's plan made from its inputs: the hosts (a Slurm node list, a host file, or the fabric the
// captures' LLDP cables describe) and how each test runs.
#include <string>
#include <string_view>
#include <vector>

#include "fabric/fabric.hpp"
#include "sweep/plan_file.hpp"
#include "util/expected.hpp"

namespace roce::sweep {

struct MadePlan {
  Plan plan;
  std::vector<std::string> notes;  // hosts left out of the plan, and why
};

/// The coverage rounds of `fabric` with these settings (round_limit 0: ceil(log2 hosts) + 3, never
/// fewer than the coverage rounds). A host without an RDMA NIC is left out with a note naming it;
/// no NIC at all fails.
Expected<MadePlan> make_plan(fabric::Fabric fabric, TestSettings settings, bool loopback = true);

/// The host names of a host file: one a line, its first word (an MPI host file's "slots=8" after
/// it is left), `#` to the end of a line a comment, blank lines and CRLF line ends allowed. Fails
/// "FILE:LINE: ..." on a name listed twice or a name that cannot be a host's, and on a file
/// naming no host.
Expected<std::vector<std::string>> hostfile_hosts(std::string_view text, const std::string& file);
/// Reads the file with util::read_file, then hostfile_hosts.
Expected<std::vector<std::string>> read_hostfile(const std::string& path);

}  // namespace roce::sweep
