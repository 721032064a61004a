#include "import/load_capture.hpp"

#include <filesystem>

#include "captures/zstd_codec.hpp"
#include "import/capture_names.hpp"
#include "import/import_folder.hpp"
#include "import/nccl_logs.hpp"
#include "import/switch_archives.hpp"
#include "import/tar_extract.hpp"
#include "record/recording.hpp"
#include "results/find_results.hpp"
#include "switch/load_exports.hpp"
#include "topology/capture_topology.hpp"
#include "util/read_file.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

enum class FileKind { json, zstd, archive, unknown };

FileKind kind_of(const std::string& head) {
  const auto byte = [&](std::size_t i) { return i < head.size() ? static_cast<unsigned char>(head[i]) : 0u; };
  std::size_t i = 0;
  while (i < head.size() && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r')) ++i;
  if (i < head.size() && head[i] == '{') return FileKind::json;
  if (byte(0) == 0x28 && byte(1) == 0xb5 && byte(2) == 0x2f && byte(3) == 0xfd) return FileKind::zstd;
  if (looks_like_archive(head)) return FileKind::archive;
  return FileKind::unknown;
}

captures::Bundle as_bundle(Imported imported) {
  captures::Bundle bundle;
  bundle.created_unix_ms = imported.host.time_unix_ms;
  bundle.samples.push_back(std::move(imported.host));
  bundle.raw_lines = std::move(imported.raw_lines);
  return bundle;
}

Expected<captures::Bundle> load_folder(const std::string& dir, const std::string& shown_as) {
  auto imported = import_folder(dir);
  if (!imported) return fail(std::move(imported.error()));
  imported->host.from.locator = shown_as;
  std::vector<std::string> topology_warnings;
  auto topology = topology::find_topology(dir, topology_warnings);
  for (auto& w : topology_warnings)
    imported->host.notes.push_back({"topology", model::Availability::error, std::move(w)});
  // perftest and nccl-tests outputs beside the host's own: judged by the BW-* checks.
  auto found = results::find_results(dir);
  for (auto& why : found.errors)
    imported->host.notes.push_back({"bandwidth results", model::Availability::error, std::move(why)});
  auto bundle = as_bundle(std::move(*imported));
  bundle.observations.bandwidth = std::move(found.results);
  // Switch exports and the host's LLDP view: judged by the XSW-* checks.
  std::vector<std::string> unread;
  bundle.observations.switches = switches::switch_files_in_capture(dir, &unread);
  add_switch_archives(dir, bundle.observations.switches, unread);
  for (auto& w : unread) bundle.samples.back().notes.push_back({"switch", model::Availability::error, std::move(w)});
  add_nccl_logs(dir, bundle.observations);
  bundle.observations.topology = std::move(topology);
  return bundle;
}

Expected<captures::Bundle> load_archive(const std::string& path) {
  auto temp = TempDir::create();
  if (!temp) return fail(std::move(temp.error()));
  if (auto extracted = extract_archive(path, temp->path()); !extracted) return fail(std::move(extracted.error()));
  auto bundle = load_folder(temp->path(), path);
  if (!bundle) {
    // The message names the temporary directory, which is gone by now: name the archive instead.
    Error e = std::move(bundle.error());
    const auto at = e.message.find(temp->path());
    if (at != std::string::npos) e.message.replace(at, temp->path().size(), path);
    return fail(std::move(e));
  }
  return bundle;
}

// Every sample of a recording (`roce-doctor record`); a torn tail is a warning, not fatal.
Expected<captures::Bundle> load_recording(const std::string& path, std::vector<std::string>* warnings) {
  auto recording = record::read_recording(path);
  if (!recording) return fail(std::move(recording.error()));
  if (warnings) warnings->insert(warnings->end(), recording->warnings.begin(), recording->warnings.end());
  if (recording->samples.empty()) return fail(path + ": the recording holds no samples yet");
  captures::Bundle bundle;
  bundle.created_unix_ms = recording->samples.back().time_unix_ms;
  bundle.samples = std::move(recording->samples);
  return bundle;
}

}  // namespace

Expected<captures::Bundle> load_capture(const std::string& path, std::vector<std::string>* warnings) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec) return fail(path + ": " + ec.message(), "", ec.value());
  if (fs::is_directory(status)) return load_folder(path, path);
  if (!fs::is_regular_file(status)) return fail(path + ": not a regular file or directory");

  const auto head = util::read_file_head(path, 512);
  if (!head) return fail(head.error());
  if (record::looks_like_recording(*head)) return load_recording(path, warnings);
  switch (kind_of(*head)) {
    case FileKind::json: return captures::read_bundle_file(path);
    case FileKind::zstd: {
      auto bytes = util::read_file(path);
      if (!bytes) return fail(std::move(bytes.error()));
      auto text = captures::zstd_decompress(*bytes);
      if (!text) return fail(std::move(text.error()).context("bundle " + path));
      return captures::read_bundle_text(*text, path);
    }
    case FileKind::archive: return load_archive(path);
    case FileKind::unknown: break;
  }
  return fail(path +
                  ": not a capture roce-doctor reads; looked for a roce-doctor bundle (JSON, or zstd-compressed), "
                  "a tar archive (.tar.gz, .tar.xz, .tgz) of an sos report or sysinfo-snapshot, or a directory "
                  "holding " +
                  looked_for_names(),
              "the file's content decides, not its name");
}

}  // namespace roce::import
