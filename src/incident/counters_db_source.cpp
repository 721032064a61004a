// A switch's tech-support dumps, their COUNTERS_DB read as one series.
#include "incident/counters_db_source.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "import/path_kind.hpp"
#include "import/switch_archives.hpp"
#include "import/unpack_archive.hpp"
#include "incident/scan_builder.hpp"
#include "incident/snapshot_blocks.hpp"
#include "switch/lldp_neighbors_text.hpp"
#include "switch/load_exports.hpp"
#include "switch/sonic_cli_alone.hpp"
#include "util/read_file.hpp"

namespace roce::incident {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMostProblems = 20;

struct DumpSample {
  std::int64_t time_ms = 0;
  std::string shown;
  std::vector<SwitchPortCounters> ports;
};

class CountersDbSource : public Source {
 public:
  CountersDbSource(std::vector<TechSupportDump> dumps, std::string given)
      : dumps_(std::move(dumps)), given_(std::move(given)) {}

  SourceScan scan(const ScanOptions& options, std::vector<std::string>& notes) override {
    std::stable_sort(dumps_.begin(), dumps_.end(),
                     [](const TechSupportDump& a, const TechSupportDump& b) { return a.time_ms < b.time_ms; });
    name_ = given_.empty() ? dumps_.front().host : given_;
    ScanBuilder builder(name_ + " (COUNTERS_DB dumps)", options);
    std::vector<std::string> ports;
    std::size_t problems = 0;
    for (const auto& d : dumps_) {
      if (!samples_.empty() && samples_.back().time_ms == d.time_ms) {
        notes.push_back(d.path + ": taken in the same second as " + samples_.back().shown + ": not read");
        continue;
      }
      auto sample = load(d, notes, problems);
      if (!sample) continue;
      std::uint64_t fp = 0;
      for (const auto& p : sample->ports) {
        const storm::Counters& c = p.counters;
        for (int q = 0; q < storm::kPriorities; ++q) {
          fp = fingerprint_add(fp, c.rx_pause[q].value_or(~0ull));
          fp = fingerprint_add(fp, c.tx_pause[q].value_or(~0ull));
          fp = fingerprint_add(fp, c.pfcwd_storms[q].value_or(~0ull));
        }
        if (samples_.empty()) ports.push_back(p.port);
      }
      builder.sample(d.time_ms, fp, sample->ports.size());
      samples_.push_back(std::move(*sample));
    }
    if (problems > kMostProblems)
      notes.push_back(name_ + ": and " + std::to_string(problems - kMostProblems) + " more values not read");
    if (samples_.size() == 1)
      notes.push_back(samples_.front().shown + ": the only COUNTERS_DB dump of " + name_ +
                      ": one point in time shows no counter moving (give dumps taken before, during and after "
                      "the storm)");
    model_ = switches::sonic_switch_of_cli(name_, ports, "COUNTERS_DB dumps",
                                           {"COUNTERS_DB", dumps_.empty() ? "" : dumps_.front().path});
    model_.lldp = lldp_;
    SourceScan scan = builder.finish();
    scan.pause_counters = scan.ports > 0;
    return scan;
  }

  void read(const std::vector<Window>& windows, const std::vector<bool>& mine, std::int64_t pad_ms, WindowSeries& out,
            std::vector<std::string>&) override {
    std::map<std::pair<std::size_t, std::string>, std::size_t> at;
    std::vector<std::size_t> near;
    for (const auto& s : samples_) {
      windows_near(windows, s.time_ms, pad_ms, near);
      for (std::size_t w : near) {
        if (!mine[w]) continue;
        for (const auto& p : s.ports) {
          const auto [it, added] = at.try_emplace({w, p.port}, out[w].size());
          if (added) out[w].push_back({{name_, p.port, true}, "COUNTERS_DB " + s.shown, 0, {}});
          out[w][it->second].samples.push_back({s.time_ms, p.counters});
        }
      }
    }
  }

  const model::Switch* switch_model() const override { return &model_; }

