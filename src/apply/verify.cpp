#include "apply/verify.hpp"

#include <algorithm>
#include <cstdio>

#include "checks/registry.hpp"
#include "counters/canonical.hpp"
#include "engine/context.hpp"

namespace roce::apply {
namespace {

std::string figures(const WindowFigures& w) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%llu drops in %.1f s (%.2f/s)", static_cast<unsigned long long>(w.drops.value_or(0)),
                w.seconds, w.drops_per_second);
  std::string s = buf;
  if (w.all_priority_drops && w.all_priority_drops != w.drops)
    s += ", " + std::to_string(*w.all_priority_drops) + " on all priorities";
  if (w.pause_fraction) {
    std::snprintf(buf, sizeof buf, ", paused %.1f%%", *w.pause_fraction * 100);
    s += buf;
  }
  return s;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

const char* to_string(Verdict v) { return v == Verdict::keep ? "keep" : "rollback"; }

WindowFigures measure(const Window& window, const profile::Profile& profile) {
  WindowFigures f;
  f.seconds = engine::seconds_between(window.start, window.end);
  const engine::Context ctx(window.end, &window.start, f.seconds, profile);
  for (const auto& port : ctx.ports()) {
    if (port.stand_in) continue;
    f.ports.push_back(port.netdev->name);
    const auto& state = port.netdev->operstate;
    if (!state.ok() || *state != "up") f.links_down.push_back(port.netdev->name);
    if (!ctx.has_rates()) continue;
    // rx_prioN_discards and rx_prioN_buf_discard count the same frames on mlx5 (counters/mlx5.cpp):
    // a priority's drops are the larger of the two, never their sum.
    for (int q = 0; q < model::kPriorities; ++q) {
      std::optional<std::uint64_t> drops;
      for (const char* what : {"rx_discards", "rx_buf_discards"})
        if (auto rate = ctx.rate(port, counters::prio_name(q, what))) drops = std::max(drops.value_or(0), rate->delta);
      if (drops) f.all_priority_drops = f.all_priority_drops.value_or(0) + *drops;
    }
    for (const auto& lossless : profile.lossless) {
      std::optional<std::uint64_t> drops;
      for (const char* what : {"rx_discards", "rx_buf_discards"}) {
        const std::string name = counters::prio_name(lossless.priority, what);
        if (auto rate = ctx.rate(port, name)) {
          drops = std::max(drops.value_or(0), rate->delta);
          f.counter_reset |= rate->reset;
          f.drop_counters.push_back(port.netdev->name + " " + name);
        }
      }
      if (drops) f.drops = f.drops.value_or(0) + *drops;
      for (const char* what : {"rx_pause_us", "tx_pause_us"}) {
        if (auto rate = ctx.rate(port, counters::prio_name(lossless.priority, what))) {
          const double fraction = engine::pause_fraction(rate->delta, f.seconds);
          f.pause_fraction = std::max(f.pause_fraction.value_or(0), fraction);
        }
      }
    }
  }
  if (f.drops && f.seconds > 0) f.drops_per_second = static_cast<double>(*f.drops) / f.seconds;
  for (const auto& result : checks::run_checks(ctx))
    for (const auto& finding : result.findings)
      if (finding.severity == engine::Severity::critical)
        f.critical.push_back(finding.id + "@" + finding.subject.to_string());
  std::sort(f.ports.begin(), f.ports.end());
  std::sort(f.drop_counters.begin(), f.drop_counters.end());
  std::sort(f.critical.begin(), f.critical.end());
  f.critical.erase(std::unique(f.critical.begin(), f.critical.end()), f.critical.end());
  return f;
}

Decision decide(const Window& baseline, const Window& trial, const profile::Profile& profile) {
  Decision d;
  d.baseline = measure(baseline, profile);
  d.trial = measure(trial, profile);
  const WindowFigures& b = d.baseline;
  const WindowFigures& t = d.trial;
  auto rollback = [&](std::string why, bool inconclusive) {
    d.verdict = Verdict::rollback;
    d.inconclusive = inconclusive;
    d.reason = std::move(why);
    return d;
  };

  std::vector<std::string> lost;
  for (const auto& name : t.links_down)
    if (std::find(b.links_down.begin(), b.links_down.end(), name) == b.links_down.end()) lost.push_back(name);
  // A port the baseline judged and the trial does not (renamed, re-created, unreadable) is lost too.
  for (const auto& name : b.ports)
    if (!std::binary_search(t.ports.begin(), t.ports.end(), name)) lost.push_back(name);
  if (!lost.empty()) return rollback("link lost during the trial: " + join(lost) + " not up", false);

  std::vector<std::string> fresh;
  for (const auto& c : t.critical)
    if (!std::binary_search(b.critical.begin(), b.critical.end(), c)) fresh.push_back(c);
  if (!fresh.empty()) return rollback("new critical finding during the trial: " + join(fresh), false);

  if (b.seconds <= 0 || t.seconds <= 0) return rollback("inconclusive: a window has no duration", true);
  if (!b.drops || !t.drops)
    return rollback("inconclusive: no lossless-priority drop counter in the " +
                        std::string(!b.drops ? "baseline" : "trial") + " window",
                    true);
  // Fewer counters in the trial would make its sum smaller without fewer drops.
  if (b.drop_counters != t.drop_counters)
    return rollback("inconclusive: the trial window did not read the same drop counters as the baseline", true);
  if (b.counter_reset || t.counter_reset)
    return rollback("inconclusive: a drop counter was reset during the " +
                        std::string(b.counter_reset ? "baseline" : "trial") + " window",
                    true);

  const std::string numbers = "baseline " + figures(b) + "; trial " + figures(t);
  if (*b.drops == 0 && *t.drops == 0) {
    d.verdict = Verdict::keep;
    d.reason = "no drops before and none after, links up, no new critical finding (" + numbers + ")";
    return d;
  }
  if (t.drops_per_second < b.drops_per_second) {
    d.verdict = Verdict::keep;
    d.reason = "lossless drops fell (" + numbers + "), links up, no new critical finding";
    return d;
  }
  if (t.drops_per_second > b.drops_per_second) return rollback("lossless drops rose (" + numbers + ")", false);
  return rollback("lossless drops did not fall (" + numbers + ")", false);
}

}  // namespace roce::apply
