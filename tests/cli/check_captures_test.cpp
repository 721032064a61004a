// `check --from A --from B` on two imported captures of one host (folders of command outputs as an
// sos report lays them out): rates from the captures' own `date`, or --dt; other hosts refused.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace {

const std::string kFixture = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/folder";

// A copy of the fixture folder with its `date` and one more ethtool -S line.
std::string capture(const std::string& name, const std::string& date, const std::string& extra_counter,
                    const std::string& hostname = "gpu-node-07") {
  const std::string dir = temp_path(name);
  std::system(("rm -rf '" + dir + "' && cp -r '" + kFixture + "' '" + dir + "'").c_str());
  if (date.empty())
    std::remove((dir + "/date").c_str());
  else
    write_file(dir + "/date", date + "\n");
  write_file(dir + "/hostname", hostname + "\n");
  // The fixture's ibstat (a real H100 sample) says mlx5_0 is InfiniBand; here ens1f0's device is RoCE.
  std::remove((dir + "/ibstat").c_str());
  // The driver names the counters: tx_prio3_pause_duration is mlx5's.
  write_file(dir + "/ethtool_-i_ens1f0",
             "driver: mlx5_core\nversion: 5.15.0-91-generic\nfirmware-version: 22.39.1002 (MT_0000000359)\n"
             "expansion-rom-version:\nbus-info: 0000:3b:00.0\nsupports-statistics: yes\n");
  write_file(dir + "/ethtool_-S_ens1f0", slurp(kFixture + "/ethtool_-S_ens1f0") + "     " + extra_counter + "\n");
  return dir;
}

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("two imported folders of one host give rate findings, as two bundles do") {
  // 60 s apart; priority 3 paused for 45 s of them (75 %: critical).
  const std::string a = capture("cap-a", "Sun Nov 29 20:30:00 UTC 2026", "tx_prio3_pause_duration: 1000000");
  const std::string b = capture("cap-b", "Sun Nov 29 20:31:00 UTC 2026", "tx_prio3_pause_duration: 46000000");
  for (const auto& [first, second] : {std::pair{a, b}, std::pair{b, a}}) {
    const auto r = run("check --only PAUSE-STORM --from '" + first + "' --from '" + second + "'");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.out, "from bundles " + a + " and " + b + ", 60 s apart"));
    CHECK(has(r.out, "CRITICAL PAUSE-STORM  ens1f0"));
    CHECK(has(r.out, "75.0%"));
  }

  // Without `date` in one of them there is no clock: configuration only, unless --dt gives it.
  const std::string c = capture("cap-c", "", "tx_prio3_pause_duration: 1000000");
  const std::string d = capture("cap-d", "", "tx_prio3_pause_duration: 16000000");
  const auto no_clock = run("check --only PAUSE-STORM --from '" + c + "' --from '" + d + "'");
  INFO(no_clock.out << no_clock.err);
  CHECK(has(no_clock.out, "no usable clocks: configuration only (give --dt SECONDS for rates)"));
  CHECK_FALSE(has(no_clock.out, "CRITICAL PAUSE-STORM"));
  const auto given = run("check --only PAUSE-STORM --from '" + c + "' --from '" + d + "' --dt 20");
  INFO(given.out << given.err);
  CHECK(given.exit_code == 2);
  CHECK(has(given.out, "20 s apart (--dt)"));
  CHECK(has(given.out, "CRITICAL PAUSE-STORM  ens1f0"));
  const auto with_unit = run("check --only PAUSE-STORM --from '" + c + "' --from '" + d + "' --dt 0.5m");
  CHECK(has(with_unit.out, "30 s apart (--dt)"));
  CHECK(run("check --from '" + c + "' --from '" + d + "' --dt 20x").exit_code == 3);

  const auto lone_dt = run("check --from '" + c + "' --dt 20");
  CHECK(lone_dt.exit_code == 3);
  CHECK(has(lone_dt.err, "--dt gives the time between two captures"));

  const std::string other =
      capture("cap-e", "Sun Nov 29 20:31:00 UTC 2026", "tx_prio3_pause_duration: 2", "gpu-node-03");
  const auto refused = run("check --from '" + a + "' --from '" + other + "'");
  CHECK(refused.exit_code == 3);
  CHECK(has(refused.err, "are of different hosts (\"gpu-node-07\" and \"gpu-node-03\")"));
  for (const auto& dir : {a, b, c, d, other}) std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("check --from gives the same findings for a folder of command outputs and for its bundle") {
  // Two folders of one host, and the same two captures as host documents (`show --json --from`).
  const std::string a = capture("eq-a", "Sun Nov 29 20:30:00 UTC 2026", "tx_prio3_pause_duration: 1000000");
  const std::string b = capture("eq-b", "Sun Nov 29 20:31:00 UTC 2026", "tx_prio3_pause_duration: 46000000");
  const std::string ja = temp_path("eq-a.json"), jb = temp_path("eq-b.json");
  for (const auto& [folder, json] : {std::pair{a, ja}, std::pair{b, jb}}) {
    const auto shown = run("show --json --from '" + folder + "'");
    REQUIRE(shown.exit_code == 0);
    write_file(json, shown.out);
  }
  const auto from_folders = run("check --json --from '" + a + "' --from '" + b + "'");
  const auto from_bundles = run("check --json --from '" + ja + "' --from '" + jb + "'");
  INFO(from_folders.out.substr(0, 2000) << from_folders.err << from_bundles.err);
  CHECK(from_folders.exit_code == 2);
  CHECK(from_bundles.exit_code == from_folders.exit_code);
  auto summary = [](const std::string& out) {
    std::vector<std::string> rows;
    const auto doc = nlohmann::json::parse(out);
    for (const auto& f : doc["findings"])
      rows.push_back(f["id"].get<std::string>() + " " + f["severity"].get<std::string>() + " " + f["subject"].dump() +
                     " " + f["title"].get<std::string>());
    return rows;
  };
  const auto folder_rows = summary(from_folders.out);
  CHECK(!folder_rows.empty());
  CHECK(folder_rows == summary(from_bundles.out));
}

