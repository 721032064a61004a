// roce-doctor storm: an incident read, its storms traced, one view.
#include "cli/cmd_storm.hpp"

#include <cstdio>
#include <memory>

#include "cli/duration.hpp"
#include "cli/options.hpp"
#include "incident/trace.hpp"
#include "storm/render_html.hpp"
#include "storm/render_json.hpp"
#include "storm/render_text.hpp"
#include "storm/verdict.hpp"
#include "timeline/time_spec.hpp"
#include "util/atomic_write.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// An absolute --since/--until (a time of day has no day to fall on before the inputs are read).
Expected<std::int64_t> absolute_time(const std::string& flag, const std::string& text) {
  auto spec = timeline::parse_time_spec(text);
  if (!spec) return fail(flag + ": " + spec.error().message, spec.error().hint);
  if (spec->time_of_day)
    return fail(flag + " " + text + ": a time of day without its date", "give 2026-11-29T22:01:10Z or @UNIX_SECONDS");
  return spec->unix_ms;
}

Expected<incident::Request> request_of(const StormOptions& o) {
  incident::Request r;
  r.paths = o.paths;
  r.switch_paths = o.switches;
  r.switch_name = o.switch_name;
  if (!o.since.empty()) {
    auto t = absolute_time("--since", o.since);
    if (!t) return fail(std::move(t.error()));
    r.since_ms = *t;
  }
  if (!o.until.empty()) {
    auto t = absolute_time("--until", o.until);
    if (!t) return fail(std::move(t.error()));
    r.until_ms = *t;
  }
  if (r.since_ms > r.until_ms) return fail("--since is after --until", "give the incident's start, then its end");
  if (!o.bin.empty()) {
    auto bin = parse_duration(o.bin);
    if (!bin) return fail("--bin " + o.bin + ": " + bin.error().message, kDurationHint);
    r.bin_ms = bin->count();
  }
  auto skew = parse_window(o.max_skew);
  if (!skew) return fail("--max-skew " + o.max_skew + ": " + skew.error().message, kDurationHint);
  r.max_skew_ms = skew->count();
  if (!o.prometheus.empty()) {
    if (o.since.empty() || o.until.empty())
      return fail("--prometheus needs --since and --until", "give the incident's window: --since T --until T");
    r.prometheus = incident::PrometheusQuery{o.prometheus, r.since_ms, r.until_ms};
  }
  if (r.paths.empty() && r.switch_paths.empty() && !r.prometheus)
    return fail("nothing to read", "give recordings or captures (PATH), --switch SNAPSHOTS or --prometheus URL");
  return r;
}

}  // namespace

void add_storm_command(CLI::App& app, GlobalOptions&, int& exit_code) {
  auto options = std::make_shared<StormOptions>();
  auto* storm = app.add_subcommand(
      "storm",
      "Who started a pause storm: hosts' recordings and captures, switches' counter snapshots and a Prometheus "
      "server's series read on one clock; per storm its origin and cause, the ports it spread to and its victims, "
      "the fix for the origin; exit 0 no storm, 1 incast, 2 a storm of another cause, 5 no pause counter read");
  storm
      ->add_option("PATH", options->paths,
                   "Recordings (and their rotated parts), captures (bundles, capture folders or archives), "
                   "switches' snapshot files and `show lldp table`, or folders of them")
      ->type_name("PATH");
  storm
      ->add_option("--switch", options->switches,
                   "A switch's snapshot file (blocks of a `date` line and SONiC's `show pfc counters`, `show queue "
                   "counters`, `show interfaces counters`, or Cumulus NVUE's `nv show interface IF counters ...`), "
                   "a folder of one switch's files (with its `show lldp table`), SONiC `show techsupport` dumps "
                   "(their COUNTERS_DB), or a folder of such")
      ->type_name("SNAPSHOTS")
      ->take_all();
  add_switch_name_option(*storm, options->switch_name);
  storm
      ->add_option("--prometheus", options->prometheus,
                   "A Prometheus server scraping `roce-doctor serve` (http[s]://[USER:PASSWORD@]HOST:PORT); needs "
                   "--since and --until")
      ->type_name("URL");
  storm->add_option("--since", options->since, "Read from this time: 2026-11-29T22:01:10Z or @UNIX_SECONDS")
      ->type_name("TIME");
  storm->add_option("--until", options->until, "Read up to this time")->type_name("TIME");
  storm
      ->add_option("--bin", options->bin,
                   "The grid the sources are aligned on (default: their usual sampling interval, at least 1 s)")
      ->type_name("DURATION");
  storm
      ->add_option("--max-skew", options->max_skew,
                   "How far apart the sources' clocks may be (default 100ms); events within a bin are simultaneous")
      ->type_name("DURATION");
  storm
      ->add_option("-o,--output", options->html_out,
                   "Also write the storms as one HTML file: the fabric with origin, spread and victims, and the "
                   "ports' timelines")
      ->type_name("FILE");
  add_json_flag(*storm, options->json, "the storms");
  storm->callback([&exit_code, options] { exit_code = run_storm(*options); });
}

int run_storm(const StormOptions& options) {
  auto request = request_of(options);
  if (!request) return report_error(request.error(), kExitInputError, options.json);
  auto traced = incident::trace_storms(*request);
  if (!traced) return report_error(traced, options.json);
  if (!traced->pause_counters)
    return report_error(Error{"no pause counter in any input: nothing could be judged",
                              "give recordings of hosts with PFC counters (mlx5: ethtool -S rx_prio3_pause), switch "
                              "snapshots with `show pfc counters`, or a Prometheus server scraping `serve`"},
                        kExitNothingJudged, options.json);
  if (!options.html_out.empty())
    if (auto w = util::write_file_atomically(options.html_out, storm::render_html(traced->fabric, traced->analysis));
        !w)
      return report_error(w.error(), kExitRuntimeError, options.json);
  const std::string text = options.json ? storm::render_json(traced->analysis) : storm::render_text(traced->analysis);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return storm::exit_code_of(traced->analysis);
}

}  // namespace roce::cli
