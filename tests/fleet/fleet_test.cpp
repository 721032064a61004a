// roce_fleet: summaries of the example hosts, and what a fleet of them reports.
#include <catch2/catch.hpp>

#include "checks/registry.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "examples/cx6dx_example.hpp"
#include "fleet/check_json_read.hpp"
#include "fleet/fleet.hpp"
#include "fleet/host_summary.hpp"
#include "profile/profile.hpp"

namespace roce::test {
namespace {

using examples::Cx6dx;

// The example host judged by the whole catalog, under another name; `change` edits both samples.
fleet::HostSummary judged(Cx6dx kind, const std::string& name, void (*change)(model::Host&) = nullptr) {
  model::Host before = examples::cx6dx_sample(kind, 0), now = examples::cx6dx_sample(kind, 1);
  if (change) {
    change(before);
    change(now);
  }
  const profile::Profile profile;
  const engine::Context ctx(now, &before, engine::seconds_between(before, now), profile);
  const auto results = checks::run_checks(ctx);
  const auto ranked = engine::ranked_findings(checks::all_checks(), results);
  return fleet::summarize(name, ctx, ranked, 0);
}

model::NetDev& roce_netdev(model::Host& h) {
  for (auto& n : h.netdevs)
    if (n.name == "ens1f0np0") return n;
  FAIL("no ens1f0np0");
  return h.netdevs.front();
}

const fleet::Setting* setting(const fleet::HostSummary& h, const std::string& field) {
  for (const auto& s : h.settings)
    if (s.field == field) return &s;
  return nullptr;
}

}  // namespace

TEST_CASE("a host's summary holds the compared settings of its RoCE port, by NIC model") {
  const auto h = judged(Cx6dx::healthy, "node01");
  const auto* pfc = setting(h, "pfc mask");
  REQUIRE(pfc);
  CHECK(pfc->nic == "ConnectX-6 Dx");
  CHECK(pfc->port == "ens1f0np0");
  CHECK(pfc->value == "3");
  REQUIRE(setting(h, "trust"));
  CHECK(setting(h, "trust")->value == "dscp");
  REQUIRE(setting(h, "firmware"));
  CHECK(setting(h, "firmware")->value == "22.39.1002");
  REQUIRE(setting(h, "ecn np"));
  CHECK(setting(h, "ecn np")->value == "0,1,2,3,4,5,6,7");
  REQUIRE(setting(h, "mtu"));
  REQUIRE(setting(h, "cable length"));
  REQUIRE(h.pause.size() == 1);
  CHECK(h.pause[0].frames_per_s > 0);
}

TEST_CASE("a setting the capture does not hold is left out, one the driver refused is compared as missing") {
  const auto h = judged(Cx6dx::healthy, "node01", [](model::Host& host) {
    roce_netdev(host).trust = {};
    roce_netdev(host).mtu = model::Field<std::uint32_t>::missing(model::Availability::denied, "EPERM");
  });
  CHECK(setting(h, "trust") == nullptr);
  REQUIRE(setting(h, "mtu"));
  CHECK(setting(h, "mtu")->value == "missing (denied)");
}

TEST_CASE("the one host whose PFC mask differs from the majority is the drift, with the majority value") {
  fleet::Fleet f;
  for (const char* name : {"node01", "node02", "node03"}) f.add(judged(Cx6dx::healthy, name));
  f.add(judged(Cx6dx::healthy, "node04", [](model::Host& h) { roce_netdev(h).dcb.pfc->pfc_en = 0x18; }));
  const auto r = f.report();
  CHECK(r.hosts_read == 4);
  REQUIRE(r.drift.size() == 1);
  CHECK(r.drift[0].field == "pfc mask");
  CHECK(r.drift[0].nic == "ConnectX-6 Dx");
  CHECK(r.drift[0].majority == "3");
  CHECK(r.drift[0].majority_hosts == 3);
  CHECK(r.drift[0].compared == 4);
  CHECK_FALSE(r.drift[0].split);
  REQUIRE(r.drift[0].hosts.size() == 1);
  CHECK(r.drift[0].hosts[0].host == "node04");
  CHECK(r.drift[0].hosts[0].value == "3,4");
  CHECK(r.exit_code() == 1);
}

TEST_CASE("hosts with different NIC models are not compared with each other") {
  fleet::Fleet f;
  f.add(judged(Cx6dx::healthy, "node01"));
  f.add(judged(Cx6dx::healthy, "node02"));
  f.add(judged(Cx6dx::healthy, "cx7-01", [](model::Host& h) {
    h.rdma_devices.front().hca_type->assign("MT4129");
    *roce_netdev(h).mtu = 1500;
  }));
  const auto r = f.report();
  CHECK(r.drift.empty());
  REQUIRE(r.nics.size() == 2);
  CHECK(r.nics[0] == std::pair<std::string, std::size_t>{"ConnectX-6 Dx", 2});
  CHECK(r.nics[1] == std::pair<std::string, std::size_t>{"ConnectX-7", 1});
}

TEST_CASE("a tie has no majority: the field is marked split") {
  fleet::Fleet f;
  f.add(judged(Cx6dx::healthy, "node01"));
  f.add(judged(Cx6dx::healthy, "node02", [](model::Host& h) { roce_netdev(h).trust->assign("pcp"); }));
  const auto r = f.report();
  REQUIRE(r.drift.size() == 1);
  CHECK(r.drift[0].field == "trust");
  CHECK(r.drift[0].split);
  CHECK(r.drift[0].majority == "dscp");  // ties go to the first value in text order
  CHECK(r.drift[0].hosts.size() == 1);
}

TEST_CASE("each finding is listed once with every host that has it, worst severity first") {
  fleet::Fleet f;
  f.add(judged(Cx6dx::healthy, "node01"));
  f.add(judged(Cx6dx::ecn_off, "node02"));
  f.add(judged(Cx6dx::ecn_off, "node03"));
  f.add(judged(Cx6dx::trust_pcp, "node04"));
  const auto r = f.report();
  const fleet::FleetFinding* ecn = nullptr;
  for (const auto& finding : r.findings)
    if (finding.id == "ECN-NIC") ecn = &finding;
  REQUIRE(ecn);
  CHECK(ecn->hosts == std::vector<std::string>{"node02", "node03"});
  for (std::size_t i = 1; i < r.findings.size(); ++i) CHECK(r.findings[i - 1].severity >= r.findings[i].severity);
}

TEST_CASE("a port pausing far more than the ports of its NIC model is a pause outlier") {
  fleet::Fleet f;
  for (const char* name : {"node01", "node02", "node03"}) f.add(judged(Cx6dx::healthy, name));
  f.add(judged(Cx6dx::ecn_off, "node04"));
  const auto r = f.report();
  REQUIRE(r.outliers.size() == 1);
  CHECK(r.outliers[0].host == "node04");
  CHECK(r.outliers[0].port == "ens1f0np0");
  CHECK(r.outliers[0].peers == 4);
  CHECK(r.outliers[0].frames_per_s > fleet::kOutlierFactor * r.outliers[0].peer_median);
}

TEST_CASE("fewer ports than the outlier minimum give no pause outlier") {
  fleet::Fleet f;
  f.add(judged(Cx6dx::healthy, "node01"));
  f.add(judged(Cx6dx::ecn_off, "node02"));
  CHECK(f.report().outliers.empty());
}

TEST_CASE("two captures with one hostname stay two hosts") {
  fleet::Fleet f;
  f.add(judged(Cx6dx::healthy, "node01"));
  f.add(judged(Cx6dx::ecn_off, "node01"));
  const auto r = f.report();
  CHECK(r.hosts_read == 2);
  bool found = false;
  for (const auto& finding : r.findings)
    if (finding.id == "ECN-NIC") found = finding.hosts == std::vector<std::string>{"node01 #2"};
  CHECK(found);
}

TEST_CASE("no host read is an input error; unreadable hosts beside healthy ones are a warning") {
  fleet::Fleet f;
  f.add_error({"bad.json", "bad", ""});
  CHECK(f.report().exit_code() == 3);
  f.add(judged(Cx6dx::healthy, "node01"));
  CHECK(f.report().exit_code() == 1);
}

TEST_CASE("a check --json output is read back as its host's findings and verdict") {
  const std::string text = R"({
  "schema_version": 1,
  "host": {"hostname": "node09", "hardware": "ConnectX-6 Dx mlx5_0"},
  "verdict": {"status": "critical", "critical": 1, "warning": 0, "info": 0, "exit_code": 2},
  "findings": [{"id": "QOS-TRUST", "severity": "critical", "subject": {"text": "ens1f0np0"}, "title": "trust is pcp"}],
  "results": []
})";
  CHECK(fleet::looks_like_check_json(text));
  CHECK_FALSE(fleet::looks_like_check_json(R"({"format": "roce-doctor-bundle"})"));
  auto h = fleet::read_check_json(text, "node09.json");
  REQUIRE(h);
  CHECK(h->name == "node09");
  CHECK(h->exit_code == 2);
  REQUIRE(h->findings.size() == 1);
  CHECK(h->findings[0].id == "QOS-TRUST");
  CHECK(h->findings[0].severity == engine::Severity::critical);
  CHECK(h->settings.empty());
}

TEST_CASE("a check --json output that is wrong is rejected with the file and the place") {
  auto bad_severity = fleet::read_check_json(
      R"({"schema_version": 1, "host": {"hostname": "n"}, "verdict": {"exit_code": 1},
          "findings": [{"id": "X", "severity": "bad", "title": "t"}]})",
      "n.json");
  REQUIRE_FALSE(bad_severity);
  CHECK(bad_severity.error().message == "n.json: findings[0]: severity \"bad\" is not critical, warning or info");
  auto truncated = fleet::read_check_json(R"({"schema_version": 1, "host": )", "t.json");
  REQUIRE_FALSE(truncated);
  CHECK(truncated.error().message.starts_with("t.json: "));
  auto failed = fleet::read_check_json(R"({"schema_version": 1, "error": {"message": "no such file", "exit_code": 3}})",
                                       "e.json");
  REQUIRE_FALSE(failed);
  CHECK(failed.error().message == "e.json: check failed: no such file");
}

}  // namespace roce::test
