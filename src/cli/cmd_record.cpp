#include "cli/cmd_record.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
#include <thread>

#include "cli/duration.hpp"
#include "cli/host_source.hpp"
#include "record/burst.hpp"
#include "record/recording.hpp"
#include "sources/linux_host.hpp"
#include "util/exit_codes.hpp"

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

}  // namespace

Expected<std::chrono::milliseconds> parse_record_duration(std::string_view text) {
  if (!text.empty() && text.back() == 'd') {  // days: whole hours for parse_duration
    std::uint64_t days = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size() - 1, days);
    if (ec == std::errc() && end == text.data() + text.size() - 1 && days > 0 && days < 100'000)
      return parse_duration(std::to_string(days * 24) + "h");
    return fail("invalid duration \"" + std::string(text) + "\"", "give a positive number and a unit: 100ms, 0.5s, 2s, 1m, 1h, 1d");
  }
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) return parse_duration(text);
  // A fraction of a unit: "0.1s" is 100ms. Whole milliseconds only.
  std::size_t unit_at = dot + 1;
  while (unit_at < text.size() && text[unit_at] >= '0' && text[unit_at] <= '9') ++unit_at;
  const std::string_view unit = text.substr(unit_at);
  const std::uint64_t unit_ms = unit == "s" ? 1000 : unit == "m" ? 60'000 : unit == "h" ? 3'600'000 : 0;
  const std::string_view whole = text.substr(0, dot), fraction = text.substr(dot + 1, unit_at - dot - 1);
  std::uint64_t w = 0, f = 0, scale = 1;
  const bool whole_ok = whole.empty() || std::from_chars(whole.data(), whole.data() + whole.size(), w).ptr == whole.data() + whole.size();
  const bool fraction_ok = !fraction.empty() && fraction.size() <= 6 &&
                           std::from_chars(fraction.data(), fraction.data() + fraction.size(), f).ptr == fraction.data() + fraction.size();
  for (std::size_t i = 0; i < fraction.size(); ++i) scale *= 10;
  if (unit_ms == 0 || !whole_ok || !fraction_ok || (f * unit_ms) % scale != 0 || w > 1'000'000)
    return fail("invalid duration \"" + std::string(text) + "\"", "give a positive number and a unit: 100ms, 0.5s, 2s, 1m, 1h, 1d");
  return parse_duration(std::to_string(w * unit_ms + f * unit_ms / scale) + "ms");
}

Expected<std::uint64_t> parse_size(std::string_view text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  const std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
  int shift = -1;
  if (unit.empty() || unit == "B") shift = 0;
  else if (unit == "K" || unit == "KiB") shift = 10;
  else if (unit == "M" || unit == "MiB") shift = 20;
  else if (unit == "G" || unit == "GiB") shift = 30;
  if (ec != std::errc() || end == text.data() || n == 0 || shift < 0 || n > (std::uint64_t{1} << (62 - shift)))
    return fail("invalid size \"" + std::string(text) + "\"", "give a positive number and K, M or G: 100M");
  return n << shift;
}

HostSampler live_sampler(const GlobalOptions& global, const std::string& dev) {
  return [root = global.sysfs_root, dev] { return sources::collect_host({root, dev}); };
}

CLI::App* add_record_command(CLI::App& app, RecordOptions& o) {
  auto* cmd = app.add_subcommand("record", "Record this host's configuration and counters into a compact, "
                                           "crash-tolerant time series (`show`/`check --from` read it)");
  cmd->add_option("-o,--output", o.output, "Recording to write; an existing recording is appended to")
      ->required()
      ->type_name("FILE");
  const auto duration_check = validator(duration_problem);
  cmd->add_option("--interval", o.interval, "Time between samples (default 1s)")->check(duration_check)->type_name("DURATION");
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
  cmd->add_option("--dev", o.dev, "Only this netdev or RDMA device (and what pairs with it)")->type_name("NAME");
  return cmd;
}

