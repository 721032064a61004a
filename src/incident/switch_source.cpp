// A switch's snapshot files and LLDP table, streamed block by block.
#include "incident/switch_source.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "incident/scan_builder.hpp"
#include "incident/snapshot_blocks.hpp"
#include "incident/snapshot_counters.hpp"
#include "record/mapped_file.hpp"
#include "switch/lldp_neighbors_text.hpp"
#include "switch/prompt_name.hpp"
#include "switch/sonic_cli_alone.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "util/read_file.hpp"
#include "util/text.hpp"

namespace roce::incident {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kHead = 64 * 1024;  // where a prompt line or the first date line is looked for
constexpr std::size_t kMostBlockNotes = 20;

std::string first_line(std::string_view text) {
  for (auto line : util::split_lines(text))
    if (!util::trim(line).empty()) return std::string(util::trim(line));
  return "";
}

struct Snapshots {
  std::string path, shown;
  std::unique_ptr<record::MappedFile> file;
  std::int64_t first_ms = 0;
};

class SwitchSource : public Source {
 public:
  SwitchSource(SwitchFiles files, std::string given) : files_(std::move(files)), given_(std::move(given)) {}

  SourceScan scan(const ScanOptions& options, std::vector<std::string>& notes) override {
    std::vector<std::string> ports, prompts;
    std::string hostname, lldp_shown;
    for (const auto& path : files_.files) {
      const std::string shown = path;
      if (fs::path(path).filename() == "hostname") {
        if (auto text = util::read_file(path)) hostname = first_line(*text);
        continue;
      }
      if (is_snapshot_file(path)) {
        auto file = record::MappedFile::open(path);
        if (!file) {
          notes.push_back(file.error().message);
          continue;
        }
        const std::string_view head = (*file)->bytes().substr(0, kHead);
        if (auto p = switches::name_in_prompt(head); !p.empty()) prompts.push_back(p);
        snapshots_.push_back({path, shown, std::move(*file), 0});
        continue;
      }
      auto text = util::read_file(path);
      if (!text) {
        notes.push_back(text.error().message);
        continue;
      }
      auto table = switches::parse_show_lldp_table(*text, shown);
      if (!table) table = switches::parse_show_lldp_neighbors(*text, shown);
      if (!table) {
        notes.push_back(shown +
                        ": neither a snapshot file (its first line is no date) nor `show lldp table` output: not read");
        continue;
      }
      if (auto p = switches::name_in_prompt(*text); !p.empty()) prompts.push_back(p);
      for (auto& n : *table) {
        ports.push_back(n.local_port);
        lldp_.push_back(std::move(n));
      }
      lldp_shown = shown;
    }
    name_ = switch_name(prompts, hostname, notes);
    ScanBuilder builder(name_ + " (snapshots)", options);
    // Files in the order of their first blocks, so that the samples come in time order.
    std::vector<std::string> said_below;
    for (auto& s : snapshots_)
      for_each_block(
          s.file->bytes(), s.shown,
          [&](const SnapshotBlock& b) {
            s.first_ms = b.time_ms;
            return false;
          },
          said_below);
    std::sort(snapshots_.begin(), snapshots_.end(),
              [](const Snapshots& a, const Snapshots& b) { return a.first_ms < b.first_ms; });
    for (auto& s : snapshots_) {
      std::size_t without = 0;
      bool first = true;
      for_each_block(
          s.file->bytes(), s.shown,
          [&](const SnapshotBlock& b) {
            std::size_t n = 0;
            const std::uint64_t fp = pfc_fingerprint(b.text, n);
            if (n == 0 && without++ < kMostBlockNotes)
              notes.push_back(s.shown + ":" + std::to_string(b.line) +
                              ": the block holds no `show pfc counters`, `show pfcwd stats` or `nv show interface IF "
                              "counters qos pfc-stats` table (cut short?): its pauses are not seen");
            if (first) {
              for (const auto& p : block_counters(b.text, s.shown, b.line).ports) ports.push_back(p.port);
              first = false;
            }
            builder.sample(b.time_ms, fp, n);
            return b.time_ms <= options.until_ms;
          },
          notes);
      if (without > kMostBlockNotes)
        notes.push_back(s.shown + ": and " + std::to_string(without - kMostBlockNotes) + " more blocks without it");
    }
    model_ = switches::sonic_switch_of_cli(name_, ports, "snapshot files and `show lldp table`",
                                           {"snapshots", files_.folder.empty() ? lldp_shown : files_.folder});
    model_.lldp = lldp_;
    SourceScan scan = builder.finish();
    scan.pause_counters = scan.ports > 0;
    return scan;
  }

