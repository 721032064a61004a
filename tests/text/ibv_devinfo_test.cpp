// ibv_devinfo [-v] on the real excerpts and the exact devinfo.c layout.
#include <catch2/catch.hpp>

#include "captures/text/ibv_devinfo.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;
using roce::model::PortState;

TEST_CASE("ibv_devinfo -v: ConnectX-5 header (real, OFED era)") {
  const std::string all = sample("ibv_devinfo_excerpts.txt");
  auto r = parse_ibv_devinfo(all.substr(0, all.find("\n\n") + 1), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& d = r->value[0];
  CHECK(d.name == "mlx5_1");
  CHECK(*d.fw_ver == "16.23.1020");
  CHECK(*d.node_guid == "ec0d:9a03:007d:7d1b");
  CHECK(*d.board_id == "MT_0000000008");
  CHECK(*d.port_count == 1u);
  CHECK(d.fw_ver.from.locator == "sos_commands/test/file:3");
  CHECK(d.ports.empty());
}

TEST_CASE("ibv_devinfo -v: 25GbE RoCE port block with spaces instead of tabs (real)") {
  const std::string all = sample("ibv_devinfo_excerpts.txt");
  const std::string port = all.substr(all.find("                port:"));
  auto alone = parse_ibv_devinfo(port, kOrigin);
  REQUIRE_FALSE(alone.ok());  // a port block without its hca_id line
  CHECK(alone.error().message.find("sos_commands/test/file:1: not ibv_devinfo output") == 0);

  auto r = parse_ibv_devinfo("hca_id:\tmlx5_2\n" + port, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.size() == 1);
  REQUIRE(r->value[0].ports.size() == 1);
  const auto& p = r->value[0].ports[0];
  CHECK(p.number == 1);
  CHECK(*p.state == PortState{4, "ACTIVE"});
  CHECK(*p.phys_state == PortState{5, "LinkUp"});
  CHECK(*p.max_mtu == 4096u);
  CHECK(*p.active_mtu == 4096u);
  CHECK(*p.link_layer == "Ethernet");
  // The poster's "**GID[ 14]:" is not what the tool prints: skipped with a warning naming the line.
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].line == 24);
  REQUIRE(p.gids.ok());
  REQUIRE(p.gids->size() == 1);
  CHECK(p.gids->at(0).index == 15);
  CHECK(p.gids->at(0).gid == "0000:0000:0000:0000:0000:ffff:c0a8:0606");
  CHECK(p.gids->at(0).type.availability == Availability::absent);  // this rdma-core printed no type
}

