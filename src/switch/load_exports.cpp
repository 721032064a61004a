// Reading switch exports and host LLDP files, told by content.
#include "switch/load_exports.hpp"

#include <algorithm>
#include <filesystem>
#include <new>
#include <optional>
#include <set>

#include "switch/cumulus_datapath.hpp"
#include "switch/cumulus_port.hpp"
#include "switch/cumulus_roce.hpp"
#include "switch/cumulus_roce_counters.hpp"
#include "switch/host_lldp.hpp"
#include "switch/lldp_neighbors_text.hpp"
#include "switch/prompt_name.hpp"
#include "switch/sonic_cli_alone.hpp"
#include "switch/sonic_cli_attach.hpp"
#include "switch/sonic_cli_blocks.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "switch/sonic_config_db.hpp"
#include "switch/text_values.hpp"
#include "util/read_file.hpp"

namespace roce::switches {
namespace {

namespace fs = std::filesystem;

// lldptool's interface from the file name: "lldptool_-t_-n_-i_ens1f0np0" -> "ens1f0np0".
std::string netdev_of_lldptool_file(const std::string& path) {
  std::string name = fs::path(path).filename().string();
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".txt") == 0) name.resize(name.size() - 4);
  const auto at = name.find("-i_");
  if (at != std::string::npos) return name.substr(at + 3);
  const auto under = name.rfind('_');
  return under == std::string::npos ? name : name.substr(under + 1);
}

// The interface of `nv show interface IF qos roce status` from the file name
// ("nv_show_interface_swp16_qos_roce_status" -> "swp16"); "" for the global view.
// Also "nv-show-interface-swp16-qos-roce-status.txt" and "nv show interface swp16 qos roce status".
std::string port_of_nvue_file(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  const auto at = name.find("interface");
  if (at == std::string::npos || at + 10 >= name.size()) return {};
  const char sep = name[at + 9];
  if (sep != '_' && sep != '-' && sep != ' ') return {};
  const auto end = name.find(std::string(1, sep) + "qos", at + 10);
  return end == std::string::npos ? std::string() : name.substr(at + 10, end - at - 10);
}

// What one folder or the loose files hold: switches (from CONFIG_DB) and the tables to attach.
struct Group {
  std::vector<model::Switch> switches;
  std::vector<model::SwitchLldpNeighbor> lldp;
  std::vector<PfcwdStatRow> pfcwd;
  std::vector<PfcCounterRow> pfc;
  std::vector<QueueCounterRow> queues;
  SonicCliOutputs cli;  // the other SONiC CLI outputs
  std::vector<model::HostLldpNeighbor> host_lldp;
  std::vector<std::pair<std::string, CumulusRoce>> nvue_ports;  // port, its `nv show interface IF qos roce status`
  std::optional<CumulusRoce> nvue_global;                       // `nv show qos roce` (covers every port)
  std::vector<std::pair<std::string, CumulusRoceCounters>>
      nvue_counters;                                            // port, `nv show interface IF qos roce counters`
  std::vector<CumulusRoce> nvue_unnamed;                        // per-interface views whose file name names no port
  std::vector<std::pair<std::string, std::string>> datapath;    // label, text of qos_features.conf/traffic.conf
  std::string hostname;                                         // a `hostname` file in the folder
  std::set<std::string> prompt_names;                           // the hosts of prompt lines pasted with the outputs
  std::string given_name;                                       // --switch-name
  std::string where;                                            // for errors: the folder, or "the files given"
  bool folder = false;                                          // `where` is the switch's folder
  bool in_capture = false;  // a host's capture folder: its CLI outputs need a CONFIG_DB export beside them
  std::string table_file;
  std::string first_file;          // the path of the first export read
  std::vector<std::string> kinds;  // the kinds of export read ("show pfcwd stats"), once each
};

