// A results folder (pairs.csv and the files it names) read into observations over a fabric.
#include "sweep/results_folder.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "fabric/build.hpp"
#include "results/read_results.hpp"
#include "sweep/device_order.hpp"
#include "sweep/manifest.hpp"
#include "util/read_file.hpp"

namespace roce::sweep {
namespace {

namespace fs = std::filesystem;

// The hosts and devices the manifest names, as a fabric with no leaves: hosts in first-seen
// order, each host's devices in natural order.
fabric::Fabric fabric_of_rows(const std::vector<ManifestRow>& rows, double line_gbps) {
  std::vector<std::string> order;
  std::map<std::string, std::set<std::string>> devices;
  const auto add = [&](const std::string& host, const std::string& dev) {
    if (!devices.count(host)) order.push_back(host);
    devices[host].insert(dev);
  };
  for (const auto& r : rows) {
    add(r.client, r.client_dev);
    add(r.server, r.server_dev);
  }
  std::vector<fabric::HostCable> cables;
  for (const auto& host : order) {
    std::vector<std::string> devs(devices[host].begin(), devices[host].end());
    std::sort(devs.begin(), devs.end(), [](const auto& a, const auto& b) { return natural_less(a, b); });
    for (const auto& d : devs) cables.push_back({host, d, "", line_gbps});
  }
  auto built = fabric::fabric_from_cables(cables, {});
  fabric::Fabric f = built ? std::move(*built) : fabric::Fabric{};
  f.built_from = "the manifest's hosts and devices (" + std::to_string(f.hosts.size()) + " hosts; leaves not known)";
  return f;
}

using RailIndex = std::map<std::pair<std::string, std::string>, fabric::HostRail>;

RailIndex rail_index(const fabric::Fabric& f) {
  const fabric::HostRails rails(f);
  RailIndex index;
  for (fabric::HostRail hr = 0; hr < rails.size(); ++hr) {
    const auto& host = f.hosts[rails.host(hr)];
    const auto& rail = host.rails[rails.rail(hr)];
    index[{host.name, rail.device}] = hr;
    if (!rail.netdev.empty()) index.emplace(std::pair{host.name, rail.netdev}, hr);  // a row may name the netdev
  }
  return index;
}

roce::Outcome status_from_manifest(const std::string& status, Observation& o) {
  if (status.empty() || status == "measured") return done();
  if (status == "timeout")
    o.status = Status::timeout;
  else if (status == "failed")
    o.status = Status::failed;
  else
    return fail("status \"" + status + "\" is not measured, failed or timeout");
  return done();
}

// The file's figure into `o`, or why there is none (a note and the outcome it leaves).
void read_figure(const std::string& dir, const ManifestRow& row, const std::string& where, Observation& o,
                 std::vector<std::string>& notes) {
  const fs::path path = fs::path(row.file).is_absolute() ? fs::path(row.file) : fs::path(dir) / row.file;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    o.status = Status::missing;
    o.detail = "no such file";
    notes.push_back(where + row.file + ": no such file");
    return;
  }
  auto read = results::read_results_file(path.string());
  if (!read || read->empty()) {
    o.status = Status::failed;
    o.detail = read ? "no result in the file" : read.error().message;
    notes.push_back(where + row.file + ": not a result: " + o.detail);
    return;
  }
  for (const auto& result : *read)
    if (const auto gbps = figure_of(result)) {
      o.gbps = *gbps;
      if (result.bidirectional) o.expected_gbps *= 2;  // -b adds both directions
      if (!(o.expected_gbps > 0) && result.line_rate) o.expected_gbps = result.line_rate->gbps_per_nic;
      return;
    }
  o.status = Status::failed;
  o.detail = "the result holds no figure";
  notes.push_back(where + row.file + ": the result holds no figure");
}

}  // namespace

