// The judge step: profile, input, checks, ranking, verdict.
#include "judge/judge.hpp"

#include <algorithm>
#include <utility>

#include "checks/registry.hpp"
#include "profile/load.hpp"
#include "profile/lookup.hpp"
#include "util/exit_codes.hpp"

namespace roce::judge {
namespace {

// Does the check read a kind of evidence that the observations hold?
bool reads_given_evidence(const engine::CheckInfo& check, const model::Observations& o) {
  return std::any_of(check.needs.begin(), check.needs.end(), [&](engine::Need n) {
    switch (n) {
      case engine::Need::bandwidth: return !o.bandwidth.empty();
      case engine::Need::nccl_log: return !o.nccl_logs.empty();
      case engine::Need::topology: return o.topology.has_value();
      case engine::Need::switch_end:
      case engine::Need::switch_export: return !o.switches.switches.empty();
      default: return false;
    }
  });
}

const engine::CheckInfo* find_check(const std::string& id) {
  for (const auto& c : checks::all_checks())
    if (c.id == id) return &c;
  return nullptr;
}

}  // namespace

Expected<profile::Profile> load_profile(const std::string& name_or_file) {
  if (name_or_file.empty() && profile::site_default_profile().empty()) return profile::default_profile();
  auto path = name_or_file.empty() ? Expected<std::string>(profile::site_default_profile())
                                   : profile::resolve_profile(name_or_file);
  if (!path) return fail(path.error());
  return profile::load_profile(*path, checks::threshold_catalog());
}

std::string profile_label(const profile::Profile& p) {
  return p.name + (p.file.empty() ? " (built-in)" : " (" + p.file + ")");
}

engine::Context context_of(const Input& input, const profile::Profile& profile) {
  const model::Host* before = input.before ? &*input.before : nullptr;
  return engine::Context(input.now, before, before ? input.dt : 0, profile, &input.observations);
}

report::CheckRun judge(const Input& input, const profile::Profile& profile, const Scope& scope) {
  return judge(context_of(input, profile), input, profile, scope);
}

report::CheckRun judge(const engine::Context& ctx, const Input& input, const profile::Profile& profile,
                       const Scope& scope) {
  const model::Host& host = input.now_as_read();
  report::CheckRun run;
  run.hostname = input.now.hostname;
  // The verdict describes the host, whatever --dev narrows the judged ports to.
  run.hardware = report::describe_hardware(host);
  run.origin = input.origin;
  run.profile = profile_label(profile);
  run.interval_s = ctx.has_rates() ? input.dt : 0;
  run.has_rdma = !host.rdma_devices.empty();
  for (const auto& p : ctx.ports()) run.ports.push_back(p.subject().to_string());
  for (auto& r : checks::run_checks(ctx, scope.selection)) {
    const engine::CheckInfo* check = find_check(r.id);
    if (scope.host || !r.findings.empty() || (check && reads_given_evidence(*check, input.observations)))
      run.results.push_back(std::move(r));
  }
  run.ranked = engine::ranked_findings(checks::all_checks(), run.results);
  run.raw_lines = input.raw_lines;
  if (!run.raw_lines.empty()) run.counter_sets = report::counter_sets_of(input.now);
  return run;
}

Result<Judged> read_and_judge(const JudgeRequest& request) {
  if (auto valid = engine::validate(checks::all_checks(), request.scope.selection); !valid)
    return {std::move(valid.error()), kExitInputError};
  auto profile = load_profile(request.profile);
  if (!profile) return {std::move(profile.error()), kExitInputError};
  Input input;
  if (request.scope.host) {
    auto read = read_input(request.input);
    if (!read) return {std::move(read.error()), read.exit_code()};
    input = std::move(*read);
  }
  model::Observations observations = request.given;
  model::append(observations, std::move(input.observations));
  input.observations = std::move(observations);
  report::CheckRun run = judge(input, *profile, request.scope);
  return Judged{std::move(input), std::move(*profile), std::move(run)};
}

}  // namespace roce::judge
