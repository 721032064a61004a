#pragma once
// roce-doctor's exit codes. Stable: health-check harnesses (Slurm NHC, Kubernetes probes) key on them.
namespace roce {

enum ExitCode : int {
  kExitHealthy = 0,        // check: no findings above info; tune: nothing to change
  kExitWarnings = 1,       // check: warnings only; tune (dry run): changes proposed
  kExitCritical = 2,       // check: at least one critical finding
  kExitInputError = 3,     // bad usage, profile, bundle or capture
  kExitRuntimeError = 4,   // the environment failed us: no permission, kernel/driver error
  kExitNothingJudged = 5,  // check, report: every check that ran was skipped (its inputs missing)
  kExitInterrupted = 130,  // SIGINT (Ctrl-C): 128 + 2
  kExitTerminated = 143,   // SIGTERM: 128 + 15
};

}  // namespace roce
