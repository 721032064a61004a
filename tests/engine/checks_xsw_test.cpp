// Scenario tests of the cross checks (XSW-*): the healthy host of the host builder, cabled by its
// LLDP to port Ethernet0 of the SONiC switch leaf01 of tests/fixtures/switch, healthy and broken.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "observed_run.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "switch/cable_join.hpp"
#include "switch/config_db_tables.hpp"
#include "switch/host_lldp.hpp"
#include "switch/load_exports.hpp"
#include "switch/sonic_cli_attach.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "switch/sonic_config_db.hpp"

namespace roce::test {

using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

namespace {

const std::vector<std::string> kCrossChecks{"XSW-DSCP-QUEUE", "XSW-PFC-PRIO", "XSW-ECN",
                                            "XSW-HEADROOM",   "XSW-PFCWD",    "XSW-TRUST-MTU"};

std::string fixture(const std::string& name) { return slurp(std::string(ROCE_FIXTURES_DIR) + "/switch/" + name); }

/// The host, its switch (CONFIG_DB tables edited by `edit_switch`) and the catalog's results.
struct CrossRun {
  model::Host before, now;
  model::Observations obs;
  std::vector<engine::CheckResult> results;

  explicit CrossRun(const std::string& config_db,
                    const std::function<void(switches::ConfigDbTableMap&)>& edit_switch = {},
                    const std::function<void(model::SwitchSide&)>& edit_side = {}) {
    auto tables = switches::read_config_db_tables(fixture(config_db), config_db);
    REQUIRE(tables);
    if (edit_switch) edit_switch(tables->tables);
    run(*tables, config_db, edit_side);
  }
  /// The same from CONFIG_DB tables already read.
  CrossRun(const switches::ConfigDbTables& tables, const std::string& config_db) { run(tables, config_db, {}); }

