#include <catch2/catch.hpp>

#include "diff/diff.hpp"
#include "diff/render.hpp"
#include "examples/cx6dx_example.hpp"

namespace roce::test {

using roce::diff::CounterChange;
using roce::diff::diff_hosts;
using roce::examples::Cx6dx;
using roce::examples::cx6dx_sample;
namespace model = roce::model;

namespace {

const CounterChange* find(const std::vector<CounterChange>& changes, const std::string& counter) {
  for (const auto& c : changes)
    if (c.counter == counter) return &c;
  return nullptr;
}

void set_counter(model::CounterSet& set, const std::string& name, std::uint64_t value) {
  for (auto& [n, v] : set.entries)
    if (n == name) v = value;
}

}  // namespace

TEST_CASE("two samples of one host: no configuration difference, counter deltas and rates over 60 s") {
  const auto a = cx6dx_sample(Cx6dx::ecn_off, 0), b = cx6dx_sample(Cx6dx::ecn_off, 1);
  const auto d = diff_hosts(a, b);
  CHECK(d.config.empty());
  REQUIRE(d.same_host);
  REQUIRE(d.seconds);
  CHECK(*d.seconds == Approx(60.0));
  CHECK(d.clock == "monotonic");

  const auto* pause = find(d.counters, "ethtool_stats.rx_prio3_pause");
  REQUIRE(pause);
  CHECK(pause->subject == "ens1f0np0");
  CHECK(pause->canonical == "prio[3].rx_pause");
  CHECK(pause->lossless);
  CHECK_FALSE(pause->reset);
  const auto before = *a.netdev("ens1f0np0")->ethtool_stats->get("rx_prio3_pause");
  const auto after = *b.netdev("ens1f0np0")->ethtool_stats->get("rx_prio3_pause");
  REQUIRE(after > before);
  CHECK(pause->delta == after - before);
  CHECK(*pause->rate_per_s == Approx(static_cast<double>(after - before) / 60.0));

  const auto* rdma_bytes = find(d.counters, "ports[1].hw_counters.np_cnp_sent");
  CHECK_FALSE(rdma_bytes);  // ECN is off: no CNPs sent, so the counter did not change

  // Lossless-relevant counters first, then the rest; each group by rate, descending.
  bool seen_other = false;
  for (std::size_t i = 0; i < d.counters.size(); ++i) {
    if (!d.counters[i].lossless) seen_other = true;
    CHECK_FALSE((seen_other && d.counters[i].lossless));
    if (i > 0 && d.counters[i].lossless == d.counters[i - 1].lossless)
      CHECK(d.counters[i].delta <= d.counters[i - 1].delta);
  }
  CHECK(find(d.counters, "stats.rx_bytes"));  // link stats are counters too
  CHECK(find(d.counters, "dcb.pfc.indications[3]"));
}

TEST_CASE("a counter that decreased was reset: its delta is the count since, never negative") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 0);
  auto b = cx6dx_sample(Cx6dx::healthy, 1);
  auto& hw = *b.rdma_devices.at(0).ports.at(0).hw_counters;
  set_counter(hw, "out_of_sequence", 3);
  const auto d = diff_hosts(a, b);
  const auto* c = find(d.counters, "ports[1].hw_counters.out_of_sequence");
  REQUIRE(c);
  CHECK(c->reset);
  CHECK(c->delta == 3);
  CHECK(c->canonical == "roce.out_of_sequence");
  const std::string text = roce::diff::render_text(d, {"a", "b", 20, true});
  CHECK(text.find("ports[1].hw_counters.out_of_sequence (roce.out_of_sequence): 14 -> 3, reset, +3 since (0.05/s)") !=
        std::string::npos);
}

TEST_CASE("a counter in one sample only is listed without a delta") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 0);
  auto b = cx6dx_sample(Cx6dx::healthy, 1);
  b.netdevs.at(1).ethtool_stats->entries.emplace_back("rx_prio4_pause", 5);
  const auto d = diff_hosts(a, b);
  const auto* c = find(d.counters, "ethtool_stats.rx_prio4_pause");
  REQUIRE(c);
  CHECK_FALSE(c->before);
  CHECK(*c->after == 5);
  CHECK_FALSE(c->rate_per_s);
}

TEST_CASE("top N by default, every counter with --all; the summary says how many") {
  const auto d = diff_hosts(cx6dx_sample(Cx6dx::healthy, 0), cx6dx_sample(Cx6dx::healthy, 1));
  REQUIRE(d.counters.size() > 5);
  const std::string top = roce::diff::render_text(d, {"a", "b", 5, false});
  CHECK(top.find(std::to_string(d.counters.size()) + " counters changed, top 5 shown (--all for all)") !=
        std::string::npos);
  const std::string all = roce::diff::render_text(d, {"a", "b", 5, true});
  CHECK(all.find("--all") == std::string::npos);
  CHECK(all.find(d.counters.back().counter) != std::string::npos);
}

TEST_CASE("samples whose clocks do not put B after A give deltas without rates") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 1), b = cx6dx_sample(Cx6dx::healthy, 0);
  const auto d = diff_hosts(a, b);
  CHECK_FALSE(d.seconds);
  REQUIRE_FALSE(d.counters.empty());
  for (const auto& c : d.counters) CHECK_FALSE(c.rate_per_s);
}

TEST_CASE("qdisc statistics are counters named by the qdisc's identity; qlen and backlog are gauges, left out") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 0);
  auto b = cx6dx_sample(Cx6dx::healthy, 1);
  auto& stats = *b.netdevs.at(1).qdiscs->front().stats;
  REQUIRE(b.netdevs.at(1).name == "ens1f0np0");
  stats.qlen += 5;
  stats.backlog += 9000;
  stats.drops += 2;
  const auto d = diff_hosts(a, b);
  const auto* drops = find(d.counters, "qdiscs[parent root handle 0:].stats.drops");
  REQUIRE(drops);
  CHECK(drops->delta == 2);
  CHECK(drops->lossless);
  CHECK_FALSE(find(d.counters, "qdiscs[parent root handle 0:].stats.qlen"));
  CHECK_FALSE(find(d.counters, "qdiscs[parent root handle 0:].stats.backlog"));
}

}  // namespace roce::test
