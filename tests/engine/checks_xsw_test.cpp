// The cross checks (XSW-*) together: healthy, skipped, each NIC joined to its own leaf, the SONiC CLI outputs that
// stand in for CONFIG_DB's tables, a port without a QoS map, and the switch fixes as JSON Patches.
#include "xsw_scenarios.hpp"

namespace roce::test {

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
