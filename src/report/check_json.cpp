#include "report/check_json.hpp"

#include <nlohmann/json.hpp>

#include "report/json_values.hpp"
#include "util/json_dump.hpp"

namespace roce::report {
namespace {

using nlohmann::ordered_json;

ordered_json subject_json(const engine::Subject& s) {
  return {{"text", s.to_string()},
          {"netdev", s.netdev.empty() ? ordered_json(nullptr) : ordered_json(s.netdev)},
          {"rdma_device", s.rdma_device.empty() ? ordered_json(nullptr) : ordered_json(s.rdma_device)},
          {"port", or_null(s.port)},
          {"priority", or_null(s.priority)},
          {"buffer", or_null(s.buffer)}};
}

// "raw": the capture line the evidence was read from, null where none is kept (a live host).
ordered_json evidence_json(const engine::Finding& f, const engine::Evidence& e, const CheckRun& run) {
  const std::string* raw = quote_of(run, f, e);
  return {{"name", e.name},
          {"value", e.value},
          {"delta", or_null(e.delta)},
          {"per_second", or_null(e.per_second)},
          {"reset", e.reset},
          {"source", e.from.source},
          {"locator", e.from.locator},
          {"raw", raw ? ordered_json(*raw) : ordered_json(nullptr)}};
}

ordered_json finding_json(const engine::Finding& f, const CheckRun& run) {
  ordered_json evidence = ordered_json::array();
  for (const auto& e : f.evidence) evidence.push_back(evidence_json(f, e, run));
  return {{"id", f.id},
          {"severity", engine::to_string(f.severity)},
          {"subject", subject_json(f.subject)},
          {"title", f.title},
          {"evidence", evidence},
          {"explanation", f.explanation},
          {"remediation", f.remediation},
          {"caused_by", f.caused_by}};
}

}  // namespace

ordered_json check_json_document(const CheckRun& run) {
  const engine::Verdict v = verdict_of(run);
  ordered_json doc;
  doc["schema_version"] = kCheckJsonSchemaVersion;
  doc["host"] = {{"hostname", run.hostname},
                 {"hardware", run.hardware.empty() ? ordered_json(nullptr) : ordered_json(run.hardware)},
                 {"origin", run.origin},
                 {"profile", run.profile},
                 {"interval_s", run.interval_s},
                 {"has_rdma", run.has_rdma},
                 {"ports", run.ports}};
  doc["verdict"] = {{"status", v.status()},
                    {"critical", v.critical},
                    {"warning", v.warning},
                    {"info", v.info},
                    {"exit_code", v.exit_code()}};
  doc["findings"] = ordered_json::array();
  for (const auto& f : run.ranked) doc["findings"].push_back(finding_json(f, run));
  doc["results"] = ordered_json::array();
  for (const auto& r : run.results)
    doc["results"].push_back(
        {{"id", r.id},
         {"status", engine::to_string(r.status)},
         {"skipped_reason", r.skipped_reason.empty() ? ordered_json(nullptr) : ordered_json(r.skipped_reason)},
         {"notes", r.notes}});
  return doc;
}

std::string json_text(const ordered_json& doc) { return util::json_dump(doc, 2) + "\n"; }

std::string render_check_json(const CheckRun& run) { return json_text(check_json_document(run)); }

std::string render_error_json(const Error& error, int exit_code) {
  ordered_json doc;
  doc["schema_version"] = kCheckJsonSchemaVersion;
  doc["error"] = {{"message", error.message},
                  {"hint", error.hint.empty() ? ordered_json(nullptr) : ordered_json(error.hint)},
                  {"exit_code", exit_code}};
  return json_text(doc);
}

}  // namespace roce::report
