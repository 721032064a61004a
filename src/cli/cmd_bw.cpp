// roce-doctor bw: bandwidth results judged against the host's line rate, with their likely causes.
#include "cli/cmd_bw.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "checks/bw_findings.hpp"
#include "checks/registry.hpp"
#include "cli/duration.hpp"
#include "cli/input.hpp"
#include "engine/runner.hpp"
#include "report/check_json.hpp"
#include "report/check_run.hpp"
#include "results/read_results.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// The finding of BW-PERFTEST/BW-NCCL about this result (its title starts with the result's label).
const engine::Finding* bw_finding_of(const std::vector<engine::Finding>& ranked, const model::BandwidthResult& r) {
  const std::string label = checks::bandwidth_label(r) + ":";
  for (const auto& f : ranked)
    if ((f.id == checks::kBwPerftestId || f.id == checks::kBwNcclId) && f.title.starts_with(label)) return &f;
  return nullptr;
}

// The findings a result's finding names as causes, in rank order.
std::vector<const engine::Finding*> bw_causes_of(const std::vector<engine::Finding>& ranked, const engine::Finding* f) {
  std::vector<const engine::Finding*> causes;
  if (!f) return causes;
  for (const auto& c : ranked)
    if (std::find(f->caused_by.begin(), f->caused_by.end(), c.ref()) != f->caused_by.end()) causes.push_back(&c);
  return causes;
}

std::string bw_figure(const model::BandwidthResult& r, double gbps) {
  return r.tool == model::BandwidthTool::nccl_tests ? checks::bw_number(gbps / 8) + " GB/s busbw"
                                                    : checks::bw_number(gbps) + " Gb/s";
}

std::string bw_percent(double ratio) { return std::to_string(static_cast<int>(ratio * 100 + 0.5)) + "%"; }

struct JudgedResult {
  checks::BandwidthJudgement judgement;
  std::vector<const engine::Finding*> causes;
};

// As check, except that a healthy host whose results could none be judged is not healthy: bw was
// asked about the results (exit 5, "nothing-judged", each result's reason printed).
bool none_judged(const std::vector<JudgedResult>& judged) {
  return std::all_of(judged.begin(), judged.end(),
                     [](const JudgedResult& j) { return j.judgement.verdict == checks::BwVerdict::unjudged; });
}

int bw_exit_code(const std::vector<JudgedResult>& judged, const report::CheckRun& run) {
  const int host = report::exit_code_of(run);
  return host == kExitHealthy && none_judged(judged) ? kExitNothingJudged : host;
}

const char* bw_status(const std::vector<JudgedResult>& judged, const report::CheckRun& run) {
  return bw_exit_code(judged, run) == kExitNothingJudged ? "nothing-judged" : report::status_of(run);
}

std::string render_bw_text(const std::vector<JudgedResult>& judged, const report::CheckRun& run) {
  std::string out;
  for (const auto& [j, causes] : judged) {
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
  if (none_judged(judged)) out += "no result could be judged: the reasons are above\n";
  out += "host " + (run.hostname.empty() ? std::string("(unnamed)") : run.hostname) + " (" + run.origin +
         "): `roce-doctor check` shows every finding\n";
  return out;
}

std::string render_bw_json(const std::vector<JudgedResult>& judged, const report::CheckRun& run) {
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["hostname"] = run.hostname;
  doc["origin"] = run.origin;
  doc["profile"] = run.profile;
  auto& results = doc["results"] = nlohmann::ordered_json::array();
  for (const auto& [j, causes] : judged) {
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
  doc["verdict"] = {{"status", bw_status(judged, run)}, {"exit_code", bw_exit_code(judged, run)}};
  return doc.dump(2) + "\n";
}

}  // namespace

void add_bw_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<BwOptions>();
  auto* bw = app.add_subcommand("bw",
                                "Judge perftest and nccl-tests results against the line rate of this host's NICs "
                                "(or a capture's), with the host findings that explain a shortfall; exit codes as "
                                "check");
  bw->add_option("files", options->files,
                 "Result files: ib_write_bw/ib_read_bw/ib_send_bw output (text or --out_json), nccl-tests output "
                 "(text or -J json)")
      ->type_name("FILE")
      ->required();
  bw->add_option("--from", options->from,
                 "The host they ran on as a capture (bundle, sos report, sysinfo-snapshot, folder, archive); "
                 "results found inside it are judged too")
      ->type_name("CAPTURE");
  bw->add_option("--dev", options->dev, "The netdev or RDMA device the results ran over (and what pairs with it)")
      ->type_name("NAME");
  bw->add_option("--interval", options->interval,
                 "Live: time between two samples for the rate checks among the causes (default 0: configuration "
                 "only)")
      ->type_name("DURATION");
  bw->add_option("--profile", options->profile, "Profile NAME or TOML FILE (pass marks: [thresholds.BW-PERFTEST])")
      ->type_name("NAME|FILE");
  bw->add_flag("--json", options->json, "Print results[] as JSON");
  bw->callback([&global, &exit_code, options] { exit_code = run_bw(global, *options); });
}

int run_bw(const GlobalOptions& global, const BwOptions& options) {
  const auto fail = [&](const Error& error, int exit_code) {
    if (options.json) {
      const std::string doc = report::render_error_json(error, exit_code);
      std::fwrite(doc.data(), 1, doc.size(), stdout);
    }
    return report_error(error, exit_code);
  };
  std::vector<model::BandwidthResult> given;
  for (const auto& file : options.files) {
    auto read = results::read_results_file(file);
    if (!read) return fail(read.error(), kExitInputError);
    for (auto& r : *read) given.push_back(std::move(r));
  }
  std::chrono::milliseconds interval{0};
  if (options.interval != "0") {
    auto d = parse_duration(options.interval);
    if (!d) return fail(d.error(), kExitInputError);
    interval = *d;
  }
  const auto profile = load_profile_option(options.profile);
  if (!profile) return fail(profile.error(), kExitInputError);
  InputRequest request;
  if (!options.from.empty()) request.captures = {options.from};
  request.dev = options.dev;
  request.interval = interval;
  request.require_devices = true;
  auto input = read_input(global, request);
  if (!input) return fail(input.error(), input.exit_code());
  model::Observations observations;
  observations.bandwidth = std::move(given);
  model::append(observations, std::move(input->observations));

  const model::Host* before = input->before ? &*input->before : nullptr;
  const double dt = before ? input->dt : 0;
  const engine::Context ctx(input->now, before, dt, *profile, &observations);
  report::CheckRun run;
  run.hostname = input->now.hostname;
  run.origin = input->origin;
  run.profile = profile_label(*profile);
  run.results = checks::run_checks(ctx);
  run.ranked = engine::ranked_findings(checks::all_checks(), run.results);

  std::vector<JudgedResult> judged;
  for (const auto& r : observations.bandwidth) {
    JudgedResult j{checks::judge_bandwidth(ctx, r), {}};
    j.causes = bw_causes_of(run.ranked, bw_finding_of(run.ranked, r));
    judged.push_back(std::move(j));
  }
  const std::string text = options.json ? render_bw_json(judged, run) : render_bw_text(judged, run);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return bw_exit_code(judged, run);
}

}  // namespace roce::cli
