// One sweep: judge, then render the exposition with its timing.
#include "metrics/sweep.hpp"

#include "judge/judge.hpp"
#include "metrics/exposition.hpp"

namespace roce::metrics {

std::string judge_as_metrics(const judge::Input& input, const profile::Profile& profile,
                             std::chrono::steady_clock::time_point started) {
  const engine::Context ctx = judge::context_of(input, profile);
  const report::CheckRun run = judge::judge(ctx, input, profile);
  SweepTiming timing;
  timing.duration_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  timing.finished_unix_seconds =
      std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  return render_exposition(ctx, run.results, timing);
}

}  // namespace roce::metrics
