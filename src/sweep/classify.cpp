// The part of a degraded place, its confidence and its one-line rationale.
#include "sweep/classify.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "fabric/hostlist.hpp"

namespace roce::sweep {
namespace {

using fabric::Component;
using fabric::HostRail;
using fabric::Kind;

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The other end of a test through `x`.
HostRail partner(const Observation& o, HostRail x) { return o.test.client == x ? o.test.server : o.test.client; }

// Shares of line rate of the tests `idx`, as the fabric's OK tests reach them (1.0 = as good as any).
std::vector<double> relative_shares(const Facts& facts, const std::vector<std::uint32_t>& idx) {
  std::vector<double> out;
  for (auto i : idx) out.push_back(facts.share[i] / facts.typical);
  return out;
}

// The results sit steady at a fraction a link's speed gives (1/2, 1/4, 1/8 of line rate): a rate
// limit, not loss, which scatters from test to test. Run-to-run noise is within +-5%, so a rate
// limit keeps its results within that of their median, the median within 3 points of a speed
// step; a busy host only ever lowers a result, so a quarter of them may fall below.
bool steady_at_a_speed(const std::vector<double>& shares) {
  if (shares.empty()) return false;
  const double m = median(shares);
  std::size_t close = 0;
  for (double s : shares) {
    if (s > m * 1.05) return false;
    close += s >= m * 0.95;
  }
  if (4 * close < 3 * shares.size()) return false;
  for (double step : {0.5, 0.25, 0.125})
    if (std::abs(m - step) <= 0.03) return true;
  return false;
}

std::string hosts_of(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations,
                     const std::vector<std::uint32_t>& idx, HostRail x) {
  std::vector<std::string> names;
  for (auto i : idx) {
    const HostRail p = partner(observations[i], x);
    const std::string& h = fabric.hosts[facts.rails.host(p)].name;
    if (std::find(names.begin(), names.end(), h) == names.end()) names.push_back(h);
  }
  if (names.size() > 4) return fabric::compress_hostlist(names);
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

std::string range_of(const Facts& facts, const std::vector<std::uint32_t>& idx) {
  double lo = 1e9, hi = 0;
  for (auto i : idx) {
    lo = std::min(lo, facts.share[i]);
    hi = std::max(hi, facts.share[i]);
  }
  return percent_range(lo, hi);
}

std::string tests_text(std::size_t n) { return n == 1 ? "1 test" : std::to_string(n) + " tests"; }

// "sending reached 41-47% of line rate (2 tests, to gpu001, gpu012)"
std::string way_text(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations,
                     const std::vector<std::uint32_t>& idx, HostRail x, Way way) {
  return std::string(way == kOut ? "sending" : "receiving") + " reached " + range_of(facts, idx) + " of line rate (" +
         tests_text(idx.size()) + (way == kOut ? ", to " : ", from ") + hosts_of(fabric, facts, observations, idx, x) +
         ")";
}

// The median share the host's other NICs reached in OK tests, or "" when none was measured.
std::string sibling_text(const fabric::Fabric& fabric, const Facts& facts, HostRail x) {
  const int host = facts.rails.host(x);
  std::vector<double> shares;
  for (int r = 0; r < static_cast<int>(fabric.hosts[host].rails.size()); ++r) {
    const auto hr = facts.rails.of(host, r);
    if (!hr || *hr == x) continue;
    for (int w : {kOut, kIn})
      for (auto i : facts.by_rail[*hr].ok[w]) shares.push_back(facts.share[i]);
  }
  if (shares.empty()) return "";
  return "the other NICs of " + fabric.hosts[host].name + " reached " + percent(median(shares));
}

std::vector<fabric::Evidence> evidence_of_rail(const std::vector<fabric::Evidence>& evidence, HostRail x) {
  std::vector<fabric::Evidence> mine;
  for (const auto& e : evidence)
    if (e.component.kind != Kind::spine_link && e.component.index == x) mine.push_back(e);
  std::stable_sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.severity > b.severity; });
  return mine;
}

std::size_t distinct_partners(const std::vector<Observation>& observations, const std::vector<std::uint32_t>& idx,
                              HostRail x) {
  std::set<HostRail> partners;
  for (auto i : idx) partners.insert(partner(observations[i], x));
  return partners.size();
}

}  // namespace

std::string percent(double share) { return std::to_string(static_cast<int>(std::lround(share * 100))) + "%"; }

std::string percent_range(double low, double high) {
  const long a = std::lround(low * 100), b = std::lround(high * 100);
  return a == b ? std::to_string(a) + "%" : std::to_string(a) + "-" + std::to_string(b) + "%";
}

