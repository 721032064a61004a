// roce-doctor report: the checks over windows of one host's samples, as a timeline.
#include "cli/cmd_report.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <utility>

#include "checks/registry.hpp"
#include "cli/duration.hpp"
#include "cli/options.hpp"
#include "judge/judge.hpp"
#include "judge/samples.hpp"
#include "report/timeline_report.hpp"
#include "timeline/timeline.hpp"
#include "util/atomic_write.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// The timeline printed as text or JSON, and written as HTML with -o.
int print_report(const ReportOptions& options, const report::TimelineReport& rep) {
  if (!options.html_out.empty())
    if (auto w = util::write_file_atomically(options.html_out, report::render_timeline_html(rep)); !w)
      return report_error(w.error(), kExitRuntimeError);
  const std::string text = options.json ? report::render_timeline_json(rep) : report::render_timeline_text(rep);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return timeline::verdict_of(rep.result).exit_code();
}

}  // namespace

void add_report_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<ReportOptions>();
  auto* report = app.add_subcommand("report",
                                    "Timeline of findings over a capture's samples (checks once per window); "
                                    "-o writes a self-contained HTML report with plots");
  report
      ->add_option("paths", options->paths,
                   "Captures of one host: recordings (record, and their rotated parts), bundles (collect --samples "
                   "N), sos reports, folders, archives; merged in time order")
      ->required()
      ->type_name("PATH...");
  report
      ->add_option("--since", options->since,
                   "Ignore samples before T (2026-11-29T22:00:00Z, @UNIX, or HH:MM[:SS] UTC)")
      ->type_name("T");
  report->add_option("--until", options->until, "Ignore samples after T")->type_name("T");
  report
      ->add_option("--window", options->window,
                   "Checks run once per window of this length: seconds, or 30s, 5m (default 60s)")
      ->type_name("DURATION");
  add_profile_option(*report, options->profile);
  add_dev_option(*report, options->dev);
  report->add_option("-o,--output", options->html_out, "Also write the HTML report to FILE")->type_name("FILE");
  add_json_flag(*report, options->json, "the timeline");
  report->callback([&global, &exit_code, options] { exit_code = run_report(global, *options); });
}

int run_report(const GlobalOptions&, const ReportOptions& options) {
  const auto window = parse_duration(options.window);
  if (!window) return report_error(window.error(), kExitInputError);
  judge::SampleRequest request;
  request.paths = options.paths;
  request.dev = options.dev;
  request.notices = terminal_notices();
  for (auto [text, out] : {std::pair{&options.since, &request.since}, std::pair{&options.until, &request.until}}) {
    if (text->empty()) continue;
    auto spec = timeline::parse_time_spec(*text);
    if (!spec) return report_error(spec.error(), kExitInputError);
    *out = *spec;
  }
  const auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);

  timeline::Options topts;
  topts.window_ms = window->count();
  timeline::Timeline engine(checks::all_checks(), *profile, topts);
  const auto fed = judge::feed_samples(request, [&engine](const model::Host& s) { engine.feed(s); });
  if (!fed) return report_error(fed);
  if (*fed == 0)
    return report_error({"no sample between --since and --until", "see the span in the report without them"},
                        kExitInputError);

  report::TimelineReport rep;
  rep.result = engine.finish();
  rep.origin = options.paths.size() == 1 ? options.paths[0] : std::to_string(options.paths.size()) + " captures";
  rep.profile = judge::profile_label(*profile);
  return print_report(options, rep);
}

}  // namespace roce::cli
