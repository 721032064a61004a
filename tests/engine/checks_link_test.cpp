// The link and addressing checks together on the healthy baseline.
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("link checks: the healthy baseline is judged and clean, with two samples and with one") {
  Run two(healthy_scenario());
  for (const char* id : kLinkChecks) {
    const auto& r = two.result(id);
    INFO(describe(r));
    CHECK(r.status == Status::ok);
    CHECK(r.notes.empty());
  }
  Run one(healthy_scenario(), profile::default_profile(), /*with_before=*/false);
  for (const char* id : kLinkChecks) {
    const auto& r = one.result(id);
    INFO(describe(r));
    if (std::string_view(id) == "LINK-FLAP") {
      CHECK(r.status == Status::skipped);
      CHECK(r.skipped_reason == "needs two samples");
    } else {
      CHECK(r.status == Status::ok);
    }
  }
  // One sample without rx_bits_phy: the cumulative BER cannot be computed, and that is said.
  REQUIRE(one.result("LINK-SIGNAL").notes.size() == 1);
  CHECK_THAT(one.result("LINK-SIGNAL").notes[0], Contains("pre-FEC BER not computed") && Contains("one sample"));
}

}  // namespace roce::test
