// libFuzzer target: every foreign text-format parser of src/captures/text. The first input byte
// picks the parser, the rest is the text. Each parser must return (a value with warnings, or an
// error) on any input; the sanitizers catch the rest.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "captures/text/cma_roce_mode.hpp"
#include "captures/text/dcb_show.hpp"
#include "captures/text/devlink_sb_text.hpp"
#include "captures/text/ecn_config.hpp"
#include "captures/text/ethtool_driver.hpp"
#include "captures/text/ethtool_link.hpp"
#include "captures/text/ethtool_module.hpp"
#include "captures/text/ethtool_pause.hpp"
#include "captures/text/ibdev2netdev.hpp"
#include "captures/text/ibstat.hpp"
#include "captures/text/ibstatus.hpp"
#include "captures/text/ibv_devices.hpp"
#include "captures/text/ibv_devinfo.hpp"
#include "captures/text/ip_address.hpp"
#include "captures/text/ip_link.hpp"
#include "captures/text/mlnx_qos.hpp"
#include "captures/text/ps_agents.hpp"
#include "captures/text/rdma_link.hpp"
#include "captures/text/rdma_statistic.hpp"
#include "captures/text/show_counters.hpp"
#include "captures/text/show_gids.hpp"
#include "captures/text/sysinfo_roce_counters.hpp"
#include "captures/text/tc_qdisc.hpp"

using namespace roce::captures::text;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const TextOrigin origin{"fuzz", "input"};
  switch (data[0] % 23) {
    case 0: (void)parse_ibstat(text, origin); break;
    case 1: (void)parse_ibv_devinfo(text, origin); break;
    case 2: (void)parse_show_gids(text, origin); break;
    case 3: (void)parse_mlnx_qos(text, origin); break;
    case 4: (void)parse_dcb_show(text, origin); break;
    case 5: (void)parse_ip_link(text, origin); break;
    case 6: (void)parse_rdma_statistic(text, origin); break;
    case 7: (void)parse_ethtool_pause(text, origin); break;
    case 8: (void)parse_ethtool_link(text, origin); break;
    case 9: (void)parse_ethtool_driver(text, origin); break;
    case 10: (void)parse_tc_qdisc(text, origin); break;
    case 11: (void)parse_ecn_config(text, origin); break;
    case 12: (void)parse_ip_address(text, origin); break;
    case 13: (void)parse_rdma_link(text, origin); break;
    case 14: (void)parse_ibdev2netdev(text, origin); break;
    case 15: (void)parse_ibstatus(text, origin); break;
    case 16: (void)parse_ibv_devices(text, origin); break;
    case 17: (void)parse_cma_roce_mode(text, origin); break;
    case 18: (void)parse_show_counters(text, "mlx5_0", origin); break;
    case 19: (void)parse_ps_lldp_agents(text, origin); break;
    case 20: (void)parse_sysinfo_roce_counters(text, origin); break;
    case 21: (void)parse_ethtool_module(text, origin); break;
    case 22: (void)parse_devlink_sb(text, origin); break;
  }
  return 0;
}
