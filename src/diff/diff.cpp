// diff_hosts: the configuration walk, then counter deltas and rates for two samples of one host.
#include "diff/diff.hpp"

#include <algorithm>
#include <array>

#include "diff/config_walk.hpp"
#include "diff/counter_walk.hpp"
#include "model/sample.hpp"

namespace roce::diff {
namespace {

bool lossless_relevant(const std::string& name) {
  static constexpr std::array<std::string_view, 7> kWords = {"pause",         "discard", "ecn",   "cnp",
                                                             "out_of_buffer", "drop",    "marked"};
  return std::any_of(kWords.begin(), kWords.end(), [&](std::string_view w) { return name.find(w) != name.npos; });
}

void set_seconds(const model::Host& a, const model::Host& b, Diff& d) {
  const model::SampleInterval dt = model::interval_between(a, b);
  if (dt.clock == model::SampleClock::none) {
    d.notes.push_back("the samples' clocks do not put B after A: deltas without rates");
    return;
  }
  d.seconds = dt.seconds;
  d.clock = dt.clock == model::SampleClock::monotonic ? "monotonic" : "wall clock";
}

std::vector<CounterChange> counter_changes(const model::Host& a, const model::Host& b, std::optional<double> seconds) {
  const CounterValues va = counter_values(a), vb = counter_values(b);
  const auto names = canonical_names(b);
  std::vector<CounterChange> out;
  const auto make = [&](const CounterKey& key) {
    CounterChange c;
    c.subject = key.first;
    c.counter = key.second;
    if (const auto it = names.find(key); it != names.end()) c.canonical = it->second;
    c.lossless = lossless_relevant(c.counter) || lossless_relevant(c.canonical);
    return c;
  };
  for (const auto& [key, before] : va) {
    const auto it = vb.find(key);
    if (it == vb.end()) {
      CounterChange c = make(key);
      c.before = before;
      out.push_back(std::move(c));
      continue;
    }
    const std::uint64_t after = it->second;
    if (after == before) continue;
    CounterChange c = make(key);
    c.before = before;
    c.after = after;
    const model::CounterDelta moved = model::counter_delta(before, after);
    c.reset = moved.reset;
    c.delta = moved.delta;
    if (seconds) c.rate_per_s = static_cast<double>(c.delta) / *seconds;
    out.push_back(std::move(c));
  }
  for (const auto& [key, after] : vb)
    if (!va.count(key)) {
      CounterChange c = make(key);
      c.after = after;
      out.push_back(std::move(c));
    }
  // Lossless-relevant first; then counters in both samples by rate (delta), then those in one only.
  std::stable_sort(out.begin(), out.end(), [](const CounterChange& x, const CounterChange& y) {
    if (x.lossless != y.lossless) return x.lossless;
    const bool xb = x.before && x.after, yb = y.before && y.after;
    if (xb != yb) return xb;
    return x.delta > y.delta;  // one dt for all: ordering by delta is ordering by rate
  });
  return out;
}

}  // namespace

Diff diff_hosts(const model::Host& a, const model::Host& b) {
  Diff d;
  d.host_a = a.hostname;
  d.host_b = b.hostname;
  d.same_host = a.hostname == b.hostname;
  d.config = config_changes(a, b);
  if (!d.same_host) {
    d.notes.push_back("different hosts (" + a.hostname + ", " + b.hostname +
                      "): configuration only, counters are not compared");
    return d;
  }
  if (a.hostname.empty()) d.notes.push_back("neither sample names its host: taken as one host");
  set_seconds(a, b, d);
  d.counters = counter_changes(a, b, d.seconds);
  return d;
}

}  // namespace roce::diff
