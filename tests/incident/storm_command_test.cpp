// `roce-doctor storm` end to end on the simulated NIC pause storm of examples/storm/nic-storm-45 (host
// recordings, LLDP bundles, SONiC snapshot files), and on damaged copies of it: a host that
// stopped recording, a switch snapshot missing, a date line that cannot be read, a file that is
// not an input. Each is read as far as it goes, and what could not be seen is said.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "storm_example.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace {

namespace fs = std::filesystem;

std::string args(const std::string& dir) {
  return shell_word(dir + "/hosts") + " " + shell_word(dir + "/lldp") + " --switch " + shell_word(dir + "/switches");
}

// A copy of the example to damage.
std::string copy_of_example(const TempDir& tmp) {
  const std::string dir = tmp.path("incident");
  fs::copy(storm_example(), dir, fs::copy_options::recursive);
  return dir;
}

}  // namespace

TEST_CASE("storm names the NIC that paused while receiving nothing, its spread and the fix, exit 2") {
  REQUIRE(fs::exists(storm_example() + "/truth.json"));
  const Run r = run("storm " + args(storm_example()));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::StartsWith("storm 1: nic-storm on priority 3, origin gpu003 ens1f0np0\n"));
  CHECK_THAT(r.out, Catch::Contains("leaf01 Ethernet8"));
  CHECK_THAT(r.out, Catch::Contains("victim"));
  CHECK_THAT(r.out, Catch::Contains("scontrol update NodeName=gpu003"));
  CHECK_THAT(r.out, Catch::Contains("config pfcwd start"));
  CHECK_THAT(r.out, Catch::EndsWith("1 pause storm (critical): 15 ports read, 8 cables\n"));
}

TEST_CASE("storm --json: the same storm as a document, and the exit code in it") {
  const Run r = run("storm --json " + args(storm_example()));
  CHECK(r.exit_code == 2);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["format"] == "roce-doctor-storm");
  REQUIRE(doc["storms"].size() == 1);
  const auto& s = doc["storms"][0];
  CHECK(s["cause"] == "nic-storm");
  CHECK(s["severity"] == "critical");
  CHECK(s["priority"] == 3);
  CHECK(s["origin"][0]["node"] == "gpu003");
  CHECK(s["origin"][0]["switch"] == false);
  // truth.json: the storm began at 1796000032788 (true time); the origin's bin starts within a bin of it.
  CHECK(s["start_unix_ms"].get<std::int64_t>() >= 1796000031788);
  CHECK(s["start_unix_ms"].get<std::int64_t>() <= 1796000033788);
  int victims = 0;
  for (const auto& p : s["reached"]) victims += p["victim"].get<bool>();
  CHECK(victims >= 3);
  CHECK(doc["exit_code"] == 2);
}

TEST_CASE("storm -o writes the HTML view beside the text") {
  const TempDir tmp("storm-html");
  const Run r = run("storm " + args(storm_example()) + " -o " + shell_word(tmp.path("storm.html")));
  CHECK(r.exit_code == 2);
  const std::string html = slurp(tmp.path("storm.html"));
  CHECK_THAT(html, Catch::Contains("<svg"));
  CHECK_THAT(html, Catch::Contains("gpu003"));
}

TEST_CASE("the whole incident folder as one PATH: hosts, LLDP and switch folders are told apart") {
  const Run r = run("storm " + shell_word(storm_example()));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::StartsWith("storm 1: nic-storm on priority 3, origin gpu003 ens1f0np0\n"));
  CHECK_THAT(r.out, Catch::Contains("truth.json: "));  // not an input: named, the rest read
}

TEST_CASE("a host that stopped recording and a switch snapshot missing are said; the storm is still traced") {
  const TempDir tmp("storm-damaged");
  const std::string dir = copy_of_example(tmp);
  // gpu005 (a victim four cables away) stopped recording in the middle of the storm; gpu006's
  // recording was cut before its first whole frame.
  const std::string rec = dir + "/hosts/gpu005.rec";
  fs::resize_file(rec, fs::file_size(rec) / 2);
  fs::resize_file(dir + "/hosts/gpu006.rec", 100);
  // spine01 lost ten seconds of snapshots in the middle of the storm, and one date line is garbled.
  const std::string snap = dir + "/switches/spine01/snapshots.txt";
  std::string text = slurp(snap);
  const auto cut_from = text.find("2026-11-30T00:53:55"), cut_to = text.find("2026-11-30T00:54:05");
  REQUIRE(cut_from != std::string::npos);
  REQUIRE(cut_to != std::string::npos);
  text.erase(cut_from, cut_to - cut_from);
  const auto garbled = text.find("2026-11-30T00:54:08");
  REQUIRE(garbled != std::string::npos);
  text.replace(garbled, 10, "2026-19-30");
  write_file(snap, text);

  const Run r = run("storm " + args(dir));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::StartsWith("storm 1: nic-storm on priority 3, origin gpu003 ens1f0np0\n"));
  CHECK_THAT(r.out, Catch::Contains("gpu005 (recording"));
  CHECK_THAT(r.out, Catch::Contains("its samples end at"));
  CHECK_THAT(r.out, Catch::Contains("gpu006.rec: no sample can be read from it"));
  CHECK_THAT(r.out, Catch::Contains("spine01 (snapshots): no sample from 2026-11-30 00:53:54"));
  CHECK_THAT(r.out, Catch::Contains("snapshots.txt:"));
  CHECK_THAT(r.out, Catch::Contains("a date line that cannot be read"));
}

TEST_CASE(
    "a NIC whose host left nothing is still named: the switch's LLDP table ends the cable, its port's counters tell") {
  const TempDir tmp("storm-host-gone");
  const std::string dir = copy_of_example(tmp);
  fs::remove(dir + "/hosts/gpu003.rec");
  fs::remove(dir + "/lldp/gpu003.json");
  const Run r = run("storm " + args(dir));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::StartsWith("storm 1: nic-storm on priority 3, origin gpu003 ens1f0np0\n"));
  CHECK_THAT(r.out, Catch::Contains("as leaf01 Ethernet8 sent it"));
  CHECK_THAT(r.out, Catch::Contains("gpu003 ens1f0np0: not in the data (no recording or capture of it): what it did is "
                                    "read from leaf01 Ethernet8 across the cable"));
  // Without the switch, nothing tells: the hosts alone see no storm.
  const Run hosts = run("storm " + shell_word(dir + "/hosts") + " " + shell_word(dir + "/lldp"));
  CHECK_THAT(hosts.out, Catch::StartsWith("no pause storm"));
}

TEST_CASE("storm exit codes: no storm 0, no pause counter 5, a path that does not exist 3") {
  const TempDir tmp("storm-codes");
  // Before the storm: the first 25 s of every source.
  Run r = run("storm " + args(storm_example()) + " --until 2026-11-30T00:53:45Z");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("no pause storm"));
  // A switch whose snapshots hold no `show pfc counters`: nothing to judge.
  write_file(tmp.path("leaf9.txt"),
             "2026-11-30T00:53:20Z\n" +
                 slurp(std::string(ROCE_FIXTURES_DIR) + "/switch/sonic-leaf03/show_interfaces_counters.txt"));
  r = run("storm --switch " + shell_word(tmp.path("leaf9.txt")));
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains("no pause counter"));
  r = run("storm " + shell_word(tmp.path("missing")));
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.err, Catch::Contains("missing"));
  r = run("storm --prometheus http://127.0.0.1:1");
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.err, Catch::Contains("--since and --until"));
  r = run("storm " + args(storm_example()) + " --since 22:00");
  CHECK(r.exit_code == 3);
}

}  // namespace roce::test
