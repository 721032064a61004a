#include "import/capture_names.hpp"

#include <vector>

namespace roce::import {
namespace {

std::vector<std::string_view> split_underscores(std::string_view s) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '_') {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

bool is_flag(std::string_view token) { return token.size() >= 2 && token[0] == '-'; }

// A netdev name as it appears in a sos file name: non-empty, no leading '-' (that is an option).
bool plausible_netdev(std::string_view name) {
  return !name.empty() && name.size() <= 64 && name[0] != '-' && name != "." && name != "..";
}

// "<prefix><netdev>" -> netdev; empty when the name does not start with prefix.
std::string netdev_after(std::string_view name, std::string_view prefix) {
  if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return {};
  const std::string_view rest = name.substr(prefix.size());
  return plausible_netdev(rest) ? std::string(rest) : std::string();
}

CommandFile host_wide(CommandKind kind) { return {kind, {}}; }

// ip [-s] [-s] [-d] link [show]
bool is_ip_link(const std::vector<std::string_view>& t) {
  if (t.size() < 2 || t.front() != "ip") return false;
  std::size_t end = t.size();
  if (t[end - 1] == "show") --end;
  if (end < 2 || t[end - 1] != "link") return false;
  for (std::size_t i = 1; i + 1 < end; ++i)
    if (t[i] != "-s" && t[i] != "-d" && t[i] != "-details" && t[i] != "-statistics") return false;
  return true;
}

// ip [-d] [-o] [-s] {address|addr|a} [show]; not -4/-6, which would list only some addresses.
bool is_ip_address(const std::vector<std::string_view>& t) {
  if (t.size() < 2 || t.front() != "ip") return false;
  std::size_t end = t.size();
  if (t[end - 1] == "show") --end;
  if (end < 2 || (t[end - 1] != "address" && t[end - 1] != "addr" && t[end - 1] != "a")) return false;
  for (std::size_t i = 1; i + 1 < end; ++i)
    if (t[i] != "-s" && t[i] != "-d" && t[i] != "-o" && t[i] != "-details" && t[i] != "-oneline" &&
        t[i] != "-statistics")
      return false;
  return true;
}

// cma_roce_mode [-d <dev>] [-p <port>]; the script's defaults are mlx5_0 and port 1.
CommandFile classify_cma_roce_mode(std::string_view name) {
  const auto t = split_underscores(name);
  CommandFile file{CommandKind::cma_roce_mode, {}, "mlx5_0", 1, {}};
  std::size_t i = 3;  // after "cma", "roce", "mode"
  while (i + 1 < t.size()) {
    if (t[i] == "-p") {
      std::uint32_t port = 0;
      for (char c : t[i + 1]) {
        if (c < '0' || c > '9' || port > 1000) return {};
        port = port * 10 + static_cast<std::uint32_t>(c - '0');
      }
      if (t[i + 1].empty()) return {};
      file.rdma_port = port;
      i += 2;
    } else if (t[i] == "-d") {
      // The device name may itself hold '_' ("mlx5_0"): it runs up to "_-p_" or the end.
      std::size_t j = i + 2;
      while (j < t.size() && t[j] != "-p") ++j;
      std::string dev;
      for (std::size_t k = i + 1; k < j; ++k) dev += (k > i + 1 ? "_" : "") + std::string(t[k]);
      if (!plausible_netdev(dev)) return {};
      file.rdma_device = dev;
      i = j;
    } else {
      return {};
    }
  }
  return i == t.size() ? file : CommandFile{};
}

// devlink [-n] sb {pool|port pool|tc bind} show [ARGS]: the shared buffer as text. Other devlink
// outputs (sb show, occupancy, -j JSON) fall through to not_used.
CommandFile classify_devlink_sb(std::string_view name) {
  const auto t = split_underscores(name);
  std::size_t i = 1;
  while (i < t.size() && (t[i] == "-n" || t[i] == "--no-nice-names")) ++i;
  if (i >= t.size() || t[i] != "sb") return {};
  ++i;
  auto at = [&](std::size_t k, std::string_view word) { return i + k < t.size() && t[i + k] == word; };
  if ((at(0, "pool") && at(1, "show")) || (at(0, "port") && at(1, "pool") && at(2, "show")) ||
      (at(0, "tc") && at(1, "bind") && at(2, "show")))
    return host_wide(CommandKind::devlink_sb);
  return {};
}

// Outputs of commands that sos and sysinfo-snapshot collect next to the ones roce-doctor reads.
CommandFile not_used(std::string what) { return {CommandKind::not_used, {}, {}, 0, std::move(what)}; }

CommandFile classify_not_used(std::string_view name) {
  if (name.starts_with("ethtool_-") || name.starts_with("ethtool_--"))
    return not_used("ethtool " + std::string(name.substr(8, name.find('_', 9) - 8)) + ": not read by roce-doctor");
  for (std::string_view tool : {"ibswitches", "ibhosts", "iblinkinfo", "ibnetdiscover", "sminfo", "perfquery"})
    if (name.starts_with(tool)) return not_used(std::string(tool) + ": InfiniBand fabric tool, not read");
  if (name.starts_with("lldptool")) return not_used("lldptool: LLDP agent settings, not read");
  if (name.starts_with("cma_roce_tos")) return not_used("cma_roce_tos: RDMA-CM ToS, not read");
  if (name.starts_with("devlink_"))
    return not_used(
        "devlink: not read by roce-doctor (its shared buffer is, from devlink sb pool/port pool/tc bind show)");
  for (std::string_view tool : {"mlxlink", "mlxconfig", "mst_status", "flint"})
    if (name.starts_with(tool)) return not_used(std::string(tool) + ": firmware tool, not read");
  return {};
}

// dcb [-s] [-N] [-i] <object> show dev <if>
CommandFile classify_dcb(std::string_view name) {
  const auto t = split_underscores(name);
  std::size_t i = 1;
  while (i < t.size() && is_flag(t[i])) {
    if (t[i] != "-s" && t[i] != "-N" && t[i] != "-i") return {};
    ++i;
  }
  if (i + 3 >= t.size()) return {};
  const std::string_view object = t[i];
  if (object != "pfc" && object != "buffer" && object != "ets" && object != "app" && object != "apptrust" &&
      object != "maxrate")
    return {};
  if (t[i + 1] != "show" || t[i + 2] != "dev") return {};
  // The interface is everything after "dev_" (it may itself hold '_').
  std::size_t offset = 0;
  for (std::size_t k = 0; k < i + 3; ++k) offset += t[k].size() + 1;
  const std::string_view ifname = name.substr(offset);
  if (!plausible_netdev(ifname)) return {};
  return {CommandKind::dcb, std::string(ifname)};
}

CommandFile classify_ethtool(std::string_view name) {
  if (auto nd = netdev_after(name, "ethtool_-S_"); !nd.empty()) return {CommandKind::ethtool_stats, nd};
  // sysinfo-snapshot: ethtool_S/ethtool_S_<if>
  if (auto nd = netdev_after(name, "ethtool_S_"); !nd.empty()) return {CommandKind::ethtool_stats, nd};
  if (auto nd = netdev_after(name, "ethtool_-a_"); !nd.empty()) return {CommandKind::ethtool_pause, nd};
  if (auto nd = netdev_after(name, "ethtool_-I_-a_"); !nd.empty()) return {CommandKind::ethtool_pause, nd};
  if (auto nd = netdev_after(name, "ethtool_-i_"); !nd.empty()) return {CommandKind::ethtool_driver, nd};
  if (auto nd = netdev_after(name, "ethtool_-m_"); !nd.empty()) return {CommandKind::ethtool_module, nd};
  if (auto nd = netdev_after(name, "ethtool_--module-info_"); !nd.empty()) return {CommandKind::ethtool_module, nd};
  // "ethtool_<if>": any other option ("ethtool_-k_X", "ethtool_--show-eee_X") is not ours.
  if (auto nd = netdev_after(name, "ethtool_"); !nd.empty()) return {CommandKind::ethtool_link, nd};
  return {};
}

}  // namespace

CommandFile classify_command_file(std::string_view name) {
  if (name.size() > 4 && name.substr(name.size() - 4) == ".txt") name.remove_suffix(4);
  if (name == "hostname") return host_wide(CommandKind::hostname);
  if (name == "date" || name == "date_--utc" || name == "date_-u") return host_wide(CommandKind::date);
  if (name == "uname_-a" || name == "uname_-r") return host_wide(CommandKind::uname);
  if (name == "ibstat") return host_wide(CommandKind::ibstat);
  if (name == "ibv_devinfo" || name == "ibv_devinfo_-v") return host_wide(CommandKind::ibv_devinfo);
  if (name == "show_gids") return host_wide(CommandKind::show_gids);
  if (name == "rdma_statistic" || name == "rdma_statistic_show" || name == "rdma_-j_statistic_show" ||
      name == "rdma_stat_show")
    return host_wide(CommandKind::rdma_statistic);
  if (name == "tc_-s_qdisc_show" || name == "tc_qdisc_show" || name == "tc_-s_-d_qdisc_show")
    return host_wide(CommandKind::tc_qdisc);
  if (is_ip_link(split_underscores(name))) return host_wide(CommandKind::ip_link);
  if (auto nd = netdev_after(name, "mlnx_qos_-i_"); !nd.empty()) return {CommandKind::mlnx_qos, nd};
  if (name.substr(0, 4) == "dcb_") return classify_dcb(name);
  if (name.substr(0, 8) == "ethtool_")
    if (auto file = classify_ethtool(name); file.kind != CommandKind::unknown) return file;
  const auto tokens = split_underscores(name);
  if (is_ip_address(tokens)) return host_wide(CommandKind::ip_address);
  if (name == "rdma_link" || name == "rdma_link_show" || name == "rdma_-d_link" || name == "rdma_-d_link_show")
    return host_wide(CommandKind::rdma_link);
  if (name == "ibdev2netdev" || name == "ibdev2netdev_-v") return host_wide(CommandKind::ibdev2netdev);
  if (name == "ibv_devices") return host_wide(CommandKind::ibv_devices);
  if (name == "ibstatus") return host_wide(CommandKind::ibstatus);
  if (name.starts_with("cma_roce_mode")) return classify_cma_roce_mode(name);
  if (name == "ps" || name.starts_with("ps_")) return host_wide(CommandKind::ps);
  if (name.starts_with("devlink_"))
    if (auto file = classify_devlink_sb(name); file.kind != CommandKind::unknown) return file;
  if (name.starts_with("show_counters_")) {
    const std::string dev(name.substr(14));
    if (plausible_netdev(dev)) return {CommandKind::show_counters, {}, dev, 0, {}};
    return {};
  }
  return classify_not_used(name);
}

const char* to_string(CommandKind kind) {
  switch (kind) {
    case CommandKind::unknown: return "unknown";
    case CommandKind::hostname: return "hostname";
    case CommandKind::date: return "date";
    case CommandKind::uname: return "uname";
    case CommandKind::ip_link: return "ip link";
    case CommandKind::ethtool_driver: return "ethtool -i";
    case CommandKind::ethtool_link: return "ethtool";
    case CommandKind::ethtool_pause: return "ethtool -a";
    case CommandKind::ethtool_stats: return "ethtool -S";
    case CommandKind::ethtool_module: return "ethtool -m";
    case CommandKind::ibstat: return "ibstat";
    case CommandKind::ibv_devinfo: return "ibv_devinfo";
    case CommandKind::show_gids: return "show_gids";
    case CommandKind::rdma_statistic: return "rdma statistic";
    case CommandKind::tc_qdisc: return "tc qdisc";
    case CommandKind::mlnx_qos: return "mlnx_qos";
    case CommandKind::dcb: return "dcb";
    case CommandKind::ip_address: return "ip address";
    case CommandKind::rdma_link: return "rdma link";
    case CommandKind::ibdev2netdev: return "ibdev2netdev";
    case CommandKind::ibv_devices: return "ibv_devices";
    case CommandKind::ibstatus: return "ibstatus";
    case CommandKind::cma_roce_mode: return "cma_roce_mode";
    case CommandKind::show_counters: return "show_counters";
    case CommandKind::ps: return "ps";
    case CommandKind::devlink_sb: return "devlink sb";
    case CommandKind::not_used: return "not used";
  }
  return "unknown";
}

std::string looked_for_names() {
  return "sos_commands/*/ or a folder holding files named as sos names command outputs (ethtool_-S_<if>, "
         "ethtool_-a_<if>, ethtool_-i_<if>, ethtool_-m_<if>, ethtool_<if>, ip_-s_-d_link, ip_-d_address, ip_-o_addr, "
         "ibstat, ibstatus, ibv_devices, ibv_devinfo_-v, show_gids, ibdev2netdev, rdma_link, mlnx_qos_-i_<if>, "
         "dcb_{pfc,buffer,ets,app}_show_dev_<if>, rdma_statistic_show, show_counters_<dev>, cma_roce_mode, date, "
         "hostname, ps_auxwww, devlink_sb_{pool,port_pool,tc_bind}_show), "
         "and copied sysfs under sys/class/net and sys/class/infiniband; sysinfo-snapshot: "
         "commands_txt_output/<cmd>.txt (\"Invoked Command:\" first line), "
         "ethtool_S/ethtool_S_<if>, ecn/config/<if>";
}

}  // namespace roce::import
