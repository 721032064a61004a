// Scenario tests of DCBX-OWNER (checks/dcbx_owner.cpp).
#include "qos_config_scenarios.hpp"

namespace roce::test {

TEST_CASE("DCBX-OWNER: firmware LLDP agent (LLD_MANAGED) on an ice port") {
  Run run(configured([](model::Host& h) {
    auto& nd = netdev(h);
    *nd.dcb.dcbx = 0x02 | 0x08;  // LLD_MANAGED | VER_IEEE
    nd.driver->driver = "ice";
  }));
  const auto& f = only_finding(run, "DCBX-OWNER");
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "DCB is managed by an LLDP agent outside the host (DCBX LLD_MANAGED)");
  CHECK(f.evidence.at(0).name == "dcb dcbx");
  CHECK(f.evidence.at(0).value == "LLD_MANAGED|VER_IEEE (0x0a)");
  CHECK(f.evidence.at(0).from.locator == "ens1f0np0 DCB_ATTR_DCBX");
  CHECK(f.remediation.front() == "ethtool --set-priv-flags ens1f0np0 fw-lldp-agent off");
}

TEST_CASE("DCBX-OWNER: other drivers are told to hand DCBX to the host; host/static is fine") {
  Run run(configured([](model::Host& h) { *netdev(h).dcb.dcbx = 0x02 | 0x04; }));
  const auto& f = only_finding(run, "DCBX-OWNER");
  CHECK(f.evidence.at(0).value == "LLD_MANAGED|VER_CEE (0x06)");
  CHECK(f.remediation.front() == "dcb dcbx set dev ens1f0np0 host ieee");
  CHECK(Run(configured([](model::Host& h) { *netdev(h).dcb.dcbx = 0x01 | 0x10; })).result("DCBX-OWNER").status ==
        Status::ok);
}

TEST_CASE("DCBX-OWNER: a running lldpad is information about the host; lldpd, which never sets DCB, is not") {
  Run run(configured([](model::Host& h) {
    h.lldp_agents = model::Field<std::vector<std::string>>::of({"lldpad (pid 812)", "lldpd (pid 977)"},
                                                               {"sos", "sos_commands/process/ps_auxwww:1"});
  }));
  const auto& f = only_finding(run, "DCBX-OWNER");
  CHECK(f.severity == Severity::info);
  CHECK(f.subject.netdev.empty());  // about the host, not one port
  CHECK(contains(f.title, "lldpad runs on this host"));
  CHECK(f.evidence.at(0).value == "lldpad (pid 812)");
  CHECK(f.evidence.at(0).from.locator == "sos_commands/process/ps_auxwww:1");
  CHECK(contains(f.remediation.front(), "lldptool -t -i IF -V PFC"));

  for (auto agents : {std::vector<std::string>{"lldpd (pid 977)"}, std::vector<std::string>{}})
    CHECK(Run(configured([&](model::Host& h) { h.lldp_agents = model::Field<std::vector<std::string>>::of(agents); }))
              .result("DCBX-OWNER")
              .status == Status::ok);
}

TEST_CASE("DCBX-OWNER: skipped when the DCBX mode is not reported") {
  Run run(configured([](model::Host& h) {
    netdev(h).dcb.dcbx = model::missing_from_errno<std::uint8_t>(EOPNOTSUPP, "DCB_CMD_GDCBX");
  }));
  const auto& r = run.result("DCBX-OWNER");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "dcbx-mode unsupported (DCB_CMD_GDCBX: Operation not supported)"));
}

}  // namespace roce::test