  void read(const std::vector<Window>& windows, const std::vector<bool>& mine, std::int64_t pad_ms, WindowSeries& out,
            std::vector<std::string>& notes) override {
    const std::int64_t last = windows.empty() ? 0 : windows.back().span.to_ms + pad_ms;
    std::map<std::pair<std::size_t, std::string>, std::size_t> at;
    std::vector<std::size_t> near;
    for (auto& s : snapshots_) {
      std::string since;
      bool said = false;
      std::size_t problems = 0;
      std::vector<std::string> ignored;  // the first pass said them
      for_each_block(
          s.file->bytes(), s.shown,
          [&](const SnapshotBlock& b) {
            windows_near(windows, b.time_ms, pad_ms, near);
            bool wanted = false;
            for (std::size_t w : near) wanted = wanted || mine[w];
            if (!wanted) return b.time_ms <= last;
            const BlockCounters counters = block_counters(b.text, s.shown, b.line);
            for (const auto& p : counters.problems)
              if (problems++ < kMostBlockNotes) notes.push_back(p);
            if (counters.pfc && counters.pfc_since != since && !since.empty() && !said) {
              notes.push_back(s.shown + ":" + std::to_string(b.line) +
                              ": `show pfc counters` counts since another cached time (\"" + counters.pfc_since +
                              "\", was \"" + since +
                              "\"): the interval across it is not counted where the counts fell");
              said = true;
            }
            if (counters.pfc) since = counters.pfc_since;
            for (std::size_t w : near) {
              if (!mine[w]) continue;
              for (const auto& p : counters.ports) {
                const auto [it, added] = at.try_emplace({w, p.port}, out[w].size());
                if (added) out[w].push_back({{name_, p.port, true}, "snapshots " + s.shown, 0, {}});
                out[w][it->second].samples.push_back({b.time_ms, p.counters});
              }
            }
            return b.time_ms <= last;
          },
          ignored);
      if (problems > kMostBlockNotes)
        notes.push_back(s.shown + ": and " + std::to_string(problems - kMostBlockNotes) + " more outputs not read");
    }
  }

  const model::Switch* switch_model() const override { return &model_; }

 private:
  std::string switch_name(const std::vector<std::string>& prompts, const std::string& hostname,
                          std::vector<std::string>& notes) const {
    if (!given_.empty()) return given_;
    if (!prompts.empty()) {
      for (const auto& p : prompts)
        if (p != prompts.front())
          notes.push_back("the prompts in " + (files_.folder.empty() ? files_.files.front() : files_.folder) +
                          " name several switches (" + prompts.front() + ", " + p + "): read as " + prompts.front());
      return prompts.front();
    }
    if (!hostname.empty()) return hostname;
    if (!files_.folder.empty()) {
      std::error_code ec;
      const auto full = fs::weakly_canonical(fs::absolute(files_.folder, ec), ec);
      return (ec ? fs::path(files_.folder) : full).filename().string();
    }
    return fs::path(files_.files.front()).stem().string();
  }

  SwitchFiles files_;
  std::string given_, name_;
  std::vector<Snapshots> snapshots_;
  std::vector<model::SwitchLldpNeighbor> lldp_;
  model::Switch model_;
};

}  // namespace

bool is_snapshot_file(const std::string& path) {
  auto head = util::read_file_head(path, 4096);
  return head && looks_like_date_line(first_line(*head));
}

std::unique_ptr<Source> switch_source(SwitchFiles files, std::string given_name) {
  return std::make_unique<SwitchSource>(std::move(files), std::move(given_name));
}

}  // namespace roce::incident
