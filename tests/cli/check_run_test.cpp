// End-to-end `roce-doctor check` and `checks`: golden findings on every example bundle, exit codes,
// the JSON view, --only/--skip, profiles, two bundles, live on this machine, and the generated man page.
#include <catch2/catch.hpp>

#include <algorithm>

#include <dirent.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "checks/registry.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace {

std::string example(const std::string& name) { return std::string(std::string(ROCE_EXAMPLES_DIR) + "/") + name; }

// "CRITICAL ECN-NIC  ens1f0np0 (mlx5_0/1) prio 3" for every finding, in the printed order.
std::vector<std::string> finding_headers(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("CRITICAL ", 0) == 0 || line.rfind("WARNING  ", 0) == 0 || line.rfind("NOTE     ", 0) == 0)
      out.push_back(line);
  return out;
}

bool has(const Run& r, const std::string& text) { return r.out.find(text) != std::string::npos; }

}  // namespace

TEST_CASE("check --from the ECN-off example: ECN-NIC, then ECN-IDLE caused by it; exit 2") {
  const auto r = run("check --from '" + example("cx6dx-ecn-off.json") + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.rfind("roce-doctor: 2 critical on host gpu-node-07 (ConnectX-6 Dx mlx5_0, from bundle " +
                        example("cx6dx-ecn-off.json") + ", samples 1 and 2 of 2, 60 s apart)\n",
                    0) == 0);
  CHECK(finding_headers(r.out) == std::vector<std::string>{"CRITICAL ECN-NIC  ens1f0np0 (mlx5_0/1) prio 3",
                                                           "CRITICAL ECN-IDLE  ens1f0np0 (mlx5_0/1) prio 3"});
  CHECK(has(r, "    ecn/roce_rp/enable/3 = 0  [sysfs /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3]\n"));
  CHECK(has(r, "    np_cnp_sent = 0  Δ 0, 0/s  [hw_counters roce.cnp_sent]\n"));
  CHECK(has(r, "    echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3\n"));
  CHECK(has(r, "  caused by: ECN-NIC@ens1f0np0\n"));
  CHECK(r.err.empty());
}

TEST_CASE("check --from the healthy example: no finding, exit 0") {
  const auto r = run("check --from '" + example("cx6dx-healthy.json") + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.rfind("roce-doctor: healthy on host gpu-node-03 (ConnectX-6 Dx mlx5_0,", 0) == 0);
  CHECK(finding_headers(r.out).empty());
  CHECK(has(r, "\n25 checks ok, 24 skipped:\n  ECN-RED: "));
}