// A table's rows into the group's list of them.
template <class Row>
Outcome add_rows(Expected<std::vector<Row>>&& rows, std::vector<Row>& into, Group& g, const std::string& label) {
  if (!rows) return fail(std::move(rows.error()));
  into.insert(into.end(), rows->begin(), rows->end());
  g.table_file = label;
  return done();
}

// The readers of the export kinds, each: the file's text (and path, for names it carries) into the group.

Outcome read_lldpctl_json(const std::string&, const std::string& label, std::string& text, Group& g) {
  auto n = parse_lldpctl_json(text, label);
  if (!n) return fail(std::move(n.error()));
  g.host_lldp.insert(g.host_lldp.end(), n->begin(), n->end());
  return done();
}

Outcome read_config_db(const std::string&, const std::string& label, std::string& text, Group& g) {
  auto s = read_sonic_config_db(text, label);
  if (!s) return fail(std::move(s.error()));
  g.switches.push_back(std::move(*s));
  return done();
}

// A `show` table whose rows join the group's list of them (`rows_of`).
template <auto parse, auto rows_of>
Outcome read_table_rows(const std::string&, const std::string& label, std::string& text, Group& g) {
  return add_rows(parse(text, label), rows_of(g), g, label);
}

// A `show` output read as one value appended to the group's list of them (`values_of`).
template <auto parse, auto values_of>
Outcome read_table(const std::string&, const std::string& label, std::string& text, Group& g) {
  auto value = parse(text, label);
  if (!value) return fail(std::move(value.error()));
  values_of(g).push_back(std::move(*value));
  g.table_file = label;
  return done();
}

Outcome read_cumulus_datapath(const std::string&, const std::string& label, std::string& text, Group& g) {
  g.datapath.emplace_back(label, std::move(text));
  return done();
}

Outcome read_nvue_roce(const std::string& path, const std::string& label, std::string& text, Group& g) {
  auto roce = parse_nv_show_qos_roce(text, label);
  if (!roce) return fail(std::move(roce.error()));
  if (!roce->per_interface) {
    g.nvue_global = std::move(*roce);
    return done();
  }
  std::string port = interface_in_nv_command(command_in_prompt(text));
  if (port.empty()) port = port_of_nvue_file(path);
  if (port.empty())
    g.nvue_unnamed.push_back(std::move(*roce));
  else
    g.nvue_ports.emplace_back(port, std::move(*roce));
  return done();
}

Outcome read_nvue_counters(const std::string& path, const std::string& label, std::string& text, Group& g) {
  auto counters = parse_nv_show_roce_counters(text, label);
  if (!counters) return fail(std::move(counters.error()));
  std::string port = interface_in_nv_command(command_in_prompt(text));
  if (port.empty()) port = port_of_nvue_file(path);
  if (port.empty())
    return fail(label +
                    ": `nv show interface IF qos roce counters` of a port it does not name (the output prints "
                    "no interface, nor does the file's name, nor a prompt line with the command)",
                "paste the output with its prompt line (cumulus@leaf01:mgmt:~$ nv show interface swp1 qos roce "
                "counters), or name the file nv_show_interface_IF_qos_roce_counters");
  g.nvue_counters.emplace_back(port, std::move(*counters));
  return done();
}

Outcome read_lldptool(const std::string& path, const std::string& label, std::string& text, Group& g) {
  auto n = parse_lldptool(text, label, netdev_of_lldptool_file(path));
  if (!n) return fail(std::move(n.error()));
  g.host_lldp.push_back(std::move(*n));
  return done();
}

// Where each table goes in the group.
auto& lldp_rows(Group& g) { return g.lldp; }
auto& pfcwd_stat_rows(Group& g) { return g.pfcwd; }
auto& pfcwd_config_rows(Group& g) { return g.cli.pfcwd_config; }
auto& interface_rows(Group& g) { return g.cli.interfaces; }
auto& pg_watermark_rows(Group& g) { return g.cli.pg_watermarks; }
auto& buffer_tables(Group& g) { return g.cli.buffers; }
auto& ecn_tables(Group& g) { return g.cli.ecn; }
auto& pfc_rows(Group& g) { return g.pfc; }
auto& queue_rows(Group& g) { return g.queues; }

