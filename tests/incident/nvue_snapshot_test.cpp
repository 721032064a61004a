// Cumulus Linux (NVUE) counters in switch snapshot files: each output after the command naming its
// port, read into the port's storm counters; what names no port, or holds a number that cannot be
// read, is said at its line. The outputs are laid out as the NVUE command reference prints them
// (CumulusNetworks/docs, content/nvue-reference: "nv show interface <interface-id> counters qos
// pfc-stats", "... counters qos port-stats", "nv show interface <interface> counters", and the qos
// guide's "nv show interface swp1 counters qos"), with counts that move.
#include <catch2/catch.hpp>

#include "incident/snapshot_blocks.hpp"
#include "incident/snapshot_counters.hpp"

namespace roce::test {

using namespace roce::incident;

namespace {

std::string pfc_stats(const std::string& prompt, const std::string& port, std::uint64_t rx3, std::uint64_t tx3) {
  const auto row = [](int p, std::uint64_t rx, std::uint64_t rx_us, std::uint64_t tx, std::uint64_t tx_us) {
    char line[128];
    std::snprintf(line, sizeof line, "%-15d  %-15llu  %-17llu  %-15llu  %-17llu\n", p,
                  static_cast<unsigned long long>(rx), static_cast<unsigned long long>(rx_us),
                  static_cast<unsigned long long>(tx), static_cast<unsigned long long>(tx_us));
    return std::string(line);
  };
  std::string out = prompt + "nv show interface " + port + " counters qos pfc-stats\n" +
                    "switch-priority  rx-pause-frames  rx-pause-duration  tx-pause-frames  tx-pause-duration\n"
                    "---------------  ---------------  -----------------  ---------------  -----------------\n";
  for (int p = 0; p < 8; ++p) out += p == 3 ? row(p, rx3, rx3 * 3, tx3, tx3 * 3) : row(p, 0, 0, 0, 0);
  return out;
}

const std::string kCounters =  // nv show interface swp1 counters (Cumulus Linux 5.5 and later)
    "cumulus@leaf01:mgmt:~$ nv show interface swp1 counters\n"
    "                     operational  applied  pending\n"
    "-------------------  -----------  -------  -------\n"
    "carrier-transitions  6                            \n"
    "\n"
    "Detailed Counters\n"
    "====================\n"
    "    Counter            Receive       Transmit    \n"
    "    -----------------  ------------  ------------\n"
    "    Broadcast Packets  0             0           \n"
    "    Multicast Packets  12            40          \n"
    "    Total Octets       981234567890  123456789012\n"
    "    Total Packets      1200000       900000      \n"
    "    Unicast Packets    1199988       899960      \n"
    "\n"
    "Drop Counters\n"
    "================\n"
    "    Counter          Receive  Transmit\n"
    "    ---------------  -------  --------\n"
    "    ACL Drops        0        n/a     \n"
    "    Buffer Drops     17       n/a     \n"
    "    Non-Queue Drops  n/a      0       \n"
    "    Queue Drops      n/a      5       \n"
    "    Total Drops      17       5       \n";

const storm::Counters& port_of(const BlockCounters& c, const std::string& name) {
  for (const auto& p : c.ports)
    if (p.port == name) return p.counters;
  FAIL("no port " << name);
  static const storm::Counters none;
  return none;
}

}  // namespace

TEST_CASE("NVUE pfc-stats and counters after their prompt lines: per port, durations in microseconds") {
  const std::string block = pfc_stats("cumulus@leaf01:mgmt:~$ ", "swp1", 120, 7) + "\n" + kCounters + "\n" +
                            pfc_stats("", "swp2", 0, 4400) + pfc_stats("+ ", "swp3", 9, 0);
  const BlockCounters c = block_counters(block, "leaf01.txt", 10);
  CHECK(c.problems.empty());
  CHECK(c.pfc);
  REQUIRE(c.ports.size() == 3);
  const storm::Counters& swp1 = port_of(c, "swp1");
  CHECK(swp1.rx_pause[3] == 120u);
  CHECK(swp1.rx_pause_us[3] == 360u);
  CHECK(swp1.tx_pause[3] == 7u);
  CHECK(swp1.tx_pause_us[3] == 21u);
  CHECK(swp1.rx_pause[0] == 0u);
  CHECK(swp1.rx_bytes == 981234567890u);
  CHECK(swp1.tx_bytes == 123456789012u);
  CHECK(swp1.rx_discards_port == 17u);
  CHECK(swp1.tx_discards == 5u);
  CHECK_FALSE(swp1.ecn_marked);                      // no port-stats: absent, not 0
  const storm::Counters& swp2 = port_of(c, "swp2");  // a bare command line the loop echoes
  CHECK(swp2.tx_pause[3] == 4400u);
  CHECK(swp2.tx_pause_us[3] == 13200u);
  CHECK_FALSE(swp2.rx_bytes);  // its `counters` was not taken
  CHECK_FALSE(swp2.tx_discards);
  CHECK(port_of(c, "swp3").rx_pause[3] == 9u);  // `set -x`'s "+ nv show ..."
}

TEST_CASE("NVUE counters qos: the PFC and port tables under their titles") {
  const std::string block =
      "cumulus@leaf01:mgmt:~$ nv show interface swp5 counters qos\n"
      "Egress Queue Statistics\n"
      "==========================\n"
      "    traffic-class  tx-frames  tx-bytes  tx-uc-buffer-discards  wred-discards\n"
      "    -------------  ---------  --------  ---------------------  -------------\n"
      "    3              88         0 Bytes   0 Bytes                0            \n"
      "\n"
      "PFC Statistics\n"
      "=================\n"
      "    switch-priority  rx-pause-frames  rx-pause-duration  tx-pause-frames  tx-pause-duration\n"
      "    ---------------  ---------------  -----------------  ---------------  -----------------\n"
      "    0                0                0                  0                0                \n"
      "    3                41               5120               2                16               \n"
      "\n"
      "Qos Port Statistics\n"
      "======================\n"
      "    Counter             Receive  Transmit\n"
      "    ------------------  -------  --------\n"
      "    ecn-marked-packets  n/a      3301    \n"
      "    mc-buffer-discards  n/a      0       \n"
      "    pause-frames        0        0\n";
  const BlockCounters c = block_counters(block, "leaf01.txt", 1);
  CHECK(c.problems.empty());
  const storm::Counters& swp5 = port_of(c, "swp5");
  CHECK(swp5.rx_pause[3] == 41u);
  CHECK(swp5.rx_pause_us[3] == 5120u);
  CHECK(swp5.ecn_marked == 3301u);
  CHECK_FALSE(swp5.rx_pause[1]);      // a priority the table does not list stays absent
  CHECK_FALSE(swp5.global_rx_pause);  // "pause-frames" is not read as 802.3x pause
  std::size_t ports = 0;
  CHECK(pfc_fingerprint(block, ports) != 0);
  CHECK(ports == 1);
}

TEST_CASE("NVUE outputs that name no port, or hold what cannot be read, are said at their line") {
  // Line 1 of the block is line 21 of the file (its date line is line 20).
  std::string orphan = pfc_stats("", "swp1", 5, 5);
  orphan = orphan.substr(orphan.find('\n') + 1);  // the loop printed no command line
  std::string scaled = kCounters;
  scaled.replace(scaled.find("981234567890"), 12, "3.37 MB     ");
  const std::string block = orphan + "\n" + scaled + pfc_stats("", "swp2", 1, 2);
  const BlockCounters c = block_counters(block, "leaf01.txt", 20);
  REQUIRE(c.problems.size() == 2);
  CHECK_THAT(c.problems[0], Catch::StartsWith("leaf01.txt:21: an NVUE counters table with no"));
  // The scaled value: line 13 of kCounters, which begins on block line 11.
  CHECK_THAT(c.problems[1], Catch::StartsWith("leaf01.txt:43: Total Octets Receive \"3.37 MB\" is not a count"));
  CHECK_THAT(c.problems[1], Catch::EndsWith("the output of swp1 is not read"));
  REQUIRE(c.ports.size() == 1);  // swp2 is still read
  CHECK(port_of(c, "swp2").tx_pause[3] == 2u);
}

TEST_CASE("the PFC fingerprint of NVUE outputs moves with a pfc-stats row, counts one port per table") {
  const std::string a = pfc_stats("", "swp1", 5, 0) + pfc_stats("", "swp2", 0, 0) + kCounters;
  const std::string b = pfc_stats("", "swp1", 5, 0) + pfc_stats("", "swp2", 0, 1) + kCounters;
  std::string other = kCounters;
  other.replace(other.find("981234567890"), 12, "981234567891");
  const std::string c = pfc_stats("", "swp1", 5, 0) + pfc_stats("", "swp2", 0, 0) + other;
  std::size_t ports = 0, unused = 0;
  const std::uint64_t fa = pfc_fingerprint(a, ports);
  CHECK(ports == 2);
  CHECK(pfc_fingerprint(b, unused) != fa);
  CHECK(pfc_fingerprint(c, unused) == fa);
  CHECK(pfc_fingerprint(kCounters, unused) == 0);
}

}  // namespace roce::test
