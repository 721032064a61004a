#include <catch2/catch.hpp>

#include "cli/duration.hpp"

namespace roce::test {

using roce::cli::parse_duration;
using namespace std::chrono_literals;

TEST_CASE("durations take a number and a unit") {
  CHECK(*parse_duration("500ms") == 500ms);
  CHECK(*parse_duration("2s") == 2000ms);
  CHECK(*parse_duration("1m") == 60000ms);
  CHECK(*parse_duration("1h") == 3600000ms);
  for (const char* bad : {"", "5", "s", "0s", "-1s", "1.5s", "2 s", "2sec", "1d", "99999999999999h"})
    CHECK_FALSE(parse_duration(bad).ok());
  CHECK(parse_duration("5").error().message == "invalid duration \"5\"");
}

}  // namespace roce::test