bool names_a_part(const std::string& id) {
  return id == "LINK-SPEED" || id == "PCIE-LINK" || id == "TOPO-PCIE-DEGRADED" || id == "LINK-SIGNAL" ||
         id == "LINK-FLAP" || id == "LINK-STATE" || id == "XSW-COUNTERS";
}

Suspect judge_rail(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations,
                   const std::vector<fabric::Evidence>& evidence, const Explained& place, std::vector<Wanted>& wanted) {
  const HostRail x = place.place.index;
  const RailFacts& rf = facts.by_rail[x];
  const Place here{Place::Kind::host_rail, x};
  const bool out_low = !rf.low[kOut].empty(), in_low = !rf.low[kIn].empty();
  const bool loop_low = !rf.loop_low.empty(), loop_ok = !rf.loop_ok.empty();  // loopbacks
  Suspect s;
  s.evidence = evidence_of_rail(evidence, x);
  for (const auto& e : place.tests) s.low_tests.push_back(observations[e].test.id);
  std::optional<Kind> said;  // the part the host's or switch's own findings name
  for (const auto& e : s.evidence)
    if (names_a_part(e.check_id)) {
      said = e.component.kind;
      break;
    }

  // The parts the tests leave possible. A loopback low once may be a busy host: it names the PCIe
  // link when low twice, or once with the host's own PCIE-LINK finding.
  const bool pcie_said = said && *said == Kind::pcie;
  const bool pcie_shown = !loop_ok && (rf.loop_low.size() >= 2 || (loop_low && pcie_said)) && !rf.both_ways_clear();
  const bool one_way = out_low != in_low && rf.clear(out_low ? kIn : kOut);
  std::vector<Kind> possible;
  if (pcie_shown) {
    possible = {Kind::pcie};
  } else if (one_way) {
    possible = {Kind::cable};
  } else {
    possible = {Kind::nic, Kind::leaf_port};
    if (out_low != in_low) possible.push_back(Kind::cable);  // the other direction not measured yet
    if (!loop_ok) possible.push_back(Kind::pcie);
  }
  const auto is_possible = [&](Kind k) { return std::find(possible.begin(), possible.end(), k) != possible.end(); };

  std::vector<std::string> why;
  Kind kind = possible.front();
  double certainty = 1.0;  // of the part, given the place
  std::string ways;
  if (out_low) ways = way_text(fabric, facts, observations, rf.low[kOut], x, kOut);
  if (in_low) ways += (ways.empty() ? "" : "; ") + way_text(fabric, facts, observations, rf.low[kIn], x, kIn);
  if (pcie_shown) {
    if (!ways.empty()) why.push_back(ways);
    why.push_back("its loopback reached " + range_of(facts, rf.loop_low) +
                  " too: the loss is between the host and the NIC (the loopback crosses only PCIe)");
  } else if (one_way) {
    const Way bad = out_low ? kOut : kIn;
    why.push_back("only one direction is slow: " + way_text(fabric, facts, observations, rf.low[bad], x, bad) +
                  ", while " + (bad == kOut ? "receiving" : "sending") + " it reached " +
                  range_of(facts, rf.ok[bad == kOut ? kIn : kOut]) + ": one fibre of the cable or its optic (" +
                  (bad == kOut ? "toward the switch" : "toward the host") + ")");
  } else {
    std::vector<double> all = relative_shares(facts, rf.low[kOut]);
    const auto more = relative_shares(facts, rf.low[kIn]);
    all.insert(all.end(), more.begin(), more.end());
    const bool steady = steady_at_a_speed(all);
    if (said && is_possible(*said)) {
      kind = *said;
    } else {
      kind = steady ? Kind::nic : Kind::leaf_port;
      certainty = all.size() >= 3 ? 0.85 : 0.7;
    }
    why.push_back(ways);
    why.push_back(steady ? "steady at a fraction of line rate, as a link trained at a lower speed is"
                         : "scattered from test to test, as loss on the wire makes it");
    if (loop_ok) why.push_back("its loopback reached " + range_of(facts, rf.loop_ok) + ": host and PCIe are fine");
    if (is_possible(Kind::pcie)) {
      certainty *= 0.85;
      wanted.push_back({Wanted::Need::loopback, here, 1,
                        loop_low ? "a second loopback tells its PCIe link from a busy host"
                                 : "a loopback tells its PCIe link from the wire"});
    }
    if (is_possible(Kind::cable)) {
      certainty *= 0.7;
      wanted.push_back({out_low ? Wanted::Need::receive : Wanted::Need::send, here, 1,
                        "the other direction tells a fibre from the port"});
    } else if (!(said && is_possible(*said)) && all.size() < 4) {
      wanted.push_back({Wanted::Need::send, here, 1, "more results tell a slower link from loss"});
      wanted.push_back({Wanted::Need::receive, here, 1, "more results tell a slower link from loss"});
    }
  }
  std::vector<Kind> others;
  for (Kind k : possible)
    if (k != kind) others.push_back(k);
  if (said && *said == kind) {
    certainty = std::min(1.0, certainty / 0.85);
    why.push_back("its own " + s.evidence.front().check_id + " finding agrees");
  } else if (said) {
    why.push_back("its " + s.evidence.front().check_id + " finding names the " + std::string(fabric::to_string(*said)) +
                  ", the tests do not");
  }
  if (const std::string siblings = sibling_text(fabric, facts, x); !siblings.empty()) why.push_back(siblings);

  // Blame takes three low results with three partners (the loopback counts as one), or two and
  // the NIC's own finding naming the same part: a busy host makes one test in a hundred low, so two
  // low results in a row on one NIC happen now and then in a large sweep, three almost never.
  const std::size_t partners = distinct_partners(observations, place.tests, x);
  const bool agrees = said && *said == kind;
  const double support = partners >= 3 ? 0.9 : partners == 2 ? (agrees ? 0.6 : 0.45) : 0.4;
  s.component = {kind, x};
  s.confidence = std::min(0.98, support * certainty);
  for (Kind k : others)
    if (k != kind && std::find(s.alternatives.begin(), s.alternatives.end(), Component{k, x}) == s.alternatives.end())
      s.alternatives.push_back({k, x});
  for (const Place& r : place.rivals)
    if (r.kind == Place::Kind::host_rail) s.alternatives.push_back({Kind::nic, r.index});
  if (partners < 3)
    wanted.push_back({out_low  ? Wanted::Need::send
                      : in_low ? Wanted::Need::receive
                               : Wanted::Need::loopback,
                      here, 1, "a low result is also what a busy host gives: test it with a known-good partner"});
  std::string text;
  for (const auto& w : why) text += (text.empty() ? "" : "; ") + w;
  s.rationale = text;
  return s;
}

