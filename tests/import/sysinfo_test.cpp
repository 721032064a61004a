// An NVIDIA sysinfo-snapshot (tests/fixtures/import/sysinfo-snapshot-*, command outputs from the
// real samples) and a .tgz of it made here: told by its structure, provenance "sysinfo".
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "import/import_folder.hpp"
#include "import/load_capture.hpp"
#include "import_fixture.hpp"

namespace roce::test {

using namespace roce;

namespace {

const std::string kSnapshot = "sysinfo-snapshot-v3.7.6-gpu-node-07-20261129-203000";

void check_snapshot_host(const model::Host& host) {
  CHECK(host.hostname == "gpu-node-07");
  CHECK(host.time_unix_ms == 1795984200000);  // Sun Nov 29 20:30:00 UTC 2026
  const model::NetDev* nd = host.netdev("ens1f0");
  REQUIRE(nd != nullptr);
  REQUIRE(nd->ethtool_stats.ok());
  CHECK(nd->ethtool_stats.from.source == "sysinfo");
  CHECK(nd->ethtool_stats.from.locator == "ethtool_S/ethtool_S_ens1f0:1");
  REQUIRE(nd->ecn.ok());
  REQUIRE(nd->ecn->np[3].ok());
  CHECK(*nd->ecn->np[3]);
  CHECK(nd->ecn->np[3].from.locator == "ecn/config/ens1f0:4");
  CHECK_FALSE(*nd->ecn->np[0]);
  REQUIRE(nd->ecn->rp[3].ok());
  CHECK(*nd->ecn->rp[3]);
  CHECK(nd->ecn->rp[3].from.locator == "ecn/config/ens1f0:12");
  REQUIRE(nd->qdiscs.ok());
  CHECK(nd->qdiscs->size() == 2);
  CHECK(nd->qdiscs.from.locator == "commands_txt_output/tc_-s_qdisc_show.txt:1");
  REQUIRE(nd->trust.ok());
  CHECK(*nd->trust == "dscp");
  CHECK(nd->trust.from.locator.rfind("commands_txt_output/mlnx_qos_-i_ens1f0.txt:", 0) == 0);
  CHECK(host.mlnx_qos_seen);  // fixes are then given in mlnx_qos
  // ibstat.txt is the real 12-device H100 sample.
  REQUIRE(host.rdma_devices.size() == 12);
  CHECK(std::any_of(host.rdma_devices.begin(), host.rdma_devices.end(),
                    [](const model::RdmaDevice& d) { return d.name == "mlx5_0"; }));
}

}  // namespace

TEST_CASE("a sysinfo-snapshot folder: commands_txt_output, ethtool_S, ecn/config; HTML ignored") {
  auto imported = import::import_folder(test::import_fixture(kSnapshot));
  REQUIRE(imported.ok());
  CHECK(imported->host.from.source == "sysinfo");
  check_snapshot_host(imported->host);
  const auto& used = imported->files_used;
  CHECK(std::find(used.begin(), used.end(), "ecn/config/ens1f0") != used.end());
  CHECK(std::find(used.begin(), used.end(), "commands_txt_output/tc_-s_qdisc_show.txt") != used.end());
  for (const auto& f : used) CHECK(f.find(".html") == std::string::npos);
  for (const auto& w : imported->warnings) CHECK(w.find("tc_-s_qdisc_show") == std::string::npos);
}

TEST_CASE("a .tgz of a sysinfo-snapshot, whatever its name, gives the same host") {
  auto tmp = test::scratch();
  const std::string archive = tmp.path() + "/upload-1234.bin";
  REQUIRE(std::system(("tar czf '" + archive + "' -C '" + test::import_fixture("") + "' " + kSnapshot).c_str()) == 0);
  auto bundle = captures::load_capture(archive);
  REQUIRE(bundle.ok());
  REQUIRE(bundle->samples.size() == 1);
  check_snapshot_host(bundle->samples[0]);
  CHECK(bundle->created_unix_ms == 1795984200000);
}

}  // namespace roce::test
