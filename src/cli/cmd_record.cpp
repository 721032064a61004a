// roce-doctor record: samples the --host system (default live) into a recording until stopped.
#include "cli/cmd_record.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "cli/duration.hpp"
#include "cli/options.hpp"
#include "judge/input.hpp"
#include "record/burst.hpp"
#include "record/recording.hpp"
#include "util/exit_codes.hpp"
#include "util/stop_signals.hpp"

namespace roce::cli {
namespace {

using Clock = std::chrono::steady_clock;

// Burst mode lasts this long after the last sweep in which a pause or discard counter moved.
constexpr auto kBurstQuiet = std::chrono::seconds(10);

CLI::Validator validator(std::function<std::string(const std::string&)> check) {
  return CLI::Validator([check](std::string& text) { return check(text); }, "");
}

std::string duration_problem(const std::string& text) {
  auto d = parse_record_duration(text);
  return d ? std::string() : d.error().message + " (" + d.error().hint + ")";
}

// The parsed record options: sampling pace, when to stop, how the writer rotates.
struct RecordSettings {
  std::chrono::milliseconds interval{};
  std::optional<std::chrono::milliseconds> burst, duration;
  record::WriterOptions writer;
};

Expected<RecordSettings> settings_of(const RecordOptions& options) {
  RecordSettings s;
  auto interval = parse_record_duration(options.interval);
  if (!interval) return fail(interval.error());
  s.interval = *interval;
  for (auto [text, out] : {std::pair{&options.burst_interval, &s.burst}, std::pair{&options.duration, &s.duration}}) {
    if (text->empty()) continue;
    auto d = parse_record_duration(*text);
    if (!d) return fail(d.error());
    *out = *d;
  }
  s.writer.keep_parts = options.keep;
  if (!options.rotate_size.empty()) {
    auto size = parse_size(options.rotate_size);
    if (!size) return fail(size.error());
    s.writer.rotate_bytes = *size;
  }
  if (!options.rotate_age.empty()) {
    auto age = parse_record_duration(options.rotate_age);
    if (!age) return fail(age.error());
    s.writer.rotate_seconds = std::max<std::int64_t>(1, age->count() / 1000);
  }
  // At least one frame a minute, and never more than 10 samples in one: a crash loses little.
  const auto per_frame = std::chrono::minutes(1) / s.interval;
  s.writer.samples_per_frame = static_cast<std::uint32_t>(std::clamp<std::int64_t>(per_frame, 1, 10));
  return s;
}

// Samples of the system narrowed to --dev. A simulator's clock moves only when told: before each
// sample it lets as much of its time pass as passed here, so the recording's clock and counters
// advance at the rate they are sampled.
class Sampler {
 public:
  Sampler(system::System& system, std::string dev) : system_(system), dev_(std::move(dev)) {}
  Expected<model::Host> sample_at(Clock::time_point now) {
    if (last_ && !judge::runs_in_real_time(system_))
      system_.wait(std::chrono::duration_cast<std::chrono::milliseconds>(now - *last_));
    last_ = now;
    return judge::sample_device(system_, dev_);
  }