 private:
  // One dump's ports (its lldpctl kept for the cables); nullopt, and a note, when it cannot be read.
  std::optional<DumpSample> load(const TechSupportDump& d, std::vector<std::string>& notes, std::size_t& problems) {
    std::optional<process::TempDir> temp;
    std::string dir = d.path;
    std::error_code ec;
    if (!fs::is_directory(d.path, ec)) {
      auto unpacked = import::unpack_archive(d.path);
      if (!unpacked) {
        notes.push_back(unpacked.error().message);
        return std::nullopt;
      }
      temp.emplace(std::move(*unpacked));
      dir = temp->path();
    }
    const std::string root = fs::is_directory(dir + "/dump", ec) ? dir : switches::switch_folder_root(dir);
    const auto shown = [&](const std::string& relative) {
      return temp ? d.path + ":" + fs::relative(root + "/" + relative, dir).string() : root + "/" + relative;
    };
    const std::string file = root + "/dump/COUNTERS_DB.json";
    if (!fs::is_regular_file(file, ec)) {
      notes.push_back(d.path + ": no dump/COUNTERS_DB.json in this tech-support dump: not read");
      return std::nullopt;
    }
    auto text = util::read_file(file);
    if (!text) {
      notes.push_back(temp ? import::named_after_archive(text.error(), temp->path(), d.path).message
                           : text.error().message);
      return std::nullopt;
    }
    const std::string name = shown("dump/COUNTERS_DB.json");
    auto db = switches::parse_counters_db(*text, name);
    if (!db) {
      notes.push_back(db.error().with_hint());
      return std::nullopt;
    }
    for (auto& p : db->problems)
      if (problems++ < kMostProblems) notes.push_back(std::move(p));
    if (lldp_.empty() && fs::is_regular_file(root + "/dump/lldpctl", ec))
      if (auto lldp = util::read_file(root + "/dump/lldpctl"))
        if (auto table = switches::parse_show_lldp_neighbors(*lldp, shown("dump/lldpctl"))) lldp_ = std::move(*table);
    return DumpSample{d.time_ms, name, counters_db_ports(*db)};
  }

  std::vector<TechSupportDump> dumps_;
  std::string given_, name_;
  std::vector<DumpSample> samples_;
  std::vector<model::SwitchLldpNeighbor> lldp_;
  model::Switch model_;
};

}  // namespace

std::optional<TechSupportDump> tech_support_dump(const std::string& path) {
  const std::string file_name = fs::path(path).filename().string();
  const auto name = import::tech_support_name(file_name);
  if (!name) return std::nullopt;
  std::error_code ec;
  const bool folder = fs::is_directory(path, ec);
  if (!folder && import::kind_of_file(file_name, {}) != import::PathKind::switch_archive) return std::nullopt;
  const std::string& s = name->stamp;
  const auto ms = date_line_ms(s.substr(0, 4) + "-" + s.substr(4, 2) + "-" + s.substr(6, 2) + "T" + s.substr(9, 2) +
                               ":" + s.substr(11, 2) + ":" + s.substr(13, 2));
  if (!ms) return std::nullopt;
  return TechSupportDump{path, name->host, *ms};
}

std::vector<SwitchPortCounters> counters_db_ports(const switches::CountersDb& db) {
  std::vector<SwitchPortCounters> out;
  for (const auto& p : db.ports) {
    storm::Counters c;
    for (int q = 0; q < storm::kPriorities; ++q) {
      c.rx_pause[q] = p.rx_pfc[q];
      c.tx_pause[q] = p.tx_pfc[q];
      c.rx_pause_us[q] = p.rx_pause_us[q];
      c.tx_pause_us[q] = p.tx_pause_us[q];
    }
    c.rx_bytes = p.in_octets;
    c.tx_bytes = p.out_octets;
    c.rx_discards_port = p.in_discards;
    c.tx_discards = p.out_discards;
    std::optional<std::uint64_t> queue_bytes, queue_drops;
    for (const auto& q : p.queues) {
      if (q.pfcwd_storms && q.index >= 0 && q.index < storm::kPriorities) c.pfcwd_storms[q.index] = q.pfcwd_storms;
      if (!q.unicast.value_or(false)) continue;
      for (auto [into, v] :
           {std::pair{&queue_bytes, q.bytes}, {&queue_drops, q.dropped}, {&c.ecn_marked, q.ecn_marked}})
        if (v) *into = into->value_or(0) + *v;
    }
    if (!c.tx_bytes) c.tx_bytes = queue_bytes;
    if (!c.tx_discards) c.tx_discards = queue_drops;
    out.push_back({p.name, std::move(c)});
  }
  return out;
}

std::unique_ptr<Source> counters_db_source(std::vector<TechSupportDump> dumps, std::string given_name) {
  return std::make_unique<CountersDbSource>(std::move(dumps), std::move(given_name));
}

}  // namespace roce::incident
