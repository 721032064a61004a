// The storm analysis (src/storm/analyze.hpp) on small incidents built counter by counter: each
// cause class names its origin, the spread and the victims, and a quiet fabric names nothing.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <map>

#include "storm/analyze.hpp"
#include "storm/render_html.hpp"

namespace roce::test {

using namespace roce::storm;

namespace {

constexpr int kPrio = 3;
constexpr double kGbps = 100;
constexpr std::uint64_t kLineBytesPerSecond = 100'000'000'000 / 8;

// An incident written second by second: each port's counters grow by what a step says.
class Builder {
 public:
  PortId host(const std::string& name) { return add({name, "eth0", false}); }
  PortId sw(const std::string& name, const std::string& port) { return add({name, port, true}); }
  void cable(const PortId& a, const PortId& b) { incident_.cables.push_back({a, b, "host LLDP"}); }

  /// Over seconds [from, to): `port` sends pauses on the lane (a share of each second), or receives them.
  void pausing(const PortId& p, int from, int to, double share, int lane = kPrio) {
    for (int t = from; t < to; ++t) step(p, t).tx_pause_us[lane] += share * 1e6;
  }
  void paused(const PortId& p, int from, int to, double share, int lane = kPrio) {
    for (int t = from; t < to; ++t) step(p, t).rx_pause_us[lane] += share * 1e6;
  }
  void global_pausing(const PortId& p, int from, int to, double frames) {
    for (int t = from; t < to; ++t) step(p, t).global_tx += frames;
  }
  void receiving(const PortId& p, int from, int to, double share) {
    for (int t = from; t < to; ++t) step(p, t).rx_bytes += share * kLineBytesPerSecond;
  }
  void sending(const PortId& p, int from, int to, double share) {
    for (int t = from; t < to; ++t) step(p, t).tx_bytes += share * kLineBytesPerSecond;
  }
  void marking(const PortId& p, int from, int to, double packets) {
    for (int t = from; t < to; ++t) step(p, t).ecn += packets;
  }
  void out_of_buffer(const PortId& p, int from, int to, double drops) {
    for (int t = from; t < to; ++t) step(p, t).oob += drops;
  }
  /// The PFC watchdog detects a storm on the port's queue of the lane in each of these seconds.
  void pfcwd_storms(const PortId& p, int from, int to, int lane = kPrio) {
    for (int t = from; t < to; ++t) step(p, t).pfcwd[lane] += 1;
  }

  /// Samples once a second for `seconds`, with each port's clock `skew_ms` off.
  Incident incident(int seconds, std::int64_t skew_ms = 0) {
    Incident out = incident_;
    int k = 0;
    for (auto& [id, steps] : steps_) {
      PortSeries s{id, "test", kGbps, {}};
      Counters c;
      c.tx_bytes = c.rx_bytes = c.ecn_marked = c.out_of_buffer = c.global_tx_pause = c.global_rx_pause = 0;
      for (int lane = 0; lane < kPriorities; ++lane) c.tx_pause_us[lane] = c.rx_pause_us[lane] = 0;
      if (id.is_switch)
        for (int lane = 0; lane < kPriorities; ++lane) c.pfcwd_storms[lane] = 0;
      const std::int64_t skew = (k++ % 2 == 0 ? 1 : -1) * skew_ms;
      for (int t = 0; t <= seconds; ++t) {
        s.samples.push_back({1'800'000'000'000 + t * 1000 + skew, c});
        const Step& d = steps[t];
        for (int lane = 0; lane < kPriorities; ++lane) {
          *c.tx_pause_us[lane] += static_cast<std::uint64_t>(d.tx_pause_us[lane]);
          *c.rx_pause_us[lane] += static_cast<std::uint64_t>(d.rx_pause_us[lane]);
          if (c.pfcwd_storms[lane]) *c.pfcwd_storms[lane] += static_cast<std::uint64_t>(d.pfcwd[lane]);
        }
        *c.global_tx_pause += static_cast<std::uint64_t>(d.global_tx);
        *c.tx_bytes += static_cast<std::uint64_t>(d.tx_bytes);
        *c.rx_bytes += static_cast<std::uint64_t>(d.rx_bytes);
        *c.ecn_marked += static_cast<std::uint64_t>(d.ecn);
        *c.out_of_buffer += static_cast<std::uint64_t>(d.oob);
      }
      out.ports.push_back(std::move(s));
    }
    return out;
  }

