// The fleet report as one self-contained HTML file: inline CSS, no script, every string escaped.
#include <fmt/format.h>

#include "fleet/render.hpp"
#include "util/text.hpp"

namespace roce::fleet {
namespace {

using util::html_escape;

constexpr const char* kFleetStyle = R"(body{font-family:system-ui,sans-serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:24px 0 6px}
dl.head{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:0}dl.head dt{color:#666}dl.head dd{margin:0}
table{border-collapse:collapse;font-size:13px;margin-top:8px}th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
th{background:#f0f0f0}tr.critical td.sev{color:#c0392b;font-weight:600}tr.warning td.sev{color:#b37400;font-weight:600}
td.num{text-align:right}p.note{color:#666}
)";

std::string joined(const std::vector<std::string>& hosts) {
  std::string out;
  for (const auto& h : hosts) out += (out.empty() ? "" : ", ") + html_escape(h);
  return out;
}

}  // namespace

std::string render_html(const FleetReport& r) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
  out += std::string("<title>roce-doctor fleet</title>\n<style>") + kFleetStyle + "</style></head><body>\n";
  out += "<h1>roce-doctor fleet</h1>\n<dl class=\"head\">";
  out += fmt::format(
      "<dt>hosts read</dt><dd>{}</dd><dt>healthy</dt><dd>{}</dd><dt>warning</dt><dd>{}</dd>"
      "<dt>critical</dt><dd>{}</dd><dt>nothing judged</dt><dd>{}</dd><dt>not read</dt><dd>{}</dd>",
      r.hosts_read, r.healthy, r.warning, r.critical, r.nothing_judged, r.errors.size());
  std::string nics;
  for (const auto& [nic, n] : r.nics) nics += (nics.empty() ? "" : ", ") + fmt::format("{} ({})", html_escape(nic), n);
  out += "<dt>NIC models</dt><dd>" + nics + "</dd></dl>\n";

  out +=
      "<h2>Findings</h2>\n<table><thead><tr><th>severity</th><th>check</th><th>hosts</th><th>title</th>"
      "<th>which</th></tr></thead><tbody>\n";
  for (const auto& f : r.findings)
    out += fmt::format(
        "<tr class=\"{0}\"><td class=\"sev\">{0}</td><td>{1}</td><td class=\"num\">{2}</td><td>{3}</td>"
        "<td>{4}</td></tr>\n",
        engine::to_string(f.severity), html_escape(f.id), f.hosts.size(), html_escape(f.title), joined(f.hosts));
  out += "</tbody></table>\n";

  out +=
      "<h2>Drift from the majority of hosts with the same NIC model</h2>\n<table><thead><tr><th>NIC</th>"
      "<th>port</th><th>field</th><th>majority</th><th>of</th><th>host</th><th>value</th></tr></thead><tbody>\n";
  for (const auto& d : r.drift)
    for (const auto& h : d.hosts)
      out += fmt::format(
          "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}/{}</td><td>{}</td>"
          "<td>{}</td></tr>\n",
          html_escape(d.nic), html_escape(d.port), html_escape(d.field), html_escape(d.majority), d.majority_hosts,
          d.compared, html_escape(h.host), html_escape(h.value));
  out += "</tbody></table>\n";

  out +=
      "<h2>Pause outliers</h2>\n<table><thead><tr><th>host</th><th>port</th><th>NIC</th><th>pause frames/s</th>"
      "<th>median of peers</th><th>ports</th></tr></thead><tbody>\n";
  for (const auto& o : r.outliers)
    out += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{:.0f}</td><td class=\"num\">{:.1f}</td>"
        "<td class=\"num\">{}</td></tr>\n",
        html_escape(o.host), html_escape(o.port), html_escape(o.nic), o.frames_per_s, o.peer_median, o.peers);
  out += "</tbody></table>\n";

  if (!r.errors.empty()) {
    out += "<h2>Not read</h2>\n<table><thead><tr><th>path</th><th>error</th></tr></thead><tbody>\n";
    for (const auto& e : r.errors)
      out += "<tr><td>" + html_escape(e.host) + "</td><td>" + html_escape(e.message) +
             (e.hint.empty() ? "" : " (hint: " + html_escape(e.hint) + ")") + "</td></tr>\n";
    out += "</tbody></table>\n";
  }
  out +=
      "<p class=\"note\">Hosts are compared within one NIC model; a pause outlier exceeds both ten times the median of "
      "its NIC model's ports and 100 frames/s.</p>\n</body></html>\n";
  return out;
}

}  // namespace roce::fleet
