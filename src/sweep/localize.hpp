#pragma once
// Which components are degraded, inferred from a sweep's results. Each result is limited by the
// worst component on its path, with run-to-run noise; the localizer finds the smallest set of
// degraded components that explains the low results, names each with a confidence and a one-line
// rationale, weighs the hosts' and switches' own findings where they were given, and says which
// tests would tell the remaining candidates apart. Pure: fabric, observations and evidence in.
#include <string>
#include <vector>

#include "fabric/fabric.hpp"
#include "sweep/observation.hpp"

namespace roce::sweep {

struct LocalizeOptions {
  double low_ratio = 0.85;  // a result below this share of its line rate is low (noise is ~5%)
};

/// One degraded component, as the localizer names it, or a set it is one of when the tests
/// cannot tell which (a leaf's spine links: ECMP hides which one a flow took).
struct Suspect {
  fabric::Component component;            // the one named (the first of `one_of` when it is a set)
  std::vector<fabric::Component> one_of;  // empty: `component` itself; else the set, `component` first
  double confidence = 0;                  // 0..1
  /// "every test through gpu007 mlx5_3 reached 48% of line rate in both directions; its loopback
  /// reached 97%; the other rails of gpu007 reached 96%"
  std::string rationale;
  std::vector<fabric::Component> alternatives;  // the same tests also fit these (weaker)
  std::vector<fabric::Evidence> evidence;       // the findings that name it or its host
  std::vector<std::uint32_t> low_tests;         // the observations' test ids it explains
};

/// Tests that would tell candidates apart: a loopback, a known-good partner, the other direction.
struct NextTest {
  fabric::Test test;
  std::string why;
};

struct Localization {
  std::vector<Suspect> suspects;               // blamed (confidence >= 0.5), most confident first
  std::vector<Suspect> candidates;             // fit some low tests, not yet told apart (see `next`)
  std::vector<std::uint32_t> unexplained;      // low tests no suspect explains (noise, a transient)
  std::vector<NextTest> next;                  // empty when the suspects are told apart
  std::size_t tests = 0, low = 0, failed = 0;  // what was read
  std::vector<std::string> notes;              // rows that could not be read, hosts not in the fabric
};

Localization localize(const fabric::Fabric& fabric, const std::vector<Observation>& observations,
                      const std::vector<fabric::Evidence>& evidence, const LocalizeOptions& options = {});

}  // namespace roce::sweep
