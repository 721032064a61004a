// The bw view: judged results and their likely causes, as text and JSON.
#include "report/bw_view.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace roce::report {
namespace {

std::string bw_figure(const model::BandwidthResult& r, double gbps) {
  return r.tool == model::BandwidthTool::nccl_tests ? checks::bw_number(gbps / 8) + " GB/s busbw"
                                                    : checks::bw_number(gbps) + " Gb/s";
}

std::string bw_percent(double ratio) { return std::to_string(static_cast<int>(ratio * 100 + 0.5)) + "%"; }

std::string render_run_text(const bwrun::RunRecord& run) {
  std::string out = "perftest " + run.mode + " run on " + run.plan.netdev + " (" + run.plan.rdma_device + "/" +
                    std::to_string(run.plan.rdma_port) + ", " + run.plan.address + ", RoCE v2 GID index " +
                    std::to_string(run.plan.gid_index) + ")\n";
  if (!run.plan.server_argv.empty()) out += "  server  " + bwrun::shell_line(run.plan.server_argv) + "\n";
  if (!run.plan.client_argv.empty()) out += "  client  " + bwrun::shell_line(run.plan.client_argv) + "\n";
  for (const auto& note : run.plan.notes) out += "  note    " + note + "\n";
  return out + "\n";
}

nlohmann::ordered_json run_json(const bwrun::RunRecord& run) {
  nlohmann::ordered_json o;
  o["mode"] = run.mode;
  o["netdev"] = run.plan.netdev;
  o["rdma_device"] = run.plan.rdma_device;
  o["rdma_port"] = run.plan.rdma_port;
  o["address"] = run.plan.address;
  o["gid_index"] = run.plan.gid_index;
  o["tclass"] = run.plan.tclass ? nlohmann::ordered_json(*run.plan.tclass) : nlohmann::ordered_json(nullptr);
  o["server_command"] = run.plan.server_argv.empty() ? nlohmann::ordered_json(nullptr)
                                                     : nlohmann::ordered_json(bwrun::shell_line(run.plan.server_argv));
  o["client_command"] = run.plan.client_argv.empty() ? nlohmann::ordered_json(nullptr)
                                                     : nlohmann::ordered_json(bwrun::shell_line(run.plan.client_argv));
  o["notes"] = run.plan.notes;
  return o;
}

}  // namespace

std::string render_bw_text(const BandwidthView& view, const CheckRun& run) {
  std::string out = view.ran ? render_run_text(*view.ran) : std::string();
  for (const auto& [j, causes] : view.judged) {
    const auto& r = *j.result;
    out += checks::bandwidth_label(r) + "\n";
    if (j.verdict == checks::BwVerdict::unjudged) {
      out += "  not judged: " + j.unjudged_reason + "\n\n";
      continue;
    }
    out += "  measured  " + bw_figure(r, j.measured_gbps) + " at " + std::to_string(j.row->bytes) + " B\n";
    out += "  expected  " + bw_figure(r, j.expected_gbps) + " (" + j.basis + ")\n";
    out += "  ratio     " + bw_percent(j.ratio) + " (pass " + bw_percent(j.pass_ratio) + ", critical below " +
           bw_percent(j.critical_ratio) + ")\n";
    out += "  verdict   " + std::string(checks::to_string(j.verdict)) + "\n";
    if (j.verdict != checks::BwVerdict::ok) {
      if (causes.empty()) {
        out += "  likely causes: none found on this host (see the peer, the switch path, GPUDirect and placement)\n";
      } else {
        out += "  likely causes:\n";
        for (const auto* c : causes)
          out += "    " + c->id + " [" + engine::to_string(c->severity) + "] " + c->subject.to_string() + ": " +
                 c->title + "\n";
      }
    }
    out += "\n";
  }
  if (!view.verdict.judged) out += "no result could be judged: the reasons are above\n";
  out += "host " + (run.hostname.empty() ? std::string("(unnamed)") : run.hostname) + " (" + run.origin +
         "): `roce-doctor check` shows every finding\n";
  return out;
}

std::string render_bw_json(const BandwidthView& view, const CheckRun& run) {
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["hostname"] = run.hostname;
  doc["origin"] = run.origin;
  doc["profile"] = run.profile;
  if (view.ran) doc["run"] = run_json(*view.ran);
  auto& results = doc["results"] = nlohmann::ordered_json::array();
  for (const auto& [j, causes] : view.judged) {
    const auto& r = *j.result;
    nlohmann::ordered_json o;
    o["tool"] = model::to_string(r.tool);
    o["test"] = r.test;
    o["format"] = r.format;
    o["from"] = r.from.locator;
    if (!r.device.empty()) o["device"] = r.device;
    o["unit"] = r.unit;
    o["bidirectional"] = r.bidirectional;
    if (j.verdict == checks::BwVerdict::unjudged) {
      o["measured_gbps"] = nullptr;
      o["expected_gbps"] = nullptr;
      o["ratio"] = nullptr;
    } else {
      o["measured_gbps"] = j.measured_gbps;
      o["expected_gbps"] = j.expected_gbps;
      o["ratio"] = j.ratio;
      o["message_bytes"] = j.row->bytes;
      o["expected_basis"] = j.basis;
    }
    o["verdict"] = checks::to_string(j.verdict);
    if (j.verdict == checks::BwVerdict::unjudged) o["reason"] = j.unjudged_reason;
    auto& ids = o["likely_causes"] = nlohmann::ordered_json::array();
    auto& detail = o["likely_cause_findings"] = nlohmann::ordered_json::array();
    for (const auto* c : causes) {
      if (std::find(ids.begin(), ids.end(), c->id) == ids.end()) ids.push_back(c->id);
      detail.push_back({{"id", c->id},
                        {"severity", engine::to_string(c->severity)},
                        {"subject", c->subject.to_string()},
                        {"title", c->title}});
    }
    auto& rows = o["rows"] = nlohmann::ordered_json::array();
    for (const auto& w : r.rows) {
      nlohmann::ordered_json row{{"bytes", w.bytes}, {"gbps", w.gbps}};
      if (w.average) row["average"] = *w.average;
      if (w.peak) row["peak"] = *w.peak;
      if (w.out_of_place) row["busbw_out_of_place"] = w.out_of_place->busbw;
      if (w.in_place) row["busbw_in_place"] = w.in_place->busbw;
      rows.push_back(std::move(row));
    }
    if (r.avg_busbw) o["avg_busbw"] = *r.avg_busbw;
    if (r.out_of_bounds) o["out_of_bounds"] = *r.out_of_bounds;
    results.push_back(std::move(o));
  }
  doc["verdict"] = {{"status", view.verdict.status()}, {"exit_code", view.verdict.exit_code()}};
  return doc.dump(2) + "\n";
}

}  // namespace roce::report