  void run(const switches::ConfigDbTables& tables, const std::string& config_db,
           const std::function<void(model::SwitchSide&)>& edit_side) {
    const Scenario s = healthy_scenario();
    before = s.build_before();
    now = s.build_now();
    auto sw = switches::switch_from_config_db(tables, config_db);
    REQUIRE(sw);
    obs.switches.switches.push_back(std::move(*sw));
    auto lldp = switches::parse_lldpctl_json(fixture("lldpctl_json_one_neighbour.json"), "lldpctl");
    REQUIRE(lldp);
    obs.switches.host_lldp = *lldp;
    if (edit_side) edit_side(obs.switches);
    obs.switches.cables = switches::join_cables(now, obs.switches);
    const profile::Profile prof = profile::default_profile();
    engine::Context ctx(now, &before, s.dt_seconds, prof, &obs);
    results = checks::run_checks(ctx);
  }
  const engine::CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    throw std::logic_error("no result for " + std::string(id));
  }
};

const engine::Finding& only_finding(const engine::CheckResult& r) {
  INFO(r.id << " " << engine::to_string(r.status) << " " << r.skipped_reason);
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a healthy host cabled to a switch that maps DSCP 26 to lossless TC 3 judges healthy") {
  CrossRun run("sonic_roce_dscp26_flat.json");
  REQUIRE(run.obs.switches.cables.size() == 1);
  for (const auto& id : kCrossChecks) {
    INFO(id << ": " << run.result(id).skipped_reason);
    CHECK(run.result(id).status == Status::ok);
    CHECK(run.result(id).notes.empty());
  }
  CHECK(run.result("XSW-PAUSE").status == Status::skipped);  // no `show pfcwd stats` given
  CHECK(run.result("XSW-PAUSE").skipped_reason ==
        "ens1f0np0: leaf01 Ethernet0: no `show pfcwd stats` or `show pfc counters` in the exports");
}

TEST_CASE("without a switch export, or without a cable, the cross checks are skipped with the reason") {
  const Scenario s = healthy_scenario();
  const auto now = s.build_now();
  const profile::Profile prof = profile::default_profile();
  model::Observations none;
  auto results = checks::run_checks(engine::Context(now, nullptr, 0, prof, &none));
  for (const auto& r : results)
    if (r.id.rfind("XSW-", 0) == 0) {
      CHECK(r.status == Status::skipped);
      CHECK(r.skipped_reason == "no switch export given (check --switch EXPORT)");
    }
  CrossRun elsewhere("sonic_roce_dscp26_flat.json", {}, [](model::SwitchSide& side) { side.host_lldp.clear(); });
  CHECK(elsewhere.result("XSW-DSCP-QUEUE").skipped_reason ==
        "no host port joined to a switch port (no LLDP neighbour, MAC or /31 in common)");
}

TEST_CASE("SONiC's default map sends the host's DSCP 26 to lossy TC 1: critical, naming both ends and the fix") {
  CrossRun run("sonic_default_azure_config_db.json");
  const auto& f = only_finding(run.result("XSW-DSCP-QUEUE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.subject.priority == 3);
  CHECK(f.title ==
        "RoCE DSCP 26 of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 (host priority 3) lands in TC 1, queue 1 (no PFC, no "
        "WRED/ECN profile) on leaf01 Ethernet0");
  REQUIRE(f.evidence.size() == 4);
  CHECK(f.evidence[0].value ==
        "gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 (host LLDP: lldpctl: ens1f0np0 neighbour leaf01 port etp1 (alias of "
        "Ethernet0))");
  CHECK(f.evidence[1].name == "DSCP_TO_TC_MAP|AZURE 26");
  CHECK(f.evidence[1].value == "1");
  CHECK(f.evidence[1].from.locator == "sonic_default_azure_config_db.json DSCP_TO_TC_MAP|AZURE");
  CHECK(f.evidence[2].value == "3,4");
  REQUIRE(f.remediation.size() == 1);
  CHECK(f.remediation[0] ==
        R"(on leaf01: echo '[{"op": "add", "path": "/DSCP_TO_TC_MAP/AZURE/26", "value": "3"}]' > roce-fix.json )"
        "&& sudo config apply-patch roce-fix.json");
  // The rest of the default configuration is sound.
  for (const char* id : {"XSW-PFC-PRIO", "XSW-ECN", "XSW-HEADROOM", "XSW-PFCWD", "XSW-TRUST-MTU"}) {
    INFO(id);
    CHECK(run.result(id).status == Status::ok);
  }
}

TEST_CASE("each NIC is joined to its own leaf: the SONiC default leaf is critical, the Cumulus RoCE leaf healthy") {
  const Scenario s = healthy_scenario();
  auto before = s.build_before(), now = s.build_now();
  add_second_port(before);
  add_second_port(now);
  model::Observations obs;
  auto leaf01 = switches::read_sonic_config_db(fixture("sonic_default_azure_config_db.json"), "config_db.json");
  auto leaf02 = switches::read_switch_exports({std::string(ROCE_FIXTURES_DIR) + "/switch/cumulus-leaf02"});
  auto lldp = switches::parse_lldpctl_json(fixture("lldpctl_json_two_neighbours.json"), "lldpctl");
  REQUIRE(leaf01);
  REQUIRE(leaf02);
  REQUIRE(lldp);
  obs.switches.switches = {*leaf01, leaf02->switches[0]};
  obs.switches.host_lldp = *lldp;
  obs.switches.cables = switches::join_cables(now, obs.switches);
  REQUIRE(obs.switches.cables.size() == 2);
  CHECK(obs.switches.cables[1].switch_name == "leaf02");
  CHECK(obs.switches.cables[1].switch_port == "swp16");
  const profile::Profile prof = profile::default_profile();
  const auto results = checks::run_checks(engine::Context(now, &before, s.dt_seconds, prof, &obs));
  for (const auto& r : results) {
    if (r.id.rfind("XSW-", 0) != 0) continue;
    INFO(r.id << " " << r.skipped_reason);
    for (const auto& f : r.findings) {
      INFO(f.title);
      CHECK(f.subject.netdev == "ens1f0np0");  // nothing wrong on the Cumulus cable
    }
  }
  const auto& dscp = std::find_if(results.begin(), results.end(), [](auto& r) { return r.id == "XSW-DSCP-QUEUE"; });
  REQUIRE(dscp->findings.size() == 1);
  CHECK(dscp->notes.empty());
  const auto& pfcwd = *std::find_if(results.begin(), results.end(), [](auto& r) { return r.id == "XSW-PFCWD"; });
  REQUIRE(pfcwd.notes.size() == 1);
  CHECK(pfcwd.notes[0] ==
        "ens1f1np1: leaf02 swp16 PFC watchdog absent (the NVUE RoCE view does not show the PFC watchdog)");
}

TEST_CASE("a lossless queue whose WRED profile sets ecn but not wred_green_enable is the known SONiC trap") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["WRED_PROFILE"]["AZURE_LOSSLESS"].erase("wred_green_enable"); });
  const auto& f = only_finding(run.result("XSW-DSCP-QUEUE"));
  CHECK(f.severity == Severity::warning);
  CHECK(has(f.title, "lands in TC 3, queue 3 (PFC, WRED AZURE_LOSSLESS: ecn ecn_all, wred_green_enable false)"));
  CHECK(has(f.title, ": lossless, but no ECN marking"));
  CHECK(has(f.explanation, "wred_green_enable, which SAI defaults to false"));
  CHECK(has(f.remediation[0],
            R"({"op": "add", "path": "/WRED_PROFILE/AZURE_LOSSLESS/wred_green_enable", "value": "true"})"));
}

