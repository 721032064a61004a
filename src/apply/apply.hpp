#pragma once
// `tune --apply`: applies a plan safely, or refuses before touching anything.
//
//   lock -> (restore an unfinished journal) -> refusals -> baseline window -> journal (fsynced)
//   -> watchdog -> write + read back, change by change -> trial window -> keep, or restore in
//   reverse order -> final journal -> release the watchdog -> unlock
//
// Every step boundary calls ApplyOptions::boundary with its name ("locked", "write 0", ...), so
// tests can kill the process at each one.
#include <chrono>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "apply/verify.hpp"
#include "apply/watchdog.hpp"
#include "profile/profile.hpp"
#include "system/system.hpp"
#include "tune/change.hpp"

namespace roce::apply {

struct ApplyOptions {
  std::string state_dir = "/var/lib/roce-doctor";  // lock, journal, tune.log
  std::chrono::milliseconds baseline{10000};
  /// The window after the writes whose drops decide keep or restore. Zero: no baseline, no trial
  /// and no verdict; the writes are kept when each reads back (boot-time apply of a proven profile).
  std::chrono::milliseconds trial{10000};
  bool force = false;    // apply even though an LLDP/DCBX agent owns the DCB configuration
  bool yes = false;      // disruptive changes without asking
  bool dry_run = false;  // run the refusals and print what would be written; write nothing
  /// Asked once, with a description of the disruptive changes, when !yes. Absent: refuse.
  std::function<bool(std::string_view prompt)> confirm;
  /// The watchdog command before "--journal FILE --deadline UNIX_MS", e.g.
  /// {"/proc/self/exe", "__watchdog"}. Empty runs without a dead-man: only for in-process
  /// systems in tests, which no other process could reopen.
  std::vector<std::string> watchdog_command;
  /// The watchdog restores at: journal written + this grace + trial + writes.
  std::chrono::milliseconds watchdog_grace{60000};
  profile::Profile profile;         // lossless priorities and check thresholds for the verdict
  std::function<void(std::string_view)> boundary;
};

enum class ApplyOutcome { kept, rolled_back, refused, failed, nothing_to_do, dry_run };
const char* to_string(ApplyOutcome o);

struct ApplyResult {
  ApplyOutcome outcome = ApplyOutcome::failed;
  std::string reason;
  std::vector<std::string> changed;   // "ens1f0np0 dcb_pfc: {...} -> {...}" for every write that stuck
  std::vector<std::string> restored;  // objects restored by a rollback
  std::optional<Decision> decision;   // when the trial ran
};

/// Applies `changes` (a Plan's changes) to `system`. Prior values are read fresh from the system;
/// a change whose object no longer holds the plan's `current` value is refused as stale.
ApplyResult apply_plan(system::System& system, const std::vector<tune::Change>& changes, const ApplyOptions& options,
                       std::ostream& out);

/// STATE_DIR/journal: the journal of the last apply (or rollback), whatever its outcome.
std::string journal_path(const std::string& state_dir);
/// STATE_DIR/journal.kept: a copy of the last kept apply's journal, what `tune --rollback`
/// restores; a later apply that is rolled back does not replace it.
std::string kept_journal_path(const std::string& state_dir);

struct RecoveryResult {
  bool restored = false;  // an unfinished journal was found and restored
  std::string message;    // what was found and done, or "" when there was nothing
  std::vector<std::string> objects;
};

/// Run at the start of every roce-doctor run: an unfinished journal (its applier died and no
/// watchdog restored it) is restored through `open_system(journal.system)`, and said so. A corrupt
/// or torn journal is an error, never taken as "nothing to do". An apply in progress (lock held)
/// is left alone.
Expected<RecoveryResult> recover_unfinished(const SystemFactory& open_system, const std::string& state_dir,
                                            std::ostream& out);

/// Whether another process holds the apply lock now, looked at without writing anything: an
/// Error naming what it is doing (an apply, a rollback, a watchdog's restore) and who, from the
/// lock file, when one does. The host is being changed: no plan made now would hold.
Expected<std::optional<Error>> apply_in_progress(const std::string& state_dir);

/// An unfinished journal nobody is restoring (its applier died and no watchdog restored it), looked
/// at without writing anything: an Error naming it and the objects a restore would put back, when
/// there is one. The host may hold part of that apply. A dry run leaves it alone: `tune --apply`
/// and `tune --rollback` restore it first (recover_unfinished).
Expected<std::optional<Error>> unfinished_journal(const std::string& state_dir);

/// `tune --rollback`: restores the last kept apply. Refused when an object no longer holds the
/// value that apply wrote (someone changed it since: restoring would undo their change) unless
/// `force`; objects already back at their prior value are left alone.
ApplyResult rollback_last(const SystemFactory& open_system, const std::string& state_dir, std::ostream& out,
                          bool force = false);

}  // namespace roce::apply
