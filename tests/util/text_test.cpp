// util/text.hpp: trimming, words, lines, pieces and UTF-8; util/json_dump.hpp, and that every JSON
// dump of src/ is one that cannot throw on a byte that is not UTF-8; util/json_parse.hpp, and that
// every JSON parse of src/ refuses a document nested too deep.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "support/paths.hpp"
#include "util/json_dump.hpp"
#include "util/json_parse.hpp"
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
  CHECK(util::split_lines("a\r\nb\r\n\r\n") == Pieces{"a", "b", ""});  // CRLF: a file saved on Windows
  CHECK(util::split_lines("a\rb\r") == Pieces{"a\rb"});                // a lone CR is text, one at the end a line end
  CHECK(util::split_lines("").empty());
  CHECK(util::split_lines("\n") == Pieces{""});
}

TEST_CASE("split_on keeps empty pieces") {
  CHECK(util::split_on("a,,b", ',') == Pieces{"a", "", "b"});
  CHECK(util::split_on("", ',') == Pieces{""});
  CHECK(util::split_on("a,", ',') == Pieces{"a", ""});
}

TEST_CASE("valid_utf8 accepts well-formed UTF-8 only; to_valid_utf8 replaces each bad byte by U+FFFD") {
  CHECK(util::valid_utf8(""));
  CHECK(util::valid_utf8("gpu-node-07"));
  CHECK(
      util::valid_utf8("n\xc3\xb6"
                       "de \xe2\x82\xac \xf0\x9f\x98\x80"));  // ö € and an emoji
  CHECK_FALSE(
      util::valid_utf8("n\xf6"
                       "de"));                        // Latin-1 ö
  CHECK_FALSE(util::valid_utf8("\xc0\xaf"));          // overlong '/'
  CHECK_FALSE(util::valid_utf8("\xed\xa0\x80"));      // a UTF-16 surrogate
  CHECK_FALSE(util::valid_utf8("\xf4\x90\x80\x80"));  // past U+10FFFF
  CHECK_FALSE(util::valid_utf8("\xe2\x82"));          // cut short
  CHECK_FALSE(util::valid_utf8("\x80"));              // a lone continuation byte
  CHECK(util::to_valid_utf8("n\xf6"
                            "de") ==
        "n\xef\xbf\xbd"
        "de");
  CHECK(util::to_valid_utf8("\xe2\x82x") == "\xef\xbf\xbd\xef\xbf\xbdx");
  CHECK(util::to_valid_utf8("n\xc3\xb6"
                            "de") ==
        "n\xc3\xb6"
        "de");
  CHECK(util::valid_utf8(util::to_valid_utf8("\xff\xfe\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80")));
}

TEST_CASE("json_dump writes a string that is not UTF-8 with U+FFFD where nlohmann's dump() throws") {
  const nlohmann::ordered_json doc = {{"hostname",
                                       "gpu-n\xf6"
                                       "de"}};
  CHECK_THROWS(doc.dump());
  CHECK(util::json_dump(doc) ==
        "{\"hostname\":\"gpu-n\xef\xbf\xbd"
        "de\"}");
  CHECK(nlohmann::json::accept(util::json_dump(doc, 2)));
}

TEST_CASE("no JSON dump of src/ can throw on a byte that is not UTF-8") {
  namespace fs = std::filesystem;
  // A netlink socket's dump(request) is no JSON; any other .dump( must replace bad bytes.
  const std::regex netlink_dump(R"(\b(socket_?|sock)\.dump\()");
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(ROCE_SOURCE_DIR) / "src")) {
    if (!e.is_regular_file() || e.path().filename() == "json_dump.hpp") continue;
    ++files;
    std::ifstream in(e.path());
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      if (line.find(".dump(") == std::string::npos || std::regex_search(line, netlink_dump)) continue;
      INFO(e.path().string() << ":" << number << ": " << line);
      CHECK(line.find("error_handler_t::replace") != std::string::npos);  // better: util::json_dump
    }
  }
  CHECK(files > 100);
}

TEST_CASE("json_parse refuses a document nested deeper than the limit, where it passes it") {
  const auto nested = [](std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  CHECK(util::json_nesting_over(nested(util::kMaxJsonDepth)).empty());
  CHECK(util::json_nesting_over(nested(util::kMaxJsonDepth + 1)) == "1:257");
  CHECK(util::json_nesting_over("{\"a\": \"[[[[\\\"[[[\"}", 2).empty());  // brackets in strings do not count
  CHECK(util::json_nesting_over("{\n  \"a\": [{\"b\": [1]}]\n}", 3) == "2:15");
  CHECK(util::json_parse<nlohmann::json>(nested(util::kMaxJsonDepth))->is_array());
  CHECK(util::json_parse<nlohmann::json>("{")->is_discarded());
  // 200,000 deep: nlohmann parses it, but copying or dumping it would overflow the stack.
  const auto deep = util::json_parse<nlohmann::ordered_json>("{\"a\": " + nested(200000) + "}");
  REQUIRE_FALSE(deep);
  CHECK(deep.error().message == "1:262: nested more than 256 deep");
}

TEST_CASE("every JSON parse of src/ goes through util::json_parse") {
  namespace fs = std::filesystem;
  const std::regex json_parse_call(R"(\b(json|Json|ordered_json|LldpJson)::parse\()");
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(ROCE_SOURCE_DIR) / "src")) {
    if (!e.is_regular_file() || e.path().filename() == "json_parse.hpp") continue;
    ++files;
    std::ifstream in(e.path());
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      INFO(e.path().string() << ":" << number << ": " << line);
      CHECK_FALSE(std::regex_search(line, json_parse_call));
    }
  }
  CHECK(files > 100);
}

}  // namespace roce::test
