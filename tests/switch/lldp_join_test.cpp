// The host's and the switch's LLDP views, the pfcwd table, and how they pair host ports with switch ports.
#include <catch2/catch.hpp>

#include "host_builder.hpp"
#include "switch/cable_join.hpp"
#include "switch/cumulus_roce.hpp"
#include "switch/host_lldp.hpp"
#include "switch/load_exports.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "switch/sonic_config_db.hpp"
#include "switch_fixtures.hpp"

namespace roce::test {
namespace {

model::Switch leaf01() {
  auto s = switches::read_sonic_config_db(slurp(switch_fixture_path("sonic_default_azure_config_db.json")),
                                          "config_db.json");
  REQUIRE(s);
  return std::move(*s);
}

model::Host gpu_a17() { return testing::cx6dx_host(testing::baseline_counters(), 0); }

}  // namespace

TEST_CASE("lldpctl -f json reads with one neighbour (an object) and with several (a list)") {
  auto one = switches::parse_lldpctl_json(slurp(switch_fixture_path("lldpctl_json_one_neighbour.json")), "lldpctl");
  REQUIRE(one);
  REQUIRE(one->size() == 1);
  CHECK((*one)[0].netdev == "ens1f0np0");
  CHECK((*one)[0].system_name == "leaf01");
  CHECK((*one)[0].chassis_id == "1c:34:da:6b:42:00");
  CHECK((*one)[0].port_id == "etp1");
  CHECK((*one)[0].port_id_type == "local");
  auto two = switches::parse_lldpctl_json(slurp(switch_fixture_path("lldpctl_json_two_neighbours.json")), "lldpctl");
  REQUIRE(two);
  REQUIRE(two->size() == 2);
  CHECK((*two)[1].netdev == "ens1f1np1");
  CHECK((*two)[1].system_name == "leaf02");
  CHECK((*two)[1].port_id == "swp16");
  CHECK((*two)[1].port_id_type == "ifname");
  auto none = switches::parse_lldpctl_json(R"({"lldp": {}})", "lldpctl");
  REQUIRE(none);
  CHECK(none->empty());
  auto bad = switches::parse_lldpctl_json(R"({"lldp": {"interface": )", "lldpctl");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.rfind("lldpctl:1:", 0) == 0);
}

TEST_CASE("lldptool -t -n gives the neighbour of the interface its file names") {
  auto n = switches::parse_lldptool(slurp(switch_fixture_path("lldptool_-t_-n_-i_ens1f0np0")), "lldptool", "ens1f0np0");
  REQUIRE(n);
  CHECK(n->system_name == "leaf01");
  CHECK(n->port_id == "etp1");
  CHECK(n->port_id_type == "local");
  CHECK(n->from.locator == "lldptool:2");
  auto empty = switches::parse_lldptool("Time to Live TLV\n\t120\n", "lldptool", "eth0");
  REQUIRE_FALSE(empty);
  CHECK(empty.error().message == "lldptool: not `lldptool -t -n` output (no Chassis ID TLV and Port ID TLV)");
}

TEST_CASE("show lldp table on the real sample: hosts by MAC, empty device cells, port IDs with spaces") {
  auto t = switches::parse_show_lldp_table(switch_sample("show_lldp_table_hosts_by_mac.txt"), "lldp");
  REQUIRE(t);
  REQUIRE(t->size() == 7);
  CHECK((*t)[0].local_port == "Ethernet104");
  CHECK((*t)[0].remote_device == "sw0");
  CHECK((*t)[0].remote_port_id == "FortyGigabitEthernet 1/0/49");
  CHECK((*t)[2].local_port == "Ethernet116");
  CHECK((*t)[2].remote_device.empty());
  CHECK((*t)[2].remote_port_id == "48:df:37:e0:24:e0");
  CHECK((*t)[6].remote_port_id == "te1/0/2");
  CHECK((*t)[2].from.locator == "lldp:6");
  CHECK_FALSE(switches::parse_show_lldp_table("Total entries displayed:  0\n", "lldp"));
}

