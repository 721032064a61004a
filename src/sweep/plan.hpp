#pragma once
// The sweep's plan: rounds of bandwidth tests in which no NIC is in two tests, rail-aligned, first
// covering every NIC (alone, as sender and as receiver) and every leaf-spine way, then adaptive
// rounds chosen from the results so far to split the suspects. Pure: fabric and results in, tests
// out.
#include <cstdint>
#include <string>
#include <vector>

#include "fabric/fabric.hpp"
#include "fabric/test.hpp"

namespace roce::sweep {

struct Round {
  std::vector<fabric::Test> tests;
  std::string purpose;  // "every NIC alone (loopback)", "suspects against known-good partners"
  bool operator==(const Round&) const = default;
};

struct PlanOptions {
  int max_rounds = 0;    // 0: ceil(log2 hosts) + 3
  bool loopback = true;  // a first round of every NIC alone
};

/// The first rounds: every NIC alone, then twice paired with another host's NIC of the same rail,
/// once sending and once receiving, partners on another leaf in one round and on the same leaf in
/// the other where the fabric allows. Hosts left without a partner (an odd count) are named in
/// `unpaired` and tested against a known-good host in the first adaptive round.
struct Coverage {
  std::vector<Round> rounds;
  std::vector<fabric::HostRail> unpaired;
};
Coverage plan_coverage(const fabric::Fabric& fabric, const PlanOptions& options);

/// The round limit for `hosts` hosts: options.max_rounds, or ceil(log2 hosts) + 3.
int round_limit(std::size_t hosts, const PlanOptions& options);

/// One round of the `wanted` tests, in their order, leaving out any that would put a NIC in two
/// tests; ids are numbered from `first_id`.
Round fit_round(const std::vector<fabric::Test>& wanted, std::uint32_t first_id, std::string purpose);

}  // namespace roce::sweep
