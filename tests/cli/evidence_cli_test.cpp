// `show --evidence` and `check` quoting the capture lines their values were read from, end to end on
// the sos-like fixture (tests/fixtures/import: provenance there) and through a saved host document.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace {

const std::string kSosReport =
    std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/sosreport-gpu-node-07-2026-11-29-abcdef";

bool has_text(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The folder fixture (tests/fixtures/import/folder) with ECN off on priority 3, 802.3x pause on
// (ethtool -a) and, as its ethtool -S, the real ConnectX-4 Lx global pause counters of
// tests/fixtures/samples (provenance there) under ethtool's heading.
std::string ecn_off_pause_capture() {
  namespace fs = std::filesystem;
  const std::string dir = temp_path("ecn-off-pause");
  fs::remove_all(dir);
  fs::copy(std::string(ROCE_FIXTURES_DIR) + "/import/folder", dir, fs::copy_options::recursive);
  for (const char* point : {"roce_np", "roce_rp"})
    write_file(dir + "/sys/class/net/ens1f0/ecn/" + point + "/enable/3", "0\n");
  write_file(dir + "/ethtool_-a_ens1f0", "Pause parameters for ens1f0:\nAutonegotiate:\toff\nRX:\t\ton\nTX:\t\ton\n");
  std::istringstream sample(
      slurp(std::string(ROCE_FIXTURES_DIR) + "/samples/mlx5_ethtool_S_global_pause_grep_cx4lx.txt"));
  std::string stats = "NIC statistics:\n";
  for (std::string line; std::getline(sample, line);)
    if (!line.starts_with("#")) stats += line + "\n";
  write_file(dir + "/ethtool_-S_ens1f0", stats);
  return dir;
}

}  // namespace

