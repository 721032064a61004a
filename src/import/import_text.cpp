#include "import/import_text.hpp"

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <utility>

#include "captures/text/cma_roce_mode.hpp"
#include "captures/text/dcb_show.hpp"
#include "captures/text/devlink_sb.hpp"
#include "captures/text/ethtool_driver.hpp"
#include "captures/text/ethtool_link.hpp"
#include "captures/text/ethtool_module.hpp"
#include "captures/text/ethtool_pause.hpp"
#include "captures/text/ethtool_s.hpp"
#include "captures/text/ibdev2netdev.hpp"
#include "captures/text/ibstat.hpp"
#include "captures/text/ibstatus.hpp"
#include "captures/text/ibv_devices.hpp"
#include "captures/text/ibv_devinfo.hpp"
#include "captures/text/ip_address.hpp"
#include "captures/text/ip_link.hpp"
#include "captures/text/ps_agents.hpp"
#include "captures/text/rdma_link.hpp"
#include "captures/text/rdma_statistic.hpp"
#include "captures/text/show_counters.hpp"
#include "captures/text/show_gids.hpp"
#include "captures/text/tc_qdisc.hpp"
#include "import/capture_time.hpp"
#include "import/host_merge.hpp"
#include "util/text.hpp"

namespace roce::import {
namespace {

using captures::text::TextOrigin;
using model::Field;

// The lines of `text` without trailing whitespace.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out = util::split_lines(text);
  for (auto& line : out) line = util::trim_right(line);
  return out;
}

// The 1-based number of the first non-blank line (1 for an empty text).
std::size_t first_content_line(std::string_view text) {
  const auto lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].find_first_not_of(" \t") != std::string_view::npos) return i + 1;
  return 1;
}

std::string first_word(std::string_view line, std::size_t index) {
  std::size_t i = 0, n = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start && n++ == index) return std::string(line.substr(start, i - start));
  }
  return {};
}

template <class T>
bool parsed_ok(Expected<captures::text::Parsed<T>>& result, const TextOrigin& origin, ImportState& state) {
  if (!result) {
    add_warning(state, origin.file, result.error().message);
    return false;
  }
  for (const auto& w : result->warnings) add_warning(state, origin.file, w.message);
  state.files_used.push_back(origin.file);
  return true;
}

void import_host_fact(CommandKind kind, std::string_view text, const TextOrigin& origin, ImportState& state) {
  const std::size_t line = first_content_line(text);
  const auto lines = lines_of(text);
  const std::string_view first = line <= lines.size() ? lines[line - 1] : std::string_view{};
  switch (kind) {
    case CommandKind::hostname: {
      const std::string name = first_word(first, 0);
      if (name.empty() || first_word(first, 1) != "") {
        add_warning(state, origin.file, origin.where(line) + ": expected one host name");
        return;
      }
      if (state.host.hostname.empty()) state.host.hostname = name;
      break;
    }
    case CommandKind::uname: {
      // `uname -a`: "Linux <node> <release> ..."; `uname -r`: "<release>".
      const bool all = origin.file.find("uname_-a") != std::string::npos;
      const std::string release = first_word(first, all ? 2 : 0);
      if (release.empty()) {
        add_warning(state, origin.file, origin.where(line) + ": no kernel release");
        return;
      }
      if (state.host.kernel_release.empty()) state.host.kernel_release = release;
      break;
    }
    case CommandKind::date: {
      auto ms = parse_date_output(first);
      if (!ms) {
        state.time_problem = origin.where(line) + ": " + ms.error().message;
        return;
      }
      if (!state.time_known) {
        state.host.time_unix_ms = *ms;
        state.time_known = true;
      }
      break;
    }
    default: return;
  }
  state.files_used.push_back(origin.file);
}

void import_ethtool_stats(const std::string& netdev, std::string_view text, const TextOrigin& origin,
                          ImportState& state) {
  auto& nd = netdev_named(state.host, netdev);
  auto counters = captures::text::parse_ethtool_s(text);
  if (!counters && counters.error().sys_errno == EOPNOTSUPP) {  // a bond, bridge, VLAN, veth: no statistics
    take(nd.ethtool_stats, Field<model::CounterSet>::missing(model::Availability::unsupported,
                                                             origin.file + ": " + counters.error().message,
                                                             origin.at(first_content_line(text))));
    state.files_used.push_back(origin.file);
    return;
  }
  if (!counters) {
    const std::string why = origin.file + ": " + counters.error().message;
    add_warning(state, origin.file, why);
    take(nd.ethtool_stats, Field<model::CounterSet>::missing(model::Availability::error, why, origin.at(1)));
    return;
  }
  take(nd.ethtool_stats, Field<model::CounterSet>::of(std::move(*counters), origin.at(first_content_line(text))));
  state.files_used.push_back(origin.file);
}