int run_record(const GlobalOptions& global, const RecordOptions& options) {
  if (global.host.empty() || global.host == "live") return run_record_with(options, live_sampler(global, options.dev));
  // Another host (the simulator): between two samples it lets as much of its time pass as passed
  // here, so the recording's clock and counters advance at the rate they are sampled.
  auto opened = open_system(global.host, global.sysfs_root);
  if (!opened) return report_error(opened.error(), kExitInputError);
  std::shared_ptr<tune::System> system = std::move(*opened);
  auto last = std::make_shared<std::optional<Clock::time_point>>();
  return run_record_with(options, [system, last, dev = options.dev] {
    const auto now = Clock::now();
    if (*last) system->wait(std::chrono::duration_cast<std::chrono::milliseconds>(now - **last));
    *last = now;
    model::Host host = system->sample();
    return dev.empty() ? host : filter_host(host, dev);
  });
}

int run_record_with(const RecordOptions& options, const HostSampler& sample) {
  const auto interval = parse_record_duration(options.interval);
  if (!interval) return report_error(interval.error(), kExitInputError);
  std::optional<std::chrono::milliseconds> burst, duration;
  if (!options.burst_interval.empty()) {
    auto b = parse_record_duration(options.burst_interval);
    if (!b) return report_error(b.error(), kExitInputError);
    burst = *b;
  }
  if (!options.duration.empty()) {
    auto d = parse_record_duration(options.duration);
    if (!d) return report_error(d.error(), kExitInputError);
    duration = *d;
  }
  record::WriterOptions writer_options;
  writer_options.keep_parts = options.keep;
  if (!options.rotate_size.empty()) {
    auto s = parse_size(options.rotate_size);
    if (!s) return report_error(s.error(), kExitInputError);
    writer_options.rotate_bytes = *s;
  }
  if (!options.rotate_age.empty()) {
    auto a = parse_record_duration(options.rotate_age);
    if (!a) return report_error(a.error(), kExitInputError);
    writer_options.rotate_seconds = std::max<std::int64_t>(1, a->count() / 1000);
  }
  // At least one frame a minute, and never more than 10 samples in one: a crash loses little.
  const auto per_frame = std::chrono::minutes(1) / *interval;
  writer_options.samples_per_frame = static_cast<std::uint32_t>(std::clamp<std::int64_t>(per_frame, 1, 10));

  std::vector<std::string> warnings;
  auto writer = record::RecordWriter::open(options.output, writer_options, &warnings);
  print_warnings(warnings);
  if (!writer) return report_error(writer.error(), writer.error().sys_errno ? kExitRuntimeError : kExitInputError);
  catch_stop_signals();

  const auto started = Clock::now();
  const auto deadline = duration ? std::optional<Clock::time_point>(started + *duration) : std::nullopt;
  std::optional<model::Host> previous;  // for burst mode
  std::optional<Clock::time_point> last_burst;
  auto next = started;
  std::uint64_t written = 0;
  while (!stop_requested() && (options.samples == 0 || written < options.samples)) {
    sleep_until(deadline ? std::min(next, *deadline) : next);
    if (stop_requested() || (deadline && Clock::now() >= *deadline)) break;
    const auto now = Clock::now();
    model::Host host = sample();
    if (!options.dev.empty() && host_is_empty(host))
      return report_error({"no netdev or RDMA device named \"" + options.dev + "\"", "see `roce-doctor show` for the names"},
                          kExitInputError);
    if (auto appended = (*writer)->append(host); !appended) return report_error(appended.error(), kExitRuntimeError);
    ++written;
    if (burst) {
      if (previous && record::pause_or_discard_moved(*previous, host)) last_burst = now;
      previous = std::move(host);
    }
    const bool bursting = burst && last_burst && now - *last_burst < kBurstQuiet;
    next = now + (bursting ? *burst : *interval);
  }
  if (auto flushed = (*writer)->flush(); !flushed) return report_error(flushed.error(), kExitRuntimeError);
  std::fprintf(stderr, "roce-doctor: recorded %llu sample%s to %s%s\n", static_cast<unsigned long long>(written),
               written == 1 ? "" : "s", options.output.c_str(), stop_requested() ? " (stopped by a signal)" : "");
  return kExitHealthy;
}

}  // namespace roce::cli
