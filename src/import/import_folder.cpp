#include "import/import_folder.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <system_error>

#include "captures/text/ecn_config.hpp"
#include "captures/text/sysinfo_roce_counters.hpp"
#include "import/capture_names.hpp"
#include "import/capture_time.hpp"
#include "import/cited_lines.hpp"
#include "import/host_merge.hpp"
#include "import/import_text.hpp"
#include "model/port_netdev.hpp"
#include "sources/sysfs/netdev_sysfs.hpp"
#include "sources/sysfs/rdma_sysfs.hpp"
#include "sources/sysfs/sysfs_file.hpp"
#include "util/read_file.hpp"

namespace roce::import {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFileBytes = 64u << 20;  // no command output is this large
constexpr int kMaxDepth = 4;                      // plain folders: sysinfo-snapshot nests outputs

struct FoundFile {
  CommandFile command;
  std::string label;  // path relative to the capture's top
  fs::path path;
};

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// Inside `top` once symlinks are resolved: a copied tree must not lead the reader elsewhere.
bool inside(const fs::path& top, const fs::path& p) {
  std::error_code ec;
  const fs::path real = fs::canonical(p, ec);
  if (ec) return false;
  const auto rel = real.lexically_relative(top);
  return !rel.empty() && *rel.begin() != "..";
}

// Why a symbolic link in the capture is not followed, or nullopt when `p` is no link or one that
// resolves inside the capture (a `hostname -> hostname.real` of a copied folder is read).
std::optional<std::string> refused_link(const fs::path& top, const fs::path& p) {
  std::error_code ec;
  if (!fs::is_symlink(p, ec)) return std::nullopt;
  const fs::path target = fs::read_symlink(p, ec);
  const std::string to = ec ? std::string("?") : target.generic_string();
  const std::string label = p.lexically_relative(top).generic_string();
  (void)fs::canonical(p, ec);
  if (ec == std::errc::too_many_symbolic_link_levels) return label + ": a symbolic link loop (to " + to + "); not read";
  if (ec) return label + ": a symbolic link to nothing (to " + to + "); not read";
  if (!inside(top, p)) return label + ": a symbolic link out of the capture (to " + to + "); not read";
  return std::nullopt;
}

Expected<std::string> read_small_file(const fs::path& path, const std::string& label) {
  return util::read_file(path.string(), kMaxFileBytes, label);
}

// An archive or a copied report often wraps the capture in one directory ("sosreport-host-2026.../").
bool is_sysinfo(const fs::path& dir) {
  return is_dir(dir / "commands_txt_output") || is_dir(dir / "ethtool_S") || is_dir(dir / "ecn" / "config");
}

fs::path capture_top(fs::path dir) {
  for (int i = 0; i < 3; ++i) {
    if (is_dir(dir / "sos_commands") || is_dir(dir / "sys") || is_sysinfo(dir)) return dir;
    std::error_code ec;
    std::vector<fs::path> entries;
    for (const auto& e : fs::directory_iterator(dir, ec)) entries.push_back(e.path());
    if (ec || entries.size() != 1 || !is_dir(entries.front())) return dir;
    dir = entries.front();
  }
  return dir;
}

void add_if_known(const fs::path& top, const fs::path& path, std::vector<FoundFile>& found) {
  std::error_code ec;
  // A link is taken too: the reader follows it when it stays inside the capture, names it otherwise.
  if (!fs::is_regular_file(path, ec) && !fs::is_symlink(path, ec)) return;
  const CommandFile command = classify_command_file(path.filename().string());
  if (command.kind == CommandKind::unknown) return;
  found.push_back({command, path.lexically_relative(top).generic_string(), path});
}

// sos: the outputs are sos_commands/<plugin>/<file>; deeper folders (networking/namespaces/<ns>/)
// belong to other network namespaces and are left out.
std::vector<FoundFile> find_sos_files(const fs::path& top) {
  std::vector<FoundFile> found;
  std::error_code ec;
  for (const auto& plugin : fs::directory_iterator(top / "sos_commands", ec)) {
    if (!plugin.is_directory(ec)) continue;
    std::error_code ec2;
    for (const auto& file : fs::directory_iterator(plugin.path(), ec2)) add_if_known(top, file.path(), found);
  }
  return found;
}

// sos_commands/<plugin>/namespaces/<ns>/<file>: other network namespaces' outputs, named as not used.
void list_namespace_files(const fs::path& top, ImportState& state) {
  std::error_code ec;
  for (const auto& plugin : fs::directory_iterator(top / "sos_commands", ec)) {
    std::error_code ec2;
    for (const auto& ns : fs::directory_iterator(plugin.path() / "namespaces", ec2)) {
      std::error_code ec3;
      for (const auto& file : fs::directory_iterator(ns.path(), ec3)) {
        const CommandFile command = classify_command_file(file.path().filename().string());
        if (command.kind == CommandKind::unknown || command.kind == CommandKind::not_used) continue;
        state.files_not_used.push_back(file.path().lexically_relative(top).generic_string() + " (" +
                                       to_string(command.kind) + " of network namespace " +
                                       ns.path().filename().string() + ": only the host's own namespace is read)");
      }
    }
  }
  std::sort(state.files_not_used.begin(), state.files_not_used.end());
}

// The command files of a plain folder. Links that stay inside the capture are followed (a folder
// reached twice, a loop, is read once); every other link is named in `refused`.
void find_plain_files(const fs::path& top, const fs::path& dir, int depth, std::vector<FoundFile>& found,
                      std::set<fs::path>& folders_read, std::vector<std::string>& refused) {
  std::error_code ec;
  if (!folders_read.insert(fs::canonical(dir, ec)).second) {
    refused.push_back(dir.lexically_relative(top).generic_string() +
                      ": a symbolic link to a folder read already (a loop); not followed");
    return;
  }
  std::vector<fs::path> entries;
  for (const auto& entry : fs::directory_iterator(dir, ec)) entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());  // the links followed first are the same on every host
  for (const auto& path : entries) {
    if (auto why = refused_link(top, path)) {
      refused.push_back(std::move(*why));
      continue;
    }
    if (is_dir(path)) {
      const auto name = path.filename();
      if (depth < kMaxDepth && !(depth == 0 && (name == "sys" || name == "ecn" || name == "commands_txt_output")))
        find_plain_files(top, path, depth + 1, found, folders_read, refused);
      continue;
    }
    add_if_known(top, path, found);
  }
}

