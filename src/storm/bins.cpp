// Cumulative counters spread over the bins of one grid.
#include "storm/bins.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roce::storm {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Adds `part` of an interval's change (b - a) to `into`; an absent counter or a reset makes the
// bin's value absent (NaN stays NaN once set so).
void spread(float& into, const std::optional<std::uint64_t>& a, const std::optional<std::uint64_t>& b, double part) {
  if (!a || !b || *b < *a) {
    into = kNaN;
    return;
  }
  if (!std::isnan(into)) into += static_cast<float>(static_cast<double>(*b - *a) * part);
}

void spread_all(Moved& m, const Counters& a, const Counters& b, double part) {
  for (int p = 0; p < kPriorities; ++p) {
    spread(m.tx_pause[p], a.tx_pause[p], b.tx_pause[p], part);
    spread(m.rx_pause[p], a.rx_pause[p], b.rx_pause[p], part);
    spread(m.tx_pause_us[p], a.tx_pause_us[p], b.tx_pause_us[p], part);
    spread(m.rx_pause_us[p], a.rx_pause_us[p], b.rx_pause_us[p], part);
    spread(m.rx_discards[p], a.rx_discards[p], b.rx_discards[p], part);
    spread(m.pfcwd_storms[p], a.pfcwd_storms[p], b.pfcwd_storms[p], part);
  }
  spread(m.global_tx_pause, a.global_tx_pause, b.global_tx_pause, part);
  spread(m.global_rx_pause, a.global_rx_pause, b.global_rx_pause, part);
  spread(m.rx_bytes, a.rx_bytes, b.rx_bytes, part);
  spread(m.tx_bytes, a.tx_bytes, b.tx_bytes, part);
  spread(m.rx_discards_port, a.rx_discards_port, b.rx_discards_port, part);
  spread(m.out_of_buffer, a.out_of_buffer, b.out_of_buffer, part);
  spread(m.pcie_stalls, a.pcie_stalls, b.pcie_stalls, part);
  spread(m.ecn_marked, a.ecn_marked, b.ecn_marked, part);
  spread(m.cnp_sent, a.cnp_sent, b.cnp_sent, part);
  spread(m.cnp_handled, a.cnp_handled, b.cnp_handled, part);
  spread(m.tx_discards, a.tx_discards, b.tx_discards, part);
}

}  // namespace

std::size_t Grid::bin_of(std::int64_t t_ms) const {
  if (bins == 0 || t_ms <= start_ms) return 0;
  const auto b = static_cast<std::size_t>((t_ms - start_ms) / width_ms);
  return std::min(b, bins - 1);
}

Moved unknown_bin() {
  Moved m;
  m.tx_pause.fill(kNaN);
  m.rx_pause.fill(kNaN);
  m.tx_pause_us.fill(kNaN);
  m.rx_pause_us.fill(kNaN);
  m.rx_discards.fill(kNaN);
  m.pfcwd_storms.fill(kNaN);
  m.global_tx_pause = m.global_rx_pause = m.rx_bytes = m.tx_bytes = kNaN;
  m.rx_discards_port = m.out_of_buffer = m.pcie_stalls = kNaN;
  m.ecn_marked = m.cnp_sent = m.cnp_handled = m.tx_discards = kNaN;
  return m;
}

Grid grid_of(const std::vector<PortSeries>& ports, std::int64_t width_ms) {
  Grid g;
  g.width_ms = std::max<std::int64_t>(1, width_ms);
  std::int64_t first = std::numeric_limits<std::int64_t>::max(), last = std::numeric_limits<std::int64_t>::min();
  for (const auto& p : ports)
    if (!p.samples.empty()) {
      first = std::min(first, p.samples.front().time_ms);
      last = std::max(last, p.samples.back().time_ms);
    }
  if (first > last) return g;
  g.start_ms = first / g.width_ms * g.width_ms;
  g.bins = static_cast<std::size_t>((last - g.start_ms) / g.width_ms) + 1;
  return g;
}

PortBins bin_series(const PortSeries& series, const Grid& grid) {
  PortBins out{series.port, series.line_gbps, {}};
  // Every bin starts at zero, known by how much of it the samples cover.
  out.bins.assign(grid.bins, Moved{});
  std::vector<double> covered(grid.bins, 0);
  const auto& s = series.samples;
  for (std::size_t i = 1; i < s.size(); ++i) {
    const std::int64_t t0 = s[i - 1].time_ms, t1 = s[i].time_ms;
    if (t1 <= t0) continue;  // a clock that went back: no interval to spread
    const double span = static_cast<double>(t1 - t0);
    for (std::size_t b = grid.bin_of(t0); b < grid.bins && grid.bin_start(b) < t1; ++b) {
      const std::int64_t lo = std::max(t0, grid.bin_start(b)), hi = std::min(t1, grid.bin_start(b) + grid.width_ms);
      if (hi <= lo) continue;
      spread_all(out.bins[b], s[i - 1].counters, s[i].counters, static_cast<double>(hi - lo) / span);
      covered[b] += static_cast<double>(hi - lo);
    }
  }
  for (std::size_t b = 0; b < grid.bins; ++b) {
    out.bins[b].known = covered[b] >= 0.5 * static_cast<double>(grid.width_ms);
    if (!out.bins[b].known) out.bins[b] = unknown_bin();
  }
  return out;
}

}  // namespace roce::storm
