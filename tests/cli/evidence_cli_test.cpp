// `show --evidence` and `check` quoting the capture lines their values were read from, end to end on
// the sos-like fixture (tests/fixtures/import: provenance there) and through a saved host document.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "run_binary.hpp"
#include "support/paths.hpp"

namespace roce::test {

namespace {

const std::string kSosReport =
    std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/sosreport-gpu-node-07-2026-11-29-abcdef";

bool has_text(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

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
      // A counter's evidence names no capture line: raw is null, never an empty string.
      if (e["source"] == "ethtool") CHECK(e["raw"].is_null());
    }
  CHECK(quoted);
}

}  // namespace roce::test
