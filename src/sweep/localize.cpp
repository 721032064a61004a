// localize(): the facts of each NIC, the places that explain the low results, the part of each
// place, and the tests that would tell the rest apart.
#include "sweep/localize.hpp"

#include <algorithm>

#include "sweep/classify.hpp"
#include "sweep/explain.hpp"
#include "sweep/next_tests.hpp"
#include "sweep/rail_facts.hpp"

namespace roce::sweep {
namespace {

// A suspect below this confidence is a candidate: named, not blamed.
constexpr double kBlame = 0.5;

Suspect judge_place(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations,
                    const std::vector<fabric::Evidence>& evidence, const Explained& e, std::vector<Wanted>& wanted) {
  return e.place.kind == Place::Kind::host_rail ? judge_rail(fabric, facts, observations, evidence, e, wanted)
                                                : judge_leaf(fabric, facts, observations, evidence, e, wanted);
}

// NICs no pair test has measured yet (an odd host out, a failed partner): both directions and
// alone, against known-good partners.
void want_untested(const Facts& facts, std::vector<Wanted>& wanted) {
  for (fabric::HostRail hr = 0; hr < facts.by_rail.size(); ++hr) {
    const RailFacts& rf = facts.by_rail[hr];
    const Place here{Place::Kind::host_rail, hr};
    const char* why = "not measured yet";
    if (rf.ok[kOut].empty() && rf.low[kOut].empty()) wanted.push_back({Wanted::Need::send, here, 1, why});
    if (rf.ok[kIn].empty() && rf.low[kIn].empty()) wanted.push_back({Wanted::Need::receive, here, 1, why});
  }
}

}  // namespace

const char* to_string(Status status) {
  switch (status) {
    case Status::measured: return "measured";
    case Status::failed: return "failed";
    case Status::timeout: return "timeout";
    case Status::missing: return "missing";
  }
  return "?";
}

Localization localize(const fabric::Fabric& fabric, const std::vector<Observation>& observations,
                      const std::vector<fabric::Evidence>& evidence, const LocalizeOptions& options) {
  Localization out;
  const Facts facts = gather_facts(fabric, observations, options.low_ratio);
  for (std::size_t i = 0; i < observations.size(); ++i) {
    const Observation& o = observations[i];
    if (!facts.used[i]) {
      out.notes.push_back("test " + std::to_string(o.test.id) + (o.file.empty() ? "" : " (" + o.file + ")") +
                          ": not judged: " +
                          (o.status == Status::missing    ? "its result is missing"
                           : o.status == Status::measured ? "no line rate to judge it against"
                                                          : "its NICs are not in the fabric"));
      continue;
    }
    ++out.tests;
    if (facts.low[i]) ++out.low;
    if (o.status == Status::failed || o.status == Status::timeout) ++out.failed;
  }

  const Explanation explanation = explain(fabric, facts, observations);
  std::vector<Wanted> wanted;
  for (const auto& e : explanation.chosen) {
    Suspect s = judge_place(fabric, facts, observations, evidence, e, wanted);
    (s.confidence >= kBlame ? out.suspects : out.candidates).push_back(std::move(s));
  }
  for (const auto& e : explanation.candidates) {
    Suspect s = judge_place(fabric, facts, observations, evidence, e, wanted);
    s.confidence = std::min(s.confidence, kBlame - 0.05);
    out.candidates.push_back(std::move(s));
  }
  want_untested(facts, wanted);
  for (auto i : explanation.unexplained) out.unexplained.push_back(observations[i].test.id);
  out.next = next_tests(fabric, facts, wanted);

  const auto by_confidence = [](const Suspect& a, const Suspect& b) { return a.confidence > b.confidence; };
  std::stable_sort(out.suspects.begin(), out.suspects.end(), by_confidence);
  std::stable_sort(out.candidates.begin(), out.candidates.end(), by_confidence);
  return out;
}

}  // namespace roce::sweep
