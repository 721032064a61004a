// bench_checks: the cost of judging a host. Evaluates the whole catalog (Context construction,
// canonical counters, every check, ranking) on a 16-port host with two samples, built from the
// example capture examples/cx6dx-ecn-off.json by cloning its RoCE port 16 times; and, in the same
// run, reading that capture from JSON (what `check --from` does first) for comparison.
// Usage: bench_checks [BUNDLE] [PORTS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "checks/registry.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "profile/profile.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// Clones the first RDMA device and the netdev of its first port `ports` times (mlx5_N / ethN).
roce::model::Host widen(const roce::model::Host& h, int ports) {
  roce::model::Host out = h;
  out.rdma_devices.clear();
  const auto& dev = h.rdma_devices.at(0);
  const auto* nd = h.netdev(*dev.ports.at(0).netdev);
  out.netdevs.clear();
  for (int i = 0; i < ports; ++i) {
    auto d = dev;
    auto n = *nd;
    d.name = "mlx5_" + std::to_string(i);
    n.name = "ens" + std::to_string(i) + "np0";
    d.netdevs = roce::model::Field<std::vector<std::string>>::of({n.name});
    for (auto& p : d.ports) {
      p.netdev = roce::model::Field<std::string>::of(n.name);
      if (p.gids.ok())
        for (auto& g : *p.gids) g.netdev = roce::model::Field<std::string>::of(n.name);
    }
    out.rdma_devices.push_back(std::move(d));
    out.netdevs.push_back(std::move(n));
  }
  return out;
}

template <class F>
std::vector<double> time_runs(int runs, F&& f) {
  std::vector<double> us;
  for (int i = 0; i < runs; ++i) {
    const auto t0 = Clock::now();
    f();
    us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
  }
  std::sort(us.begin(), us.end());
  return us;
}

void row(const char* what, const std::vector<double>& us) {
  std::printf("| %s | %zu | %.0f µs | %.0f µs |\n", what, us.size(), us[us.size() / 2],
              us[std::min(us.size() - 1, us.size() * 99 / 100)]);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "examples/cx6dx-ecn-off.json";
  const int ports = argc > 2 ? std::stoi(argv[2]) : 16;
  auto bundle = roce::captures::read_bundle_file(path);
  if (!bundle) {
    std::fprintf(stderr, "bench_checks: %s\n", bundle.error().message.c_str());
    return 3;
  }
  const auto before = widen(bundle->samples.front(), ports);
  const auto now = widen(bundle->samples.back(), ports);
  const auto dt = roce::engine::seconds_between(before, now);
  const auto profile = roce::profile::default_profile();

  std::size_t findings = 0;
  auto evaluate = [&] {
    roce::engine::Context ctx(now, &before, dt, profile);
    auto results = roce::checks::run_checks(ctx);
    findings = roce::engine::ranked_findings(roce::checks::all_checks(), results).size();
  };
  auto load = [&] { (void)roce::captures::read_bundle_file(path); };

  evaluate();  // warm up
  std::printf("%d ports, two samples %.0f s apart, %zu checks, %zu findings\n\n", ports, dt,
              roce::checks::all_checks().size(), findings);
  std::printf("| step | runs | median | p99 |\n|---|---:|---:|---:|\n");
  row("evaluate all checks (context, canonical counters, checks, ranking)", time_runs(200, evaluate));
  row("read the 1-port capture from JSON, for comparison", time_runs(50, load));
  return 0;
}
