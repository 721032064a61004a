// Reading `nv show interface IF qos roce counters` onto a Cumulus switch port.
#include "switch/cumulus_roce_counters.hpp"

#include <algorithm>

#include "switch/simple_table.hpp"
#include "switch/text_values.hpp"

namespace roce::switches {

std::string CumulusRoceCounters::where(const std::string& key) const {
  auto it = lines.find(key);
  return it == lines.end() ? file : file + ":" + std::to_string(it->second);
}

Expected<CumulusRoceCounters> parse_nv_show_roce_counters(std::string_view text, const std::string& file) {
  std::vector<std::string_view> raw;
  for (std::string_view rest = text; !rest.empty();) {
    const auto nl = rest.find('\n');
    raw.push_back(rest.substr(0, nl));
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
  }
  CumulusRoceCounters out;
  out.file = file;
  bool tree = false;
  for (const auto& t : read_simple_tables(text)) {
    const int op = t.column("operational");
    if (op < 0) continue;
    std::vector<std::pair<std::size_t, std::string>> path;  // indentation, key
    for (const auto& row : t.rows) {
      const std::string_view line = row.line - 1 < raw.size() ? raw[row.line - 1] : std::string_view();
      const std::size_t indent = line.find_first_not_of(' ');
      const std::string& key = row.cells[0];
      if (key.empty() || indent == std::string_view::npos) continue;
      while (!path.empty() && path.back().first >= indent) path.pop_back();
      path.emplace_back(indent, key);
      std::string full;
      for (const auto& [i, k] : path) full += (full.empty() ? "" : ".") + k;
      if (full == "rx-stats" || full == "tx-stats") tree = true;
      out.lines[full] = row.line;
      auto value = parse_unsigned(row.cells[op]);
      if (full == "rx-stats.rx-pfc-stats.pause-packets") out.rx_pause_packets = value;
      if (full == "tx-stats.tx-pfc-stats.pause-packets") out.tx_pause_packets = value;
      if (full == "rx-stats.rx-roce-stats.no-buffer-discard") out.rx_roce_discards = value;
      if (full == "tx-stats.tx-roce-stats.unicast-no-buffer-discard") out.tx_roce_discards = value;
      if (full == "tx-stats.tx-roce-stats.roce-packets") out.tx_roce_packets = value;
      if (full == "tx-stats.tx-ecn-stats.ecn-marked-packets") out.ecn_marked_packets = value;
    }
  }
  if (!tree)
    return fail(file + ": not `nv show interface IF qos roce counters` output (no rx-stats/tx-stats key tree)",
                "give the output of `nv show interface IF qos roce counters` on the switch");
  return out;
}

void add_cumulus_roce_counters(model::Switch& sw, const std::string& port, const CumulusRoceCounters& c, int roce_tc,
                               bool tc_assumed) {
  using model::Field;
  auto it = std::find_if(sw.ports.begin(), sw.ports.end(), [&](auto& p) { return p.name == port; });
  if (it == sw.ports.end()) return;
  auto q = std::find_if(it->queues.begin(), it->queues.end(), [&](auto& x) { return x.index == roce_tc; });
  if (q == it->queues.end()) {
    model::SwitchQueue fresh;
    fresh.index = roce_tc;
    fresh.wred_profile = fresh.scheduler =
        Field<std::string>::missing(model::Availability::absent, "not in the RoCE counters", {"nvue", c.file});
    it->queues.push_back(fresh);
    q = it->queues.end() - 1;
  }
  const std::string tc_note = tc_assumed ? " (RoCE traffic: TC " + std::to_string(roce_tc) +
                                               ", Cumulus's default RoCE class, as no `nv show qos roce` says)"
                                         : " (RoCE traffic: TC " + std::to_string(roce_tc) + ")";
  auto set = [&](Field<std::uint64_t>& f, const std::optional<std::uint64_t>& v, const std::string& key,
                 const std::string& note) {
    if (v) f = Field<std::uint64_t>::of(*v, {"nvue", c.where(key) + " " + key + note});
  };
  set(q->tx_packets, c.tx_roce_packets, "tx-stats.tx-roce-stats.roce-packets", tc_note);
  set(q->drop_packets, c.tx_roce_discards, "tx-stats.tx-roce-stats.unicast-no-buffer-discard", tc_note);
  set(q->ecn_marked_packets, c.ecn_marked_packets, "tx-stats.tx-ecn-stats.ecn-marked-packets",
      " (the port's marks, every class)");
  std::sort(it->queues.begin(), it->queues.end(), [](auto& a, auto& b) { return a.index < b.index; });
}

}  // namespace roce::switches
