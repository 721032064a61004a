#include "engine/runner.hpp"

#include <algorithm>
#include <map>

#include "util/spelling.hpp"

namespace roce::engine {
namespace {

struct NeedState {
  model::Availability availability = model::Availability::present;
  std::string cause;
};

template <class T>
NeedState state_of(const model::Field<T>& f) {
  return {f.availability, f.cause};
}

// Whether a port has an input; for `trust` any of the three places that can show it will do.
NeedState need_state(const PortView& p, Need n) {
  const auto& nd = *p.netdev;
  switch (n) {
    case Need::dcb_pfc: return state_of(nd.dcb.pfc);
    case Need::dcb_ets: return state_of(nd.dcb.ets);
    case Need::dcb_app: return state_of(nd.dcb.app);
    case Need::dcb_buffer: return state_of(nd.dcb.buffer);
    case Need::trust:
      if (nd.trust.ok() || nd.dcb.apptrust.ok()) return {};
      return state_of(nd.dcb.app);
    case Need::nic_ecn: return state_of(nd.ecn);
    case Need::pause_params: return state_of(nd.pause);
    case Need::link_settings: return state_of(nd.link);
    case Need::mtu:
      if (p.port && p.port->active_mtu.ok()) return {};
      return state_of(nd.mtu);
    case Need::ethtool_stats: return state_of(nd.ethtool_stats);
    case Need::rdma_counters:
      if (!p.port) return {model::Availability::absent, "no RDMA port"};
      return state_of(p.port->hw_counters);
    case Need::rates: return {};
    case Need::port_state:
      if (p.port && p.port->state.ok()) return {};
      return state_of(nd.operstate);
    case Need::gids:
      if (!p.port) return {model::Availability::absent, "no RDMA port"};
      return state_of(p.port->gids);
    case Need::pcie: return state_of(nd.pcie);
    case Need::dcbx: return state_of(nd.dcb.dcbx);
    case Need::qdiscs: return state_of(nd.qdiscs);
    case Need::storm_tunable: return state_of(nd.pfc_prevention_tout_ms);
    case Need::switch_end: return {};  // judged per host in precheck
    case Need::switch_export: return {};
    case Need::bandwidth:
    case Need::nccl_log: return {};  // observed around the host, not on a port
    case Need::topology: return {};
  }
  return {};
}

bool needs(const CheckInfo& info, Need n) {
  return std::find(info.needs.begin(), info.needs.end(), n) != info.needs.end();
}

bool is_observation(Need n) {
  return n == Need::bandwidth || n == Need::nccl_log || n == Need::topology || n == Need::switch_end ||
         n == Need::switch_export;
}

// Why the observations around the host lack what a check reads, or "" when they hold it.
std::string missing_observation(Need n, const Context& ctx) {
  const auto& seen = ctx.observations();
  switch (n) {
    case Need::topology:
      if (seen.topology) return {};
      return ctx.ports().empty() ? "no RoCE port on this host and no GPU-NIC topology given"
                                 : "no GPU-NIC topology given";
    case Need::nccl_log: return seen.nccl_logs.empty() ? "no NCCL log given (nccl LOG, or one in the capture)" : "";
    case Need::bandwidth:
      return seen.bandwidth.empty() ? "no bandwidth result given (bw FILE, or one in the capture)" : "";
    case Need::switch_export:
      return seen.switches.switches.empty() ? "no switch export given (check --switch EXPORT)" : "";
    case Need::switch_end:
      if (!seen.switches.cables.empty()) return {};
      return seen.switches.switches.empty()
                 ? "no switch export given (check --switch EXPORT)"
                 : "no host port joined to a switch port (no LLDP neighbour, MAC or /31 in common)";
    default: return {};
  }
}

// The reason to skip a whole check before running it, or "" to run it. A job's log and the GPU-NIC
// topology are judged without a RoCE port; everything else needs one.
std::string precheck(const CheckInfo& info, const Context& ctx) {
  const bool judged_without_port = needs(info, Need::nccl_log) || needs(info, Need::topology);
  if (ctx.ports().empty() && !judged_without_port) return "no RoCE port on this host";
  if (needs(info, Need::rates) && !ctx.has_rates()) return "needs two samples";
  for (Need n : info.needs)
    if (std::string missing = missing_observation(n, ctx); !missing.empty()) return missing;
  for (Need n : info.needs) {
    if (n == Need::rates || is_observation(n)) continue;
    std::string reasons;
    bool anywhere = false;
    for (const auto& p : ctx.ports()) {
      NeedState s = need_state(p, n);
      if (s.availability == model::Availability::present) {
        anywhere = true;
        break;
      }
      if (!reasons.empty()) reasons += "; ";
      reasons += p.name() + ": " + to_string(n) + " " + model::describe_missing(s.availability, s.cause);
    }
    if (!anywhere) return reasons;
  }
  return {};
}

bool selected(const CheckInfo& info, const Selection& sel) {
  auto has = [&](const std::vector<std::string>& ids) {
    return std::find(ids.begin(), ids.end(), info.id) != ids.end();
  };
  if (!sel.only.empty() && !has(sel.only)) return false;
  return !has(sel.skip);
}

std::size_t catalog_index(std::span<const CheckInfo> catalog, std::string_view id) {
  for (std::size_t i = 0; i < catalog.size(); ++i)
    if (catalog[i].id == id) return i;
  return catalog.size();
}

}  // namespace

std::string closest_id(std::span<const CheckInfo> catalog, std::string_view id) {
  // Farther than 3 edits is not a typo.
  return util::nearest_name(id, catalog, 3, util::LetterCase::insensitive, &CheckInfo::id);
}

Outcome validate(std::span<const CheckInfo> catalog, const Selection& selection) {
  std::string errors;
  for (const auto* ids : {&selection.only, &selection.skip})
    for (const auto& id : *ids) {
      if (catalog_index(catalog, id) < catalog.size()) continue;
      if (!errors.empty()) errors += "\n";
      errors += "unknown check ID '" + id + "'";
      std::string near = closest_id(catalog, id);
      if (!near.empty()) errors += "; did you mean " + near + "?";
    }
  if (!errors.empty()) return fail(errors, "`roce-doctor checks` lists the IDs");
  return done();
}

void link_causes(std::span<const CheckInfo> catalog, std::vector<CheckResult>& results) {
  std::map<std::string, const CheckResult*> by_id;
  for (const auto& r : results) by_id[r.id] = &r;
  for (auto& r : results) {
    std::size_t i = catalog_index(catalog, r.id);
    if (i == catalog.size()) continue;
    for (auto& f : r.findings)
      for (std::string_view cause_id : catalog[i].explained_by) {
        auto c = by_id.find(std::string(cause_id));
        if (c == by_id.end()) continue;
        for (const auto& cause : c->second->findings) {
          // A finding about no port in particular (a job's result, its log) is explained by the
          // causes on every port; one about a port, by those on that port.
          const std::string port = f.subject.port_name();
          if (!port.empty() && cause.subject.port_name() != port) continue;
          std::string ref = cause.ref();
          if (std::find(f.caused_by.begin(), f.caused_by.end(), ref) == f.caused_by.end()) f.caused_by.push_back(ref);
        }
      }
  }
}

std::vector<Finding> ranked_findings(std::span<const CheckInfo> catalog, const std::vector<CheckResult>& results) {
  std::vector<Finding> all;
  for (const auto& r : results) all.insert(all.end(), r.findings.begin(), r.findings.end());
  auto key = [&](const Finding& f) {
    return std::tuple(-static_cast<int>(f.severity), f.caused_by.empty() ? 0 : 1, catalog_index(catalog, f.id),
                      f.subject.netdev, f.subject.priority.value_or(-1), f.subject.buffer.value_or(-1));
  };
  std::stable_sort(all.begin(), all.end(), [&](const Finding& a, const Finding& b) { return key(a) < key(b); });
  return all;
}

std::vector<CheckResult> run_checks(std::span<const CheckInfo> catalog, const Context& ctx,
                                    const Selection& selection) {
  std::vector<CheckResult> results;
  for (const auto& info : catalog) {
    if (!selected(info, selection)) continue;
    CheckResult r;
    r.id = std::string(info.id);
    if (std::string why = precheck(info, ctx); !why.empty()) {
      r.status = CheckResult::Status::skipped;
      r.skipped_reason = why;
      results.push_back(std::move(r));
      continue;
    }
    Reporter rep(info);
    info.evaluate(ctx, rep);
    r.findings = std::move(rep.findings());
    if (!r.findings.empty()) {
      r.status = CheckResult::Status::finding;
      r.notes = rep.skips();
    } else if (rep.evaluated_count() > 0) {
      r.status = CheckResult::Status::ok;
      r.notes = rep.skips();
    } else {
      r.status = CheckResult::Status::skipped;
      for (const auto& s : rep.skips()) r.skipped_reason += (r.skipped_reason.empty() ? "" : "; ") + s;
      if (r.skipped_reason.empty()) r.skipped_reason = "nothing to evaluate";
    }
    results.push_back(std::move(r));
  }
  link_causes(catalog, results);
  for (auto& r : results) {
    auto ranked = ranked_findings(catalog, {r});
    r.findings = std::move(ranked);
  }
  return results;
}

std::vector<const Finding*> causes_of(const std::vector<Finding>& ranked, const Finding& finding) {
  std::vector<const Finding*> causes;
  for (const auto& c : ranked)
    if (std::find(finding.caused_by.begin(), finding.caused_by.end(), c.ref()) != finding.caused_by.end())
      causes.push_back(&c);
  return causes;
}

}  // namespace roce::engine
