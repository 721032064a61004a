// A snapshot block's tables as per-port storm counters.
#include "incident/snapshot_counters.hpp"

#include <map>

#include "switch/cumulus_counters.hpp"
#include "switch/prompt_name.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "util/text.hpp"

namespace roce::incident {
namespace {

void add(std::optional<std::uint64_t>& into, const std::optional<std::uint64_t>& v) {
  if (v) into = into.value_or(0) + *v;
}

void set(std::optional<std::uint64_t>& into, const std::optional<std::uint64_t>& v) {
  if (v) into = v;
}

// The command of a line: after a pasted prompt, or the line itself when it is an NVUE command
// ("nv show ...", "+ nv show ..." as `set -x` writes it); "" for any other line.
std::string command_of(std::string_view line) {
  line = util::trim(line);
  if (switches::is_prompt_line(line)) return switches::command_in_prompt(line);
  if (line.starts_with("+ ")) line = util::trim(line.substr(2));
  return line.starts_with("nv show ") ? std::string(line) : std::string();
}

// One NVUE output of the block: the port its command names ("" for none) and its lines.
struct NvOutput {
  std::string port;
  std::size_t first = 0;  // block line (1-based) after the command line; 0: no command before it
  std::string_view text;
  bool tables = false;  // it holds a table switch/cumulus_counters.hpp reads
};

std::vector<NvOutput> nv_outputs(std::string_view block) {
  std::vector<NvOutput> out{{"", 0, block.substr(0, 0), false}};
  std::size_t pos = 0, line_no = 0;
  while (pos < block.size()) {
    const std::size_t eol = block.find('\n', pos);
    const std::size_t end = eol == std::string_view::npos ? block.size() : eol;
    const std::string_view line = block.substr(pos, end - pos);
    ++line_no;
    const std::size_t next = eol == std::string_view::npos ? block.size() : eol + 1;
    if (const std::string command = command_of(line); !command.empty()) {
      const bool counters = command.starts_with("nv show interface ") && command.find(" counters") != std::string::npos;
      out.push_back({counters ? switches::interface_in_nv_command(command) : "", line_no + 1, block.substr(next, 0)});
    } else {
      NvOutput& o = out.back();
      o.text = std::string_view(o.text.data(), static_cast<std::size_t>(block.data() + end - o.text.data()));
      if (switches::is_nv_counters_header(line) && !o.tables) {
        o.tables = true;
        if (o.first == 0) o.first = line_no;
      }
    }
    pos = next;
  }
  return out;
}

}  // namespace

bool is_nv_command_line(std::string_view line) { return !command_of(line).empty(); }

BlockCounters block_counters(std::string_view block, const std::string& file, std::size_t date_line) {
  const std::string where = date_line == 0 ? file : file + ":" + std::to_string(date_line);
  BlockCounters out;
  std::map<std::string, std::size_t> index;
  const auto port = [&](const std::string& name) -> storm::Counters& {
    const auto [it, added] = index.try_emplace(name, out.ports.size());
    if (added) out.ports.push_back({name, {}});
    return out.ports[it->second].counters;
  };
  if (auto pfc = switches::parse_show_pfc_counters(block, where)) {
    out.pfc = true;
    for (const auto& row : *pfc) {
      storm::Counters& c = port(row.port);
      for (int p = 0; p < storm::kPriorities; ++p) (row.tx ? c.tx_pause : c.rx_pause)[p] = row.frames[p];
      if (!row.since.empty()) out.pfc_since = row.since;
    }
  }
  // Queue drops stand in for TX_DRP only where the port counters do not give it.
  std::map<std::string, std::optional<std::uint64_t>> queue_drops;
  if (auto queues = switches::parse_show_queue_counters(block, where))
    for (const auto& row : *queues) {
      storm::Counters& c = port(row.port);
      add(c.tx_bytes, row.tx_bytes);
      add(c.ecn_marked, row.ecn_marked_packets);
      add(queue_drops[row.port], row.drop_packets);
    }
  if (auto interfaces = switches::parse_show_interfaces_counters(block, where))
    for (const auto& row : *interfaces) {
      storm::Counters& c = port(row.port);
      c.rx_discards_port = row.counters.rx_drop;
      c.tx_discards = row.counters.tx_drop;
    }
  // The PFC watchdog's storms per queue; a queue is taken as its priority (SONiC's default TC map).
  if (auto stats = switches::parse_show_pfcwd_stats(block, where))
    for (const auto& row : *stats)
      if (row.queue.queue >= 0 && row.queue.queue < storm::kPriorities)
        port(row.port).pfcwd_storms[row.queue.queue] = row.queue.storms_detected;
  for (auto& [name, drops] : queue_drops) {
    storm::Counters& c = port(name);
    if (!c.tx_discards) c.tx_discards = drops;
  }
  for (const auto& o : nv_outputs(block)) {
    if (!o.tables) continue;
    const std::size_t first_line = date_line + o.first;
    if (o.port.empty()) {
      out.problems.push_back(file + ":" + std::to_string(first_line) +
                             ": an NVUE counters table with no `nv show interface IF counters ...` line before it to "
                             "name its port: not read (print each command before its output, or paste the prompt)");
      continue;
    }
    auto nv = switches::parse_nv_show_counters(o.text, file, first_line);
    if (!nv) {
      out.problems.push_back(nv.error().message + ": the output of " + o.port + " is not read");
      continue;
    }
    storm::Counters& c = port(o.port);
    for (int p = 0; p < storm::kPriorities; ++p) {
      set(c.rx_pause[p], nv->rx_pause_frames[p]);
      set(c.rx_pause_us[p], nv->rx_pause_us[p]);
      set(c.tx_pause[p], nv->tx_pause_frames[p]);
      set(c.tx_pause_us[p], nv->tx_pause_us[p]);
    }
    set(c.rx_bytes, nv->rx_octets);
    set(c.tx_bytes, nv->tx_octets);
    set(c.rx_discards_port, nv->rx_buffer_drops);
    set(c.tx_discards, nv->tx_drops);
    set(c.ecn_marked, nv->ecn_marked);
    out.pfc = out.pfc || nv->pfc;
  }
  return out;
}

}  // namespace roce::incident
