// The SONiC CLI outputs that complete a CONFIG_DB export: `show pfcwd config`, `show interfaces
// counters`, `show priority-group watermark`, `ecnconfig -l` and `show buffer information`, each on
// its own and attached to the switch of the folder they come in (tests/fixtures/switch/sonic-leaf03).
#include <catch2/catch.hpp>

#include "switch/load_exports.hpp"
#include "switch/sonic_cli_attach.hpp"
#include "switch/sonic_cli_blocks.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "switch/sonic_config_db.hpp"
#include "switch_fixtures.hpp"

namespace roce::test {

TEST_CASE("show pfcwd config reads with and without the HISTORY column") {
  auto with = switches::parse_show_pfcwd_config(slurp(switch_fixture_path("sonic-leaf03/show_pfcwd_config.txt")),
                                                "pfcwd_config");
  REQUIRE(with);
  REQUIRE(with->size() == 1);
  CHECK((*with)[0].port == "Ethernet0");
  CHECK((*with)[0].watchdog.action == "drop");
  CHECK((*with)[0].watchdog.detection_ms == 200u);
  CHECK((*with)[0].watchdog.restoration_ms == 200u);
  CHECK((*with)[0].watchdog.history == "disable");
  CHECK((*with)[0].from.locator == "pfcwd_config:6");

  auto without = switches::parse_show_pfcwd_config(switch_sample("show_pfcwd_config_no_history.txt"), "old");
  REQUIRE(without);
  REQUIRE(without->size() == 2);
  CHECK((*without)[1].port == "Ethernet4");
  CHECK((*without)[1].watchdog.action == "forward");
  CHECK((*without)[1].watchdog.detection_ms == 400u);
  CHECK((*without)[1].watchdog.restoration_ms == 200u);
  CHECK((*without)[1].watchdog.history.empty());

  auto bad = switches::parse_show_pfcwd_config(
      "     PORT    ACTION    DETECTION TIME    RESTORATION TIME\n"
      "---------  --------  ----------------  ------------------\n"
      "Ethernet0      drop              200ms                 200\n",
      "cfg");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "cfg:3: DETECTION TIME \"200ms\" is not milliseconds");
  auto none = switches::parse_show_pfcwd_config("Changed polling interval to 200ms\n", "cfg");
  REQUIRE_FALSE(none);
  CHECK(none.error().message.rfind("cfg: not `show pfcwd config` output", 0) == 0);
}

TEST_CASE("show interfaces counters gives each port's state, packets, errors, discards and oversize frames") {
  auto t = switches::parse_show_interfaces_counters(
      slurp(switch_fixture_path("sonic-leaf03/show_interfaces_counters.txt")), "portstat");
  REQUIRE(t);
  REQUIRE(t->size() == 2);
  const auto& c = (*t)[0].counters;
  CHECK((*t)[0].state == "U");
  CHECK(c.rx_ok == 471729839997u);
  CHECK(c.rx_drop == 18682u);
  CHECK(c.rx_oversize == 0u);
  CHECK(c.tx_ok == 409682385925u);
  CHECK(c.tx_drop == 9268210u);
  CHECK((*t)[1].state == "X");
  CHECK((*t)[1].from.locator == "portstat:6");
  auto na = switches::parse_show_interfaces_counters(
      "IFACE    STATE    RX_OK    TX_OK\n"
      "-------  -------  -------  -------\n"
      "Ethernet0      U      N/A      N/A\n",
      "portstat");
  REQUIRE(na);
  CHECK_FALSE((*na)[0].counters.rx_ok.has_value());
  CHECK_FALSE((*na)[0].counters.tx_drop.has_value());
  CHECK_FALSE(switches::parse_show_interfaces_counters("IFACE STATE\n", "portstat"));
}

TEST_CASE("show priority-group watermark tells headroom from shared by its title, bytes per PG") {
  auto head = switches::parse_show_pg_watermark(
      slurp(switch_fixture_path("sonic-leaf03/show_priority-group_watermark_headroom.txt")), "wm");
  REQUIRE(head);
  REQUIRE(head->size() == 2);
  CHECK((*head)[0].headroom);
  REQUIRE((*head)[0].bytes.size() == 8);
  CHECK((*head)[0].bytes[3] == 90112u);
  CHECK_FALSE((*head)[1].bytes[7].has_value());  // N/A
  auto shared = switches::parse_show_pg_watermark(
      slurp(switch_fixture_path("sonic-leaf03/show_priority-group_watermark_shared.txt")), "wm");
  REQUIRE(shared);
  CHECK_FALSE((*shared)[0].headroom);
  CHECK((*shared)[0].bytes[3] == 1048576u);

  const std::string table =
      "     Port    PG0    PG1    PG2    PG3    PG4    PG5    PG6    PG7\n"
      "---------  -----  -----  -----  -----  -----  -----  -----  -----\n"
      "Ethernet0    100    101    102   103K    104    105    106    107\n";
  auto untitled = switches::parse_show_pg_watermark(table, "wm");
  REQUIRE_FALSE(untitled);
  CHECK(untitled.error().message.rfind("wm:1: a priority-group watermark table without its title", 0) == 0);
  auto bad = switches::parse_show_pg_watermark("Ingress headroom per PG: (Namespace asic0)\n" + table, "wm");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "wm:4: PG3 \"103K\" is not bytes");
}

