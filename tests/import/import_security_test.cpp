// A crafted capture whose copied sysfs links out of it: the importer reports each such read as a
// located warning and never returns the content; links that stay inside the copy are followed.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "import/import_folder.hpp"
#include "import/load_capture.hpp"
#include "import_fixture.hpp"

namespace roce::test {

using namespace roce;

namespace {

bool any_note_contains(const model::Host& host, const std::string& text) {
  for (const auto& n : host.notes)
    if (n.message.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("sysfs files of an archive that link outside the capture are refused with a located warning") {
  namespace fs = std::filesystem;
  const test::TempDir tmp("import");
  const std::string secret = tmp.path() + "/outside";
  test::write_file(secret, "4242\n");  // what a leak would show as the MTU
  const std::string cap = tmp.path() + "/capture";
  test::write_file(cap + "/hostname", "node-1\n");
  test::write_file(cap + "/date", "Sun Nov 29 20:30:00 UTC 2026\n");
  // eth0: a real directory whose attributes link out, absolutely and relatively.
  fs::create_directories(cap + "/sys/class/net/eth0");
  fs::create_symlink("/etc/hostname", cap + "/sys/class/net/eth0/mtu");
  fs::create_symlink("../../../../../outside", cap + "/sys/class/net/eth0/operstate");
  // eth1: laid out as the real /sys is, class/net/eth1 -> ../../devices/virtual/net/eth1 (inside).
  test::write_file(cap + "/sys/devices/virtual/net/eth1/mtu", "9000\n");
  test::write_file(cap + "/sys/devices/virtual/net/eth1/operstate", "up\n");
  fs::create_symlink("../../devices/virtual/net/eth1", cap + "/sys/class/net/eth1");

  const std::string archive = tmp.path() + "/capture.tgz";
  REQUIRE(std::system(("tar czf '" + archive + "' -C '" + tmp.path() + "' capture").c_str()) == 0);
  for (const std::string& path : {cap, archive}) {
    INFO(path);
    auto bundle = import::load_capture(path);
    REQUIRE(bundle.ok());
    const model::Host& host = bundle->samples.at(0);
    const model::NetDev* eth0 = host.netdev("eth0");
    REQUIRE(eth0 != nullptr);
    CHECK_FALSE(eth0->mtu.ok());
    CHECK_THAT(eth0->mtu.cause, Catch::StartsWith("sys/class/net/eth0/mtu: "));
    CHECK(any_note_contains(host, "sys/class/net/eth0/mtu: resolves outside"));
    CHECK(any_note_contains(host, "(to /etc/hostname); not read"));
    // The relative link leads to <capture's parent>/outside: the secret next to the folder; from the
    // archive it leads next to the extraction directory, where there is nothing to read.
    CHECK_FALSE(eth0->operstate.ok());
    if (path == cap) CHECK(any_note_contains(host, "sys/class/net/eth0/operstate: resolves outside"));
    CHECK_FALSE(any_note_contains(host, "4242"));
    const model::NetDev* eth1 = host.netdev("eth1");
    REQUIRE(eth1 != nullptr);
    REQUIRE(eth1->mtu.ok());
    CHECK(*eth1->mtu == 9000u);
  }
}

TEST_CASE("a sysfs directory linked out of the capture is not listed nor read") {
  namespace fs = std::filesystem;
  const test::TempDir tmp("import");
  test::write_file(tmp.path() + "/elsewhere/eth9/mtu", "1500\n");
  const std::string cap = tmp.path() + "/capture";
  test::write_file(cap + "/hostname", "node-1\n");
  fs::create_directories(cap + "/sys/class/net");
  fs::create_symlink(tmp.path() + "/elsewhere/eth9", cap + "/sys/class/net/eth9");
  auto bundle = import::load_capture(cap);
  REQUIRE(bundle.ok());
  const model::NetDev* eth9 = bundle->samples.at(0).netdev("eth9");
  CHECK((eth9 == nullptr || !eth9->mtu.ok()));
}

}  // namespace roce::test
