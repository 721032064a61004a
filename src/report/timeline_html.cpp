// The HTML report: one file, inline CSS and inline SVG, no script. Each plot shares the time axis
// of the whole capture span, in UTC. Every string from the capture passes through html_escape.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/timeline_report.hpp"
#include "util/text.hpp"

namespace roce::report {

using util::html_escape;

namespace {

constexpr int kSvgWidth = 1200, kLeft = 90, kRight = 30;
constexpr int kPlotWidth = kSvgWidth - kLeft - kRight;
constexpr const char* kPrioColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                        "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};

struct Axis {
  std::int64_t t0, t1;
  double x(std::int64_t t) const {
    return kLeft + static_cast<double>(t - t0) / static_cast<double>(t1 - t0) * kPlotWidth;
  }
};

// Tick positions: the smallest round step that gives at most 8 ticks.
std::vector<std::int64_t> ticks(const Axis& a, std::int64_t& step) {
  static constexpr std::int64_t kSteps[] = {1,   2,   5,    10,   15,   30,    60,    120,   300,
                                            600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400};
  const std::int64_t span = a.t1 - a.t0;
  step = kSteps[std::size(kSteps) - 1] * 1000;
  for (auto s : kSteps)
    if (span / (s * 1000) <= 8) {
      step = s * 1000;
      break;
    }
  // Longer spans (or a clock that was unset at boot: 1970 next to today): whole days, still <= 8 ticks.
  constexpr std::int64_t kDay = 86'400'000;
  if (span / step > 8) step = (span / 8 / kDay + 1) * kDay;
  std::vector<std::int64_t> out;
  for (std::int64_t t = (a.t0 + step - 1) / step * step; t <= a.t1; t += step) {
    out.push_back(t);
    if (t > a.t1 - step) break;  // the next step would pass t1 (and could overflow)
  }
  return out;
}

std::string tick_label(std::int64_t t, std::int64_t step) {
  const std::string hms = timeline_time(t, true);
  return step >= 60'000 ? hms.substr(0, 5) : hms;
}

// Vertical grid lines and, when `labels`, the UTC times under the plot at y = bottom.
std::string time_grid(const Axis& a, int top, int bottom, bool labels) {
  std::string out;
  std::int64_t step = 0;
  for (auto t : ticks(a, step)) {
    out += fmt::format(R"(<line class="grid" x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}"/>)", a.x(t), top, bottom);
    if (labels)
      out += fmt::format(R"(<text class="tick" x="{:.1f}" y="{}" text-anchor="middle">{}</text>)", a.x(t), bottom + 14,
                         tick_label(t, step));
  }
  return out;
}

double nice_ceiling(double v) {
  if (v <= 0) return 1;
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (v <= m * p) return m * p;
  return 10 * p;
}

std::string number_text(double v) {
  if (v >= 1e9) return fmt::format("{:g}G", v / 1e9);
  if (v >= 1e6) return fmt::format("{:g}M", v / 1e6);
  if (v >= 1e3) return fmt::format("{:g}k", v / 1e3);
  return fmt::format("{:g}", v);
}

struct Line {
  std::string label;
  std::string colour;
  bool dashed = false;
  const timeline::Series* series = nullptr;
};

// One plot: lines over the time axis, y from 0 to y_max (percent when `percent`), a legend.
std::string chart(const Axis& a, const std::string& title, const std::vector<Line>& lines, bool percent) {
  constexpr int kTop = 28, kHeight = 130;
  const int bottom = kTop + kHeight;
  double y_max = 0;
  for (const auto& l : lines) y_max = std::max(y_max, l.series->max());
  y_max = percent ? 1.0 : nice_ceiling(y_max);
  std::string svg = fmt::format(R"(<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" )"
                                R"(viewBox="0 0 {} {}" role="img"><title>{}</title>)",
                                kSvgWidth, bottom + 22, kSvgWidth, bottom + 22, html_escape(title));
  svg += fmt::format(R"(<text class="ctitle" x="{}" y="16">{}</text>)", kLeft, html_escape(title));
  svg += fmt::format(R"(<rect class="plot" x="{}" y="{}" width="{}" height="{}"/>)", kLeft, kTop, kPlotWidth, kHeight);
  svg += time_grid(a, kTop, bottom, true);
  for (int i = 0; i <= 2; ++i) {
    const double v = y_max * i / 2;
    const double y = bottom - kHeight * i / 2.0;
    svg += fmt::format(R"(<text class="tick" x="{}" y="{:.1f}" text-anchor="end">{}</text>)", kLeft - 6, y + 4,
                       percent ? fmt::format("{:.0f}%", v * 100) : number_text(v));
    if (i)
      svg += fmt::format(R"(<line class="grid" x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}"/>)", kLeft, y,
                         kLeft + kPlotWidth, y);
  }
  int legend_x = kSvgWidth - kRight;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const std::string label = html_escape(it->label);
    legend_x -= 14 + 7 * static_cast<int>(it->label.size()) + 24;
    svg += fmt::format(R"(<line x1="{}" y1="12" x2="{}" y2="12" stroke="{}" stroke-width="2"{}/>)", legend_x,
                       legend_x + 18, it->colour, it->dashed ? R"( stroke-dasharray="4 3")" : "");
    svg += fmt::format(R"(<text class="legend" x="{}" y="16">{}</text>)", legend_x + 22, label);
  }
  for (const auto& l : lines) {
    std::string pts;
    for (const auto& p : l.series->points()) {
      const double y = bottom - std::min(p.value / y_max, 1.0) * kHeight;
      pts += fmt::format("{:.1f},{:.1f} ", a.x(p.t_ms), y);
    }
    if (pts.empty()) continue;
    svg += fmt::format(R"(<polyline class="series" fill="none" stroke="{}" stroke-width="1.5"{} points="{}"/>)",
                       l.colour, l.dashed ? R"( stroke-dasharray="4 3")" : "", pts);
  }
  return svg + "</svg>\n";
}

