// The next round from the results so far.
#include "sweep/adaptive_round.hpp"

#include <set>

#include "sweep/localize.hpp"
#include "sweep/results_folder.hpp"

namespace roce::sweep {
namespace {

// Unpaired NICs not yet in a test with another host, each against the same rail of a host none of
// whose NICs is low or a suspect.
std::vector<fabric::Test> unpaired_tests(const Plan& plan, const std::vector<Observation>& observations,
                                         const Localization& l) {
  const fabric::HostRails rails(plan.fabric);
  std::set<fabric::HostRail> paired;
  std::set<int> unwell;
  for (const auto& o : observations) {
    if (!o.test.loopback()) {
      paired.insert(o.test.client);
      paired.insert(o.test.server);
    }
    const auto r = o.ratio();
    if (o.status != Status::measured || (r && *r < LocalizeOptions{}.low_ratio)) {
      unwell.insert(rails.host(o.test.client));
      unwell.insert(rails.host(o.test.server));
    }
  }
  for (const auto* list : {&l.suspects, &l.candidates})
    for (const auto& s : *list)
      if (s.component.kind != fabric::Kind::spine_link) unwell.insert(rails.host(s.component.index));
  std::vector<fabric::Test> tests;
  for (const auto hr : plan.unpaired) {
    if (paired.count(hr) || hr >= rails.size()) continue;
    for (int h = 0; h < static_cast<int>(plan.fabric.hosts.size()); ++h) {
      if (h == rails.host(hr) || unwell.count(h)) continue;
      if (const auto partner = rails.of(h, rails.rail(hr))) {
        tests.push_back({0, hr, *partner, 0});
        break;
      }
    }
  }
  return tests;
}

}  // namespace

Expected<std::optional<Round>> adaptive_round(const Plan& plan, const std::string& out_dir, std::uint32_t first_id) {
  auto folder = read_results_folder(out_dir);
  if (!folder) return fail(folder.error());
  const Localization l = localize(plan.fabric, folder->observations, {});
  std::vector<fabric::Test> wanted = unpaired_tests(plan, folder->observations, l);
  for (const auto& n : l.next) wanted.push_back(n.test);
  if (wanted.empty()) return std::optional<Round>{};
  Round round = fit_round(wanted, first_id, "adaptive: tests that tell the remaining candidates apart");
  if (round.tests.empty()) return std::optional<Round>{};
  return std::optional<Round>{std::move(round)};
}

}  // namespace roce::sweep
