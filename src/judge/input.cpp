// The one input path of the commands: --dev filter, captures, system samples.
#include "judge/input.hpp"

#include <algorithm>
#include <utility>

#include "engine/context.hpp"
#include "import/capture_names.hpp"
#include "import/import_folder.hpp"
#include "import/load_capture.hpp"
#include "import/switch_archives.hpp"
#include "model/host_filter.hpp"
#include "sources/lldpctl_live.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "sources/sysfs/topology_walk.hpp"
#include "switch/cable_join.hpp"
#include "switch/load_exports.hpp"
#include "util/exit_codes.hpp"
#include "util/time_text.hpp"

namespace roce::judge {
namespace {

// One capture: its last sample, and its first for rates when it holds more than one.
Input from_one_capture(const std::string& file, captures::Bundle bundle) {
  Input in;
  auto& samples = bundle.samples;
  in.capture_samples = bundle.capture_samples > 0 ? bundle.capture_samples : samples.size();
  const std::string n = std::to_string(in.capture_samples);
  if (samples.size() == 1) {
    in.origin = "from bundle " + file + ", 1 sample";
  } else {
    in.origin = "from bundle " + file + ", samples 1 and " + n + " of " + n;
    in.before = std::move(samples.front());
  }
  in.now = std::move(samples.back());
  in.raw_lines = std::move(bundle.raw_lines);
  return in;
}

// Two captures of one host: the last sample of each, the earlier (by their clocks) first.
Expected<Input> from_two_captures(const std::vector<std::string>& files, const captures::Bundle& first,
                                  const captures::Bundle& second, double dt_given) {
  const model::Host& a = first.samples.back();
  const model::Host& b = second.samples.back();
  if (a.hostname != b.hostname)
    return fail("bundles " + files[0] + " and " + files[1] + " are of different hosts (\"" + a.hostname + "\" and \"" +
                    b.hostname + "\")",
                "rates need two samples of the same host; give one --from to check each host alone");
  const bool in_order = dt_given > 0 || engine::seconds_between(a, b) > 0 || engine::seconds_between(b, a) == 0;
  Input in;
  in.before = in_order ? a : b;
  in.now = in_order ? b : a;
  in.raw_lines = in_order ? second.raw_lines : first.raw_lines;
  in.origin = "from bundles " + files[in_order ? 0 : 1] + " and " + files[in_order ? 1 : 0];
  return in;
}

// Captures (any that load_capture reads). Two samples give rates over the time between them:
// their own clocks (monotonic, then wall clock: bundle timestamps, `date`, the sos manifest), or
// `dt_given` when set.
// An sos report, sysinfo-snapshot or folder of command outputs (a bundle says what its host had).
bool is_imported(const model::Host& host) {
  return host.from.source == "sos" || host.from.source == "sysinfo" || host.from.source == "folder";
}

Expected<Input> read_captures(const InputRequest& request) {
  const auto& files = request.captures;
  if (files.size() > 2)
    return fail("--from given " + std::to_string(files.size()) + " times", "give one bundle, or two of the same host");
  if (request.dt > 0 && files.size() != 2)
    return fail("--dt gives the time between two captures", "give --from twice, the earlier first");
  std::vector<captures::Bundle> bundles;
  for (const auto& file : files) {
    auto bundle = read_capture(file, request.notices);
    if (!bundle) return fail(std::move(bundle.error()));
    bundles.push_back(std::move(*bundle));
  }
  model::Observations observations;
  for (auto& b : bundles) model::append(observations, std::move(b.observations));
  auto in = bundles.size() == 1 ? Expected<Input>(from_one_capture(files[0], std::move(bundles[0])))
                                : from_two_captures(files, bundles[0], bundles[1], request.dt);
  if (in) in->observations = std::move(observations);
  if (const model::Host* host = in ? &in->now : nullptr;
      host && request.refuse_empty_import && is_imported(*host) && !import::holds_roce_data(*host))
    return fail(host->from.locator +
                    ": nothing to judge in this capture: no RDMA device and no netdev's DCB, "
                    "trust, ECN or RED state; looked for " +
                    import::looked_for_names(),
                "is it a capture of a host with RDMA devices?");
  if (!in || !in->before) return in;
  const double clocks = engine::seconds_between(*in->before, in->now);
  in->dt = request.dt > 0 ? request.dt : clocks;
  if (request.dt > 0)
    in->origin += ", " + util::seconds_text(request.dt) + " apart (--dt)";
  else
    in->origin += clocks > 0 ? ", " + util::seconds_text(clocks) + " apart"
                             : ", no usable clocks: configuration only (give --dt SECONDS for rates)";
  return in;
}

// The --host system (default live): one sample, or two `interval` apart on its clock (live
// sleeps, a simulator advances its clock).
Result<Input> read_system(const InputRequest& request) {
  auto system = open_input_system(request.system, request.read_whole_host ? std::string() : request.dev);
  if (!system) return {system.error(), kExitInputError};
  Input in;
  in.system = std::move(*system);
  system::System& s = *in.system;
  if (request.interval.count() == 0) {
    in.now = s.sample();
    in.origin = s.name() + ", configuration only";
  } else {
    if (runs_in_real_time(s) && request.notices.sampling) request.notices.sampling(request.interval);
    in.before = s.sample();
    s.wait(request.interval);
    in.now = s.sample();
    in.dt = engine::seconds_between(*in.before, in.now);
    in.origin = s.name() + ", 2 samples " + util::seconds_text(in.dt) + " apart";
  }
  if (request.require_devices && request.dev.empty() && model::host_is_empty(in.now))
    return {Error{"could not read any netdev or RDMA device on this host",
                  in.now.notes.empty() ? "" : in.now.notes.front().message},
            kExitRuntimeError};
  return in;
}

}  // namespace

Error no_device_error(const std::string& device, const std::string& where, std::string hint) {
  return {"no netdev or RDMA device named \"" + device + "\"" + where, std::move(hint)};
}

Expected<model::Host> select_device(const model::Host& host, const std::string& device) {
  if (device.empty()) return host;
  model::Host selected = model::filter_host(host, device);
  if (model::host_is_empty(selected)) return fail(no_device_error(device));
  return selected;
}

Expected<captures::Bundle> read_capture(const std::string& path, const Notices& notices) {
  std::vector<std::string> warnings;
  auto bundle = import::load_capture(path, &warnings);
  if (notices.warning)
    for (const auto& w : warnings) notices.warning(w);
  if (!bundle) return fail(std::move(bundle.error()));
  if (bundle->samples.empty()) return fail("capture " + path + " holds no sample");
  return bundle;
}

Expected<std::unique_ptr<system::System>> open_input_system(const SystemSpec& spec, const std::string& device) {
  return open_system(spec.host.empty() ? "live" : spec.host, spec.sysfs_root, device);
}

bool runs_in_real_time(const system::System& system) { return system.name() == "live"; }

Expected<model::Host> sample_device(system::System& system, const std::string& device) {
  return select_device(system.sample(), device);
}

void read_live_lldp(model::Host& host, model::SwitchSide& side, const Notices& notices) {
  if (std::string missing = sources::add_live_lldp(host, side); !missing.empty() && notices.warning)
    notices.warning("host LLDP neighbours " + missing);
}

Result<Input> read_input(const InputRequest& request) {
  Result<Input> in =
      request.captures.empty() ? read_system(request) : Result<Input>(read_captures(request), kExitInputError);
  if (in && in->system && runs_in_real_time(*in->system))  // the GPU-NIC topology, read once per command
    in->observations.topology =
        sources::sysfs::observed_topology(sources::sysfs::resolve_sysfs_root(request.system.sysfs_root), in->now);
  if (in && !request.switch_exports.empty()) {
    auto side = import::read_switch_exports_or_archives(request.switch_exports, request.switch_name);
    if (!side) return {std::move(side.error()), kExitInputError};
    model::append(in->observations.switches, std::move(*side));
    if (in->system && runs_in_real_time(*in->system))
      read_live_lldp(in->now, in->observations.switches, request.notices);
  }
  if (in && !in->observations.switches.switches.empty())
    in->observations.switches.cables = switches::join_cables(in->now, in->observations.switches);
  if (!in || request.dev.empty()) return in;
  auto now = select_device(in->now, request.dev);
  if (!now) return {std::move(now.error()), kExitInputError};
  in->whole_now = std::exchange(in->now, std::move(*now));
  if (in->before) in->before = model::filter_host(*in->before, request.dev);
  return in;
}

}  // namespace roce::judge
