// roce-doctor bw: bandwidth results judged against the host's line rate, with their likely causes.
#include "cli/cmd_bw.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "bwrun/perftest_plan.hpp"
#include "bwrun/perftest_run.hpp"

#include "checks/bw_findings.hpp"
#include "checks/registry.hpp"
#include "cli/duration.hpp"
#include "cli/input.hpp"
#include "engine/runner.hpp"
#include "physics/estimate.hpp"
#include "report/check_json.hpp"
#include "report/check_run.hpp"
#include "results/read_results.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"

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

// What `bw --run` ran, for the text and the JSON.
struct RunRecord {
  std::string mode;  // "loopback", "client", "server"
  bwrun::PerftestPlan plan;
};

std::string render_run_text(const RunRecord& run) {
  std::string out = "perftest " + run.mode + " run on " + run.plan.netdev + " (" + run.plan.rdma_device + "/" +
                    std::to_string(run.plan.rdma_port) + ", " + run.plan.address + ", RoCE v2 GID index " +
                    std::to_string(run.plan.gid_index) + ")\n";
  if (!run.plan.server_argv.empty()) out += "  server  " + bwrun::shell_line(run.plan.server_argv) + "\n";
  if (!run.plan.client_argv.empty()) out += "  client  " + bwrun::shell_line(run.plan.client_argv) + "\n";
  for (const auto& note : run.plan.notes) out += "  note    " + note + "\n";
  return out + "\n";
}

