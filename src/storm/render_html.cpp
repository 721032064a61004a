// The storms as HTML: the fabric with the roles marked, the per-port timelines, evidence and fixes.
#include "storm/render_html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "util/text.hpp"
#include "util/time_text.hpp"

namespace roce::storm {
namespace {

using util::html_escape;

constexpr const char* kStyle = R"(body{font-family:system-ui,sans-serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:24px 0 6px}h3{font-size:15px;margin:16px 0 4px}
dl.head{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:0}dl.head dt{color:#666}dl.head dd{margin:0}
svg{display:block;margin:8px 0;font-size:11px}rect.node{fill:#f4f4f8;stroke:#99a}line.cable{stroke:#ccd}
rect.origin,line.origin{fill:#e74c3c;stroke:#a93226}rect.spread,line.spread{fill:#f5b041;stroke:#b9770e}
rect.victim{fill:#5dade2;stroke:#2e86c1}line.spread,line.origin{stroke-width:2.5}text.name{fill:#222}
rect.bar.origin{fill:#e74c3c}rect.bar.spread{fill:#f5b041}rect.bar.victim{fill:#5dade2}rect.plot{fill:#fafafa;stroke:#bbb}
table{border-collapse:collapse;font-size:13px;margin-top:8px}th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
th{background:#f0f0f0}p.note{color:#666}ul{margin:4px 0}code{font-size:12px}
)";

// The role of a port in a storm, as a CSS class: "origin", "victim", "spread", or "".
std::string role_of(const Storm& s, const PortId& p) {
  if (std::find(s.origin.begin(), s.origin.end(), p) != s.origin.end()) return "origin";
  for (const auto& r : s.reached)
    if (r.port == p) return r.victim ? "victim" : "spread";
  return "";
}

// The most marked role among a node's ports: origin, then spread, then victim.
std::string node_role(const Storm& s, const std::vector<PortId>& ports) {
  std::string best;
  for (const auto& p : ports) {
    const std::string r = role_of(s, p);
    if (r == "origin") return r;
    if (r == "spread" || (r == "victim" && best.empty())) best = r;
  }
  return best;
}

std::string fabric_svg(const Incident& incident, const Storm& storm) {
  // Nodes: every host and switch the data or the cables name, with their ports.
  std::map<std::string, std::vector<PortId>> switches, hosts;
  const auto add = [&](const PortId& p) {
    auto& ports = (p.is_switch ? switches : hosts)[p.node];
    if (std::find(ports.begin(), ports.end(), p) == ports.end()) ports.push_back(p);
  };
  for (const auto& s : incident.ports) add(s.port);
  for (const auto& c : incident.cables) {
    add(c.a);
    add(c.b);
  }
  const std::size_t columns = std::max({switches.size(), hosts.size(), std::size_t{1}});
  const int box_w = columns > 64 ? 14 : columns > 16 ? 40 : 90, gap = columns > 64 ? 2 : 8;
  const int width = static_cast<int>(columns) * (box_w + gap) + 20, height = 200;
  std::map<std::string, double> x;  // node -> centre
  const auto place = [&](const std::map<std::string, std::vector<PortId>>& nodes) {
    const double step = static_cast<double>(width - 20) / static_cast<double>(std::max<std::size_t>(nodes.size(), 1));
    double at = 10 + step / 2;
    for (const auto& [name, ports] : nodes) {
      x[name] = at;
      at += step;
    }
  };
  place(switches);
  place(hosts);
  constexpr int sw_y = 20, host_y = 150, box_h = 22;
  std::string out = fmt::format(R"(<svg width="{}" height="{}" xmlns="http://www.w3.org/2000/svg">)", width, height);
  for (const auto& c : incident.cables) {
    const std::string ra = role_of(storm, c.a), rb = role_of(storm, c.b);
    const std::string cls = ra == "origin" || rb == "origin" ? "origin"
                            : (!ra.empty() && !rb.empty())   ? "spread"
                                                             : "cable";
    const int ya = c.a.is_switch ? sw_y + box_h : host_y, yb = c.b.is_switch ? sw_y + box_h : host_y;
    out += fmt::format(R"(<line class="{}" x1="{:.1f}" y1="{}" x2="{:.1f}" y2="{}"><title>{}</title></line>)", cls,
                       x[c.a.node], ya, x[c.b.node], yb, html_escape(c.a.text() + " - " + c.b.text()));
  }
  const auto boxes = [&](const std::map<std::string, std::vector<PortId>>& nodes, int y) {
    for (const auto& [name, ports] : nodes) {
      const std::string role = node_role(storm, ports);
      std::string title = name;
      for (const auto& p : ports)
        if (const std::string r = role_of(storm, p); !r.empty()) title += "\n" + p.port + ": " + r;
      out += fmt::format(R"(<rect class="node {}" x="{:.1f}" y="{}" width="{}" height="{}"><title>{}</title></rect>)",
                         role, x[name] - box_w / 2.0, y, box_w, box_h, html_escape(title));
      if (box_w >= 40)
        out += fmt::format(R"(<text class="name" x="{:.1f}" y="{}" text-anchor="middle">{}</text>)", x[name], y + 15,
                           html_escape(name.size() > 12 ? name.substr(0, 11) + "…" : name));
    }
  };
  boxes(switches, sw_y);
  boxes(hosts, host_y);
  return out + "</svg>\n";
}

std::string timeline_svg(const Storm& s, std::int64_t bin_ms) {
  constexpr int left = 260, right = 20, row = 16, plot_w = 700;
  const std::int64_t t0 = s.start_ms, t1 = std::max(s.end_ms, s.start_ms + bin_ms);
  std::int64_t lo = t0, hi = t1;
  for (const auto& r : s.reached) {
    lo = std::min(lo, r.first_ms);
    hi = std::max(hi, r.last_ms + bin_ms);
  }
  const auto x = [&](std::int64_t t) {
    return left + static_cast<double>(t - lo) / static_cast<double>(hi - lo) * plot_w;
  };
  const int height = static_cast<int>(s.reached.size()) * row + 30;
  std::string out =
      fmt::format(R"(<svg width="{}" height="{}" xmlns="http://www.w3.org/2000/svg">)", left + plot_w + right, height);
  out += fmt::format(R"(<rect class="plot" x="{}" y="0" width="{}" height="{}"/>)", left, plot_w, height - 20);
  int y = 2;
  for (const auto& r : s.reached) {
    const std::string role = r.hops == 0 ? "origin" : r.victim ? "victim" : "spread";
    out += fmt::format(R"(<text class="name" x="{}" y="{}" text-anchor="end">{} ({} hop{})</text>)", left - 6, y + 11,
                       html_escape(r.port.text()), r.hops, r.hops == 1 ? "" : "s");
    out += fmt::format(
        R"(<rect class="bar {}" x="{:.1f}" y="{}" width="{:.1f}" height="{}"><title>{}: {:.0f}% peak</title></rect>)",
        role, x(r.first_ms), y + 2, std::max(2.0, x(r.last_ms + bin_ms) - x(r.first_ms)), row - 4, html_escape(role),
        r.peak_share * 100);
    y += row;
  }
  out += fmt::format(R"(<text class="name" x="{}" y="{}">{} UTC</text>)", left, height - 6,
                     util::utc_text(lo, util::UtcForm::date_time));
  out += fmt::format(R"(<text class="name" x="{}" y="{}" text-anchor="end">{}</text>)", left + plot_w, height - 6,
                     util::utc_text(hi, util::UtcForm::time_of_day));
  return out + "</svg>\n";
}

std::string list(const std::vector<std::string>& lines, bool code = false) {
  std::string out = "<ul>";
  for (const auto& l : lines)
    out += code ? "<li><code>" + html_escape(l) + "</code></li>" : "<li>" + html_escape(l) + "</li>";
  return out + "</ul>\n";
}

}  // namespace

std::string render_html(const Incident& incident, const Analysis& a) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
  out += std::string("<title>roce-doctor storm</title>\n<style>") + kStyle + "</style></head><body>\n";
  out += "<h1>roce-doctor storm: who started it</h1>\n<dl class=\"head\">";
  if (a.grid.bins > 0)
    out += "<dt>span</dt><dd>" + util::utc_text(a.grid.start_ms, util::UtcForm::date_time) + " UTC, " +
           std::to_string(a.grid.bins) + " bins of " + util::seconds_text(a.grid.width_ms / 1000.0) + "</dd>";
  out += fmt::format("<dt>read</dt><dd>{} ports, {} cables</dd><dt>storms</dt><dd>{}</dd></dl>\n", a.ports, a.cables,
                     a.storms.size());
  if (a.storms.empty()) out += "<p>No port paused another for a share of a bin that counts as a storm.</p>\n";
  for (std::size_t i = 0; i < a.storms.size(); ++i) {
    const Storm& s = a.storms[i];
    std::string origin;
    for (const auto& p : s.origin) origin += (origin.empty() ? "" : ", ") + p.text();
    std::size_t victims = 0;
    for (const auto& r : s.reached) victims += r.victim;
    out += fmt::format("<h2>Storm {}: {} at {}</h2>\n", i + 1, to_string(s.cause), html_escape(origin));
    out += "<dl class=\"head\"><dt>when</dt><dd>" + util::utc_text(s.start_ms, util::UtcForm::date_time) + " – " +
           util::utc_text(s.end_ms, util::UtcForm::time_of_day) + " UTC</dd>";
    out += fmt::format("<dt>priority</dt><dd>{}</dd><dt>reached</dt><dd>{} ports, {} victims</dd></dl>\n",
                       s.priority < 0 ? std::string("802.3x (every priority)") : std::to_string(s.priority),
                       s.reached.size(), victims);
    out +=
        "<h3>The fabric</h3>\n<p class=\"note\">Switches above, hosts below; red: the origin, orange: the spread "
        "(ports that paused or were paused because of it), blue: victims (paused, no congestion of their own).</p>\n";
    out += fabric_svg(incident, s);
    out += "<h3>Timeline</h3>\n" + timeline_svg(s, a.grid.width_ms);
    out += "<h3>What the origin shows</h3>\n" + list(s.evidence);
    out += "<h3>The fix, for the origin</h3>\n" + list(s.fixes, true);
    if (!s.unseen.empty()) out += "<h3>Not seen</h3>\n" + list(s.unseen);
  }
  for (const auto& n : a.notes) out += "<p class=\"note\">" + html_escape(n) + "</p>\n";
  return out + "</body></html>\n";
}

}  // namespace roce::storm
