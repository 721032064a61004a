// SONiC COUNTERS_DB dumps of `show techsupport` archives as `storm --switch` inputs: the redis dump
// read into per-port storm counters, the dumps' names into a time and a switch, and `roce-doctor
// storm` end to end on the simulated NIC storm with leaf01's snapshots converted to a series of
// dumps. The dumps are laid out as sonic-utilities' generate_dump writes them (`sonic-db-dump -n
// COUNTERS_DB -y` into sonic_dump_HOST_YYYYMMDD_HHMMSS/dump/COUNTERS_DB.json: redis-dump-load's
// {"KEY": {"type": "hash", "value": {...}}}), keyed as portstat, pfcstat, queuestat and pfcwd read
// COUNTERS_DB (COUNTERS_PORT_NAME_MAP and COUNTERS_QUEUE_NAME_MAP to "oid:0x...", COUNTERS:oid:0x...
// hashes of SAI_PORT_STAT_* / SAI_QUEUE_STAT_* / PFC_WD_QUEUE_STATS_* strings).
#include <catch2/catch.hpp>

#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "incident/counters_db_source.hpp"
#include "incident/snapshot_blocks.hpp"
#include "storm_example.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce::incident;
using nlohmann::json;

namespace {

namespace fs = std::filesystem;

json hash(json fields) { return {{"type", "hash"}, {"value", std::move(fields)}}; }

// Two ports; Ethernet0's queue 3 unicast, queue 11 multicast; Ethernet4 counts pause durations.
json two_port_dump() {
  json e0 = {{"SAI_PORT_STAT_IF_IN_OCTETS", "981234567890"},
             {"SAI_PORT_STAT_IF_IN_DISCARDS", "17"},
             {"SAI_PORT_STAT_IF_OUT_DISCARDS", "5"}};
  json e4 = {{"SAI_PORT_STAT_IF_IN_OCTETS", "1000"}, {"SAI_PORT_STAT_IF_OUT_OCTETS", "2000"}};
  for (int p = 0; p < 8; ++p) {
    const std::string k = "SAI_PORT_STAT_PFC_" + std::to_string(p);
    e0[k + "_RX_PKTS"] = p == 3 ? "120" : "0";
    e0[k + "_TX_PKTS"] = p == 3 ? "7" : "0";
    e4[k + "_RX_PKTS"] = "0";
    e4[k + "_TX_PKTS"] = p == 3 ? "4400" : "0";
    e4[k + "_RX_PAUSE_DURATION_US"] = "0";
    e4[k + "_TX_PAUSE_DURATION_US"] = p == 3 ? "13200" : "0";
  }
  return {
      {"COUNTERS_PORT_NAME_MAP", hash({{"Ethernet0", "oid:0x1000000000002"}, {"Ethernet4", "oid:0x1000000000003"}})},
      {"COUNTERS_QUEUE_NAME_MAP",
       hash({{"Ethernet0:3", "oid:0x15000000000230"}, {"Ethernet0:11", "oid:0x15000000000238"}})},
      {"COUNTERS_QUEUE_TYPE_MAP", hash({{"oid:0x15000000000230", "SAI_QUEUE_TYPE_UNICAST"},
                                        {"oid:0x15000000000238", "SAI_QUEUE_TYPE_MULTICAST"}})},
      {"COUNTERS:oid:0x1000000000002", hash(e0)},
      {"COUNTERS:oid:0x1000000000003", hash(e4)},
      {"COUNTERS:oid:0x15000000000230", hash({{"SAI_QUEUE_STAT_PACKETS", "900"},
                                              {"SAI_QUEUE_STAT_BYTES", "123456"},
                                              {"SAI_QUEUE_STAT_DROPPED_PACKETS", "2"},
                                              {"SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS", "3301"},
                                              {"PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED", "1"}})},
      {"COUNTERS:oid:0x15000000000238",
       hash({{"SAI_QUEUE_STAT_BYTES", "999"}, {"SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS", "50"}})},
      {"RATES:oid:0x1000000000002", hash({{"RX_BPS", "0.0"}})}};
}

const storm::Counters& port_of(const std::vector<SwitchPortCounters>& ports, const std::string& name) {
  for (const auto& p : ports)
    if (p.port == name) return p.counters;
  FAIL("no port " << name);
  static const storm::Counters none;
  return none;
}

std::string stamp_of(std::int64_t ms) {
  const std::time_t t = ms / 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char s[32];
  std::strftime(s, sizeof s, "%Y%m%d_%H%M%S", &tm);
  return s;
}

// leaf01's snapshot blocks, as the simulator printed them, written as one tech-support dump per
// block (a second's second block left out: the dumps' names count seconds) with the same values:
// PFC frames per priority, the unicast queues' bytes and ECN marks (on queue 3), RX_DRP and TX_DRP,
// the watchdog's storms per queue; its LLDP table as `lldpctl` prints it in dump/lldpctl.
void snapshots_to_dumps(const std::string& leaf, const std::string& into) {
  const std::string text = slurp(leaf + "/snapshots.txt");
  std::string lldpctl =
      "-------------------------------------------------------------------------------\nLLDP neighbors:\n"
      "-------------------------------------------------------------------------------\n";
  for (const std::string& row : {std::string("Ethernet0 gpu001 0c:42:a1:03:00:00 ens1f0np0"),
                                 std::string("Ethernet4 gpu002 0c:42:a1:04:00:00 ens1f0np0"),
                                 std::string("Ethernet8 gpu003 0c:42:a1:05:00:00 ens1f0np0"),
                                 std::string("Ethernet12 spine01 Ethernet0 Ethernet0")}) {
    char port[32], sys[32], id[32], descr[32];
    REQUIRE(std::sscanf(row.c_str(), "%31s %31s %31s %31s", port, sys, id, descr) == 4);
    const bool mac = std::string(id).size() == 17;
    lldpctl += std::string("Interface:    ") + port + ", via: LLDP, RID: 1, Time: 0 day, 00:10:00\n  Chassis:\n" +
               "    SysName:      " + sys + "\n  Port:\n    PortID:       " + (mac ? "mac " : "ifname ") + id +
               "\n    PortDescr:    " + descr + "\n    TTL:          120\n" +
               "-------------------------------------------------------------------------------\n";
  }
  std::vector<std::string> notes;
  std::string last;
  for_each_block(
      text, "snapshots.txt",
      [&](const SnapshotBlock& b) {
        const std::string stamp = stamp_of(b.time_ms);
        if (stamp == last) return true;
        last = stamp;
        json names, queues, types, db;
        int n = 0;
        for (const auto& p : block_counters(b.text, "snapshots.txt", b.line).ports) {
          const std::string oid = "oid:0x10000000000" + std::to_string(10 + n);
          names[p.port] = oid;
          json port;
          const storm::Counters& c = p.counters;
          for (int q = 0; q < 8; ++q) {
            const std::string k = "SAI_PORT_STAT_PFC_" + std::to_string(q);
            if (c.rx_pause[q]) port[k + "_RX_PKTS"] = std::to_string(*c.rx_pause[q]);
            if (c.tx_pause[q]) port[k + "_TX_PKTS"] = std::to_string(*c.tx_pause[q]);
          }
          if (c.rx_discards_port) port["SAI_PORT_STAT_IF_IN_DISCARDS"] = std::to_string(*c.rx_discards_port);
          if (c.tx_discards) port["SAI_PORT_STAT_IF_OUT_DISCARDS"] = std::to_string(*c.tx_discards);
          db["COUNTERS:" + oid] = hash(port);
          for (int q = 0; q < 8; ++q) {
            const std::string qoid = "oid:0x150000000" + std::to_string(100 + n) + std::to_string(q);
            json queue = json::object();
            if (c.pfcwd_storms[q]) queue["PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED"] = std::to_string(*c.pfcwd_storms[q]);
            if (q == 3 && c.tx_bytes) queue["SAI_QUEUE_STAT_BYTES"] = std::to_string(*c.tx_bytes);
            if (q == 3 && c.ecn_marked) queue["SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS"] = std::to_string(*c.ecn_marked);
            queues[p.port + ":" + std::to_string(q)] = qoid;
            types[qoid] = "SAI_QUEUE_TYPE_UNICAST";
            db["COUNTERS:" + qoid] = hash(queue);
          }
          ++n;
        }
        db["COUNTERS_PORT_NAME_MAP"] = hash(names);
        db["COUNTERS_QUEUE_NAME_MAP"] = hash(queues);
        db["COUNTERS_QUEUE_TYPE_MAP"] = hash(types);
        const std::string dump = into + "/sonic_dump_leaf01_" + stamp + "/dump";
        fs::create_directories(dump);
        write_file(dump + "/COUNTERS_DB.json", db.dump(2));
        write_file(dump + "/lldpctl", lldpctl);
        return true;
      },
      notes);
  REQUIRE(notes.empty());
}

}  // namespace

