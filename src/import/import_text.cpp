// One command output of a capture read into the Host being built: a table of command kind -> parser -> merge.
#include "import/import_text.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <iterator>
#include <utility>

#include "captures/text/cma_roce_mode.hpp"
#include "captures/text/dcb_show.hpp"
#include "captures/text/devlink_sb_text.hpp"
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

// How a file of one command kind is read into the state.
using Importer = void (*)(const CommandFile& command, std::string_view text, const TextOrigin& origin,
                          ImportState& state);

// A parser of the captures/text convention (text + origin -> value and located warnings): the file is
// parsed, its warnings recorded, and its value handed to `merge`.
template <auto parse, auto merge>
void parse_and_merge(const CommandFile& command, std::string_view text, const TextOrigin& origin, ImportState& state) {
  auto result = parse(text, origin);
  if (parsed_ok(result, origin, state)) merge(command, result->value, origin, state);
}

// The first non-blank line of a one-line command output (hostname, uname, date) and its number.
struct FactLine {
  std::size_t number = 1;
  std::string_view text;
};

FactLine fact_line(std::string_view text) {
  const std::size_t line = first_content_line(text);
  const auto lines = lines_of(text);
  return {line, line <= lines.size() ? lines[line - 1] : std::string_view{}};
}

// A host fact that is one word of the first line into `into` (kept when a file read before gave it);
// `alone`: the line holds nothing else. A line without it is a warning, `problem`.
void import_fact_word(std::string_view text, const TextOrigin& origin, ImportState& state, std::size_t index,
                      bool alone, const char* problem, std::string& into) {
  const FactLine first = fact_line(text);
  const std::string word = first_word(first.text, index);
  if (word.empty() || (alone && first_word(first.text, 1) != "")) {
    add_warning(state, origin.file, origin.where(first.number) + ": " + problem);
    return;
  }
  if (into.empty()) into = word;
  state.files_used.push_back(origin.file);
}

void import_hostname(const CommandFile&, std::string_view text, const TextOrigin& origin, ImportState& state) {
  import_fact_word(text, origin, state, 0, true, "expected one host name", state.host.hostname);
}

// `uname -a`: "Linux <node> <release> ..."; `uname -r`: "<release>".
void import_uname(const CommandFile&, std::string_view text, const TextOrigin& origin, ImportState& state) {
  const bool all = origin.file.find("uname_-a") != std::string::npos;
  import_fact_word(text, origin, state, all ? 2 : 0, false, "no kernel release", state.host.kernel_release);
}

void import_date(const CommandFile&, std::string_view text, const TextOrigin& origin, ImportState& state) {
  const FactLine first = fact_line(text);
  auto ms = parse_date_output(first.text);
  if (!ms) {
    state.time_problem = origin.where(first.number) + ": " + ms.error().message;
    return;
  }
  if (!state.time_known) {
    state.host.time_unix_ms = *ms;
    state.time_known = true;
  }
  state.files_used.push_back(origin.file);
}

