// The ecn sysfs dump of sysinfo-snapshot (ecn/config/<if>) in its separator variants.
#include <catch2/catch.hpp>

#include "captures/text/ecn_config.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;

TEST_CASE("ecn dump: absolute paths with ':', relative with ' = ', other parameters skipped") {
  const char* text =
      "/sys/class/net/ens1f0/ecn/roce_np/enable/3:1\n"
      "roce_rp/enable/3 = 1\n"
      "roce_rp/enable/0: 0\n"
      "/sys/class/net/ens1f0/ecn/roce_np/cnp_802p_prio:6\n"
      "roce_np/enable/5:yes\n"
      "garbage\n";
  auto r = parse_ecn_config(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.ok());
  const auto& ecn = *r->value;
  CHECK(*ecn.np[3]);
  CHECK(ecn.np[3].from.locator == "sos_commands/test/file:1");
  CHECK(*ecn.rp[3]);
  CHECK(ecn.rp[3].from.locator == "sos_commands/test/file:2");
  CHECK_FALSE(*ecn.rp[0]);
  CHECK(ecn.np[0].availability == Availability::absent);
  CHECK(ecn.np[5].availability == Availability::error);
  REQUIRE(r->warnings.size() == 2);
  CHECK(r->warnings[0].line == 5);
  CHECK(r->warnings[1].line == 6);
}

TEST_CASE("ecn dump: empty or without any roce_ line is an error") {
  CHECK_FALSE(parse_ecn_config("", kOrigin).ok());
  CHECK_FALSE(parse_ecn_config("hello world\n", kOrigin).ok());
}

}  // namespace roce::test
