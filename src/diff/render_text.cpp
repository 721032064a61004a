#include <cstdio>
#include <string>
#include <vector>

#include "diff/render.hpp"

namespace roce::diff {
namespace {

std::size_t shown_count(const Diff& d, const RenderOptions& o) {
  return o.all ? d.counters.size() : std::min(o.top, d.counters.size());
}

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, v >= 100 ? "%.0f" : "%.3g", v);
  return buf;
}

std::string counter_line(const CounterChange& c) {
  std::string line = c.counter + (c.canonical.empty() ? "" : " (" + c.canonical + ")") + ": ";
  if (!c.before) return line + "only in B: " + std::to_string(*c.after);
  if (!c.after) return line + "only in A: " + std::to_string(*c.before);
  line += std::to_string(*c.before) + " -> " + std::to_string(*c.after) + ", ";
  line += c.reset ? "reset, +" + std::to_string(c.delta) + " since" : "+" + std::to_string(c.delta);
  if (c.rate_per_s) line += " (" + number(*c.rate_per_s) + "/s)";
  return line;
}

std::string config_line(const ConfigChange& c) {
  if (c.field.empty()) return c.before_availability == "present" ? "only in A" : "only in B";
  return c.field + ": " + c.before + " -> " + c.after;
}

// Subjects in order of first appearance, configuration first.
std::vector<std::string> subjects(const Diff& d, std::size_t shown) {
  std::vector<std::string> out;
  const auto add = [&](const std::string& s) {
    for (const auto& x : out)
      if (x == s) return;
    out.push_back(s);
  };
  for (const auto& c : d.config) add(c.subject);
  for (std::size_t i = 0; i < shown; ++i) add(d.counters[i].subject);
  return out;
}

}  // namespace

std::string render_text(const Diff& d, const RenderOptions& o) {
  std::string out;
  out += "A: " + (d.host_a.empty() ? "(unnamed host)" : d.host_a) + ", " + o.label_a + "\n";
  out += "B: " + (d.host_b.empty() ? "(unnamed host)" : d.host_b) + ", " + o.label_b + "\n";
  if (d.seconds) out += "B is " + number(*d.seconds) + " s after A (" + d.clock + ")\n";
  for (const auto& n : d.notes) out += "note: " + n + "\n";
  const std::size_t shown = shown_count(d, o);
  for (const auto& s : subjects(d, shown)) {
    out += "\n" + s + "\n";
    bool heading = false;
    for (const auto& c : d.config) {
      if (c.subject != s) continue;
      if (!heading) out += "  configuration\n";
      heading = true;
      out += "    " + config_line(c) + "\n";
      for (const auto& detail : c.details) out += "      " + detail + "\n";
    }
    heading = false;
    for (std::size_t i = 0; i < shown; ++i) {
      if (d.counters[i].subject != s) continue;
      if (!heading) out += "  counters\n";
      heading = true;
      out += "    " + counter_line(d.counters[i]) + "\n";
    }
  }
  out += "\n";
  out += d.config.empty()
             ? std::string("no configuration differences")
             : std::to_string(d.config.size()) + " configuration difference" + (d.config.size() == 1 ? "" : "s");
  if (d.same_host) {
    out += "; " + std::to_string(d.counters.size()) + " counter" + (d.counters.size() == 1 ? "" : "s") + " changed";
    if (shown < d.counters.size()) out += ", top " + std::to_string(shown) + " shown (--all for all)";
  }
  return out + "\n";
}

}  // namespace roce::diff