// The sysfs reader names absolute paths; inside a capture the relative path is what means something.
void relocate(model::Host& host, const std::string& absolute_top, const std::string& source) {
  const std::string prefix = absolute_top + "/";
  auto fix = [&](const char*, auto& field) {
    auto strip = [&](std::string& s) {
      for (std::size_t at = s.find(prefix); at != std::string::npos; at = s.find(prefix, at))
        s.erase(at, prefix.size());
    };
    strip(field.cause);
    if (field.from.source == "sysfs") {
      strip(field.from.locator);
      field.from.source = source;
      if (field.ok()) field.from.locator += ":1";
    }
  };
  for (auto& nd : host.netdevs) model::for_each_field_nested(nd, fix);
  for (auto& dev : host.rdma_devices) model::for_each_field_nested(dev, fix);
}

// sys/class/net/<if> and sys/class/infiniband/<dev> of the copy, read by the live sysfs reader.
// A copy may lack the symlinks (device, driver): those fields are then absent, not errors.
bool import_sysfs(const fs::path& top, ImportState& state) {
  const fs::path sys = top / "sys";
  if (!is_dir(sys)) return false;
  const std::string root = sys.string();
  // Every read stays inside the capture: a link out of it (to /etc/...) is refused and reported.
  sources::sysfs::ConfinedReads confinement(top.string());
  bool any = false;
  const auto confined = [&](const fs::path& p) {
    if (inside(top, p)) return true;
    if (auto why = refused_link(top, p)) add_warning(state, p.filename().string(), *why);
    return false;
  };
  for (const auto& name : sources::sysfs::list_netdevs(root)) {
    if (!confined(sys / "class/net" / name)) continue;
    sources::sysfs::read_netdev_sysfs(root, netdev_named(state.host, name));
    state.files_used.push_back("sys/class/net/" + name);
    any = true;
  }
  for (const auto& name : sources::sysfs::list_rdma_devices(root)) {
    if (!confined(sys / "class/infiniband" / name)) continue;
    merge_rdma_device(rdma_device_named(state.host, name), sources::sysfs::read_rdma_device(root, name));
    state.files_used.push_back("sys/class/infiniband/" + name);
    any = true;
  }
  const std::string prefix = top.string() + "/";
  for (std::string why : confinement.refused()) {
    if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
    add_warning(state, why.substr(0, why.find(':')), why);
  }
  return any;
}

