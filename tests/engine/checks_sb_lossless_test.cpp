// SB-LOSSLESS on a Spectrum-2 switchdev host whose shared buffer is read from `devlink sb pool/port
// pool/tc bind show` text (tests/fixtures/import/switchdev-sb, built from mlxsw's defaults and the
// kernel's lossless selftest set-up): healthy, then each broken binding of the lossless priority.
#include <string>

#include "captures/text/devlink_sb_text.hpp"
#include "scenario_prelude.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"

namespace roce::test {

using engine::CheckResult;

namespace {

const std::string kDir = std::string(ROCE_FIXTURES_DIR) + "/import/switchdev-sb/";

// The three files as one text, in the order a capture script runs them.
std::string sb_text() {
  return slurp(kDir + "devlink_sb_pool_show") + slurp(kDir + "devlink_sb_port_pool_show") +
         slurp(kDir + "devlink_sb_tc_bind_show");
}

model::Host switchdev_host(const std::string& text = sb_text()) {
  model::Host h;
  h.hostname = "sw-leaf-07";
  auto parsed = captures::text::parse_devlink_sb(text, {"folder", "devlink_sb"});
  REQUIRE(parsed.ok());
  REQUIRE(parsed->warnings.empty());
  h.shared_buffers = model::SharedBuffers::of(parsed->value, {"folder", "devlink_sb"});
  model::NetDev nd;
  nd.name = "swp1";
  model::Pfc pfc;
  pfc.pfc_cap = 8, pfc.pfc_en = 1 << 3;
  nd.dcb.pfc = model::Field<model::Pfc>::of(pfc, {"dcbnl", "swp1 DCB_ATTR_IEEE_PFC"});
  model::Buffer buffer;
  buffer.prio2buffer = {0, 0, 0, 3, 0, 0, 0, 0};
  nd.dcb.buffer = model::Field<model::Buffer>::of(buffer, {"dcbnl", "swp1 DCB_ATTR_DCB_BUFFER"});
  model::Ets ets;
  ets.prio_tc = {0, 1, 2, 3, 4, 5, 6, 7};
  nd.dcb.ets = model::Field<model::Ets>::of(ets, {"dcbnl", "swp1 DCB_ATTR_IEEE_ETS"});
  h.netdevs.push_back(std::move(nd));
  return h;
}

// The fixture's text with one binding row replaced.
std::string rebound(const std::string& from, const std::string& to) {
  std::string text = sb_text();
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

CheckResult sb_lossless(const model::Host& h) {
  engine::Context ctx(h, nullptr, 0, profile::default_profile());
  engine::Selection only;
  only.only = {"SB-LOSSLESS"};
  auto results = checks::run_checks(ctx, only);
  REQUIRE(results.size() == 1);
  return results[0];
}

}  // namespace

TEST_CASE("SB-LOSSLESS: priority 3 in a static ingress and a static egress PFC pool, quota the pool size, is fine") {
  const auto r = sb_lossless(switchdev_host());
  INFO(r.skipped_reason);
  CHECK(r.status == Status::ok);
}

TEST_CASE("SB-LOSSLESS: the lossless PG in an ingress pool of size 0 is critical, rebound to the PFC pool") {
  const auto r = sb_lossless(
      switchdev_host(rebound("tc 3 type ingress pool 2 threshold 1000080", "tc 3 type ingress pool 1 threshold 0")));
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "swp1");
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "swp1 priority 3: ingress PG 3 is bound to ingress pool 1 of pci/0000:03:00.0, which has size 0");
  REQUIRE(find_evidence(f, "devlink sb tc bind swp1 tc 3 ingress"));
  CHECK(find_evidence(f, "devlink sb tc bind swp1 tc 3 ingress")->value == "pool 1 threshold 0 (0 bytes)");
  CHECK(find_evidence(f, "devlink sb tc bind swp1 tc 3 ingress")->from == model::Provenance{"folder", "devlink_sb:29"});
  CHECK(find_evidence(f, "devlink sb pool pci/0000:03:00.0 pool 1")->value == "ingress size 0 thtype static");
  CHECK(f.remediation == std::vector<std::string>{"devlink sb tc bind set swp1 tc 3 type ingress pool 2 th 1000080"});
}

