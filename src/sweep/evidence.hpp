#pragma once
// The hosts' and switches' own findings, as evidence about the fabric's components: a slow link
// (LINK-SPEED, LINK-STATE) names the NIC port, a narrow PCIe link (PCIE-LINK, TOPO-PCIE-DEGRADED)
// the PCIe link, a bad signal or flaps (LINK-SIGNAL, LINK-FLAP) the cable, a switch's own counters
// (XSW-COUNTERS) the leaf port or the leaf-spine link they were read on; every other finding of a
// NIC (PAUSE-STORM, ECN-IDLE, DROP-*) rides along as what its host saw.
#include <string>
#include <vector>

#include "engine/finding.hpp"
#include "fabric/fabric.hpp"
#include "fabric/test.hpp"
#include "profile/profile.hpp"

namespace roce::sweep {

/// One host's or switch's findings as judged ("switch exports" for findings about switch ports).
struct JudgedFindings {
  std::string hostname;
  std::vector<engine::Finding> findings;
};

/// The findings that name a component of `fabric`, mapped onto it (pure). A host is matched by
/// name (its first label: "gpu007.cluster" is gpu007), a NIC by RDMA device or netdev, a switch
/// port ("leaf01 Ethernet8") by the leaf's name and port.
std::vector<fabric::Evidence> evidence_of(const fabric::Fabric& fabric, const std::vector<JudgedFindings>& judged);

/// Judges each capture (any that `check --from` reads) and the switch exports (as `check --switch`
/// reads them, on their own), keeping only the findings; what cannot be read is a note, and the
/// rest is judged.
std::vector<JudgedFindings> judge_evidence(const std::vector<std::string>& captures,
                                           const std::vector<std::string>& switch_exports,
                                           const profile::Profile& profile, std::vector<std::string>& notes);

}  // namespace roce::sweep