TEST_CASE("ecnconfig -l gives each WRED profile with the line of every field") {
  auto e = switches::parse_ecnconfig_list(slurp(switch_fixture_path("sonic-leaf03/ecnconfig_-l.txt")), "ecn");
  REQUIRE(e);
  REQUIRE(e->profiles.size() == 1);
  const auto& w = e->profiles[0];
  CHECK(w.name == "AZURE_LOSSLESS");
  CHECK(w.ecn.value == "ecn_all");
  CHECK(w.green_enable.value == true);
  CHECK(w.green_min_bytes.value == 1048576u);
  CHECK(w.green_max_bytes.value == 2097152u);
  CHECK(w.green_drop_percent.value == 5u);
  CHECK(w.green_min_bytes.from.locator == "ecn:7 Profile AZURE_LOSSLESS green_min_threshold");
  CHECK(e->warnings.empty());

  auto odd = switches::parse_ecnconfig_list(
      "Profile: P\n--------------------  ----\ngreen_min_threshold   1MB\necn                   ecn_green\n"
      "--------------------  ----\n",
      "ecn");
  REQUIRE(odd);
  CHECK(odd->profiles[0].green_enable.value == false);  // SAI's default when the profile does not set it
  REQUIRE(odd->warnings.size() == 1);
  CHECK(odd->warnings[0] == "ecn:3 Profile P green_min_threshold: \"1MB\" is not a number of range");
  auto empty = switches::parse_ecnconfig_list("ECN status:\nqueue 3: on\n", "ecn");
  REQUIRE_FALSE(empty);
  CHECK(empty.error().message.rfind("ecn: not `ecnconfig -l` output", 0) == 0);
  auto cut = switches::parse_ecnconfig_list("Profile: P\n----  ----\necn\n", "ecn");
  REQUIRE_FALSE(cut);
  CHECK(cut.error().message == "ecn:3: \"ecn\" has no value");
}

TEST_CASE("show buffer information gives the pools and profiles in bytes") {
  auto b = switches::parse_show_buffer_information(
      slurp(switch_fixture_path("sonic-leaf03/show_buffer_information.txt")), "buffers");
  REQUIRE(b);
  REQUIRE(b->pools.size() == 2);
  CHECK(b->pools[1].name == "ingress_lossless_pool");
  CHECK(b->pools[1].type == "ingress");
  CHECK(b->pools[1].mode == "dynamic");
  CHECK(b->pools[1].size_bytes.value == 59001856u);
  CHECK(b->pools[1].xoff_bytes.value == 2588672u);
  CHECK(b->pools[0].xoff_bytes.availability == model::Availability::absent);
  REQUIRE(b->profiles.size() == 3);
  const auto& p = b->profiles[1];
  CHECK(p.name == "pg_lossless_400000_5m_profile");
  CHECK(p.pool == "ingress_lossless_pool");
  CHECK(p.xon_bytes.value == 19456u);
  CHECK(p.xoff_bytes.value == 99328u);
  CHECK(p.size_bytes.value == 118784u);
  CHECK(p.dynamic_th.value == 0);
  CHECK(b->profiles[0].dynamic_th.value == 7);
  auto legacy = switches::parse_show_buffer_information(
      "Profile: q_lossy_profile\n----------  -------------------------------\ndynamic_th  -2\n"
      "pool        [BUFFER_POOL_TABLE:egress_lossy_pool]\n----------  -------------------------------\n",
      "buffers");
  REQUIRE(legacy);
  CHECK(legacy->profiles[0].pool == "egress_lossy_pool");
  CHECK(legacy->profiles[0].dynamic_th.value == -2);
  CHECK_FALSE(switches::parse_show_buffer_information("Lossless traffic pattern:\n----  -\nx     0\n----  -\n", "b"));
}

