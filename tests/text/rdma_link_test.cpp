// rdma link and ibdev2netdev: the netdev of each RDMA port, on real outputs.
#include <catch2/catch.hpp>

#include "captures/text/ibdev2netdev.hpp"
#include "captures/text/rdma_link.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;
using roce::model::PortState;

TEST_CASE("rdma link: state, physical state and netdev of each port (real)") {
  auto r = parse_rdma_link(sample_part("rdma_link_real.txt", 1), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 2);
  const auto& p = r->value[1].ports.at(0);
  CHECK(r->value[1].name == "mlx5_1");
  CHECK(p.number == 1);
  CHECK(*p.state == PortState{4, "ACTIVE"});
  CHECK(*p.phys_state == PortState{5, "LinkUp"});
  CHECK(*p.netdev == "p1p2");
  CHECK(p.netdev.from.locator == "sos_commands/test/file:2");

  auto rxe = parse_rdma_link(sample_part("rdma_link_real.txt", 0), kOrigin);
  REQUIRE(rxe.ok());
  CHECK(*rxe->value.at(0).ports.at(0).netdev == "p1p1");
}

TEST_CASE("rdma link: an InfiniBand port has no netdev; a later line of the same port wins (real)") {
  auto r = parse_rdma_link(sample_part("rdma_link_real.txt", 2), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  REQUIRE(r->value[0].ports.size() == 1);
  const auto& p = r->value[0].ports[0];
  CHECK(p.netdev.availability == Availability::absent);
  CHECK(*p.state == PortState{4, "ACTIVE"});
  CHECK(*p.phys_state == PortState{5, "LinkUp"});
}

TEST_CASE("rdma link: unknown state words are located errors; not rdma link output") {
  auto r = parse_rdma_link("link mlx5_0/1 state SLEEPY physical_state LINK_UP netdev x\nlink mlx5_0\n", kOrigin);
  REQUIRE(r.ok());
  const auto& p = r->value.at(0).ports.at(0);
  CHECK(p.state.availability == Availability::error);
  CHECK(p.state.cause == "sos_commands/test/file:1: unreadable port state 'SLEEPY'");
  CHECK(*p.netdev == "x");
  REQUIRE(r->warnings.size() == 2);
  CHECK(r->warnings[1].line == 2);
  CHECK_FALSE(parse_rdma_link("", kOrigin).ok());
  auto other = parse_rdma_link("mlx5_0 port 1 ==> eth0 (Up)\n", kOrigin);
  REQUIRE_FALSE(other.ok());
  CHECK(other.error().message.find("sos_commands/test/file:1: not rdma link output") == 0);
}

TEST_CASE("ibdev2netdev: the netdev of each port, plain and column-aligned (real)") {
  auto r = parse_ibdev2netdev(sample_part("ibdev2netdev_real.txt", 0), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 6);
  CHECK(r->value[4].name == "mlx5_4");
  CHECK(*r->value[4].ports.at(0).netdev == "enp97s0f0");
  CHECK(r->value[4].ports.at(0).netdev.from.locator == "sos_commands/test/file:5");
  // Only the netdev: states come from elsewhere.
  CHECK_FALSE(r->value[4].ports.at(0).state.ok());

  auto aligned = parse_ibdev2netdev(sample_part("ibdev2netdev_real.txt", 1), kOrigin);
  REQUIRE(aligned.ok());
  CHECK(aligned->warnings.empty());
  REQUIRE(aligned->value.size() == 4);
  CHECK(*aligned->value[3].ports.at(0).netdev == "enp157s0f0np0");
}

TEST_CASE("ibdev2netdev -v, the old '<===>' style, a garbled line, not ibdev2netdev") {
  auto r = parse_ibdev2netdev(
      "0000:3b:00.0 mlx5_0 (MT4125 - MCX623106AN-CDAT) ConnectX-6 Dx EN adapter card fw 22.39.1002 port 1 (ACTIVE) ==> "
      "ens1f0np0 (Up)\nmlx5_1 port x ==> ens1f1np1 (Down)\nmlx4_0 port 2 <===> eth3\n",
      kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.size() == 2);
  CHECK(r->value[0].name == "mlx5_0");
  CHECK(*r->value[0].ports.at(0).netdev == "ens1f0np0");
  CHECK(r->value[1].ports.at(0).number == 2);
  CHECK(*r->value[1].ports.at(0).netdev == "eth3");
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].line == 2);
  auto bad = parse_ibdev2netdev("hca_id: mlx5_0\n", kOrigin);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.find("sos_commands/test/file:1: not ibdev2netdev output") == 0);
}

}  // namespace roce::test
