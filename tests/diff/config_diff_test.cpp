#include <catch2/catch.hpp>

#include "diff/diff.hpp"
#include "diff/render.hpp"
#include "examples/cx6dx_example.hpp"

namespace roce::test {

using roce::diff::ConfigChange;
using roce::diff::diff_hosts;
using roce::examples::Cx6dx;
using roce::examples::cx6dx_sample;
namespace model = roce::model;

namespace {

model::NetDev& ens1f0np0(model::Host& h) {
  for (auto& n : h.netdevs)
    if (n.name == "ens1f0np0") return n;
  FAIL("no ens1f0np0");
  return h.netdevs.front();
}

std::vector<std::string> lines(const std::vector<ConfigChange>& changes) {
  std::vector<std::string> out;
  for (const auto& c : changes) out.push_back(c.subject + " " + c.field + ": " + c.before + " -> " + c.after);
  return out;
}

}  // namespace

TEST_CASE("healthy vs ECN off: exactly the ECN enables of priority 3, configuration only") {
  const auto d = diff_hosts(cx6dx_sample(Cx6dx::healthy, 1), cx6dx_sample(Cx6dx::ecn_off, 1));
  CHECK(lines(d.config) ==
        std::vector<std::string>{"ens1f0np0 ecn.np prio 3: on -> off", "ens1f0np0 ecn.rp prio 3: on -> off"});
  CHECK_FALSE(d.same_host);
  CHECK(d.counters.empty());  // the counters differ, but not between samples of one host
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0] == "different hosts (gpu-node-03, gpu-node-07): configuration only, counters are not compared");
}

TEST_CASE("healthy vs trust PCP: trust and the DSCP APP entries mlx5 no longer lists") {
  const auto d = diff_hosts(cx6dx_sample(Cx6dx::healthy, 1), cx6dx_sample(Cx6dx::trust_pcp, 1));
  REQUIRE(lines(d.config) ==
          std::vector<std::string>{"ens1f0np0 trust: dscp -> pcp", "ens1f0np0 dcb.app: 64 entries -> 0 entries"});
  CHECK(d.config[1].details == std::vector<std::string>{"removed DSCP 0-25,27-47,49-63 -> prio 0",
                                                        "removed DSCP 26 -> prio 3", "removed DSCP 48 -> prio 6"});
  // And back: the same entries added.
  const auto back = diff_hosts(cx6dx_sample(Cx6dx::trust_pcp, 1), cx6dx_sample(Cx6dx::healthy, 1));
  REQUIRE(back.config.size() == 2);
  CHECK(back.config[1].details[1] == "added DSCP 26 -> prio 3");
}

TEST_CASE("healthy vs small headroom: the priority-3 buffer size in bytes") {
  const auto d = diff_hosts(cx6dx_sample(Cx6dx::healthy, 1), cx6dx_sample(Cx6dx::headroom_small, 1));
  CHECK(lines(d.config) == std::vector<std::string>{"ens1f0np0 dcb.buffer.buffer_size buffer 1: 262016 B -> 32768 B"});
}

TEST_CASE("identical hosts: no difference of any kind") {
  const auto h = cx6dx_sample(Cx6dx::healthy, 1);
  const auto d = diff_hosts(h, h);
  CHECK_FALSE(d.has_config_differences());
  CHECK(d.counters.empty());
  CHECK(d.same_host);
  CHECK(roce::diff::render_text(d, {"A.json", "B.json"}).find("no configuration differences; 0 counters changed") !=
        std::string::npos);
}

TEST_CASE("provenance is not a difference") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 1);
  auto b = a;
  ens1f0np0(b).mtu.from = {"sos", "sos_commands/networking/ip_-d_link"};
  b.from = {"bundle", "other.json"};
  CHECK(diff_hosts(a, b).config.empty());
}

TEST_CASE("a field missing on one side says which and why") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 1);
  auto b = a;
  ens1f0np0(b).trust = model::Field<std::string>::missing(model::Availability::denied, "qos/trust: Permission denied");
  ens1f0np0(b).dcb.buffer = {};  // not captured at all: absent
  const auto d = diff_hosts(a, b);
  REQUIRE(d.config.size() == 2);
  CHECK(d.config[0].field == "trust");
  CHECK(d.config[0].before == "dscp");
  CHECK(d.config[0].after == "missing (denied: qos/trust: Permission denied)");
  CHECK(d.config[0].after_availability == "denied");
  CHECK(d.config[1].field == "dcb.buffer");
  CHECK(d.config[1].before_availability == "present");
  CHECK(d.config[1].after == "missing (absent)");
}

TEST_CASE("the PFC mask per priority, MTU, and a new field's value") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 1);
  auto b = a;
  ens1f0np0(b).dcb.pfc->pfc_en = 0x18;
  ens1f0np0(b).mtu = model::Field<std::uint32_t>::of(1500);
  const auto d = diff_hosts(a, b);
  REQUIRE(lines(d.config) ==
          std::vector<std::string>{"ens1f0np0 mtu: 9000 -> 1500", "ens1f0np0 dcb.pfc.pfc_en: 0x08 -> 0x18"});
  CHECK(d.config[1].details == std::vector<std::string>{"prio 4: off -> on"});
}

TEST_CASE("devices and GIDs matched by identity, not position") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 1);
  auto b = a;
  std::swap(b.netdevs.front(), b.netdevs.back());  // order alone is no difference
  CHECK(diff_hosts(a, b).config.empty());

  b.netdevs.erase(b.netdevs.begin());
  auto& port = b.rdma_devices.at(0).ports.at(0);
  REQUIRE(port.gids.ok());
  REQUIRE(!port.gids->empty());
  const auto removed_gid = port.gids->back();
  port.gids->pop_back();
  const auto d = diff_hosts(a, b);
  REQUIRE(d.config.size() == 2);
  CHECK(d.config[0].subject == a.netdevs.back().name);
  CHECK(d.config[0].field.empty());
  CHECK(d.config[0].after_availability == "absent");
  CHECK(d.config[1].subject == "mlx5_0");
  CHECK(d.config[1].field == "ports[1].gids[" + std::to_string(removed_gid.index) + "]");
  CHECK(d.config[1].before == removed_gid.gid);
  CHECK(d.config[1].after == "absent");
}

TEST_CASE("qdiscs matched by parent and handle, RED thresholds in bytes, qdisc statistics are no configuration") {
  const auto a = cx6dx_sample(Cx6dx::healthy, 1);
  auto b = a;
  auto& qdiscs = *ens1f0np0(b).qdiscs;
  qdiscs.front().stats->bytes += 1000;
  model::Qdisc red;
  red.kind = "red";
  red.parent = 0x10003;
  red.handle = 0x80010000;
  red.red.emplace();
  red.red->qth_min = 1000;
  red.red->qth_max = 3000;
  qdiscs.push_back(red);
  CHECK(lines(diff_hosts(a, b).config) ==
        std::vector<std::string>{"ens1f0np0 qdiscs[parent 1:3 handle 8001:]: absent -> present"});

  auto c = b;
  ens1f0np0(c).qdiscs->back().red->qth_min = 2000;
  CHECK(lines(diff_hosts(b, c).config) ==
        std::vector<std::string>{"ens1f0np0 qdiscs[parent 1:3 handle 8001:].red.qth_min: 1000 B -> 2000 B"});
}

}  // namespace roce::test
