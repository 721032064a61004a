// ibstatus and ibv_devices on real outputs.
#include <catch2/catch.hpp>

#include "captures/text/ibstatus.hpp"
#include "captures/text/ibv_devices.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;
using roce::model::PortState;

TEST_CASE("ibstatus: state, rate and link layer of every port (real, A100)") {
  auto r = parse_ibstatus(sample("ibstatus_a100_gpud.txt"), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 9);
  const auto& ib = r->value[0].ports.at(0);
  CHECK(r->value[0].name == "mlx5_0");
  CHECK(ib.number == 1);
  CHECK(*ib.state == PortState{4, "ACTIVE"});
  CHECK(*ib.phys_state == PortState{5, "LinkUp"});
  CHECK(*ib.rate == "200 Gb/sec (4X HDR)");
  CHECK(*ib.rate_gbps == 200.0);
  CHECK(*ib.link_layer == "InfiniBand");
  const auto& eth = r->value[8].ports.at(0);
  CHECK(r->value[8].name == "mlx5_8");
  CHECK(*eth.link_layer == "Ethernet");
  CHECK(*eth.rate_gbps == 40.0);
  CHECK(eth.link_layer.from.locator == "sos_commands/test/file:80");
}

TEST_CASE("ibstatus: garbled values are located errors; not ibstatus") {
  const char* text =
      "Infiniband device 'mlx5_0' port 1 status:\n"
      "\tstate:\t\t ACTIVE\n"
      "\trate:\t\t fast\n"
      "\tphys state:\t 5: LinkUp\n"
      "stray line\n";
  auto r = parse_ibstatus(text, kOrigin);
  REQUIRE(r.ok());
  const auto& p = r->value.at(0).ports.at(0);
  CHECK(p.state.availability == Availability::error);
  CHECK(p.rate_gbps.availability == Availability::error);
  CHECK(*p.phys_state == PortState{5, "LinkUp"});
  REQUIRE(r->warnings.size() == 3);
  CHECK(r->warnings[2].message ==
        "sos_commands/test/file:5: not a 'key: value' line of ibstatus, skipped: 'stray line'");
  CHECK_FALSE(parse_ibstatus("", kOrigin).ok());
  auto other = parse_ibstatus("CA 'mlx5_0'\n", kOrigin);
  REQUIRE_FALSE(other.ok());
  CHECK(other.error().message.find("sos_commands/test/file:1: not ibstatus output") == 0);
}

TEST_CASE("ibv_devices: devices and node GUIDs in the sysfs form; none is an empty list (real)") {
  auto r = parse_ibv_devices(sample_part("ibv_devices_real.txt", 0), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 4);
  CHECK(r->value[1].name == "mlx5_0");
  CHECK(*r->value[1].node_guid == "506b:4b03:0028:5028");
  CHECK(r->value[1].node_guid.from.locator == "sos_commands/test/file:4");
  CHECK(*r->value[0].node_guid == "0000:0000:0000:0000");

  auto none = parse_ibv_devices(sample_part("ibv_devices_real.txt", 1), kOrigin);
  REQUIRE(none.ok());
  CHECK(none->warnings.empty());
  CHECK(none->value.empty());

  auto bad = parse_ibv_devices("device node GUID\nmlx5_0 0x12\n", kOrigin);
  REQUIRE(bad.ok());
  REQUIRE(bad->warnings.size() == 1);
  CHECK(bad->warnings[0].line == 2);
  CHECK_FALSE(parse_ibv_devices("hca_id: mlx5_0\n", kOrigin).ok());
}

}  // namespace roce::test