Suspect judge_leaf(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations,
                   const std::vector<fabric::Evidence>& evidence, const Explained& place, std::vector<Wanted>& wanted) {
  const auto leaf = static_cast<int>(place.place.index);
  Suspect s;
  for (const auto& e : place.tests) s.low_tests.push_back(observations[e].test.id);
  std::vector<int> leaves{leaf};
  for (const Place& r : place.rivals)
    if (r.kind == Place::Kind::leaf) leaves.push_back(static_cast<int>(r.index));
  for (int l : leaves)
    for (std::uint32_t u = 0; u < fabric.uplinks.size(); ++u)
      if (fabric.uplinks[u].leaf == l) s.one_of.push_back({Kind::spine_link, u});
  for (const auto& e : evidence)
    if (e.component.kind == Kind::spine_link &&
        std::find(s.one_of.begin(), s.one_of.end(), e.component) != s.one_of.end())
      s.evidence.push_back(e);

  // Tests across this leaf, low or not: ECMP puts about one flow in (spines) on each link.
  std::size_t across = 0;
  for (std::uint32_t i = 0; i < observations.size(); ++i) {
    const auto& t = observations[i].test;
    if (!facts.used[i] || t.loopback()) continue;
    const int a = leaf_of(fabric, facts.rails, t.client), b = leaf_of(fabric, facts.rails, t.server);
    if (a != b && (a == leaf || b == leaf)) ++across;
  }
  std::string text = std::to_string(place.tests.size()) + " of " + std::to_string(across) + " tests across " +
                     fabric.leaves[leaf] + " reached " + range_of(facts, place.tests) +
                     " of line rate while their NICs reached line rate in other tests";
  const std::size_t links = s.one_of.size();
  if (!s.evidence.empty()) {
    s.component = s.evidence.front().component;
    s.one_of.clear();
    s.confidence = 0.85;
    text += "; " + s.evidence.front().check_id + " on " + fabric.leaves[fabric.uplinks[s.component.index].leaf] +
            " names this link";
  } else {
    s.component = s.one_of.front();
    s.confidence = place.tests.size() >= 3 ? 0.7 : 0.55;
    text += "; one of " + std::to_string(links) + " spine links would do that (ECMP hides which one a flow took): " +
            "its switch's interface counters name the link";
    // About two flows on each of its links: ECMP spreads them, so that the slow link shows again.
    wanted.push_back({Wanted::Need::across, place.place, 2 * static_cast<int>(links),
                      "flows across " + fabric.leaves[leaf] + " to other leaves"});
  }
  if (leaves.size() > 1)
    text += "; every such test also crossed " + fabric.leaves[leaves[1]] + ", so its spine links fit as well";
  s.rationale = text;
  return s;
}

}  // namespace roce::sweep