TEST_CASE("a capture's ethtool -m cable length is the real cable the PFC delay is judged against") {
  // The fixture's dcb pfc delay is the mlx5 default of 7 m. Without the module's word it stands.
  const std::string without = capture("cable-none", "Sun Nov 29 20:30:00 UTC 2026", "rx_prio3_pause: 1");
  const auto plain = run("check --only BUF-CABLE --from '" + without + "'");
  INFO(plain.out << plain.err);
  CHECK(plain.exit_code == 0);
  CHECK_FALSE(has(plain.out, "WARNING BUF-CABLE"));

  // A 30 m QSFP28 DAC, as ethtool -m prints it (SFF-8636: "Length (Copper or Active cable)").
  const std::string with = capture("cable-30m", "Sun Nov 29 20:30:00 UTC 2026", "rx_prio3_pause: 1");
  write_file(with + "/ethtool_-m_ens1f0",
             "\tIdentifier                                : 0x11 (QSFP28)\n"
             "\tConnector                                 : 0x23 (No separable connector)\n"
             "\tLength (SMF,km)                           : 0km\n"
             "\tLength (OM3 50um)                         : 0m\n"
             "\tLength (OM2 50um)                         : 0m\n"
             "\tLength (OM1 62.5um)                       : 0m\n"
             "\tLength (Copper or Active cable)           : 30m\n"
             "\tTransmitter technology                    : 0xa0 (Copper cable unequalized)\n");
  const auto judged = run("check --only BUF-CABLE --from '" + with + "'");
  INFO(judged.out << judged.err);
  CHECK(judged.exit_code == 1);
  CHECK(has(judged.out, "WARNING  BUF-CABLE  ens1f0"));
  CHECK(has(judged.out, "the module says 30 m"));
  CHECK(has(judged.out, "ethtool_-m_ens1f0:7"));

  // tune plans the real cable length from the module, and nothing without it.
  const auto planned = run("tune --from '" + with + "'");
  INFO(planned.out << planned.err);
  CHECK(has(planned.out, "+ delay (cable m): 30"));
  CHECK(has(planned.out, "the module's cable length says 30 m"));
  CHECK(has(run("tune --from '" + without + "'").out, "Nothing to change"));
}