void import_rdma_devices(Expected<captures::text::Parsed<std::vector<model::RdmaDevice>>> result,
                         const TextOrigin& origin, ImportState& state) {
  if (!parsed_ok(result, origin, state)) return;
  for (const auto& dev : result->value) merge_rdma_device(rdma_device_named(state.host, dev.name), dev);
}

// The mode is kept as a note: the model has no slot for RDMA-CM defaults.
void import_cma_roce_mode(const CommandFile& command, std::string_view text, const TextOrigin& origin,
                          ImportState& state) {
  auto result = captures::text::parse_cma_roce_mode(text, origin);
  if (!parsed_ok(result, origin, state)) return;
  const std::string port = command.rdma_device + " port " + std::to_string(command.rdma_port);
  state.host.notes.push_back(
      {command.rdma_device, model::Availability::present,
       origin.where(first_content_line(text)) + ": RDMA-CM's default RoCE mode on " + port + " is " + result->value});
}

// One `devlink sb ... show` file's devices joined to those of the files read before (pools, port
// quotas and bindings usually come in three files). Port rows read without their device (a netdev
// handle in a file that lists no pools) join the one device whose pools are known.
void merge_shared_buffers(model::SharedBuffers& into, std::vector<model::DevlinkSb> more, model::Provenance from) {
  if (!into.ok()) into = model::SharedBuffers::of({}, std::move(from));
  auto& devices = *into;
  auto named = [&](const std::string& name) {
    return std::find_if(devices.begin(), devices.end(), [&](const model::DevlinkSb& d) { return d.device == name; });
  };
  auto append = [](model::DevlinkSb& to, model::DevlinkSb& rows) {
    std::move(rows.pools.begin(), rows.pools.end(), std::back_inserter(to.pools));
    std::move(rows.port_pools.begin(), rows.port_pools.end(), std::back_inserter(to.port_pools));
    std::move(rows.tc_binds.begin(), rows.tc_binds.end(), std::back_inserter(to.tc_binds));
  };
  for (auto& d : more) {
    if (auto it = named(d.device); it != devices.end())
      append(*it, d);
    else
      devices.push_back(std::move(d));
  }
  const auto unnamed = named("");
  if (unnamed == devices.end() || devices.size() != 2) return;
  auto& only = devices.front().device.empty() ? devices.back() : devices.front();
  append(only, *unnamed);
  devices.erase(named(""));
}

}  // namespace

void add_warning(ImportState& state, const std::string& subject, const std::string& message,
                 model::Availability availability) {
  state.warnings.push_back(message);
  state.host.notes.push_back({subject, availability, message});
}

int apply_order(CommandKind kind) {
  switch (kind) {
    case CommandKind::unknown: return 100;
    case CommandKind::hostname:
    case CommandKind::date:
    case CommandKind::uname: return 0;
    case CommandKind::ip_link: return 1;
    case CommandKind::ethtool_driver:
    case CommandKind::ethtool_link:
    case CommandKind::ethtool_pause:
    case CommandKind::ethtool_module:
    case CommandKind::ethtool_stats: return 2;
    case CommandKind::ibstat: return 3;
    case CommandKind::ibv_devinfo: return 4;
    case CommandKind::show_gids: return 5;
    case CommandKind::rdma_statistic: return 6;
    case CommandKind::tc_qdisc: return 7;
    case CommandKind::mlnx_qos: return 8;
    case CommandKind::dcb: return 9;
    case CommandKind::ip_address: return 1;
    case CommandKind::ibstatus:
    case CommandKind::ibv_devices:
    case CommandKind::rdma_link:
    case CommandKind::ibdev2netdev: return 3;
    case CommandKind::show_counters: return 6;
    case CommandKind::cma_roce_mode: return 10;
    case CommandKind::ps: return 0;
    case CommandKind::devlink_sb: return 11;
    case CommandKind::not_used: return 100;
  }
  return 100;
}

