// Restores outside an apply: an unfinished journal found by a later run, and `tune --rollback`.
#include <unistd.h>

#include <cerrno>

#include "apply/apply.hpp"
#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/log.hpp"
#include "apply/restore.hpp"
#include "apply/value_json.hpp"

namespace roce::apply {

namespace {

// What the lock holder is doing, by its command line.
std::string activity_of(const std::string& holder) {
  if (holder.find("__watchdog") != std::string::npos) return "a watchdog is restoring an interrupted apply";
  if (holder.find("--rollback") != std::string::npos) return "a rollback is in progress";
  return "an apply is in progress";
}

// "ens1f0np0 mtu (back to 1500), ..." for the first few entries of a journal.
std::string restores_of(const Journal& journal) {
  constexpr std::size_t kShown = 6;
  std::string text;
  for (std::size_t i = 0; i < journal.entries.size() && i < kShown; ++i) {
    const auto& e = journal.entries[journal.entries.size() - 1 - i];  // in restore order
    text += (text.empty() ? "" : ", ") + describe(e.object) + " (back to " + describe(e.prior) + ")";
  }
  if (journal.entries.size() > kShown) text += " and " + std::to_string(journal.entries.size() - kShown) + " more";
  return text;
}

}  // namespace

Expected<std::optional<Error>> apply_in_progress(const std::string& state_dir) {
  auto holder = lock_holder_now(state_dir);
  if (!holder) return fail(std::move(holder.error()));
  if (!*holder) return std::optional<Error>();
  return std::optional<Error>(Error{
      activity_of(**holder) + " on this host: " + **holder + "; the host is being changed, so nothing is planned now",
      "run roce-doctor tune again once it has finished: the lock is released when that process exits", EWOULDBLOCK});
}

Expected<std::optional<Error>> unfinished_journal(const std::string& state_dir) {
  const std::string path = journal_path(state_dir);
  auto journal = read_journal(path);
  if (!journal && journal.error().sys_errno == ENOENT) return std::optional<Error>();
  if (!journal)
    return fail(journal.error().message,
                "the journal could not be read: inspect " + path + ", restore by hand from its entries, then remove it",
                journal.error().sys_errno);
  if (finished(journal->state)) return std::optional<Error>();
  return std::optional<Error>(Error{
      "an apply did not finish: its journal " + path + " (" + to_string(journal->state) + ", pid " +
          std::to_string(journal->applier_pid) + ", started " + utc_time(journal->started_unix_ms) +
          ") was never restored, so " + journal->system + " may hold part of what it wrote; a restore puts back " +
          restores_of(*journal) +
          ". A dry run writes nothing: it was not restored, and no plan is made on a host left half-way",
      "roce-doctor tune --apply restores it first, then plans and applies; roce-doctor tune --rollback restores it "
      "first, then rolls back the last kept apply"});
}

Expected<RecoveryResult> recover_unfinished(const SystemFactory& open_system, const std::string& state_dir,
                                            std::ostream& out) {
  RecoveryResult result;
  const std::string path = journal_path(state_dir);
  auto peek = read_journal(path);
  if (!peek && peek.error().sys_errno == ENOENT) return result;
  if (!peek)
    return fail(peek.error().message,
                "the journal could not be read, so nothing was restored: inspect " + path +
                    ", restore by hand from its entries, then remove it",
                peek.error().sys_errno);
  if (finished(peek->state)) return result;
  auto lock = ApplyLock::acquire(state_dir);
  if (!lock && lock.error().sys_errno != EWOULDBLOCK) return fail(std::move(lock.error()));
  if (!lock) {
    result.message = "an apply is in progress (" + describe_lock_holder(state_dir) + "); its journal was left alone";
    return result;
  }
  auto journal = read_journal(path);  // again, under the lock: a watchdog may have restored it meanwhile
  if (!journal) return fail(journal.error().message, "nothing was restored: inspect " + path);
  if (finished(journal->state)) return result;

  if (auto logged = check_log_writable(state_dir); !logged) return fail(std::move(logged.error()));
  ApplyLog log(state_dir, out);
  log.line("recover: found an unfinished apply journal (" + std::string(to_string(journal->state)) + ", pid " +
           std::to_string(journal->applier_pid) + ", started " + utc_time(journal->started_unix_ms) +
           "); restoring its " + std::to_string(journal->entries.size()) + " objects on " + journal->system);
  auto system = open_system(journal->system);
  if (!system) return fail(std::move(system.error()).context("recover: open " + journal->system));
  RestoreReport report = restore_entries(**system, journal->entries, log);
  result.objects = report.restored;
  if (!report.ok()) {
    std::string failures;
    for (const auto& f : report.failures) failures += (failures.empty() ? "" : "; ") + f;
    return fail("recover: restore incomplete: " + failures, "the journal stays unfinished; the next run retries");
  }
  journal->state = JournalState::restored;
  journal->note = "restored by a later run (pid " + std::to_string(::getpid()) + ")";
  if (auto w = write_journal(path, *journal); !w) return fail(w.error());
  result.restored = true;
  result.message = "restored an unfinished apply (pid " + std::to_string(journal->applier_pid) + ", started " +
                   utc_time(journal->started_unix_ms) + "): " + std::to_string(report.restored.size()) +
                   " objects written back";
  log.line("recover: " + result.message);
  return result;
}

namespace {

// Where each journaled object stands before a rollback: still as the apply left it, already back
// at its prior value, or changed by someone since.
struct RollbackCheck {
  std::vector<std::string> changed_since;
  std::size_t at_prior = 0;
};

Expected<RollbackCheck> check_before_rollback(system::System& system, const Journal& journal) {
  RollbackCheck check;
  for (const auto& e : journal.entries) {
    auto now = system.read(e.object);
    if (!now) return fail(describe(e.object) + " cannot be read: " + now.error().message);
    if (same_setting(e.object.knob, *now, e.prior)) ++check.at_prior;
    // A derived object (mlx5 buffer sizes) was re-sized by the driver, not written by the apply:
    // any value it holds now is the apply's doing.
    else if (!e.derived && !same_setting(e.object.knob, *now, e.proposed))
      check.changed_since.push_back(describe(e.object) + " holds " + describe(*now) + ", the apply wrote " +
                                    describe(e.proposed));
  }
  return check;
}

}  // namespace

ApplyResult rollback_last(const SystemFactory& open_system, const std::string& state_dir, std::ostream& out,
                          bool force) {
  ApplyResult result;
  ApplyLog log(state_dir, out);
  auto finish = [&](ApplyOutcome outcome, std::string reason) {
    result.outcome = outcome;
    result.reason = std::move(reason);
    log.line(std::string("rollback: ") + to_string(outcome) + ": " + result.reason);
    return result;
  };
  auto lock = ApplyLock::acquire(state_dir);
  if (!lock) return finish(ApplyOutcome::refused, lock.error().with_hint());
  if (auto logged = check_log_writable(state_dir); !logged)
    return finish(ApplyOutcome::refused, logged.error().with_hint());
  if (auto active = read_journal(journal_path(state_dir)); active && !finished(active->state))
    return finish(ApplyOutcome::refused, "the last apply is unfinished (" + std::string(to_string(active->state)) +
                                             "): run roce-doctor tune --rollback again to restore it first");
  const std::string kept_path = kept_journal_path(state_dir);
  auto journal = read_journal(kept_path);
  if (!journal && journal.error().sys_errno == ENOENT)
    return finish(ApplyOutcome::nothing_to_do, "no kept apply to roll back");
  if (!journal) return finish(ApplyOutcome::failed, journal.error().message);
  if (journal->state != JournalState::kept)
    return finish(ApplyOutcome::nothing_to_do, std::string("the last kept apply is ") + to_string(journal->state) +
                                                   (journal->note.empty() ? "" : " (" + journal->note + ")"));
  auto system = open_system(journal->system);
  if (!system) return finish(ApplyOutcome::failed, "open " + journal->system + ": " + system.error().message);
  auto check = check_before_rollback(**system, *journal);
  if (!check) return finish(ApplyOutcome::failed, "nothing was restored: " + check.error().message);
  if (!check->changed_since.empty() && !force) {
    std::string changed;
    for (const auto& c : check->changed_since) changed += (changed.empty() ? "" : "; ") + c;
    return finish(ApplyOutcome::refused, "changed since the apply of " + utc_time(journal->started_unix_ms) + ": " +
                                             changed + ". Restoring would undo that; use --force to restore anyway");
  }
  const std::string started = utc_time(journal->started_unix_ms);
  if (check->at_prior == journal->entries.size()) {
    journal->state = JournalState::rolled_back;
    journal->note = "every object already held its prior value (pid " + std::to_string(::getpid()) + ")";
    if (auto w = write_journal(kept_path, *journal); !w) return finish(ApplyOutcome::failed, w.error().message);
    return finish(ApplyOutcome::nothing_to_do,
                  "every object of the apply of " + started + " already holds its prior value");
  }
  // The active journal says "restoring" before anything is written, so a rollback that dies is
  // finished by the next run like any unfinished apply; the kept copy is spent from then on.
  Journal active = *journal;
  active.state = JournalState::restoring;
  active.applier_pid = ::getpid();
  active.applier_command = own_command_line();
  active.note = "rollback on request of the apply of " + started;
  if (auto w = write_journal(journal_path(state_dir), active); !w)
    return finish(ApplyOutcome::failed, w.error().message);
  journal->state = JournalState::rolled_back;
  journal->note = "rolled back on request (pid " + std::to_string(::getpid()) + ")";
  if (auto w = write_journal(kept_path, *journal); !w) return finish(ApplyOutcome::failed, w.error().message);
  RestoreReport report = restore_entries(**system, active.entries, log);
  result.restored = report.restored;
  if (!report.ok()) {
    std::string failures;
    for (const auto& f : report.failures) failures += (failures.empty() ? "" : "; ") + f;
    return finish(ApplyOutcome::failed, "restore incomplete: " + failures + "; the next run retries");
  }
  active.state = JournalState::rolled_back;
  if (auto w = write_journal(journal_path(state_dir), active); !w)
    return finish(ApplyOutcome::failed, w.error().message);
  return finish(ApplyOutcome::rolled_back, "restored the apply of " + started + ": " +
                                               std::to_string(report.restored.size()) + " objects written back");
}

}  // namespace roce::apply
