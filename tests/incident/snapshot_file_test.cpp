// Switch snapshot files (incident/snapshot_blocks.hpp, snapshot_counters.hpp) built from real SONiC
// outputs (tests/fixtures/switch) with `date` lines between them: blocks, their counters, and what
// cannot be read named at its line while the rest is read.
#include <catch2/catch.hpp>

#include <map>

#include "incident/snapshot_blocks.hpp"
#include "incident/snapshot_counters.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "util/text.hpp"

namespace roce::test {

using namespace roce::incident;

namespace {

// A fixture without its provenance lines ("# ...").
std::string fixture(const std::string& name) {
  const std::string text = slurp(std::string(ROCE_FIXTURES_DIR) + "/switch/" + name);
  std::string out;
  for (const auto& line : util::split_lines(text))
    if (!line.starts_with("# ")) out += std::string(line) + "\n";
  return out;
}

const std::vector<std::string>& names() {
  static const std::vector<std::string> n = {"alone/show_pfc_counters_lossy_pg0.txt",
                                             "alone/show_queue_counters_all_ports.txt",
                                             "sonic-leaf03/show_interfaces_counters.txt"};
  return n;
}

std::string block(const std::string& date) {
  std::string out = date + "\n";
  for (const auto& n : names()) out += fixture(n);
  return out;
}

}  // namespace

TEST_CASE("date lines: date -u +%FT%T.%3NZ, its variants and date's default in UTC") {
  CHECK(date_line_ms("2026-11-30T00:53:20.497Z") == 1796000000497);
  CHECK(date_line_ms("2026-11-30 00:53:20Z") == 1796000000000);
  CHECK(date_line_ms("2026-11-30T01:53:20+01:00") == 1796000000000);
  CHECK(date_line_ms("2026-11-30T00:53:20.5") == 1796000000500);
  CHECK(date_line_ms("Mon Nov 30 00:53:20 UTC 2026") == 1796000000000);
  CHECK_FALSE(date_line_ms("Ethernet0    UC0    0"));
  std::string why;
  CHECK_FALSE(date_line_ms("Mon Nov 30 00:53:20 CST 2026", &why));
  CHECK_THAT(why, Catch::Contains("CST"));
  CHECK_FALSE(date_line_ms("2026-13-30T00:53:20Z", &why));
  CHECK(looks_like_date_line("2026-13-30T00:53:20Z"));
}

TEST_CASE("a snapshot file is read block by block, each with the counters of its tables") {
  const std::string text = block("2026-11-30T00:53:20.497Z") + block("2026-11-30T00:53:21.503Z");
  std::vector<std::string> notes;
  std::vector<SnapshotBlock> blocks;
  for_each_block(
      text, "leaf.txt",
      [&](const SnapshotBlock& b) {
        blocks.push_back(b);
        return true;
      },
      notes);
  CHECK(notes.empty());
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0].time_ms == 1796000000497);
  CHECK(blocks[1].time_ms == 1796000001503);
  CHECK(blocks[0].line == 1);
  const BlockCounters c = block_counters(blocks[0].text, "leaf.txt:1");
  CHECK(c.pfc);
  const auto port = [&](const std::string& name) {
    for (const auto& p : c.ports)
      if (p.port == name) return p.counters;
    FAIL("no port " << name);
    return storm::Counters{};
  };
  // show_pfc_counters_lossy_pg0.txt: Ethernet0 sent 52,310 pauses on 0 and 1,201,004 on 3; Ethernet152
  // received 179,523 on 4.
  CHECK(port("Ethernet0").tx_pause[0] == 52310u);
  CHECK(port("Ethernet0").tx_pause[3] == 1201004u);
  CHECK(port("Ethernet152").rx_pause[4] == 179523u);
  CHECK(port("Ethernet152").tx_pause[4] == 0u);
  // show_interfaces_counters.txt: Ethernet0 RX_DRP 18,682, TX_DRP 9,268,210.
  CHECK(port("Ethernet0").rx_discards_port == 18682u);
  CHECK(port("Ethernet0").tx_discards == 9268210u);
  // show_queue_counters_all_ports.txt has Counter/bytes for its unicast queues: summed.
  CHECK(port("Ethernet0").tx_bytes.has_value());
  // Nothing says a duration or an 802.3x count: absent, not zero.
  CHECK_FALSE(port("Ethernet0").tx_pause_us[3]);
  CHECK_FALSE(port("Ethernet0").global_tx_pause);
}