const char* severity_colour(engine::Severity s) {
  switch (s) {
    case engine::Severity::critical: return "#c0392b";
    case engine::Severity::warning: return "#e69b00";
    case engine::Severity::info: return "#3b7dd8";
  }
  return "#3b7dd8";
}

std::string end_text(const timeline::Interval& in, bool one_day) {
  return in.ongoing ? "ongoing" : timeline_time(in.end_ms, one_day);
}

// The findings as bars on the shared time axis, one lane each.
std::string findings_chart(const Axis& a, const timeline::Result& r, bool one_day) {
  constexpr int kLane = 22, kTop = 8;
  const int lanes = static_cast<int>(r.intervals.size());
  const int bottom = kTop + std::max(lanes, 1) * kLane;
  std::string svg =
      fmt::format(R"(<svg class="chart findings" xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" )"
                  R"(viewBox="0 0 {} {}" role="img"><title>Findings</title>)",
                  kSvgWidth, bottom + 22, kSvgWidth, bottom + 22);
  svg += fmt::format(R"(<rect class="plot" x="{}" y="{}" width="{}" height="{}"/>)", kLeft, kTop, kPlotWidth,
                     bottom - kTop);
  svg += time_grid(a, kTop, bottom, true);
  if (lanes == 0) svg += fmt::format(R"(<text class="legend" x="{}" y="{}">no findings</text>)", kLeft + 8, kTop + 15);
  for (int i = 0; i < lanes; ++i) {
    const auto& in = r.intervals[static_cast<std::size_t>(i)];
    const double x0 = a.x(in.start_ms);
    const double x1 = std::max(a.x(in.end_ms), x0 + 3);
    const int y = kTop + i * kLane + 3;
    const std::string label = in.id + " " + in.subject.to_string();
    svg += fmt::format(
        R"(<rect class="bar" x="{:.1f}" y="{}" width="{:.1f}" height="{}" fill="{}"><title>{}</title></rect>)", x0, y,
        x1 - x0, kLane - 6, severity_colour(in.worst),
        html_escape(fmt::format("{} {}–{} {}: {}", in.id, timeline_time(in.start_ms, one_day), end_text(in, one_day),
                                in.subject.to_string(), in.title)));
    // The label sits inside the bar when it fits, else after it (or before it near the right edge).
    const bool inside = x1 - x0 > 7.0 * static_cast<double>(label.size()) + 10;
    const bool right_room = x1 + 7.0 * static_cast<double>(label.size()) + 10 < kLeft + kPlotWidth;
    svg += fmt::format(R"(<text class="{}" x="{:.1f}" y="{}"{}>{}</text>)", inside ? "barlabel" : "legend",
                       inside       ? x0 + 5
                       : right_room ? x1 + 5
                                    : x0 - 5,
                       y + 12, inside || right_room ? "" : R"( text-anchor="end")", html_escape(label));
  }
  return svg + "</svg>\n";
}

