#pragma once
// The judge step every command takes: the host (and the evidence given beside it) read through the
// one input path, checked against a profile, the findings ranked with their causes, and the
// verdict with its exit code (engine/verdict.hpp), all in one report::CheckRun.
#include <string>

#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "judge/input.hpp"
#include "model/observations.hpp"
#include "profile/profile.hpp"
#include "report/check_run.hpp"
#include "util/expected.hpp"
#include "util/result.hpp"

namespace roce::judge {

/// --profile NAME|FILE (profile/lookup.hpp), loaded and validated against the checks' thresholds;
/// empty: the built-in default.
Expected<profile::Profile> load_profile(const std::string& name_or_file);
/// "roce-lossless (built-in)", "mine (profiles/mine.toml)": the profile as the views name it.
std::string profile_label(const profile::Profile& profile);

/// The checks' view of an input: its latest sample, the earlier one and the seconds between them
/// (when it has two), the profile and the observations. It refers to `input` and `profile`.
engine::Context context_of(const Input& input, const profile::Profile& profile);

/// What a judgement covers besides the input itself.
struct Scope {
  engine::Selection selection;  // --only / --skip
  /// false: no host was read (`nccl LOG` without --from): only the checks that read the evidence
  /// given, and any check that found something, are listed.
  bool host = true;
};

/// The checks of the scope over context_of(input, profile), linked and ranked, with what the views
/// say of the host (name, hardware, origin, ports, profile, the lines the evidence quotes).
report::CheckRun judge(const Input& input, const profile::Profile& profile, const Scope& scope = {});
/// The same over a context the caller keeps (context_of(input, profile)), for a view that reads it
/// too: what is judged points into it.
report::CheckRun judge(const engine::Context& ctx, const Input& input, const profile::Profile& profile,
                       const Scope& scope = {});

/// What a command asks to be judged.
struct JudgeRequest {
  InputRequest input;   // ignored when scope.host is false
  std::string profile;  // --profile NAME|FILE; empty: the built-in default
  Scope scope;
  model::Observations given;  // evidence the command read itself (bw FILE, nccl LOG), judged with the input's
};

struct Judged {
  Input input;
  profile::Profile profile;
  report::CheckRun run;
};

/// The whole step: the selection checked against the catalog and the profile loaded (both
/// kExitInputError), the input read (read_input's exit codes), then judge().
Result<Judged> read_and_judge(const JudgeRequest& request);

}  // namespace roce::judge
