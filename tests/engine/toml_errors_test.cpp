// The TOML error collector of profiles and simulator models: every error located, in file order.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "profile/toml_errors.hpp"

namespace roce::test {

TEST_CASE("TOML errors come out in file order; errors at one place in the order they were found") {
  const toml::table root = toml::parse(std::string_view("a = 1\nb = 2\n"), std::string("p.toml"));
  profile::TomlErrors errors("p.toml");
  CHECK(errors.empty());
  errors.add(root.get("b")->source(), "second line");
  errors.add(root.get("a")->source(), "first line, found first");
  errors.add(root.get("a")->source(), "first line, found next");
  CHECK_FALSE(errors.empty());
  CHECK(errors.text() ==
        "p.toml:1:5: first line, found first\np.toml:1:5: first line, found next\np.toml:2:5: second line");
}

TEST_CASE("a file toml++ cannot parse is reported at the place it stopped") {
  try {
    (void)toml::parse(std::string_view("a = \n"), std::string("p.toml"));
    FAIL("toml++ accepted a key without a value");
  } catch (const toml::parse_error& e) {
    CHECK(profile::parse_error_text("p.toml", e).starts_with("p.toml:1:"));
  }
}

}  // namespace roce::test
