#include <catch2/catch.hpp>

#include "import/capture_time.hpp"

namespace roce::test {

using namespace roce::import;

TEST_CASE("GNU date default output in UTC is placed on the time line") {
  auto ms = parse_date_output("Sun Nov 29 20:30:00 UTC 2026\n");
  REQUIRE(ms.ok());
  CHECK(*ms == 1795984200000LL);  // date -u -d '2026-11-29 20:30:00' +%s = 1795984200
  CHECK(parse_date_output("Thu Jan  1 00:00:00 GMT 1970").value() == 0);
}

TEST_CASE("date output in a zone abbreviation or garbled is an error that says why") {
  auto cet = parse_date_output("Sun Nov 29 21:30:00 CET 2026");
  REQUIRE_FALSE(cet.ok());
  CHECK_THAT(cet.error().message, Catch::Contains("CET"));
  CHECK_FALSE(parse_date_output("").ok());
  CHECK_FALSE(parse_date_output("Sun Foo 29 20:30:00 UTC 2026").ok());
  CHECK_FALSE(parse_date_output("Sun Nov 29 25:30:00 UTC 2026").ok());
}

TEST_CASE("sos manifest start_time is read") {
  auto ms = parse_sos_manifest_time(R"({"version": "4.8.0", "start_time": "2026-11-29 20:29:41.512230"})");
  REQUIRE(ms.ok());
  CHECK(*ms == 1795984181000LL);
  CHECK_FALSE(parse_sos_manifest_time("{").ok());
  CHECK_FALSE(parse_sos_manifest_time(R"({"start_time": 5})").ok());
  CHECK_FALSE(parse_sos_manifest_time(R"({"start_time": "yesterday"})").ok());
}

}  // namespace roce::test
