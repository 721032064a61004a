// roce-doctor checks: prints the check catalog, as text or (--json) as one JSON document.
#include "cli/cmd_checks.hpp"

#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "checks/registry.hpp"
#include "cli/options.hpp"
#include "engine/catalog.hpp"
#include "util/exit_codes.hpp"
#include "util/json_dump.hpp"

namespace roce::cli {
namespace {

// {"schema_version": 1, "checks": [{id, severity, title, reads, profile_keys, thresholds, explained_by, doc}]}
std::string catalog_json() {
  nlohmann::ordered_json checks = nlohmann::ordered_json::array();
  for (const auto& c : checks::all_checks()) {
    nlohmann::ordered_json reads = nlohmann::ordered_json::array(), keys = reads, explained_by = reads,
                           thresholds = reads;
    for (auto n : c.needs) reads.push_back(engine::to_string(n));
    for (auto k : c.profile_keys) keys.push_back(std::string(k));
    for (auto id : c.explained_by) explained_by.push_back(std::string(id));
    for (const auto& t : c.thresholds)
      thresholds.push_back({{"key", std::string(t.key)},
                            {"profile_key", "thresholds." + std::string(c.id) + "." + std::string(t.key)},
                            {"default", t.default_value},
                            {"doc", std::string(t.doc)}});
    checks.push_back({{"id", std::string(c.id)},
                      {"severity", engine::to_string(c.default_severity)},
                      {"title", std::string(c.title)},
                      {"reads", reads},
                      {"profile_keys", keys},
                      {"thresholds", thresholds},
                      {"explained_by", explained_by},
                      {"doc", std::string(c.doc)}});
  }
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["checks"] = std::move(checks);
  return util::json_dump(doc, 2) + "\n";
}

}  // namespace

void add_checks_command(CLI::App& app, GlobalOptions&, int& exit_code) {
  auto json = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("checks", "List every check: ID, severity, title, inputs, profile keys and thresholds");
  add_json_flag(*cmd, *json, "the catalog");
  cmd->callback([&exit_code, json] { exit_code = run_checks_command(*json); });
}

int run_checks_command(bool json) {
  const std::string text = json ? catalog_json() : engine::render_catalog(checks::all_checks());
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