TEST_CASE("show pfcwd stats on the real sample: the stormed queue and its counts") {
  auto t = switches::parse_show_pfcwd_stats(switch_sample("show_pfcwd_stats_stormed.txt"), "pfcwd");
  REQUIRE(t);
  REQUIRE(t->size() == 2);
  CHECK((*t)[1].port == "Ethernet6");
  CHECK((*t)[1].queue.queue == 3);
  CHECK((*t)[1].queue.status == "stormed");
  CHECK((*t)[1].queue.storms_detected == 1);
  CHECK((*t)[1].queue.storms_restored == 0);
  CHECK((*t)[0].queue.status == "operational");
}

TEST_CASE("show pfc counters on the real sample: the cached-time snapshot and every priority") {
  auto t = switches::parse_show_pfc_counters(switch_sample("show_pfc_counters_cached_excerpt.txt"), "pfc");
  REQUIRE(t);
  REQUIRE(t->size() == 2);
  CHECK((*t)[0].port == "Ethernet0");
  CHECK_FALSE((*t)[0].tx);
  CHECK((*t)[0].since == "2020-10-01 13:15:55.420247");
  CHECK((*t)[1].frames[7] == 0u);
  // The layout pfcstat prints without a snapshot: Rx then Tx, thousands separators, N/A.
  auto plain = switches::parse_show_pfc_counters(
      "  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7\n"
      "---------  ------  ------  ------  ------  ------  ------  ------  ------\n"
      "Ethernet0   1,200     201     202     203     204     205     206     207\n"
      "Ethernet4     N/A     N/A     N/A     N/A     N/A     N/A     N/A     N/A\n"
      "\n"
      "  Port Tx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7\n"
      "---------  ------  ------  ------  ------  ------  ------  ------  ------\n"
      "Ethernet0       0       0       0  12,345       0       0       0       0\n",
      "pfc");
  REQUIRE(plain);
  REQUIRE(plain->size() == 3);
  CHECK((*plain)[0].frames[0] == 1200u);
  CHECK_FALSE((*plain)[1].frames[3].has_value());
  CHECK((*plain)[2].tx);
  CHECK((*plain)[2].frames[3] == 12345u);
  CHECK((*plain)[2].since.empty());
  CHECK_FALSE(switches::parse_show_pfc_counters("PFC0\n", "pfc"));
}

TEST_CASE("show queue counters on the real sample: unicast queues with their drops") {
  auto t =
      switches::parse_show_queue_counters(switch_sample("show_queue_counters_lossy_uc1_drops_excerpt.txt"), "queues");
  REQUIRE(t);
  REQUIRE(t->size() == 8);  // UC0-UC7; MC8-MC13 left out
  CHECK((*t)[1].port == "Ethernet196");
  CHECK((*t)[1].queue == 1);
  CHECK((*t)[1].tx_packets == 32025737389u);
  CHECK((*t)[1].drop_packets == 6841131615u);
  CHECK((*t)[3].drop_packets == 0u);
  CHECK_FALSE((*t)[3].ecn_marked_packets.has_value());
  auto wred = switches::parse_show_queue_counters(
      "     Port    TxQ    WredDrp/pkts    WredDrp/bytes    EcnMarked/pkts    EcnMarked/bytes\n"
      "---------  -----  --------------  ---------------  ----------------  -----------------\n"
      "Ethernet0    UC3               0                0            48,213           72319500\n",
      "wred");
  REQUIRE(wred);
  CHECK((*wred)[0].ecn_marked_packets == 48213u);
}

TEST_CASE("the host's LLDP joins by the switch's name and the SONiC port alias") {
  model::SwitchSide side;
  side.switches.push_back(leaf01());
  auto n = switches::parse_lldpctl_json(slurp(switch_fixture_path("lldpctl_json_one_neighbour.json")), "lldpctl");
  REQUIRE(n);
  side.host_lldp = *n;
  const auto cables = switches::join_cables(gpu_a17(), side);
  REQUIRE(cables.size() == 1);
  CHECK(cables[0].host == "gpu-a17");
  CHECK(cables[0].host_netdev == "ens1f0np0");
  CHECK(cables[0].switch_name == "leaf01");
  CHECK(cables[0].switch_port == "Ethernet0");
  CHECK(cables[0].join == model::CableJoin::host_lldp);
  CHECK(cables[0].evidence == "lldpctl: ens1f0np0 neighbour leaf01 port etp1 (alias of Ethernet0)");
  // A neighbour of another name is another switch: no cable.
  side.host_lldp[0].system_name = "leaf09";
  CHECK(switches::join_cables(gpu_a17(), side).empty());
}