// Link events as marks on the time axis, one lane per netdev.
std::string link_chart(const Axis& a, const timeline::Result& r, bool one_day) {
  std::vector<std::string> netdevs;
  for (const auto& [name, s] : r.series.ports) netdevs.push_back(name);
  for (const auto& e : r.series.link_events)
    if (std::find(netdevs.begin(), netdevs.end(), e.netdev) == netdevs.end()) netdevs.push_back(e.netdev);
  constexpr int kLane = 20, kTop = 8;
  const int bottom = kTop + std::max<int>(static_cast<int>(netdevs.size()), 1) * kLane;
  std::string svg = fmt::format(R"(<svg class="chart links" xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" )"
                                R"(viewBox="0 0 {} {}" role="img"><title>Link events</title>)",
                                kSvgWidth, bottom + 22, kSvgWidth, bottom + 22);
  svg += fmt::format(R"(<rect class="plot" x="{}" y="{}" width="{}" height="{}"/>)", kLeft, kTop, kPlotWidth,
                     bottom - kTop);
  svg += time_grid(a, kTop, bottom, true);
  for (std::size_t i = 0; i < netdevs.size(); ++i)
    svg += fmt::format(R"(<text class="tick" x="{}" y="{}" text-anchor="end">{}</text>)", kLeft - 6,
                       kTop + static_cast<int>(i) * kLane + 14, html_escape(netdevs[i]));
  for (const auto& e : r.series.link_events) {
    const auto lane = std::find(netdevs.begin(), netdevs.end(), e.netdev) - netdevs.begin();
    const int y = kTop + static_cast<int>(lane) * kLane + 3;
    svg += fmt::format(R"(<rect class="event" x="{:.1f}" y="{}" width="3" height="{}"><title>{}</title></rect>)",
                       a.x(e.t_ms) - 1.5, y, kLane - 6,
                       html_escape(timeline_time(e.t_ms, one_day) + " " + e.netdev + ": " + e.what));
  }
  if (r.series.link_events.empty())
    svg += fmt::format(R"(<text class="legend" x="{}" y="{}">no link events</text>)", kLeft + 8, kTop + 14);
  return svg + "</svg>\n";
}

std::string port_charts(const Axis& a, const std::string& name, const timeline::PortSeries& p) {
  std::string out = "<h3>" + html_escape(name) + "</h3>\n";
  std::vector<Line> pause;
  for (const auto& [prio, s] : p.tx_pause_fraction)
    pause.push_back({fmt::format("prio {} tx", prio), kPrioColours[prio & 7], false, &s});
  for (const auto& [prio, s] : p.rx_pause_fraction)
    pause.push_back({fmt::format("prio {} rx", prio), kPrioColours[prio & 7], true, &s});
  if (!pause.empty())
    out += chart(a, "Share of time in PFC pause (tx: we pause the peer; rx: we are paused)", pause, true);
  else
    out +=
        "<p class=\"note\">No per-priority pause-duration counters (PFC off, or the driver does not count them).</p>\n";
  if (p.has_drops)
    out += chart(a, "Drops on lossless priorities per second",
                 {{"rx_discards", "#c0392b", false, &p.lossless_drops_per_s}}, false);
  std::vector<Line> ecn;
  if (p.has_ecn) ecn.push_back({"ECN-marked packets/s", "#2ca02c", false, &p.ecn_marked_per_s});
  if (p.has_cnp_sent) ecn.push_back({"CNPs sent/s", "#1f77b4", false, &p.cnp_sent_per_s});
  if (p.has_cnp_handled) ecn.push_back({"CNPs handled/s", "#9467bd", true, &p.cnp_handled_per_s});
  if (!ecn.empty()) out += chart(a, "ECN marks vs congestion notifications (DCQCN) per second", ecn, false);
  return out;
}

std::string evidence_text(const engine::Evidence& e) {
  std::string s = e.name + " = " + e.value;
  if (e.delta) s += fmt::format(", +{}", *e.delta);
  if (e.per_second) s += fmt::format(" ({}/s)", number_text(std::round(*e.per_second * 100) / 100));
  if (e.reset) s += ", counter reset";
  return s;
}

