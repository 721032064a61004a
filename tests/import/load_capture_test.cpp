#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "captures/zstd_codec.hpp"
#include "import/import_folder.hpp"
#include "import/load_capture.hpp"
#include "import/tar_extract.hpp"
#include "import_fixture.hpp"

namespace roce::test {

using namespace roce;
using import::load_capture;

namespace {

int sh(const std::string& command) { return std::system(command.c_str()); }

}  // namespace

TEST_CASE("a tarball of the folder gives the same Host as the folder") {
  const test::TempDir tmp("import");
  // Extraction happens under $TMPDIR: point it at an empty directory to see that it is left empty.
  const test::TempDir extraction("import");
  const char* old_tmpdir = std::getenv("TMPDIR");
  const std::string saved = old_tmpdir != nullptr ? old_tmpdir : "";
  setenv("TMPDIR", extraction.path().c_str(), 1);
  for (const char* flag : {"czf", "cJf"}) {
    INFO(flag);
    const std::string archive = tmp.path() + "/capture.any-name";
    REQUIRE(sh(std::string("tar ") + flag + " '" + archive + "' -C '" + test::import_fixture("") + "' folder") == 0);
    auto bundle = load_capture(archive);
    REQUIRE(bundle.ok());
    REQUIRE(bundle->samples.size() == 1);
    auto folder = import::import_folder(test::import_fixture("folder"));
    REQUIRE(folder.ok());
    model::Host from_tar = bundle->samples[0];
    CHECK(from_tar.from == model::Provenance{"folder", archive});
    from_tar.from = folder->host.from;
    CHECK(from_tar == folder->host);
  }
  if (old_tmpdir != nullptr)
    setenv("TMPDIR", saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
  // The private extraction directories are gone.
  CHECK(std::filesystem::is_empty(extraction.path()));
}

TEST_CASE("a directory is imported; a bundle is read by content, whatever its name") {
  auto folder = load_capture(test::import_fixture("sosreport-gpu-node-07-2026-11-29-abcdef"));
  REQUIRE(folder.ok());
  CHECK(folder->samples.at(0).hostname == "gpu-node-07");

  const test::TempDir tmp("import");
  captures::Bundle bundle;
  bundle.tool_version = "0.1.0";
  bundle.samples.push_back(folder->samples[0]);
  REQUIRE(captures::write_bundle_file(tmp.path() + "/b.json", bundle).ok());
  auto json = load_capture(tmp.path() + "/b.json");
  REQUIRE(json.ok());
  CHECK(captures::write_bundle_text(*json) == captures::write_bundle_text(bundle));

  test::write_file(tmp.path() + "/compressed.bin", captures::zstd_compress(captures::write_bundle_text(bundle)));
  auto zst = load_capture(tmp.path() + "/compressed.bin");
  REQUIRE(zst.ok());
  CHECK(captures::write_bundle_text(*zst) == captures::write_bundle_text(bundle));
}

TEST_CASE("what is not a capture is an error saying what was looked for") {
  const test::TempDir tmp("import");
  test::write_file(tmp.path() + "/x.tgz", "just text\n");
  auto text = load_capture(tmp.path() + "/x.tgz");
  REQUIRE_FALSE(text.ok());
  CHECK_THAT(text.error().message, Catch::Contains("looked for"));
  CHECK_FALSE(load_capture(tmp.path() + "/missing").ok());

  // An archive holding nothing usable: the message names the archive, not the temporary directory.
  test::write_file(tmp.path() + "/junk/readme", "hi\n");
  REQUIRE(sh("tar czf '" + tmp.path() + "/junk.tgz' -C '" + tmp.path() + "' junk") == 0);
  auto junk = load_capture(tmp.path() + "/junk.tgz");
  REQUIRE_FALSE(junk.ok());
  CHECK_THAT(junk.error().message, Catch::Contains(tmp.path() + "/junk.tgz"));
  CHECK_THAT(junk.error().message, Catch::Contains("looked for"));
  CHECK_THAT(junk.error().message, !Catch::Contains("problems"));
}

TEST_CASE("archive members outside the extraction folder are refused") {
  using import::unsafe_member_names;
  CHECK(unsafe_member_names("sosreport/\nsosreport/sos_commands/x\n").empty());
  CHECK(unsafe_member_names("a/../../etc/passwd\n") == std::vector<std::string>{"a/../../etc/passwd"});
  CHECK(unsafe_member_names("/etc/passwd\nok\n") == std::vector<std::string>{"/etc/passwd"});
  CHECK(unsafe_member_names("..\n") == std::vector<std::string>{".."});
  CHECK(unsafe_member_names("a..b/c..\n").empty());

  const test::TempDir tmp("import");
  test::write_file(tmp.path() + "/hostname", "evil\n");
  REQUIRE(sh("tar czPf '" + tmp.path() + "/abs.tgz' '" + tmp.path() + "/hostname' 2>/dev/null") == 0);
  auto refused = load_capture(tmp.path() + "/abs.tgz");
  REQUIRE_FALSE(refused.ok());
  CHECK_THAT(refused.error().message, Catch::Contains("refusing"));
}

TEST_CASE("a topology file, or a folder holding only one, loads as one sample with the topology beside it") {
  const std::string file = std::string(ROCE_FIXTURES_DIR) + "/topology/nccl_topo_dump.xml";
  auto bundle = load_capture(file);
  REQUIRE(bundle.ok());
  REQUIRE(bundle->samples.size() == 1);
  CHECK(bundle->samples[0].from.locator == file);
  REQUIRE(bundle->observations.topology);
  CHECK(bundle->observations.topology->nics.size() > 1);

  const TempDir tmp("import");
  REQUIRE(sh("cp '" + file + "' '" + tmp.path() + "/topo.xml'") == 0);
  auto folder = load_capture(tmp.path());
  REQUIRE(folder.ok());
  CHECK(folder->samples[0].from == model::Provenance{"folder", tmp.path()});
  CHECK(folder->observations.topology);
}

}  // namespace roce::test