// sysinfo-snapshot's ecn/config/<if>: a dump of /sys/class/net/<if>/ecn, one file per interface.
void import_sysinfo_ecn(const fs::path& top, const std::string& source, ImportState& state) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(top / "ecn" / "config", ec)) {
    const std::string netdev = entry.path().filename().string();
    const std::string label = "ecn/config/" + netdev;
    if (auto why = refused_link(top, entry.path())) {
      add_warning(state, label, *why);
      continue;
    }
    if (!entry.is_regular_file(ec) || !inside(top, entry.path())) continue;
    auto text = read_small_file(entry.path(), label);
    if (!text) {
      add_warning(state, label, text.error().message);
      continue;
    }
    const captures::text::TextOrigin origin{source, label};
    auto result = captures::text::parse_ecn_config(*text, origin);
    if (!result) {
      add_warning(state, label, result.error().message);
      continue;
    }
    for (const auto& w : result->warnings) add_warning(state, label, w.message);
    take(netdev_named(state.host, netdev).ecn, result->value);
    state.files_used.push_back(label);
  }
}

// sysinfo-snapshot writes commands_txt_output/<cmd>.txt with '-', '/', ':' ... dropped from the name
// ("mlnx_qos_i_ens1f0.txt") and the exact command on the first line: "Invoked Command: <cmd>".
constexpr std::string_view kInvoked = "Invoked Command: ";

std::string invoked_command(std::string_view text) {
  if (!text.starts_with(kInvoked)) return {};
  std::string_view cmd = text.substr(kInvoked.size());
  cmd = cmd.substr(0, cmd.find('\n'));
  while (!cmd.empty() && (cmd.back() == '\r' || cmd.back() == ' ')) cmd.remove_suffix(1);
  return std::string(cmd);
}

// The text with every line outside [first, last) (0-based) blanked: parsers skip blank lines, so the
// line numbers of the kept lines stay those of the file.
std::string keep_lines(std::string_view text, std::size_t first, std::size_t last) {
  std::string out;
  std::size_t line = 0;
  for (std::size_t at = 0; at < text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (line >= first && line < last) out.append(text.substr(at, end - at));
    out += '\n';
    at = end + 1;
  }
  return out;
}

std::size_t line_count(std::string_view text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
}

// mlnx_qos_handler.txt: for each PF, a line "mlnx_qos -i <if>", its output, then "____________".
void import_sysinfo_mlnx_qos(std::string_view text, const captures::text::TextOrigin& origin, ImportState& state) {
  std::vector<std::pair<std::size_t, std::string>> heads;  // line index, netdev
  std::size_t line = 0;
  for (std::size_t at = 0; at < text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view body = text.substr(at, end - at);
    while (!body.empty() && (body.back() == '\r' || body.back() == ' ')) body.remove_suffix(1);
    if (body.starts_with("mlnx_qos -i ") && body.find(' ', 12) == std::string_view::npos)
      heads.emplace_back(line, std::string(body.substr(12)));
    else if (body.starts_with("____") && !heads.empty() && !heads.back().second.empty())
      heads.emplace_back(line, std::string());  // a section's end
    at = end + 1;
  }
  for (std::size_t i = 0; i < heads.size(); ++i) {
    if (heads[i].second.empty()) continue;
    const std::size_t last = i + 1 < heads.size() ? heads[i + 1].first : line_count(text);
    const std::string section = keep_lines(text, heads[i].first + 1, last);
    if (section.find("Could not run command: mlnx_qos") != std::string::npos) {
      add_warning(state, heads[i].second,
                  origin.where(heads[i].first + 1) + ": mlnx_qos -i " + heads[i].second + " did not run on the host",
                  model::Availability::absent);
      continue;
    }
    import_command_text({CommandKind::mlnx_qos, heads[i].second}, section, origin, state);
  }
}

