#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "import/import_folder.hpp"
#include "import_fixture.hpp"
#include "sample.hpp"
#include "support/files.hpp"

namespace roce::test {

using namespace roce;
using import::import_folder;
using model::Provenance;

namespace {

const model::RdmaDevice* device(const model::Host& host, const std::string& name) {
  for (const auto& d : host.rdma_devices)
    if (d.name == name) return &d;
  return nullptr;
}

bool any_warning(const std::vector<std::string>& warnings, const std::string& a, const std::string& b = "") {
  return std::any_of(warnings.begin(), warnings.end(), [&](const std::string& w) {
    return w.find(a) != std::string::npos && w.find(b) != std::string::npos;
  });
}

}  // namespace

TEST_CASE("a plain folder of command outputs and copied sysfs becomes a Host with provenance") {
  auto imported = import_folder(test::import_fixture("folder"));
  REQUIRE(imported.ok());
  const auto& host = imported->host;
  CHECK(host.hostname == "gpu-node-07");
  CHECK(host.time_unix_ms == 1795984200000LL);
  CHECK(host.from.source == "folder");

  const auto* nd = host.netdev("ens1f0");
  REQUIRE(nd != nullptr);
  // ethtool -S: the real mlx5 dump, located at its header line.
  REQUIRE(nd->ethtool_stats.ok());
  CHECK(nd->ethtool_stats.from == Provenance{"folder", "ethtool_-S_ens1f0:1"});
  CHECK(nd->ethtool_stats->get("rx_packets") == 1226u);
  CHECK(nd->ethtool_stats->get("rx_err_lane_3_phy").has_value());
  // sysfs copy.
  REQUIRE(nd->mtu.ok());
  CHECK(*nd->mtu == 4200u);
  CHECK(nd->mtu.from == Provenance{"folder", "sys/class/net/ens1f0/mtu:1"});
  REQUIRE(nd->ecn.ok());
  CHECK(nd->ecn->np[3].ok());
  CHECK(*nd->ecn->np[3] == true);
  CHECK(*nd->ecn->np[0] == false);
  // PFC from dcb (the kernel's), not from mlnx_qos which says 0,2,6,7.
  REQUIRE(nd->dcb.pfc.ok());
  CHECK(nd->dcb.pfc->pfc_en == 0x08);
  CHECK(nd->dcb.pfc->delay == 7);
  CHECK(nd->dcb.pfc->requests[3] == 1290418u);
  CHECK(nd->dcb.pfc.from == Provenance{"folder", "dcb_-s_pfc_show_dev_ens1f0:1"});
  REQUIRE(nd->dcb.buffer.ok());
  CHECK(nd->dcb.buffer->total_size == 1027968u);
  REQUIRE(nd->dcb.app.ok());
  CHECK(nd->dcb.app.from.locator.rfind("dcb_-N_app_show_dev_ens1f0:", 0) == 0);
  // trust from mlnx_qos.
  REQUIRE(nd->trust.ok());
  CHECK(*nd->trust == "dscp");
  CHECK(nd->trust.from == Provenance{"folder", "mlnx_qos_-i_ens1f0:2"});
  // The disagreement is evidence, with both files cited.
  CHECK(any_warning(imported->warnings, "PFC enabled priorities", "says 0,2,6,7"));
  CHECK(any_warning(imported->warnings, "mlnx_qos_-i_ens1f0:", "dcb_-s_pfc_show_dev_ens1f0:1"));
  CHECK(any_warning(imported->warnings, "PFC delay", "says 10"));
  CHECK_FALSE(any_warning(imported->warnings, "DSCP-to-priority maps"));  // both say the same
  CHECK(std::any_of(host.notes.begin(), host.notes.end(),
                    [](const model::CollectionNote& n) { return n.message.find("PFC enabled") != std::string::npos; }));

  // GIDs from show_gids.
  const auto* mlx5_0 = device(host, "mlx5_0");
  REQUIRE(mlx5_0 != nullptr);
  REQUIRE(mlx5_0->ports.size() == 1);
  const auto& gids = mlx5_0->ports[0].gids;
  REQUIRE(gids.ok());
  REQUIRE(gids->size() == 6);
  CHECK(gids->at(5).index == 5);
  CHECK(gids->at(5).gid == "0000:0000:0000:0000:0000:ffff:ac13:003c");
  CHECK(*gids->at(5).type == "RoCE v2");
  CHECK(*gids->at(5).netdev == "ens1f0");
  CHECK(gids.from.source == "folder");
  CHECK(gids.from.locator.rfind("show_gids:", 0) == 0);
  REQUIRE(mlx5_0->ports[0].netdev.ok());
  CHECK(*mlx5_0->ports[0].netdev == "ens1f0");

  // Port state: ibstat (a command output, applied after sysfs) says Active where the copied sysfs said DOWN;
  // the rate only sysfs has.
  const auto* mlx5_1 = device(host, "mlx5_1");
  REQUIRE(mlx5_1 != nullptr);
  REQUIRE(mlx5_1->ports.size() == 1);
  const auto& port = mlx5_1->ports[0];
  REQUIRE(port.state.ok());
  CHECK(port.state->code == 4);
  CHECK(port.state->name == "ACTIVE");
  CHECK(port.state.from.locator.rfind("ibstat:", 0) == 0);
  REQUIRE(port.rate.ok());
  CHECK(*port.rate == "100 Gb/sec (4X EDR)");
  CHECK(port.rate.from == Provenance{"folder", "sys/class/infiniband/mlx5_1/ports/1/rate:1"});
  REQUIRE(mlx5_1->fw_ver.ok());

  // A port ibstat reports down.
  const auto* mlx5_3 = device(host, "mlx5_3");
  REQUIRE(mlx5_3 != nullptr);
  REQUIRE(mlx5_3->ports[0].state.ok());

  // Unknown files are ignored, not warned about.
  const auto& used = imported->files_used;
  CHECK(std::find(used.begin(), used.end(), "lspci_-vvv") == used.end());
  CHECK(std::find(used.begin(), used.end(), "ibstat") != used.end());
  CHECK_FALSE(any_warning(imported->warnings, "lspci"));
  // Fields no file held are absent, with a cause, never zero.
  CHECK(nd->pause.availability == model::Availability::absent);
  CHECK(nd->pause.cause == "not in this capture");
  // No absolute path of the folder leaks into provenance or causes.
  CHECK(nd->pci_address.cause.find(test::import_fixture("")) == std::string::npos);
}

TEST_CASE("an sos report tree: sos_commands/<plugin>/ files, sys/, manifest time") {
  auto imported = import_folder(test::import_fixture("sosreport-gpu-node-07-2026-11-29-abcdef"));
  REQUIRE(imported.ok());
  const auto& host = imported->host;
  CHECK(host.from.source == "sos");
  CHECK(host.hostname == "gpu-node-07");
  CHECK(host.time_unix_ms == 1795984181000LL);
  CHECK(any_warning(imported->warnings, "manifest.json", "read as UTC"));
  const auto* nd = host.netdev("ens1f0");
  REQUIRE(nd != nullptr);
  REQUIRE(nd->ethtool_stats.ok());
  // The host's own ethtool -S, not the one of network namespace ns1.
  CHECK(nd->ethtool_stats->get("rx_packets") == 1226u);
  CHECK(nd->ethtool_stats.from == Provenance{"sos", "sos_commands/networking/ethtool_-S_ens1f0:1"});
  CHECK(nd->mtu.from == Provenance{"sos", "sys/class/net/ens1f0/mtu:1"});
  REQUIRE(nd->dcb.pfc.ok());
  CHECK(nd->dcb.pfc->pfc_en == 0x08);
  CHECK(*nd->trust == "dscp");
  CHECK(nd->trust.from.locator == "sos_commands/mellanox/mlnx_qos_-i_ens1f0:2");
  const auto& used = imported->files_used;
  CHECK(std::find(used.begin(), used.end(), "sos_commands/networking/ethtool_-k_ens1f0") == used.end());
}

TEST_CASE("the folder a tarball was made of may be given by its parent") {
  const test::TempDir tmp("import");
  std::filesystem::copy(test::import_fixture("sosreport-gpu-node-07-2026-11-29-abcdef"), tmp.path() + "/sosreport-x",
                        std::filesystem::copy_options::recursive);
  auto imported = import_folder(tmp.path());
  REQUIRE(imported.ok());
  CHECK(imported->host.from.source == "sos");
}

TEST_CASE("a malformed file is a located warning and the rest is still used") {
  const test::TempDir tmp("import");
  std::filesystem::copy(test::import_fixture("folder"), tmp.path(), std::filesystem::copy_options::recursive);
  test::write_file(tmp.path() + "/ethtool_-S_ens1f1", "NIC statistics:\n     rx_packets 12\n");
  test::write_file(tmp.path() + "/ibv_devinfo_-v", "\x01\x02garbage\n");
  auto imported = import_folder(tmp.path());
  REQUIRE(imported.ok());
  CHECK(any_warning(imported->warnings, "ethtool_-S_ens1f1", "line 2"));
  CHECK(any_warning(imported->warnings, "ibv_devinfo_-v"));
  const auto* bad = imported->host.netdev("ens1f1");
  REQUIRE(bad != nullptr);
  CHECK(bad->ethtool_stats.availability == model::Availability::error);
  CHECK(bad->ethtool_stats.from.locator.rfind("ethtool_-S_ens1f1", 0) == 0);
  const auto* good = imported->host.netdev("ens1f0");
  REQUIRE(good != nullptr);
  CHECK(good->ethtool_stats.ok());
  CHECK(good->dcb.pfc.ok());
}

TEST_CASE("a folder with nothing usable is an error naming what was looked for") {
  const test::TempDir tmp("import");
  auto empty = import_folder(tmp.path());
  REQUIRE_FALSE(empty.ok());
  CHECK_THAT(empty.error().message, Catch::Contains("looked for"));
  CHECK_THAT(empty.error().message, Catch::Contains("ethtool_-S_<if>"));
  CHECK_THAT(empty.error().message, Catch::Contains("sos_commands"));

  test::write_file(tmp.path() + "/lspci_-vvv", "00:00.0 Host bridge\n");
  test::write_file(tmp.path() + "/notes.md", "hello\n");
  CHECK_FALSE(import_folder(tmp.path()).ok());

  test::write_file(tmp.path() + "/ethtool_-S_eth0", "not ethtool at all\n");
  auto only_bad = import_folder(tmp.path());
  REQUIRE_FALSE(only_bad.ok());
  CHECK_THAT(only_bad.error().message, Catch::Contains("ethtool_-S_eth0"));

  CHECK_FALSE(import_folder(tmp.path() + "/does-not-exist").ok());
}

TEST_CASE(
    "an sos report's ip address, rdma link, ibdev2netdev, ibstatus, ibv_devices, show_counters and cma_roce_mode") {
  const test::TempDir tmp("import");
  const std::string top = tmp.path() + "/sosreport-roce";
  std::filesystem::copy(test::import_fixture("sosreport-gpu-node-07-2026-11-29-abcdef"), top,
                        std::filesystem::copy_options::recursive);
  test::write_file(top + "/sos_commands/networking/ip_-d_address",
                   "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000\n"
                   "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00 promiscuity 0 minmtu 0 maxmtu 0\n"
                   "    inet 127.0.0.1/8 scope host lo\n"
                   "       valid_lft forever preferred_lft forever\n"
                   "4: ens1f0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4200 qdisc mq state UP group default qlen 1000\n"
                   "    link/ether b8:3f:d2:aa:bb:01 brd ff:ff:ff:ff:ff:ff promiscuity 0 minmtu 68 maxmtu 9978\n"
                   "    altname enp59s0f0\n"
                   "    inet 172.19.0.60/24 brd 172.19.0.255 scope global ens1f0\n"
                   "       valid_lft forever preferred_lft forever\n");
  test::write_file(top + "/sos_commands/infiniband/rdma_link_show",
                   "link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0 \n");
  test::write_file(top + "/sos_commands/infiniband/ibdev2netdev", "mlx5_1 port 1 ==> ens1f1 (Down)\n");
  test::write_file(
      top + "/sos_commands/infiniband/ibstatus",
      "Infiniband device 'mlx5_0' port 1 status:\n\tstate:\t\t 4: ACTIVE\n\trate:\t\t 100 Gb/sec (4X EDR)\n"
      "\tlink_layer:\t Ethernet\n");
  test::write_file(top + "/sos_commands/infiniband/ibv_devices",
                   "    device          \t   node GUID\n    ------          \t----------------\n"
                   "    mlx5_0          \t0c42a10300d1a2b2\n");
  test::write_file(top + "/sos_commands/mellanox/show_counters_mlx5_0", "Port 1 hw counters:\nout_of_buffer: 7\n");
  test::write_file(top + "/sos_commands/mellanox/cma_roce_mode_-d_mlx5_0_-p_1", "RoCE v2\n");
  auto imported = import_folder(top);
  REQUIRE(imported.ok());
  const auto& host = imported->host;
  INFO(imported->warnings.size());
  const auto* nd = host.netdev("ens1f0");
  REQUIRE(nd != nullptr);
  REQUIRE(nd->addresses.ok());
  CHECK(*nd->addresses == std::vector<std::string>{"172.19.0.60/24"});
  CHECK(nd->addresses.from == Provenance{"sos", "sos_commands/networking/ip_-d_address:5"});
  const auto* mlx5_0 = device(host, "mlx5_0");
  REQUIRE(mlx5_0 != nullptr);
  CHECK(*mlx5_0->node_guid == "0c42:a103:00d1:a2b2");
  REQUIRE(mlx5_0->ports.size() == 1);
  const auto& port = mlx5_0->ports[0];
  // The port's netdev from rdma link (show_gids of the fixture names the same one).
  REQUIRE(port.netdev.ok());
  CHECK(*port.netdev == "ens1f0");
  CHECK(port.netdev.from == Provenance{"sos", "sos_commands/infiniband/rdma_link_show:1"});
  CHECK(*port.rate == "100 Gb/sec (4X EDR)");
  REQUIRE(port.hw_counters.ok());
  CHECK(port.hw_counters->get("out_of_buffer") == 7u);
  const auto* mlx5_1 = device(host, "mlx5_1");
  REQUIRE(mlx5_1 != nullptr);
  CHECK(*mlx5_1->ports.at(0).netdev == "ens1f1");
  // The RDMA-CM default is a note, with its file and line.
  CHECK(std::any_of(host.notes.begin(), host.notes.end(), [](const model::CollectionNote& n) {
    return n.message ==
           "sos_commands/mellanox/cma_roce_mode_-d_mlx5_0_-p_1:1: RDMA-CM's default RoCE mode on mlx5_0 "
           "port 1 is RoCE v2";
  }));
}

TEST_CASE("a switchdev capture's devlink sb pool, port pool and tc bind files join into one device") {
  auto imported = import_folder(test::import_fixture("switchdev-sb"));
  REQUIRE(imported.ok());
  const auto& host = imported->host;
  REQUIRE(host.shared_buffers.ok());
  REQUIRE(host.shared_buffers->size() == 1);
  const auto& sb = host.shared_buffers->front();
  CHECK(sb.device == "pci/0000:03:00.0");
  CHECK(sb.pools.size() == 11);
  CHECK(sb.port_pools.size() == 11);
  REQUIRE(sb.tc_binds.size() == 24);
  CHECK(sb.tc_binds[3].port == "swp1");
  CHECK(sb.tc_binds[3].pool == 2);
  CHECK(sb.tc_binds[3].from == Provenance{"folder", "devlink_sb_tc_bind_show:5"});
  CHECK(sb.pools[2].from == Provenance{"folder", "devlink_sb_pool_show:4"});
  const auto* swp1 = host.netdev("swp1");
  REQUIRE(swp1);
  CHECK(swp1->dcb.pfc.ok());
  for (const char* f : {"devlink_sb_pool_show", "devlink_sb_port_pool_show", "devlink_sb_tc_bind_show"})
    CHECK(std::find(imported->files_used.begin(), imported->files_used.end(), f) != imported->files_used.end());
  // A capture without devlink files has no shared buffer data: absent, not an empty list.
  auto nic = import_folder(test::import_fixture("folder"));
  REQUIRE(nic.ok());
  CHECK(nic->host.shared_buffers.availability == model::Availability::absent);
}

TEST_CASE("files of commands roce-doctor knows but does not read are listed, never silently dropped") {
  auto imported = import_folder(test::import_fixture("sosreport-gpu-node-07-2026-11-29-abcdef"));
  REQUIRE(imported.ok());
  const std::vector<std::string> expected = {
      "sos_commands/networking/ethtool_-k_ens1f0 (ethtool -k: not read by roce-doctor)",
      "sos_commands/networking/namespaces/ns1/ethtool_-S_ens1f0 (ethtool -S of network namespace ns1: only the "
      "host's own namespace is read)"};
  CHECK(imported->files_not_used == expected);
  const auto& notes = imported->host.notes;
  CHECK(std::any_of(notes.begin(), notes.end(), [](const model::CollectionNote& n) {
    return n.subject == "capture" &&
           n.message.rfind("2 recognised files not used: sos_commands/networking/ethtool_-k_ens1f0 (", 0) == 0;
  }));
  // A folder of command outputs has no such file: no note.
  auto folder = import_folder(test::import_fixture("folder"));
  REQUIRE(folder.ok());
  CHECK(folder->files_not_used.empty());
}

TEST_CASE("mlnx_qos output in a capture is remembered as a plain fact; without it the host has none") {
  const test::TempDir tmp("import");
  std::filesystem::copy(test::import_fixture("folder"), tmp.path(), std::filesystem::copy_options::recursive);
  auto with = import_folder(tmp.path());
  REQUIRE(with.ok());
  CHECK(with->host.mlnx_qos_seen);
  std::filesystem::remove(tmp.path() + "/mlnx_qos_-i_ens1f0");
  auto without = import_folder(tmp.path());
  REQUIRE(without.ok());
  CHECK_FALSE(without->host.mlnx_qos_seen);
  CHECK(without->host.netdev("ens1f0")->dcb.pfc.ok());  // from dcb, still there
}

TEST_CASE("ethtool -S of a netdev without statistics is unsupported, not a parse error") {
  const std::string all = test::sample("ethtool_S_no_stats.txt");
  const std::string modern = all.substr(0, all.find("\n\n") + 1);
  const std::string old = all.substr(all.find("\n\n") + 2);
  const test::TempDir tmp("import");
  test::write_file(tmp.path() + "/ethtool_-S_br0", modern);
  test::write_file(tmp.path() + "/ethtool_-S_bond0", old);
  test::write_file(tmp.path() + "/ethtool_-S_ens1f0",
                   test::slurp(test::import_fixture("folder") + "/ethtool_-S_ens1f0"));
  auto imported = import_folder(tmp.path());
  REQUIRE(imported.ok());
  for (const char* name : {"br0", "bond0"}) {
    INFO(name);
    const auto* nd = imported->host.netdev(name);
    REQUIRE(nd != nullptr);
    CHECK(nd->ethtool_stats.availability == model::Availability::unsupported);
    CHECK(nd->ethtool_stats.from.locator == std::string("ethtool_-S_") + name + ":1");
  }
  CHECK_THAT(imported->host.netdev("br0")->ethtool_stats.cause, Catch::Contains("no stats available"));
  CHECK_THAT(imported->host.netdev("bond0")->ethtool_stats.cause, Catch::Contains("Operation not supported"));
  CHECK_FALSE(any_warning(imported->warnings, "ethtool_-S_br0"));
  CHECK_FALSE(any_warning(imported->warnings, "ethtool_-S_bond0"));
  CHECK(imported->host.netdev("ens1f0")->ethtool_stats.ok());
}

}  // namespace roce::test
