// The model file's parser (located errors, round trip) and the model's equations.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "physics/headroom.hpp"
#include "sim/sim_model.hpp"
#include "sim/sim_physics.hpp"
#include "support/paths.hpp"

namespace roce::test {

using namespace roce::sim;

namespace {

std::string read_example(const std::string& name) {
  std::ifstream in(std::string(ROCE_SIM_EXAMPLES_DIR) + "/" + name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

SimPort lossless_port() {
  auto m = parse_sim_model(read_example("healthy.toml"), "healthy.toml");
  REQUIRE(m.ok());
  return m->ports.at(0);
}

}  // namespace

TEST_CASE("sim: every example parses and renders back equal") {
  for (const char* f : {"healthy.toml", "incast-headroom-small.toml", "ecn-off.toml", "trust-pcp.toml"}) {
    INFO(f);
    auto m = parse_sim_model(read_example(f), f);
    REQUIRE(m.ok());
    REQUIRE(m->ports.size() == 1);
    CHECK(m->ports[0].netdev == "ens1f0np0");
    auto again = parse_sim_model(render_sim_model(*m), f);
    REQUIRE(again.ok());
    CHECK(*again == *m);
  }
  auto m = parse_sim_model(read_example("healthy.toml"), "h");
  REQUIRE(m.ok());
  const SimPort& p = m->ports[0];
  CHECK(p.trust == "dscp");
  CHECK(p.pfc_en == 0x08);
  CHECK(p.buffer.buffer_size[1] == 262016);
  CHECK(p.dscp_prio.at(26) == 3);
  CHECK(p.ecn_np == 0xff);
  REQUIRE(p.load.size() == 1);
  CHECK(p.load[0].incast == 4);
}

TEST_CASE("sim: parse errors are located FILE:LINE:COL, all of them") {
  auto syntax = parse_sim_model("[host]\nname = \"x\"\n[[port]\n", "bad.toml");
  REQUIRE_FALSE(syntax.ok());
  CHECK(syntax.error().message.rfind("bad.toml:3:", 0) == 0);

  const std::string text =
      "[host]\n"
      "name = \"x\"\n"
      "[[port]]\n"
      "netdev = \"eth0\"\n"
      "mtu = 20\n"
      "trust = \"vlan\"\n"
      "colour = 1\n"
      "prio2buffer = [0, 1]\n"
      "[[port.load]]\n"
      "incast = 0\n"
      "[state.counters.eth9]\n"
      "x = 1\n";
  auto m = parse_sim_model(text, "m.toml");
  REQUIRE_FALSE(m.ok());
  const std::string& e = m.error().message;
  CHECK(e.find("m.toml:5:7: port.mtu = 20 is out of range") != std::string::npos);
  CHECK(e.find("m.toml:6:9: port.trust must be") != std::string::npos);
  CHECK(e.find("m.toml:7:1: unknown key 'colour' in [port]") != std::string::npos);
  CHECK(e.find("m.toml:8:15: port.prio2buffer needs 8 values, has 2") != std::string::npos);
  CHECK(e.find("m.toml:10:10: port.load.incast = 0") != std::string::npos);
  CHECK(e.find("m.toml:11:") != std::string::npos);  // a port no [[port]] has
  // In file order.
  CHECK(e.find("m.toml:5:") < e.find("m.toml:10:"));

  auto empty = parse_sim_model("[host]\nname = \"x\"\n", "e.toml");
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message.find("no [[port]]") != std::string::npos);
}

TEST_CASE("sim: a netdev or counter name the model could not write back is refused at its place") {
  // toml++ writes a key holding a quote bare: [state.counters.e's1f0np0] would not read back.
  auto m = parse_sim_model(
      "[host]\nname = \"x\"\n[[port]]\nnetdev = \"e's1f0np0\"\n[[port]]\nnetdev = \"eth1\"\n"
      "[state.counters.eth1]\n\"rx\\tbytes\" = 1\n",
      "q.toml");
  REQUIRE_FALSE(m.ok());
  const std::string& e = m.error().message;
  CHECK(e.find("q.toml:4:10: port.netdev \"e's1f0np0\" must be letters, digits, '.', '_' or '-'") != std::string::npos);
  CHECK(e.find("q.toml:8:1: counter \"rx\tbytes\" must be letters") != std::string::npos);
  auto fine = parse_sim_model("[host]\nname = \"x\"\n[[port]]\nnetdev = \"ens1f0np0.100\"\n", "f.toml");
  REQUIRE(fine.ok());
  CHECK(parse_sim_model(render_sim_model(*fine), "f.toml").ok());
}

TEST_CASE("sim: classification by trust and the DSCP map") {
  SimPort p = lossless_port();
  LoadClass roce;
  roce.dscp = 26;
  roce.pcp = 0;
  CHECK(classify(p, roce) == 3);
  roce.dscp = 10;
  CHECK(classify(p, roce) == 1);  // mlx5 default dscp >> 3
  p.trust = "pcp";
  roce.dscp = 26;
  CHECK(classify(p, roce) == 0);
}

TEST_CASE("sim: RoCE active MTU follows the netdev MTU") {
  CHECK(roce_active_mtu(9000) == 4096);
  CHECK(roce_active_mtu(4200) == 4096);
  CHECK(roce_active_mtu(4000) == 2048);
  CHECK(roce_active_mtu(1500) == 1024);
}

TEST_CASE("sim: a lossless priority drops only below the headroom, more with a larger shortfall and incast") {
  SimPort p = lossless_port();
  p.load[0].incast = 8;
  const std::uint32_t need = roce::physics::mlx5_min_lossless_buffer(100000, 7, 9000);
  REQUIRE(need == rates_of(p).headroom_needed);
  p.buffer.buffer_size[1] = need;
  CHECK(rates_of(p).prio[3].drops == 0);
  CHECK(rates_of(p).prio[3].pause_us > 0);
  double last = 0;
  for (std::uint32_t b : {need - 128, need / 2, need / 4, 1024u}) {
    p.buffer.buffer_size[1] = b;
    const double drops = rates_of(p).prio[3].drops;
    INFO("buffer " << b);
    CHECK(drops > last);
    last = drops;
  }
  p.buffer.buffer_size[1] = need / 2;
  const double at8 = rates_of(p).prio[3].drops;
  p.load[0].incast = 16;
  CHECK(rates_of(p).prio[3].drops > at8);
  // A longer real cable needs more headroom: the same buffer drops again.
  p.buffer.buffer_size[1] = need;
  p.cable_m = 100;
  CHECK(rates_of(p).prio[3].drops > 0);
}

TEST_CASE("sim: ECN (np and rp) cuts pause time; without it no marks, no CNPs") {
  SimPort p = lossless_port();
  p.load[0].incast = 32;
  const PrioRates with = rates_of(p).prio[3];
  p.ecn_np &= static_cast<std::uint8_t>(~0x08);
  p.ecn_rp &= static_cast<std::uint8_t>(~0x08);
  const PrioRates without = rates_of(p).prio[3];
  CHECK(without.pause_us > 10 * with.pause_us);
  CHECK(with.cnp_sent > 0);
  CHECK(with.cnp_handled > 0);
  CHECK(without.ecn_marked == 0);
  CHECK(without.cnp_sent == 0);
  // Only the NP on: marks and CNPs, but nobody slows down.
  p.ecn_np |= 0x08;
  CHECK(rates_of(p).prio[3].pause_us == without.pause_us);
  CHECK(rates_of(p).prio[3].cnp_handled == 0);
}

TEST_CASE("sim: no PFC on the class's priority under incast drops; no incast and no overload does not") {
  SimPort p = lossless_port();
  p.trust = "pcp";  // RoCE lands on priority 0
  p.load[0].incast = 8;
  CHECK(rates_of(p).prio[0].drops > 0);
  CHECK_FALSE(rates_of(p).prio[0].headroom_drops);
  CHECK(rates_of(p).prio[0].pause_us == 0);
  p.load[0].incast = 1;
  CHECK(rates_of(p).prio[0].drops == 0);
  p.load[0].gbps = 150;  // oversubscribed: drops even without incast
  CHECK(rates_of(p).prio[0].drops > 0);
}

TEST_CASE("sim: counters depend on the clock only, not on how time was split") {
  SimPort a = lossless_port(), b = lossless_port();
  a.buffer.buffer_size[1] = b.buffer.buffer_size[1] = 32768;
  a.load[0].incast = b.load[0].incast = 8;
  advance(a, 0, 60'000'000'000);
  for (std::uint64_t t = 0; t < 60; ++t) advance(b, t * 1'000'000'000, (t + 1) * 1'000'000'000);
  CHECK(a.counters == b.counters);
  CHECK(a.counters.at("rx_prio3_discards") > 0);
  CHECK(a.counters.at("rx_prio3_discards") == a.counters.at("rx_discards_phy"));
  // Headroom drops are port-buffer discards; none lacked a per-host buffer (not double counted).
  CHECK(a.counters.count("rx_prio3_buf_discard") == 0);
  CHECK(a.counters.at("out_of_sequence") == a.counters.at("rx_prio3_discards"));
}

}  // namespace roce::test
