// roce-doctor check: judges one host (live, --host or captures) against a profile.
#include "cli/cmd_check.hpp"

#include <cstdio>
#include <memory>

#include "cli/duration.hpp"
#include "cli/options.hpp"
#include "judge/judge.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

void add_check_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  auto* check = app.add_subcommand("check",
                                   "Judge this host (or a bundle) against a profile: ranked findings with "
                                   "evidence and fixes; exit 0 healthy, 1 warnings, 2 critical, 5 nothing could be "
                                   "judged");
  add_system_options(*check, global);
  add_dev_option(*check, options->dev);
  add_rate_interval_option(*check, options->interval);
  add_from_option(*check, options->from, "once, its first and last samples give rates when it holds several");
  check
      ->add_option_function<std::string>(
          "--dt",
          [options](const std::string& text) {
            options->dt = static_cast<double>(parse_duration(text)->count()) / 1000;
          },
          "With two --from captures: the time between them (the earlier given first): seconds, or 500ms, "
          "2m; overrides their clocks; needed when a capture has no clock")
      ->type_name("DURATION")
      ->check(CLI::Validator(
          [](std::string& text) {
            auto d = parse_duration(text);
            return d ? std::string() : d.error().message + " (" + d.error().hint + ")";
          },
          ""));
  add_profile_option(*check, options->profile);
  add_switch_option(*check, options->switch_exports, "judged with the host (XSW-* checks)");
  add_switch_name_option(*check, options->switch_name);
  check->add_option("--only", options->only, "Run only these check IDs (comma-separated)")
      ->delimiter(',')
      ->type_name("IDS");
  check->add_option("--skip", options->skip, "Do not run these check IDs (comma-separated)")
      ->delimiter(',')
      ->type_name("IDS");
  add_json_flag(*check, options->json, "the result");
  check->callback([&global, &exit_code, options] { exit_code = run_check(global, *options); });
}

int run_check(const GlobalOptions& global, const CheckOptions& options) {
  const auto interval = parse_window(options.interval);
  if (!interval) return report_error(interval.error(), kExitInputError, options.json);
  judge::JudgeRequest request;
  request.input = input_request(global);
  request.input.captures = options.from;
  request.input.dt = options.dt;
  request.input.dev = options.dev;
  request.input.interval = *interval;
  request.input.require_devices = true;
  request.input.refuse_empty_import = true;
  request.input.switch_exports = options.switch_exports;
  request.input.switch_name = options.switch_name;
  request.profile = options.profile;
  request.scope.selection = {options.only, options.skip};
  auto judged = judge::read_and_judge(request);
  if (!judged) return report_error(judged, options.json);

  const report::CheckRun& run = judged->run;
  const std::string text = options.json ? report::render_check_json(run)
                                        : report::render_check_text(run, report::Style{stdout_wants_colour()});
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return verdict_of(run).exit_code();
}

}  // namespace roce::cli
