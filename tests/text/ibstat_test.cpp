// ibstat on the two real H100 captures and on the single-port layout.
#include <catch2/catch.hpp>

#include "captures/text/ibstat.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;

TEST_CASE("ibstat: H100 node, all ports active (real)") {
  auto r = parse_ibstat(sample("ibstat_h100_cx7_roce_all.active.0.txt"), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  const auto& devs = r->value;
  REQUIRE(devs.size() == 12);
  const auto& d0 = devs[0];
  CHECK(d0.name == "mlx5_0");
  CHECK(*d0.hca_type == "MT4129");
  CHECK(*d0.fw_ver == "28.39.1002");
  CHECK(*d0.node_guid == "a088:c203:00e3:142a");
  CHECK(*d0.port_count == 1u);
  REQUIRE(d0.ports.size() == 1);
  const auto& p = d0.ports[0];
  CHECK(p.number == 1);
  CHECK(*p.state == roce::model::PortState{4, "ACTIVE"});
  CHECK(*p.phys_state == roce::model::PortState{5, "LinkUp"});
  CHECK(*p.rate_gbps == 400.0);
  CHECK(p.rate.availability == roce::model::Availability::absent);
  CHECK(*p.link_layer == "Ethernet");
  CHECK(p.state.from == roce::model::Provenance{"sos", "sos_commands/test/file:9"});
  // The ConnectX-6 Dx RoCE port.
  const auto& d1 = devs[1];
  CHECK(d1.name == "mlx5_1");
  CHECK(*d1.hca_type == "MT4125");
  CHECK(*d1.node_guid == "e8eb:d303:0033:07da");
  CHECK(*d1.ports.at(0).link_layer == "Ethernet");
  for (const auto& d : devs) CHECK(*d.ports.at(0).state == roce::model::PortState{4, "ACTIVE"});
  CHECK(*d1.ports.at(0).rate_gbps == 100.0);
}

TEST_CASE("ibstat: three ports down and disabled (real)") {
  auto r = parse_ibstat(sample("ibstat_h100_cx7_roce_some.down.0.txt"), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  int down = 0;
  for (const auto& d : r->value) {
    REQUIRE(d.ports.size() == 1);
    const auto& p = d.ports[0];
    if (p.state->code == 1) {
      ++down;
      CHECK(p.state->name == "DOWN");
      CHECK(*p.phys_state == roce::model::PortState{3, "Disabled"});
      CHECK(*p.rate_gbps == 40.0);
      CHECK(*p.link_layer == "Ethernet");
    }
  }
  CHECK(down == 3);
  CHECK(r->value.back().name == "mlx5_9");  // the last line has no newline
  CHECK(*r->value.back().ports[0].link_layer == "InfiniBand");
}

TEST_CASE("ibstat: single-port form `ibstat mlx5_0 1` has no indentation") {
  const char* text =
      "CA: 'mlx5_0'\n"
      "Port 1:\n"
      "State: Initializing\n"
      "Physical state: PortConfigurationTraining\n"
      "Rate: 2.5\n"
      "Base lid: 0\n"
      "LMC: 0\n"
      "SM lid: 0\n"
      "Capability mask: 0x00010000\n"
      "Port GUID: 0x0000000000000000\n"
      "Link layer: Ethernet\n";
  auto r = parse_ibstat(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& d = r->value[0];
  CHECK(d.name == "mlx5_0");
  CHECK(d.hca_type.availability == roce::model::Availability::absent);
  REQUIRE(d.ports.size() == 1);
  CHECK(*d.ports[0].state == roce::model::PortState{2, "INIT"});
  CHECK(*d.ports[0].phys_state == roce::model::PortState{4, "PortConfigurationTraining"});
  CHECK(*d.ports[0].rate_gbps == 2.5);
}

TEST_CASE("ibstat: FDR10 rate, PhyTest, CRLF and an empty CA type (rxe)") {
  const char* text =
      "CA 'rxe0'\r\n\tCA type: \r\n\tNumber of ports: 1\r\n\tPort 1:\r\n\t\tState: Armed\r\n"
      "\t\tPhysical state: PhyTest\r\n\t\tRate: 40 (FDR10)\r\n";
  auto r = parse_ibstat(text, kOrigin);
  REQUIRE(r.ok());
  const auto& d = r->value.at(0);
  CHECK(d.hca_type.availability == roce::model::Availability::absent);
  CHECK(*d.ports.at(0).state == roce::model::PortState{3, "ARMED"});
  CHECK(*d.ports.at(0).phys_state == roce::model::PortState{7, "Phy Test"});
  CHECK(*d.ports.at(0).rate_gbps == 40.0);
}

TEST_CASE("ibstat: garbled values are located errors on the field and warnings") {
  const char* text = "CA 'mlx5_0'\n\tNode GUID: 0x12\n\tPort 1:\n\t\tState: Sleeping\n\t\tRate: fast\n\t\t@@@\n";
  auto r = parse_ibstat(text, kOrigin);
  REQUIRE(r.ok());
  const auto& d = r->value.at(0);
  CHECK(d.node_guid.availability == roce::model::Availability::error);
  CHECK(d.node_guid.cause.find("sos_commands/test/file:2") == 0);
  CHECK(d.ports.at(0).state.availability == roce::model::Availability::error);
  CHECK(d.ports.at(0).rate_gbps.availability == roce::model::Availability::error);
  REQUIRE(r->warnings.size() == 4);
  CHECK(r->warnings[3].line == 6);
}

TEST_CASE("ibstat: not ibstat at all") {
  CHECK_FALSE(parse_ibstat("", kOrigin).ok());
  auto r = parse_ibstat("\n  \nmlx5_0\nmlx5_1\n", kOrigin);  // ibstat -l
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find("sos_commands/test/file:3: not ibstat output") == 0);
}

TEST_CASE("ibstat: its failure trailer says the device list is incomplete, not an unknown line") {
  const std::string panic = sample("ibstat_ibpanic.txt");
  auto alone = parse_ibstat(panic, kOrigin);
  REQUIRE(alone.ok());
  CHECK(alone->value.empty());
  REQUIRE(alone->warnings.size() == 1);
  CHECK(alone->warnings[0].message ==
        "sos_commands/test/file:1: ibstat failed ([2137592] main: stat of IB device 'mthca0' failed: No such file or "
        "directory): the RDMA device list is incomplete, mthca0 and the devices after it are missing");

  // The real H100 capture cut where a device failed (the line as ibstat prints it, for that device).
  const std::string all = sample("ibstat_h100_cx7_roce_some.down.0.txt");
  const std::string cut = all.substr(0, all.find("CA 'mlx5_8'")) +
                          "ibpanic: [2137592] main: stat of IB device 'mlx5_8' failed: No such file or directory\n";
  auto r = parse_ibstat(cut, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->value.size() == 10);  // mlx5_0, _1, _10, _11, _2 .. _7
  REQUIRE(r->warnings.size() == 1);
  CHECK_THAT(r->warnings[0].message, Catch::Contains("the RDMA device list is incomplete, mlx5_8 and the devices "
                                                     "after it are missing"));
  CHECK_THAT(r->warnings[0].message, !Catch::Contains("not a 'key: value' line"));
}

}  // namespace roce::test
