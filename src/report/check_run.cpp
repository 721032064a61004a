#include "report/check_run.hpp"

#include <algorithm>
#include <string_view>

namespace roce::report {

CounterSets counter_sets_of(const model::Host& host) {
  CounterSets out;
  for (const auto& nd : host.netdevs)
    if (nd.ethtool_stats.ok()) out[{nd.name, "ethtool"}] = nd.ethtool_stats.from;
  return out;
}

const std::string* quote_of(const CheckRun& run, const engine::Finding& f, const engine::Evidence& e) {
  if (const std::string* raw = run.raw_lines.find(e.from)) return raw;
  const auto set = run.counter_sets.find({f.subject.netdev, e.from.source});
  if (set == run.counter_sets.end()) return nullptr;
  const auto* line = run.raw_lines.find_counter(set->second, e.name);
  return line ? &line->second : nullptr;
}

engine::Verdict verdict_of(const CheckRun& run) {
  engine::Verdict v = engine::verdict_of(run.ranked);
  v.judged = engine::verdict_of(run.results).judged;
  return v;
}

// Mellanox/NVIDIA PCI device IDs as the mlx5 driver reports them in hca_type ("MT" + decimal ID).
std::string_view mlx5_model(std::string_view hca_type) {
  struct Entry {
    std::string_view hca, model;
  };
  static constexpr Entry kModels[] = {
      {"MT4115", "ConnectX-4"}, {"MT4117", "ConnectX-4 Lx"}, {"MT4119", "ConnectX-5"},    {"MT4121", "ConnectX-5 Ex"},
      {"MT4123", "ConnectX-6"}, {"MT4125", "ConnectX-6 Dx"}, {"MT4127", "ConnectX-6 Lx"}, {"MT4129", "ConnectX-7"},
      {"MT4131", "ConnectX-8"}, {"MT41682", "BlueField"},    {"MT41686", "BlueField-2"},  {"MT41692", "BlueField-3"},
  };
  for (const auto& e : kModels)
    if (e.hca == hca_type) return e.model;
  return {};
}

std::string describe_hardware(const model::Host& host) {
  std::string out;
  for (const auto& dev : host.rdma_devices) {
    if (!out.empty()) out += ", ";
    const std::string_view model = dev.hca_type.ok() ? mlx5_model(*dev.hca_type) : std::string_view{};
    if (!model.empty()) out += std::string(model) + " ";
    out += dev.name;
  }
  return out;
}

}  // namespace roce::report