TEST_CASE("ibv_devinfo -v: exact layout, two devices, typed GIDs, flag lines") {
  const char* text =
      "hca_id:\tmlx5_0\n"
      "\ttransport:\t\t\tInfiniBand (0)\n"
      "\tfw_ver:\t\t\t\t28.39.1002\n"
      "\tnode_guid:\t\t\ta088:c203:00e3:142a\n"
      "\tdevice_cap_flags:\t\t0xe5721c36\n"
      "\t\t\t\t\tBAD_PKEY_CNTR\n"
      "\t\t\t\t\tAUTO_PATH_MIG\n"
      "\tphys_port_cnt:\t\t\t1\n"
      "\t\tport:\t1\n"
      "\t\t\tstate:\t\t\tPORT_DOWN (1)\n"
      "\t\t\tmax_mtu:\t\t4096 (5)\n"
      "\t\t\tactive_mtu:\t\t1024 (3)\n"
      "\t\t\tlink_layer:\t\tEthernet\n"
      "\t\t\tphys_state:\t\tDISABLED (3)\n"
      "\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:0e42:a1ff:fe5d:4db8, RoCE v1\n"
      "\t\t\tGID[  1]:\t\tfe80::e42:a1ff:fe5d:4db8, RoCE v2\n"
      "\t\t\tGID[  3]:\t\t::ffff:172.19.0.60, RoCE v2\n"
      "\n"
      "hca_id:\tmlx5_1\n"
      "\tfw_ver:\t\t\t\t22.39.1002\n"
      "\t\tport:\t1\n"
      "\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
      "\t\t\tactive_mtu:\t\tgarbage\n";
  auto r = parse_ibv_devinfo(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.size() == 2);
  const auto& p = r->value[0].ports.at(0);
  CHECK(*p.state == PortState{1, "DOWN"});
  CHECK(*p.phys_state == PortState{3, "Disabled"});
  CHECK(*p.active_mtu == 1024u);
  REQUIRE(p.gids->size() == 3);
  CHECK(*p.gids->at(0).type == "IB/RoCE v1");
  CHECK(p.gids->at(1).gid == "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8");
  CHECK(*p.gids->at(1).type == "RoCE v2");
  CHECK(p.gids->at(2).index == 3);
  CHECK(p.gids->at(2).gid == "0000:0000:0000:0000:0000:ffff:ac13:003c");
  CHECK(p.gids->at(2).type.from.locator == "sos_commands/test/file:17");
  CHECK(p.gids->at(2).netdev.availability == Availability::absent);
  // The second device: the garbled MTU is an error on the field and a warning, not a zero.
  const auto& q = r->value[1].ports.at(0);
  CHECK(q.active_mtu.availability == Availability::error);
  CHECK(q.active_mtu.cause.find("sos_commands/test/file:23: unreadable active_mtu") == 0);
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].line == 23);
}

TEST_CASE("ibv_devinfo -v: capability lists and statement lines are read without a warning (real, ConnectX-6)") {
  auto r = parse_ibv_devinfo(sample("ibv_devinfo_v_cx6_roce.txt"), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& d = r->value[0];
  CHECK(*d.fw_ver == "20.24.4702");
  CHECK(*d.port_count == 1u);
  REQUIRE(d.ports.size() == 1);
  const auto& p = d.ports[0];
  CHECK(p.number == 1);
  CHECK(*p.state == PortState{4, "ACTIVE"});
  CHECK(*p.phys_state == PortState{5, "LinkUp"});
  CHECK(*p.link_layer == "Ethernet");
  REQUIRE(p.gids->size() == 4);
  CHECK(p.gids->at(3).gid == "0000:0000:0000:0000:0000:ffff:c0a8:010b");
  CHECK(*p.gids->at(3).type == "RoCE v2");
}

TEST_CASE("ibv_devinfo -v: an unknown item in a known list is no error; outside a list it is") {
  const char* text =
      "hca_id:\tmlx5_0\n"
      "\traw packet caps:\n"
      "\t\t\t\t\tC-VLAN stripping offload\n"
      "\t\t\t\t\tSome future offload\n"
      "\t\t\t\t\tUnknown flags: 0x100000000\n"
      "\tcompletion_timestamp_mask not supported\n"
      "\tlog atomic arg sizes (mask)\t\t0x8\n"
      "\tSome future offload\n"
      "\t\tport:\t1\n"
      "\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n";
  auto r = parse_ibv_devinfo(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->warnings.size() == 1);
  CHECK(r->warnings[0].message ==
        "sos_commands/test/file:8: not a 'key: value' line of ibv_devinfo, skipped: '?Some future offload'");
  // A list right before the port block does not swallow it.
  CHECK(*r->value.at(0).ports.at(0).state == PortState{4, "ACTIVE"});
}

TEST_CASE("ibv_devinfo: no devices, and text that is not ibv_devinfo") {
  auto none = parse_ibv_devinfo("No IB devices found\n", kOrigin);
  REQUIRE(none.ok());
  CHECK(none->value.empty());
  CHECK_FALSE(parse_ibv_devinfo("", kOrigin).ok());
  CHECK_FALSE(parse_ibv_devinfo("\t\tport:\t1\n", kOrigin).ok());
}

}  // namespace roce::test
