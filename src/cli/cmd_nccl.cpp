// roce-doctor nccl: a job's NCCL logs, summarised and judged (against a capture of its host).
#include "cli/cmd_nccl.hpp"

#include <cstdio>
#include <memory>

#include "cli/options.hpp"
#include "judge/judge.hpp"
#include "nccl_log/reader.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"
#include "report/nccl_view.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

void add_nccl_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<NcclOptions>();
  auto* nccl = app.add_subcommand("nccl",
                                  "Read a job's NCCL log (NCCL_DEBUG=INFO or WARN): what NCCL used per host and "
                                  "process, its errors, and findings judged against the host of --from");
  nccl->add_option("LOG", options->logs, "Log files (plain or gzip'd); - reads standard input")
      ->required()
      ->type_name("LOG");
  add_from_option(*nccl, options->from,
                  "the host the job ran on: the log is judged against it and its findings ranked as likely causes");
  add_profile_option(*nccl, options->profile);
  add_json_flag(*nccl, options->json, "hosts[] and the findings");
  nccl->add_flag("--verbose", options->verbose, "Also show the NCCL lines that were not understood");
  nccl->callback([&global, &exit_code, options] { exit_code = run_nccl(global, *options); });
}

int run_nccl(const GlobalOptions& global, const NcclOptions& options) {
  auto log = nccl_log::read_logs(options.logs);
  if (!log) return report_error(log.error(), kExitInputError, options.json);
  // The host: a capture when given; otherwise none (the log is judged on its own).
  judge::JudgeRequest request;
  request.input = input_request(global);
  if (!options.from.empty()) request.input.captures = {options.from};
  request.scope.host = !options.from.empty();
  request.profile = options.profile;
  request.given.nccl_logs.push_back(*log);
  auto judged = judge::read_and_judge(request);
  if (!judged) return report_error(judged, options.json);
  report::CheckRun& run = judged->run;
  if (options.from.empty()) run.origin = "the job's log alone (no --from capture)";

  std::string out;
  if (options.json) {
    auto doc = report::check_json_document(run);
    doc["nccl"] = report::nccl_log_json(*log);
    doc["hosts"] = report::nccl_hosts_json(*log);
    out = report::json_text(doc);
  } else {
    out = report::nccl_summary_text(*log, options.verbose) + "\n" +
          report::render_check_text(run, report::Style{stdout_wants_colour()});
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return verdict_of(run).exit_code();
}

}  // namespace roce::cli