bool has(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

// JSON: the first non-blank byte opens an object or an array.
bool is_json(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

// One row per export kind: how its content is told, and how it is read. A file is of the first kind
// whose test it passes, so the rows are in the order the tests must run (JSON first, then the `show`
// tables by their headings, more specific before less). Adding an export is adding its row.
struct ExportRow {
  const char* kind;
  bool (*recognises)(std::string_view text);
  Outcome (*read)(const std::string& path, const std::string& label, std::string& text, Group& g);
};

const ExportRow kExportRows[] = {
    {"lldpctl -f json",
     [](std::string_view t) {
       const auto lldp = t.find("\"lldp\"");
       return is_json(t) && lldp != std::string_view::npos && lldp < 64;
     },
     read_lldpctl_json},
    {"CONFIG_DB", is_json, read_config_db},
    {"show lldp table", [](std::string_view t) { return has(t, "LocalPort") && has(t, "RemotePortID"); },
     read_table_rows<parse_show_lldp_table, lldp_rows>},
    {"show pfcwd stats", [](std::string_view t) { return has(t, "STORM DETECTED/RESTORED"); },
     read_table_rows<parse_show_pfcwd_stats, pfcwd_stat_rows>},
    {"show pfcwd config", [](std::string_view t) { return has(t, "DETECTION TIME") && has(t, "RESTORATION TIME"); },
     read_table_rows<parse_show_pfcwd_config, pfcwd_config_rows>},
    {"show lldp neighbors",
     [](std::string_view t) { return has(t, "LLDP neighbors:") && has(t, "Interface:") && has(t, "PortID:"); },
     read_table_rows<parse_show_lldp_neighbors, lldp_rows>},
    {"show interfaces counters",
     [](std::string_view t) {
       return has(t, "IFACE") && has(t, "STATE") &&
              (has(t, "RX_OK") || has(t, "TX_OK") || has(t, "_DRP") || has(t, "_DROPS"));
     },
     read_table_rows<parse_show_interfaces_counters, interface_rows>},
    {"show priority-group watermark", [](std::string_view t) { return has(t, " per PG:") && has(t, "PG0"); },
     read_table_rows<parse_show_pg_watermark, pg_watermark_rows>},
    {"show buffer information",
     [](std::string_view t) {
       return has(t, "Pool: ") ||
              (has(t, "Profile: ") && (has(t, "dynamic_th") || has(t, "static_th") || has(t, "xoff")));
     },
     read_table<parse_show_buffer_information, buffer_tables>},
    {"ecnconfig -l", [](std::string_view t) { return has(t, "Profile: ") && has(t, "_threshold"); },
     read_table<parse_ecnconfig_list, ecn_tables>},
    {"show pfc counters", [](std::string_view t) { return has(t, "PFC0") && (has(t, "Port Rx") || has(t, "Port Tx")); },
     read_table_rows<parse_show_pfc_counters, pfc_rows>},
    {"show queue counters",
     [](std::string_view t) { return has(t, "TxQ") && (has(t, "Counter/pkts") || has(t, "EcnMarked/pkts")); },
     read_table_rows<parse_show_queue_counters, queue_rows>},
    {"lldptool -t -n", [](std::string_view t) { return has(t, "Chassis ID TLV"); }, read_lldptool},
    {"Cumulus qos_features.conf/traffic.conf",
     [](std::string_view t) {
       return has(t, ".cos_list") || has(t, "ecn_red.") || has(t, "traffic.packet_priority_source_set");
     },
     read_cumulus_datapath},
    {"nv show interface IF qos roce counters",
     [](std::string_view t) { return has(t, "operational") && (has(t, "rx-pfc-stats") || has(t, "tx-roce-stats")); },
     read_nvue_counters},
    {"nv show qos roce", [](std::string_view t) { return has(t, "operational") && has(t, "pfc-priority"); },
     read_nvue_roce},
};

// Reads one file into the group; `strict`: a file of no known kind is an error.
Outcome read_file(const std::string& path, const std::string& label, Group& g, bool strict) {
  auto text = util::read_file(path);
  if (!text) return fail(std::move(text.error()));
  for (const auto& row : kExportRows) {
    if (!row.recognises(*text)) continue;
    // A host's own `lldpctl` (plain) looks like the switch's `show lldp neighbors`: not in a capture.
    if (g.in_capture && std::string_view(row.kind) == "show lldp neighbors") return done();
    if (auto name = name_in_prompt(*text); !name.empty()) g.prompt_names.insert(name);
    if (g.first_file.empty()) g.first_file = path;
    if (std::find(g.kinds.begin(), g.kinds.end(), row.kind) == g.kinds.end()) g.kinds.push_back(row.kind);
    try {
      return row.read(path, label, *text, g);
    } catch (const std::bad_alloc&) {
      throw util::OutOfMemoryReading(label);  // main names it, exit 4
    }
  }
  if (!strict) return done();
  return fail(label + ": not a switch export roce-doctor reads",
              "give a SONiC config_db.json (or dump/CONFIG_DB.json), a `show` table (lldp table, pfcwd "
              "stats|config, pfc|queue|interfaces counters, priority-group watermark, buffer information), "
              "`ecnconfig -l`, `lldpctl -f json` or `lldptool -t -n -i IF` output, or a folder of them");
}

model::SwitchPort* port_named(model::Switch& s, const std::string& name, const model::Provenance& from) {
  for (auto& p : s.ports)
    if (p.name == name) return &p;
  s.warnings.push_back(from.locator + ": " + name + " is no port of " + s.host.hostname);
  return nullptr;
}

// `show pfc counters` and `show queue counters`/`wredcounters` rows onto the switch's ports.
void attach_counters(const Group& g, model::Switch& s) {
  for (const auto& row : g.pfc) {
    auto* p = port_named(s, row.port, row.from);
    if (!p) continue;
    model::PerPrio<std::uint64_t> frames{};
    bool all = true;
    for (int i = 0; i < model::kPriorities; ++i) {
      all = all && row.frames[i].has_value();
      frames[i] = row.frames[i].value_or(0);
    }
    model::Provenance from = row.from;
    if (!row.since.empty()) from.locator += " (counted since " + row.since + ")";
    auto field = all ? model::Field<model::PerPrio<std::uint64_t>>::of(frames, from)
                     : model::Field<model::PerPrio<std::uint64_t>>::missing(model::Availability::unsupported,
                                                                            "N/A in `show pfc counters`", from);
    (row.tx ? p->pfc_tx_frames : p->pfc_rx_frames) = field;
  }
  for (const auto& row : g.queues) {
    auto* p = port_named(s, row.port, row.from);
    if (!p) continue;
    auto it = std::find_if(p->queues.begin(), p->queues.end(), [&](auto& q) { return q.index == row.queue; });
    if (it == p->queues.end()) {
      model::SwitchQueue q;
      q.index = row.queue;
      q.wred_profile = model::Field<std::string>::missing(model::Availability::absent, "no QUEUE entry", row.from);
      q.scheduler = q.wred_profile;
      p->queues.push_back(q);
      it = p->queues.end() - 1;
    }
    auto set = [&](model::Field<std::uint64_t>& f, const std::optional<std::uint64_t>& v) {
      if (v) f = model::Field<std::uint64_t>::of(*v, row.from);
    };
    set(it->tx_packets, row.tx_packets);
    set(it->drop_packets, row.drop_packets);
    set(it->ecn_marked_packets, row.ecn_marked_packets);
  }
  for (auto& p : s.ports)
    std::sort(p.queues.begin(), p.queues.end(), [](auto& a, auto& b) { return a.index < b.index; });
}

std::string first_line(const std::string& text) { return text.substr(0, text.find_first_of("\r\n")); }

// The last part of a folder's path, also for "dir/" and ".".
std::string folder_name(const fs::path& dir) {
  std::error_code ec;
  const auto full = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  return (ec ? dir : full).filename().string();
}

// The name of a switch whose exports carry none of their own (CLI outputs alone, Cumulus files):
// --switch-name, a prompt line pasted with an output, the `hostname` file beside the outputs, their
// folder. `warning` says so when loose files are named after their folder.
std::string group_switch_name(const Group& g, std::string& warning) {
  if (!g.given_name.empty()) return g.given_name;
  if (!g.prompt_names.empty()) return *g.prompt_names.begin();
  if (!g.hostname.empty()) return g.hostname;
  if (g.folder) return folder_name(g.where);
  const fs::path dir = fs::path(g.first_file).parent_path();
  if (auto name = util::read_file((dir / "hostname").string()); name && !first_line(*name).empty())
    return first_line(*name);
  const std::string folder = folder_name(dir.empty() ? fs::path(".") : dir);
  warning = g.first_file + ": the output names no switch (no prompt line such as \"admin@leaf01:~$ show ...\"), " +
            "nor does a `hostname` file beside it: the switch is called " + folder +
            " after its folder (--switch-name NAME names it)";
  return folder;
}

// Outputs of several switches told apart by their prompts cannot be one switch.
Outcome one_prompt(const Group& g) {
  if (g.prompt_names.size() < 2 || !g.given_name.empty()) return done();
  std::string names;
  for (const auto& n : g.prompt_names) names += (names.empty() ? "" : ", ") + n;
  return fail(g.where + ": outputs of several switches (their prompts name " + names + ")",
              "give each switch's outputs in a folder of their own");
}

// A Cumulus switch from the NVUE views and datapath files of a group, named as group_switch_name
// says (a loose datapath file by its file name). The global view applies to every port the other
// views and the host's LLDP name; alone, to those the cable join finds (Switch::every_port).
Outcome build_cumulus(Group& g) {
  if (!g.nvue_unnamed.empty()) {
    // The view does not print its interface: the host's LLDP given with it may name the one port.
    std::set<std::pair<std::string, std::string>> seen;  // switch, port
    for (const auto& n : g.host_lldp)
      if (n.port_id_type != "mac") seen.insert({n.system_name, n.port_id});
    if (g.nvue_unnamed.size() > 1 || seen.size() != 1)
      return fail(g.nvue_unnamed[0].file +
                      ": `nv show interface IF qos roce status` of a port it does not name (its output has no "
                      "interface name, nor has the file's name)",
                  "name the file nv_show_interface_IF_qos_roce_status after the switch port IF, or give the "
                  "host's `lldpctl -f json` naming the one switch port it faces with it");
    const std::string port = seen.begin()->second;
    g.nvue_unnamed[0].warnings.push_back(g.nvue_unnamed[0].file + ": the port is " + port +
                                         ", the neighbour the host's LLDP names (the view prints no interface)");
    g.nvue_ports.emplace_back(port, std::move(g.nvue_unnamed[0]));
    g.nvue_unnamed.clear();
  }
  // Loose views with no `hostname` file: the switch is the one the host's LLDP names on their port.
  if (g.hostname.empty())
    for (const auto& n : g.host_lldp)
      for (const auto& view : g.nvue_ports)
        if (!n.system_name.empty() && n.port_id == view.first) g.hostname = n.system_name;
  if (g.nvue_ports.empty() && g.datapath.empty() && g.nvue_counters.empty() && !g.nvue_global) return done();
  if (auto r = one_prompt(g); !r) return r;
  model::Switch sw;
  std::string warning;
  const bool nvue = !g.nvue_ports.empty() || !g.nvue_counters.empty() || g.nvue_global;
  const bool loose_file = !nvue && !g.folder && g.given_name.empty() && g.prompt_names.empty() &&
                          g.hostname.empty();  // a datapath file is named by its file
  sw.host.hostname = loose_file ? fs::path(g.datapath[0].first).filename().string() : group_switch_name(g, warning);
  if (!warning.empty()) sw.warnings.push_back(warning);
  sw.host.from = {nvue ? "nvue" : "cumulus-datapath", g.where};
  sw.source = !nvue ? "Cumulus datapath configuration (qos_features.conf / traffic.conf)"
                    : "NVUE `nv show interface IF qos roce status|counters`, `nv show qos roce`";
  for (const auto& [port, roce] : g.nvue_ports) {
    add_cumulus_port(sw, port, roce);
    sw.warnings.insert(sw.warnings.end(), roce.warnings.begin(), roce.warnings.end());
  }
  if (g.nvue_global)
    sw.warnings.insert(sw.warnings.end(), g.nvue_global->warnings.begin(), g.nvue_global->warnings.end());
  // The ports the counters name, and with the global view those the host's LLDP names on this switch.
  std::vector<std::string> more;
  for (const auto& [port, counters] : g.nvue_counters) more.push_back(port);
  if (g.nvue_global)
    for (const auto& n : g.host_lldp)
      if (n.port_id_type != "mac" && (n.system_name.empty() || n.system_name == sw.host.hostname))
        more.push_back(n.port_id);
  for (const auto& port : more) {
    if (sw.port(port)) continue;
    if (g.nvue_global) {
      add_cumulus_port(sw, port, *g.nvue_global);
      continue;
    }
    const model::Provenance from{"nvue", g.nvue_counters.front().second.file};
    const std::string none = "`nv show interface IF qos roce counters` shows no ";
    auto [nd, sp] = cumulus_port(port, none, "Spectrum identity (no `nv show qos roce` given)", from);
    using model::Availability;
    nd.dcb.pfc = model::Field<model::Pfc>::missing(Availability::unsupported, none + "PFC priority", from);
    nd.trust = model::Field<std::string>::missing(Availability::unsupported, none + "trust", from);
    sw.vendor = "cumulus";
    sw.host.netdevs.push_back(std::move(nd));
    sw.ports.push_back(std::move(sp));
  }
  for (const auto& [port, counters] : g.nvue_counters) {
    // The RoCE class: the port's view (or the global one) maps the PFC priority to its TC.
    const CumulusRoce* roce = g.nvue_global ? &*g.nvue_global : nullptr;
    for (const auto& [p, view] : g.nvue_ports)
      if (p == port) roce = &view;
    int tc = 3;
    if (roce && roce->pfc_priority) tc = roce->sp_to_tc[*roce->pfc_priority].value_or(*roce->pfc_priority);
    add_cumulus_roce_counters(sw, port, counters, tc, !roce || !roce->pfc_priority);
  }
  if (g.nvue_global && sw.ports.empty()) {
    // Alone, the global view names no port: every port the cable join finds is made of it.
    model::Switch every;
    add_cumulus_port(every, "every port", *g.nvue_global);
    sw.every_port = every.ports[0];
    sw.every_port_netdev = every.host.netdevs[0];
    sw.wred_profiles = every.wred_profiles;
    sw.vendor = "cumulus";
  }
  for (const auto& [label, text] : g.datapath)
    if (auto r = add_cumulus_datapath(text, label, sw); !r) return r;
  g.switches.push_back(std::move(sw));
  return done();
}

bool has_tables(const Group& g) {
  return !g.lldp.empty() || !g.pfcwd.empty() || !g.pfc.empty() || !g.queues.empty() || !g.cli.empty();
}

// The ports the CLI tables of a group name, in port order.
std::vector<std::string> ports_in_tables(const Group& g) {
  std::vector<std::string> ports;
  auto add = [&](const std::string& p) {
    if (!p.empty() && std::find(ports.begin(), ports.end(), p) == ports.end()) ports.push_back(p);
  };
  for (const auto& r : g.lldp) add(r.local_port);
  for (const auto& r : g.pfcwd) add(r.port);
  for (const auto& r : g.pfc) add(r.port);
  for (const auto& r : g.queues) add(r.port);
  for (const auto& r : g.cli.pfcwd_config) add(r.port);
  for (const auto& r : g.cli.interfaces) add(r.port);
  for (const auto& r : g.cli.pg_watermarks) add(r.port);
  std::sort(ports.begin(), ports.end(), [](auto& a, auto& b) { return port_order(a) < port_order(b); });
  return ports;
}

// CLI tables without a CONFIG_DB export beside them: the switch they show, named as
// group_switch_name says, made of the ports they name.
void add_switch_of_tables(Group& g) {
  std::string shown;
  for (const auto& k : g.kinds)
    if (std::string_view(k).rfind("show ", 0) == 0 || std::string_view(k).rfind("ecnconfig", 0) == 0)
      shown += (shown.empty() ? "`" : ", `") + k + "`";
  std::string warning;
  auto sw = sonic_switch_of_cli(group_switch_name(g, warning), ports_in_tables(g), shown, {"sonic-cli", g.where});
  if (!warning.empty()) sw.warnings.push_back(warning);
  g.switches.push_back(std::move(sw));
}

// The CLI tables of a group belong to its one switch.
Outcome attach_tables(Group& g, model::SwitchSide& out) {
  const bool tables = has_tables(g);
  if (tables && g.switches.empty() && !g.in_capture) {
    if (auto r = one_prompt(g); !r) return r;
    add_switch_of_tables(g);
  }
  if (tables && g.switches.size() != 1)
    return fail(
        g.table_file + ": a CLI table of " + (g.switches.empty() ? "no switch" : "several switches") + " in " + g.where,
        "give each switch's config_db.json and its `show` outputs in a folder of their own");
  if (g.switches.size() == 1) {
    auto& s = g.switches[0];
    s.lldp.insert(s.lldp.end(), g.lldp.begin(), g.lldp.end());
    for (auto& row : g.pfcwd) {
      auto it = std::find_if(s.ports.begin(), s.ports.end(), [&](auto& p) { return p.name == row.port; });
      if (it == s.ports.end()) {
        s.warnings.push_back(row.queue.from.locator + ": " + row.port + " is no port of " + s.host.hostname);
        continue;
      }
      it->pfcwd_stats.push_back(row.queue);
    }
    attach_counters(g, s);
    if (!g.cli.empty()) attach_sonic_cli(g.cli, s);
  }
  for (auto& s : g.switches) out.switches.push_back(std::move(s));
  out.host_lldp.insert(out.host_lldp.end(), g.host_lldp.begin(), g.host_lldp.end());
  return done();
}

// The redis dumps of a tech-support archive other than CONFIG_DB (APPL_DB.json, COUNTERS_DB.json,
// ASIC_DB.json, ...): large, and no switch export.
bool other_redis_dump(const std::string& name) {
  if (name == "CONFIG_DB.json" || name.size() < 8 || name.compare(name.size() - 8, 8, "_DB.json") != 0) return false;
  return name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_.json") == std::string::npos;
}

// The files of a switch folder: its own, those under dump/ (a tech-support archive's CLI outputs
// and CONFIG_DB dump) and, when there is no dump/CONFIG_DB.json, etc/sonic/config_db.json.
std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& sub : {fs::path(dir), fs::path(dir) / "dump"})
    for (fs::directory_iterator it(sub, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file(ec) && !it->is_symlink(ec) && !other_redis_dump(it->path().filename().string()))
        files.push_back(it->path().string());
  const auto saved = fs::path(dir) / "etc" / "sonic" / "config_db.json";
  if (!fs::exists(fs::path(dir) / "dump" / "CONFIG_DB.json", ec) && fs::is_regular_file(saved, ec) &&
      !fs::is_symlink(saved, ec))
    files.push_back(saved.string());
  std::sort(files.begin(), files.end());
  return files;
}

// One switch folder into `out`; files are named `shown_as` + their path below `dir`.
Outcome read_folder(const std::string& dir, const std::string& shown_as, const std::string& given_name,
                    model::SwitchSide& out) {
  const std::string root = switch_folder_root(dir);
  Group g;
  g.where = shown_as;
  g.folder = true;
  g.given_name = given_name;
  for (const auto& f : files_in(root)) {
    if (fs::path(f).filename() == "hostname") {
      auto name = util::read_file(f);
      if (name) g.hostname = name->substr(0, name->find_first_of("\r\n"));
      continue;
    }
    const std::string label = dir == shown_as ? f : shown_as + ":" + fs::relative(f, dir).string();
    if (auto r = read_file(f, label, g, false); !r) return fail(std::move(r.error()));
  }
  if (auto r = build_cumulus(g); !r) return fail(std::move(r.error()));
  if (g.switches.empty() && g.host_lldp.empty() && !has_tables(g))
    return fail(shown_as + ": no switch export in this folder",
                "the folder of one switch holds its config_db.json (or dump/CONFIG_DB.json) and `show` outputs");
  return attach_tables(g, out);
}

}  // namespace

