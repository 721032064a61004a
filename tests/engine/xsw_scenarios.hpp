#pragma once
// The healthy host of the host builder cabled by its LLDP to port Ethernet0 of the SONiC switch leaf01 of
// tests/fixtures/switch: the run that the scenario tests of the cross checks (XSW-*) share.
#include <nlohmann/json.hpp>

#include "observed_run.hpp"
#include "scenario_prelude.hpp"
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

inline const std::vector<std::string> kCrossChecks{"XSW-DSCP-QUEUE", "XSW-PFC-PRIO", "XSW-ECN",
                                                   "XSW-HEADROOM",   "XSW-PFCWD",    "XSW-TRUST-MTU"};

inline std::string fixture(const std::string& name) {
  return slurp(std::string(ROCE_FIXTURES_DIR) + "/switch/" + name);
}

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

inline const engine::Finding& only_finding(const engine::CheckResult& r) {
  INFO(r.id << " " << engine::to_string(r.status) << " " << r.skipped_reason);
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The pfcwd stats row of sonic-net/sonic-buildimage#9432 on the host-facing port Ethernet0.
inline void storm_on_ethernet0_queue3(model::SwitchSide& side) {
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

// RFC 6902 "add" on a JSON document: the parent must exist; a member that exists is replaced.
inline void json_patch_add(nlohmann::json& doc, const nlohmann::json& op) {
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
inline void apply_fixes(nlohmann::json& config, const CrossRun& run, const std::vector<std::string>& ids) {
  for (const auto& id : ids)
    for (const auto& f : run.result(id).findings)
      for (const auto& fix : f.remediation) {
        const auto from = fix.find("echo '"), to = fix.find("' > roce-fix.json");
        if (from == std::string::npos || to == std::string::npos) continue;
        for (const auto& op : nlohmann::json::parse(fix.substr(from + 6, to - from - 6))) json_patch_add(config, op);
      }
}

inline nlohmann::json nested(const switches::ConfigDbTableMap& tables) {
  nlohmann::json doc = nlohmann::json::object();
  for (const auto& [table, keys] : tables)
    for (const auto& [key, fields] : keys) {
      doc[table][key] = nlohmann::json::object();
      for (const auto& [field, value] : fields) doc[table][key][field] = value;
    }
  return doc;
}

// The names PORT_QOS_MAP entries bind that no entry of the table they name defines.
inline std::vector<std::string> dangling_map_references(const nlohmann::json& config) {
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
inline switches::ConfigDbTables msn2700_excerpt() {
  const std::string name = "sonic_msn2700_t1_no_qos_excerpt_flat.json";
  auto tables = switches::read_config_db_tables(fixture(name), name);
  REQUIRE(tables);
  tables->tables["DEVICE_METADATA"]["localhost"]["hostname"] = "leaf01";
  return *tables;
}

}  // namespace roce::test
