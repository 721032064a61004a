// roce-doctor report: the checks over windows of one host's samples, as a timeline.
#include "cli/cmd_report.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <optional>
#include <utility>

#include "checks/registry.hpp"
#include "cli/duration.hpp"
#include "cli/input.hpp"
#include "record/recording.hpp"
#include "report/timeline_report.hpp"
#include "timeline/timeline.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"

namespace roce::cli {
namespace {

bool is_recording(const std::string& path) {
  const auto head = util::read_file_head(path, 16);
  return head && record::looks_like_recording(*head);
}

struct RecordingPart {
  std::string path;
  std::int64_t first_ms = 0;
};

// The recordings in time order of their first samples (rotation names them newest first), all of
// one host. Reads only each part's first sample.
Expected<std::vector<RecordingPart>> recording_parts(const std::vector<std::string>& paths) {
  std::vector<RecordingPart> parts;
  std::string hostname;
  for (const auto& path : paths) {
    std::optional<model::Host> first;
    auto scanned = record::for_each_sample(path, [&](const model::Host& h) {
      first = h;
      return false;
    });
    if (!scanned) return fail(std::move(scanned.error()));
    if (!first) continue;  // an empty (or torn-header) part: nothing to report from it
    if (parts.empty()) hostname = first->hostname;
    else if (first->hostname != hostname)
      return fail("recording " + path + " is of another host (\"" + first->hostname + "\", not \"" + hostname + "\")",
                  "a report covers one host: run report once per host");
    parts.push_back({path, first->time_unix_ms});
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const RecordingPart& a, const RecordingPart& b) { return a.first_ms < b.first_ms; });
  return parts;
}

constexpr std::int64_t kDayMs = 86'400'000;

// Reads exactly `digits` digits at text[pos].
bool read_number(std::string_view text, std::size_t pos, std::size_t digits, int& out) {
  if (pos + digits > text.size()) return false;
  const auto [end, ec] = std::from_chars(text.data() + pos, text.data() + pos + digits, out);
  return ec == std::errc() && end == text.data() + pos + digits;
}

// "HH:MM" or "HH:MM:SS" -> milliseconds into the day.
std::optional<std::int64_t> time_of_day_ms(std::string_view text) {
  int h = 0, m = 0, s = 0;
  if (text.size() != 5 && text.size() != 8) return std::nullopt;
  if (!read_number(text, 0, 2, h) || text[2] != ':' || !read_number(text, 3, 2, m)) return std::nullopt;
  if (text.size() == 8 && (text[5] != ':' || !read_number(text, 6, 2, s))) return std::nullopt;
  if (h > 23 || m > 59 || s > 60) return std::nullopt;
  return (h * 3600 + m * 60 + s) * std::int64_t{1000};
}

int exit_code_of(const timeline::Result& r) {
  engine::Severity worst = engine::Severity::info;
  for (const auto& in : r.intervals) worst = std::max(worst, in.worst);
  if (worst == engine::Severity::critical) return kExitCritical;
  if (worst == engine::Severity::warning) return kExitWarnings;
  return r.judged_windows == 0 ? kExitNothingJudged : kExitHealthy;  // no window judged anything: not healthy
}

Outcome write_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return fail("cannot write " + path + ": " + std::strerror(errno), "", errno);
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) return fail("cannot write " + path + ": " + std::strerror(errno), "", errno);
  return done();
}

// The samples the timeline is fed: those within --since/--until (resolved on the first sample's
// UTC day), narrowed to --dev.
class ReportFeed {
 public:
  ReportFeed(timeline::Timeline& engine, std::optional<TimeSpec> since, std::optional<TimeSpec> until, std::string dev)
      : engine_(engine), since_(since), until_(until), dev_(std::move(dev)) {}

  /// Feeds one sample, or prints that --dev names no device in it and returns false.
  bool operator()(const model::Host& s) {
    if (!range_known_) {
      since_ms_ = since_ ? since_->resolve(s.time_unix_ms) : INT64_MIN;
      until_ms_ = until_ ? until_->resolve(s.time_unix_ms) : INT64_MAX;
      range_known_ = true;
    }
    if (s.time_unix_ms < since_ms_ || s.time_unix_ms > until_ms_) return true;
    if (dev_.empty()) {
      engine_.feed(s);
    } else {
      const model::Host filtered = filter_host(s, dev_);
      if (host_is_empty(filtered)) {
        const std::string where = " in the sample at " + report::utc_text(s.time_unix_ms, false) + " UTC";
        failed_ = report_error(no_device_error(dev_, where, "see `roce-doctor show --from PATH` for the names"),
                               kExitInputError);
        return false;
      }
      engine_.feed(filtered);
    }
    ++fed_;
    return true;
  }
  std::size_t fed() const { return fed_; }
  /// 0, or the exit code once a sample could not be fed.
  int failed() const { return failed_; }

 private:
  timeline::Timeline& engine_;
  std::optional<TimeSpec> since_, until_;
  std::string dev_;
  std::int64_t since_ms_ = INT64_MIN, until_ms_ = INT64_MAX;
  bool range_known_ = false;
  std::size_t fed_ = 0;
  int failed_ = 0;
};

// Recordings (one, or the rotated parts of one), streamed oldest part first: a day at 1 Hz is too
// many Hosts to hold (record/recording.hpp). Returns 0, or the exit code after the error was printed.
int feed_recordings(const std::vector<std::string>& paths, ReportFeed& feed) {
  auto parts = recording_parts(paths);
  if (!parts) return report_error(parts.error(), kExitInputError);
  for (const auto& part : *parts) {
    auto warnings = record::for_each_sample(part.path, [&](const model::Host& s) { return feed(s); });
    if (!warnings) return report_error(warnings.error(), kExitInputError);
    for (const auto& w : *warnings) std::fprintf(stderr, "roce-doctor: %s\n", w.c_str());
    if (feed.failed()) return feed.failed();
  }
  return 0;
}