 private:
  struct Step {
    double tx_pause_us[kPriorities]{}, rx_pause_us[kPriorities]{}, pfcwd[kPriorities]{};
    double global_tx = 0, tx_bytes = 0, rx_bytes = 0, ecn = 0, oob = 0;
  };
  PortId add(PortId id) {
    steps_[id];
    return id;
  }
  Step& step(const PortId& p, int t) { return steps_[p][t]; }
  Incident incident_;
  std::map<PortId, std::map<int, Step>> steps_;
};

// A leaf with four hosts: h1..h4 on Ethernet0..12.
struct Leaf {
  Builder b;
  PortId h[4], port[4];
  Leaf() {
    for (int i = 0; i < 4; ++i) {
      h[i] = b.host("h" + std::to_string(i + 1));
      port[i] = b.sw("leaf1", "Ethernet" + std::to_string(i * 4));
      b.cable(h[i], port[i]);
    }
  }
};

const Reached* find(const Storm& s, const PortId& p) {
  for (const auto& r : s.reached)
    if (r.port == p) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("a quiet fabric has no storm") {
  Leaf l;
  for (int i = 0; i < 4; ++i) l.b.receiving(l.h[i], 0, 60, 0.5);
  const Analysis a = analyze(l.b.incident(60));
  CHECK(a.storms.empty());
  CHECK(a.ports == 8);
}

TEST_CASE("a slow receiver pauses its leaf, which pauses the senders: the receiver is the origin") {
  Leaf l;
  // h1 receives from h2 and h3 at 95% of line, cannot drain, pauses its leaf port from t=10.
  l.b.receiving(l.h[0], 0, 60, 0.95);
  l.b.out_of_buffer(l.h[0], 10, 40, 5000);
  l.b.pausing(l.h[0], 10, 40, 0.6);
  // The leaf's egress to h1 is paused; its ingresses from h2 and h3 fill and pause them a second later.
  l.b.pausing(l.port[1], 11, 40, 0.4);
  l.b.pausing(l.port[2], 11, 40, 0.4);
  const Analysis a = analyze(l.b.incident(60, 100));
  REQUIRE(a.storms.size() == 1);
  const Storm& s = a.storms[0];
  REQUIRE(s.origin.size() == 1);
  CHECK(s.origin[0] == l.h[0]);
  CHECK(s.cause == Cause::slow_receiver);
  CHECK(s.priority == kPrio);
  CHECK(s.start_ms == 1'800'000'010'000);
  for (int i : {1, 2}) {
    const Reached* r = find(s, l.h[i]);
    REQUIRE(r);
    CHECK(r->victim);
    CHECK(r->hops == 3);  // h2 waits for leaf port 1, which waits for leaf port 0, which waits for h1
  }
  CHECK(find(s, l.h[3]) == nullptr);
  CHECK_FALSE(find(s, l.h[0])->victim);
  REQUIRE_FALSE(s.evidence.empty());
  CHECK_THAT(s.evidence[0], Catch::Contains("h1 eth0: priority 3, up to 60%"));
  CHECK_THAT(s.evidence[1], Catch::Contains("out_of_buffer"));
  REQUIRE_FALSE(s.fixes.empty());
  CHECK_THAT(s.fixes[1], Catch::Contains("config pfcwd start --action drop --restoration-time 200 Ethernet0 200"));

  const std::string html = render_html(l.b.incident(60, 100), a);
  CHECK_THAT(html, Catch::Contains("<h2>Storm 1: slow-receiver at h1 eth0</h2>"));
  CHECK_THAT(html, Catch::Contains("<rect class=\"node origin\""));
  CHECK_THAT(html, Catch::Contains("<rect class=\"node victim\""));
  CHECK_THAT(html, Catch::Contains("<rect class=\"bar origin\""));
  CHECK_THAT(html, Catch::Contains("h2 eth0 (3 hops)"));
  if (const char* keep = std::getenv("ROCE_TEST_KEEP_HTML")) std::ofstream(keep) << html;
}

TEST_CASE("a NIC that pauses while receiving nothing is a NIC storm, and its drain line is printed") {
  Leaf l;
  l.b.pausing(l.h[0], 5, 50, 0.9);
  l.b.receiving(l.h[0], 0, 60, 0.001);
  l.b.pausing(l.port[1], 6, 50, 0.3);
  const Analysis a = analyze(l.b.incident(60));
  REQUIRE(a.storms.size() == 1);
  CHECK(a.storms[0].origin == std::vector<PortId>{l.h[0]});
  CHECK(a.storms[0].cause == Cause::nic_storm);
  CHECK_THAT(a.storms[0].fixes[0], Catch::Contains("scontrol update NodeName=h1 State=DRAIN"));
}

TEST_CASE("a host that kept no counters is still the origin, read from its switch port across the cable") {
  for (const double sent : {0.001, 0.5}) {
    INFO("the leaf port sends it " << sent << " of line rate");
    Builder b;
    const PortId gone{"h1", "eth0", false};  // in the cable map (LLDP), not in the data
    const PortId port0 = b.sw("leaf1", "Ethernet0"), port1 = b.sw("leaf1", "Ethernet4");
    const PortId h2 = b.host("h2");
    b.cable(gone, port0);
    b.cable(h2, port1);
    b.paused(port0, 5, 50, 0.9);  // h1 pauses its leaf port
    b.sending(port0, 0, 60, sent);
    b.pausing(port1, 6, 50, 0.3);  // whose ingress from h2 then fills
    const Analysis a = analyze(b.incident(60));
    REQUIRE(a.storms.size() == 1);
    const Storm& s = a.storms[0];
    CHECK(s.origin == std::vector<PortId>{gone});
    CHECK(s.cause == (sent < 0.1 ? Cause::nic_storm : Cause::slow_receiver));
    CHECK(find(s, port0)->victim);
    CHECK(find(s, h2)->victim);
    CHECK_THAT(s.evidence[0], Catch::Contains("as leaf1 Ethernet0 sent it"));
    REQUIRE(s.unseen.size() == 1);
    CHECK(
        s.unseen[0] ==
        "h1 eth0: not in the data (no recording or capture of it): what it did is read from leaf1 Ethernet0 across the "
        "cable");
    CHECK(a.ports == 3);  // the ports read; h1 is not one
  }
  // A switch missing from the data is not made up: the hosts it pauses have no one to wait for.
  Builder b;
  const PortId h1 = b.host("h1");
  b.cable(h1, {"leaf1", "Ethernet0", true});
  b.paused(h1, 5, 50, 0.9);
  const Analysis a = analyze(b.incident(60));
  CHECK(a.storms.empty());
}

TEST_CASE("incast: a full egress whose far end does not pause is the origin, not the hosts it paused") {
  Leaf l;
  l.b.sending(l.port[0], 0, 60, 0.99);  // everything converges on h1, which drains at line rate
  l.b.receiving(l.h[0], 0, 60, 0.99);
  l.b.marking(l.port[0], 20, 40, 800);
  for (int i : {1, 2, 3}) l.b.pausing(l.port[i], 20, 40, 0.3);
  const Analysis a = analyze(l.b.incident(60));
  REQUIRE(a.storms.size() == 1);
  const Storm& s = a.storms[0];
  CHECK(s.origin == std::vector<PortId>{l.port[0]});
  CHECK(s.cause == Cause::incast);
  for (int i : {1, 2, 3}) CHECK(find(s, l.h[i])->victim);
  CHECK_THAT(s.evidence.back(), Catch::Contains("3 other ports of leaf1 paused their senders"));
}

TEST_CASE("802.3x pause from a host is global pause, whatever it spreads") {
  Leaf l;
  l.b.global_pausing(l.h[2], 30, 45, 20000);
  l.b.receiving(l.h[2], 0, 60, 0.5);
  const Analysis a = analyze(l.b.incident(60));
  REQUIRE(a.storms.size() == 1);
  CHECK(a.storms[0].origin == std::vector<PortId>{l.h[2]});
  CHECK(a.storms[0].cause == Cause::global_pause);
  CHECK(a.storms[0].priority == -1);
  CHECK_THAT(a.storms[0].fixes[0], Catch::Contains("ethtool -A eth0 rx off tx off"));
}

TEST_CASE("three switches whose buffers wait on each other are a cycle") {
  Builder b;
  // s1:out -> s2:in, s2:out -> s3:in, s3:out -> s1:in; each ingress pauses, each egress is paused.
  const std::string names[] = {"s1", "s2", "s3"};
  PortId in[3], out[3];
  for (int i = 0; i < 3; ++i) {
    in[i] = b.sw(names[i], "Ethernet0");
    out[i] = b.sw(names[i], "Ethernet4");
  }
  for (int i = 0; i < 3; ++i) b.cable(out[i], in[(i + 1) % 3]);
  for (int i = 0; i < 3; ++i) b.pausing(in[i], 10 + i, 50, 0.5);
  const Analysis a = analyze(b.incident(60));
  REQUIRE(a.storms.size() == 1);
  const Storm& s = a.storms[0];
  CHECK(s.cause == Cause::cycle);
  REQUIRE(s.origin.size() == 6);
  CHECK(s.origin[0] == in[0]);  // the first to pause
  CHECK_THAT(s.evidence.back(), Catch::Contains("each waits for the next"));
}

TEST_CASE("a counter that goes back is a reset: its interval adds nothing, never a negative") {
  PortSeries p{{"h", "eth0", false}, "test", kGbps, {}};
  Counters c;
  c.tx_pause_us[kPrio] = 10'000'000;
  p.samples.push_back({0, c});
  c.tx_pause_us[kPrio] = 5;  // reset
  p.samples.push_back({1000, c});
  c.tx_pause_us[kPrio] = 600'005;
  p.samples.push_back({2000, c});
  const Grid g = grid_of({p}, 1000);
  REQUIRE(g.bins == 3);
  const PortBins bins = bin_series(p, g);
  CHECK(std::isnan(bins.bins[0].tx_pause_us[kPrio]));
  CHECK(bins.bins[1].tx_pause_us[kPrio] == Approx(600'000));
  CHECK(std::isnan(bins.bins[0].rx_pause_us[kPrio]));  // never read: absent, not zero
  CHECK_FALSE(bins.bins[2].known);                     // the last sample opens a bin it does not cover
}

TEST_CASE("a storm the PFC watchdog detects on a switch queue is a pause from its partner, counters or not") {
  // Only the leaf's `show pfcwd stats` speak: its queue 3 toward h1 stormed from t=10 to t=30; h1's
  // own pause counters stay at 0 (a NIC whose counters miss its pauses) and it receives little.
  Builder b;
  const PortId h1 = b.host("h1"), port = b.sw("leaf1", "Ethernet0");
  b.cable(h1, port);
  b.receiving(h1, 0, 60, 0.01);
  b.pfcwd_storms(port, 10, 30);
  const Analysis a = analyze(b.incident(60));
  REQUIRE(a.storms.size() == 1);
  CHECK(a.storms[0].origin == std::vector<PortId>{h1});
  CHECK(a.storms[0].cause == Cause::nic_storm);
  CHECK(a.storms[0].priority == kPrio);
}

}  // namespace roce::test
