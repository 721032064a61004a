#include <catch2/catch.hpp>

#include "import/capture_names.hpp"

namespace roce::test {

using namespace roce::import;

TEST_CASE("sos file names name the command and its interface") {
  struct Case {
    const char* name;
    CommandKind kind;
    const char* netdev;
  };
  const Case cases[] = {
      {"ethtool_-S_ens1f0np0", CommandKind::ethtool_stats, "ens1f0np0"},
      {"ethtool_-a_ens1f0np0", CommandKind::ethtool_pause, "ens1f0np0"},
      {"ethtool_-I_-a_eth0", CommandKind::ethtool_pause, "eth0"},
      {"ethtool_-i_ens1f0np0", CommandKind::ethtool_driver, "ens1f0np0"},
      {"ethtool_-m_ens1f0np0", CommandKind::ethtool_module, "ens1f0np0"},
      {"ethtool_--module-info_eth0", CommandKind::ethtool_module, "eth0"},
      {"ethtool_ens1f0np0", CommandKind::ethtool_link, "ens1f0np0"},
      {"ethtool_-k_ens1f0np0", CommandKind::not_used, ""},
      {"ethtool_--show-eee_eth0", CommandKind::not_used, ""},
      {"ip_-s_-d_link", CommandKind::ip_link, ""},
      {"ip_-s_-s_link_show", CommandKind::ip_link, ""},
      {"ip_-d_address", CommandKind::ip_address, ""},
      {"ip_-o_addr", CommandKind::ip_address, ""},
      {"ip_address", CommandKind::ip_address, ""},
      {"ip_addr_show", CommandKind::ip_address, ""},
      {"ip_-4_addr", CommandKind::unknown, ""},
      {"ip_-o_link", CommandKind::unknown, ""},
      {"rdma_link_show", CommandKind::rdma_link, ""},
      {"rdma_link", CommandKind::rdma_link, ""},
      {"ibdev2netdev", CommandKind::ibdev2netdev, ""},
      {"ibdev2netdev_-v", CommandKind::ibdev2netdev, ""},
      {"ibv_devices", CommandKind::ibv_devices, ""},
      {"ibstatus", CommandKind::ibstatus, ""},
      {"ps_auxwww", CommandKind::ps, ""},
      {"ps_-elfL", CommandKind::ps, ""},
      {"ps", CommandKind::ps, ""},
      {"ibswitches", CommandKind::not_used, ""},
      {"lldptool_-t_-i_eth0_-V_PFC", CommandKind::not_used, ""},
      {"devlink_sb_pool_show", CommandKind::devlink_sb, ""},
      {"devlink_sb_port_pool_show", CommandKind::devlink_sb, ""},
      {"devlink_-n_sb_tc_bind_show", CommandKind::devlink_sb, ""},
      {"devlink_sb_tc_bind_show.txt", CommandKind::devlink_sb, ""},
      {"devlink_sb_show", CommandKind::not_used, ""},
      {"devlink_sb_occupancy_show_pci_0000_03_00.0", CommandKind::not_used, ""},
      {"devlink_-j_sb_pool_show", CommandKind::not_used, ""},
      {"devlink_dev_param_show", CommandKind::not_used, ""},
      {"ibstat", CommandKind::ibstat, ""},
      {"ibv_devinfo_-v", CommandKind::ibv_devinfo, ""},
      {"show_gids", CommandKind::show_gids, ""},
      {"show_gids.txt", CommandKind::show_gids, ""},
      {"mlnx_qos_-i_ens1f0np0", CommandKind::mlnx_qos, "ens1f0np0"},
      {"dcb_pfc_show_dev_ens1f0np0", CommandKind::dcb, "ens1f0np0"},
      {"dcb_-s_pfc_show_dev_ens1f0np0", CommandKind::dcb, "ens1f0np0"},
      {"dcb_buffer_show_dev_my_if", CommandKind::dcb, "my_if"},
      {"dcb_app_show_dev_X", CommandKind::dcb, "X"},
      {"dcb_ets_show_dev_X", CommandKind::dcb, "X"},
      {"dcb_pfc_show_dev_", CommandKind::unknown, ""},
      {"dcb_frob_show_dev_X", CommandKind::unknown, ""},
      {"rdma_statistic_show", CommandKind::rdma_statistic, ""},
      {"tc_-s_qdisc_show", CommandKind::tc_qdisc, ""},
      {"date", CommandKind::date, ""},
      {"date_--utc", CommandKind::date, ""},
      {"hostname", CommandKind::hostname, ""},
      {"lspci_-vvv", CommandKind::unknown, ""},
      {"", CommandKind::unknown, ""},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const auto file = classify_command_file(c.name);
    CHECK(file.kind == c.kind);
    CHECK(file.netdev == c.netdev);
  }
}

TEST_CASE("cma_roce_mode and show_counters name the RDMA device (and port) they were run for") {
  auto plain = classify_command_file("cma_roce_mode");
  CHECK(plain.kind == CommandKind::cma_roce_mode);
  CHECK(plain.rdma_device == "mlx5_0");  // the script's defaults
  CHECK(plain.rdma_port == 1u);
  auto given = classify_command_file("cma_roce_mode_-d_mlx5_3_-p_2.txt");
  CHECK(given.kind == CommandKind::cma_roce_mode);
  CHECK(given.rdma_device == "mlx5_3");
  CHECK(given.rdma_port == 2u);
  CHECK(classify_command_file("cma_roce_mode_-p_x").kind == CommandKind::unknown);
  CHECK(classify_command_file("cma_roce_mode_-m_2").kind == CommandKind::unknown);
  auto counters = classify_command_file("show_counters_mlx5_bond_0");
  CHECK(counters.kind == CommandKind::show_counters);
  CHECK(counters.rdma_device == "mlx5_bond_0");
  auto k = classify_command_file("ethtool_-k_eth0");
  CHECK(k.what == "ethtool -k: not read by roce-doctor");
}

}  // namespace roce::test
