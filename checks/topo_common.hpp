#pragma once
// Helpers of the TOPO-* checks: the nearest NICs of a GPU, evidence naming the topology's source.
#include <optional>
#include <string>
#include <vector>

#include "engine/finding.hpp"
#include "model/topology.hpp"

namespace roce::checks::topo {

/// The NICs at the smallest distance from `gpu` and that distance; nullopt when no pair names it.
struct Nearest {
  model::PciDistance distance;
  std::vector<std::string> nics;
};
inline std::optional<Nearest> nearest_nics(const model::Topology& t, const std::string& gpu) {
  std::optional<Nearest> best;
  for (const auto& p : t.pairs) {
    if (p.gpu != gpu) continue;
    if (!best || p.distance < best->distance)
      best = Nearest{p.distance, {p.nic}};
    else if (p.distance == best->distance)
      best->nics.push_back(p.nic);
  }
  return best;
}

/// Evidence of one fact of the topology, with its source as provenance.
inline engine::Evidence fact(const model::Topology& t, std::string name, std::string value) {
  return engine::Evidence{std::move(name), std::move(value), std::nullopt, std::nullopt, false, t.from};
}

/// "GPU0, GPU1 and GPU2".
inline std::string listing(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return s;
}

}  // namespace roce::checks::topo