// Other captures, every one loaded first (a host mismatch is an input error before any output),
// their samples merged in time order. Returns 0, or the exit code after the error was printed.
int feed_captures(const std::vector<std::string>& paths, ReportFeed& feed) {
  std::vector<captures::Bundle> bundles;
  std::vector<const model::Host*> samples;
  std::string hostname;
  for (const auto& path : paths) {
    auto bundle = read_capture(path);
    if (!bundle) return report_error(bundle.error(), kExitInputError);
    bundles.push_back(std::move(*bundle));
    for (const auto& s : bundles.back().samples) {
      if (samples.empty())
        hostname = s.hostname;
      else if (s.hostname != hostname)
        return report_error(
            {"capture " + path + " is of another host (\"" + s.hostname + "\", not \"" + hostname + "\")",
             "a report covers one host: run report once per host"},
            kExitInputError);
      samples.push_back(&s);
    }
  }
  std::stable_sort(samples.begin(), samples.end(),
                   [](const model::Host* a, const model::Host* b) { return a->time_unix_ms < b->time_unix_ms; });
  for (const model::Host* s : samples)
    if (!feed(*s)) return feed.failed();
  return 0;
}

// The timeline printed as text or JSON, and written as HTML with -o.
int print_report(const ReportOptions& options, const report::TimelineReport& rep) {
  if (!options.html_out.empty())
    if (auto w = write_file(options.html_out, report::render_timeline_html(rep)); !w)
      return report_error(w.error(), kExitRuntimeError);
  const std::string text = options.json ? report::render_timeline_json(rep) : report::render_timeline_text(rep);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return exit_code_of(rep.result);
}

}  // namespace

std::int64_t TimeSpec::resolve(std::int64_t first_sample_ms) const {
  if (!time_of_day) return unix_ms;
  return first_sample_ms - ((first_sample_ms % kDayMs) + kDayMs) % kDayMs + unix_ms;
}

Expected<TimeSpec> parse_time_spec(const std::string& text) {
  const auto bad = [&] {
    return fail("invalid time \"" + text + "\"",
                "give 2026-11-29T22:01:10Z (UTC), @UNIX_SECONDS, or 22:01:10 on the first sample's day (UTC)");
  };
  if (!text.empty() && text[0] == '@') {
    std::int64_t secs = 0;
    const auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), secs);
    if (ec != std::errc() || end != text.data() + text.size() || secs < 0 || secs > 100'000'000'000) return bad();
    return TimeSpec{secs * 1000, false};
  }
  if (auto tod = time_of_day_ms(text)) return TimeSpec{*tod, true};
  std::string_view t = text;
  if (!t.empty() && (t.back() == 'Z' || t.back() == 'z')) t.remove_suffix(1);
  int year = 0, month = 0, day = 0;
  if (t.size() < 11 || !read_number(t, 0, 4, year) || t[4] != '-' || !read_number(t, 5, 2, month) || t[7] != '-' ||
      !read_number(t, 8, 2, day) || (t[10] != 'T' && t[10] != ' '))
    return bad();
  auto tod = time_of_day_ms(t.substr(11));
  if (!tod || month < 1 || month > 12 || day < 1 || day > 31) return bad();
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  return TimeSpec{static_cast<std::int64_t>(timegm(&tm)) * 1000 + *tod, false};
}

void add_report_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<ReportOptions>();
  auto* report = app.add_subcommand("report", "Timeline of findings over a capture's samples (checks once per window); "
                                              "-o writes a self-contained HTML report with plots");
  report
      ->add_option("paths", options->paths,
                   "Captures of one host: bundles (collect --samples N), folders, archives; merged in time order")
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
  report->add_option("--profile", options->profile, "Desired state: a profile NAME or a TOML FILE")
      ->type_name("NAME|FILE");
  report->add_option("--dev", options->dev, "Only this netdev or RDMA device (and what pairs with it)")
      ->type_name("NAME");
  report->add_option("-o,--output", options->html_out, "Also write the HTML report to FILE")->type_name("FILE");
  report->add_flag("--json", options->json, "Print the timeline as JSON (schema_version 1)");
  report->callback([&global, &exit_code, options] { exit_code = run_report(global, *options); });
}

int run_report(const GlobalOptions&, const ReportOptions& options) {
  const auto window = parse_duration(options.window);
  if (!window) return report_error(window.error(), kExitInputError);
  std::optional<TimeSpec> since, until;
  for (auto [text, out] : {std::pair{&options.since, &since}, std::pair{&options.until, &until}}) {
    if (text->empty()) continue;
    auto spec = parse_time_spec(*text);
    if (!spec) return report_error(spec.error(), kExitInputError);
    *out = *spec;
  }
  const auto profile = load_profile_option(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);

  timeline::Options topts;
  topts.window_ms = window->count();
  timeline::Timeline engine(checks::all_checks(), *profile, topts);
  ReportFeed feed(engine, since, until, options.dev);
  const bool recordings = std::all_of(options.paths.begin(), options.paths.end(), is_recording);
  if (int failed = recordings ? feed_recordings(options.paths, feed) : feed_captures(options.paths, feed))
    return failed;
  if (feed.fed() == 0)
    return report_error({"no sample between --since and --until", "see the span in the report without them"},
                        kExitInputError);

  report::TimelineReport rep;
  rep.result = engine.finish();
  rep.origin = options.paths.size() == 1 ? options.paths[0] : std::to_string(options.paths.size()) + " captures";
  rep.profile = profile_label(*profile);
  return print_report(options, rep);
}

}  // namespace roce::cli
