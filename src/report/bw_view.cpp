// The bw view: judged results and their likely causes, as text and JSON.
#include "report/bw_view.hpp"
#include "util/json_dump.hpp"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

namespace roce::report {
namespace {

std::string bw_figure(const model::BandwidthResult& r, double gbps) {
  return r.tool == model::BandwidthTool::nccl_tests ? checks::bw_number(gbps / 8) + " GB/s busbw"
                                                    : checks::bw_number(gbps) + " Gb/s";
}

// "222.88", "220.921": GB/s as nccl-tests prints them (up to four decimals, no trailing zeros).
std::string gbs_text(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s = buf;
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// How many ranks each host of an nccl-tests run has, and the GPU models the rank lines name.
struct RankSummary {
  std::size_t ranks = 0, nodes = 0;
  int most_per_node = 0, fewest_per_node = 0;
  std::vector<std::string> models;
};

RankSummary rank_summary(const model::BandwidthResult& r) {
  RankSummary s;
  s.ranks = r.ranks.size();
  for (const auto& host : model::rank_hosts(r)) {
    const int n = static_cast<int>(
        std::count_if(r.ranks.begin(), r.ranks.end(), [&](const model::NcclTestsRank& k) { return k.host == host; }));
    s.most_per_node = std::max(s.most_per_node, n);
    s.fewest_per_node = s.nodes == 0 ? n : std::min(s.fewest_per_node, n);
    ++s.nodes;
  }
  for (const auto& k : r.ranks)
    if (!k.name.empty() && std::find(s.models.begin(), s.models.end(), k.name) == s.models.end())
      s.models.push_back(k.name);
  return s;
}

// What the result's own header says: "ib0, link IB, RC, 1 QP, MTU 4096" or "16 ranks on 2 nodes
// (8 per node), NVIDIA A100-SXM4-40GB". Empty when it says nothing.
std::string header_text(const model::BandwidthResult& r) {
  std::vector<std::string> parts;
  if (r.tool == model::BandwidthTool::perftest) {
    if (!r.device.empty()) parts.push_back(r.device);
    if (!r.link_type.empty()) parts.push_back("link " + r.link_type);
    if (!r.connection.empty()) parts.push_back(r.connection);
    if (r.qps) parts.push_back(std::to_string(*r.qps) + (*r.qps == 1 ? " QP" : " QPs"));
    if (r.mtu) parts.push_back("MTU " + std::to_string(*r.mtu));
    if (r.gid_index) parts.push_back("GID index " + std::to_string(*r.gid_index));
    if (r.bidirectional) parts.push_back("bidirectional");
  } else if (!r.ranks.empty()) {
    const auto s = rank_summary(r);
    std::string ranks = std::to_string(s.ranks) + (s.ranks == 1 ? " rank" : " ranks") + " on " +
                        std::to_string(s.nodes) + (s.nodes == 1 ? " node" : " nodes");
    if (s.nodes > 1)
      ranks += " (" +
               (s.most_per_node == s.fewest_per_node
                    ? std::to_string(s.most_per_node)
                    : std::to_string(s.fewest_per_node) + "-" + std::to_string(s.most_per_node)) +
               " per node)";
    parts.push_back(ranks);
    for (const auto& m : s.models) parts.push_back(m);
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// The headline figures, one line each ("BW average 185 Gb/s, peak 186 Gb/s at 8388608 B").
std::vector<std::string> figure_lines(const model::BandwidthResult& r, const checks::BandwidthFigures& f) {
  std::vector<std::string> lines;
  if (!f.largest) return lines;
  const std::string at = " at " + std::to_string(f.largest->bytes) + " B";
  if (r.tool == model::BandwidthTool::perftest) {
    std::string line = "BW average " + checks::bw_number(*f.average_gbps) + " Gb/s";
    if (r.unit != "Gb/sec" && f.largest->average)
      line += " (" + checks::bw_number(*f.largest->average) + " " + r.unit + ")";
    line += f.peak_gbps ? ", peak " + checks::bw_number(*f.peak_gbps) + " Gb/s" : ", peak not measured";
    lines.push_back(line + at + " (the largest message)");
    return lines;
  }
  lines.push_back("peak busbw " + gbs_text(*f.peak_busbw) + " GB/s at " + std::to_string(f.peak_row->bytes) + " B");
  std::string large = "busbw";
  if (f.busbw_out_of_place) large += " " + gbs_text(*f.busbw_out_of_place) + " GB/s out-of-place";
  if (f.busbw_in_place) large += (f.busbw_out_of_place ? ", " : " ") + gbs_text(*f.busbw_in_place) + " GB/s in-place";
  lines.push_back(large + at + " (the largest message)");
  if (r.avg_busbw) lines.push_back("Avg bus bandwidth " + gbs_text(*r.avg_busbw) + " GB/s (the run's own summary)");
  return lines;
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

nlohmann::ordered_json bw_optional(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json header_json(const model::BandwidthResult& r) {
  nlohmann::ordered_json h;
  auto text = [](const std::string& v) {
    return v.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
  };
  auto count = [](const std::optional<std::uint32_t>& v) {
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
  };
  if (r.tool == model::BandwidthTool::perftest) {
    h["device"] = text(r.device);
    h["link_type"] = text(r.link_type);
    h["transport"] = text(r.transport);
    h["connection"] = text(r.connection);
    h["qps"] = count(r.qps);
    h["mtu"] = count(r.mtu);
    h["gid_index"] = count(r.gid_index);
    return h;
  }
  const auto s = rank_summary(r);
  h["ranks"] = s.ranks ? nlohmann::ordered_json(s.ranks) : nlohmann::ordered_json(nullptr);
  h["nodes"] = s.nodes ? nlohmann::ordered_json(s.nodes) : nlohmann::ordered_json(nullptr);
  h["hosts"] = model::rank_hosts(r);
  h["gpus_per_node"] = s.nodes ? nlohmann::ordered_json(s.most_per_node) : nlohmann::ordered_json(nullptr);
  h["gpu_models"] = s.models;
  return h;
}

nlohmann::ordered_json figure_json(const model::BandwidthResult& r, const checks::BandwidthFigures& f) {
  nlohmann::ordered_json o;
  o["message_bytes"] = f.largest ? nlohmann::ordered_json(f.largest->bytes) : nlohmann::ordered_json(nullptr);
  if (r.tool == model::BandwidthTool::perftest) {
    o["average_gbps"] = bw_optional(f.average_gbps);
    o["peak_gbps"] = bw_optional(f.peak_gbps);
    return o;
  }
  o["peak_busbw"] = bw_optional(f.peak_busbw);
  o["peak_message_bytes"] = f.peak_row ? nlohmann::ordered_json(f.peak_row->bytes) : nlohmann::ordered_json(nullptr);
  o["busbw_out_of_place"] = bw_optional(f.busbw_out_of_place);
  o["busbw_in_place"] = bw_optional(f.busbw_in_place);
  o["avg_busbw"] = bw_optional(r.avg_busbw);
  return o;
}

}  // namespace

std::string render_bw_text(const BandwidthView& view, const CheckRun& run) {
  std::string out = view.ran ? render_run_text(*view.ran) : std::string();
  for (const auto& judged : view.judged) {
    const auto& j = judged.judgement;
    const auto& causes = judged.causes;
    const auto& r = *j.result;
    out += checks::bandwidth_label(r) + "\n";
    if (const auto header = header_text(r); !header.empty()) out += "  header    " + header + "\n";
    const auto lines = figure_lines(r, checks::figures_of(r));
    for (std::size_t i = 0; i < lines.size(); ++i) out += (i == 0 ? "  figure    " : "            ") + lines[i] + "\n";
    for (const auto& notice : r.notices) out += "  notice    " + notice + "\n";
    if (j.verdict == checks::BwVerdict::unjudged) {
      out += "  not judged: " + j.unjudged_reason + "\n\n";
      continue;
    }
    out += "  measured  " + bw_figure(r, j.measured_gbps) + " at " + std::to_string(j.row->bytes) + " B\n";
    out += "  expected  " + bw_figure(r, j.expected_gbps) + " (" + j.basis + ")\n";
    out += "  ratio     " + bw_percent(j.ratio) + " (pass " + bw_percent(j.pass_ratio) + ", critical below " +
           bw_percent(j.critical_ratio) + ")\n";
    out += "  verdict   " + std::string(checks::to_string(j.verdict)) + "\n";
    if (j.verdict != checks::BwVerdict::ok && view.host) {
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
  if (!view.host)
    out += "judged against the stated line rate alone (" + run.origin +
           "): give --from CAPTURE of the host they ran on for the likely causes\n";
  else
    out += "host " + (run.hostname.empty() ? std::string("(unnamed)") : run.hostname) + " (" + run.origin +
           "): `roce-doctor check` shows every finding\n";
  return out;
}

std::string render_bw_json(const BandwidthView& view, const CheckRun& run) {
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["hostname"] = run.hostname;
  doc["host_read"] = view.host;
  doc["origin"] = run.origin;
  doc["profile"] = run.profile;
  if (view.ran) doc["run"] = run_json(*view.ran);
  auto& results = doc["results"] = nlohmann::ordered_json::array();
  for (const auto& judged : view.judged) {
    const auto& j = judged.judgement;
    const auto& causes = judged.causes;
    const auto& r = *j.result;
    nlohmann::ordered_json o;
    o["tool"] = model::to_string(r.tool);
    o["test"] = r.test;
    o["format"] = r.format;
    o["from"] = r.from.locator;
    if (!r.device.empty()) o["device"] = r.device;
    o["unit"] = r.unit;
    o["bidirectional"] = r.bidirectional;
    o["header"] = header_json(r);
    o["figure"] = figure_json(r, checks::figures_of(r));
    o["notices"] = r.notices;
    o["line_rate"] = r.line_rate ? nlohmann::ordered_json(r.line_rate->text) : nlohmann::ordered_json(nullptr);
    if (j.verdict == checks::BwVerdict::unjudged) {
      // The figure judging would use, when there is a row at or above the floor; no expectation.
      o["measured_gbps"] = j.row ? nlohmann::ordered_json(j.measured_gbps) : nlohmann::ordered_json(nullptr);
      if (j.row) o["message_bytes"] = j.row->bytes;
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
  return util::json_dump(doc, 2) + "\n";
}

}  // namespace roce::report