TEST_CASE("a COUNTERS_DB dump gives each port's PFC frames, durations, octets, drops, ECN marks and storms") {
  auto db =
      switches::parse_counters_db(two_port_dump().dump(2), "sonic_dump_leaf01_20261130_005320:dump/COUNTERS_DB.json");
  REQUIRE(db);
  CHECK(db->problems.empty());
  const auto ports = counters_db_ports(*db);
  REQUIRE(ports.size() == 2);
  const storm::Counters& e0 = port_of(ports, "Ethernet0");
  CHECK(e0.rx_pause[3] == 120u);
  CHECK(e0.tx_pause[3] == 7u);
  CHECK(e0.rx_pause[0] == 0u);
  CHECK_FALSE(e0.rx_pause_us[3]);  // this ASIC counts no durations: absent, not 0
  CHECK(e0.rx_bytes == 981234567890u);
  CHECK(e0.tx_bytes == 123456u);  // no IF_OUT_OCTETS: the unicast queues' bytes, not the multicast one's
  CHECK(e0.ecn_marked == 3301u);
  CHECK(e0.rx_discards_port == 17u);
  CHECK(e0.tx_discards == 5u);
  CHECK(e0.pfcwd_storms[3] == 1u);
  CHECK_FALSE(e0.pfcwd_storms[0]);
  const storm::Counters& e4 = port_of(ports, "Ethernet4");
  CHECK(e4.tx_pause[3] == 4400u);
  CHECK(e4.tx_pause_us[3] == 13200u);
  CHECK(e4.tx_bytes == 2000u);
  CHECK_FALSE(e4.ecn_marked);  // no queues
  CHECK_FALSE(e4.tx_discards);
}