TEST_CASE("without host LLDP, the switch's LLDP table joins by the host's MAC, else the /31 addresses") {
  model::SwitchSide side;
  side.switches.push_back(leaf01());
  side.switches[0].lldp.push_back({"Ethernet4", "", "0C:42:A1:5D:4D:B8", "ens1f0np0", {"sonic-cli", "lldp:4"}});
  auto host = gpu_a17();
  auto cables = switches::join_cables(host, side);
  REQUIRE(cables.size() == 1);
  CHECK(cables[0].switch_port == "Ethernet4");
  CHECK(cables[0].join == model::CableJoin::switch_lldp);

  side.switches[0].lldp.clear();
  CHECK(switches::join_cables(host, side).empty());  // 172.19.0.60/24 is no /31
  testing::netdev(host).addresses->push_back("10.1.0.1/31");
  cables = switches::join_cables(host, side);
  REQUIRE(cables.size() == 1);
  CHECK(cables[0].switch_port == "Ethernet0");
  CHECK(cables[0].join == model::CableJoin::address31);
  CHECK(cables[0].evidence == "ens1f0np0 10.1.0.1/31 and Ethernet0 10.1.0.0/31");
}

TEST_CASE("a folder of one switch attaches its CLI tables to its CONFIG_DB export; loose tables alone are a switch") {
  auto side = switches::read_switch_exports(
      {switch_fixture_path("sonic_roce_dscp26_flat.json"), switch_fixture_path("show_pfcwd_stats_stormed.txt")});
  REQUIRE(side);
  REQUIRE(side->switches.size() == 1);
  // The sample's ports (Ethernet4, Ethernet6) are not all ports of this switch: the unknown one is a warning.
  CHECK(side->switches[0].port("Ethernet4")->pfcwd_stats.size() == 1);
  CHECK(side->switches[0].warnings.size() == 1);
  auto alone = switches::read_switch_exports({switch_fixture_path("show_pfcwd_stats_stormed.txt")});
  REQUIRE(alone);
  REQUIRE(alone->switches.size() == 1);
  CHECK(alone->switches[0].port("Ethernet6")->pfcwd_stats.size() == 1);
  // With two CONFIG_DB exports the tables belong to neither.
  auto two = switches::read_switch_exports({switch_fixture_path("sonic_roce_dscp26_flat.json"),
                                            switch_fixture_path("sonic_default_azure_config_db.json"),
                                            switch_fixture_path("show_pfcwd_stats_stormed.txt")});
  REQUIRE_FALSE(two);
  CHECK(two.error().message.find("a CLI table of several switches") != std::string::npos);
  auto unknown = switches::read_switch_exports({switch_fixture_path("README.md")});
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().message == switch_fixture_path("README.md: not a switch export roce-doctor reads"));
}

TEST_CASE("NVUE sizes are binary units") {
  CHECK(switches::parse_binary_size("146.48 KB") == 149996u);
  CHECK(switches::parse_binary_size("1.43 MB") == 1499464u);
  CHECK(switches::parse_binary_size("153.00 KB") == 156672u);
  CHECK(switches::parse_binary_size("144 Bytes") == 144u);
  CHECK_FALSE(switches::parse_binary_size("1.4.3 MB"));
  CHECK_FALSE(switches::parse_binary_size("12 parsecs"));
}

TEST_CASE("nv show qos roce on the real sample: PFC, ECN thresholds, trust and the DSCP -> SP -> TC maps") {
  auto roce = switches::parse_nv_show_qos_roce(switch_sample("nv_show_qos_roce.txt"), "nv");
  REQUIRE(roce);
  CHECK(roce->mode == "lossless-single-ipool");
  CHECK(roce->pfc_priority == 3);
  CHECK(roce->trust_mode == "pcp,dscp");
  CHECK(roce->congestion_mode == "ECN");
  CHECK(roce->ecn_tc == 0x09);
  CHECK(roce->ecn_min_bytes == 149996u);
  CHECK(roce->ecn_max_bytes == 1499464u);
  CHECK(roce->ecn_probability == 100u);
  CHECK(roce->dscp_to_sp[26] == 3);
  CHECK(roce->dscp_to_sp[48] == 6);
  CHECK(roce->sp_to_tc[6] == 6);
  CHECK(roce->sp_to_tc[1] == 0);
  CHECK(roce->warnings.empty());
  CHECK_FALSE(switches::parse_nv_show_qos_roce("pfc-priority 3\n", "nv"));
}