TEST_CASE("a CNP DSCP that shares the RoCE queue is a warning") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["DSCP_TO_TC_MAP"]["AZURE"]["48"] = "3"; });
  const auto& f = only_finding(run.result("XSW-DSCP-QUEUE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.priority == 6);
  CHECK(has(f.title, "CNP DSCP 48 of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 shares queue 3"));
}

TEST_CASE("PFC on the host's priority but not on the switch port is critical") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["PORT_QOS_MAP"]["Ethernet0"]["pfc_enable"] = "4"; });
  const auto& f = only_finding(run.result("XSW-PFC-PRIO"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title ==
        "PFC on priority 3 at the host end of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 but not on leaf01 Ethernet0 "
        "(pfc_enable 4)");
  CHECK(has(f.remediation[0], R"("path": "/PORT_QOS_MAP/Ethernet0/pfc_enable", "value": "3,4")"));
  // The RoCE DSCP now lands in a TC without PFC too.
  CHECK(run.result("XSW-DSCP-QUEUE").findings.at(0).severity == Severity::critical);
}

TEST_CASE("an export taken before the buffer manager ran has no lossless PG: critical") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["BUFFER_PG"].erase("Ethernet0|3-4"); });
  const auto& f = only_finding(run.result("XSW-PFC-PRIO"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title ==
        "No lossless buffer PG 3 on leaf01 Ethernet0 for priority 3 of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0");
  CHECK(has(f.remediation[0], R"("path": "/BUFFER_PG/Ethernet0|3/profile", "value": "pg_lossless_100000_5m_profile")"));
}

TEST_CASE("a PFC priority that pauses another queue than its TC uses is a warning") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["MAP_PFC_PRIORITY_TO_QUEUE"]["AZURE"]["3"] = "4"; });
  const auto& f = only_finding(run.result("XSW-PFC-PRIO"));
  CHECK(f.severity == Severity::warning);
  CHECK(has(f.title, "PFC priority 3 pauses queue 4 but TC 3 is sent from queue 3"));
}

TEST_CASE("ECN thresholds that do not ramp, or differ between lossless queues, are warnings") {
  CrossRun inverted("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["WRED_PROFILE"]["AZURE_LOSSLESS"]["green_min_threshold"] = "4194304";
  });
  const auto& r = inverted.result("XSW-ECN");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);  // queues 3 and 4 share the profile
  CHECK(has(r.findings[0].title, "green_min_threshold is not below green_max_threshold"));

  CrossRun differ("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["WRED_PROFILE"]["Q4"] = t["WRED_PROFILE"]["AZURE_LOSSLESS"];
    t["WRED_PROFILE"]["Q4"]["green_min_threshold"] = "131072";
    t["QUEUE"]["Ethernet0|4"]["wred_profile"] = "Q4";
  });
  const auto& f = only_finding(differ.result("XSW-ECN"));
  CHECK(f.title ==
        "Lossless queues of leaf01 Ethernet0 mark ECN differently: queue 3 AZURE_LOSSLESS green 1048576-2097152 B, 5%, "
        "queue 4 Q4 green 131072-2097152 B, 5% (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
}

TEST_CASE("ECN thresholds at or above the point where the lossless PG sends XOFF are warnings") {
  CrossRun healthy("sonic_roce_dscp26_flat.json");
  const auto& pg = healthy.obs.switches.switches[0].ports[0].lossless_pgs.at(0);
  CHECK(*pg.dynamic_th == 0);  // alpha 1: pauses at half the 13945824 B pool, far above 2 MiB
  CHECK(*pg.pool_bytes == 13945824);
  CHECK(pg.pool_bytes.from.locator == "sonic_roce_dscp26_flat.json BUFFER_POOL|ingress_lossless_pool size");
  CHECK(pg.static_th_bytes.availability == model::Availability::absent);

  // alpha 1/8: the PG pauses at 13945824 / 9 = 1549536 B, between the 1 MiB and 2 MiB thresholds.
  CrossRun eighth("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]["dynamic_th"] = "-3";
  });
  const auto& r = eighth.result("XSW-ECN");
  REQUIRE(r.findings.size() == 2);  // queues 3 and 4, both on PG 3-4
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.priority == 3);
  CHECK(f.title ==
        "ECN on lossless queue 3 of leaf01 Ethernet0 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0) marks at "
        "1048576-2097152 B, but PG 3 sends XOFF at 1549536 B: pauses fire before marking saturates");
  REQUIRE(f.evidence.size() == 3);
  CHECK(f.evidence[2].name == "BUFFER_PG|Ethernet0|3-4 pg_lossless_100000_5m_profile");
  CHECK(f.evidence[2].value == "dynamic_th -3 of pool 13945824 B: at most pool x alpha / (1 + alpha) = 1549536 B");
  CHECK(f.evidence[2].from.locator ==
        "sonic_roce_dscp26_flat.json BUFFER_PROFILE|pg_lossless_100000_5m_profile dynamic_th");
  // Thresholds for half the trigger at 100G: max 774768 B, min a tenth of it.
  CHECK(has(f.remediation[0], R"({"op": "add", "path": "/WRED_PROFILE/AZURE_LOSSLESS/green_max_threshold", )"
                              R"("value": "774768"})"));
  CHECK(has(f.remediation[0], R"("path": "/WRED_PROFILE/AZURE_LOSSLESS/green_min_threshold", "value": "77476"})"));
  CHECK(eighth.result("XSW-DSCP-QUEUE").status == Status::ok);

  CrossRun sixteenth("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]["dynamic_th"] = "-4";
  });
  CHECK(has(sixteenth.result("XSW-ECN").findings.at(0).title,
            "PG 3 sends XOFF at 820342 B: pauses fire before any mark"));

  CrossRun fixed("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    auto& prof = t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"];
    prof.erase("dynamic_th");
    prof["static_th"] = "2097152";
  });
  const auto& s = fixed.result("XSW-ECN");
  REQUIRE(s.findings.size() == 2);
  CHECK(has(s.findings[0].title, "PG 3 sends XOFF at 2097152 B: pauses fire before marking saturates"));
  CHECK(s.findings[0].evidence[2].value == "static_th 2097152 B");

  CrossRun broken("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]["dynamic_th"] = "9";
  });
  CHECK(broken.result("XSW-ECN").status == Status::ok);  // no trigger known: not judged
  const auto& warnings = broken.obs.switches.switches[0].warnings;
  CHECK(
      std::find(warnings.begin(), warnings.end(),
                "sonic_roce_dscp26_flat.json BUFFER_PROFILE|pg_lossless_100000_5m_profile dynamic_th: \"9\" is not an "
                "exponent -8..7") != warnings.end());
}

