// The fleet report as text.
#include <fmt/format.h>

#include "fleet/render.hpp"

namespace roce::fleet {
namespace {

std::string host_list(const std::vector<std::string>& hosts) {
  std::string out;
  for (std::size_t i = 0; i < hosts.size() && i < kTextHostsShown; ++i) out += (i ? ", " : "") + hosts[i];
  if (hosts.size() > kTextHostsShown) out += fmt::format(", ... and {} more", hosts.size() - kTextHostsShown);
  return out;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

std::string render_text(const FleetReport& r) {
  std::string out = fmt::format("fleet: {} read ({} healthy, {} warning, {} critical",
                                plural(r.hosts_read, "host", "hosts"), r.healthy, r.warning, r.critical);
  if (r.nothing_judged) out += fmt::format(", {} nothing judged", r.nothing_judged);
  out += ")";
  if (!r.errors.empty()) out += fmt::format(", {} unreadable", r.errors.size());
  out += "\n";
  if (!r.nics.empty()) {
    out += "NIC models:";
    for (const auto& [nic, n] : r.nics) out += fmt::format(" {} ({})", nic, plural(n, "host", "hosts"));
    out += "\n";
  }

  out += "\nFindings\n";
  if (r.findings.empty()) out += "  none\n";
  for (const auto& f : r.findings)
    out += fmt::format("  {:<8} {:<16} {}: {}\n           {}\n", engine::to_string(f.severity), f.id,
                       plural(f.hosts.size(), "host", "hosts"), host_list(f.hosts), f.title);

  out += "\nDrift from the majority of hosts with the same NIC model\n";
  if (r.drift.empty()) out += "  none\n";
  for (const auto& d : r.drift) {
    out += fmt::format("  {} {} {}: majority {} ({} of {} hosts{})\n", d.nic, d.port, d.field, d.majority,
                       d.majority_hosts, d.compared, d.split ? ", no value has more than half" : "");
    std::size_t shown = 0;
    for (const auto& h : d.hosts) {
      if (shown++ == kTextHostsShown) {
        out += fmt::format("      ... and {} more\n", d.hosts.size() - kTextHostsShown);
        break;
      }
      out += fmt::format("      {}: {}\n", h.host, h.value);
    }
  }

  out += "\nPause outliers (pause frames/s sent and received, against the ports of the same NIC model)\n";
  if (r.outliers.empty()) out += "  none\n";
  for (const auto& o : r.outliers)
    out += fmt::format("  {} {} ({}): {:.0f}/s, median of {} ports {:.1f}/s\n", o.host, o.port, o.nic, o.frames_per_s,
                       o.peers, o.peer_median);

  if (!r.cables.empty()) out += "\nCables (host port <-> switch port, the cross checks XSW-* of each)\n";
  for (const auto& c : r.cables) {
    const auto worst = c.worst();
    out += fmt::format("  {} {} <-> {} {} ({}): {}\n", c.host, c.cable.netdev, c.cable.switch_name, c.cable.port,
                       c.cable.join, worst ? engine::to_string(*worst) : "ok");
    for (const auto& f : c.cable.findings)
      out += fmt::format("      {:<8} {:<16} {}\n", engine::to_string(f.severity), f.id, f.title);
  }

  if (!r.errors.empty()) {
    out += "\nNot read\n";
    for (const auto& e : r.errors)
      out += fmt::format("  {}: {}{}\n", e.host, e.message, e.hint.empty() ? "" : " (hint: " + e.hint + ")");
  }
  return out;
}

}  // namespace roce::fleet
