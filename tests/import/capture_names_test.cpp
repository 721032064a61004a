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
      {"ethtool_ens1f0np0", CommandKind::ethtool_link, "ens1f0np0"},
      {"ethtool_-k_ens1f0np0", CommandKind::unknown, ""},
      {"ethtool_--show-eee_eth0", CommandKind::unknown, ""},
      {"ip_-s_-d_link", CommandKind::ip_link, ""},
      {"ip_-s_-s_link_show", CommandKind::ip_link, ""},
      {"ip_-d_address", CommandKind::unknown, ""},
      {"ip_-o_link", CommandKind::unknown, ""},
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

}  // namespace roce::test
