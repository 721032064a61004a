#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "captures/bundle.hpp"
#include "examples/cx6dx_example.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

using Json = nlohmann::json;

namespace {

const std::string kExamples = ROCE_EXAMPLES_DIR;

std::string example(const char* file) { return "'" + kExamples + "/" + file + "'"; }

}  // namespace

TEST_CASE("diff CLI: two example hosts, text") {
  const auto r = run("diff " + example("cx6dx-healthy.json") + " " + example("cx6dx-ecn-off.json"));
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("ens1f0np0\n  configuration\n    ecn.np prio 3: on -> off\n    ecn.rp prio 3: on -> off\n") !=
        std::string::npos);
  CHECK(r.out.find("sample 2 of 2 (the last)") != std::string::npos);
  CHECK(r.out.find("counters are not compared") != std::string::npos);
  CHECK(r.out.find("2 configuration differences") != std::string::npos);
}

TEST_CASE("diff CLI: --json parses back") {
  const auto r = run("diff --json " + example("cx6dx-healthy.json") + " " + example("cx6dx-headroom-small.json"));
  CHECK(r.exit_code == 1);
  const Json j = Json::parse(r.out);
  CHECK(j["format"] == "roce-doctor-diff");
  CHECK(j["a"]["hostname"] == "gpu-node-03");
  CHECK(j["b"]["hostname"] == "gpu-node-12");
  CHECK(j["same_host"] == false);
  CHECK(j["counters_compared"] == false);
  REQUIRE(j["config"].size() == 1);
  CHECK(j["config"][0]["field"] == "dcb.buffer.buffer_size buffer 1");
  CHECK(j["config"][0]["before"] == "262016 B");
  CHECK(j["config"][0]["after"] == "32768 B");
}

TEST_CASE("diff CLI: the same capture twice is no difference, exit 0") {
  const auto r = run("diff " + example("cx6dx-healthy.json") + " " + example("cx6dx-healthy.json"));
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("no configuration differences; 0 counters changed") != std::string::npos);
}

TEST_CASE("diff CLI: two captures of one host give counter rates in JSON; --dev filters") {
  using namespace roce;
  const std::string first = test::temp_path("first.json"), second = test::temp_path("second.json");
  REQUIRE(captures::write_bundle_file(first, {"0.1.0", 1, {examples::cx6dx_sample(examples::Cx6dx::healthy, 0)}, {}}));
  REQUIRE(captures::write_bundle_file(second, {"0.1.0", 2, {examples::cx6dx_sample(examples::Cx6dx::healthy, 1)}, {}}));
  const auto r = run("diff --json --all --dev mlx5_0 '" + first + "' '" + second + "'");
  CHECK(r.exit_code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["same_host"] == true);
  CHECK(j["seconds"] == 60.0);
  CHECK(j["config"].empty());
  REQUIRE(j["counters"].size() == j["counters_changed"]);
  bool cnp = false;
  for (const auto& c : j["counters"]) {
    CHECK((c["subject"] == "mlx5_0" || c["subject"] == "ens1f0np0"));
    if (c["counter"] == "ports[1].hw_counters.np_cnp_sent") {
      cnp = true;
      CHECK(c["canonical"] == "roce.cnp_sent");
      CHECK(c["lossless"] == true);
      CHECK(c["rate_per_s"].get<double>() > 0);
    }
  }
  CHECK(cnp);
  std::remove(first.c_str());
  std::remove(second.c_str());
}

TEST_CASE("diff CLI: input errors exit 3") {
  const auto missing = run("diff " + example("cx6dx-healthy.json") + " /nonexistent/capture.json");
  CHECK(missing.exit_code == 3);
  CHECK(missing.err.find("/nonexistent/capture.json") != std::string::npos);
  const auto no_dev =
      run("diff --dev nosuchdev " + example("cx6dx-healthy.json") + " " + example("cx6dx-healthy.json"));
  CHECK(no_dev.exit_code == 3);
  CHECK(no_dev.err.find("nosuchdev") != std::string::npos);
  CHECK(run("diff " + example("cx6dx-healthy.json")).exit_code == 3);
}

}  // namespace roce::test
