// A capture's samples and LLDP neighbours.
#include "incident/capture_source.hpp"

#include <algorithm>
#include <optional>

#include "import/load_capture.hpp"
#include "incident/host_series.hpp"
#include "incident/scan_builder.hpp"

namespace roce::incident {
namespace {

class CaptureSource : public Source {
 public:
  CaptureSource(std::string path, std::string label)
      : path_(std::move(path)), label_(std::move(label)), reader_("capture " + label_) {}

  SourceScan scan(const ScanOptions& options, std::vector<std::string>& notes) override {
    std::vector<std::string> warnings;
    auto bundle = import::load_capture(path_, &warnings);
    for (auto& w : warnings) notes.push_back(label_ + ": " + w);
    if (!bundle) {
      notes.push_back(label_ + ": " + bundle.error().message + " (not read)");
      return SourceScan{label_, {}, {}, 0, 0, 0, 0, 0};
    }
    samples_ = std::move(bundle->samples);
    std::stable_sort(samples_.begin(), samples_.end(),
                     [](const model::Host& a, const model::Host& b) { return a.time_unix_ms < b.time_unix_ms; });
    lldp_ = std::move(bundle->observations.switches.host_lldp);
    ScanBuilder builder(label_, options);
    for (const auto& h : samples_) {
      std::size_t ports = 0;
      const std::uint64_t fp = reader_.fingerprint(h, ports);
      builder.sample(h.time_unix_ms, fp, ports);
    }
    if (!samples_.empty()) config_ = configuration_of(samples_.front());
    SourceScan scan = builder.finish();
    scan.pause_counters = reader_.pause_counters_seen();
    if (config_) scan.name = config_->hostname + " (capture " + label_ + ")";
    return scan;
  }

  void read(const std::vector<Window>& windows, const std::vector<bool>& mine, std::int64_t pad_ms, WindowSeries& out,
            std::vector<std::string>&) override {
    for (const auto& h : samples_) reader_.add(h, windows, mine, pad_ms, out);
  }

  const model::Host* host() const override { return config_ ? &*config_ : nullptr; }
  const std::vector<model::HostLldpNeighbor>* host_lldp() const override { return &lldp_; }

 private:
  std::string path_, label_;
  HostSeriesReader reader_;
  std::vector<model::Host> samples_;
  std::vector<model::HostLldpNeighbor> lldp_;
  std::optional<model::Host> config_;
};

}  // namespace

std::unique_ptr<Source> capture_source(std::string path, std::string label) {
  return std::make_unique<CaptureSource>(std::move(path), std::move(label));
}

}  // namespace roce::incident
