#include "report/show_text.hpp"

#include "report/show_parts.hpp"

#include <fmt/format.h>

#include "util/time_text.hpp"

namespace roce::report {
namespace {

std::string utc_time(std::int64_t unix_ms) { return util::utc_text(unix_ms, util::UtcForm::date_time) + " UTC"; }

}  // namespace

std::string render_show_text(const model::Host& host, const Style& style) {
  std::string out =
      fmt::format("{} {} kernel {}{} ({}{})\n", style.bold("host"), host.hostname.empty() ? "unknown" : host.hostname,
                  host.kernel_release.empty() ? "unknown" : host.kernel_release,
                  host.time_unix_ms > 0 ? " at " + utc_time(host.time_unix_ms) : ", time unknown", host.from.source,
                  host.from.locator.empty() ? "" : " " + host.from.locator);
  if (host.lldp_agents.ok()) {
    std::string agents;
    for (const auto& a : *host.lldp_agents) agents += (agents.empty() ? "" : ", ") + a;
    out += fmt::format("lldp-agents {}\n", agents.empty() ? "none" : agents);
  }
  for (const auto& note : host.notes)
    out += fmt::format("note {}: {} ({})\n", note.subject, note.message, model::to_string(note.availability));
  out += "\n";
  if (host.rdma_devices.empty()) out += "rdma: no RDMA devices on this host\n\n";
  for (const auto& dev : host.rdma_devices) out += render_rdma_device(dev, host, style) + "\n";
  for (const auto& nd : host.netdevs) out += render_netdev(nd, style) + "\n";
  if (host.netdevs.empty()) out += "netdev: none\n";
  if (const auto sb = detail::shared_buffer_lines(host, style); !sb.empty()) {
    if (host.netdevs.empty()) out += "\n";
    for (const auto& line : sb) out += line + "\n";
  }
  return detail::wrap_text(out, style.width);
}

}  // namespace roce::report
