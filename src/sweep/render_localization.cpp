// A localization as text and as JSON, and its exit code.
#include <map>
#include <nlohmann/json.hpp>

#include "sweep/drain.hpp"
#include "sweep/render.hpp"
#include "util/exit_codes.hpp"
#include "util/json_dump.hpp"

namespace roce::sweep {
namespace {

constexpr double kWellBelow = 0.7;  // a blamed part whose tests reached less than this is critical

const char* verdict_word(int exit_code) {
  switch (exit_code) {
    case kExitHealthy: return "healthy";
    case kExitWarnings: return "warning";
    case kExitCritical: return "critical";
    default: return "nothing judged";
  }
}

std::string percent(double share) { return std::to_string(static_cast<int>(share * 100 + 0.5)) + "%"; }

std::string test_name(const fabric::Fabric& f, const fabric::HostRails& rails, const fabric::Test& t) {
  if (t.loopback()) return fabric::name_of(f, rails, t.client) + " loopback";
  return fabric::name_of(f, rails, t.client) + " -> " + fabric::name_of(f, rails, t.server);
}

std::string ids_text(const std::vector<std::uint32_t>& ids, std::size_t most = 12) {
  std::string out;
  for (std::size_t i = 0; i < ids.size() && i < most; ++i) out += (i ? ", t" : "t") + std::to_string(ids[i]);
  if (ids.size() > most) out += ", ... (" + std::to_string(ids.size()) + ")";
  return out;
}

void suspects_text(std::string& out, const fabric::Fabric& f, const std::vector<Suspect>& list) {
  for (const auto& s : list) {
    out += "  " + suspect_name(f, s) + "   confidence " + percent(s.confidence) + "\n";
    out += "    " + s.rationale + "\n";
    for (const auto& e : s.evidence) out += "    finding: " + e.check_id + ": " + e.text + "\n";
    if (!s.low_tests.empty()) out += "    low tests: " + ids_text(s.low_tests) + "\n";
  }
}

nlohmann::ordered_json suspect_json(const fabric::Fabric& f, const fabric::HostRails& rails, const Suspect& s) {
  nlohmann::ordered_json j;
  j["component"] = {{"kind", fabric::to_string(s.component.kind)}, {"name", fabric::name_of(f, rails, s.component)}};
  j["name"] = suspect_name(f, s);
  j["one_of"] = nlohmann::ordered_json::array();
  for (const auto& c : s.one_of) j["one_of"].push_back(fabric::name_of(f, rails, c));
  j["confidence"] = s.confidence;
  j["rationale"] = s.rationale;
  j["alternatives"] = nlohmann::ordered_json::array();
  for (const auto& c : s.alternatives) j["alternatives"].push_back(fabric::name_of(f, rails, c));
  j["evidence"] = nlohmann::ordered_json::array();
  for (const auto& e : s.evidence)
    j["evidence"].push_back(
        {{"check", e.check_id}, {"text", e.text}, {"severity", e.severity == 2 ? "critical" : "warning"}});
  j["low_tests"] = s.low_tests;
  const auto drain = drain_line(f, s);
  j["drain"] = drain ? nlohmann::ordered_json(*drain) : nlohmann::ordered_json(nullptr);
  return j;
}

}  // namespace

int localization_exit_code(const Localization& l, const std::vector<Observation>& observations) {
  std::map<std::uint32_t, double> ratio;
  for (const auto& o : observations)
    if (const auto r = o.ratio()) ratio[o.test.id] = *r;
  if (ratio.empty()) return kExitNothingJudged;
  for (const auto& s : l.suspects)
    for (const auto id : s.low_tests)
      if (const auto it = ratio.find(id); it != ratio.end() && it->second < kWellBelow) return kExitCritical;
  return l.suspects.empty() && l.candidates.empty() ? kExitHealthy : kExitWarnings;
}

std::string render_localization_text(const fabric::Fabric& f, const Localization& l, const std::string& source,
                                     int exit_code) {
  const fabric::HostRails rails(f);
  std::string out = "sweep localize: " + source + "\n  read     " + std::to_string(l.tests) +
                    " tests: " + std::to_string(l.low) + " low, " + std::to_string(l.failed) +
                    " failed or timed out\n  fabric   " + f.built_from + "\n  verdict  " + verdict_word(exit_code) +
                    "\n";
  if (!l.suspects.empty()) {
    out += "\nblamed:\n";
    suspects_text(out, f, l.suspects);
  }
  if (!l.candidates.empty()) {
    out += "\ncandidates, not yet told apart:\n";
    suspects_text(out, f, l.candidates);
  }
  if (l.suspects.empty() && l.candidates.empty() && exit_code != kExitNothingJudged)
    out += "\nno degraded part: every low result is explained by noise or a busy host\n";
  if (!l.next.empty()) {
    out += "\ntests that would tell them apart (sweep run does them in its next round):\n";
    for (const auto& n : l.next) out += "  " + test_name(f, rails, n.test) + "   " + n.why + "\n";
  }
  if (!l.unexplained.empty())
    out += "\nlow tests no part explains (noise, a busy host): " + ids_text(l.unexplained) + "\n";
  std::string drains;
  for (const auto& s : l.suspects)
    if (const auto d = drain_line(f, s)) drains += "  " + *d + "\n";
  if (!drains.empty()) out += "\nto drain the blamed hosts (printed, never run):\n" + drains;
  if (!l.notes.empty()) {
    out += "\nnotes:\n";
    for (const auto& n : l.notes) out += "  " + n + "\n";
  }
  return out;
}

std::string render_localization_json(const fabric::Fabric& f, const Localization& l, const std::string& source,
                                     int exit_code) {
  const fabric::HostRails rails(f);
  nlohmann::ordered_json j;
  j["schema_version"] = 1;
  j["source"] = source;
  j["fabric"] = f.built_from;
  j["read"] = {{"tests", l.tests}, {"low", l.low}, {"failed", l.failed}};
  j["suspects"] = nlohmann::ordered_json::array();
  for (const auto& s : l.suspects) j["suspects"].push_back(suspect_json(f, rails, s));
  j["candidates"] = nlohmann::ordered_json::array();
  for (const auto& s : l.candidates) j["candidates"].push_back(suspect_json(f, rails, s));
  j["next"] = nlohmann::ordered_json::array();
  for (const auto& n : l.next)
    j["next"].push_back({{"client", fabric::name_of(f, rails, n.test.client)},
                         {"server", fabric::name_of(f, rails, n.test.server)},
                         {"why", n.why}});
  j["unexplained"] = l.unexplained;
  j["notes"] = l.notes;
  j["verdict"] = {{"status", verdict_word(exit_code)}, {"exit_code", exit_code}};
  return util::json_dump(j, 2) + "\n";
}

}  // namespace roce::sweep
