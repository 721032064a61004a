// Findings, drift and pause outliers across hosts, tallied one host at a time.
#include "fleet/fleet.hpp"

#include <algorithm>

#include "engine/verdict.hpp"
#include "util/exit_codes.hpp"

namespace roce::fleet {
namespace {

template <class V>
V& slot(std::vector<std::pair<std::string, V>>& list, const std::string& key) {
  for (auto& [k, v] : list)
    if (k == key) return v;
  return list.emplace_back(key, V{}).second;
}

std::size_t field_rank(const std::string& field) {
  const auto& fields = drift_fields();
  return static_cast<std::size_t>(std::find(fields.begin(), fields.end(), field) - fields.begin());
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  double m = v[mid];
  if (v.size() % 2 == 0) m = (m + *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
  return m;
}

}  // namespace

int FleetReport::exit_code() const {
  if (hosts_read == 0) return kExitInputError;
  // A host that could not be judged or read, drift and outliers are the fleet's warnings.
  engine::Verdict v;
  v.critical = static_cast<int>(critical);
  v.warning = static_cast<int>(warning + nothing_judged + drift.size() + outliers.size() + errors.size());
  return v.exit_code();
}

void Fleet::add(const HostSummary& host) {
  const auto index = static_cast<HostIndex>(names_.size());
  // Two captures of one hostname stay two hosts: the second is "name #2".
  const std::size_t seen = ++name_count_[host.name];
  names_.push_back(seen == 1 ? host.name : host.name + " #" + std::to_string(seen));

  switch (host.exit_code) {
    case kExitCritical: ++verdicts_[2]; break;
    case kExitWarnings: ++verdicts_[1]; break;
    case kExitNothingJudged: ++verdicts_[3]; break;
    default: ++verdicts_[0];
  }
  std::vector<std::string> nics;
  for (const auto& s : host.settings) {
    if (std::find(nics.begin(), nics.end(), s.nic) == nics.end()) nics.push_back(s.nic);
    const std::string key = s.nic + '\n' + s.port + '\n' + s.field;
    auto [it, fresh] = tally_index_.try_emplace(key, tallies_.size());
    if (fresh) tallies_.push_back({s.nic, s.port, s.field, {}});
    auto& hosts = slot(tallies_[it->second].values, s.value);
    if (hosts.empty() || hosts.back() != index) hosts.push_back(index);
  }
  for (const auto& nic : nics) ++slot(nics_, nic);
  for (const auto& f : host.findings) {
    auto [it, fresh] = finding_index_.try_emplace(f.id, findings_.size());
    if (fresh) findings_.push_back({{f.id, f.severity, f.title, {}}, {}});
    auto& tally = findings_[it->second];
    tally.finding.severity = std::max(tally.finding.severity, f.severity);
    if (tally.hosts.empty() || tally.hosts.back() != index) tally.hosts.push_back(index);
  }
  for (const auto& r : host.pause) slot(rates_, r.nic).push_back({index, r.port, r.frames_per_s});
  for (const auto& c : host.cables) cables_.emplace_back(index, c);
}

std::optional<engine::Severity> FleetCable::worst() const {
  std::optional<engine::Severity> out;
  for (const auto& f : cable.findings)
    if (!out || f.severity > *out) out = f.severity;
  return out;
}

void Fleet::add_error(HostError error) { errors_.push_back(std::move(error)); }

FleetReport Fleet::report() const {
  FleetReport r;
  r.hosts_read = names_.size();
  r.errors = errors_;
  r.nics = nics_;
  r.healthy = verdicts_[0];
  r.warning = verdicts_[1];
  r.critical = verdicts_[2];
  r.nothing_judged = verdicts_[3];
  for (const auto& [host, cable] : cables_) r.cables.push_back({names_[host], cable});

  for (const auto& t : findings_) {
    FleetFinding f = t.finding;
    for (auto i : t.hosts) f.hosts.push_back(names_[i]);
    r.findings.push_back(std::move(f));
  }
  std::stable_sort(r.findings.begin(), r.findings.end(), [](const FleetFinding& a, const FleetFinding& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    if (a.hosts.size() != b.hosts.size()) return a.hosts.size() > b.hosts.size();
    return a.id < b.id;
  });

  for (const auto& t : tallies_) {
    if (t.values.size() < 2) continue;
    Drift d{t.nic, t.port, t.field, {}, 0, 0, false, {}};
    const std::pair<std::string, std::vector<HostIndex>>* top = nullptr;
    for (const auto& v : t.values) {
      d.compared += v.second.size();
      if (!top || v.second.size() > top->second.size() ||
          (v.second.size() == top->second.size() && v.first < top->first))
        top = &v;
    }
    d.majority = top->first;
    d.majority_hosts = top->second.size();
    d.split = d.majority_hosts * 2 <= d.compared;
    auto others = t.values;
    std::sort(others.begin(), others.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [value, hosts] : others)
      if (value != d.majority)
        for (auto i : hosts) d.hosts.push_back({names_[i], value});
    r.drift.push_back(std::move(d));
  }
  std::stable_sort(r.drift.begin(), r.drift.end(), [](const Drift& a, const Drift& b) {
    if (a.nic != b.nic) return a.nic < b.nic;
    if (a.port != b.port) return a.port < b.port;
    return field_rank(a.field) < field_rank(b.field);
  });

  for (const auto& [nic, ports] : rates_) {
    if (ports.size() < kOutlierMinPorts) continue;
    std::vector<double> rates;
    for (const auto& p : ports) rates.push_back(p.frames_per_s);
    const double m = median(rates);
    for (const auto& p : ports)
      if (p.frames_per_s > kOutlierFloorPerSecond && p.frames_per_s > kOutlierFactor * m)
        r.outliers.push_back({nic, names_[p.host], p.port, p.frames_per_s, m, ports.size()});
  }
  std::stable_sort(r.outliers.begin(), r.outliers.end(),
                   [](const RateOutlier& a, const RateOutlier& b) { return a.frames_per_s > b.frames_per_s; });
  return r;
}

}  // namespace roce::fleet
