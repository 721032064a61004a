// The raw lines an import keeps: exactly the lines its values cite, as the capture's files hold
// them, on the sos-like and sysinfo-snapshot fixtures (their provenance is in tests/fixtures/import).
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "import/cited_lines.hpp"
#include "import/import_folder.hpp"
#include "import/load_capture.hpp"
#include "import_fixture.hpp"
#include "support/files.hpp"

namespace roce::test {

using namespace roce;

namespace {

const std::string kSosCapture = "sosreport-gpu-node-07-2026-11-29-abcdef";
const std::string kSnapshotCapture = "sysinfo-snapshot-v3.7.6-gpu-node-07-20261129-203000";

// Line `n` (1-based) of the fixture file, without its line ending and trailing blanks.
std::string fixture_line(const std::string& capture, const std::string& label, std::size_t n) {
  std::istringstream in(slurp(import_fixture(capture + "/" + label)));
  std::string line;
  for (std::size_t i = 0; i < n && std::getline(in, line); ++i) {
  }
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
  return line;
}

// The raw line a field cites, or "(none)".
template <class T>
std::string quoted(const import::Imported& imported, const model::Field<T>& field) {
  const std::string* raw = imported.raw_lines.find(field.from);
  return raw ? *raw : "(none)";
}

}  // namespace

TEST_CASE("an sos report's values keep the lines they were read from, exactly as the files hold them") {
  const auto imported = import::import_folder(import_fixture(kSosCapture));
  REQUIRE(imported);
  const model::NetDev* nd = imported->host.netdev("ens1f0");
  REQUIRE(nd != nullptr);
  // PFC is read from the whole `dcb pfc show` output and cites its first line: the block is quoted.
  REQUIRE(nd->dcb.pfc.ok());
  CHECK(nd->dcb.pfc.from.locator == "sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0:1");
  CHECK(quoted(*imported, nd->dcb.pfc) ==
        "pfc-cap 8 macsec-bypass off delay 7\n"
        "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off\n"
        "requests 0:0 1:0 2:0 3:1290418 4:0 5:0 6:0 7:0\n"
        "indications 0:0 1:0 2:0 3:41927 4:0 5:0 6:0 7:0");
  // A string value quotes its own line alone.
  REQUIRE(nd->trust.ok());
  CHECK(nd->trust.from.locator == "sos_commands/mellanox/mlnx_qos_-i_ens1f0:2");
  CHECK(quoted(*imported, nd->trust) == "Priority trust state: dscp");
  // The DSCP map, read from the mapping's lines, quotes them up to the next line another value cites.
  REQUIRE(nd->dcb.app.ok());
  CHECK(quoted(*imported, nd->dcb.app).rfind("dscp2prio mapping:\n\tprio:0 dscp:07,06,05,04,03,02,01,00,\n", 0) == 0);
  // A counter set (ethtool -S) quotes its first line only, not its hundreds of counters.
  REQUIRE(nd->ethtool_stats.ok());
  CHECK(quoted(*imported, nd->ethtool_stats) ==
        fixture_line(kSosCapture, "sos_commands/networking/ethtool_-S_ens1f0", 1));
  // The copied sysfs file is quoted too.
  REQUIRE(nd->mtu.ok());
  CHECK(nd->mtu.from.locator == "sys/class/net/ens1f0/mtu:1");
  CHECK(quoted(*imported, nd->mtu) == fixture_line(kSosCapture, "sys/class/net/ens1f0/mtu", 1));
}

TEST_CASE("only cited lines are kept: every kept line is one a value cites, files nothing cites are left out") {
  const auto imported = import::import_folder(import_fixture(kSosCapture));
  REQUIRE(imported);
  const auto cited = import::cited_lines(imported->host, "sos");
  const auto counters = import::cited_counters(imported->host, "sos");
  std::size_t count = 0;
  for (const auto& [label, numbers] : cited) count += numbers.size();
  std::size_t counter_lines = 0;
  for (const auto& [key, text] : imported->raw_lines.lines) {
    INFO(key.second);
    CHECK(key.first == "sos");
    const auto colon = key.second.rfind(':');
    REQUIRE(colon != std::string::npos);
    const std::string file = key.second.substr(0, colon);
    REQUIRE(cited.count(file) == 1);
    // A line no value cites is the line of a counter a check can cite.
    if (cited.at(file).count(std::stoul(key.second.substr(colon + 1))) == 0) {
      const std::string name = text.substr(text.find_first_not_of(' '), text.find(':') - text.find_first_not_of(' '));
      CHECK(counters.at(file).count(name) == 1);
      ++counter_lines;
    }
    // A quote starts with the line cited, as the file holds it; a block goes on with the lines after it.
    const std::string first = text.substr(0, text.find('\n'));
    CHECK(first == fixture_line(kSosCapture, key.second.substr(0, colon), std::stoul(key.second.substr(colon + 1))));
    CHECK(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) < import::kMaxBlockLines);
  }
  CHECK(imported->raw_lines.lines.size() == count + counter_lines);
  // ethtool -k is a recognised command roce-doctor does not read: none of its lines is kept.
  for (const auto& [key, text] : imported->raw_lines.lines) CHECK(key.second.find("ethtool_-k") == std::string::npos);
  // The 4-line dcb pfc output: only the line the PFC value came from.
  CHECK(cited.at("sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0").size() == 1);
}