std::optional<double> figure_of(const model::BandwidthResult& result) {
  const model::BandwidthRow* best = nullptr;
  for (const auto& row : result.rows)
    if (row.gbps > 0 && (!best || row.bytes >= best->bytes)) best = &row;
  if (!best) return std::nullopt;
  return best->gbps;
}

Expected<ResultsFolder> read_results_folder(const std::string& dir, const FolderOptions& options) {
  const std::string manifest_path = dir + "/" + kManifestName;
  auto text = util::read_file(manifest_path);
  if (!text)
    return fail(text.error().message,
                "a results folder holds pairs.csv (file,client,client_dev,server,server_dev) and the files it names");
  auto manifest = parse_manifest(*text, manifest_path);
  if (!manifest) return fail(manifest.error());

  ResultsFolder folder;
  folder.notes = std::move(manifest->notes);
  std::error_code ec;
  if (fs::exists(dir + "/" + kPlanFileName, ec)) {
    auto plan = read_plan(dir + "/" + kPlanFileName);
    if (!plan) return fail(plan.error());
    folder.plan = std::move(*plan);
  }
  if (options.fabric)
    folder.fabric = *options.fabric;
  else if (folder.plan)
    folder.fabric = folder.plan->fabric;
  else
    folder.fabric = fabric_of_rows(manifest->rows, options.line_gbps);
  const RailIndex index = rail_index(folder.fabric);
  const fabric::HostRails rails(folder.fabric);
  std::set<std::uint32_t> ids;
  std::uint32_t next_id = 1;
  bool line_rate_noted = false;

  for (const auto& row : manifest->rows) {
    const std::string where = manifest_path + ":" + std::to_string(row.line) + ": ";
    const auto client = index.find({row.client, row.client_dev});
    const auto server = index.find({row.server, row.server_dev});
    if (client == index.end() || server == index.end()) {
      const auto& [host, dev] =
          client == index.end() ? std::pair{row.client, row.client_dev} : std::pair{row.server, row.server_dev};
      folder.notes.push_back(where + host + " " + dev + " is not a NIC of the fabric (" + folder.fabric.built_from +
                             "); row left out");
      continue;
    }
    Observation o;
    o.test.client = client->second;
    o.test.server = server->second;
    o.test.id = row.test && !ids.count(*row.test) ? *row.test : 0;
    if (folder.plan && o.test.id)
      if (const fabric::Test* planned = find_test(*folder.plan, o.test.id);
          planned && planned->client == o.test.client && planned->server == o.test.server)
        o.test.flow = planned->flow;
    o.round = row.round.value_or(folder.plan && o.test.id ? round_of_test(*folder.plan, o.test.id) : 0);
    o.file = row.file;
    o.detail = row.detail;
    const auto line = [&](fabric::HostRail hr) {
      const double l = folder.fabric.hosts[rails.host(hr)].rails[rails.rail(hr)].line_gbps;
      return l > 0 ? l : options.line_gbps;
    };
    const double a = line(o.test.client), b = line(o.test.server);
    o.expected_gbps = a > 0 && b > 0 ? std::min(a, b) : 0;
    if (auto status = status_from_manifest(row.status, o); !status) {
      folder.notes.push_back(where + status.error().message + "; read as measured");
    }
    if (o.status == Status::measured) read_figure(dir, row, where, o, folder.notes);
    if (o.status == Status::measured && !(o.expected_gbps > 0) && !line_rate_noted) {
      folder.notes.push_back(where + "no line rate known for " + row.client + " " + row.client_dev + " or " +
                             row.server + " " + row.server_dev + " (give --line-rate, or the hosts' captures)");
      line_rate_noted = true;
    }
    folder.observations.push_back(std::move(o));
    if (folder.observations.back().test.id) ids.insert(folder.observations.back().test.id);
  }
  // Rows without a test number of their own get the numbers after the highest given.
  for (auto id : ids) next_id = std::max(next_id, id + 1);
  for (auto& o : folder.observations)
    if (o.test.id == 0) o.test.id = next_id++;
  return folder;
}

}  // namespace roce::sweep