void import_ethtool_stats(const CommandFile& command, std::string_view text, const TextOrigin& origin,
                          ImportState& state) {
  auto& nd = netdev_named(state.host, command.netdev);
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

// show_counters names its device in the file name, which the parser needs.
void import_show_counters(const CommandFile& command, std::string_view text, const TextOrigin& origin,
                          ImportState& state) {
  auto result = captures::text::parse_show_counters(text, command.rdma_device, origin);
  if (parsed_ok(result, origin, state))
    merge_rdma_device(rdma_device_named(state.host, command.rdma_device), result->value);
}

void import_not_used(const CommandFile& command, std::string_view, const TextOrigin& origin, ImportState& state) {
  state.files_not_used.push_back(origin.file + " (" + command.what + ")");
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

// Where each parser's value goes.

void merge_netdevs(const CommandFile&, const std::vector<model::NetDev>& netdevs, const TextOrigin&,
                   ImportState& state) {
  for (const auto& nd : netdevs) merge_netdev(netdev_named(state.host, nd.name), nd);
}

void merge_rdma_devices(const CommandFile&, const std::vector<model::RdmaDevice>& devices, const TextOrigin&,
                        ImportState& state) {
  for (const auto& dev : devices) merge_rdma_device(rdma_device_named(state.host, dev.name), dev);
}

void merge_driver(const CommandFile& command, const Field<model::DriverInfo>& driver, const TextOrigin&,
                  ImportState& state) {
  take(netdev_named(state.host, command.netdev).driver, driver);
}

void merge_link(const CommandFile& command, const captures::text::EthtoolLink& link, const TextOrigin&,
                ImportState& state) {
  take(netdev_named(state.host, command.netdev).link, link.settings);
}

void merge_pause(const CommandFile& command, const Field<model::PauseParams>& pause, const TextOrigin&,
                 ImportState& state) {
  take(netdev_named(state.host, command.netdev).pause, pause);
}

void merge_module(const CommandFile& command, const Field<std::uint32_t>& cable_m, const TextOrigin&,
                  ImportState& state) {
  take(netdev_named(state.host, command.netdev).module_cable_m, cable_m);
}

void merge_qdiscs(const CommandFile&, std::vector<captures::text::NetdevQdiscs>& devices, const TextOrigin&,
                  ImportState& state) {
  for (auto& dev : devices) take(netdev_named(state.host, dev.netdev).qdiscs, std::move(dev.qdiscs));
}

void merge_mlnx_qos(const CommandFile& command, const captures::text::MlnxQos& qos, const TextOrigin&,
                    ImportState& state) {
  state.host.mlnx_qos_seen = true;
  auto& nd = netdev_named(state.host, command.netdev);
  take(nd.trust, qos.trust);
  merge_dcb(nd.dcb, qos.dcb);
  state.mlnx_qos[command.netdev] = qos;
}

void merge_dcb_show(const CommandFile& command, const model::Dcb& dcb, const TextOrigin&, ImportState& state) {
  merge_dcb(netdev_named(state.host, command.netdev).dcb, dcb);
}

void merge_lldp_agents(const CommandFile&, std::vector<std::string>& agents, const TextOrigin& origin,
                       ImportState& state) {
  state.host.lldp_agents = model::Field<std::vector<std::string>>::of(std::move(agents), origin.at(1));
}

void merge_devlink_sb(const CommandFile&, std::vector<model::DevlinkSb>& devices, const TextOrigin& origin,
                      ImportState& state) {
  merge_shared_buffers(state.host.shared_buffers, std::move(devices), origin.at(1));
}

namespace text = captures::text;

// One row per command kind, in the enum's order: the order files are applied in (see apply_order)
// and how a file is read. Adding a command is adding its kind and its row.
struct CommandRow {
  CommandKind kind;
  int order;        // lower first
  Importer import;  // nullptr: nothing to read
};

constexpr std::array kCommandRows{
    CommandRow{CommandKind::unknown, 100, nullptr},
    CommandRow{CommandKind::hostname, 0, import_hostname},
    CommandRow{CommandKind::date, 0, import_date},
    CommandRow{CommandKind::uname, 0, import_uname},
    CommandRow{CommandKind::ip_link, 1, parse_and_merge<text::parse_ip_link, merge_netdevs>},
    CommandRow{CommandKind::ethtool_driver, 2, parse_and_merge<text::parse_ethtool_driver, merge_driver>},
    CommandRow{CommandKind::ethtool_link, 2, parse_and_merge<text::parse_ethtool_link, merge_link>},
    CommandRow{CommandKind::ethtool_pause, 2, parse_and_merge<text::parse_ethtool_pause, merge_pause>},
    CommandRow{CommandKind::ethtool_stats, 2, import_ethtool_stats},
    CommandRow{CommandKind::ethtool_module, 2, parse_and_merge<text::parse_ethtool_module, merge_module>},
    CommandRow{CommandKind::ibstat, 3, parse_and_merge<text::parse_ibstat, merge_rdma_devices>},
    CommandRow{CommandKind::ibv_devinfo, 4, parse_and_merge<text::parse_ibv_devinfo, merge_rdma_devices>},
    CommandRow{CommandKind::show_gids, 5, parse_and_merge<text::parse_show_gids, merge_rdma_devices>},
    CommandRow{CommandKind::rdma_statistic, 6, parse_and_merge<text::parse_rdma_statistic, merge_rdma_devices>},
    CommandRow{CommandKind::tc_qdisc, 7, parse_and_merge<text::parse_tc_qdisc, merge_qdiscs>},
    CommandRow{CommandKind::mlnx_qos, 8, parse_and_merge<text::parse_mlnx_qos, merge_mlnx_qos>},
    CommandRow{CommandKind::dcb, 9, parse_and_merge<text::parse_dcb_show, merge_dcb_show>},
    CommandRow{CommandKind::ip_address, 1, parse_and_merge<text::parse_ip_address, merge_netdevs>},
    CommandRow{CommandKind::rdma_link, 3, parse_and_merge<text::parse_rdma_link, merge_rdma_devices>},
    CommandRow{CommandKind::ibdev2netdev, 3, parse_and_merge<text::parse_ibdev2netdev, merge_rdma_devices>},
    CommandRow{CommandKind::ibv_devices, 3, parse_and_merge<text::parse_ibv_devices, merge_rdma_devices>},
    CommandRow{CommandKind::ibstatus, 3, parse_and_merge<text::parse_ibstatus, merge_rdma_devices>},
    CommandRow{CommandKind::cma_roce_mode, 10, import_cma_roce_mode},
    CommandRow{CommandKind::show_counters, 6, import_show_counters},
    CommandRow{CommandKind::devlink_sb, 11, parse_and_merge<text::parse_devlink_sb, merge_devlink_sb>},
    CommandRow{CommandKind::ps, 0, parse_and_merge<text::parse_ps_lldp_agents, merge_lldp_agents>},
    CommandRow{CommandKind::not_used, 100, import_not_used},
};

constexpr bool one_row_per_kind_in_order() {
  for (std::size_t i = 0; i < kCommandRows.size(); ++i)
    if (kCommandRows[i].kind != static_cast<CommandKind>(i)) return false;
  return kCommandRows.back().kind == CommandKind::not_used;
}
static_assert(one_row_per_kind_in_order(), "kCommandRows holds one row per CommandKind, in the enum's order");

const CommandRow* row_of(CommandKind kind) {
  const auto i = static_cast<std::size_t>(kind);
  return i < kCommandRows.size() ? &kCommandRows[i] : nullptr;
}

}  // namespace

void add_warning(ImportState& state, const std::string& subject, const std::string& message,
                 model::Availability availability) {
  state.warnings.push_back(message);
  state.host.notes.push_back({subject, availability, message});
}

int apply_order(CommandKind kind) {
  const CommandRow* row = row_of(kind);
  return row ? row->order : 100;
}

void import_command_text(const CommandFile& command, std::string_view text, const TextOrigin& origin,
                         ImportState& state) {
  const CommandRow* row = row_of(command.kind);
  if (row && row->import) row->import(command, text, origin, state);
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