void import_command_text(const CommandFile& command, std::string_view text, const TextOrigin& origin,
                         ImportState& state) {
  switch (command.kind) {
    case CommandKind::unknown: return;
    case CommandKind::hostname:
    case CommandKind::date:
    case CommandKind::uname: import_host_fact(command.kind, text, origin, state); return;
    case CommandKind::ip_link: {
      auto result = captures::text::parse_ip_link(text, origin);
      if (!parsed_ok(result, origin, state)) return;
      for (const auto& nd : result->value) merge_netdev(netdev_named(state.host, nd.name), nd);
      return;
    }
    case CommandKind::ethtool_driver: {
      auto result = captures::text::parse_ethtool_driver(text, origin);
      if (parsed_ok(result, origin, state)) take(netdev_named(state.host, command.netdev).driver, result->value);
      return;
    }
    case CommandKind::ethtool_link: {
      auto result = captures::text::parse_ethtool_link(text, origin);
      if (parsed_ok(result, origin, state)) take(netdev_named(state.host, command.netdev).link, result->value.settings);
      return;
    }
    case CommandKind::ethtool_pause: {
      auto result = captures::text::parse_ethtool_pause(text, origin);
      if (parsed_ok(result, origin, state)) take(netdev_named(state.host, command.netdev).pause, result->value);
      return;
    }
    case CommandKind::ethtool_module: {
      auto result = captures::text::parse_ethtool_module(text, origin);
      if (parsed_ok(result, origin, state))
        take(netdev_named(state.host, command.netdev).module_cable_m, result->value);
      return;
    }
    case CommandKind::ethtool_stats: import_ethtool_stats(command.netdev, text, origin, state); return;
    case CommandKind::ibstat: import_rdma_devices(captures::text::parse_ibstat(text, origin), origin, state); return;
    case CommandKind::ibv_devinfo:
      import_rdma_devices(captures::text::parse_ibv_devinfo(text, origin), origin, state);
      return;
    case CommandKind::show_gids:
      import_rdma_devices(captures::text::parse_show_gids(text, origin), origin, state);
      return;
    case CommandKind::rdma_statistic:
      import_rdma_devices(captures::text::parse_rdma_statistic(text, origin), origin, state);
      return;
    case CommandKind::tc_qdisc: {
      auto result = captures::text::parse_tc_qdisc(text, origin);
      if (!parsed_ok(result, origin, state)) return;
      for (auto& dev : result->value) take(netdev_named(state.host, dev.netdev).qdiscs, std::move(dev.qdiscs));
      return;
    }
    case CommandKind::mlnx_qos: {
      auto result = captures::text::parse_mlnx_qos(text, origin);
      if (!parsed_ok(result, origin, state)) return;
      state.host.mlnx_qos_seen = true;
      auto& nd = netdev_named(state.host, command.netdev);
      take(nd.trust, result->value.trust);
      merge_dcb(nd.dcb, result->value.dcb);
      state.mlnx_qos[command.netdev] = result->value;
      return;
    }
    case CommandKind::dcb: {
      auto result = captures::text::parse_dcb_show(text, origin);
      if (parsed_ok(result, origin, state)) merge_dcb(netdev_named(state.host, command.netdev).dcb, result->value);
      return;
    }
    case CommandKind::ip_address: {
      auto result = captures::text::parse_ip_address(text, origin);
      if (!parsed_ok(result, origin, state)) return;
      for (const auto& nd : result->value) merge_netdev(netdev_named(state.host, nd.name), nd);
      return;
    }
    case CommandKind::rdma_link:
      import_rdma_devices(captures::text::parse_rdma_link(text, origin), origin, state);
      return;
    case CommandKind::ibdev2netdev:
      import_rdma_devices(captures::text::parse_ibdev2netdev(text, origin), origin, state);
      return;
    case CommandKind::ibv_devices:
      import_rdma_devices(captures::text::parse_ibv_devices(text, origin), origin, state);
      return;
    case CommandKind::ibstatus:
      import_rdma_devices(captures::text::parse_ibstatus(text, origin), origin, state);
      return;
    case CommandKind::show_counters: {
      auto result = captures::text::parse_show_counters(text, command.rdma_device, origin);
      if (parsed_ok(result, origin, state))
        merge_rdma_device(rdma_device_named(state.host, command.rdma_device), result->value);
      return;
    }
    case CommandKind::cma_roce_mode: import_cma_roce_mode(command, text, origin, state); return;
    case CommandKind::ps: {
      auto result = captures::text::parse_ps_lldp_agents(text, origin);
      if (parsed_ok(result, origin, state))
        state.host.lldp_agents = model::Field<std::vector<std::string>>::of(std::move(result->value), origin.at(1));
      return;
    }
    case CommandKind::devlink_sb: {
      auto result = captures::text::parse_devlink_sb(text, origin);
      if (parsed_ok(result, origin, state))
        merge_shared_buffers(state.host.shared_buffers, std::move(result->value), origin.at(1));
      return;
    }
    case CommandKind::not_used: state.files_not_used.push_back(origin.file + " (" + command.what + ")"); return;
  }
}