TEST_CASE("a switch PG whose headroom is smaller than its cable holds is critical") {
  CrossRun run(
      "sonic_roce_dscp26_flat.json",
      [](switches::ConfigDbTableMap& t) { t["CABLE_LENGTH"]["AZURE"]["Ethernet0"] = "300m"; },
      [](model::SwitchSide&) {});
  const auto& r = run.result("XSW-HEADROOM");
  REQUIRE(r.status == Status::finding);
  // 300 m at 100G: 37500 B on the cable round trip + 2 x 4200 (the host's MTU, below the switch's 9100) + 64.
  const auto& f = r.findings.at(0);
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.subject.priority == 3);
  CHECK(f.title ==
        "Lossless PG Ethernet0|3-4 of leaf01 Ethernet0 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0) holds 37888 B of "
        "headroom, its 300 m cable at 100000 Mb/s needs at least 45964 B");
  CHECK(f.evidence[1].value == "size 37888 B = xon 19456 + xoff 18432 B");  // Spectrum: the whole PG buffer
  CHECK(f.evidence[4].name == "host mtu");
  CHECK(f.remediation[0] ==
        R"(on leaf01: echo '[{"op": "add", "path": "/BUFFER_PG/Ethernet0|3-4/profile", "value": )"
        R"("pg_lossless_100000_300m_profile"}]' > roce-fix.json && sudo config apply-patch roce-fix.json)");
  // The profile was made for 5 m; and the host sizes its headroom for mlx5's 7 m.
  REQUIRE(r.findings.size() == 3);
  const auto stale = std::find_if(r.findings.begin(), r.findings.end(),
                                  [](const engine::Finding& g) { return has(g.title, " uses pg_lossless"); });
  REQUIRE(stale != r.findings.end());
  CHECK(stale->severity == Severity::warning);
  CHECK(stale->title ==
        "Lossless PG Ethernet0|3-4 of leaf01 Ethernet0 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0) uses "
        "pg_lossless_100000_5m_profile, the port is 100000 Mb/s on a 300 m cable");
}

TEST_CASE("a profile for the right cable whose xoff is too small is fixed in the profile") {
  // Broadcom layout: size is the PG's guaranteed minimum, xoff the headroom.
  CrossRun run("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["CABLE_LENGTH"]["AZURE"]["Ethernet0"] = "300m";
    t["BUFFER_PG"]["Ethernet0|3-4"]["profile"] = "pg_lossless_100000_300m_profile";
    t["BUFFER_PROFILE"]["pg_lossless_100000_300m_profile"] = {
        {"pool", "ingress_lossless_pool"}, {"size", "18796"}, {"xon", "0"}, {"xoff", "40000"}, {"dynamic_th", "0"}};
  });
  const auto& r = run.result("XSW-HEADROOM");
  const auto& f = r.findings.at(0);
  CHECK(f.severity == Severity::critical);
  CHECK(has(f.title, "holds 40000 B of headroom, its 300 m cable at 100000 Mb/s needs at least 45964 B"));
  CHECK(f.evidence[1].value == "xoff 40000 B");
  CHECK(has(f.remediation[0],
            R"([{"op": "add", "path": "/BUFFER_PROFILE/pg_lossless_100000_300m_profile/xoff", "value": "45964"}])"));
  // The profile is the one for the port: no stale-profile finding, only the host's 7 m against 300 m.
  CHECK(r.findings.size() == 2);
}

