#pragma once
// Did the change help? A pure decision over two windows of Host samples of the same host: a
// baseline before the change and an equal trial after it. Keep only if lossless-priority drops
// fell, or were zero and stayed zero; and in both cases the links that were up stay up and no
// critical finding appears that the baseline did not have. Anything else, including a window
// where the drops cannot be counted, rolls back.
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "profile/profile.hpp"

namespace roce::apply {

struct Window {
  model::Host start, end;
};

struct WindowFigures {
  std::optional<std::uint64_t> drops;  // lossless priorities, all ports; nullopt: no counter
  double drops_per_second = 0;
  // Every priority's drops, shown beside the verdict's figure (it is not part of the verdict): RoCE
  // that lands on a lossy priority (wrong trust) drops there, and a trust fix shows up here.
  std::optional<std::uint64_t> all_priority_drops;
  std::optional<double> pause_fraction;  // the most-paused lossless priority (rx or tx); nullopt: no counter
  bool counter_reset = false;            // a drop counter went backwards: the window proves nothing
  double seconds = 0;
  std::vector<std::string> links_down;     // ports not "up" at the end of the window
  std::vector<std::string> critical;       // critical findings at the end ("DROP-LOSSLESS@ens1f0np0 prio 3")
  std::vector<std::string> ports;          // every port judged at the end of the window
  std::vector<std::string> drop_counters;  // "ens1f0np0 prio[3].rx_discards": what `drops` sums
};

enum class Verdict { keep, rollback };
const char* to_string(Verdict v);

struct Decision {
  Verdict verdict = Verdict::rollback;
  bool inconclusive = false;
  std::string reason;  // one sentence, with the figures
  WindowFigures baseline, trial;
};

WindowFigures measure(const Window& window, const profile::Profile& profile);
Decision decide(const Window& baseline, const Window& trial, const profile::Profile& profile);

}  // namespace roce::apply