TEST_CASE(
    "a sysinfo-snapshot's values quote the lines of mlnx_qos_handler.txt and ecn/config at the file's own numbers") {
  const auto imported = import::import_folder(import_fixture(kSnapshotCapture));
  REQUIRE(imported);
  const model::NetDev* nd = imported->host.netdev("ens1f0");
  REQUIRE(nd != nullptr);
  REQUIRE(nd->trust.ok());
  CHECK(quoted(*imported, nd->trust) == "Priority trust state: dscp");
  const auto trust_at = nd->trust.from.locator;
  CHECK(quoted(*imported, nd->trust) == fixture_line(kSnapshotCapture, "commands_txt_output/mlnx_qos_handler.txt",
                                                     std::stoul(trust_at.substr(trust_at.rfind(':') + 1))));
  REQUIRE(nd->ecn.ok());
  REQUIRE(nd->ecn->np[3].ok());
  CHECK(quoted(*imported, nd->ecn->np[3]) == "/sys/class/net/ens1f0/ecn/roce_np/enable/3= 1");
  REQUIRE(nd->ethtool_stats.ok());
  CHECK(quoted(*imported, nd->ethtool_stats) == fixture_line(kSnapshotCapture, "ethtool_S/ethtool_S_ens1f0", 1));
}

TEST_CASE("load_capture hands the kept lines on in the bundle") {
  const auto bundle = import::load_capture(import_fixture(kSosCapture));
  REQUIRE(bundle);
  CHECK_FALSE(bundle->raw_lines.empty());
  CHECK(bundle->raw_lines.find({"sos", "sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0:1"}) != nullptr);
  CHECK(bundle->raw_lines.find({"sos", "sos_commands/networking/dcb_-s_pfc_show_dev_ens1f0:2"}) == nullptr);
}

TEST_CASE("a counter set keeps the ethtool -S line of each counter a check can cite, found by the counter's name") {
  const auto bundle = import::load_capture(import_fixture(kSosCapture));
  REQUIRE(bundle);
  const model::NetDev* nd = bundle->samples.back().netdev("ens1f0");
  REQUIRE(nd != nullptr);
  REQUIRE(nd->ethtool_stats.ok());
  const std::string file = "sos_commands/networking/ethtool_-S_ens1f0";
  const auto* line = bundle->raw_lines.find_counter(nd->ethtool_stats.from, "rx_pcs_symbol_err_phy");
  REQUIRE(line != nullptr);
  CHECK(line->first == std::make_pair(std::string("sos"), file + ":162"));
  CHECK(line->second == fixture_line(kSosCapture, file, 162));
  CHECK(line->second == "     rx_pcs_symbol_err_phy: 386");
  CHECK(bundle->raw_lines.find_counter(nd->ethtool_stats.from, "rx_out_of_buffer") != nullptr);
  // A counter no check reads (no canonical name) is not kept: the quotes stay small.
  CHECK(bundle->raw_lines.find_counter(nd->ethtool_stats.from, "tx_tso_packets") == nullptr);
  CHECK(bundle->raw_lines.find_counter(nd->ethtool_stats.from, "rx_pcs_symbol_err") == nullptr);  // a prefix
  std::size_t kept_bytes = 0, kept = 0;
  for (const auto& [key, text] : bundle->raw_lines.lines)
    if (key.second.starts_with(file + ":")) kept_bytes += key.second.size() + text.size(), ++kept;
  CHECK(kept < 60);
  CHECK(kept_bytes < 4096);

  // The bundle written and read back keeps the counter lines.
  const auto back = captures::read_bundle_text(captures::write_bundle_text(*bundle), "b.json");
  REQUIRE(back);
  CHECK(back->raw_lines == bundle->raw_lines);
  const auto* again =
      back->raw_lines.find_counter(back->samples.back().netdev("ens1f0")->ethtool_stats.from, "rx_pcs_symbol_err_phy");
  REQUIRE(again != nullptr);
  CHECK(again->second == "     rx_pcs_symbol_err_phy: 386");
}