TEST_CASE("a switchdev capture's devlink sb: show prints it, check judges it, a bundle carries it") {
  const std::string sb = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/switchdev-sb";
  const auto shown = run("show --from '" + sb + "'");
  INFO(shown.out << shown.err);
  REQUIRE(shown.exit_code == 0);
  CHECK(has(shown.out, "devlink-sb pci/0000:03:00.0\n"));
  CHECK(has(shown.out, "    pool 2 ingress size 1000080 static cell-size 144\n"));
  CHECK(has(shown.out, "    pool 4 egress size 41686992 dynamic cell-size 144\n"));
  CHECK(has(shown.out, "    swp1 prio 3 ingress pg 3: pool 2 threshold 1000080 bytes\n"));
  CHECK(has(shown.out, "    swp1 prio 3 egress tc 3: pool 6 threshold 10000080 bytes\n"));
  CHECK(run("check --only SB-LOSSLESS --from '" + sb + "'").exit_code == 0);

  // mlxsw's default egress binding of TC 3, as before the lossless set-up: a finding with the fix.
  const std::string broken = temp_path("switchdev-sb-default-egress");
  std::system(("rm -rf '" + broken + "' && cp -r '" + sb + "' '" + broken + "'").c_str());
  std::string binds = slurp(sb + "/devlink_sb_tc_bind_show");
  const std::string row = "tc 3 type egress pool 6 threshold 10000080";
  binds.replace(binds.find(row), row.size(), "tc 3 type egress pool 4 threshold 9");
  write_file(broken + "/devlink_sb_tc_bind_show", binds);
  CHECK(has(run("show --from '" + broken + "'").out, "    swp1 prio 3 egress tc 3: pool 4 threshold 9 (alpha 1/2)\n"));
  const auto judged = run("check --json --only SB-LOSSLESS --from '" + broken + "'");
  INFO(judged.out << judged.err);
  CHECK(judged.exit_code == 1);
  const auto doc = nlohmann::json::parse(judged.out);
  const auto& f = doc.at("findings").at(0);
  CHECK(f.at("id") == "SB-LOSSLESS");
  CHECK(f.at("subject").at("netdev") == "swp1");
  CHECK(f.at("remediation").at(0) == "devlink sb tc bind set swp1 tc 3 type egress pool 6 th 10000080");
  CHECK(f.at("evidence").at(0).at("source") == "folder");
  CHECK(f.at("evidence").at(0).at("locator") == "devlink_sb_tc_bind_show:13");
  CHECK(f.at("evidence").at(0).at("raw") == "  sb 0 tc 3 type egress pool 4 threshold 9");

  // show --json writes the host with its shared buffer; check reads it back and judges the same.
  const auto host_json = run("show --json --from '" + broken + "'");
  REQUIRE(host_json.exit_code == 0);
  CHECK(has(host_json.out, "\"shared_buffers\""));
  const std::string saved = temp_path("switchdev-sb.json");
  write_file(saved, host_json.out);
  const auto again = run("check --json --only SB-LOSSLESS --from '" + saved + "'");
  INFO(again.out << again.err);
  CHECK(again.exit_code == 1);
  CHECK(nlohmann::json::parse(again.out).at("findings").at(0).at("remediation") == f.at("remediation"));
}

}  // namespace roce::test