nlohmann::ordered_json run_json(const RunRecord& run) {
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

std::string render_bw_text(const std::vector<JudgedResult>& judged, const report::CheckRun& run,
                           const std::optional<RunRecord>& ran) {
  std::string out = ran ? render_run_text(*ran) : std::string();
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

std::string render_bw_json(const std::vector<JudgedResult>& judged, const report::CheckRun& run,
                           const std::optional<RunRecord>& ran) {
  nlohmann::ordered_json doc;
  doc["schema_version"] = 1;
  doc["hostname"] = run.hostname;
  doc["origin"] = run.origin;
  doc["profile"] = run.profile;
  if (ran) doc["run"] = run_json(*ran);
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

// The --run options as the planner takes them; an input error names the option.
Expected<bwrun::RunOptions> run_options_of(const BwOptions& options) {
  bwrun::RunOptions o;
  if (options.server && !options.peer.empty())
    return fail("--server and --peer exclude each other", "--server waits for a client; --peer HOST is the client");
  o.mode = options.server         ? bwrun::RunMode::server
           : options.peer.empty() ? bwrun::RunMode::loopback
                                  : bwrun::RunMode::client;
  o.peer = options.peer;
  o.test = options.test;
  if (!bwrun::perftest_binary(o.test))
    return fail("--test " + o.test + ": not a perftest bandwidth test", "write, read or send");
  const auto size = physics::parse_size(options.size);
  if (!size || *size < 1 || *size > 4294967295.0 || std::floor(*size) != *size)
    return fail("--size " + options.size + ": not a message size", "bytes, or with a unit: 65536, 64KiB, 1MiB");
  o.size = static_cast<std::uint64_t>(*size);
  const auto duration = parse_duration(options.duration);
  if (!duration) return fail(Error(duration.error()).context("--duration"));
  o.duration_s = static_cast<std::uint32_t>(std::max<std::int64_t>(1, (duration->count() + 999) / 1000));
  if (options.qps == 0) return fail("--qps 0: perftest needs at least one QP");
  o.qps = options.qps;
  if (options.port > 65535) return fail("--port " + std::to_string(options.port) + ": not a TCP port");
  if (options.port) o.port = options.port;
  return o;
}

std::string mode_name(bwrun::RunMode mode) {
  return mode == bwrun::RunMode::loopback ? "loopback" : mode == bwrun::RunMode::client ? "client" : "server";
}

// A directory for the run's files: --out DIR, else a fresh temporary one (removed by the caller).
Expected<std::string> run_directory(const std::string& out_dir) {
  std::error_code ec;
  if (!out_dir.empty()) {
    std::filesystem::create_directories(out_dir, ec);
    if (ec) return fail("--out " + out_dir + ": " + ec.message(), {}, ec.value());
    return out_dir;
  }
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "roce-doctor-bw-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) return fail("mkdtemp " + pattern + ": " + std::strerror(errno), {}, errno);
  return pattern;
}

// Runs perftest on the host as planned and reads what it printed with the reader `bw FILE` uses.
Result<std::vector<model::BandwidthResult>> run_and_read(const model::Host& host, const profile::Profile& profile,
                                                         const BwOptions& options, std::optional<RunRecord>& ran) {
  auto run_options = run_options_of(options);
  if (!run_options) return {std::move(run_options.error()), kExitInputError};
  std::chrono::seconds timeout(run_options->duration_s + 60);
  if (!options.timeout.empty()) {
    const auto t = parse_duration(options.timeout);
    if (!t) return {Error(t.error()).context("--timeout"), kExitInputError};
    timeout = std::chrono::ceil<std::chrono::seconds>(*t);
  }
  auto dir = run_directory(options.out_dir);
  if (!dir) return {std::move(dir.error()), kExitRuntimeError};
  const bool remove_dir = options.out_dir.empty();
  const std::string binary = *bwrun::perftest_binary(run_options->test);
  run_options->out_json_file = *dir + "/" + binary + ".json";
  auto plan = bwrun::plan_perftest(host, profile, *run_options);
  if (!plan) {
    if (remove_dir) std::filesystem::remove_all(*dir);
    return {Error(plan.error()).context("bw --run"), kExitRuntimeError};
  }
  ran = RunRecord{mode_name(run_options->mode), *plan};
  auto done = bwrun::run_perftest(*plan, *run_options, *dir, timeout);
  Result<std::vector<model::BandwidthResult>> out{Error{}, kExitRuntimeError};
  if (!done) {
    out = {std::move(done.error()), kExitRuntimeError};
  } else {
    const auto text = util::read_file(done->result_file);
    auto read = results::read_results(text ? *text : std::string(), {"perftest", done->result_name});
    if (read) {
      out = std::move(*read);
    } else {
      Error e = std::move(read.error());
      e.message = "perftest ended without a complete result: " + e.message;
      if (!done->stderr_tail.empty()) e.message += "; its stderr ends:\n  " + done->stderr_tail;
      e.hint = "run `" + bwrun::shell_line(plan->client_argv.empty() ? plan->server_argv : plan->client_argv) +
               "` by hand to see the whole output";
      out = {std::move(e), kExitRuntimeError};
    }
  }
  if (remove_dir) std::filesystem::remove_all(*dir);
  return out;
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
      ->type_name("FILE");
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
  auto* run = bw->add_flag("--run", options->run,
                           "Run perftest here first (loopback: server and client on this host) with the flags this "
                           "host needs, and judge its result");
  bw->add_flag("--server", options->server, "With --run: start only the server and wait for a client")->needs(run);
  bw->add_option("--peer", options->peer, "With --run: be the client of the server on HOST")
      ->type_name("HOST")
      ->needs(run);
  bw->add_option("--test", options->test, "With --run: ib_write_bw (write, default), ib_read_bw or ib_send_bw")
      ->type_name("write|read|send")
      ->needs(run);
  bw->add_option("--size", options->size, "With --run: message size (-s; default 1MiB)")
      ->type_name("BYTES")
      ->needs(run);
  bw->add_option("--duration", options->duration, "With --run: seconds of traffic (-D; default 10s)")
      ->type_name("DURATION")
      ->needs(run);
  bw->add_option("--qps", options->qps, "With --run: queue pairs (-q; default 1)")->type_name("N")->needs(run);
  bw->add_option("--port", options->port, "With --run: perftest's TCP port (-p; default perftest's 18515)")
      ->type_name("PORT")
      ->needs(run);
  bw->add_option("--timeout", options->timeout,
                 "With --run: kill perftest after this long (default: the duration and 60 s)")
      ->type_name("DURATION")
      ->needs(run);
  bw->add_option("--out", options->out_dir,
                 "With --run: keep perftest's output files in DIR (default: a temporary directory, removed)")
      ->type_name("DIR")
      ->needs(run);
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
  if (options.files.empty() && !options.run)
    return fail({"no result file given", "bw FILE... judges result files; bw --run runs perftest here first"},
                kExitInputError);
  if (options.run && !options.from.empty())
    return fail({"--run measures this host: it takes no --from", "judge a capture's results with bw FILE --from"},
                kExitInputError);
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
  std::optional<RunRecord> ran;
  if (options.run) {
    auto measured = run_and_read(input->now, *profile, options, ran);
    if (!measured) return fail(measured.error(), measured.exit_code());
    for (auto& r : *measured) given.push_back(std::move(r));
  }
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
  const std::string text = options.json ? render_bw_json(judged, run, ran) : render_bw_text(judged, run, ran);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return bw_exit_code(judged, run);
}

}  // namespace roce::cli