// The sysinfo files roce-doctor reads by their command, and names every other one as not used.
void import_sysinfo_commands(const fs::path& top, const std::string& source, ImportState& state) {
  std::error_code ec;
  std::vector<fs::path> paths;
  for (const auto& entry : fs::directory_iterator(top / "commands_txt_output", ec)) {
    if (auto why = refused_link(top, entry.path()))
      add_warning(state, entry.path().filename().string(), *why);
    else if (entry.is_regular_file(ec))
      paths.push_back(entry.path());
  }
  struct Command {
    CommandFile command;
    std::string label, text;
  };
  std::vector<Command> commands;
  for (const auto& path : paths) {
    const std::string label = path.lexically_relative(top).generic_string();
    if (!inside(top, path)) continue;
    auto text = read_small_file(path, label);
    if (!text) {
      add_warning(state, label, text.error().message);
      continue;
    }
    const std::string cmd = invoked_command(*text);
    const captures::text::TextOrigin origin{source, label};
    if (cmd == "roce counters") {
      auto result = captures::text::parse_sysinfo_roce_counters(*text, origin);
      if (!result) {
        add_warning(state, label, result.error().message);
        continue;
      }
      for (const auto& w : result->warnings) add_warning(state, label, w.message);
      for (const auto& dev : result->value) merge_rdma_device(rdma_device_named(state.host, dev.name), dev);
      state.files_used.push_back(label);
      continue;
    }
    if (cmd == "mlnx_qos_handler") {
      import_sysinfo_mlnx_qos(*text, origin, state);
      continue;
    }
    std::string sos_name = cmd;
    std::replace(sos_name.begin(), sos_name.end(), ' ', '_');
    CommandFile command = classify_command_file(cmd.empty() ? path.filename().string() : sos_name);
    if (command.kind == CommandKind::unknown) {
      state.files_not_used.push_back(label + " (" + (cmd.empty() ? "unknown command" : cmd) +
                                     ": not read by roce-doctor)");
      continue;
    }
    if (!cmd.empty()) *text = keep_lines(*text, 1, line_count(*text));
    commands.push_back({std::move(command), label, std::move(*text)});
  }
  std::stable_sort(commands.begin(), commands.end(), [](const Command& a, const Command& b) {
    const int oa = apply_order(a.command.kind), ob = apply_order(b.command.kind);
    return oa != ob ? oa < ob : a.label < b.label;
  });
  for (const auto& c : commands) import_command_text(c.command, c.text, {source, c.label}, state);
}

// What of a snapshot roce-doctor does not read: the HTML pages, ecn/debug (mlx5 cc_params), err_messages.
void list_sysinfo_unread(const fs::path& top, ImportState& state) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(top, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file(ec) && name.ends_with(".html"))
      state.files_not_used.push_back(name + " (HTML page of the snapshot: its data is read from the text files)");
  }
  for (const auto& entry : fs::directory_iterator(top / "ecn" / "debug", ec))
    state.files_not_used.push_back("ecn/debug/" + entry.path().filename().string() +
                                   " (mlx5 debugfs cc_params: congestion-control tunables, not read)");
  if (is_dir(top / "err_messages"))
    state.files_not_used.push_back("err_messages/ (the snapshot tool's own errors, not read)");
}

void import_manifest_time(const fs::path& top, ImportState& state) {
  const fs::path manifest = top / "sos_reports" / "manifest.json";
  std::error_code ec;
  if (!fs::is_regular_file(manifest, ec) || !inside(top, manifest)) return;
  auto text = read_small_file(manifest, "sos_reports/manifest.json");
  if (!text) return add_warning(state, "sos_reports/manifest.json", text.error().message);
  auto ms = parse_sos_manifest_time(*text);
  if (!ms) return add_warning(state, "sos_reports/manifest.json", "sos_reports/manifest.json: " + ms.error().message);
  state.host.time_unix_ms = *ms;
  state.time_known = true;
  add_warning(state, "sos_reports/manifest.json",
              "sos_reports/manifest.json: start_time has no time zone (sos records the host's local time); read as UTC",
              model::Availability::present);
}

// Each cited file read once more, inside the capture, for the lines its values came from.
model::RawLines read_cited_lines(const fs::path& top, const model::Host& host, const std::string& source) {
  model::RawLines raw;
  const auto counters = cited_counters(host, source);
  for (const auto& [label, numbers] : cited_lines(host, source)) {
    const fs::path path = top / label;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec) || !inside(top, path)) continue;
    auto text = read_small_file(path, label);
    if (!text) continue;
    keep_cited_lines(raw, source, label, *text, numbers);
    if (auto names = counters.find(label); names != counters.end())
      keep_counter_lines(raw, source, label, *text, names->second);
  }
  return raw;
}

// "a; b; c".
std::string semicolon_list(const std::vector<std::string>& items) {
  std::string listed;
  for (const auto& f : items) listed += (listed.empty() ? "" : "; ") + f;
  return listed;
}