TEST_CASE("the PFC fingerprint moves when a PFC row does, not when another table does") {
  const std::string a = block("2026-11-30T00:53:20Z");
  std::size_t ports = 0;
  const std::uint64_t fa = pfc_fingerprint(a, ports);
  CHECK(ports == 3);
  std::string b = a;
  b.replace(b.find("179,523"), 7, "179,524");
  std::string queues = a;
  queues.replace(queues.find("Ethernet0    UC1"), 16, "Ethernet0    UC1");
  std::size_t unused = 0;
  CHECK(pfc_fingerprint(b, unused) != fa);
  CHECK(pfc_fingerprint(queues, unused) == fa);
  CHECK(pfc_fingerprint(fixture(names()[1]), unused) == 0);
  CHECK(unused == 0);
}

TEST_CASE("a date line that cannot be read leaves its block out, named by its line; the others are read") {
  const std::string first = block("2026-11-30T00:53:20Z");
  const std::size_t first_lines = static_cast<std::size_t>(std::count(first.begin(), first.end(), '\n'));
  const std::string text =
      "leftover of an earlier run\n" + first + block("Mon Nov 30 00:53:21 CST 2026") + block("2026-11-30T00:53:22Z");
  std::vector<std::string> notes;
  std::vector<std::int64_t> times;
  for_each_block(
      text, "leaf.txt",
      [&](const SnapshotBlock& b) {
        times.push_back(b.time_ms);
        return true;
      },
      notes);
  CHECK(times == std::vector<std::int64_t>{1796000000000, 1796000002000});
  REQUIRE(notes.size() == 2);
  CHECK_THAT(notes[0],
             Catch::StartsWith("leaf.txt:" + std::to_string(first_lines + 2) + ": a date line that cannot be read"));
  CHECK_THAT(notes[1], Catch::StartsWith("leaf.txt:1: 1 lines before the first date line"));
}

TEST_CASE("a block cut short keeps what its tables hold; the \"Last cached time\" form is read") {
  std::string text = "2026-11-30T00:53:20Z\n" + fixture("show_pfc_counters_cached_excerpt.txt");
  text = text.substr(0, text.size() - 40);
  std::vector<std::string> notes;
  std::vector<BlockCounters> seen;
  for_each_block(
      text, "leaf.txt",
      [&](const SnapshotBlock& b) {
        seen.push_back(block_counters(b.text, "leaf.txt:1"));
        return true;
      },
      notes);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].pfc);
  CHECK_FALSE(seen[0].pfc_since.empty());
  CHECK_FALSE(seen[0].ports.empty());
}

TEST_CASE("show pfcwd stats in a block: the storms the watchdog detected per queue, and they move the fingerprint") {
  const std::string stats = fixture("show_pfcwd_stats_stormed.txt");
  const BlockCounters c = block_counters(stats, "leaf.txt:1");
  std::map<std::string, storm::Counters> by_port;
  for (const auto& p : c.ports) by_port[p.port] = p.counters;
  // Ethernet4:3 operational, 1/1; Ethernet6:3 stormed, 1/0.
  REQUIRE(by_port.count("Ethernet4"));
  CHECK(by_port["Ethernet4"].pfcwd_storms[3] == 1u);
  CHECK(by_port["Ethernet6"].pfcwd_storms[3] == 1u);
  CHECK_FALSE(by_port["Ethernet6"].pfcwd_storms[0]);  // a queue the table does not list: absent
  std::size_t rows = 0;
  const std::uint64_t before = pfc_fingerprint(stats, rows);
  CHECK(rows == 2);
  std::string after = stats;
  after.replace(after.find("1/0"), 3, "2/1");
  CHECK(pfc_fingerprint(after, rows) != before);
}

}  // namespace roce::test
