// PATHs and --switch PATHs as sources.
#include "incident/inputs.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>

#include "import/host_paths.hpp"
#include "import/path_kind.hpp"
#include "incident/capture_source.hpp"
#include "incident/counters_db_source.hpp"
#include "incident/recording_source.hpp"
#include "incident/switch_source.hpp"
#include "util/read_file.hpp"

namespace roce::incident {
namespace {

namespace fs = std::filesystem;

bool is_lldp_table(const std::string& path) {
  auto head = util::read_file_head(path, 4096);
  return head && ((head->find("LocalPort") != std::string::npos && head->find("RemotePortID") != std::string::npos) ||
                  head->find("LLDP neighbors:") != std::string::npos);
}

// One folder's switch files: one switch when it holds one snapshot file, else one per snapshot file.
void add_switches(const std::string& folder, const std::vector<std::string>& files, const std::string& name,
                  Sources& out) {
  std::vector<std::string> snapshots, others;
  for (const auto& f : files) (is_snapshot_file(f) ? snapshots : others).push_back(f);
  if (snapshots.size() <= 1) {
    out.sources.push_back(switch_source({folder, files}, name));
    return;
  }
  for (const auto& s : snapshots) out.sources.push_back(switch_source({"", {s}}, name));
  for (const auto& o : others)
    out.notes.push_back(
        o + ": beside several switches' snapshot files, it belongs to none (give each switch a folder of its own)");
}

// FILE.lock beside the recording FILE: the recorder's lock, no input.
bool is_recorder_lock(const std::string& path) {
  if (!path.ends_with(".lock")) return false;
  std::error_code ec;
  return fs::exists(path.substr(0, path.size() - 5), ec);
}

Outcome exists(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return fail(path + ": " + std::strerror(ENOENT), "check the path");
  return done();
}

}  // namespace

Expected<Sources> sources_of(const std::vector<std::string>& paths, const std::vector<std::string>& switch_paths,
                             const std::string& switch_name) {
  Sources out;
  std::vector<std::string> recordings;
  std::map<std::string, std::vector<std::string>> switch_folders;
  for (const auto& path : paths) {
    if (auto e = exists(path); !e) return fail(std::move(e.error()));
    import::for_each_host(
        path,
        [&](const std::string& file, const std::string& label) {
          if (is_recorder_lock(file)) return;
    auto kind = import::classify_path(file);
    if (kind && *kind == import::PathKind::recording) {
      recordings.push_back(file);
    } else if (kind && (*kind == import::PathKind::unknown || *kind == import::PathKind::command_output) &&
               (is_snapshot_file(file) || is_lldp_table(file) || fs::path(file).filename() == "hostname")) {
      switch_folders[fs::path(file).parent_path().string()].push_back(file);
    } else {
      out.sources.push_back(capture_source(file, label));
    }
  },
        [&](const std::string& label, const Error& e) {
    out.notes.push_back(label + ": " + e.message); });
}
for (auto& group : group_recording_parts(recordings)) {
  const std::string label = group.front();
  out.sources.push_back(recording_source(std::move(group), label));
}
for (auto& [folder, files] : switch_folders) {
  std::sort(files.begin(), files.end());
  add_switches(folder, files, "", out);
}
const std::string given = switch_paths.size() == 1 ? switch_name : "";
// Tech-support dumps, by the switch their names give: each switch's dumps are one series.
std::map<std::string, std::vector<TechSupportDump>> dumps;
std::size_t dumps_taken = 0;
const auto take_dump = [&](const std::string& path) {
  auto d = tech_support_dump(path);
  if (!d) return false;
  dumps[d->host].push_back(std::move(*d));
  ++dumps_taken;
  return true;
};
const std::size_t before_switches = out.sources.size();
for (const auto& path : switch_paths) {
  if (auto e = exists(path); !e) return fail(std::move(e.error()));
  std::error_code ec;
  if (take_dump(path)) continue;
  if (!fs::is_directory(path, ec)) {
    out.sources.push_back(switch_source({"", {path}}, given));
    continue;
  }
  const std::size_t dumps_before = dumps_taken;
  std::vector<std::string> files, folders;
  for (const auto& e : fs::directory_iterator(path, ec)) {
    if (e.path().filename().string().starts_with(".")) continue;
    if (take_dump(e.path().string())) continue;
    (e.is_directory(ec) ? folders : files).push_back(e.path().string());
  }
  if (ec) return fail("cannot list " + path + ": " + ec.message(), "give a readable folder");
  std::sort(files.begin(), files.end());
  std::sort(folders.begin(), folders.end());
  if (!files.empty()) {
    add_switches(path, files, given, out);
    continue;
  }
  for (const auto& f : folders) {
    std::vector<std::string> inner;
    for (const auto& e : fs::directory_iterator(f, ec))
      if (!e.path().filename().string().starts_with(".") && !take_dump(e.path().string()) && !e.is_directory(ec))
        inner.push_back(e.path().string());
    std::sort(inner.begin(), inner.end());
    if (!inner.empty()) add_switches(f, inner, "", out);
  }
  if (folders.empty() && dumps_taken == dumps_before) out.notes.push_back(path + ": an empty folder (no switch read)");
}
const bool one_switch = dumps.size() == 1 && out.sources.size() == before_switches;
for (auto& [host, list] : dumps) out.sources.push_back(counters_db_source(std::move(list), one_switch ? given : ""));
return out;
}  // namespace roce::incident

}  // namespace roce::incident
