// Restores outside an apply: an unfinished journal found by a later run, and `tune --rollback`.
#include <unistd.h>

#include <cerrno>

#include "apply/apply.hpp"
#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/log.hpp"
#include "apply/restore.hpp"

namespace roce::apply {

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
  if (!lock) {
    result.message = "an apply is in progress (" + describe_lock_holder(state_dir) + "); its journal was left alone";
    return result;
  }
  auto journal = read_journal(path);  // again, under the lock: a watchdog may have restored it meanwhile
  if (!journal) return fail(journal.error().message, "nothing was restored: inspect " + path);
  if (finished(journal->state)) return result;

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

ApplyResult rollback_last(const SystemFactory& open_system, const std::string& state_dir, std::ostream& out) {
  ApplyResult result;
  ApplyLog log(state_dir, out);
  auto finish = [&](ApplyOutcome outcome, std::string reason) {
    result.outcome = outcome;
    result.reason = std::move(reason);
    log.line(std::string("rollback: ") + to_string(outcome) + ": " + result.reason);
    return result;
  };
  auto lock = ApplyLock::acquire(state_dir);
  if (!lock) return finish(ApplyOutcome::refused, lock.error().message);
  const std::string path = journal_path(state_dir);
  auto journal = read_journal(path);
  if (!journal && journal.error().sys_errno == ENOENT) return finish(ApplyOutcome::nothing_to_do, "no apply to roll back");
  if (!journal) return finish(ApplyOutcome::failed, journal.error().message);
  if (journal->state != JournalState::kept)
    return finish(ApplyOutcome::nothing_to_do, std::string("the last apply is ") + to_string(journal->state) +
                                                   (journal->note.empty() ? "" : " (" + journal->note + ")"));
  auto system = open_system(journal->system);
  if (!system) return finish(ApplyOutcome::failed, "open " + journal->system + ": " + system.error().message);
  journal->state = JournalState::restoring;
  if (auto w = write_journal(path, *journal); !w) return finish(ApplyOutcome::failed, w.error().message);
  RestoreReport report = restore_entries(**system, journal->entries, log);
  result.restored = report.restored;
  if (!report.ok()) {
    std::string failures;
    for (const auto& f : report.failures) failures += (failures.empty() ? "" : "; ") + f;
    return finish(ApplyOutcome::failed, "restore incomplete: " + failures + "; the next run retries");
  }
  journal->state = JournalState::rolled_back;
  journal->note = "rolled back on request (pid " + std::to_string(::getpid()) + ")";
  if (auto w = write_journal(path, *journal); !w) return finish(ApplyOutcome::failed, w.error().message);
  return finish(ApplyOutcome::rolled_back,
                "restored the apply of " + utc_time(journal->started_unix_ms) + ": " +
                    std::to_string(report.restored.size()) + " objects written back");
}

}  // namespace roce::apply
