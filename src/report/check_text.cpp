#include "report/check_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "model/raw_lines.hpp"
#include "report/show_parts.hpp"

namespace roce::report {
namespace {

constexpr std::size_t kWidth = 100;

std::string plural(int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

std::string counts(const engine::Verdict& v) {
  std::string out;
  auto add = [&](int n, const char* one, const char* many) {
    if (n == 0) return;
    if (!out.empty()) out += ", ";
    out += plural(n, one, many);
  };
  add(v.critical, "critical", "critical");
  add(v.warning, "warning", "warnings");
  add(v.info, "note", "notes");
  return out;
}

std::string per_second_text(double r) { return r >= 100 ? fmt::format("{:.0f}/s", r) : fmt::format("{:.3g}/s", r); }

std::string evidence_line(const engine::Evidence& e) {
  std::string line = e.name + " = " + e.value;
  if (e.delta) {
    line += e.reset ? "  Δ ≥ " + std::to_string(*e.delta) + " (counter reset)" : "  Δ " + std::to_string(*e.delta);
    if (e.per_second) line += ", " + per_second_text(*e.per_second);
  }
  if (!e.from.source.empty() || !e.from.locator.empty())
    line += "  [" + e.from.source + (e.from.locator.empty() ? "" : " " + e.from.locator) + "]";
  return line;
}

std::string severity_label(engine::Severity s, const Style& style) {
  switch (s) {
    case engine::Severity::critical: return style.bad("CRITICAL");
    case engine::Severity::warning: return style.bad("WARNING ");
    case engine::Severity::info: return style.dim("NOTE    ");
  }
  return "";
}

// Each evidence with, under it, the capture line it was read from where one is kept.
std::string render_finding(const engine::Finding& f, const CheckRun& run, const Style& style) {
  std::string out = severity_label(f.severity, style) + " " + style.bold(f.id) + "  " + f.subject.to_string() + "\n";
  out += "  " + style.bold(f.title) + "\n";
  for (const auto& e : f.evidence) {
    out += "    " + evidence_line(e) + "\n";
    if (const std::string* raw = quote_of(run, f, e))
      for (const auto& quoted : detail::quote_lines(*raw)) out += "      > " + quoted + "\n";
  }
  if (!f.explanation.empty()) out += wrap_paragraph(f.explanation, "  ", kWidth);
  if (!f.remediation.empty()) {
    out += "  fix:\n";
    for (const auto& cmd : f.remediation) out += "    " + cmd + "\n";
  }
  if (!f.caused_by.empty()) {
    out += "  caused by:";
    for (const auto& c : f.caused_by) out += " " + c;
    out += "\n";
  }
  return out;
}

}  // namespace

std::string wrap_hanging(const std::string& text, const std::string& first_indent, const std::string& indent,
                         std::size_t width) {
  std::istringstream words(text);
  std::string out, line, word;
  const std::string* prefix = &first_indent;
  while (words >> word) {
    if (!line.empty() && prefix->size() + line.size() + 1 + word.size() > width) {
      out += *prefix + line + "\n";
      prefix = &indent;
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += *prefix + line + "\n";
  return out;
}

std::string wrap_paragraph(const std::string& text, const std::string& indent, std::size_t width) {
  return wrap_hanging(text, indent, indent, width);
}

std::string verdict_line(const CheckRun& run) {
  const engine::Verdict v = verdict_of(run);
  const auto judged =
      static_cast<std::size_t>(std::count_if(run.results.begin(), run.results.end(), [](const engine::CheckResult& r) {
        return r.status != engine::CheckResult::Status::skipped;
      }));
  const std::string total = std::to_string(run.results.size());
  // "healthy" only where most checks were judged: a capture that holds few of the checks' inputs
  // (a copied sysfs tree, an sos report without QoS state) says how little was looked at.
  const std::string what = v.critical || v.warning ? counts(v)
                           : judged == 0           ? "nothing judged (all " + total + " checks skipped)"
                           : judged * 2 < run.results.size()
                               ? "no finding, but only " + std::to_string(judged) + " of " + total + " checks judged"
                           : v.info ? "healthy (" + counts(v) + ")"
                                    : "healthy";
  std::string where = run.hardware.empty() ? "no RDMA device" : run.hardware;
  if (!run.origin.empty()) where += ", " + run.origin;
  const std::string host = run.hostname.empty() ? "an unnamed host" : "host " + run.hostname;
  return "roce-doctor: " + what + " on " + host + " (" + where + ")";
}

std::string render_check_text(const CheckRun& run, const Style& style) {
  std::string out = style.bold(verdict_line(run)) + "\n";
  if (!run.has_rdma && run.ports.empty())
    out += "no RDMA device on this host and no netdev of a RoCE NIC or switch: nothing here is a RoCE port\n";
  else if (!run.has_rdma)
    out +=
        "no RDMA device on this host: the netdevs of RoCE NICs and switches are judged where they can be, checks "
        "that need RDMA are skipped\n";
  out += "profile " + run.profile + "; ports ";
  if (run.ports.empty()) out += "none";
  for (std::size_t i = 0; i < run.ports.size(); ++i) out += (i ? ", " : "") + run.ports[i];
  out += "\n";
  for (const auto& f : run.ranked) out += "\n" + render_finding(f, run, style);

  int ok = 0;
  std::string skipped;
  for (const auto& r : run.results) {
    if (r.status == engine::CheckResult::Status::ok) ++ok;
    if (r.status == engine::CheckResult::Status::skipped)
      skipped += wrap_hanging(r.id + ": " + r.skipped_reason, "  ", "      ", kWidth);
  }
  out += "\n" + plural(ok, "check", "checks") + " ok";
  const int with_findings = static_cast<int>(std::count_if(run.results.begin(), run.results.end(), [](const auto& r) {
    return r.status == engine::CheckResult::Status::finding;
  }));
  if (with_findings) out += ", " + std::to_string(with_findings) + " with findings";
  if (!skipped.empty()) {
    const int n = static_cast<int>(std::count_if(run.results.begin(), run.results.end(), [](const auto& r) {
      return r.status == engine::CheckResult::Status::skipped;
    }));
    out += ", " + std::to_string(n) + " skipped:\n" + skipped;
  } else {
    out += "\n";
  }
  return out;
}

}  // namespace roce::report