std::string interval_table(const timeline::Result& r, bool one_day) {
  if (r.intervals.empty()) return "<p>No check found anything in any window.</p>\n";
  std::string out =
      "<table><thead><tr><th>start</th><th>end</th><th>severity</th><th>check</th><th>subject</th>"
      "<th>finding</th><th>peaks</th><th>evidence (worst window)</th></tr></thead><tbody>\n";
  for (const auto& in : r.intervals) {
    std::string peaks, evidence;
    for (const auto& p : in.peaks) peaks += html_escape(peak_text(p)) + "<br>";
    for (const auto& e : in.evidence) evidence += html_escape(evidence_text(e)) + "<br>";
    out += fmt::format(
        "<tr class=\"{}\"><td>{}</td><td>{}</td><td class=\"sev\">{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td><td>{}</td></tr>\n",
        engine::to_string(in.worst), timeline_time(in.start_ms, one_day), end_text(in, one_day),
        engine::to_string(in.worst), html_escape(in.id), html_escape(in.subject.to_string()), html_escape(in.title),
        peaks, evidence);
  }
  return out + "</tbody></table>\n";
}

constexpr const char* kStyle = R"(body{font-family:system-ui,sans-serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:24px 0 6px}h3{font-size:15px;margin:16px 0 4px}
dl.head{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:0}dl.head dt{color:#666}dl.head dd{margin:0}
svg.chart{display:block;margin:4px 0;font-size:12px}rect.plot{fill:#fafafa;stroke:#bbb}line.grid{stroke:#e2e2e2}
text.tick{fill:#555;font-size:11px}text.ctitle{font-weight:600;font-size:13px}text.legend{fill:#333;font-size:12px}
text.barlabel{fill:#fff;font-size:12px}rect.event{fill:#8e44ad}
table{border-collapse:collapse;font-size:13px;margin-top:8px}th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
th{background:#f0f0f0}tr.critical td.sev{color:#c0392b;font-weight:600}tr.warning td.sev{color:#b37400;font-weight:600}
p.note,p.warn{color:#666}
)";

}  // namespace

std::string render_timeline_html(const TimelineReport& report) {
  const auto& r = report.result;
  const bool one_day = r.first_ms / 86'400'000 == r.last_ms / 86'400'000;
  const Axis axis{r.first_ms, r.last_ms > r.first_ms ? r.last_ms : r.first_ms + 1000};
  const std::string host = r.hostname.empty() ? "(unnamed host)" : r.hostname;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
  out += "<title>roce-doctor report: " + html_escape(host) + "</title>\n<style>" + kStyle + "</style></head><body>\n";
  out += "<h1>roce-doctor report: " + html_escape(host) + "</h1>\n<dl class=\"head\">";
  out +=
      "<dt>span</dt><dd>" + timeline_time(r.first_ms, false) + " – " + timeline_time(r.last_ms, one_day) + " UTC</dd>";
  out += fmt::format("<dt>samples</dt><dd>{} from {}</dd>", r.samples, html_escape(report.origin));
  out += fmt::format("<dt>window</dt><dd>{} s, {} evaluated</dd>", static_cast<double>(r.window_ms) / 1000, r.windows);
  out += "<dt>profile</dt><dd>" + html_escape(report.profile) + "</dd></dl>\n";
  for (const auto& w : r.warnings) out += "<p class=\"warn\">warning: " + html_escape(w) + "</p>\n";
  out += "<h2>Findings over time</h2>\n" + findings_chart(axis, r, one_day);
  out += "<h2>Link events</h2>\n" + link_chart(axis, r, one_day);
  if (r.series.link_events_dropped)
    out += fmt::format("<p class=\"note\">{} more link events not drawn.</p>\n", r.series.link_events_dropped);
  out += "<h2>Ports</h2>\n";
  for (const auto& [name, p] : r.series.ports) out += port_charts(axis, name, p);
  out += "<h2>Intervals</h2>\n" + interval_table(r, one_day);
  out +=
      "<p class=\"note\">Times are UTC. Each check runs once per window; an interval spans the windows in which its "
      "finding was present.</p>\n</body></html>\n";
  return out;
}

}  // namespace roce::report
