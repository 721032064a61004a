// roce-doctor nccl: a job's NCCL logs, summarised and judged (against a capture of its host).
#include "cli/cmd_nccl.hpp"

#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "checks/registry.hpp"
#include "cli/input.hpp"
#include "cli/nccl_view.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "nccl_log/reader.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

void add_nccl_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<NcclOptions>();
  auto* nccl = app.add_subcommand("nccl",
                                  "Read a job's NCCL log (NCCL_DEBUG=INFO or WARN): what NCCL used per host and "
                                  "process, its errors, and findings judged against the host of --from");
  nccl->add_option("LOG", options->logs, "Log files (plain or gzip'd); - reads standard input")
      ->required()
      ->type_name("LOG");
  nccl->add_option("--from", options->from,
                   "A capture of the host the job ran on (bundle, sos report, sysinfo-snapshot, folder, archive): "
                   "the log is judged against it and its findings ranked as likely causes")
      ->type_name("CAPTURE");
  nccl->add_option("--profile", options->profile, "Desired state: a profile NAME or TOML FILE")->type_name("NAME|FILE");
  nccl->add_flag("--json", options->json, "Print hosts[] and the findings as JSON");
  nccl->add_flag("--verbose", options->verbose, "Also show the NCCL lines that were not understood");
  nccl->callback([&global, &exit_code, options] { exit_code = run_nccl(global, *options); });
}

int run_nccl(const GlobalOptions& global, const NcclOptions& options) {
  const auto fail = [&](const Error& error, int exit_code) {
    if (options.json) {
      const std::string doc = report::render_error_json(error, exit_code);
      std::fwrite(doc.data(), 1, doc.size(), stdout);
    }
    return report_error(error, exit_code);
  };
  auto log = nccl_log::read_logs(options.logs);
  if (!log) return fail(log.error(), kExitInputError);
  const auto profile = load_profile_option(options.profile);
  if (!profile) return fail(profile.error(), kExitInputError);

  // The host: a capture when given; otherwise none (the log is judged on its own).
  Input input;
  if (!options.from.empty()) {
    InputRequest request;
    request.captures = {options.from};
    auto read = read_input(global, request);
    if (!read) return fail(read.error(), read.exit_code());
    input = std::move(*read);
  }
  input.observations.nccl_logs.push_back(*log);
  const model::Host* before = input.before ? &*input.before : nullptr;
  const double dt = before ? input.dt : 0;
  const engine::Context ctx(input.now, before, dt, *profile, &input.observations);
  report::CheckRun run;
  run.hostname = input.now.hostname;
  run.hardware = report::describe_hardware(input.now_as_read());
  run.origin = options.from.empty() ? "the job's log alone (no --from capture)" : input.origin;
  run.profile = profile_label(*profile);
  run.interval_s = ctx.has_rates() ? dt : 0;
  run.has_rdma = !input.now_as_read().rdma_devices.empty();
  for (const auto& p : ctx.ports()) run.ports.push_back(p.subject().to_string());
  auto results = checks::run_checks(ctx);
  // Without a host, only what the log itself can show is listed.
  for (auto& r : results)
    if (!options.from.empty() || r.id.starts_with("NCCL-") || !r.findings.empty()) run.results.push_back(std::move(r));
  run.ranked = engine::ranked_findings(checks::all_checks(), run.results);

  std::string out;
  if (options.json) {
    auto doc = nlohmann::ordered_json::parse(report::render_check_json(run));
    doc["nccl"] = nccl_log_json(*log);
    doc["hosts"] = nccl_hosts_json(*log);
    out = doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
  } else {
    out = nccl_summary_text(*log, options.verbose) + "\n" +
          report::render_check_text(run, report::Style{stdout_wants_colour()});
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return report::exit_code_of(run);
}

}  // namespace roce::cli