namespace {

std::string prio_list(std::uint8_t mask) {
  std::string out;
  for (int p = 0; p < model::kPriorities; ++p)
    if ((mask >> p) & 1) out += (out.empty() ? "" : ",") + std::to_string(p);
  return out.empty() ? "none" : out;
}

template <class Array>
std::string joined(const Array& values) {
  std::string out;
  for (const auto& v : values) out += (out.empty() ? "" : ",") + std::to_string(static_cast<unsigned long long>(v));
  return out;
}

std::vector<std::pair<std::uint16_t, std::uint8_t>> dscp_map(const std::vector<model::AppEntry>& app) {
  std::vector<std::pair<std::uint16_t, std::uint8_t>> out;
  for (const auto& e : app)
    if (e.selector == model::kAppSelDscp) out.emplace_back(e.protocol, e.priority);
  std::sort(out.begin(), out.end());
  return out;
}

std::string dscp_text(const std::vector<std::pair<std::uint16_t, std::uint8_t>>& map) {
  std::string out;
  for (const auto& [dscp, prio] : map)
    out += (out.empty() ? "" : " ") + std::to_string(dscp) + ":" + std::to_string(prio);
  return out.empty() ? "none" : out;
}

template <class T>
void compare(ImportState& state, const std::string& netdev, const char* what, const Field<T>& mlnx,
             const Field<T>& kept, const std::string& mlnx_says, const std::string& dcb_says) {
  if (mlnx_says == dcb_says) return;
  add_warning(state, netdev,
              netdev + ": " + what + " differ: mlnx_qos (" + mlnx.from.locator + ") says " + mlnx_says + ", dcb (" +
                  kept.from.locator + ") says " + dcb_says + "; kept the dcb one (the kernel's dcbnl answer)",
              model::Availability::present);
}

}  // namespace

void report_qos_disagreements(ImportState& state) {
  for (const auto& [netdev, qos] : state.mlnx_qos) {
    const model::NetDev* nd = state.host.netdev(netdev);
    if (nd == nullptr) continue;
    const auto& mine = qos.dcb;
    const auto& kept = nd->dcb;
    // Only where the field now holds another file's value (a dcb output) is there something to compare.
    if (mine.pfc.ok() && kept.pfc.ok() && kept.pfc.from != mine.pfc.from) {
      compare(state, netdev, "PFC enabled priorities", mine.pfc, kept.pfc, prio_list(mine.pfc->pfc_en),
              prio_list(kept.pfc->pfc_en));
      compare(state, netdev, "PFC delay (mlx5: cable length)", mine.pfc, kept.pfc, std::to_string(mine.pfc->delay),
              std::to_string(kept.pfc->delay));
    }
    if (mine.buffer.ok() && kept.buffer.ok() && kept.buffer.from != mine.buffer.from) {
      compare(state, netdev, "priority-to-buffer maps", mine.buffer, kept.buffer, joined(mine.buffer->prio2buffer),
              joined(kept.buffer->prio2buffer));
      compare(state, netdev, "buffer sizes", mine.buffer, kept.buffer, joined(mine.buffer->buffer_size),
              joined(kept.buffer->buffer_size));
    }
    if (mine.ets.ok() && kept.ets.ok() && kept.ets.from != mine.ets.from)
      compare(state, netdev, "priority-to-TC maps", mine.ets, kept.ets, joined(mine.ets->prio_tc),
              joined(kept.ets->prio_tc));
    if (mine.app.ok() && kept.app.ok() && kept.app.from != mine.app.from)
      compare(state, netdev, "DSCP-to-priority maps", mine.app, kept.app, dscp_text(dscp_map(*mine.app)),
              dscp_text(dscp_map(*kept.app)));
  }
}

}  // namespace roce::import
