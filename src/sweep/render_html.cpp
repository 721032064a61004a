// The localization as one HTML file in the style of `report`: the fabric drawn (spines, leaves,
// every host's NICs under their leaf) with the suspects marked, then the suspects with their
// rationale, evidence and drain line, the candidates and the tests that would tell them apart.
// Inline CSS and SVG, no script; every name from the inputs passes through html_escape.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "sweep/classify.hpp"
#include "sweep/drain.hpp"
#include "sweep/render.hpp"
#include "util/text.hpp"

namespace roce::sweep {
namespace {

using util::html_escape;

constexpr const char* kStyle = R"(body{font-family:system-ui,sans-serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:24px 0 6px}
dl.head{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:0}dl.head dt{color:#666}dl.head dd{margin:0}
table{border-collapse:collapse;font-size:13px;margin-top:8px}th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
th{background:#f0f0f0}td.num{text-align:right}p.note{color:#666}code{font-size:12px}
svg.fabric{display:block;margin:8px 0;font-size:10px}rect.nic{fill:#d5ecd4;stroke:#8bb58a}rect.leaf,rect.spine{fill:#eef;stroke:#99a}
rect.suspect,line.suspect{fill:#e74c3c;stroke:#a93226}rect.candidate,line.candidate{fill:#f5b041;stroke:#b9770e}
line.up{stroke:#ccd}line.suspect{stroke-width:3}line.candidate{stroke-width:2}text.sw{fill:#333}
)";

// Where each part is drawn.
constexpr int kNic = 7, kGap = 2, kLeafW = 8 * (kNic + kGap) + 6, kLeafGap = 10;

std::string severity_class(const std::set<fabric::Component>& suspects, const std::set<fabric::Component>& candidates,
                           fabric::Component c) {
  if (suspects.count(c)) return "suspect";
  if (candidates.count(c)) return "candidate";
  return "";
}

void mark(std::set<fabric::Component>& into, const Suspect& s) {
  into.insert(s.component);
  into.insert(s.one_of.begin(), s.one_of.end());
}

// Every host-side part of a NIC marks the NIC's square.
bool nic_marked(const std::set<fabric::Component>& set, fabric::HostRail hr) {
  for (auto k : {fabric::Kind::nic, fabric::Kind::pcie, fabric::Kind::cable, fabric::Kind::leaf_port})
    if (set.count({k, hr})) return true;
  return false;
}

std::string fabric_svg(const fabric::Fabric& fabric, const Localization& l) {
  const fabric::HostRails rails(fabric);
  std::set<fabric::Component> suspects, candidates;
  for (const auto& s : l.suspects) mark(suspects, s);
  for (const auto& s : l.candidates) mark(candidates, s);
  // The NICs under each leaf, in host order; NICs with no known leaf under one column of their own.
  std::map<int, std::vector<fabric::HostRail>> under;
  for (fabric::HostRail hr = 0; hr < rails.size(); ++hr)
    under[fabric.hosts[rails.host(hr)].rails[rails.rail(hr)].leaf].push_back(hr);
  int rows = 1;
  for (const auto& [leaf, nics] : under) rows = std::max(rows, static_cast<int>((nics.size() + 7) / 8));
  const int columns = static_cast<int>(under.size());
  const int width = std::max(400, columns * (kLeafW + kLeafGap) + 20);
  const int spine_y = 10, leaf_y = fabric.spines.empty() ? 10 : 90, nic_y = leaf_y + 40;
  const int height = nic_y + rows * (kNic + kGap) + 20;
  std::string out =
      fmt::format(R"(<svg class="fabric" width="{}" height="{}" xmlns="http://www.w3.org/2000/svg">)", width, height);
  std::map<int, int> leaf_x;
  int x = 10;
  for (const auto& [leaf, nics] : under) {
    leaf_x[leaf] = x;
    x += kLeafW + kLeafGap;
  }
  const double spine_step = fabric.spines.empty() ? 0 : static_cast<double>(width - 20) / fabric.spines.size();
  const auto spine_x = [&](int s) { return 10 + spine_step * s + spine_step / 2; };
  for (std::uint32_t u = 0; u < fabric.uplinks.size(); ++u) {
    const auto& link = fabric.uplinks[u];
    const std::string cls = severity_class(suspects, candidates, {fabric::Kind::spine_link, u});
    if (cls.empty() && fabric.uplinks.size() > 2048) continue;  // a large fabric: only the marked links
    out +=
        fmt::format(R"(<line class="{}" x1="{:.1f}" y1="{}" x2="{}" y2="{}"><title>{}</title></line>)",
                    cls.empty() ? "up" : cls, spine_x(link.spine), spine_y + 16, leaf_x[link.leaf] + kLeafW / 2, leaf_y,
                    html_escape(fabric::name_of(fabric, rails, fabric::Component{fabric::Kind::spine_link, u})));
  }
  for (int s = 0; s < static_cast<int>(fabric.spines.size()); ++s)
    out += fmt::format(R"(<rect class="spine" x="{:.1f}" y="{}" width="{:.1f}" height="16"><title>{}</title></rect>)",
                       spine_x(s) - std::min(40.0, spine_step / 2 - 2), spine_y, std::min(80.0, spine_step - 4),
                       html_escape(fabric.spines[s]));
  if (fabric.spines.size() <= 32)
    for (int s = 0; s < static_cast<int>(fabric.spines.size()); ++s)
      out += fmt::format(R"(<text class="sw" x="{:.1f}" y="{}" text-anchor="middle">{}</text>)", spine_x(s),
                         spine_y + 12, html_escape(fabric.spines[s]));
  for (const auto& [leaf, nics] : under) {
    const int lx = leaf_x[leaf];
    const std::string name = leaf < 0 ? "no known leaf" : fabric.leaves[leaf];
    out += fmt::format(R"(<rect class="leaf" x="{}" y="{}" width="{}" height="16"><title>{}</title></rect>)", lx,
                       leaf_y, kLeafW, html_escape(name));
    if (under.size() <= 64)
      out += fmt::format(R"(<text class="sw" x="{}" y="{}" text-anchor="middle">{}</text>)", lx + kLeafW / 2,
                         leaf_y + 12, html_escape(name));
    for (std::size_t i = 0; i < nics.size(); ++i) {
      const fabric::HostRail hr = nics[i];
      const std::string cls = nic_marked(suspects, hr)     ? "nic suspect"
                              : nic_marked(candidates, hr) ? "nic candidate"
                                                           : "nic";
      out +=
          fmt::format(R"(<rect class="{}" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>)", cls,
                      lx + 3 + static_cast<int>(i % 8) * (kNic + kGap), nic_y + static_cast<int>(i / 8) * (kNic + kGap),
                      kNic, kNic, html_escape(fabric::name_of(fabric, rails, hr)));
    }
  }
  return out + "</svg>\n";
}

std::string evidence_cell(const Suspect& s) {
  std::string out;
  for (const auto& e : s.evidence) out += (out.empty() ? "" : "<br>") + html_escape(e.check_id + ": " + e.text);
  return out;
}

std::string suspects_table(const fabric::Fabric& fabric, const std::vector<Suspect>& list) {
  std::string out =
      "<table><thead><tr><th>component</th><th>part</th><th>confidence</th><th>why</th><th>its own findings</th>"
      "<th>drain</th></tr></thead><tbody>\n";
  for (const auto& s : list) {
    const auto drain = drain_line(fabric, s);
    out += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n",
        html_escape(suspect_name(fabric, s)), fabric::to_string(s.component.kind), percent(s.confidence),
        html_escape(s.rationale), evidence_cell(s), drain ? html_escape(*drain) : "");
  }
  return out + "</tbody></table>\n";
}

}  // namespace

std::string render_html(const fabric::Fabric& fabric, const Localization& l, const std::string& source) {
  const fabric::HostRails rails(fabric);
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
  out += std::string("<title>roce-doctor sweep</title>\n<style>") + kStyle + "</style></head><body>\n";
  out += "<h1>roce-doctor sweep: which link is the slow one</h1>\n<dl class=\"head\">";
  out += "<dt>results</dt><dd>" + html_escape(source) + "</dd>";
  out += "<dt>fabric</dt><dd>" + html_escape(fabric.built_from) + "</dd>";
  out += fmt::format("<dt>tests</dt><dd>{} judged, {} low, {} failed</dd>", l.tests, l.low, l.failed);
  out +=
      fmt::format("<dt>verdict</dt><dd>{} blamed, {} candidates</dd></dl>\n", l.suspects.size(), l.candidates.size());
  out +=
      "<h2>The fabric</h2>\n<p class=\"note\">Spines on top, leaves below them, each host's NICs under the leaf "
      "they are cabled to; red: blamed, orange: a candidate.</p>\n";
  out += fabric_svg(fabric, l);
  out += "<h2>Blamed</h2>\n";
  out += l.suspects.empty() ? "<p>Nothing: every low result is explained by noise or nothing was low.</p>\n"
                            : suspects_table(fabric, l.suspects);
  if (!l.candidates.empty()) out += "<h2>Candidates (not told apart yet)</h2>\n" + suspects_table(fabric, l.candidates);
  if (!l.next.empty()) {
    out +=
        "<h2>Tests that would tell them apart</h2>\n<table><thead><tr><th>client</th><th>server</th><th>why</th>"
        "</tr></thead><tbody>\n";
    for (const auto& n : l.next)
      out += "<tr><td>" + html_escape(fabric::name_of(fabric, rails, n.test.client)) + "</td><td>" +
             html_escape(n.test.loopback() ? "(loopback)" : fabric::name_of(fabric, rails, n.test.server)) +
             "</td><td>" + html_escape(n.why) + "</td></tr>\n";
    out += "</tbody></table>\n";
  }
  if (!l.unexplained.empty())
    out +=
        fmt::format("<p class=\"note\">{} low results fit no degraded part (a busy host, a transient): tests {}.</p>\n",
                    l.unexplained.size(), fmt::join(l.unexplained, ", "));
  for (const auto& n : l.notes) out += "<p class=\"note\">" + html_escape(n) + "</p>\n";
  return out + "</body></html>\n";
}

}  // namespace roce::sweep
