// The text and JSON views of storm::Analysis and the exit code of a storm by its cause.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "storm/render_json.hpp"
#include "storm/render_text.hpp"
#include "storm/verdict.hpp"

namespace roce::test {

using namespace roce::storm;

namespace {

Analysis one_storm(Cause cause, int priority) {
  Analysis a;
  a.ports = 3;
  a.cables = 2;
  Storm s;
  s.origin = {{"leaf1", "Ethernet0", true}};
  s.cause = cause;
  s.priority = priority;
  s.start_ms = 1'796'000'010'000;
  s.end_ms = 1'796'000'040'000;
  Reached o;
  o.port = s.origin[0];
  o.first_ms = s.start_ms;
  o.last_ms = s.end_ms - 1000;
  o.peak_share = 0.5;
  Reached v;
  v.port = {"h2", "eth0", false};
  v.hops = 2;
  v.paused = v.victim = true;
  v.first_ms = s.start_ms + 1000;
  v.last_ms = s.end_ms - 1000;
  v.peak_share = 0.3;
  s.reached = {o, v};
  s.evidence = {"leaf1 Ethernet0: ECN-marked"};
  s.fixes = {"on leaf1: ECN"};
  a.storms.push_back(s);
  a.notes = {"h9 (recording h9.rec): its samples end at ..."};
  return a;
}

}  // namespace

TEST_CASE("incast is a warning, every other cause critical, no storm healthy") {
  CHECK(exit_code_of(Analysis{}) == 0);
  CHECK(exit_code_of(one_storm(Cause::incast, 3)) == 1);
  for (Cause c : {Cause::slow_receiver, Cause::nic_storm, Cause::cycle, Cause::global_pause, Cause::unknown})
    CHECK(exit_code_of(one_storm(c, 3)) == 2);
}

TEST_CASE("the text view: the storm, its ports by hops with their role, the evidence, the fix, the notes") {
  const std::string text = render_text(one_storm(Cause::incast, 3));
  CHECK_THAT(text, Catch::StartsWith("storm 1: incast on priority 3, origin leaf1 Ethernet0\n"
                                     "  2026-11-30 00:53:30 to 00:54:00 UTC (30 s)\n"));
  CHECK_THAT(text, Catch::Contains("     0  leaf1 Ethernet0  00:53:30  00:53:59    50%  origin\n"));
  CHECK_THAT(text, Catch::Contains("     2  h2 eth0          00:53:31  00:53:59    30%  victim\n"));
  CHECK_THAT(text, Catch::Contains("  2 ports reached, 1 of them victims"));
  CHECK_THAT(text, Catch::Contains("  fix:\n    on leaf1: ECN\n"));
  CHECK_THAT(text, Catch::Contains("notes:\n  h9 (recording h9.rec)"));
  CHECK_THAT(text, Catch::EndsWith("1 pause storm (warning): 3 ports read, 2 cables\n"));
  CHECK(render_text(Analysis{}) == "no pause storm: 0 ports read, 0 cables\n");
}

TEST_CASE("the JSON view: 802.3x has no priority, every port says whether it is a switch's") {
  const auto doc = nlohmann::json::parse(render_json(one_storm(Cause::global_pause, -1)));
  CHECK(doc["format"] == "roce-doctor-storm");
  CHECK(doc["storms"][0]["priority"].is_null());
  CHECK(doc["storms"][0]["cause"] == "global-pause");
  CHECK(doc["storms"][0]["origin"][0]["switch"] == true);
  CHECK(doc["storms"][0]["reached"][1]["victim"] == true);
  CHECK(doc["storms"][0]["reached"][1]["hops"] == 2);
  CHECK(doc["exit_code"] == 2);
}

}  // namespace roce::test
