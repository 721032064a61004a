// The simulated result written as ib_write_bw's client output (src/sim/perftest_replay.hpp), read
// back by the results reader (src/results/) to the figure the simulator measured.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "fabric/build.hpp"
#include "results/read_results.hpp"
#include "sim/fabric_sim.hpp"
#include "sim/perftest_replay.hpp"
#include "support/paths.hpp"

namespace roce::test {

using namespace roce::fabric;
using namespace roce::sim;

namespace {

model::BandwidthResult read_back(const std::string& text) {
  const auto results = results::read_results(text, {"replay", "t0001.txt"});
  REQUIRE(results.ok());
  REQUIRE(results->size() == 1);
  return results->front();
}

double hundredths(double gbps) { return std::round(gbps * 100) / 100; }

}  // namespace

TEST_CASE("perftest replay: each test's client output reads back to the figure the simulator measured") {
  Design d;
  d.rails = 2;
  d.hosts_per_leaf = 2;
  d.spines = 2;
  const auto f = *build_fabric({"gpu1", "gpu2", "gpu3", "gpu4"}, d);
  const HostRails hr(f);
  // A NIC at half rate, and a PCIe link so narrow that busy hosts push figures under 0.1 Gb/s.
  const FabricSim sim(f,
                      {{{Kind::nic, *hr.of(0, 1)}, Direction::both, 0.5, false},
                       {{Kind::pcie, *hr.of(3, 0)}, Direction::both, 0.0002, false}},
                      17);
  int small = 0;
  for (std::uint32_t id = 1; id <= 200; ++id) {
    const Test t{id, static_cast<HostRail>(id % hr.size()), static_cast<HostRail>((id / 8) % hr.size()), id};
    INFO("test " << id << " " << t.client << " -> " << t.server);
    const double measured = sim.measure(t);
    const auto r = read_back(replay_client_text(sim, t));
    CHECK(r.test == "RDMA_Write BW Test");
    CHECK_FALSE(r.bidirectional);
    CHECK(r.device == f.hosts[hr.host(t.client)].rails[hr.rail(t.client)].device);
    CHECK(r.link_type == "Ethernet");
    CHECK(r.gid_index == 3u);
    CHECK(r.mtu == 4096u);
    CHECK(r.qps == 1u);
    CHECK(r.notices.empty());
    REQUIRE(r.rows.size() == 1);
    CHECK(r.rows[0].bytes == 1048576);
    CHECK_FALSE(r.rows[0].peak);  // -D: perftest measures no peak
    if (measured < 0.1) {
      ++small;
      CHECK(r.rows[0].gbps == Approx(measured).margin(1e-6));
    } else {
      CHECK(r.rows[0].gbps == Approx(hundredths(measured)).margin(1e-9));
    }
  }
  CHECK(small > 0);
}

TEST_CASE("perftest replay: the layout is perftest's, line for line, with one address pair per queue pair") {
  PerftestClient client;
  client.device = "mlx5_3";
  client.qps = 4;
  client.size = 65536;
  client.local_ipv4 = (10u << 24) | (3u << 16) | 5;
  client.remote_ipv4 = (10u << 24) | (3u << 16) | 4;
  const std::string text = perftest_client_text(client, 391.234, 99);
  CHECK(text == perftest_client_text(client, 391.234, 99));
  std::istringstream lines(text);
  std::vector<std::string> l;
  for (std::string line; std::getline(lines, line);) l.push_back(line);
  REQUIRE(l.size() == 38);
  CHECK(l[0] == " WARNING: BW peak won't be measured in this run.");
  CHECK(l[1] == std::string(87, '-'));
  CHECK(l[2] == "                    RDMA_Write BW Test");
  CHECK(l[3] == " Dual-port       : OFF\t\tDevice         : mlx5_3");
  CHECK(l[4] == " Number of qps   : 4\t\tTransport type : IB");
  CHECK(l[11] == " Mtu             : 4096[B]");
  CHECK(l[13] == " GID index       : 3");
  CHECK(l[15] == " rdma_cm QPs\t : OFF");
  CHECK(l[17] == std::string(87, '-'));
  CHECK(l[18].rfind(" local address: LID 0000 QPN 0x", 0) == 0);
  CHECK(l[18].find(" RKey 0x") != std::string::npos);
  CHECK(l[19] == " GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:03:00:05");
  CHECK(l[26].rfind(" remote address: LID 0000 QPN 0x", 0) == 0);
  CHECK(l[27] == " GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:03:00:04");
  CHECK(l[34] == std::string(87, '-'));
  CHECK(l[35] == " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]");
  // 391.234 Gb/s for the 6 s between perftest's margins of a 10 s run: 4,477,318 messages of 64 KiB.
  CHECK(l[36] == " 65536      4477318          0.00               391.23 \t\t     0.746220");
  CHECK(l[37] == std::string(87, '-'));
  const auto r = read_back(text);
  CHECK(r.qps == 4u);
  CHECK(r.rows.at(0).gbps == Approx(391.23));
  CHECK(r.rows.at(0).iterations == 4477318u);
}

TEST_CASE("perftest replay: the layout matches a real perftest client's header where both print the same lines") {
  // perftest_write_bw_bidir_duration.txt is laid out by perftest's print statements for -D runs;
  // every header line the replay prints that it also prints reads the same.
  std::ifstream in(std::string(ROCE_FIXTURES_DIR) + "/results/perftest_write_bw_bidir_duration.txt");
  std::set<std::string> fixture;
  for (std::string line; std::getline(in, line);) fixture.insert(line);
  PerftestClient client;
  client.device = "mlx5_3";
  client.qps = 4;
  std::istringstream replay(perftest_client_text(client, 200, 1));
  int shared = 0;
  for (std::string line; std::getline(replay, line);)
    if (fixture.count(line)) ++shared;
  CHECK(shared >= 14);  // rules, the device and qps lines, relax order, MTU, link, GID, inline, rdma_cm, method...
}

TEST_CASE("perftest replay: a plan's test is found on the simulated fabric by host and device names") {
  Design d;
  d.rails = 2;
  const auto simulated = *build_fabric({"gpu1", "gpu2", "gpu3"}, d);
  const auto planned = *build_fabric({"gpu3", "gpu1"}, d);  // another order: other numbers
  const FabricSim sim(simulated, {}, 1);
  const HostRails p(planned);
  const auto t = simulated_test(sim, planned, {7, *p.of(0, 1), *p.of(1, 1), 9});
  REQUIRE(t);
  CHECK(*t == Test{7, *sim.rails().of(2, 1), *sim.rails().of(0, 1), 9});
  Design four = d;
  four.rails = 4;
  const auto wider = *build_fabric({"gpu1", "gpu9"}, four);
  const HostRails w(wider);
  CHECK_FALSE(simulated_test(sim, wider, {1, *w.of(0, 3), *w.of(0, 0), 1}));  // gpu1 has no mlx5_3 here
  CHECK_FALSE(simulated_test(sim, wider, {1, *w.of(1, 0), *w.of(0, 0), 1}));  // no gpu9
}

}  // namespace roce::test
