// `check --from FOLDER` on captures whose RDMA ports no file pairs with a netdev (ibstat and
// `ibv_devinfo -v` never name it): an Ethernet RDMA port is judged on what is known about it, the
// port is paired with its netdev by every source that says so, and no file hides another's data.
// The folders are made from the real outputs under tests/fixtures/samples/ (provenance in their
// header lines).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "../text/sample.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace {

bool says(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The iproute2 man page's `dcb pfc show dev eth0`: PFC on priorities 6 and 7, not on 3.
std::string man_page_pfc() { return between(sample("dcb_outputs.txt"), "$ dcb pfc show dev eth0", "$"); }

// show_gids_cx6.txt's first capture (mlx5_0 port 1 on ens1f0), up to its n_gids_found line.
std::string show_gids_a() {
  const std::string all = sample("show_gids_cx6.txt");
  return all.substr(0, all.find("\n\n") + 1);
}

}  // namespace

TEST_CASE("ibstat alone: its Ethernet ports that are down are critical, not \"no RoCE port\"") {
  const TempDir c("ibstat-down", {{"ibstat", sample("ibstat_h100_cx7_roce_some.down.0.txt")}});
  const auto r = run("check --from '" + c.path() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK_FALSE(says(r.out, "no RoCE port"));
  for (const char* port : {"mlx5_2/1", "mlx5_7/1", "mlx5_8/1"}) {
    INFO(port);
    CHECK(says(r.out, std::string("CRITICAL LINK-STATE  ") + port));
  }
  // The InfiniBand ports are not RoCE ports; the one Ethernet port that is up is judged and fine.
  CHECK_FALSE(says(r.out, "mlx5_0/1"));
  CHECK(says(r.out, "mlx5_1/1"));
  CHECK_FALSE(says(r.out, "LINK-STATE  mlx5_1/1"));
}

TEST_CASE("ibv_devinfo -v alone: active MTU 1024 on an Ethernet port is a warning without the netdev MTU") {
  const TempDir c("devinfo-mtu", {{"ibv_devinfo_-v", sample("ibv_devinfo_roce_port_mtu1024.txt")}});
  const auto r = run("check --from '" + c.path() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(says(r.out, "WARNING  MTU-ROCE  mlx5_0/1"));
  CHECK(says(r.out, "RDMA active MTU 1024 below 4096"));
}

TEST_CASE("adding an ibstat to a folder does not hide what its dcb output shows") {
  const TempDir alone("pfc-alone", {{"dcb_pfc_show_dev_eth0", man_page_pfc()}});
  const auto before = run("check --only PFC-LOSSLESS --from '" + alone.path() + "'");
  INFO(before.out << before.err);
  REQUIRE(before.exit_code == 2);
  REQUIRE(says(before.out, "CRITICAL PFC-LOSSLESS  eth0"));

  const TempDir both("pfc-ibstat", {{"dcb_pfc_show_dev_eth0", man_page_pfc()},
                                    {"ibstat", sample("ibstat_h100_cx7_roce_some.down.0.txt")}});
  const auto after = run("check --from '" + both.path() + "'");
  INFO(after.out << after.err);
  CHECK(after.exit_code == 2);
  CHECK(says(after.out, "CRITICAL PFC-LOSSLESS  eth0"));
  CHECK(says(after.out, "CRITICAL LINK-STATE  mlx5_2/1"));
}

TEST_CASE("show_gids' DEV column pairs an ibv_devinfo port with its netdev and that netdev's data") {
  const TempDir c("gids-pair", {{"ibv_devinfo_-v", sample("ibv_devinfo_roce_port_mtu1024.txt")},
                                {"show_gids", show_gids_a()},
                                {"dcb_pfc_show_dev_ens1f0", man_page_pfc()}});
  const auto r = run("check --from '" + c.path() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(says(r.out, "CRITICAL PFC-LOSSLESS  ens1f0 (mlx5_0/1)"));
  CHECK(says(r.out, "WARNING  MTU-ROCE  ens1f0 (mlx5_0/1)"));
}

TEST_CASE("a netdev whose `ethtool -i` bus-info is the RDMA device's PCI address is that device's port") {
  // A copied sysfs whose device link resolves to a PCI function, and the netdev's ethtool -i.
  const std::string pci = "0000:3b:00.0";
  const TempDir c("pci-pair", {{"sys/devices/pci0000:3a/" + pci + "/vendor", "0x15b3\n"},
                               {"sys/class/infiniband/mlx5_4/ports/1/link_layer", "Ethernet\n"},
                               {"sys/class/infiniband/mlx5_4/ports/1/state", "4: ACTIVE\n"},
                               {"ethtool_-i_ens3f0np0",
                                "driver: mlx5_core\nversion: 5.15.0-91-generic\nfirmware-version: 22.39.1002 "
                                "(MT_0000000359)\nexpansion-rom-version:\nbus-info: " +
                                    pci + "\nsupports-statistics: yes\n"},
                               {"dcb_pfc_show_dev_ens3f0np0", man_page_pfc()}});
  std::filesystem::create_directory_symlink("../../../devices/pci0000:3a/" + pci,
                                            c.path() + "/sys/class/infiniband/mlx5_4/device");
  const auto r = run("check --only PFC-LOSSLESS --from '" + c.path() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(says(r.out, "CRITICAL PFC-LOSSLESS  ens3f0np0 (mlx5_4/1)"));
}

TEST_CASE("GID-ROCEV2 judges the GID table alone: link-local GIDs only on an up port, no netdev addresses") {
  // show_gids_cx6.txt A without its IPv4 rows (the address removed from ens1f0), the port from ibv_devinfo.
  std::string gids;
  for (std::string rest = show_gids_a(); !rest.empty();) {
    const std::string line = rest.substr(0, rest.find('\n') + 1);
    rest.erase(0, line.size());
    if (line.find("172.19.0.60") != std::string::npos) continue;
    gids += line.rfind("n_gids_found=", 0) == 0 ? "n_gids_found=4\n" : line;
  }
  const TempDir c("gids-link-local",
                  {{"ibv_devinfo_-v", sample("ibv_devinfo_roce_port_mtu1024.txt")}, {"show_gids", gids}});
  const auto r = run("check --only GID-ROCEV2 --from '" + c.path() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(says(r.out, "WARNING  GID-ROCEV2  ens1f0 (mlx5_0/1)"));
  CHECK(says(r.out, "only link-local GIDs on ens1f0: no routable RoCE v2 GID (netdev addresses not collected)"));

  // With its IPv4 GIDs the same table has a RoCE v2 entry for 172.19.0.60: nothing to say.
  const TempDir whole("gids-whole",
                      {{"ibv_devinfo_-v", sample("ibv_devinfo_roce_port_mtu1024.txt")}, {"show_gids", show_gids_a()}});
  const auto ok = run("check --only GID-ROCEV2 --from '" + whole.path() + "'");
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(says(ok.out, "1 check ok"));
}

}  // namespace roce::test
