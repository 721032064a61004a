// util/text.hpp: trimming, words, lines and pieces.
#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include "util/text.hpp"

namespace roce::test {

using Pieces = std::vector<std::string_view>;

TEST_CASE("trim removes ASCII whitespace from either end and keeps the inside") {
  CHECK(util::trim(" \t a  b \r\n\v\f") == "a  b");
  CHECK(util::trim_left("  a ") == "a ");
  CHECK(util::trim_right("  a \r") == "  a");
  CHECK(util::trim("   ").empty());
  CHECK(util::trim("").empty());
}

TEST_CASE("split_words returns the runs of non-whitespace") {
  CHECK(util::split_words("  mlx5_0 port 1 ==> ens1f0np0 (Up)\r") ==
        Pieces{"mlx5_0", "port", "1", "==>", "ens1f0np0", "(Up)"});
  CHECK(util::split_words(" \t ").empty());
}

TEST_CASE("split_lines splits on newlines, keeps blank lines and needs no final newline") {
  CHECK(util::split_lines("a\n\nb\n") == Pieces{"a", "", "b"});
  CHECK(util::split_lines("a\r\nb") == Pieces{"a\r", "b"});
  CHECK(util::split_lines("").empty());
  CHECK(util::split_lines("\n") == Pieces{""});
}

TEST_CASE("split_on keeps empty pieces") {
  CHECK(util::split_on("a,,b", ',') == Pieces{"a", "", "b"});
  CHECK(util::split_on("", ',') == Pieces{""});
  CHECK(util::split_on("a,", ',') == Pieces{"a", ""});
}

}  // namespace roce::test