TEST_CASE("a SONiC switch folder: the CLI outputs complete its CONFIG_DB export") {
  auto side = switches::read_switch_exports({switch_fixture_path("sonic-leaf03")});
  REQUIRE(side);
  REQUIRE(side->switches.size() == 1);
  const auto& sw = side->switches[0];
  CHECK(sw.host.hostname == "leaf03");
  CHECK(sw.warnings.empty());
  const auto& e0 = *sw.port("Ethernet0");
  const auto& e8 = *sw.port("Ethernet8");
  // The watchdog CONFIG_DB lacks, from `show pfcwd config`.
  REQUIRE(e0.pfcwd.ok());
  CHECK(e0.pfcwd->history == "disable");
  CHECK(e0.pfcwd.from.source == "sonic-cli");
  CHECK(e0.pfcwd.from.locator == switch_fixture_path("sonic-leaf03/show_pfcwd_config.txt:6"));
  CHECK(e8.pfcwd.availability == model::Availability::absent);
  // Counters and the operational state.
  REQUIRE(e0.counters.ok());
  CHECK(e0.counters->tx_drop == 9268210u);
  CHECK(sw.host.netdevs[0].operstate.value == "up");
  CHECK(sw.host.netdevs[1].operstate.value == "down");
  CHECK(sw.host.netdevs[1].operstate.from.locator.find("STATE X: admin down") != std::string::npos);
  REQUIRE(e0.pg_headroom_watermark.ok());
  CHECK((*e0.pg_headroom_watermark)[3] == 90112u);
  CHECK((*e0.pg_shared_watermark)[3] == 1048576u);
  // The WRED profile from `ecnconfig -l`, and the RED qdisc it draws on lossless queue 3.
  REQUIRE(sw.wred("AZURE_LOSSLESS"));
  CHECK(sw.wred("AZURE_LOSSLESS")->green_min_bytes.from.source == "sonic-cli");
  const auto& qdiscs = *sw.host.netdevs[0].qdiscs;
  REQUIRE(qdiscs.size() == 2);
  CHECK(qdiscs[1].kind == "red");
  CHECK(qdiscs[1].red->qth_min == 1048576u);
  // Lossless PGs with profile NULL, sized by the buffer manager's profile for their speed and cable.
  REQUIRE(e0.lossless_pgs.size() == 1);
  CHECK(e0.lossless_pgs[0].xoff_bytes.value == 99328u);
  CHECK(e0.lossless_pgs[0].xoff_bytes.from.locator.find("by its speed and cable: pg_lossless_400000_5m_profile") !=
        std::string::npos);
  CHECK(e8.lossless_pgs[0].xoff_bytes.value == 129024u);
  CHECK(e8.lossless_pgs[0].size_bytes.value == 148480u);
  CHECK(sw.buffer_pools.size() == 2);
}

TEST_CASE("CLI outputs that disagree with CONFIG_DB, or name ports it lacks, are located warnings") {
  auto sw = switches::read_sonic_config_db(slurp(switch_fixture_path("sonic_default_azure_config_db.json")),
                                           "config_db.json");
  REQUIRE(sw);
  switches::SonicCliOutputs cli;
  auto wd = switches::parse_show_pfcwd_config(switch_sample("show_pfcwd_config_no_history.txt"), "pfcwd");
  REQUIRE(wd);
  cli.pfcwd_config = *wd;
  auto ecn = switches::parse_ecnconfig_list(
      "Profile: AZURE_LOSSLESS\n----------------------  -------\nwred_green_enable       true\necn                     "
      "ecn_all\ngreen_min_threshold     131072\ngreen_max_threshold     2097152\ngreen_drop_probability  5\n"
      "----------------------  -------\n",
      "ecn");
  REQUIRE(ecn);
  cli.ecn.push_back(*ecn);
  auto counters = switches::parse_show_interfaces_counters(
      "    IFACE    STATE    RX_OK    TX_OK\n---------  -------  -------  -------\nEthernet9        U        1        "
      "2\n",
      "portstat");
  REQUIRE(counters);
  cli.interfaces = *counters;
  switches::attach_sonic_cli(cli, *sw);
  for (const auto& w : sw->warnings) INFO(w);
  REQUIRE(sw->warnings.size() == 4);
  CHECK(sw->warnings[0] ==
        "pfcwd:4: `show pfcwd config` differs from config_db.json PFC_WD|Ethernet0 (the running watchdog is not the "
        "saved one); the CONFIG_DB entry is judged");
  CHECK(sw->warnings[1].rfind("pfcwd:5: `show pfcwd config` differs from config_db.json PFC_WD|Ethernet4", 0) == 0);
  CHECK(sw->warnings[2] == "portstat:3: Ethernet9 is no port of leaf01");
  CHECK(sw->warnings[3] ==
        "ecn:4 Profile AZURE_LOSSLESS ecn: `ecnconfig -l` shows WRED_PROFILE AZURE_LOSSLESS otherwise than CONFIG_DB; "
        "the CONFIG_DB entry is judged");
  CHECK(sw->wred("AZURE_LOSSLESS")->green_min_bytes.value == 1048576u);
  CHECK(sw->port("Ethernet0")->pfcwd->detection_ms == 200u);
}

}  // namespace roce::test
