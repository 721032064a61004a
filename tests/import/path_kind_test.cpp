// import::classify_path: every kind a path can be, and what is refused, on real fixtures and files made here.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <string>

#include "import/path_kind.hpp"
#include "import_fixture.hpp"
#include "record/recording.hpp"

namespace roce::test {

using import::PathKind;

namespace {

PathKind kind_of(const std::string& path) {
  auto kind = import::classify_path(path);
  INFO(path);
  REQUIRE(kind.ok());
  return *kind;
}

std::string topology_fixture(const std::string& name) { return std::string(ROCE_FIXTURES_DIR) + "/topology/" + name; }

}  // namespace

TEST_CASE("classify_path tells bundles, recordings, archives and switch archives by content and name") {
  const TempDir tmp("import");
  const std::string dir = tmp.path();
  write_file(dir + "/host.json", "  \n{\"format\": \"roce-doctor-bundle\"}\n");
  write_file(dir + "/host.json.zst", std::string("\x28\xb5\x2f\xfd\x00\x00", 6));
  write_file(dir + "/capture.tar.zst", std::string("\x28\xb5\x2f\xfd\x00\x00", 6));
  write_file(dir + "/sos.any-name", std::string("\x1f\x8b\x08\x00", 4));
  write_file(dir + "/capture.txz", std::string("\xfd"
                                               "7zXZ\0",
                                               6));
  write_file(dir + "/capture.tbz", "BZh91AY");
  write_file(dir + "/sonic_dump_leaf1_20261129.tar.gz", "not yet extracted");
  CHECK(kind_of(dir + "/host.json") == PathKind::bundle);
  CHECK(kind_of(dir + "/host.json.zst") == PathKind::bundle_zstd);
  CHECK(kind_of(dir + "/capture.tar.zst") == PathKind::archive);
  CHECK(kind_of(dir + "/sos.any-name") == PathKind::archive);
  CHECK(kind_of(dir + "/capture.txz") == PathKind::archive);
  CHECK(kind_of(dir + "/capture.tbz") == PathKind::archive);
  CHECK(kind_of(dir + "/sonic_dump_leaf1_20261129.tar.gz") == PathKind::switch_archive);
  REQUIRE(std::system(("tar cf '" + dir + "/plain.tar' -C '" + import_fixture("") + "' folder").c_str()) == 0);
  CHECK(kind_of(dir + "/plain.tar") == PathKind::archive);
  CHECK(import::is_archive(PathKind::switch_archive));
  CHECK_FALSE(import::is_archive(PathKind::bundle_zstd));
}

TEST_CASE("classify_path tells a recording by its magic whatever its name") {
  const TempDir tmp("import");
  const std::string path = tmp.path() + "/host.json";
  { REQUIRE(record::RecordWriter::open(path, {}).ok()); }
  CHECK(kind_of(path) == PathKind::recording);
}

TEST_CASE("classify_path tells topology files by name or content, and command outputs by name") {
  const TempDir tmp("import");
  CHECK(kind_of(topology_fixture("nvidia_smi_topo_nccl933.txt")) == PathKind::topology_file);
  CHECK(kind_of(topology_fixture("nccl_topo_dump.xml")) == PathKind::topology_file);
  CHECK(kind_of(topology_fixture("hwloc_24em64t-2n6c2t-pci_v2.xml")) == PathKind::topology_file);
  write_file(tmp.path() + "/matrix.txt", "\tGPU0\tGPU1\tNIC0\tCPU Affinity\nGPU0\t X \tNV12\tPIX\t0-31\n");
  CHECK(kind_of(tmp.path() + "/matrix.txt") == PathKind::topology_file);
  write_file(tmp.path() + "/ethtool_-S_ens1f0np0", "NIC statistics:\n     rx_packets: 1\n");
  CHECK(kind_of(tmp.path() + "/ethtool_-S_ens1f0np0") == PathKind::command_output);
  write_file(tmp.path() + "/notes.txt", "hello\n");
  CHECK(kind_of(tmp.path() + "/notes.txt") == PathKind::unknown);
}

TEST_CASE("classify_path tells one host's capture folder from any other folder") {
  const TempDir tmp("import");
  CHECK(kind_of(import_fixture("folder")) == PathKind::capture_folder);
  CHECK(kind_of(import_fixture("sosreport-gpu-node-07-2026-11-29-abcdef")) == PathKind::capture_folder);
  CHECK(kind_of(import_fixture("sysinfo-snapshot-v3.7.6-gpu-node-07-20261129-203000")) == PathKind::capture_folder);
  CHECK(kind_of(topology_fixture("hgx")) == PathKind::folder);  // a sysfs root itself, not a capture holding sys/
  CHECK(kind_of(import_fixture("")) == PathKind::folder);
  CHECK(kind_of(tmp.path()) == PathKind::folder);
}

TEST_CASE("classify_path refuses a FIFO and a missing path, naming the path") {
  const TempDir tmp("import");
  const std::string fifo = tmp.path() + "/pipe";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const auto refused = import::classify_path(fifo);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message == fifo + ": a FIFO, not a regular file or directory");
  const auto missing = import::classify_path(tmp.path() + "/absent");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.rfind(tmp.path() + "/absent: ", 0) == 0);
}

}  // namespace roce::test
