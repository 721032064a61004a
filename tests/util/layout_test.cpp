// README's Layout table is the include rule of src/: every folder is listed, and each #include from a
// folder names one the table lets it include. An include that climbs a floor fails here.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "support/paths.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

struct Row {
  int floor = 0;
  std::set<std::string> may_include;  // folder names without the slash
};

// The rows "| FLOOR | `NAME/` | what it holds | `a/`, `b/` |" of README's Layout section.
std::map<std::string, Row> layout_table() {
  std::ifstream in(std::string(ROCE_SOURCE_DIR) + "/README.md");
  const std::regex row(R"(^\| *(\d+) *\| *`([a-z_]+)/` *\|.*\|([^|]*)\| *$)");
  const std::regex folder("`([a-z_]+)/`");
  std::map<std::string, Row> table;
  bool in_layout = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("## ")) in_layout = line == "## Layout";
    std::smatch m;
    if (!in_layout || !std::regex_match(line, m, row)) continue;
    Row r;
    r.floor = std::stoi(m[1]);
    const std::string includes = m[3];
    for (auto it = std::sregex_iterator(includes.begin(), includes.end(), folder); it != std::sregex_iterator(); ++it)
      r.may_include.insert((*it)[1]);
    table[m[2]] = r;
  }
  return table;
}

// The top folder of src/ (or "checks" for the top-level checks/) that each project include names.
std::map<std::string, std::set<std::string>> includes_by_folder() {
  std::map<std::string, std::set<std::string>> out;
  const std::regex include(R"(^#include "([a-z_]+)/)");
  const auto scan = [&](const fs::path& dir, const std::string& owner_of_root) {
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      const std::string owner = owner_of_root.empty() ? fs::relative(e.path(), dir).begin()->string() : owner_of_root;
      std::ifstream in(e.path());
      for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, include) && m[1] != owner) out[owner].insert(m[1]);
      }
    }
  };
  scan(fs::path(ROCE_SOURCE_DIR) / "src", "");
  scan(fs::path(ROCE_SOURCE_DIR) / "checks", "checks");
  return out;
}

}  // namespace

TEST_CASE("README's Layout table lists every folder of src/ and what it may include") {
  const auto table = layout_table();
  REQUIRE(table.size() > 20);
  for (const auto& e : fs::directory_iterator(fs::path(ROCE_SOURCE_DIR) / "src"))
    if (e.is_directory()) CHECK(table.count(e.path().filename().string()) == 1);
  CHECK(table.count("checks") == 1);
}

TEST_CASE("every include of src/ and checks/ is one the Layout table allows, and none climbs a floor") {
  const auto table = layout_table();
  for (const auto& [folder, included] : includes_by_folder()) {
    const auto row = table.find(folder);
    if (row == table.end()) continue;  // reported by the test above
    for (const auto& other : included) {
      if (other == "util") continue;  // every folder may include util/
      INFO(folder << "/ includes " << other << "/");
      CHECK(row->second.may_include.count(other) == 1);
      const auto below = table.find(other);
      REQUIRE(below != table.end());
      CHECK(below->second.floor < row->second.floor);
    }
  }
}

}  // namespace roce::test
