// The plan as text (diff, commands, notes) and as JSON.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "examples/cx6dx_example.hpp"
#include "tune/plan.hpp"
#include "tune/render.hpp"

namespace roce::test {

using namespace roce;

TEST_CASE("ObjectRef names objects the way the diff prints them") {
  CHECK(system::to_string(system::ObjectRef{"ens1f0np0", system::Knob::dcb_pfc, 0}) == "ens1f0np0 dcb pfc");
  CHECK(system::to_string(system::ObjectRef{"ens1f0np0", system::Knob::nic_ecn, 3}) == "ens1f0np0 ecn prio 3");
  CHECK(system::to_string(system::ObjectRef{"swp1", system::Knob::red, 0x10005}) == "swp1 red parent 1:5");
  CHECK(system::to_string(system::ObjectRef{"swp1", system::Knob::red, 0xffffffffu}) == "swp1 red root");
  CHECK(std::string(system::to_string(system::Knob::dcb_apptrust)) == "dcb apptrust");
}

TEST_CASE("text: the diff, the reason, the commands in order, the notes") {
  auto host = examples::cx6dx_sample(examples::Cx6dx::ecn_off, 1);
  auto plan = tune::make_plan(host, profile::default_profile());
  plan.notes.push_back({"ens1f0np0 dcb buffer", "unsupported by bnxt_en; cannot size buffers"});
  const auto text = tune::render_plan_text(plan, {"from x.json", "roce-lossless (built-in)"});
  CHECK(text.find("roce-doctor tune: gpu-node-07, from x.json\nprofile: roce-lossless (built-in)\n") == 0);
  CHECK(text.find("1 change proposed (dry run: nothing was changed):") != std::string::npos);
  CHECK(text.find("ens1f0np0 ecn prio 3\n  - roce_np/enable/3: 0\n  + roce_np/enable/3: 1\n      why: profile "
                  "ecn.priorities includes 3") != std::string::npos);
  CHECK(text.find("Equivalent commands, in order:\n  echo 1 > /sys/class/net/ens1f0np0/ecn/roce_np/enable/3\n"
                  "  echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3\n") != std::string::npos);
  CHECK(text.find("Not planned (missing data):\n  ens1f0np0 dcb buffer: unsupported by bnxt_en; cannot size "
                  "buffers\n") != std::string::npos);
}

TEST_CASE("text: an empty plan says so") {
  const auto plan = tune::make_plan(examples::cx6dx_sample(examples::Cx6dx::healthy, 1), profile::default_profile());
  const auto text = tune::render_plan_text(plan, {"live", "p"});
  CHECK(text.find("Nothing to change") != std::string::npos);
  CHECK(text.find("Equivalent commands") == std::string::npos);
}

TEST_CASE("JSON: every change with its fields and commands, all commands in order, notes") {
  auto plan = tune::make_plan(examples::cx6dx_sample(examples::Cx6dx::trust_pcp, 1), profile::default_profile());
  plan.notes.push_back({"s", "m"});
  const auto j = nlohmann::json::parse(tune::render_plan_json(plan, {"o", "p"}));
  CHECK(j["schema_version"] == 1);
  CHECK(j["hostname"] == "gpu-node-11");
  REQUIRE(j["changes"].size() == 3);
  CHECK(j["changes"][0]["object"] == "ens1f0np0 dcb app dscp 26");
  CHECK(j["changes"][0]["knob"] == "dcb app");
  CHECK(j["changes"][0]["index"] == (5u << 16 | 26u));
  CHECK(j["changes"][0]["fields"][0]["current"] == "(none)");
  CHECK(j["changes"][0]["fields"][0]["proposed"] == "prio 3");
  CHECK(j["changes"][2]["object"] == "ens1f0np0 qos trust");
  CHECK(j["changes"][2]["disruptive"] == false);
  CHECK(j["changes"][2]["fields"][0]["current"] == "pcp");
  CHECK(j["changes"][2]["fields"][0]["proposed"] == "dscp");
  CHECK(j["commands"].size() == 2);
  CHECK(j["commands"][0] == "dcb app replace dev ens1f0np0 dscp-prio 26:3 48:6");
  CHECK(j["notes"][0]["subject"] == "s");
}

}  // namespace roce::test
