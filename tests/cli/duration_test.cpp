// Durations on the command line: a bare number is seconds (as iproute2 and ethtool users type
// it); a unit still says otherwise.
#include <catch2/catch.hpp>

#include "cli/cmd_record.hpp"
#include "cli/duration.hpp"

namespace roce::test {

using roce::cli::parse_duration;
using roce::cli::parse_record_duration;
using roce::cli::parse_window;
using namespace std::chrono_literals;

TEST_CASE("durations take a number and a unit") {
  CHECK(*parse_duration("500ms") == 500ms);
  CHECK(*parse_duration("2s") == 2000ms);
  CHECK(*parse_duration("1m") == 60000ms);
  CHECK(*parse_duration("1h") == 3600000ms);
  CHECK(*parse_duration("1.5m") == 90000ms);
  CHECK(*parse_duration("0.1s") == 100ms);
}

TEST_CASE("a bare number is seconds") {
  CHECK(*parse_duration("1") == 1000ms);
  CHECK(*parse_duration("60") == 60000ms);
  CHECK(*parse_duration("0.5") == 500ms);
  CHECK(*parse_duration(".25") == 250ms);
  CHECK(*parse_window("10") == 10000ms);
  CHECK(*parse_window("0") == 0ms);
  CHECK(*parse_record_duration("2") == 2000ms);
  CHECK(*parse_record_duration("1d") == 86400000ms);
}

TEST_CASE("durations that are not positive whole milliseconds are refused with the forms that work") {
  for (const char* bad : {"", "0", "0.0", "s", "0s", "-1s", "-1", "1.", ".", "1.2.3", "2 s", "2sec", "1d", "1e3",
                          "0.0001", "1.5ms", "1.0000001", "99999999999999h", "99999999999999"}) {
    INFO(bad);
    CHECK_FALSE(parse_duration(bad).ok());
  }
  const auto bad = parse_duration("5x");
  CHECK(bad.error().message == "invalid duration \"5x\"");
  CHECK(bad.error().hint == "give seconds (5, 0.5) or a number and a unit: 500ms, 2s, 1m, 1h");
  CHECK_FALSE(parse_record_duration("1.5d").ok());
}

}  // namespace roce::test