// The command outputs of the capture, read in apply_order (then by label) into the state.
void import_command_files(const fs::path& top, bool sos, const std::string& source, ImportState& state) {
  std::vector<FoundFile> files = sos ? find_sos_files(top) : std::vector<FoundFile>{};
  std::set<fs::path> folders_read;
  std::vector<std::string> refused;
  if (!sos) find_plain_files(top, top, 0, files, folders_read, refused);
  for (const auto& why : refused) add_warning(state, why.substr(0, why.find(':')), why);
  std::stable_sort(files.begin(), files.end(), [](const FoundFile& a, const FoundFile& b) {
    const int oa = apply_order(a.command.kind), ob = apply_order(b.command.kind);
    return oa != ob ? oa < ob : a.label < b.label;
  });
  for (const auto& file : files) {
    if (auto why = refused_link(top, file.path)) {
      add_warning(state, file.label, *why);
      continue;
    }
    if (!inside(top, file.path)) continue;
    auto text = read_small_file(file.path, file.label);
    if (!text) {
      add_warning(state, file.label, text.error().message);
      continue;
    }
    import_command_text(file.command, *text, {source, file.label}, state);
  }
}

// Notes on what the capture gave: the files of a sysinfo-snapshot used (it holds far more than
// roce-doctor reads), and the recognised files not used.
void note_files_read(ImportState& state, bool sysinfo) {
  if (sysinfo) {
    std::vector<std::string> used = state.files_used;
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    state.host.notes.push_back({"capture", model::Availability::present,
                                std::to_string(used.size()) + " file" + (used.size() == 1 ? "" : "s") +
                                    " of the snapshot used: " + semicolon_list(used)});
  }
  if (!state.files_not_used.empty())
    state.host.notes.push_back({"capture", model::Availability::present,
                                std::to_string(state.files_not_used.size()) + " recognised file" +
                                    (state.files_not_used.size() == 1 ? "" : "s") +
                                    " not used: " + semicolon_list(state.files_not_used)});
}

}  // namespace

Expected<Imported> import_folder(const std::string& dir) {
  if (!is_dir(dir)) return fail(dir + ": not a directory");
  std::error_code ec;
  const fs::path top = fs::canonical(capture_top(dir), ec);
  if (ec) return fail(dir + ": " + ec.message());
  const bool sos = is_dir(top / "sos_commands");
  const bool sysinfo = !sos && is_sysinfo(top);
  const std::string source = sos ? "sos" : sysinfo ? "sysinfo" : "folder";

  ImportState state;
  state.host.from = {source, dir};
  const bool sysfs_used = import_sysfs(top, state);
  relocate(state.host, top.string(), source);

  import_command_files(top, sos, source, state);
  if (sos) list_namespace_files(top, state);
  if (sysinfo) {
    import_sysinfo_commands(top, source, state);
    import_sysinfo_ecn(top, source, state);
    list_sysinfo_unread(top, state);
  }
  if (!state.time_known && sos) import_manifest_time(top, state);
  if (state.files_used.empty() && !sysfs_used) {
    std::string message = dir + ": nothing usable in this capture; looked for " + looked_for_names();
    if (!state.warnings.empty()) message += "; problems: " + state.warnings.front();
    return fail(message, "is this an sos report, a sysinfo-snapshot or a folder of command outputs?");
  }
  report_qos_disagreements(state);
  if (!state.time_known)
    add_warning(
        state, "capture",
        state.time_problem.empty() ? "the capture holds no `date` output: its time is unknown" : state.time_problem,
        model::Availability::absent);

  note_files_read(state, sysinfo);

  model::map_port_netdevs(state.host);
  mark_unread(state.host, "not in this capture", {source, ""});
  auto raw_lines = read_cited_lines(top, state.host, source);
  return Imported{std::move(state.host), std::move(state.warnings), std::move(state.files_used),
                  std::move(state.files_not_used), std::move(raw_lines)};
}

// Something the checks judge: an RDMA device, or a netdev's DCB, trust, ECN or RED state. Host
// facts (hostname, date) and what every netdev has (ethtool -S of a virtio NIC, ip link) do not make
// a capture of a RoCE host.
bool holds_roce_data(const model::Host& host) {
  if (!host.rdma_devices.empty()) return true;
  for (const auto& nd : host.netdevs) {
    bool dcb = false;
    model::for_each_field(nd.dcb, [&](const char*, const auto& field) { dcb = dcb || field.ok(); });
    const bool red = nd.qdiscs.ok() && std::any_of(nd.qdiscs->begin(), nd.qdiscs->end(),
                                                   [](const model::Qdisc& q) { return q.kind == "red"; });
    if (dcb || nd.trust.ok() || nd.ecn.ok() || red) return true;
  }
  return false;
}

}  // namespace roce::import
