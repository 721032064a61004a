// "Nothing judged" is never healthy: a capture holding nothing roce-doctor judges is an input error
// (exit 3, saying what was looked for), a capture where every check was skipped exits 5, and
// `--json` prints a JSON error object on every failure. The folders are made from real outputs
// under tests/fixtures/samples/ (provenance in their header lines).
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "../text/sample.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace {

bool mentions(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("check --from a folder with nothing to judge is an input error saying what it looked for") {
  const TempDir empty("empty", {});
  const TempDir etc("etc-like", {{"hostname", "gpu-node-07\n"}, {"hosts", "127.0.0.1 localhost\n"}, {"fstab", "\n"}});
  // An sos report of a host without RDMA: its hostname and its virtio NIC's statistics.
  const TempDir sos("sos-no-rdma", {{"sos_commands/host/hostname", "gpu-node-07\n"},
                                    {"sos_commands/networking/ethtool_-S_eth0", sample("ethtool_S_virtio_net.txt")},
                                    {"sos_commands/networking/ethtool_-i_eth0",
                                     "driver: virtio_net\nversion: 1.0.0\nfirmware-version: \nexpansion-rom-version: \n"
                                     "bus-info: 0000:00:03.0\nsupports-statistics: yes\n"}});
  for (const auto* folder : {&empty, &etc, &sos}) {
    INFO(folder->path());
    const auto r = run("check --from '" + folder->path() + "'");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    CHECK(mentions(r.err, "looked for sos_commands/*/ or a folder holding files named as sos names command outputs"));
    CHECK(mentions(r.err, "ibstat, ibstatus, ibv_devices, ibv_devinfo_-v, show_gids"));

    const auto json = run("check --json --from '" + folder->path() + "'");
    CHECK(json.exit_code == 3);
    const auto doc = nlohmann::json::parse(json.out);
    CHECK(doc.at("schema_version") == 1);
    CHECK(doc.at("error").at("exit_code") == 3);
    CHECK(mentions(doc.at("error").at("message").get<std::string>(), "looked for"));
  }
  const auto etc_run = run("check --from '" + etc.path() + "'");
  CHECK(mentions(etc_run.err, "nothing to judge in this capture: no RDMA device and no netdev's DCB"));
}

TEST_CASE("a capture where every check was skipped exits 5, in text and in --json") {
  // show_gids alone: an RDMA port of unknown link layer whose netdev the capture does not describe.
  const std::string gids = sample("show_gids_cx6.txt");
  const TempDir f("gids-only", {{"show_gids", gids.substr(0, gids.find("\n\n") + 1)}});
  const auto r = run("check --from '" + f.path() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);
  CHECK(mentions(r.out, "roce-doctor: nothing judged (all 49 checks skipped)"));

  const auto json = run("check --json --from '" + f.path() + "'");
  CHECK(json.exit_code == 5);
  const auto doc = nlohmann::json::parse(json.out);
  CHECK(doc.at("verdict").at("status") == "nothing-judged");
  CHECK(doc.at("verdict").at("exit_code") == 5);

  // Only the selected checks count: one that is judged makes the run judged.
  const TempDir down("ibstat-only", {{"ibstat", sample("ibstat_h100_cx7_roce_some.down.0.txt")}});
  CHECK(run("check --only LINK-STATE --from '" + down.path() + "'").exit_code == 2);
  CHECK(run("check --only PFC-LOSSLESS --from '" + down.path() + "'").exit_code == 5);
}

TEST_CASE("check --json prints a JSON error object for bad options, profiles and captures") {
  for (const std::string& args : {std::string("--only NO-SUCH-CHECK"), std::string("--profile no-such-profile"),
                                  std::string("--interval 5parsecs"), std::string("--from /nonexistent/capture")}) {
    INFO(args);
    const auto r = run("check --json " + args);
    CHECK(r.exit_code == 3);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc.at("error").at("exit_code") == 3);
    CHECK_FALSE(doc.at("error").at("message").get<std::string>().empty());
    CHECK_FALSE(r.err.empty());  // and the same on stderr for a person
  }
}

TEST_CASE("a command line that does not parse still answers --json with a JSON error object") {
  for (const std::string& args : {std::string("check --json --no-such-option"), std::string("show --json --dev"),
                                  std::string("--json no-such-command")}) {
    INFO(args);
    const auto r = run(args);
    CHECK(r.exit_code == 3);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc.at("error").at("exit_code") == 3);
    CHECK_FALSE(doc.at("error").at("message").get<std::string>().empty());
    CHECK_FALSE(r.err.empty());
  }
  CHECK(run("check --no-such-option").out.empty());  // without --json: stderr only
}

TEST_CASE("report and the tune dry run on a capture with nothing to judge exit 5, not 0") {
  const std::string gids = sample("show_gids_cx6.txt");
  const TempDir f("gids-only-audit", {{"show_gids", gids.substr(0, gids.find("\n\n") + 1)}});
  const auto report = run("report '" + f.path() + "'");
  INFO(report.out << report.err);
  CHECK(report.exit_code == 5);
  const auto tune = run("tune --from '" + f.path() + "'");
  INFO(tune.out << tune.err);
  CHECK(tune.exit_code == 5);
  CHECK(mentions(tune.out, "Nothing to tune: no RoCE port in this input"));
  CHECK_FALSE(mentions(tune.out, "Nothing to change"));
}

TEST_CASE("a capture without a clock says \"time unknown\", never 1970-01-01") {
  const std::string gids = sample("show_gids_cx6.txt");
  const TempDir f("no-clock", {{"show_gids", gids.substr(0, gids.find("\n\n") + 1)}});
  const auto show = run("show --from '" + f.path() + "'");
  INFO(show.out << show.err);
  CHECK(show.exit_code == 0);
  CHECK(mentions(show.out, "kernel unknown, time unknown (folder "));
  CHECK_FALSE(mentions(show.out, "1970"));
  const auto report = run("report '" + f.path() + "'");
  INFO(report.out << report.err);
  CHECK(mentions(report.out, "span      time unknown (no sample with a clock)"));
  CHECK_FALSE(mentions(report.out, "1970"));
  const auto json = nlohmann::json::parse(run("report --json '" + f.path() + "'").out);
  CHECK(json.at("first_unix_ms").is_null());
  CHECK(json.at("last_unix_ms").is_null());
}

}  // namespace roce::test
