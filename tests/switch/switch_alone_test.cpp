// Each switch output read on its own (tests/fixtures/switch/alone/: real outputs as users paste them,
// prompt line included): no CONFIG_DB beside it, the switch named by the prompt, a hostname file,
// the folder or --switch-name, and what only the configuration says left unsupported, not assumed.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "model/host.hpp"
#include "support/temp_dir.hpp"
#include "switch/cable_join.hpp"
#include "switch/cumulus_roce_counters.hpp"
#include "switch/lldp_neighbors_text.hpp"
#include "switch/load_exports.hpp"
#include "switch/prompt_name.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "switch_fixtures.hpp"

namespace roce::test {
namespace {

std::string alone(const std::string& name) { return switch_fixture_path("alone/" + name); }

model::Switch only_switch(const std::string& name, const std::string& switch_name = "") {
  auto side = switches::read_switch_exports({alone(name)}, switch_name);
  INFO(name << ": " << (side ? "" : side.error().with_hint()));
  REQUIRE(side);
  REQUIRE(side->switches.size() == 1);
  return side->switches[0];
}

}  // namespace

TEST_CASE("the switch's name is read from the prompt pasted with its output") {
  CHECK(switches::name_in_prompt("admin@sonic-leaf01:~$ show pfc counters\n") == "sonic-leaf01");
  CHECK(switches::name_in_prompt("cumulus@leaf01:mgmt:~$ nv show qos roce\n") == "leaf01");
  CHECK(switches::name_in_prompt("root@sonic-10432:/home/admin# show pfcwd stats\r\n") == "sonic-10432");
  CHECK(switches::name_in_prompt("x\nadmin@str-s6000-acs-11:/usr/bin$ show int counters rates\n") ==
        "str-s6000-acs-11");
  CHECK(switches::name_in_prompt("root@sonic-10432:/home/admin#\n") == "sonic-10432");
  // Not prompts: an e-mail address, a table cell, "$ cmd" without a host.
  CHECK(switches::name_in_prompt("contact admin@example.com: see $HOME\n").empty());
  CHECK(switches::name_in_prompt("$ pfcwd show stats\nEthernet4:3  operational  1/1\n").empty());
  CHECK(switches::name_in_prompt("  Ethernet0    UC0   0   0\n").empty());
  CHECK(switches::command_in_prompt("cumulus@switch:mgmt:~$ nv show interface swp16 qos roce counters\n") ==
        "nv show interface swp16 qos roce counters");
  CHECK(switches::interface_in_nv_command("nv show interface swp16 qos roce counters") == "swp16");
  CHECK(switches::interface_in_nv_command("nv show qos roce").empty());
}

TEST_CASE("each SONiC output given alone is a switch named by its prompt, its ports those it names") {
  struct Case {
    const char* file;
    const char* name;
    std::size_t ports;
  };
  for (const auto& c : {Case{"show_pfcwd_stats_stormed_prompt.txt", "sonic-10431", 1},
                        Case{"show_pfcwd_stats_restored_prompt.txt", "ixre-egl-board72", 1},
                        Case{"show_pfc_counters_tx_grep_excerpt.txt", "sonic-10432", 6},
                        Case{"show_pfc_counters_rx_cached_wide_excerpt.txt", "nfc456-5", 6},
                        Case{"show_pfc_counters_lossy_pg0.txt", "ixre-egl-board71", 3},
                        Case{"show_pfcwd_config_prompt.txt", "str2-7050qx-32s-acs-03", 12},
                        Case{"show_queue_counters_all_ports.txt", "sonic", 2},
                        Case{"show_queue_counters_lossless_drops.txt", "sonic-leaf09", 1},
                        Case{"show_lldp_table_prompt.txt", "sonic", 3}, Case{"show_lldp_neighbors.txt", "sonic", 2},
                        Case{"show_interfaces_counters_errors.txt", "str-s6000-acs-11", 4}}) {
    INFO(c.file);
    const auto sw = only_switch(c.file);
    CHECK(sw.host.hostname == c.name);
    CHECK(sw.vendor == "sonic");
    CHECK(sw.ports.size() == c.ports);
    CHECK(sw.warnings.empty());
    // What only CONFIG_DB says is unsupported with the reason, never taken as "not configured".
    const auto& nd = sw.host.netdevs.front();
    CHECK(nd.dcb.pfc.availability == model::Availability::unsupported);
    CHECK(nd.dcb.pfc.cause.find("no CONFIG_DB export") != std::string::npos);
    CHECK(sw.ports.front().dscp_to_tc.availability == model::Availability::unsupported);
  }
}

TEST_CASE("the outputs' facts land on the ports of the switch they make") {
  const auto stormed = only_switch("show_pfcwd_stats_stormed_prompt.txt");
  REQUIRE(stormed.port("Ethernet4"));
  REQUIRE(stormed.port("Ethernet4")->pfcwd_stats.size() == 1);
  CHECK(stormed.port("Ethernet4")->pfcwd_stats[0].status == "stormed");

  const auto pfc = only_switch("show_pfc_counters_rx_cached_wide_excerpt.txt");
  REQUIRE(pfc.port("Ethernet0")->pfc_rx_frames.ok());
  CHECK((*pfc.port("Ethernet0")->pfc_rx_frames)[3] == 1974230000000ULL);
  CHECK(pfc.port("Ethernet0")->pfc_rx_frames.from.locator.find("counted since 2024-01-17") != std::string::npos);

  const auto config = only_switch("show_pfcwd_config_prompt.txt");
  REQUIRE(config.port("Ethernet4")->pfcwd.ok());
  CHECK(config.port("Ethernet4")->pfcwd->detection_ms == 400u);
  CHECK(config.port("Ethernet4")->pfcwd->history.empty());

  const auto errors = only_switch("show_interfaces_counters_errors.txt");
  REQUIRE(errors.port("Ethernet0")->counters.ok());
  CHECK(errors.port("Ethernet0")->counters->rx_drop == 4u);
  CHECK(!errors.port("Ethernet0")->counters->rx_ok);  // the layout has no RX_OK: unknown, not 0

  const auto queues = only_switch("show_queue_counters_lossless_drops.txt");
  REQUIRE(queues.port("Ethernet196")->queue(3));
  CHECK(*queues.port("Ethernet196")->queue(3)->drop_packets == 6841131615ULL);
}

TEST_CASE("show lldp neighbors gives the neighbours show lldp table gives") {
  auto n = switches::parse_show_lldp_neighbors(switch_sample("alone/show_lldp_neighbors.txt"), "lldp");
  REQUIRE(n);
  REQUIRE(n->size() == 2);
  CHECK((*n)[0].local_port == "eth0");
  CHECK((*n)[0].remote_device == "swtor-b2lab2-1610");
  CHECK((*n)[0].remote_port_id == "GigabitEthernet 0/2");
  CHECK((*n)[1].local_port == "Ethernet116");
  CHECK((*n)[1].remote_port_id == "hundredGigE1/2");
  CHECK((*n)[1].remote_port_descr == "T0-2:hundredGigE1/30");
  CHECK((*n)[1].from.locator == "lldp:18");  // the sample without its provenance line
  // The excerpt stops inside its second neighbour, before its PortID: that one is left out.
  auto cut = switches::parse_show_lldp_neighbors(switch_sample("alone/show_lldp_neighbors_excerpt.txt"), "x");
  REQUIRE(cut);
  REQUIRE(cut->size() == 1);
  CHECK((*cut)[0].remote_port_id == "FortyGigabitEthernet 1/0/49");
  CHECK(!switches::parse_show_lldp_neighbors("Interface: x\n", "y"));
}

TEST_CASE("a host's MAC in show lldp neighbors joins the cable, as in show lldp table") {
  const std::string dir = temp_path("lldp-neighbors-mac");
  std::filesystem::create_directories(dir);
  write_file(dir + "/show_lldp_neighbors",
             "admin@leaf05:~$ show lldp neighbors\nLLDP neighbors:\n"
             "Interface:    Ethernet8, via: LLDP, RID: 2, Time: 0 day, 01:00:00\n"
             "  Chassis:\n    ChassisID:    mac 0c:42:a1:5d:4d:b8\n"
             "  Port:\n    PortID:       mac 0c:42:a1:5d:4d:b8\n");
  auto side = switches::read_switch_exports({dir});
  REQUIRE(side);
  REQUIRE(side->switches.size() == 1);
  CHECK(side->switches[0].host.hostname == "leaf05");
  model::Host host;
  host.hostname = "gpu-a17";
  model::NetDev nd;
  nd.name = "ens1f0np0";
  nd.mac = model::Field<std::string>::of("0C:42:A1:5D:4D:B8");
  host.netdevs.push_back(nd);
  const auto cables = switches::join_cables(host, *side);
  REQUIRE(cables.size() == 1);
  CHECK(cables[0].switch_port == "Ethernet8");
  std::filesystem::remove_all(dir);
}

TEST_CASE("--switch-name, a hostname file, then the folder name the switch of outputs without a prompt") {
  CHECK(only_switch("show_pfcwd_stats_stormed_prompt.txt", "leaf07").host.hostname == "leaf07");
  const std::string dir = temp_path("leaf11");
  std::filesystem::create_directories(dir);
  write_file(dir + "/stats", switch_sample("alone/show_pfcwd_stats_watchdog_stopped.txt"));
  auto in_folder = switches::read_switch_exports({dir});
  REQUIRE(in_folder);
  CHECK(in_folder->switches[0].host.hostname == "leaf11");
  CHECK(in_folder->switches[0].warnings.empty());
  // A loose file: a hostname file beside it, else its folder's name with a warning saying so.
  auto loose = switches::read_switch_exports({dir + "/stats"});
  REQUIRE(loose);
  CHECK(loose->switches[0].host.hostname == "leaf11");
  REQUIRE(loose->switches[0].warnings.size() == 1);
  CHECK(loose->switches[0].warnings[0].find("--switch-name NAME names it") != std::string::npos);
  write_file(dir + "/hostname", "leaf12\n");
  loose = switches::read_switch_exports({dir + "/stats"});
  REQUIRE(loose);
  CHECK(loose->switches[0].host.hostname == "leaf12");
  CHECK(loose->switches[0].warnings.empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("loose outputs whose prompts name two switches are refused, naming both") {
  auto side = switches::read_switch_exports(
      {alone("show_pfcwd_stats_stormed_prompt.txt"), alone("show_pfcwd_stats_restored_prompt.txt")});
  REQUIRE(!side);
  CHECK(side.error().message.find("outputs of several switches (their prompts name ixre-egl-board72, sonic-10431)") !=
        std::string::npos);
  // Named together, they are one switch.
  CHECK(switches::read_switch_exports(
      {alone("show_pfcwd_stats_stormed_prompt.txt"), alone("show_pfcwd_stats_restored_prompt.txt")}, "leaf01"));
}

TEST_CASE("Cumulus RoCE counters alone: a port named by the pasted command, its RoCE discards on TC 3") {
  auto c = switches::parse_nv_show_roce_counters(switch_sample("alone/nv_show_interface_swp16_qos_roce_counters.txt"),
                                                 "counters");
  REQUIRE(c);
  CHECK(c->tx_roce_discards == 663060754115ULL);
  CHECK(c->tx_roce_packets == 803785675319ULL);
  CHECK(c->ecn_marked_packets == 693777677344ULL);
  CHECK(c->rx_pause_packets == 0u);
  CHECK(c->tx_pause_packets == 0u);
  CHECK(c->rx_roce_discards == 0u);
  CHECK(c->where("tx-stats.tx-roce-stats.unicast-no-buffer-discard") == "counters:45");
  CHECK(!switches::parse_nv_show_roce_counters("nothing here\n", "x"));

  const auto sw = only_switch("nv_show_interface_swp16_qos_roce_counters.txt");
  CHECK(sw.host.hostname == "switch");
  CHECK(sw.vendor == "cumulus");
  REQUIRE(sw.port("swp16"));
  const auto* q = sw.port("swp16")->queue(3);
  REQUIRE(q);
  REQUIRE(q->drop_packets.ok());
  CHECK(*q->drop_packets == 663060754115ULL);
  CHECK(q->drop_packets.from.locator.find("Cumulus's default RoCE class") != std::string::npos);
  CHECK(sw.host.netdevs[0].dcb.pfc.availability == model::Availability::unsupported);
}

TEST_CASE("Cumulus `nv show qos roce` alone covers every port: the cable join makes the port it finds") {
  auto side = switches::read_switch_exports(
      {alone("nv_show_qos_roce_prompt.txt"), switch_fixture_path("lldpctl_json_cumulus_swp16.json")}, "leaf02");
  REQUIRE(side);
  REQUIRE(side->switches.size() == 1);
  // The host's LLDP given with it names the port: made at reading.
  REQUIRE(side->switches[0].port("swp16"));
  CHECK(side->switches[0].host.netdev("swp16")->dcb.pfc->pfc_en == 0x08);
  REQUIRE(side->switches[0].port("swp16")->cable_m.ok());
  CHECK(*side->switches[0].port("swp16")->cable_m == 100u);  // the global pfc cable-length

  auto global = switches::read_switch_exports({alone("nv_show_qos_roce_prompt.txt")}, "leaf02");
  REQUIRE(global);
  auto& sw = global->switches[0];
  CHECK(sw.ports.empty());
  CHECK(sw.every_port.name == "every port");
  // The host's LLDP read later (live, or in a capture) names swp16 on leaf02.
  auto lldp = switches::parse_lldpctl_json(slurp(switch_fixture_path("lldpctl_json_cumulus_swp16.json")), "lldpctl");
  REQUIRE(lldp);
  global->host_lldp = *lldp;
  model::Host host;
  host.hostname = "gpu-a17";
  model::NetDev nd;
  nd.name = (*lldp)[0].netdev;
  host.netdevs.push_back(nd);
  const auto cables = switches::join_cables(host, *global);
  REQUIRE(cables.size() == 1);
  CHECK(cables[0].switch_port == "swp16");
  REQUIRE(sw.port("swp16"));
  REQUIRE(sw.host.netdev("swp16"));
  CHECK(sw.host.netdev("swp16")->dcb.pfc->pfc_en == 0x08);
  CHECK((*sw.port("swp16")->dscp_to_tc)[26] == 3);

  // The lossy modes enable PFC on no priority, and "-" is no malformed priority.
  const auto lossy = only_switch("nv_show_qos_roce_lossy_multi_tc.txt", "leaf03");
  CHECK(lossy.every_port_netdev.dcb.pfc.ok());
  CHECK(lossy.every_port_netdev.dcb.pfc->pfc_en == 0);
  CHECK(lossy.warnings.empty());
}

}  // namespace roce::test
