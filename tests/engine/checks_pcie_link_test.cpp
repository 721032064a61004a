// Scenario tests of PCIE-LINK (checks/pcie_link.cpp).
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("PCIE-LINK: a Gen3 x8 link under a 100G port") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).pcie = {"8.0 GT/s PCIe", "16.0 GT/s PCIe", 8, 16}; };
  const auto f = only_finding(Run(s).result("PCIE-LINK"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title ==
        "PCIe link x8 at 8.0 GT/s PCIe, capable of x16 at 16.0 GT/s PCIe: ~63 Gb/s, below the 100 Gb/s port");
  CHECK(evidence_names(f) ==
        std::vector<std::string>{"current_link_speed", "max_link_speed", "current_link_width", "max_link_width"});
  CHECK(evidence(f, "current_link_width").value == "8");
  CHECK_THAT(f.explanation, Contains("narrower and slower"));
  CHECK(f.remediation == std::vector<std::string>{"lspci -s 0000:b1:00.0 -vv | grep -E 'LnkCap|LnkSta'"});
}

TEST_CASE("PCIE-LINK: narrower only, still above the port speed; old kernels' speed strings") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).pcie = {"16 GT/s", "16 GT/s", 8, 16}; };
  const auto f = only_finding(Run(s).result("PCIE-LINK"));
  CHECK(f.title == "PCIe link x8 at 16 GT/s, capable of x16 at 16 GT/s: ~126 Gb/s");
  CHECK_THAT(f.explanation, Contains("trained narrower than"));
}

TEST_CASE("PCIE-LINK: unknown or missing link status is skipped") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).pcie = {"Unknown", "Unknown", 0, 0}; };
  const auto r = Run(s).result("PCIE-LINK");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("PCIe link speed and width unknown"));
  s.config = [](model::Host& h) {
    netdev(h).pcie = Field<model::PcieLink>::missing(model::Availability::absent, "no PCI device (virtual netdev)");
  };
  const auto r2 = Run(s).result("PCIE-LINK");
  CHECK(r2.status == Status::skipped);
  CHECK(r2.skipped_reason == "ens1f0np0: pcie-link absent (no PCI device (virtual netdev))");
}

}  // namespace roce::test
