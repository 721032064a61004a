// An NVIDIA sysinfo-snapshot in the layout sysinfo-snapshot.py writes (tests/fixtures/import/
// sysinfo-snapshot-*/README gives the provenance) and a .tgz of it made here: told by its structure,
// provenance "sysinfo"; what of it was used and what was not is said.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "captures/text/sysinfo_roce_counters.hpp"
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
  CHECK(nd->ecn->np[3].from.locator == "ecn/config/ens1f0:9");  // "<path>= 1", a blank line after each
  CHECK_FALSE(*nd->ecn->np[0]);
  REQUIRE(nd->ecn->rp[3].ok());
  CHECK(*nd->ecn->rp[3]);
  CHECK(nd->ecn->rp[3].from.locator == "ecn/config/ens1f0:27");
  REQUIRE(nd->trust.ok());
  CHECK(*nd->trust == "dscp");
  CHECK(nd->trust.from.locator.rfind("commands_txt_output/mlnx_qos_handler.txt:", 0) == 0);
  CHECK(nd->trust.from.locator != "commands_txt_output/mlnx_qos_handler.txt:1");
  CHECK(host.mlnx_qos_seen);  // fixes are then given in mlnx_qos
  // roce_counters.txt: the port's hw_counters and counters, each at its own line.
  const model::RdmaDevice* dev = nullptr;
  for (const auto& d : host.rdma_devices)
    if (d.name == "mlx5_0") dev = &d;
  REQUIRE(dev != nullptr);
  REQUIRE_FALSE(dev->ports.empty());
  const model::RdmaPort& port = dev->ports.front();
  REQUIRE(port.hw_counters.ok());
  CHECK(port.hw_counters.from.locator == "commands_txt_output/roce_counters.txt:4");
  CHECK(port.hw_counters->get("duplicate_request") == 0u);
  CHECK(port.hw_counters->get("lifespan") == 12u);
  REQUIRE(port.counters.ok());
  CHECK(port.counters->get("port_rcv_data") == 230539874932483u);
  CHECK(port.counters->get("excessive_buffer_overrun_errors") == 15u);
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
  CHECK(std::find(used.begin(), used.end(), "commands_txt_output/roce_counters.txt") != used.end());
  CHECK(std::find(used.begin(), used.end(), "commands_txt_output/mlnx_qos_handler.txt") != used.end());
  CHECK(std::find(used.begin(), used.end(), "commands_txt_output/ibstat.txt") != used.end());
  for (const auto& f : used) CHECK(f.find(".html") == std::string::npos);
  const auto& not_used = imported->files_not_used;
  auto listed = [&](const std::string& prefix) {
    return std::any_of(not_used.begin(), not_used.end(), [&](const std::string& f) { return f.rfind(prefix, 0) == 0; });
  };
  CHECK(listed("commands_txt_output/lspci_tv.txt (lspci -tv: not read"));
  CHECK(listed("ecn/debug/0000_08_00.0 ("));
  CHECK(listed("err_messages/ ("));
  CHECK(listed(kSnapshot + ".html ("));
  // Both lists reach the output as host notes (show/check --from print them).
  int used_notes = 0, unused_notes = 0;
  for (const auto& n : imported->host.notes) {
    if (n.message.find("of the snapshot used: ") != std::string::npos &&
        n.message.find("commands_txt_output/roce_counters.txt") != std::string::npos)
      ++used_notes;
    if (n.message.find("not used: ") != std::string::npos && n.message.find("lspci_tv.txt") != std::string::npos)
      ++unused_notes;
  }
  CHECK(used_notes == 1);
  CHECK(unused_notes == 1);
  for (const auto& w : imported->warnings) CHECK(w.find("Invoked Command") == std::string::npos);
}

TEST_CASE("a .tgz of a sysinfo-snapshot, whatever its name, gives the same host") {
  const test::TempDir tmp("import");
  const std::string archive = tmp.path() + "/upload-1234.bin";
  REQUIRE(std::system(("tar czf '" + archive + "' -C '" + test::import_fixture("") + "' " + kSnapshot).c_str()) == 0);
  auto bundle = import::load_capture(archive);
  REQUIRE(bundle.ok());
  REQUIRE(bundle->samples.size() == 1);
  check_snapshot_host(bundle->samples[0]);
  CHECK(bundle->created_unix_ms == 1795984200000);
}

TEST_CASE("sysinfo roce counters: N/A and stray lines are located warnings, device-wide counters skipped") {
  const std::string text =
      "Invoked Command: roce counters\n"
      "HW Counters: \n"
      "/sys/class/infiniband/bnxt_re0/hw_counters/active_qps: 3\n"
      "/sys/class/infiniband/bnxt_re0/ports/1/hw_counters/rx_bytes: 100\n"
      "RoCE Counters for bnxt_re0 port: 1 do not exist.\n"
      "/sys/class/infiniband/bnxt_re0/ports/1/counters/port_rcv_data: N/A\n"
      "garbage\n";
  auto parsed = captures::text::parse_sysinfo_roce_counters(text, {"sysinfo", "roce_counters.txt"});
  REQUIRE(parsed.ok());
  REQUIRE(parsed->value.size() == 1);
  const auto& port = parsed->value[0].ports.at(0);
  CHECK(port.hw_counters->get("rx_bytes") == 100u);
  CHECK_FALSE(port.counters.ok());  // N/A is not 0
  REQUIRE(parsed->warnings.size() == 2);
  CHECK(parsed->warnings[0].message.rfind("roce_counters.txt:6: port_rcv_data", 0) == 0);
  CHECK(parsed->warnings[1].line == 7);
  CHECK_FALSE(captures::text::parse_sysinfo_roce_counters("HW Counters:\nhello: 1\n", {"sysinfo", "x"}).ok());
}

}  // namespace roce::test