std::string switch_folder_root(const std::string& dir) {
  std::error_code ec;
  std::string only;
  int entries = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    ++entries;
    if (it->is_directory(ec) && !it->is_symlink(ec)) only = it->path().string();
  }
  return entries == 1 && !only.empty() ? only : dir;
}

Expected<model::SwitchSide> read_switch_exports(const std::vector<std::string>& paths, const std::string& switch_name) {
  model::SwitchSide out;
  Group loose;
  loose.where = "the files given";
  loose.given_name = switch_name;
  for (const auto& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      if (auto r = read_folder(path, path, switch_name, out); !r) return fail(std::move(r.error()));
      continue;
    }
    if (auto r = read_file(path, path, loose, true); !r) return fail(std::move(r.error()));
  }
  if (auto r = build_cumulus(loose); !r) return fail(std::move(r.error()));
  if (auto r = attach_tables(loose, out); !r) return fail(std::move(r.error()));
  return out;
}

Expected<model::SwitchSide> read_switch_folder(const std::string& dir, const std::string& shown_as) {
  model::SwitchSide out;
  if (auto r = read_folder(dir, shown_as, "", out); !r) return fail(std::move(r.error()));
  return out;
}

model::SwitchSide switch_files_in_capture(const std::string& dir, std::vector<std::string>* warnings) {
  model::SwitchSide out;
  Group g;
  g.where = dir;
  g.in_capture = true;
  for (const auto& f : files_in(dir)) {
    const std::string name = fs::path(f).filename().string();
    const bool candidate = name.find("lldp") != std::string::npos || name.find("config_db") != std::string::npos ||
                           name.find("CONFIG_DB") != std::string::npos || name.find("pfcwd") != std::string::npos ||
                           name.find("nv_show") != std::string::npos || name.find("show_") != std::string::npos ||
                           name.find("ecnconfig") != std::string::npos ||
                           name.find("qos_features") != std::string::npos ||
                           name.find("traffic.conf") != std::string::npos;
    if (!candidate) continue;
    const std::string label = fs::relative(f, dir).string();
    if (auto r = read_file(f, label, g, false); !r && warnings) warnings->push_back(r.error().with_hint());
  }
  if (auto r = build_cumulus(g); !r && warnings) warnings->push_back(r.error().with_hint());
  if (auto r = attach_tables(g, out); !r && warnings) warnings->push_back(r.error().with_hint());
  return out;
}

}  // namespace roce::switches
