// roce-doctor --version: version, the commit it was built from, the libraries it was built with.
#include <catch2/catch.hpp>

#include <zstd.h>

#include <CLI/Version.hpp>

#include "dist/shell.hpp"

namespace roce::test {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(text.substr(start, nl - start));
  return lines;
}

// What cmake/build_commit.cmake writes for SOURCE_DIR.
std::string commit_written_for(const std::string& source_dir) {
  TempDir out;
  const auto r =
      shell("cmake -DSOURCE_DIR=" + shell_word(source_dir) + " -DOUTPUT=" + shell_word(out.path() + "/c.cpp") + " -P " +
            shell_word(kSource + "/cmake/build_commit.cmake"));
  REQUIRE(r.exit_code == 0);
  const std::string text = slurp(out.path() + "/c.cpp");
  const auto q = text.find("kBuildCommit = \"");
  REQUIRE(q != std::string::npos);
  const auto from = q + 16;
  return text.substr(from, text.find('"', from) - from);
}

}  // namespace

TEST_CASE("--version: the version, the commit, the compiled-in libraries and zstd at run time") {
  const auto r = shell(shell_word(kBin) + " --version");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "roce-doctor " ROCE_VERSION);
  CHECK(lines[1].starts_with("commit: "));
  CHECK(lines[2] == "built with: libibverbs " ROCE_IBVERBS_VERSION ", libmnl " ROCE_MNL_VERSION
                    ", zstd " ZSTD_VERSION_STRING ", fmt " ROCE_FMT_VERSION ", CLI11 " CLI11_VERSION
                    ", toml++ " ROCE_TOMLPP_VERSION ", nlohmann-json " ROCE_NLOHMANN_JSON_VERSION);
  CHECK(lines[3] == std::string("zstd at run time: ") + ZSTD_versionString());
}

TEST_CASE("--version: the commit is git describe of this checkout (without -dirty, which may change)") {
  const auto head = shell("git -C " + shell_word(kSource) + " describe --always --abbrev=12");
  if (head.exit_code != 0) {
    WARN("the source tree is not a git checkout here: nothing to compare the commit with");
    return;
  }
  std::string commit = lines_of(shell(shell_word(kBin) + " --version").out).at(1).substr(8);
  if (commit.ends_with("-dirty")) commit.resize(commit.size() - 6);
  CHECK(commit + "\n" == head.out);
}

TEST_CASE("--version: outside a git checkout the commit is unknown, also inside another repository") {
  TempDir dir;
  CHECK(commit_written_for(dir.path()) == "unknown");
  if (!have_tool("git")) return;
  // A release tarball unpacked inside some other repository must not report that one's commit.
  REQUIRE(shell("cd " + shell_word(dir.path()) +
                " && git init -q && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m x")
              .exit_code == 0);
  std::filesystem::create_directory(dir.path() + "/roce-doctor-0.1.0");
  CHECK(commit_written_for(dir.path() + "/roce-doctor-0.1.0") == "unknown");
  CHECK(commit_written_for(dir.path()) != "unknown");
}

}  // namespace roce::test