TEST_CASE("the COUNTERS_DB fixture the fuzz target is seeded with reads as the dump built here") {
  const std::string file = std::string(ROCE_FIXTURES_DIR) + "/incident/counters_db_2_ports.json";
  auto db = switches::parse_counters_db(slurp(file), file);
  REQUIRE(db);
  CHECK(db->problems.empty());
  const auto ports = counters_db_ports(*db);
  REQUIRE(ports.size() == 2);
  CHECK(port_of(ports, "Ethernet0").tx_bytes == 123456789012u);  // IF_OUT_OCTETS before the queues' bytes
  CHECK(port_of(ports, "Ethernet0").ecn_marked == 3301u);
  CHECK(port_of(ports, "Ethernet4").tx_pause_us[3] == 13200u);
}

TEST_CASE("a COUNTERS_DB dump in flat keys with '|' reads alike; without the queue type map no queue sums") {
  json flat;
  const json nested = two_port_dump();
  for (const auto& [key, value] : nested.items()) {
    std::string k = key;
    if (auto c = k.find(':'); c != std::string::npos) k[c] = '|';
    if (key != "COUNTERS_QUEUE_TYPE_MAP") flat[k] = value["value"];
  }
  auto db = switches::parse_counters_db(flat.dump(), "COUNTERS_DB.json");
  REQUIRE(db);
  const auto ports = counters_db_ports(*db);
  const storm::Counters& e0 = port_of(ports, "Ethernet0");
  CHECK(e0.rx_pause[3] == 120u);
  CHECK(e0.pfcwd_storms[3] == 1u);
  CHECK_FALSE(e0.tx_bytes);  // unicast queues cannot be told
  CHECK_FALSE(e0.ecn_marked);
}

TEST_CASE("a COUNTERS_DB value that is no count is named by its file, key and field; the rest is read") {
  json dump = two_port_dump();
  dump["COUNTERS:oid:0x1000000000002"]["value"]["SAI_PORT_STAT_PFC_3_RX_PKTS"] = "12x";
  dump["COUNTERS_QUEUE_NAME_MAP"]["value"]["Ethernet99:1"] = "oid:0x1";
  auto db = switches::parse_counters_db(dump.dump(), "d/COUNTERS_DB.json");
  REQUIRE(db);
  REQUIRE(db->problems.size() == 2);
  CHECK(db->problems[0] ==
        "d/COUNTERS_DB.json: COUNTERS:oid:0x1000000000002 (Ethernet0) SAI_PORT_STAT_PFC_3_RX_PKTS \"12x\" is not a "
        "count: left unknown");
  CHECK_THAT(db->problems[1], Catch::StartsWith("d/COUNTERS_DB.json: COUNTERS_QUEUE_NAME_MAP Ethernet99:1 names no"));
  const auto ports = counters_db_ports(*db);
  const storm::Counters& e0 = port_of(ports, "Ethernet0");
  CHECK_FALSE(e0.rx_pause[3]);
  CHECK(e0.tx_pause[3] == 7u);
  auto other =
      switches::parse_counters_db(R"({"PORT|Ethernet0": {"type": "hash", "value": {"mtu": "9100"}}})", "c.json");
  REQUIRE_FALSE(other);
  CHECK_THAT(other.error().message, Catch::StartsWith("c.json: no COUNTERS_PORT_NAME_MAP"));
  CHECK_FALSE(switches::parse_counters_db("{\"COUNTERS_PORT_NAME_MAP\": ", "t.json"));
}