TEST_CASE("the host's and the switch's length of one cable must agree within the tolerance") {
  const auto cable = [](const char* length) {
    return [length](switches::ConfigDbTableMap& t) { t["CABLE_LENGTH"]["AZURE"]["Ethernet0"] = length; };
  };
  const auto cable_finding = [](const engine::CheckResult& r) {
    return std::find_if(r.findings.begin(), r.findings.end(),
                        [](const engine::Finding& f) { return has(f.title, "The cable "); });
  };
  // The host builder's mlx5 sizes its headroom for 7 m (its PFC delay): 5 m and 17 m are within 10 m.
  CrossRun near("sonic_roce_dscp26_flat.json", cable("5m"));
  CHECK(near.result("XSW-HEADROOM").status == Status::ok);
  CrossRun edge("sonic_roce_dscp26_flat.json", cable("17m"));
  CHECK(cable_finding(edge.result("XSW-HEADROOM")) == edge.result("XSW-HEADROOM").findings.end());
  CHECK(edge.result("XSW-HEADROOM").findings.size() == 1);  // the 5 m profile on 17 m

  CrossRun far("sonic_roce_dscp26_flat.json", cable("40m"));
  const auto& r = far.result("XSW-HEADROOM");
  const auto it = cable_finding(r);
  REQUIRE(it != r.findings.end());
  CHECK(it->severity == Severity::warning);
  CHECK(it->subject.priority == std::nullopt);
  // 33 m more cable at 100G: 2 x 33 m x 5 ns x 12.5 B/ns = 4125 B.
  CHECK(it->title ==
        "The cable gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 is 7 m at the host (dcb pfc delay (mlx5 cable length)) but "
        "40 m in CABLE_LENGTH of leaf01 Ethernet0 (4125 B of headroom apart at 100000 Mb/s)");
  CHECK(it->evidence[2].from.locator == "sonic_roce_dscp26_flat.json CABLE_LENGTH|AZURE Ethernet0");
  REQUIRE(it->remediation.size() == 2);
  CHECK(has(it->remediation[0], "delay 40"));  // the host raises its length to the switch's
  // The profile for 5 m on a 40 m cable is stale too, but its headroom holds the cable.
  CHECK(std::count_if(r.findings.begin(), r.findings.end(),
                      [](const engine::Finding& f) { return f.severity == Severity::critical; }) == 0);

  CrossRun shorter("sonic_roce_dscp26_flat.json", cable("2m"), [](model::SwitchSide&) {});
  CHECK(shorter.result("XSW-HEADROOM").findings.size() == 1);  // the 5 m profile on 2 m: info
  CHECK(shorter.result("XSW-HEADROOM").findings[0].severity == Severity::info);

  CrossRun unknown("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) { t.erase("CABLE_LENGTH"); });
  CHECK(unknown.result("XSW-HEADROOM").status == Status::skipped);
  CHECK(unknown.result("XSW-HEADROOM").skipped_reason ==
        "ens1f0np0: leaf01 Ethernet0 cable length absent (no CABLE_LENGTH entry for Ethernet0)");
}

TEST_CASE("a host-facing lossless port without a PFC watchdog is a warning") {
  CrossRun run("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) { t["PFC_WD"].erase("Ethernet0"); });
  const auto& f = only_finding(run.result("XSW-PFCWD"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title ==
        "No PFC watchdog on leaf01 Ethernet0 for lossless priorities 3,4 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  CHECK(f.remediation[0] == "on leaf01: sudo config pfcwd start --action drop --restoration-time 200 Ethernet0 200");
}

TEST_CASE("the watchdog `show pfcwd config` lists and the WRED profile of `ecnconfig -l` stand in for CONFIG_DB's") {
  auto pfcwd = switches::parse_show_pfcwd_config(fixture("sonic-leaf03/show_pfcwd_config.txt"), "pfcwd_config");
  REQUIRE(pfcwd);
  auto ecn = switches::parse_ecnconfig_list(
      "Profile: AZURE_LOSSLESS\n----------------------  -------\nwred_green_enable       true\necn                     "
      "ecn_all\ngreen_min_threshold     2097152\ngreen_max_threshold     1048576\ngreen_drop_probability  5\n"
      "----------------------  -------\n",
      "ecnconfig");
  REQUIRE(ecn);
  const auto without = [](switches::ConfigDbTableMap& t) {
    t["PFC_WD"].erase("Ethernet0");
    t.erase("WRED_PROFILE");
    t["PORT_QOS_MAP"]["Ethernet0"].erase("pfcwd_sw_enable");
  };
  CrossRun run("sonic_roce_dscp26_flat.json", without, [&](model::SwitchSide& side) {
    switches::SonicCliOutputs cli;
    cli.pfcwd_config = *pfcwd;
    cli.ecn.push_back(*ecn);
    switches::attach_sonic_cli(cli, side.switches[0]);
  });
  CHECK(run.result("XSW-PFCWD").status == Status::ok);
  CHECK(run.result("XSW-DSCP-QUEUE").status == Status::ok);
  const auto& r = run.result("XSW-ECN");
  REQUIRE(r.status == Status::finding);
  CHECK(has(r.findings[0].title, "green_min_threshold is not below green_max_threshold"));
  CHECK(r.findings[0].evidence[1].value == "AZURE_LOSSLESS green 2097152-1048576 B, 5%");

  CrossRun bare("sonic_roce_dscp26_flat.json", without);
  CHECK(bare.result("XSW-PFCWD").status == Status::finding);
}

TEST_CASE("a PFC watchdog storm on the host-facing port names the host NIC") {
  CrossRun run("sonic_roce_dscp26_flat.json", {}, [](model::SwitchSide& side) {
    auto rows = switches::parse_show_pfcwd_stats(
        "      QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST "
        "OK/DROP\n"
        "-----------  -----------  -------------------------  ------------  ------------  -----------------  "
        "-----------------\n"
        "Ethernet0:3      stormed                        1/0       0/90769    6782/89758            0/90769         "
        "6782/89758\n",
        "pfcwd");
    REQUIRE(rows);
    REQUIRE(side.switches[0].ports[0].name == "Ethernet0");
    side.switches[0].ports[0].pfcwd_stats.push_back((*rows)[0].queue);
  });
  const auto& f = only_finding(run.result("XSW-PAUSE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title == "PFC storm now from gpu-a17 ens1f0np0: leaf01 Ethernet0 queue 3 stormed, 1 detected, 0 restored");
  CHECK(f.evidence[1].from.locator == "pfcwd:3");
}

TEST_CASE("pause counters one end has and the other lacks, and switch pauses without ECN marks, are warnings") {
  const auto counters = [](std::uint64_t tx3, std::uint64_t marks) {
    return [tx3, marks](model::SwitchSide& side) {
      auto& port = side.switches[0].ports[0];
      model::PerPrio<std::uint64_t> tx{}, rx{};
      tx[3] = tx3;
      port.pfc_tx_frames = model::Field<model::PerPrio<std::uint64_t>>::of(tx, {"sonic-cli", "pfc:10"});
      port.pfc_rx_frames = model::Field<model::PerPrio<std::uint64_t>>::of(rx, {"sonic-cli", "pfc:4"});
      for (auto& q : port.queues)
        q.ecn_marked_packets = model::Field<std::uint64_t>::of(q.index == 3 ? marks : 0, {"sonic-cli", "wred:3"});
    };
  };
  // The host builder's PFC object counts no pause frames: the switch's 5000 are not seen at the host.
  CrossRun unseen("sonic_roce_dscp26_flat.json", {}, counters(5000, 812));
  const auto& f = only_finding(unseen.result("XSW-PAUSE"));
  CHECK(f.title ==
        "Pause counters of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 disagree on priority 3: switch sent 5000, host "
        "received 0; host sent 0, switch received 0");
  CrossRun quiet("sonic_roce_dscp26_flat.json", {}, counters(0, 0));
  CHECK(quiet.result("XSW-PAUSE").status == Status::ok);
  CrossRun unmarked("sonic_roce_dscp26_flat.json", {}, [&](model::SwitchSide& side) { counters(5000, 0)(side); });
  const auto& r = unmarked.result("XSW-PAUSE");
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[1].title ==
        "leaf01 Ethernet0 paused gpu-a17 ens1f0np0 5000 times on priority 3 but the switch marked no packet ECN on "
        "queue 3");
}

TEST_CASE("a switch MTU below the host's, or a switch port that does not trust DSCP, is critical") {
  CrossRun mtu("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["PORT"]["Ethernet0"]["mtu"] = "1500"; });
  const auto& f = only_finding(mtu.result("XSW-TRUST-MTU"));
  CHECK(f.title == "MTU 1500 on leaf01 Ethernet0 is below the host's 4200 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  CrossRun trust("sonic_roce_dscp26_flat.json",
                 [](switches::ConfigDbTableMap& t) { t["PORT_QOS_MAP"]["Ethernet0"].erase("dscp_to_tc_map"); });
  const auto& g = only_finding(trust.result("XSW-TRUST-MTU"));
  CHECK(
      g.title ==
      "leaf01 Ethernet0 trusts none (no dscp_to_tc_map bound), the host end of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 "
      "marks dscp");
  CHECK(trust.result("XSW-DSCP-QUEUE").status == Status::skipped);
}

namespace {

// The pfcwd stats row of sonic-net/sonic-buildimage#9432 on the host-facing port Ethernet0.
void storm_on_ethernet0_queue3(model::SwitchSide& side) {
  auto rows = switches::parse_show_pfcwd_stats(
      "      QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST "
      "OK/DROP\n"
      "-----------  -----------  -------------------------  ------------  ------------  -----------------  "
      "-----------------\n"
      "Ethernet0:3      stormed                        1/0       0/90769    6782/89758            0/90769         "
      "6782/89758\n",
      "pfcwd");
  REQUIRE(rows);
  side.switches[0].ports[0].pfcwd_stats.push_back((*rows)[0].queue);
}

}  // namespace

TEST_CASE("without pfcwd_sw_enable SONiC's watchdog guards no queue, and a queue it stormed on counts as guarded") {
  const auto no_sw_enable = [](switches::ConfigDbTableMap& t) {
    t["PORT_QOS_MAP"]["Ethernet0"].erase("pfcwd_sw_enable");
  };
  CrossRun config_only("sonic_roce_dscp26_flat.json", no_sw_enable);
  const auto& f = only_finding(config_only.result("XSW-PFCWD"));
  CHECK(f.title ==
        "No PFC watchdog on leaf01 Ethernet0 for lossless priorities 3,4 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  CHECK(f.evidence[2].value ==
        "absent (no pfcwd_sw_enable in PORT_QOS_MAP|Ethernet0): SONiC's watchdog guards no queue");

  // The export's stats show the watchdog acting on queue 3: XSW-PAUSE reports the storm, and XSW-PFCWD
  // counts queue 3 as guarded instead of calling the watchdog absent; queue 4 stays unguarded.
  CrossRun stormed("sonic_roce_dscp26_flat.json", no_sw_enable, storm_on_ethernet0_queue3);
  CHECK(only_finding(stormed.result("XSW-PAUSE")).severity == Severity::critical);
  const auto& g = only_finding(stormed.result("XSW-PFCWD"));
  CHECK(g.title ==
        "No PFC watchdog on leaf01 Ethernet0 for lossless priority 4 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  REQUIRE(g.evidence.size() == 4);
  CHECK(g.evidence[3].name == "show pfcwd stats Ethernet0 queues");
  CHECK(g.evidence[3].value == "3");

  // Configured on both lossless priorities: the storm is XSW-PAUSE's alone.
  CrossRun guarded("sonic_roce_dscp26_flat.json", {}, storm_on_ethernet0_queue3);
  CHECK(guarded.result("XSW-PFCWD").status == Status::ok);
  CHECK(guarded.result("XSW-PAUSE").status == Status::finding);
}

namespace {

// RFC 6902 "add" on a JSON document: the parent must exist; a member that exists is replaced.
void json_patch_add(nlohmann::json& doc, const nlohmann::json& op) {
  REQUIRE(op.at("op") == "add");
  const std::string path = op.at("path");
  REQUIRE(path.size() > 1);
  std::vector<std::string> parts;
  for (std::size_t at = 1;;) {
    const auto slash = path.find('/', at);
    std::string part = path.substr(at, slash == std::string::npos ? std::string::npos : slash - at);
    for (std::size_t i = 0; (i = part.find('~', i)) != std::string::npos; ++i)
      part.replace(i, 2, part.compare(i, 2, "~1") == 0 ? "/" : "~");
    parts.push_back(part);
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  nlohmann::json* parent = &doc;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    INFO("JSON Patch path " << path << ": no " << parts[i]);
    REQUIRE(parent->is_object());
    REQUIRE(parent->contains(parts[i]));
    parent = &(*parent)[parts[i]];
  }
  REQUIRE(parent->is_object());
  (*parent)[parts.back()] = op.at("value");
}

// Every `config apply-patch` JSON Patch among the fixes of the findings of `ids`, applied in that order.
void apply_fixes(nlohmann::json& config, const CrossRun& run, const std::vector<std::string>& ids) {
  for (const auto& id : ids)
    for (const auto& f : run.result(id).findings)
      for (const auto& fix : f.remediation) {
        const auto from = fix.find("echo '"), to = fix.find("' > roce-fix.json");
        if (from == std::string::npos || to == std::string::npos) continue;
        for (const auto& op : nlohmann::json::parse(fix.substr(from + 6, to - from - 6))) json_patch_add(config, op);
      }
}

nlohmann::json nested(const switches::ConfigDbTableMap& tables) {
  nlohmann::json doc = nlohmann::json::object();
  for (const auto& [table, keys] : tables)
    for (const auto& [key, fields] : keys) {
      doc[table][key] = nlohmann::json::object();
      for (const auto& [field, value] : fields) doc[table][key][field] = value;
    }
  return doc;
}

// The names PORT_QOS_MAP entries bind that no entry of the table they name defines.
std::vector<std::string> dangling_map_references(const nlohmann::json& config) {
  const std::vector<std::pair<std::string, std::string>> refs{{"dscp_to_tc_map", "DSCP_TO_TC_MAP"},
                                                              {"dot1p_to_tc_map", "DOT1P_TO_TC_MAP"},
                                                              {"tc_to_queue_map", "TC_TO_QUEUE_MAP"},
                                                              {"tc_to_pg_map", "TC_TO_PRIORITY_GROUP_MAP"},
                                                              {"pfc_to_queue_map", "MAP_PFC_PRIORITY_TO_QUEUE"},
                                                              {"pfc_to_pg_map", "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP"}};
  std::vector<std::string> out;
  if (!config.contains("PORT_QOS_MAP")) return out;
  for (const auto& [key, fields] : config["PORT_QOS_MAP"].items())
    for (const auto& [field, table] : refs)
      if (fields.contains(field)) {
        const std::string name = fields[field];
        if (!config.contains(table) || !config[table].contains(name))
          out.push_back("PORT_QOS_MAP|" + key + " " + field + " -> " + table + "|" + name);
      }
  return out;
}

// The export, a switch port made to face the host: leaf01's Ethernet0 (alias etp1) in the host's LLDP.
switches::ConfigDbTables msn2700_excerpt() {
  const std::string name = "sonic_msn2700_t1_no_qos_excerpt_flat.json";
  auto tables = switches::read_config_db_tables(fixture(name), name);
  REQUIRE(tables);
  tables->tables["DEVICE_METADATA"]["localhost"]["hostname"] = "leaf01";
  return *tables;
}

}  // namespace

TEST_CASE("a port without a PORT_QOS_MAP entry has no DSCP map and no PFC, and every cross check says so") {
  const auto tables = msn2700_excerpt();
  CHECK(tables.find("PORT_QOS_MAP", "Ethernet0") == nullptr);
  CrossRun run(tables, "msn2700");
  REQUIRE(run.obs.switches.cables.size() == 1);
  CHECK(only_finding(run.result("XSW-TRUST-MTU")).severity == Severity::critical);
  const auto& pfc = only_finding(run.result("XSW-PFC-PRIO"));
  CHECK(pfc.title ==
        "PFC on priority 3 at the host end of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 but not on leaf01 Ethernet0 "
        "(pfc_enable none)");
  CHECK(run.result("XSW-DSCP-QUEUE").status == Status::skipped);
  CHECK(run.result("XSW-DSCP-QUEUE").skipped_reason ==
        "ens1f0np0: leaf01 Ethernet0 binds no DSCP_TO_TC_MAP (no dscp_to_tc_map in PORT_QOS_MAP|Ethernet0): it does "
        "not classify by DSCP, XSW-TRUST-MTU judges it");
  CHECK(run.result("XSW-PFCWD").skipped_reason == "ens1f0np0: leaf01 Ethernet0 has no lossless priority");
}

TEST_CASE("the switch fixes, applied to the export as JSON Patches in either order, leave every reference resolved") {
  const auto tables = msn2700_excerpt();
  CrossRun run(tables, "msn2700");
  for (const auto& order :
       std::vector<std::vector<std::string>>{{"XSW-TRUST-MTU", "XSW-PFC-PRIO"}, {"XSW-PFC-PRIO", "XSW-TRUST-MTU"}}) {
    auto config = nested(tables.tables);
    apply_fixes(config, run, order);
    CHECK(dangling_map_references(config).empty());
    CHECK(config["PORT_QOS_MAP"]["Ethernet0"] == nlohmann::json({{"dscp_to_tc_map", "ROCE"}, {"pfc_enable", "3"}}));
    CHECK(config["DSCP_TO_TC_MAP"]["ROCE"] == nlohmann::json({{"26", "3"}, {"48", "6"}}));
    auto patched = switches::read_config_db_tables(config.dump(), "patched");
    REQUIRE(patched);
    CrossRun after(*patched, "patched");
    CHECK(after.result("XSW-TRUST-MTU").status == Status::ok);
    CHECK(after.result("XSW-PFC-PRIO").status == Status::ok);
    const auto& dscp = after.result("XSW-DSCP-QUEUE");
    for (const auto& f : dscp.findings) CHECK(f.severity != Severity::critical);
  }

  // A table that exists gets the entry; a map another port binds is bound, not created.
  auto partial = switches::read_config_db_tables(fixture("sonic_roce_dscp26_flat.json"), "flat");
  REQUIRE(partial);
  partial->tables["PORT_QOS_MAP"].erase("Ethernet0");
  CrossRun entryless(*partial, "flat");
  auto config = nested(partial->tables);
  apply_fixes(config, entryless, {"XSW-TRUST-MTU", "XSW-PFC-PRIO", "XSW-PFCWD"});
  CHECK(dangling_map_references(config).empty());
  CHECK(config["PORT_QOS_MAP"]["Ethernet0"]["dscp_to_tc_map"] == "AZURE");
  CHECK(config["PORT_QOS_MAP"]["Ethernet0"]["pfc_enable"] == "3");
  CHECK(config["PORT_QOS_MAP"].contains("Ethernet4"));
}

}  // namespace roce::test
