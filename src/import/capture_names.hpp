#pragma once
// Which command produced a file of a capture, from the file's name as sos names command outputs:
// every character of the command line outside [A-Za-z0-9_.-] becomes '_' ("ethtool -S ens1f0np0"
// -> "ethtool_-S_ens1f0np0", "ip -s -d link" -> "ip_-s_-d_link"). A ".txt" suffix (NVIDIA
// sysinfo-snapshot) is ignored. Pure: names only, no I/O.
#include <cstdint>
#include <string>
#include <string_view>

namespace roce::import {

enum class CommandKind {
  unknown,
  hostname,        // hostname
  date,            // date, date_--utc
  uname,           // uname_-a, uname_-r
  ip_link,         // ip_link, ip_-s_link, ip_-s_-d_link, ip_-s_-s_link, ...
  ethtool_driver,  // ethtool_-i_<if>
  ethtool_link,    // ethtool_<if>
  ethtool_pause,   // ethtool_-a_<if>, ethtool_-I_-a_<if>
  ethtool_stats,   // ethtool_-S_<if>, ethtool_S_<if> (sysinfo-snapshot)
  ethtool_module,  // ethtool_-m_<if>, ethtool_--module-info_<if>: the module's cable length
  ibstat,          // ibstat
  ibv_devinfo,     // ibv_devinfo, ibv_devinfo_-v
  show_gids,       // show_gids
  rdma_statistic,  // rdma_statistic, rdma_statistic_show
  tc_qdisc,        // tc_-s_qdisc_show, tc_qdisc_show
  mlnx_qos,        // mlnx_qos_-i_<if>
  dcb,             // dcb_[-s_][-N_]{pfc,buffer,ets,app,apptrust,maxrate}_show_dev_<if>
  ip_address,      // ip_address, ip_addr, ip_-d_address, ip_-o_addr, ip_-s_-d_address, ...
  rdma_link,       // rdma_link, rdma_link_show, rdma_-d_link_show
  ibdev2netdev,    // ibdev2netdev, ibdev2netdev_-v
  ibv_devices,     // ibv_devices
  ibstatus,        // ibstatus
  cma_roce_mode,   // cma_roce_mode, cma_roce_mode_-d_<dev>_-p_<port>
  show_counters,   // show_counters_<dev>
  devlink_sb,      // devlink_[-n_]sb_{pool,port_pool,tc_bind}_show: a switchdev device's shared buffer
  ps,              // ps, ps_auxwww, ps_auxfwww, ps_alxwww, ps_-ef, ps_-elfL, ps_axo_...: the LLDP agents running
  not_used,        // a command roce-doctor knows but does not read (ethtool -k, ibswitches, ...)
};

struct CommandFile {
  CommandKind kind = CommandKind::unknown;
  std::string netdev;            // the interface the command was run for; empty for host-wide commands
  std::string rdma_device = {};  // the RDMA device the command was run for (cma_roce_mode, show_counters)
  std::uint32_t rdma_port = 0;   // and its port (cma_roce_mode)
  std::string what = {};         // not_used: the command, and why it is not read
};

CommandFile classify_command_file(std::string_view file_name);

const char* to_string(CommandKind kind);

// The names looked for, for the message of a capture that holds none of them.
std::string looked_for_names();

}  // namespace roce::import