TEST_CASE("a tech-support dump's name gives its switch and time, read as UTC") {
  const TempDir tmp("techsupport-names");
  const std::string folder = tmp.path("sonic_dump_leaf_01_20261130_005320");
  fs::create_directories(folder);
  const auto d = tech_support_dump(folder);
  REQUIRE(d);
  CHECK(d->host == "leaf_01");
  CHECK(d->time_ms == *date_line_ms("2026-11-30T00:53:20Z"));
  write_file(tmp.path("sonic_dump_spine01_20261130_005400.tar.gz"), "");
  REQUIRE(tech_support_dump(tmp.path("sonic_dump_spine01_20261130_005400.tar.gz")));
  CHECK(tech_support_dump(tmp.path("sonic_dump_spine01_20261130_005400.tar.gz"))->host == "spine01");
  CHECK_FALSE(tech_support_dump(tmp.path("sonic_dump_leaf01_2026113_005320")));
  CHECK_FALSE(tech_support_dump(tmp.path("leaf01_20261130_005320")));
  CHECK_FALSE(tech_support_dump(tmp.path("sonic_dump_leaf01_20261330_005320")));  // month 13
}

TEST_CASE("storm reads leaf01 as COUNTERS_DB dumps taken over the storm: the same NIC storm, its port and cables") {
  const TempDir tmp("storm-counters-db");
  const std::string dir = tmp.path("incident");
  fs::copy(storm_example(), dir, fs::copy_options::recursive);
  const std::string leaf = dir + "/switches/leaf01";
  snapshots_to_dumps(leaf, tmp.path("leaf01-dumps"));
  fs::remove_all(leaf);
  fs::rename(tmp.path("leaf01-dumps"), leaf);
  const std::string args =
      shell_word(dir + "/hosts") + " " + shell_word(dir + "/lldp") + " --switch " + shell_word(dir + "/switches");
  const Run r = run("storm " + args);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::StartsWith("storm 1: nic-storm on priority 3, origin gpu003 ens1f0np0\n"));
  CHECK_THAT(r.out, Catch::Contains("leaf01 Ethernet8"));
  CHECK_THAT(r.out, Catch::EndsWith("1 pause storm (critical): 15 ports read, 8 cables\n"));

  // Without gpu003's recording the hosts see no storm; leaf01's dumps show it, and whose NIC it is:
  // gpu003, at the far end of the cable of the port it paused, read from that port's counters.
  fs::remove(dir + "/hosts/gpu003.rec");
  const Run hosts = run("storm " + shell_word(dir + "/hosts") + " " + shell_word(dir + "/lldp"));
  CHECK_THAT(hosts.out, Catch::StartsWith("no pause storm"));
  const Run with_leaf = run("storm --json " + shell_word(dir + "/hosts") + " " + shell_word(dir + "/lldp") +
                            " --switch " + shell_word(leaf));
  CHECK(with_leaf.exit_code == 2);
  const auto doc = json::parse(with_leaf.out);
  REQUIRE(doc["storms"].size() == 1);
  CHECK(doc["storms"][0]["priority"] == 3);
  CHECK(doc["storms"][0]["origin"][0]["node"] == "gpu003");
  CHECK(doc["storms"][0]["origin"][0]["port"] == "ens1f0np0");
  CHECK(doc["storms"][0]["cause"] == "nic-storm");
  CHECK_THAT(doc["storms"][0]["unseen"].dump(), Catch::Contains("gpu003 ens1f0np0: not in the data"));
}

TEST_CASE("one COUNTERS_DB dump is one point in time: said, and no storm made of it") {
  const TempDir tmp("one-dump");
  const std::string dump = tmp.path("sonic_dump_leaf01_20261130_005320/dump");
  fs::create_directories(dump);
  write_file(dump + "/COUNTERS_DB.json", two_port_dump().dump(2));
  const Run r = run("storm --switch " + shell_word(tmp.path("sonic_dump_leaf01_20261130_005320")));
  CHECK_THAT(r.out + r.err,
             Catch::Contains("the only COUNTERS_DB dump of leaf01: one point in time shows no counter moving"));
  CHECK_THAT(r.out, !Catch::Contains("storm 1"));
  CHECK(r.exit_code != 2);
}

}  // namespace roce::test