TEST_CASE("keep_counter_lines keeps the lines of the named counters only, each under its own line") {
  model::RawLines raw;
  raw.add({"folder", "s:1"}, "NIC statistics:");
  import::keep_counter_lines(
      raw, "folder", "s",
      "NIC statistics:\n     rx_prio3_pause: 7\n     rx_prio3_pause_duration: 9\n\tnp_cnp_sent: 0\n",
      {"rx_prio3_pause", "np_cnp_sent", "NIC statistics"});
  CHECK(*raw.find({"folder", "s:1"}) == "NIC statistics:");  // the set's own line stays as it was
  CHECK(*raw.find({"folder", "s:2"}) == "     rx_prio3_pause: 7");
  CHECK(raw.find({"folder", "s:3"}) == nullptr);
  CHECK(*raw.find({"folder", "s:4"}) == "\tnp_cnp_sent: 0");
  const auto* cnp = raw.find_counter({"folder", "s:1"}, "np_cnp_sent");
  REQUIRE(cnp != nullptr);
  CHECK(cnp->first.second == "s:4");
  CHECK(raw.find_counter({"folder", "other:1"}, "np_cnp_sent") == nullptr);  // another file's set
  CHECK(raw.find_counter({"sos", "s:1"}, "np_cnp_sent") == nullptr);         // another capture's
}

TEST_CASE(
    "a kept line loses its line ending and trailing blanks, shows control characters as '?', and is cut when long") {
  model::RawLines raw;
  const std::string long_line(model::kMaxRawLineBytes + 50, 'x');
  import::keep_cited_lines(raw, "folder", "f", "one \t\r\ntwo\x1b[31m\n" + long_line + "\nlast",
                           {{1, false}, {2, false}, {3, false}, {4, false}, {
                              9,
                              false
                            }});
  REQUIRE(raw.find({"folder", "f:1"}) != nullptr);
  CHECK(*raw.find({"folder", "f:1"}) == "one");
  CHECK(*raw.find({"folder", "f:2"}) == "two?[31m");
  CHECK(*raw.find({"folder", "f:3"}) == std::string(model::kMaxRawLineBytes, 'x') + " [...]");
  CHECK(*raw.find({"folder", "f:4"}) == "last");  // no final newline
  CHECK(raw.find({"folder", "f:9"}) == nullptr);  // past the end
  CHECK(raw.lines.size() == 4);
}

TEST_CASE("a block quote runs to a blank line, a line another value cites, the end, or kMaxBlockLines") {
  std::string text = "head\n  a\n  b\n\nafter blank\nx\ny\n";
  for (int i = 0; i < 20; ++i) text += "l" + std::to_string(i) + "\n";
  model::RawLines raw;
  import::keep_cited_lines(raw, "folder", "f", text, {{1, true}, {5, true}, {7, true}, { 8, false }});
  CHECK(*raw.find({"folder", "f:1"}) == "head\n  a\n  b");  // to the blank line
  CHECK(*raw.find({"folder", "f:5"}) == "after blank\nx");  // to line 7, cited itself
  CHECK(*raw.find({"folder", "f:7"}) == "y");               // line 8 is cited alone
  CHECK(*raw.find({"folder", "f:8"}) == "l0");
  model::RawLines capped;
  import::keep_cited_lines(capped, "folder", "f", text, {{ 8, true }});
  CHECK(std::count(capped.find({"folder", "f:8"})->begin(), capped.find({"folder", "f:8"})->end(), '\n') ==
        static_cast<long>(import::kMaxBlockLines) - 1);
}

TEST_CASE("cited_lines reads FILE:LINE locators of the capture's source and nothing else") {
  model::Host host;
  auto& nd = host.netdevs.emplace_back();
  nd.name = "eth0";
  nd.mtu = model::Field<std::uint32_t>::of(9000, {"folder", "ip_link:3"});
  nd.operstate = model::Field<std::string>::of("up", {"folder", "ip_link:3"});
  nd.mac = model::Field<std::string>::of("aa:bb:cc:dd:ee:ff", {"sysfs", "/sys/class/net/eth0/address"});
  nd.trust = model::Field<std::string>::missing(model::Availability::absent, "not in this capture", {"folder", ""});
  nd.carrier_changes = model::Field<std::uint64_t>::of(2, {"folder", "ip_link:7"});
  const auto cited = import::cited_lines(host, "folder");
  REQUIRE(cited.size() == 1);
  CHECK(cited.at("ip_link") == import::CitedLines{{3, false}, {7, false}});  // scalars: their line alone
  nd.pause = model::Field<model::PauseParams>::of({}, {"folder", "ethtool_-a_eth0:1"});
  CHECK(import::cited_lines(host, "folder").at("ethtool_-a_eth0") == import::CitedLines{{1, true}});
}

}  // namespace roce::test
