#pragma once
// Port series on one clock: each port's cumulative counters turned into what moved in each bin of
// one grid (bins of a fixed width from a fixed start, Unix ms), the change of every interval
// between two samples spread over the bins it overlaps in proportion. A counter that goes
// backwards (a reset) gives its interval nothing; a bin that samples cover less than half of is
// unknown, never zero. The sources' clocks may be off from each other by up to a bin's width or
// so: the analysis treats events within one bin as simultaneous.
#include <array>
#include <cstdint>
#include <vector>

#include "storm/series.hpp"

namespace roce::storm {

struct Grid {
  std::int64_t start_ms = 0;
  std::int64_t width_ms = 1000;
  std::size_t bins = 0;
  std::int64_t bin_start(std::size_t b) const { return start_ms + static_cast<std::int64_t>(b) * width_ms; }
  /// The bin holding `t_ms`, clamped to the grid.
  std::size_t bin_of(std::int64_t t_ms) const;
};

/// What moved on one port in one bin; a member is NaN when its counter is absent or the bin
/// unknown.
struct Moved {
  std::array<float, kPriorities> tx_pause{}, rx_pause{};        // PFC frames
  std::array<float, kPriorities> tx_pause_us{}, rx_pause_us{};  // pause duration, microseconds
  std::array<float, kPriorities> rx_discards{};
  float global_tx_pause = 0, global_rx_pause = 0;
  float rx_bytes = 0, tx_bytes = 0;
  float rx_discards_port = 0, out_of_buffer = 0, pcie_stalls = 0;
  float ecn_marked = 0, cnp_sent = 0, cnp_handled = 0, tx_discards = 0;
  std::array<float, kPriorities> pfcwd_storms{};  // storms the PFC watchdog detected
  bool known = false;  // samples covered at least half of the bin
};

/// One port's bins over the grid.
struct PortBins {
  PortId port;
  double line_gbps = 0;
  std::vector<Moved> bins;
};

/// The grid that covers every sample of `ports` (bins of `width_ms`, from the first sample's bin).
Grid grid_of(const std::vector<PortSeries>& ports, std::int64_t width_ms);

/// One port's samples (in time order) on `grid`.
PortBins bin_series(const PortSeries& series, const Grid& grid);

/// A Moved where every counter is absent (NaN) and the bin unknown.
Moved unknown_bin();

}  // namespace roce::storm
