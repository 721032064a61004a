#include <nlohmann/json.hpp>

#include "report/json_values.hpp"

#include "report/timeline_report.hpp"
#include "util/json_dump.hpp"

namespace roce::report {
namespace {

using nlohmann::ordered_json;

ordered_json interval_json(const timeline::Interval& in) {
  ordered_json peaks = ordered_json::array();
  for (const auto& p : in.peaks)
    peaks.push_back({{"name", p.name}, {"locator", p.locator}, {"per_second", p.per_second}});
  ordered_json evidence = ordered_json::array();
  for (const auto& e : in.evidence)
    evidence.push_back({{"name", e.name},
                        {"value", e.value},
                        {"delta", or_null(e.delta)},
                        {"per_second", or_null(e.per_second)},
                        {"reset", e.reset},
                        {"source", e.from.source},
                        {"locator", e.from.locator}});
  const auto& s = in.subject;
  return {{"id", in.id},
          {"severity", engine::to_string(in.worst)},
          {"subject",
           {{"text", s.to_string()},
            {"netdev", s.netdev.empty() ? ordered_json(nullptr) : ordered_json(s.netdev)},
            {"rdma_device", s.rdma_device.empty() ? ordered_json(nullptr) : ordered_json(s.rdma_device)},
            {"port", or_null(s.port)},
            {"priority", or_null(s.priority)},
            {"buffer", or_null(s.buffer)}}},
          {"start_unix_ms", in.start_ms},
          {"end_unix_ms", in.ongoing ? ordered_json(nullptr) : ordered_json(in.end_ms)},
          {"last_seen_unix_ms", in.end_ms},
          {"ongoing", in.ongoing},
          {"windows", in.windows},
          {"title", in.title},
          {"peaks", peaks},
          {"evidence", evidence}};
}

}  // namespace

std::string render_timeline_json(const TimelineReport& report) {
  const auto& r = report.result;
  ordered_json intervals = ordered_json::array();
  for (const auto& in : r.intervals) intervals.push_back(interval_json(in));
  ordered_json events = ordered_json::array();
  for (const auto& e : r.series.link_events)
    events.push_back({{"unix_ms", e.t_ms}, {"netdev", e.netdev}, {"event", e.what}});
  const ordered_json doc = {{"format", "roce-doctor-report"},
                            {"schema_version", 1},
                            {"host", r.hostname},
                            {"origin", report.origin},
                            {"profile", report.profile},
                            {"first_unix_ms", r.samples ? ordered_json(r.first_ms) : ordered_json(nullptr)},
                            {"last_unix_ms", r.samples ? ordered_json(r.last_ms) : ordered_json(nullptr)},
                            {"samples", r.samples},
                            {"window_s", static_cast<double>(r.window_ms) / 1000},
                            {"windows", r.windows},
                            {"intervals", intervals},
                            {"link_events", events},
                            {"link_events_dropped", r.series.link_events_dropped},
                            {"warnings", r.warnings}};
  return util::json_dump(doc, 2) + "\n";
}

}  // namespace roce::report
