#include "import/load_capture.hpp"

#include <filesystem>

#include "import/capture_names.hpp"
#include "import/import_folder.hpp"
#include "import/nccl_logs.hpp"
#include "import/path_kind.hpp"
#include "import/switch_archives.hpp"
#include "import/unpack_archive.hpp"
#include "record/recording.hpp"
#include "results/find_results.hpp"
#include "switch/load_exports.hpp"
#include "topology/capture_topology.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

captures::Bundle as_bundle(Imported imported) {
  captures::Bundle bundle;
  bundle.created_unix_ms = imported.host.time_unix_ms;
  bundle.samples.push_back(std::move(imported.host));
  bundle.raw_lines = std::move(imported.raw_lines);
  return bundle;
}

// A topology by itself (a topology file, a folder holding only one): one sample of a host known by
// nothing else, named after the capture.
captures::Bundle topology_only(model::Topology topology, const std::string& source, const std::string& shown_as) {
  captures::Bundle bundle;
  bundle.samples.emplace_back().from = {source, shown_as};
  bundle.observations.topology = std::move(topology);
  return bundle;
}

Expected<captures::Bundle> load_folder(const std::string& dir, const std::string& shown_as) {
  std::vector<std::string> topology_warnings;
  auto topology = topology::find_topology(dir, topology_warnings);
  auto imported = import_folder(dir);
  if (!imported && !topology) return fail(std::move(imported.error()));
  if (!imported) {  // a folder holding a topology and nothing else import_folder reads
    Imported bare;
    bare.host.from.source = "folder";
    imported = std::move(bare);
  }
  imported->host.from.locator = shown_as;
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
  auto temp = unpack_archive(path);
  if (!temp) return fail(std::move(temp.error()));
  auto bundle = load_folder(temp->path(), path);
  if (!bundle) return fail(named_after_archive(std::move(bundle.error()), temp->path(), path));
  return bundle;
}

Expected<captures::Bundle> load_topology_file(const std::string& path) {
  auto topology = topology::read_topology_file(path);
  if (!topology) return fail(std::move(topology.error()));
  const std::string source = topology->from.source;
  return topology_only(std::move(*topology), source, path);
}

// A recording (`roce-doctor record`): its first and last samples and how many it holds, streamed;
// a torn tail or a damaged frame is a warning, not fatal.
Expected<captures::Bundle> load_recording(const std::string& path, std::vector<std::string>* warnings) {
  auto ends = record::read_ends(path);
  if (!ends) return fail(std::move(ends.error()));
  if (warnings) warnings->insert(warnings->end(), ends->warnings.begin(), ends->warnings.end());
  if (!ends->first) return fail(path + ": the recording holds no samples yet");
  captures::Bundle bundle;
  bundle.samples.push_back(std::move(*ends->first));
  if (ends->last) bundle.samples.push_back(std::move(*ends->last));
  bundle.capture_samples = ends->samples;
  bundle.created_unix_ms = bundle.samples.back().time_unix_ms;
  return bundle;
}

}  // namespace

Expected<captures::Bundle> load_capture(const std::string& path, std::vector<std::string>* warnings) {
  auto kind = classify_path(path);
  if (!kind) return fail(std::move(kind.error()));
  switch (*kind) {
    case PathKind::capture_folder:
    case PathKind::folder: return load_folder(path, path);
    case PathKind::recording: return load_recording(path, warnings);
    case PathKind::bundle:
    case PathKind::bundle_zstd: return captures::read_bundle_file(path);
    case PathKind::archive:
    case PathKind::switch_archive: return load_archive(path);
    case PathKind::topology_file: return load_topology_file(path);
    case PathKind::command_output:
    case PathKind::unknown: break;
  }
  return fail(path +
                  ": not a capture roce-doctor reads; looked for a roce-doctor bundle (JSON, or zstd-compressed), "
                  "a tar archive (.tar.gz, .tar.xz, .tgz) of an sos report or sysinfo-snapshot, a GPU-NIC topology "
                  "(nvidia-smi topo -m, NCCL or hwloc XML), or a directory holding " +
                  looked_for_names(),
              "the file's content decides, not its name");
}

}  // namespace roce::import