TEST_CASE("a Cumulus switch folder: the per-port NVUE view becomes its port, named by the hostname file") {
  auto side = switches::read_switch_exports({switch_fixture_path("cumulus-leaf02")});
  REQUIRE(side);
  REQUIRE(side->switches.size() == 1);
  const auto& sw = side->switches[0];
  CHECK(sw.host.hostname == "leaf02");
  CHECK(sw.vendor == "cumulus");
  REQUIRE(sw.ports.size() == 1);
  CHECK(sw.ports[0].name == "swp16");
  const auto& nd = sw.host.netdevs[0];
  CHECK(nd.dcb.pfc->pfc_en == 0x08);
  CHECK(*nd.trust == "dscp");
  CHECK((*sw.ports[0].dscp_to_tc)[26] == 3);
  CHECK((*sw.ports[0].dscp_to_tc)[48] == 6);
  REQUIRE(sw.ports[0].queue(3));
  const auto* w = sw.wred(*sw.ports[0].queue(3)->wred_profile);
  REQUIRE(w);
  CHECK(*w->green_min_bytes == 156672u);  // the hardware-programmed 153.00 KB, not the 146.48 KB requested
  CHECK(*w->green_max_bytes == 1499464u);
  CHECK(sw.ports[0].pfcwd.availability == model::Availability::absent);
  // The global view alone names no port: it covers every port the cable join finds (switch_alone_test).
  auto global = switches::read_switch_exports({switch_fixture_path("nv_show_qos_roce.txt")});
  REQUIRE(global);
  CHECK(global->switches[0].ports.empty());
  CHECK(global->switches[0].every_port_netdev.dcb.pfc->pfc_en == 0x08);
}

TEST_CASE("the per-interface NVUE view is told from the global one by content and named by its file or the LLDP") {
  auto global = switches::parse_nv_show_qos_roce(slurp(switch_fixture_path("nv_show_qos_roce.txt")), "nv");
  REQUIRE(global);
  CHECK_FALSE(global->per_interface);
  auto status = switches::parse_nv_show_qos_roce(slurp(switch_fixture_path("roce_status_of_one_port.txt")), "nv");
  REQUIRE(status);
  CHECK(status->per_interface);

  auto dashed = switches::read_switch_exports({switch_fixture_path("nv-show-interface-swp16-qos-roce-status.txt")});
  REQUIRE(dashed);
  REQUIRE(dashed->switches.size() == 1);
  REQUIRE(dashed->switches[0].ports.size() == 1);
  CHECK(dashed->switches[0].ports[0].name == "swp16");

  auto unnamed = switches::read_switch_exports({switch_fixture_path("roce_status_of_one_port.txt")});
  REQUIRE_FALSE(unnamed);
  CHECK(unnamed.error().message ==
        switch_fixture_path("roce_status_of_one_port.txt") +
            ": `nv show interface IF qos roce status` of a port it does not name (its output has no interface "
            "name, nor has the file's name)");

  auto by_lldp = switches::read_switch_exports(
      {switch_fixture_path("roce_status_of_one_port.txt"), switch_fixture_path("lldpctl_json_cumulus_swp16.json")});
  REQUIRE(by_lldp);
  REQUIRE(by_lldp->switches.size() == 1);
  const auto& sw = by_lldp->switches[0];
  CHECK(sw.host.hostname == "leaf02");
  REQUIRE(sw.ports.size() == 1);
  CHECK(sw.ports[0].name == "swp16");
  CHECK((*sw.ports[0].dscp_to_tc)[26] == 3);
  REQUIRE(sw.warnings.size() == 1);
  CHECK(sw.warnings[0] ==
        switch_fixture_path("roce_status_of_one_port.txt") +
            ": the port is swp16, the neighbour the host's LLDP names (the view prints no interface)");

  auto two = switches::read_switch_exports(
      {switch_fixture_path("roce_status_of_one_port.txt"), switch_fixture_path("lldpctl_json_two_neighbours.json")});
  CHECK_FALSE(two);
}

}  // namespace roce::test
