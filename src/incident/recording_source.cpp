// A recording's parts streamed: the pause fingerprints first, the windows' samples second.
#include "incident/recording_source.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "incident/host_series.hpp"
#include "incident/scan_builder.hpp"
#include "record/parts.hpp"
#include "record/recording.hpp"

namespace roce::incident {
namespace {

class RecordingSource : public Source {
 public:
  RecordingSource(std::vector<std::string> paths, std::string label)
      : paths_(std::move(paths)), label_(std::move(label)), reader_("recording " + label_) {}

  SourceScan scan(const ScanOptions& options, std::vector<std::string>& notes) override {
    std::string name = label_;
    auto parts = record::recording_parts(paths_);
    if (!parts) {
      notes.push_back(label_ + ": " + parts.error().message);
      return SourceScan{name, {}, {}, 0, 0, 0, 0, 0};
    }
    for (const auto& p : *parts) parts_.push_back(p.path);
    for (const auto& path : paths_)
      if (std::find(parts_.begin(), parts_.end(), path) == parts_.end())
        notes.push_back(path + ": no sample can be read from it (empty, or cut before its first whole frame)");
    ScanBuilder builder(name, options);
    // Frames in which no pause counter moved are passed over on their summaries.
    record::FrameSkip quiet;
    quiet.watch = [&](const model::Host& h) { return reader_.fingerprint_addresses(h); };
    quiet.longest_step_ms = static_cast<std::uint64_t>(3 * options.bin_ms);
    quiet.passed = [&](const record::FrameSummary& f) {
      builder.quiet_run(f.first_ms, f.last_ms, f.samples);
      return f.last_ms <= options.until_ms;
    };
    for (const auto& part : parts_) {
      auto warnings = record::for_each_sample(
          part,
          [&](const model::Host& h) {
            if (!config_) config_ = configuration_of(h);
            std::size_t ports = 0;
            const std::uint64_t fp = reader_.fingerprint(h, ports);
            builder.sample(h.time_unix_ms, fp, ports);
            return h.time_unix_ms <= options.until_ms;
          },
          &quiet);
      if (!warnings)
        notes.push_back(warnings.error().message);
      else
        for (auto& w : *warnings) notes.push_back(std::move(w));
    }
    SourceScan scan = builder.finish();
    scan.pause_counters = reader_.pause_counters_seen();
    if (config_) scan.name = config_->hostname + " (recording " + label_ + ")";
    return scan;
  }

  void read(const std::vector<Window>& windows, const std::vector<bool>& mine, std::int64_t pad_ms, WindowSeries& out,
            std::vector<std::string>& /*notes: said by scan*/) override {
    const std::int64_t last = windows.empty() ? 0 : windows.back().span.to_ms + pad_ms;
    for (const auto& part : parts_)
      (void)record::for_each_sample(part, [&](const model::Host& h) {
        reader_.add(h, windows, mine, pad_ms, out);
        return h.time_unix_ms <= last;
      });
  }

  const model::Host* host() const override { return config_ ? &*config_ : nullptr; }

 private:
  std::vector<std::string> paths_, parts_;
  std::string label_;
  HostSeriesReader reader_;
  std::optional<model::Host> config_;
};

// "gpu1.rec.12" -> "gpu1.rec"; a name without a numeric suffix stays.
std::string without_part_number(const std::string& path) {
  const auto dot = path.rfind('.');
  if (dot == std::string::npos || dot + 1 == path.size()) return path;
  if (!std::all_of(path.begin() + static_cast<long>(dot) + 1, path.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return path;
  return path.substr(0, dot);
}

}  // namespace

std::unique_ptr<Source> recording_source(std::vector<std::string> paths, std::string label) {
  return std::make_unique<RecordingSource>(std::move(paths), std::move(label));
}

std::vector<std::vector<std::string>> group_recording_parts(const std::vector<std::string>& paths) {
  std::map<std::string, std::vector<std::string>> groups;
  for (const auto& p : paths) groups[without_part_number(p)].push_back(p);
  std::vector<std::vector<std::string>> out;
  for (auto& [base, group] : groups) out.push_back(std::move(group));
  return out;
}

}  // namespace roce::incident
