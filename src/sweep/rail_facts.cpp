// Each NIC's results sorted by direction and verdict.
#include "sweep/rail_facts.hpp"

#include <algorithm>

namespace roce::sweep {

int leaf_of(const fabric::Fabric& fabric, const fabric::HostRails& rails, fabric::HostRail hr) {
  return fabric.hosts[rails.host(hr)].rails[rails.rail(hr)].leaf;
}

Facts gather_facts(const fabric::Fabric& fabric, const std::vector<Observation>& observations, double low_ratio) {
  Facts f{fabric::HostRails(fabric), {}, {}, {}, 0.96, {}};
  f.by_rail.resize(f.rails.size());
  f.low.assign(observations.size(), false);
  f.used.assign(observations.size(), false);
  f.share.assign(observations.size(), 0);
  std::vector<double> ok_shares;
  for (std::uint32_t i = 0; i < observations.size(); ++i) {
    const Observation& o = observations[i];
    if (o.test.client >= f.rails.size() || o.test.server >= f.rails.size() || o.status == Status::missing) continue;
    const auto ratio = o.ratio();
    if (o.status == Status::measured && !ratio) continue;  // no line rate to judge it against
    f.used[i] = true;
    f.share[i] = ratio.value_or(0);
    const bool low = !ratio || *ratio < low_ratio;
    f.low[i] = low;
    if (!low) ok_shares.push_back(*ratio);
    if (o.test.loopback()) {
      (low ? f.by_rail[o.test.client].loop_low : f.by_rail[o.test.client].loop_ok).push_back(i);
      continue;
    }
    f.by_rail[o.test.client].partners.push_back(o.test.server);
    f.by_rail[o.test.server].partners.push_back(o.test.client);
    (low ? f.by_rail[o.test.client].low : f.by_rail[o.test.client].ok)[kOut].push_back(i);
    (low ? f.by_rail[o.test.server].low : f.by_rail[o.test.server].ok)[kIn].push_back(i);
  }
  if (!ok_shares.empty()) {
    std::nth_element(ok_shares.begin(), ok_shares.begin() + static_cast<long>(ok_shares.size() / 2), ok_shares.end());
    f.typical = ok_shares[ok_shares.size() / 2];
  }
  return f;
}

}  // namespace roce::sweep
