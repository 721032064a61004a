// "Did you mean": edit distance and the nearest known name.
#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include "util/spelling.hpp"

namespace roce::test {

TEST_CASE("edit distance counts insertions, deletions and substitutions") {
  CHECK(edit_distance("trust", "trust") == 0);
  CHECK(edit_distance("trsut", "trust") == 2);
  CHECK(edit_distance("min_mut", "min_mtu") == 2);
  CHECK(edit_distance("priorty", "priority") == 1);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("qos-trust", "QOS-TRUST") == 8);
  CHECK(edit_distance("qos-trust", "QOS-TRUST", LetterCase::insensitive) == 0);
}

TEST_CASE("the nearest name is the first of the fewest edits, within the limit") {
  const std::vector<std::string> keys = {"trust", "lossless", "priority"};
  CHECK(nearest_name("trsut", keys, 2) == "trust");
  CHECK(nearest_name("color", keys, 2).empty());
  CHECK(nearest_name("ab", std::vector<std::string>{"ax", "xb"}, 2) == "ax");
  struct Info {
    std::string_view id;
  };
  const std::vector<Info> catalog = {{"PAUSE-STORM"}, {"QOS-TRUST"}};
  CHECK(nearest_name("pause-strom", catalog, 3, LetterCase::insensitive, &Info::id) == "PAUSE-STORM");
  CHECK(nearest_name("pause-strom", catalog, 1, LetterCase::insensitive, &Info::id).empty());
}

}  // namespace roce::test
