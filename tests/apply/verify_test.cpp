// The keep/rollback decision on counter traces of one mlx5 port (raw ethtool names, as
// `ethtool -S` reports them), 10 s windows.
#include <catch2/catch.hpp>

#include "apply/verify.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::apply;

namespace {

struct Point {
  std::int64_t t_s;
  std::uint64_t discards;
  std::uint64_t pause_us;
  bool up = true;
};

model::Host host_at(const Point& p, bool with_discards = true) {
  model::Host h;
  h.hostname = "trace";
  h.monotonic_ns = (100 + p.t_s) * 1'000'000'000;  // 0 would mean "unknown"
  model::NetDev n;
  n.name = "ens1f0np0";
  n.operstate = model::Field<std::string>::of(p.up ? "up" : "down");
  n.driver = model::Field<model::DriverInfo>::of({"mlx5_core", "", "", ""});
  model::CounterSet c;
  if (with_discards) c.entries.push_back({"rx_prio3_discards", p.discards});
  c.entries.push_back({"rx_prio3_pause_duration", p.pause_us});
  c.entries.push_back({"rx_prio3_packets", 1000 * static_cast<std::uint64_t>(p.t_s)});
  n.ethtool_stats = model::Field<model::CounterSet>::of(c);
  h.netdevs.push_back(n);
  return h;
}

Decision decide_trace(Point b0, Point b1, Point t0, Point t1, bool with_discards = true) {
  Decision d = decide({host_at(b0, with_discards), host_at(b1, with_discards)},
                      {host_at(t0, with_discards), host_at(t1, with_discards)}, profile::Profile{});
  UNSCOPED_INFO(d.reason);
  return d;
}

}  // namespace

TEST_CASE("verify: drops fell -> keep") {
  auto d = decide_trace({0, 1000, 0}, {10, 3000, 0}, {11, 3000, 0}, {21, 3010, 500000});
  CHECK(d.verdict == Verdict::keep);
  CHECK(d.baseline.drops == 2000u);
  CHECK(d.trial.drops == 10u);
  CHECK(d.trial.pause_fraction == Approx(0.05));
  CHECK(d.reason.find("fell") != std::string::npos);
}

TEST_CASE("verify: zero drops stay zero -> keep") {
  auto d = decide_trace({0, 5, 0}, {10, 5, 0}, {11, 5, 0}, {21, 5, 0});
  CHECK(d.verdict == Verdict::keep);
  CHECK(d.reason.find("no drops") != std::string::npos);
}

TEST_CASE("verify: drops unchanged -> rollback") {
  auto d = decide_trace({0, 0, 0}, {10, 500, 0}, {11, 500, 0}, {21, 1000, 0});
  CHECK(d.verdict == Verdict::rollback);
  CHECK_FALSE(d.inconclusive);
  CHECK(d.reason.find("did not fall") != std::string::npos);
}

TEST_CASE("verify: drops rose -> rollback") {
  auto d = decide_trace({0, 0, 0}, {10, 500, 0}, {11, 500, 0}, {21, 5000, 0});
  CHECK(d.verdict == Verdict::rollback);
  CHECK(d.reason.find("rose") != std::string::npos);
}

TEST_CASE("verify: drops appear where there were none -> rollback on the new critical finding") {
  auto d = decide_trace({0, 0, 0}, {10, 0, 0}, {11, 0, 0}, {21, 40, 0});
  CHECK(d.verdict == Verdict::rollback);
  CHECK(d.reason.find("DROP-LOSSLESS") != std::string::npos);
}

TEST_CASE("verify: no drop counter -> inconclusive -> rollback") {
  auto d = decide_trace({0, 0, 0}, {10, 0, 0}, {11, 0, 0}, {21, 0, 0}, false);
  CHECK(d.verdict == Verdict::rollback);
  CHECK(d.inconclusive);
  CHECK(d.reason.find("inconclusive") != std::string::npos);
}

TEST_CASE("verify: a counter reset in the trial -> inconclusive -> rollback") {
  auto d = decide_trace({0, 1000, 0}, {10, 3000, 0}, {11, 3000, 0}, {21, 2, 0});
  CHECK(d.verdict == Verdict::rollback);
  CHECK(d.inconclusive);
  CHECK(d.reason.find("reset") != std::string::npos);
}

TEST_CASE("verify: link lost during the trial -> rollback") {
  auto d = decide_trace({0, 1000, 0}, {10, 3000, 0}, {11, 3000, 0}, {21, 3000, 0, false});
  CHECK(d.verdict == Verdict::rollback);
  CHECK(d.reason.find("link lost") != std::string::npos);
  CHECK(d.reason.find("ens1f0np0") != std::string::npos);
}

TEST_CASE("verify: a drop counter the trial lost does not count as fewer drops -> inconclusive") {
  // Baseline: two ports dropping. Trial: the second port's discards are unreadable.
  auto two_ports = [](const Point& p, bool second_has_discards) {
    model::Host h = host_at(p);
    model::NetDev second = h.netdevs[0];
    second.name = "ens2f0np0";
    if (!second_has_discards) second.ethtool_stats->entries.erase(second.ethtool_stats->entries.begin());
    h.netdevs.push_back(second);
    return h;
  };
  const Decision d = decide({two_ports({0, 1000, 0}, true), two_ports({10, 3000, 0}, true)},
                            {two_ports({11, 3000, 0}, false), two_ports({21, 3500, 0}, false)}, profile::Profile{});
  INFO(d.reason);
  CHECK(d.verdict == Verdict::rollback);
  CHECK(d.inconclusive);
  CHECK(d.reason.find("same drop counters") != std::string::npos);
}

TEST_CASE("verify: a port the trial no longer sees is a lost link -> rollback") {
  model::Host gone = host_at({21, 3000, 0});
  gone.netdevs.clear();
  const Decision d =
      decide({host_at({0, 1000, 0}), host_at({10, 3000, 0})}, {host_at({11, 3000, 0}), gone}, profile::Profile{});
  INFO(d.reason);
  CHECK(d.verdict == Verdict::rollback);
  CHECK(d.reason.find("link lost") != std::string::npos);
  CHECK(d.reason.find("ens1f0np0") != std::string::npos);
}

TEST_CASE("verify: drops on a lossy priority are shown beside the lossless figure (a trust fix)") {
  // RoCE misclassified to priority 0 drops there; after the fix it rides priority 3 without drops.
  auto with_prio0 = [](Point p, std::uint64_t prio0_discards) {
    model::Host h = host_at(p);
    h.netdevs[0].ethtool_stats->entries.push_back({"rx_prio0_discards", prio0_discards});
    return h;
  };
  const Decision d = decide({with_prio0({0, 0, 0}, 100), with_prio0({10, 0, 0}, 722)},
                            {with_prio0({11, 0, 0}, 722), with_prio0({21, 0, 0}, 722)}, profile::Profile{});
  CHECK(d.verdict == Verdict::keep);
  CHECK(d.baseline.drops == 0u);
  CHECK(d.baseline.all_priority_drops == 622u);
  CHECK(d.trial.all_priority_drops == 0u);
  CHECK(d.reason.find("baseline 0 drops in 10.0 s (0.00/s), 622 on all priorities") != std::string::npos);
  CHECK(d.reason.find("trial 0 drops in 10.0 s (0.00/s), paused") != std::string::npos);
}

}  // namespace roce::test