TEST_CASE("show --evidence quotes under each netdev and port the sos lines its values came from") {
  const auto r = run("show --evidence --dev ens1f0 --from '" + kSosReport + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(has_text(r.out,
                 "    evidence pfc: sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0:1\n"
                 "      > pfc-cap 8 macsec-bypass off delay 7\n"
                 "      > prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off\n"));
  CHECK(has_text(r.out,
                 "    evidence trust: sos_commands/mellanox/mlnx_qos_-i_ens1f0:2\n"
                 "      > Priority trust state: dscp\n"));
  CHECK(has_text(r.out, "    evidence mtu: sys/class/net/ens1f0/mtu:1\n      > 4200\n"));
  CHECK(has_text(r.out, "    evidence state: sos_commands/infiniband/ibstat:9\n      > \t\tState: Active\n"));
  // Without --evidence, nothing is quoted.
  const auto plain = run("show --dev ens1f0 --from '" + kSosReport + "'").out;
  CHECK_FALSE(has_text(plain, "    evidence "));
  CHECK_FALSE(has_text(plain, "    > "));
}

TEST_CASE("show --json --evidence saves the quotes in the host document, which show --evidence reads back") {
  const std::string saved = temp_path("evidence-host.json");
  const auto json = run("show --json --evidence --from '" + kSosReport + "'");
  REQUIRE(json.exit_code == 0);
  const auto doc = nlohmann::json::parse(json.out);
  REQUIRE(doc.contains("raw_lines"));
  CHECK(doc["raw_lines"].size() > 10);
  CHECK_FALSE(nlohmann::json::parse(run("show --json --from '" + kSosReport + "'").out).contains("raw_lines"));
  write_file(saved, json.out);
  const auto from_capture = run("show --evidence --from '" + kSosReport + "'");
  const auto from_saved = run("show --evidence --from '" + saved + "'");
  std::remove(saved.c_str());
  REQUIRE(from_saved.exit_code == 0);
  // The same view but for the first line, which names the file read.
  CHECK(from_saved.out.substr(from_saved.out.find('\n')) == from_capture.out.substr(from_capture.out.find('\n')));
}

TEST_CASE("show --evidence on a capture that keeps no lines says why nothing is quoted") {
  const auto r = run("show --evidence --from '" + std::string(ROCE_EXAMPLES_DIR) + "/cx6dx-ecn-off.json'");
  REQUIRE(r.exit_code == 0);
  CHECK(has_text(r.out, "\nevidence: none (this capture keeps no raw lines: only imported sos reports, "));
  CHECK_FALSE(has_text(r.out, "    evidence "));
}

TEST_CASE("check quotes each finding's evidence line from the capture, in text and as JSON raw") {
  const auto text = run("check --from '" + kSosReport + "'");
  INFO(text.out);
  CHECK(text.exit_code == 2);
  CHECK(has_text(text.out, "    state = 1: DOWN  [sos sos_commands/infiniband/ibstat:77]\n      > \t\tState: Down\n"));
  CHECK(has_text(
      text.out,
      "    rx_pcs_symbol_err_phy = 386  [ethtool phy.symbol_errors]\n      >      rx_pcs_symbol_err_phy: 386\n"));
  const auto json = run("check --json --from '" + kSosReport + "'");
  const auto doc = nlohmann::json::parse(json.out);
  bool quoted = false;
  for (const auto& f : doc["findings"])
    for (const auto& e : f["evidence"]) {
      REQUIRE(e.contains("raw"));
      if (e["locator"] == "sos_commands/infiniband/ibstat:77") {
        CHECK(e["raw"] == "\t\tState: Down");
        quoted = true;
      }
      // A counter's evidence quotes the line of ethtool -S that names it.
      if (e["name"] == "rx_pcs_symbol_err_phy") CHECK(e["raw"] == "     rx_pcs_symbol_err_phy: 386");
    }
  CHECK(quoted);
}

TEST_CASE("check quotes the ethtool -S line of each counter a finding cites, beside ECN and pause settings") {
  const std::string capture = ecn_off_pause_capture();
  const auto text = run("check --from '" + capture + "'");
  INFO(text.out << text.err);
  CHECK(text.exit_code == 2);
  CHECK(has_text(text.out,
                 "    ecn/roce_np/enable/3 = 0  [folder sys/class/net/ens1f0/ecn/roce_np/enable/3:1]\n      > 0\n"));
  CHECK(has_text(text.out,
                 "    tx_global_pause = 1266552  [ethtool global.tx_pause]\n"
                 "      >      tx_global_pause: 1266552\n"
                 "    rx_global_pause = 0  [ethtool global.rx_pause]\n"
                 "      >      rx_global_pause: 0\n"));

  const auto doc = nlohmann::json::parse(run("check --json --from '" + capture + "'").out);
  std::map<std::string, std::string> quoted;  // counter -> raw, for PFC-GLOBAL-PAUSE
  bool ecn_quoted = false;
  for (const auto& f : doc["findings"])
    for (const auto& e : f["evidence"]) {
      if (f["id"] == "PFC-GLOBAL-PAUSE" && e["source"] == "ethtool") quoted[e["name"]] = e["raw"];
      if (f["id"] == "ECN-NIC" && e["locator"] == "sys/class/net/ens1f0/ecn/roce_np/enable/3:1")
        ecn_quoted = e["raw"] == "0";
    }
  CHECK(ecn_quoted);
  CHECK(quoted == std::map<std::string, std::string>{{"rx_global_pause", "     rx_global_pause: 0"},
                                                     {"tx_global_pause", "     tx_global_pause: 1266552"}});

  // A host document saved with the quotes judges the same, quotes included.
  const std::string saved = temp_path("ecn-off-pause-host.json");
  write_file(saved, run("show --json --evidence --from '" + capture + "'").out);
  const auto from_saved = run("check --from '" + saved + "'");
  CHECK(from_saved.out.substr(from_saved.out.find('\n')) == text.out.substr(text.out.find('\n')));
  std::remove(saved.c_str());

  // show --evidence lists the kept counter lines under the netdev, by line number.
  const auto show = run("show --evidence --dev ens1f0 --from '" + capture + "'");
  CHECK(has_text(show.out,
                 "    evidence counters: ethtool_-S_ens1f0\n"
                 "      8 >      outbound_pci_stalled_rd: 0\n"));
  CHECK(has_text(show.out,
                 "\n      12 >      rx_global_pause: 0\n"
                 "      13 >      rx_global_pause_duration: 0\n"
                 "      14 >      tx_global_pause: 1266552\n"));
  std::filesystem::remove_all(capture);
}

}  // namespace roce::test
