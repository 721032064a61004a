// `roce-doctor tune` end to end on the example captures: exit codes, text and JSON.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace {

std::string example(const std::string& name) { return std::string(std::string(ROCE_EXAMPLES_DIR) + "/") + name; }

}  // namespace

TEST_CASE("tune --from the ECN-off example: the ECN enables and their commands; exit 1") {
  const auto r = roce::test::run("tune --from '" + example("cx6dx-ecn-off.json") + "'");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("ens1f0np0 ecn prio 3") != std::string::npos);
  CHECK(r.out.find("echo 1 > /sys/class/net/ens1f0np0/ecn/roce_np/enable/3") != std::string::npos);
  CHECK(r.err.empty());
}

TEST_CASE("tune --from the ECN-off example --json parses back") {
  const auto r = roce::test::run("tune --json --from '" + example("cx6dx-ecn-off.json") + "'");
  CHECK(r.exit_code == 1);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["schema_version"] == 1);
  CHECK(j["hostname"] == "gpu-node-07");
  REQUIRE(j["changes"].size() == 1);
  CHECK(j["changes"][0]["object"] == "ens1f0np0 ecn prio 3");
  CHECK(j["commands"].size() == 2);
}

TEST_CASE("tune --from the healthy example: nothing to change, exit 0") {
  const auto r = roce::test::run("tune --from '" + example("cx6dx-healthy.json") + "'");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("Nothing to change") != std::string::npos);
}

TEST_CASE("tune: a missing capture, an unknown profile or device is exit 3") {
  CHECK(roce::test::run("tune --from /nonexistent/capture.json").exit_code == 3);
  CHECK(roce::test::run("tune --profile no-such-profile --from '" + example("cx6dx-healthy.json") + "'").exit_code ==
        3);
  const auto r = roce::test::run("tune --dev eth9 --from '" + example("cx6dx-healthy.json") + "'");
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("eth9") != std::string::npos);
}

TEST_CASE("tune --profile FILE: a profile with a longer cable plans the PFC delay") {
  const std::string file = roce::test::temp_path("cable.toml");
  roce::test::write_file(file, "[profile]\nname = \"cable\"\n[link]\ncable_length_m = 30\n");
  const auto r = roce::test::run("tune --profile '" + file + "' --from '" + example("cx6dx-healthy.json") + "'");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("dcb pfc set dev ens1f0np0 delay 30") != std::string::npos);
  std::remove(file.c_str());
}

TEST_CASE("tune --apply --baseline 2 --trial 3: bare numbers are seconds") {
  const roce::test::TempDir tmp("tune");
  const std::string dir = tmp.path();
  const std::string host = dir + "/host.toml";
  REQUIRE(std::system(("cp '" + example("sim/ecn-off.toml") + "' '" + host + "'").c_str()) == 0);
  const auto r = roce::test::run("--host 'sim:" + host + "' tune --apply --yes --baseline 2 --trial 3 --state-dir '" +
                                 dir + "/state'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find(" in 2.0 s ") != std::string::npos);
  CHECK(r.out.find(" in 3.0 s ") != std::string::npos);
}

}  // namespace roce::test