 private:
  system::System& system_;
  std::string dev_;
  std::optional<Clock::time_point> last_;
};

// Samples every interval (every burst interval while pause or discard counters move) until
// --samples, --duration or a stop signal. Returns 0, or the exit code of a failure.
int record_until_done(const RecordOptions& options, const RecordSettings& settings, Sampler& sampler,
                      record::RecordWriter& writer, std::uint64_t& written) {
  const auto started = Clock::now();
  std::optional<Clock::time_point> deadline;
  if (settings.duration) deadline = started + *settings.duration;
  std::optional<model::Host> previous;  // for burst mode
  std::optional<Clock::time_point> last_burst;
  auto next = started;
  while (!process::stop_requested() && (options.samples == 0 || written < options.samples)) {
    sleep_until(deadline ? std::min(next, *deadline) : next);
    if (process::stop_requested() || (deadline && Clock::now() >= *deadline)) break;
    const auto now = Clock::now();
    auto host = sampler.sample_at(now);
    if (!host) return report_error(host.error(), kExitInputError);
    if (auto appended = writer.append(*host); !appended) return report_error(appended.error(), kExitRuntimeError);
    ++written;
    if (settings.burst) {
      if (previous && record::pause_or_discard_moved(*previous, *host)) last_burst = now;
      previous = std::move(*host);
    }
    const bool bursting = settings.burst && last_burst && now - *last_burst < kBurstQuiet;
    next = now + (bursting ? *settings.burst : settings.interval);
  }
  return 0;
}

}  // namespace

Expected<std::chrono::milliseconds> parse_record_duration(std::string_view text) {
  if (!text.empty() && text.back() == 'd') {  // days: whole hours for parse_duration
    std::uint64_t days = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size() - 1, days);
    if (ec == std::errc() && end == text.data() + text.size() - 1 && days > 0 && days < 100'000)
      return parse_duration(std::to_string(days * 24) + "h");
    return fail("invalid duration \"" + std::string(text) + "\"", std::string(kDurationHint) + ", 1d");
  }
  return parse_duration(text);
}

Expected<std::uint64_t> parse_size(std::string_view text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  const std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
  int shift = -1;
  if (unit.empty() || unit == "B")
    shift = 0;
  else if (unit == "K" || unit == "KiB")
    shift = 10;
  else if (unit == "M" || unit == "MiB")
    shift = 20;
  else if (unit == "G" || unit == "GiB")
    shift = 30;
  if (ec != std::errc() || end == text.data() || n == 0 || shift < 0 || n > (std::uint64_t{1} << (62 - shift)))
    return fail("invalid size \"" + std::string(text) + "\"", "give a positive number and K, M or G: 100M");
  return n << shift;
}

void add_record_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<RecordOptions>();
  RecordOptions& o = *options;
  auto* cmd = app.add_subcommand("record",
                                 "Record this host's configuration and counters into a compact, "
                                 "crash-tolerant time series (`show`/`check --from` read it)");
  cmd->add_option("-o,--output", o.output, "Recording to write; an existing recording is appended to")
      ->required()
      ->type_name("FILE");
  const auto duration_check = validator(duration_problem);
  add_sample_interval_option(*cmd, o.interval)->check(duration_check);
  cmd->add_option("--burst-interval", o.burst_interval,
                  "While pause or discard counters move, sample this often (back to --interval after 10 s quiet)")
      ->check(duration_check)
      ->type_name("DURATION");
  cmd->add_option("--duration", o.duration, "Stop after this long")->check(duration_check)->type_name("DURATION");
  cmd->add_option("--samples", o.samples, "Stop after N samples")->check(CLI::PositiveNumber)->type_name("N");
  cmd->add_option("--rotate-size", o.rotate_size, "Start a new part (FILE.1, FILE.2 ...) past this size: 100M")
      ->check(validator([](const std::string& t) {
        auto s = parse_size(t);
        return s ? std::string() : s.error().message + " (" + s.error().hint + ")";
      }))
      ->type_name("SIZE");
  cmd->add_option("--rotate-age", o.rotate_age, "Start a new part when the file is older than this: 1d")
      ->check(duration_check)
      ->type_name("DURATION");
  cmd->add_option("--keep", o.keep, "Old parts to keep (default 7; 0 keeps all)")->type_name("N");
  add_dev_option(*cmd, o.dev);
  add_system_options(*cmd, global);
  cmd->callback([&global, &exit_code, options] { exit_code = run_record(global, *options); });
}

int run_record(const GlobalOptions& global, const RecordOptions& options) {
  auto system = judge::open_input_system(global.system, options.dev);
  if (!system) return report_error(system.error(), kExitInputError);
  const auto settings = settings_of(options);
  if (!settings) return report_error(settings.error(), kExitInputError);
  std::vector<std::string> warnings;
  auto writer = record::RecordWriter::open(options.output, settings->writer, &warnings);
  print_warnings(warnings);
  if (!writer) return report_error(writer.error(), writer.error().sys_errno ? kExitRuntimeError : kExitInputError);
  const process::FinishOnStop finish_on_stop;  // the first SIGINT or SIGTERM ends the loop below

  Sampler sampler(**system, options.dev);
  std::uint64_t written = 0;
  if (int failed = record_until_done(options, *settings, sampler, **writer, written)) return failed;
  if (auto flushed = (*writer)->flush(); !flushed) return report_error(flushed.error(), kExitRuntimeError);
  std::fprintf(stderr, "roce-doctor: recorded %llu sample%s to %s%s\n", static_cast<unsigned long long>(written),
               written == 1 ? "" : "s", options.output.c_str(),
               process::stop_requested() ? " (stopped by a signal)" : "");
  return kExitHealthy;
}

}  // namespace roce::cli
