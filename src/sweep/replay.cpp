// Tests replayed on a simulated fabric: the simulator's figure as perftest's client output.
#include "sweep/replay.hpp"

#include <map>
#include <memory>

#include "sim/fabric_file.hpp"
#include "sim/perftest_replay.hpp"

namespace roce::sweep {
namespace {

constexpr double kDeadShare = 0.01;  // below this share of line rate a test never completes

struct Replay {
  sim::FabricSim sim;
  std::map<std::pair<std::string, std::string>, fabric::HostRail> rails;  // (host, device) -> the simulator's
};

}  // namespace

Expected<Replayer> open_replay(const std::string& path) {
  auto spec = sim::read_fabric_sim(path);
  if (!spec) return fail(spec.error());
  auto replay = std::make_shared<Replay>(Replay{sim::simulator_of(*spec), {}});
  const auto& f = replay->sim.fabric();
  for (fabric::HostRail hr = 0; hr < replay->sim.rails().size(); ++hr) {
    const auto& host = f.hosts[replay->sim.rails().host(hr)];
    replay->rails[{host.name, host.rails[replay->sim.rails().rail(hr)].device}] = hr;
  }
  return Replayer([replay, path](const Plan& plan, const fabric::Test& test) -> Expected<Replayed> {
    const fabric::HostRails rails(plan.fabric);
    const auto simulated = [&](fabric::HostRail hr) -> Expected<fabric::HostRail> {
      const auto& host = plan.fabric.hosts[rails.host(hr)];
      const std::string& device = host.rails[rails.rail(hr)].device;
      const auto it = replay->rails.find({host.name, device});
      if (it == replay->rails.end()) return fail(path + " has no " + host.name + " " + device);
      return it->second;
    };
    auto client = simulated(test.client);
    if (!client) return fail(client.error());
    auto server = simulated(test.server);
    if (!server) return fail(server.error());
    const fabric::Test t{test.id, *client, *server, test.flow};
    const double line = replay->sim.line_gbps(t);
    if (line > 0 && replay->sim.measure(t) < kDeadShare * line) return Replayed{"", true};
    sim::PerftestClient run;
    run.device = plan.fabric.hosts[rails.host(test.client)].rails[rails.rail(test.client)].device;
    run.size = plan.settings.size;
    run.duration_s = plan.settings.duration_s;
    run.qps = plan.settings.qps;
    return Replayed{sim::replay_client_text(replay->sim, t, run), false};
  });
}

}  // namespace roce::sweep
