// "Did you mean": edit distance and the nearest known name.
#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include "util/spelling.hpp"

namespace roce::test {

TEST_CASE("edit distance counts insertions, deletions and substitutions") {
  CHECK(util::edit_distance("trust", "trust") == 0);
  CHECK(util::edit_distance("trsut", "trust") == 2);
  CHECK(util::edit_distance("min_mut", "min_mtu") == 2);
  CHECK(util::edit_distance("priorty", "priority") == 1);
  CHECK(util::edit_distance("", "abc") == 3);
  CHECK(util::edit_distance("qos-trust", "QOS-TRUST") == 8);
  CHECK(util::edit_distance("qos-trust", "QOS-TRUST", util::LetterCase::insensitive) == 0);
}

TEST_CASE("the nearest name is the first of the fewest edits, within the limit") {
  const std::vector<std::string> keys = {"trust", "lossless", "priority"};
  CHECK(util::nearest_name("trsut", keys, 2) == "trust");
  CHECK(util::nearest_name("color", keys, 2).empty());
  CHECK(util::nearest_name("ab", std::vector<std::string>{"ax", "xb"}, 2) == "ax");
  struct Info {
    std::string_view id;
  };
  const std::vector<Info> catalog = {{"PAUSE-STORM"}, {"QOS-TRUST"}};
  CHECK(util::nearest_name("pause-strom", catalog, 3, util::LetterCase::insensitive, &Info::id) == "PAUSE-STORM");
  CHECK(util::nearest_name("pause-strom", catalog, 1, util::LetterCase::insensitive, &Info::id).empty());
}

}  // namespace roce::test
