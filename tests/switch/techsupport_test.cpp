// A SONiC `show techsupport` archive as the export of one switch: given with --switch, and found in
// a host's capture folder (tests/fixtures/switch/sonic_dump_leaf03_20261202_170000.tar.gz).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "import/load_capture.hpp"
#include "import/switch_archives.hpp"
#include "import/tar_extract.hpp"
#include "support/temp_dir.hpp"
#include "switch_fixtures.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

const std::string kArchive = "sonic_dump_leaf03_20261202_170000.tar.gz";

}  // namespace

TEST_CASE("a tech-support archive reads as one switch: the running CONFIG_DB dump and the CLI outputs under dump/") {
  const std::string archive = switch_fixture_path(kArchive);
  auto side = import::read_switch_exports_or_archives({archive});
  REQUIRE(side);
  // etc/sonic/config_db.json (leaf03-saved) is left for dump/CONFIG_DB.json, APPL_DB.json and the
  // plain lldpctl output are no switch exports.
  REQUIRE(side->switches.size() == 1);
  const auto& sw = side->switches[0];
  CHECK(sw.host.hostname == "leaf03");
  CHECK(sw.source == "CONFIG_DB (sonic-db-dump)");
  CHECK(sw.warnings.empty());
  const std::string dump = archive + ":sonic_dump_leaf03_20261202_170000/dump/";
  CHECK(sw.host.netdevs[0].mtu.from.locator == dump + "CONFIG_DB.json PORT|Ethernet0 mtu");
  const auto& e0 = *sw.port("Ethernet0");
  REQUIRE(e0.counters.ok());
  CHECK(e0.counters->tx_drop == 9268210u);
  CHECK(e0.counters.from.locator == dump + "interface.counters_1:3");

  // Beside plain exports, and an archive that is not one switch's.
  auto mixed = import::read_switch_exports_or_archives({archive, switch_fixture_path("sonic_roce_dscp26_flat.json")});
  REQUIRE(mixed);
  CHECK(mixed->switches.size() == 2);
  const TempDir temp("techsupport");
  const std::string junk = temp.path() + "/junk.tar.gz";
  std::ofstream(junk, std::ios::binary) << std::string("\x1f\x8b\x08\x00 not gzip", 14);
  auto bad = import::read_switch_exports_or_archives({junk});
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.find(junk) != std::string::npos);
}

TEST_CASE("a tech-support archive in a host's capture folder gives the XSW checks its switch") {
  const TempDir temp("techsupport");
  const std::string dir = temp.path() + "/capture";
  fs::copy(std::string(ROCE_FIXTURES_DIR) + "/import/folder", dir, fs::copy_options::recursive);
  fs::copy_file(switch_fixture_path(kArchive), dir + "/" + kArchive);
  std::vector<std::string> warnings;
  auto bundle = import::load_capture(dir, &warnings);
  REQUIRE(bundle);
  REQUIRE(bundle->observations.switches.switches.size() == 1);
  CHECK(bundle->observations.switches.switches[0].host.hostname == "leaf03");
  for (const auto& note : bundle->samples.back().notes) CHECK(note.subject != "switch");
}

}  // namespace roce::test