TEST_CASE("SB-LOSSLESS: mlxsw's default egress binding (dynamic pool 4) drops lossless traffic: warning") {
  const auto r = sb_lossless(
      switchdev_host(rebound("tc 3 type egress pool 6 threshold 10000080", "tc 3 type egress pool 4 threshold 9")));
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::warning);
  CHECK(f.title ==
        "swp1 priority 3: egress TC 3 is bound to egress pool 4 of pci/0000:03:00.0, a dynamic pool "
        "(threshold 9, alpha 1/2 of the free pool): the switch drops it at egress");
  // Pool 8 is static too, but it is the multicast pool (TCs 8-15): the fix is the PFC pool 6.
  CHECK(f.remediation == std::vector<std::string>{"devlink sb tc bind set swp1 tc 3 type egress pool 6 th 10000080"});
}

TEST_CASE("SB-LOSSLESS: without a static egress pool with room, the fix sizes an empty one first") {
  std::string text = rebound("tc 3 type egress pool 6 threshold 10000080", "tc 3 type egress pool 4 threshold 9");
  const std::string pool6 = "pool 6 type egress size 10000080 thtype static";
  text.replace(text.find(pool6), pool6.size(), "pool 6 type egress size 0 thtype static");
  const auto r = sb_lossless(switchdev_host(text));
  REQUIRE(r.status == Status::finding);
  CHECK(r.findings.at(0).remediation ==
        std::vector<std::string>{"devlink sb pool set pci/0000:03:00.0 pool 5 size 10000000 thtype static",
                                 "devlink sb tc bind set swp1 tc 3 type egress pool 5 th 10000000"});
}

TEST_CASE("SB-LOSSLESS: a static quota below the pool size, or 0 at ingress, is a warning") {
  auto r = sb_lossless(switchdev_host(
      rebound("tc 3 type egress pool 6 threshold 10000080", "tc 3 type egress pool 6 threshold 1000080")));
  REQUIRE(r.status == Status::finding);
  CHECK(r.findings.at(0).severity == Severity::warning);
  CHECK(r.findings.at(0).remediation ==
        std::vector<std::string>{"devlink sb tc bind set swp1 tc 3 type egress pool 6 th 10000080"});
  r = sb_lossless(
      switchdev_host(rebound("tc 3 type ingress pool 2 threshold 1000080", "tc 3 type ingress pool 2 threshold 0")));
  REQUIRE(r.status == Status::finding);
  CHECK(r.findings.at(0).title ==
        "swp1 priority 3: ingress PG 3 is bound to ingress pool 2 of pci/0000:03:00.0 "
        "with a static quota of 0 bytes");
}

TEST_CASE("SB-LOSSLESS: no devlink data, no dcb pfc or no lossless priority is skipped with the reason") {
  auto h = switchdev_host();
  h.shared_buffers = model::SharedBuffers::missing(model::Availability::unsupported,
                                                   "devlink: no device has a shared buffer (no sb pools)");
  auto r = sb_lossless(h);
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "devlink shared buffer unsupported (devlink: no device has a shared buffer (no sb pools))");
  h = switchdev_host();
  h.netdevs[0].dcb.pfc = model::Field<model::Pfc>::missing(model::Availability::absent, "");
  CHECK(sb_lossless(h).status == Status::skipped);
  h = switchdev_host();
  h.netdevs[0].dcb.pfc->pfc_en = 0;
  r = sb_lossless(h);
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "swp1: no PFC-enabled priority: no lossless traffic to buffer");
}

}  // namespace roce::test