TEST_CASE("check --from the trust-PCP example: trust is the root cause of drops on prio 0; exit 2") {
  const auto r = run("check --from '" + example("cx6dx-trust-pcp.json") + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(finding_headers(r.out) == std::vector<std::string>{"CRITICAL QOS-TRUST  ens1f0np0 (mlx5_0/1)",
                                                           "CRITICAL DROP-LOSSLESS  ens1f0np0 (mlx5_0/1) prio 0",
                                                           "CRITICAL TRAFFIC-CLASS  ens1f0np0 (mlx5_0/1) prio 0",
                                                           "WARNING  RETRANS  ens1f0np0 (mlx5_0/1)"});
  CHECK(has(
      r,
      "  trust mode is pcp, profile expects dscp\n    qos/trust = pcp  [sysfs /sys/class/net/ens1f0np0/qos/trust]\n"));
  CHECK(has(r, "    rx_prio0_discards = 111000  Δ 111000, 1850/s  [ethtool prio[0].rx_discards]\n"));
  CHECK(has(r, "    dcb app add dev ens1f0np0 dscp-prio 26:3 48:6\n"));
  CHECK(has(r, "  caused by: QOS-TRUST@ens1f0np0 DROP-LOSSLESS@ens1f0np0\n"));
  CHECK(has(r, "  QOS-DSCP-MAP: ens1f0np0: trust is pcp, the DSCP map is not in use (see QOS-TRUST)\n"));
}

TEST_CASE("check --from the small-headroom example: headroom explains the drops on prio 3; exit 2") {
  const auto r = run("check --from '" + example("cx6dx-headroom-small.json") + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(finding_headers(r.out) == std::vector<std::string>{"CRITICAL BUF-HEADROOM  ens1f0np0 (mlx5_0/1) buffer 1",
                                                           "CRITICAL DROP-LOSSLESS  ens1f0np0 (mlx5_0/1) prio 3",
                                                           "WARNING  RETRANS  ens1f0np0 (mlx5_0/1)"});
  CHECK(has(r, "  lossless buffer 1 is 32768 B (32.0 KiB), needs 65424 B (63.9 KiB)\n"));
  CHECK(has(r, "    tx_prio3_pause = 4209683  Δ 88800, 1480/s  [ethtool prio[3].tx_pause]\n"));
  CHECK(has(r, "    dcb buffer set dev ens1f0np0 buffer-size 1:65424\n"));
  CHECK(has(r, "  caused by: BUF-HEADROOM@ens1f0np0\n"));
}

TEST_CASE("check --json parses, has the stable keys and the text view's ranking") {
  for (const char* name :
       {"cx6dx-ecn-off.json", "cx6dx-healthy.json", "cx6dx-trust-pcp.json", "cx6dx-headroom-small.json"}) {
    INFO(name);
    const auto text = run("check --from '" + example(name) + "'");
    const auto r = run("check --json --from '" + example(name) + "'");
    CHECK(r.exit_code == text.exit_code);
    REQUIRE(r.out.rfind("{\n  \"schema_version\": 1,\n  \"host\": {", 0) == 0);
    const auto doc = nlohmann::json::parse(r.out);
    for (const char* key : {"hostname", "hardware", "origin", "profile", "interval_s", "has_rdma", "ports"})
      CHECK(doc.at("host").contains(key));
    CHECK(doc.at("verdict").at("status") == (text.exit_code == 0   ? "healthy"
                                             : text.exit_code == 1 ? "warning"
                                                                   : "critical"));
    const auto headers = finding_headers(text.out);
    REQUIRE(doc.at("findings").size() == headers.size());
    for (std::size_t i = 0; i < headers.size(); ++i) {
      const auto& f = doc.at("findings").at(i);
      for (const char* key :
           {"id", "severity", "subject", "title", "evidence", "explanation", "remediation", "caused_by"})
        CHECK(f.contains(key));
      CHECK(headers[i].find(" " + f.at("id").get<std::string>() + "  " +
                            f.at("subject").at("text").get<std::string>()) != std::string::npos);
    }
    REQUIRE(doc.at("results").size() == roce::checks::all_checks().size());
    for (const auto& result : doc.at("results")) {
      CHECK(result.size() == 4);
      for (const char* key : {"id", "status", "skipped_reason", "notes"}) CHECK(result.contains(key));
    }
  }
}

TEST_CASE("--only and --skip select checks; an unknown ID is exit 3 with did you mean") {
  const std::string from = " --from '" + example("cx6dx-ecn-off.json") + "'";
  auto only = run("check --only ECN-NIC" + from);
  CHECK(only.exit_code == 2);
  CHECK(finding_headers(only.out) == std::vector<std::string>{"CRITICAL ECN-NIC  ens1f0np0 (mlx5_0/1) prio 3"});
  CHECK(has(only, "\n0 checks ok, 1 with findings\n"));
  auto two = run("check --only LINK-STATE,MTU-ROCE --json" + from);
  CHECK(two.exit_code == 0);
  CHECK(nlohmann::json::parse(two.out).at("results").size() == 2);
  auto skip = run("check --skip ECN-NIC,ECN-IDLE" + from);
  CHECK(skip.exit_code == 0);
  CHECK(finding_headers(skip.out).empty());
  CHECK(has(skip, "\n23 checks ok, 24 skipped:\n"));

  const auto bad = run("check --only ECN-NIX" + from);
  CHECK(bad.exit_code == 3);
  CHECK(bad.out.empty());
  CHECK(bad.err.find("ECN-NIX") != std::string::npos);
  CHECK(bad.err.find("did you mean ECN-NIC?") != std::string::npos);
  CHECK(run("check --skip PFC-LOSLESS" + from).err.find("did you mean PFC-LOSSLESS?") != std::string::npos);
}

TEST_CASE("a bad profile is exit 3 with every error located FILE:LINE:COL") {
  const std::string path = temp_path("bad-profile.toml");
  write_file(path,
             "[qos]\n"
             "trust = \"dcsp\"\n"
             "lossless = [{ priority = 9, dscp = [26] }]\n"
             "[cnp]\n"
             "priority = \"six\"\n"
             "[thresholds.PAUSE-STORM]\n"
             "warning_fractoin = 0.2\n");
  const auto r = run("check --profile '" + path + "' --from '" + example("cx6dx-ecn-off.json") + "'");
  INFO(r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.empty());
  std::istringstream lines(r.err);
  std::vector<std::string> located;
  const std::regex location("^(roce-doctor: )?" +
                            std::regex_replace(path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                            ":[0-9]+:[0-9]+: .+");
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("hint: ", 0) == 0) continue;
    INFO(line);
    CHECK(std::regex_match(line, location));
    located.push_back(line);
  }
  CHECK(located.size() == 4);
  CHECK(r.err.find(path + ":2:9: qos.trust must be \"dscp\" or \"pcp\"") != std::string::npos);
  CHECK(r.err.find(path + ":7:1: unknown key 'warning_fractoin'") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("--profile NAME finds the profiles; an unknown name lists them") {
  const std::string from = " --from '" + example("cx6dx-healthy.json") + "'";
  const auto pcp = run("check --profile roce-lossless-pcp" + from);
  CHECK(pcp.exit_code == 2);  // the healthy DSCP host is wrong for a PCP profile
  CHECK(pcp.out.find("profile roce-lossless-pcp (") != std::string::npos);
  CHECK(run("check --profile roce-lossless" + from).exit_code == 0);
  const auto none = run("check --profile no-such-profile" + from);
  CHECK(none.exit_code == 3);
  CHECK(none.err.find("no profile named \"no-such-profile\"") != std::string::npos);
  CHECK(none.err.find("roce-lossless-pcp") != std::string::npos);
  // $ROCE_DOCTOR_PROFILE_DIR comes first.
  const std::string dir = temp_path("profiles");
  REQUIRE(std::system(("mkdir -p '" + dir + "'").c_str()) == 0);
  write_file(dir + "/mine.toml", "[profile]\nname = \"mine\"\n[link]\nmin_mtu = 9100\n");
  const auto mine = run("check --profile mine" + from, "ROCE_DOCTOR_PROFILE_DIR='" + dir + "'");
  CHECK(mine.exit_code == 1);
  CHECK(mine.out.find("WARNING  MTU-ROCE  ens1f0np0") != std::string::npos);
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("without --profile, $ROCE_DOCTOR_PROFILE_DIR/roce-lossless.toml is the default; without it the built-in") {
  const std::string from = " --from '" + example("cx6dx-healthy.json") + "'";
  const std::string dir = temp_path("site-profiles");
  REQUIRE(std::system(("mkdir -p '" + dir + "'").c_str()) == 0);
  const auto builtin = run("check" + from, "ROCE_DOCTOR_PROFILE_DIR='" + dir + "'");
  CHECK(builtin.exit_code == 0);
  CHECK(builtin.out.find("profile roce-lossless (built-in)") != std::string::npos);
  write_file(dir + "/roce-lossless.toml", "[profile]\nname = \"roce-lossless\"\n[link]\nmin_mtu = 9100\n");
  const auto site = run("check" + from, "ROCE_DOCTOR_PROFILE_DIR='" + dir + "'");
  CHECK(site.exit_code == 1);
  CHECK(site.out.find("profile roce-lossless (" + dir + "/roce-lossless.toml)") != std::string::npos);
  CHECK(site.out.find("WARNING  MTU-ROCE  ens1f0np0") != std::string::npos);
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("two bundles: of the same host they give the window between them, of different hosts exit 3") {
  auto bundle = roce::captures::read_bundle_file(example("cx6dx-ecn-off.json"));
  REQUIRE(bundle.ok());
  const std::string first = temp_path("first.json"), second = temp_path("second.json");
  REQUIRE(roce::captures::write_bundle_file(first, {"0.1.0", 1, {bundle->samples[0]}, {}}).ok());
  REQUIRE(roce::captures::write_bundle_file(second, {"0.1.0", 2, {bundle->samples[1]}, {}}).ok());
  const auto together = run("check --from '" + example("cx6dx-ecn-off.json") + "'");
  for (const auto& [a, b] : {std::pair{first, second}, std::pair{second, first}}) {
    const auto r = run("check --from '" + a + "' --from '" + b + "'");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.find("from bundles " + first + " and " + second + ", 60 s apart)") != std::string::npos);
    CHECK(finding_headers(r.out) == finding_headers(together.out));
  }
  const auto one = run("check --from '" + first + "'");
  CHECK(one.exit_code == 2);  // ECN-NIC is configuration; ECN-IDLE needs two samples
  CHECK(finding_headers(one.out) == std::vector<std::string>{"CRITICAL ECN-NIC  ens1f0np0 (mlx5_0/1) prio 3"});
  CHECK(one.out.find("  ECN-IDLE: needs two samples\n") != std::string::npos);

  const auto other = run("check --from '" + first + "' --from '" + example("cx6dx-healthy.json") + "'");
  CHECK(other.exit_code == 3);
  CHECK(other.out.empty());
  CHECK(other.err == "roce-doctor: bundles " + first + " and " + example("cx6dx-healthy.json") +
                         " are of different hosts (\"gpu-node-07\" and \"gpu-node-03\")\n"
                         "hint: rates need two samples of the same host; give one --from to check each host alone\n");
  CHECK(run("check --from '" + first + "' --from '" + second + "' --from '" + first + "'").exit_code == 3);
  std::remove(first.c_str());
  std::remove(second.c_str());
}

TEST_CASE("check input errors: bad interval, unknown device, unreadable bundle") {
  const auto interval = run("check --interval 5x --from '" + example("cx6dx-ecn-off.json") + "'");
  CHECK(interval.exit_code == 3);
  CHECK(interval.err.find("invalid duration \"5x\"") != std::string::npos);
  const auto dev = run("check --dev eth9 --from '" + example("cx6dx-ecn-off.json") + "'");
  CHECK(dev.exit_code == 3);
  CHECK(dev.err.find("no netdev or RDMA device named \"eth9\"") != std::string::npos);
  CHECK(run("check --from /nonexistent/x.json").exit_code == 3);
  const auto mlx = run("check --dev mlx5_0 --from '" + example("cx6dx-ecn-off.json") + "'");
  CHECK(mlx.exit_code == 2);
  CHECK(mlx.out.find("ports ens1f0np0 (mlx5_0/1)\n") != std::string::npos);
  CHECK(run("check --help").out.find("--interval") != std::string::npos);
}

TEST_CASE("live check --interval 0 on this machine judges its RoCE ports and says when there is no RDMA device") {
  const auto r = run("check --interval 0");
  INFO(r.out << r.err);
  // This machine's findings decide 0, 1 or 2, or 5 when it has no RoCE port (a VM whose virtio_net
  // NIC is never judged against RoCE rules); never a usage or environment error.
  CHECK(r.exit_code >= 0);
  CHECK((r.exit_code <= 2 || r.exit_code == 5));
  CHECK(r.out.find("live, configuration only)") != std::string::npos);
  DIR* ib = opendir("/sys/class/infiniband");
  bool rdma = false;
  if (ib) {
    while (const dirent* e = readdir(ib)) rdma = rdma || e->d_name[0] != '.';
    closedir(ib);
  }
  if (r.exit_code == 5) {
    CHECK(r.out.find("; ports none\n") != std::string::npos);
    CHECK(r.out.find("  LINK-FLAP: no RoCE port on this host\n") != std::string::npos);
    if (!rdma)
      CHECK(r.out.find("\nno RDMA device on this host and no netdev of a RoCE NIC or switch") != std::string::npos);
  } else {
    CHECK(r.out.find("  LINK-FLAP: needs two samples\n") != std::string::npos);
    if (!rdma) CHECK(r.out.find("\nno RDMA device on this host: ") != std::string::npos);
  }
  // The loopback device is no RoCE port: nothing could be judged, which is not healthy.
  const auto json = run("check --interval 0 --json --dev lo");
  CHECK(json.exit_code == 5);
  const auto doc = nlohmann::json::parse(json.out);
  CHECK(doc.at("verdict").at("status") == "nothing-judged");
  CHECK(doc.at("verdict").at("exit_code") == 5);
  CHECK(doc.at("host").at("ports") == nlohmann::json::array());
  CHECK(doc.at("host").at("has_rdma") == false);
  CHECK(doc.at("host").at("hardware").is_null());
  CHECK(doc.at("findings") == nlohmann::json::array());
}

TEST_CASE("checks lists every check of the catalog, 49 of them") {
  const auto r = run("checks");
  CHECK(r.exit_code == 0);
  const auto catalog = roce::checks::all_checks();
  CHECK(catalog.size() == 49);
  for (const auto& c : catalog) {
    INFO(c.id);
    CHECK(r.out.find(std::string(c.id) + "  [" + roce::engine::to_string(c.default_severity) + "]  " +
                     std::string(c.title) + "\n") != std::string::npos);
  }
}

TEST_CASE("checks --json: every check of the catalog with its metadata, in catalog order") {
  const auto r = run("checks --json");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc.at("schema_version") == 1);
  const auto catalog = roce::checks::all_checks();
  REQUIRE(doc.at("checks").size() == catalog.size());
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const auto& c = catalog[i];
    const auto& j = doc["checks"][i];
    INFO(c.id);
    CHECK(j.at("id") == std::string(c.id));
    CHECK(j.at("severity") == roce::engine::to_string(c.default_severity));
    CHECK(j.at("title") == std::string(c.title));
    CHECK(j.at("doc") == std::string(c.doc));
    CHECK(j.at("reads").size() == c.needs.size());
    CHECK(j.at("profile_keys").size() == c.profile_keys.size());
    CHECK(j.at("explained_by").size() == c.explained_by.size());
    REQUIRE(j.at("thresholds").size() == c.thresholds.size());
    for (std::size_t t = 0; t < c.thresholds.size(); ++t) {
      CHECK(j["thresholds"][t].at("key") == std::string(c.thresholds[t].key));
      CHECK(j["thresholds"][t].at("profile_key") ==
            "thresholds." + std::string(c.id) + "." + std::string(c.thresholds[t].key));
      CHECK(j["thresholds"][t].at("default") == c.thresholds[t].default_value);
    }
  }
  // As the text shows it: PFC-LOSSLESS reads dcb-pfc and the profile's lossless classes.
  const auto pfc = std::find_if(doc["checks"].begin(), doc["checks"].end(),
                                [](const nlohmann::json& j) { return j["id"] == "PFC-LOSSLESS"; });
  REQUIRE(pfc != doc["checks"].end());
  CHECK((*pfc)["reads"] == nlohmann::json::array({"dcb-pfc"}));
  CHECK((*pfc)["profile_keys"] == nlohmann::json::array({"qos.lossless"}));
}

TEST_CASE("the committed roce-doctor-checks(7) is what make-man-checks writes") {
  const std::string path = temp_path("roce-doctor-checks.7");
  REQUIRE(std::system(("'" + std::string(ROCE_MAKE_MAN_CHECKS_BIN) + "' '" + path + "' >/dev/null").c_str()) == 0);
  INFO("regenerate with: make-man-checks man/roce-doctor-checks.7");
  CHECK(slurp(path) == slurp(std::string(ROCE_SOURCE_DIR) + "/man/roce-doctor-checks.7"));
  const std::string page = slurp(path);
  for (const auto& c : roce::checks::all_checks()) {
    std::string id;
    for (char ch : c.id) id += ch == '-' ? std::string("\\-") : std::string(1, ch);
    CHECK(page.find(".SS " + id + "\n") != std::string::npos);
  }
  std::remove(path.c_str());
}

}  // namespace roce::test
