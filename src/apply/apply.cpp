#include "apply/apply.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "apply/journal.hpp"
#include "apply/lock.hpp"
#include "apply/log.hpp"
#include "apply/preflight.hpp"
#include "apply/restore.hpp"
#include "apply/value_json.hpp"

namespace roce::apply {
namespace {

using std::chrono::milliseconds;

// Objects the driver recomputes when these knobs change (mlx5 re-sizes its buffers when PFC, the
// cable length or the MTU changes): journaled so a restore puts them back too.
bool resizes_buffers(system::Knob k) {
  return k == system::Knob::mtu || k == system::Knob::dcb_pfc || k == system::Knob::dcb_buffer;
}

class Applier {
 public:
  Applier(system::System& system, const std::vector<tune::Change>& changes, const ApplyOptions& options,
          std::ostream& out)
      : system_(system), changes_(changes), opt_(options), log_(options.dry_run ? "" : options.state_dir, out) {}

  ApplyResult run();

 private:
  void at(std::string_view step) {
    if (opt_.boundary) opt_.boundary(step);
  }
  ApplyResult end(ApplyOutcome outcome, std::string reason) {
    result_.outcome = outcome;
    result_.reason = std::move(reason);
    log_.line(std::string("apply: ") + to_string(outcome) + ": " + result_.reason);
    return std::move(result_);
  }
  std::optional<std::string> recover_through_own_system();
  std::optional<std::string> refusals();
  ApplyResult dry_run();
  // The samples at the start and end of a window of `length` (the baseline, the trial).
  Window measure(std::chrono::milliseconds length);
  // The phases of run() after the baseline. Each returns the result that ends the apply (a
  // refusal, a failure, a rollback), or nothing to go on.
  std::optional<ApplyResult> prepare_journal();                      // journal written "pending", nothing written yet
  Expected<WatchdogHandle> start_watchdog();                         // none without a watchdog command
  std::optional<ApplyResult> write_changes();                        // each written and read back: journal "verifying"
  std::optional<ApplyResult> trial_verdict(const Window& baseline);  // kept: journal "kept"
  Outcome save(JournalState state, std::string note = {});
  ApplyResult roll_back(std::string why, ApplyOutcome outcome);

  system::System& system_;
  const std::vector<tune::Change>& changes_;
  const ApplyOptions& opt_;
  ApplyLog log_;
  ApplyResult result_;
  Journal journal_;
  std::vector<JournalEntry> todo_;  // the diff: changes whose object does not hold the proposed value
  std::string path_;
};

std::optional<std::string> Applier::recover_through_own_system() {
  auto old = read_journal(path_);
  if (!old) {
    if (old.error().sys_errno == ENOENT) return std::nullopt;
    return old.error().message + " (inspect it, restore by hand from its entries, then remove it)";
  }
  if (finished(old->state)) return std::nullopt;
  if (old->system != system_.name())
    return "an unfinished journal of " + old->system + " (not " + system_.name() +
           ") must be restored first: run roce-doctor on that system";
  log_.line("apply: found an unfinished journal (" + std::string(to_string(old->state)) + ", pid " +
            std::to_string(old->applier_pid) + ", started " + utc_time(old->started_unix_ms) + "); restoring it first");
  RestoreReport report = restore_entries(system_, old->entries, log_);
  if (!report.ok()) return "could not restore the unfinished journal: " + report.failures.front();
  old->state = JournalState::restored;
  old->note = "restored by a later apply (pid " + std::to_string(::getpid()) + ")";
  if (auto w = write_journal(path_, *old); !w) return w.error().message;
  return std::nullopt;
}

std::optional<std::string> Applier::refusals() {
  std::vector<JournalEntry> entries;
  for (const auto& c : changes_) {
    const std::string name = describe(c.object);
    if (auto w = system_.writable(c.object); !w) return name + " cannot be written here: " + w.error().message;
    auto prior = system_.read(c.object);
    if (!prior) return name + " cannot be read back (so not reverted): " + prior.error().message;
    if (prior->index() != c.proposed.index()) return name + ": the plan proposes a value of another type";
    if (!same_setting(c.object.knob, *prior, c.current))
      return name + " changed since the plan: it holds " + describe(*prior) + ", the plan expected " +
             describe(c.current) + " (plan again)";
    if (!same_setting(c.object.knob, *prior, c.proposed)) entries.push_back({c.object, *prior, c.proposed, false});
  }
  todo_ = std::move(entries);
  if (auto owner = dcbx_owner(system_.sample(), changes_); owner && !opt_.force)
    return *owner + " (use --force to apply anyway)";
  std::string disruptive;
  for (const auto& c : changes_)
    for (const auto& e : todo_)
      if (c.disruptive && e.object == c.object) disruptive += (disruptive.empty() ? "" : ", ") + describe(c.object);
  if (!disruptive.empty() && !opt_.yes && !opt_.dry_run) {
    const std::string prompt = "these changes interrupt traffic (the link goes down and up): " + disruptive;
    if (!opt_.confirm) return prompt + "; use --yes to apply them";
    if (!opt_.confirm(prompt)) return "not confirmed: " + disruptive;
  }
  return std::nullopt;
}

Outcome Applier::save(JournalState state, std::string note) {
  journal_.state = state;
  if (!note.empty()) journal_.note = std::move(note);
  return write_journal(path_, journal_);
}

ApplyResult Applier::roll_back(std::string why, ApplyOutcome outcome) {
  log_.line("apply: rolling back: " + why);
  if (auto s = save(JournalState::restoring, why); !s) log_.line("apply: " + s.error().message);
  at("restoring");
  RestoreReport report = restore_entries(system_, journal_.entries, log_, opt_.boundary);
  result_.restored = report.restored;
  if (!report.ok()) {
    std::string failures;
    for (const auto& f : report.failures) failures += (failures.empty() ? "" : "; ") + f;
    return end(ApplyOutcome::failed, why + "; the rollback failed (" + failures +
                                         "); the journal stays unfinished so the next run retries it");
  }
  if (auto s = save(JournalState::rolled_back, why); !s) log_.line("apply: " + s.error().message);
  at("rolled back");
  return end(outcome, why);
}

ApplyResult Applier::run() {
  at("start");
  path_ = journal_path(opt_.state_dir);
  std::optional<ApplyLock> lock;
  if (!opt_.dry_run) {
    auto taken = ApplyLock::acquire(opt_.state_dir);
    if (!taken) return end(ApplyOutcome::refused, taken.error().with_hint());
    lock = std::move(*taken);
    at("locked");
    if (auto logged = check_log_writable(opt_.state_dir); !logged)
      return end(ApplyOutcome::refused, logged.error().with_hint());
    if (auto problem = recover_through_own_system()) return end(ApplyOutcome::refused, *problem);
  }
  if (auto refusal = refusals()) return end(ApplyOutcome::refused, *refusal);
  at("checked");
  if (todo_.empty()) return end(ApplyOutcome::nothing_to_do, "every object already holds the proposed value");
  if (opt_.dry_run) return dry_run();

  // Measured only for a trial to be compared with (--trial 0 has none).
  const Window baseline = opt_.trial.count() > 0 ? measure(opt_.baseline) : Window{};
  at("baseline");
  if (auto stopped = prepare_journal()) return std::move(*stopped);
  at("journaled");
  auto watchdog = start_watchdog();
  if (!watchdog) return end(ApplyOutcome::failed, watchdog.error().message);
  at("watchdog");
  std::optional<ApplyResult> ended = write_changes();
  if (!ended) ended = trial_verdict(baseline);
  watchdog->finish();
  if (ended) return std::move(*ended);
  at("released");
  return end(ApplyOutcome::kept, journal_.note);
}

ApplyResult Applier::dry_run() {
  for (const auto& e : todo_)
    result_.changed.push_back(describe(e.object) + ": " + describe(e.prior) + " -> " + describe(e.proposed));
  for (const auto& c : result_.changed) log_.line("apply: would write " + c);
  return end(ApplyOutcome::dry_run, std::to_string(todo_.size()) + " objects would be written");
}

Window Applier::measure(milliseconds length) {
  Window w;
  w.start = system_.sample();
  system_.wait(length);
  w.end = system_.sample();
  return w;
}

std::optional<ApplyResult> Applier::prepare_journal() {
  // Prior values read fresh now (the baseline took time), derived objects first so a
  // reverse-order restore puts them back last, after what they derive from.
  journal_.system = system_.name();
  journal_.applier_pid = ::getpid();
  journal_.applier_command = own_command_line();
  journal_.started_unix_ms = unix_ms_now();
  std::vector<JournalEntry> derived;
  for (auto& e : todo_) {
    auto prior = system_.read(e.object);
    if (!prior) return end(ApplyOutcome::refused, describe(e.object) + " cannot be read: " + prior.error().message);
    if (!same_setting(e.object.knob, *prior, e.prior))
      return end(ApplyOutcome::refused, describe(e.object) + " changed during the baseline window: it holds " +
                                            describe(*prior) + ", it held " + describe(e.prior) + " (plan again)");
    e.prior = *prior;
    const system::ObjectRef buffer{e.object.netdev, system::Knob::dcb_buffer, 0};
    const auto journaled = [&](const system::ObjectRef& o) {
      return std::any_of(todo_.begin(), todo_.end(), [&](const JournalEntry& t) { return t.object == o; }) ||
             std::any_of(derived.begin(), derived.end(), [&](const JournalEntry& t) { return t.object == o; });
    };
    if (!resizes_buffers(e.object.knob) || journaled(buffer)) continue;
    auto b = system_.read(buffer);
    if (b) {
      derived.push_back({buffer, *b, *b, true});
    } else if (b.error().sys_errno != EOPNOTSUPP) {  // no buffer object: nothing the driver re-sizes
      return end(ApplyOutcome::refused,
                 describe(buffer) + " (re-sized by the driver when " + describe(e.object) +
                     " changes) cannot be read, so a rollback could not put it back: " + b.error().message);
    }
  }
  journal_.entries = derived;
  journal_.entries.insert(journal_.entries.end(), todo_.begin(), todo_.end());
  const auto writes_allowance = milliseconds(2000) * static_cast<long>(todo_.size());
  journal_.deadline_unix_ms = journal_.started_unix_ms + (opt_.watchdog_grace + opt_.trial + writes_allowance).count();
  if (auto s = save(JournalState::pending); !s) return end(ApplyOutcome::failed, "journal: " + s.error().message);
  return std::nullopt;
}

Expected<WatchdogHandle> Applier::start_watchdog() {
  if (opt_.watchdog_command.empty()) return WatchdogHandle{};
  auto spawned = spawn_watchdog(opt_.watchdog_command, path_, journal_.deadline_unix_ms);
  if (!spawned) {
    (void)save(JournalState::rolled_back, "the watchdog did not start; nothing was written");
    return fail(spawned.error().message + "; nothing was written");
  }
  log_.line("apply: watchdog pid " + std::to_string(spawned->pid()) + " restores the journal at " +
            utc_time(journal_.deadline_unix_ms) + " unless this apply finishes");
  return spawned;
}

std::optional<ApplyResult> Applier::write_changes() {
  if (auto s = save(JournalState::writing); !s) return roll_back("journal: " + s.error().message, ApplyOutcome::failed);
  for (std::size_t i = 0; i < todo_.size(); ++i) {
    const JournalEntry& e = todo_[i];
    const std::string name = describe(e.object);
    at("write " + std::to_string(i));
    if (auto w = system_.write(e.object, e.proposed); !w)
      return roll_back("writing " + name + " failed: " + w.error().message, ApplyOutcome::rolled_back);
    at("read back " + std::to_string(i));
    auto back = system_.read(e.object);
    if (!back || !same_setting(e.object.knob, *back, e.proposed)) {
      const std::string got = back ? describe(*back) : "error: " + back.error().message;
      return roll_back(name + " reads back " + got + " after writing " + describe(e.proposed),
                       ApplyOutcome::rolled_back);
    }
    result_.changed.push_back(name + ": " + describe(e.prior) + " -> " + describe(e.proposed));
    log_.line("apply: wrote " + result_.changed.back());
  }
  if (auto s = save(JournalState::verifying); !s)
    return roll_back("journal: " + s.error().message, ApplyOutcome::failed);
  at("written");
  return std::nullopt;
}

std::optional<ApplyResult> Applier::trial_verdict(const Window& baseline) {
  std::string reason;
  if (opt_.trial.count() == 0) {
    // No trial window (a boot-time apply of a profile proven before): nothing carries traffic yet,
    // so there is nothing to measure; the writes that read back are kept.
    reason = "no trial window (--trial 0): every write read back";
    log_.line("apply: verify: keep: " + reason);
  } else {
    const Window trial = measure(opt_.trial);
    at("trial");
    result_.decision = decide(baseline, trial, opt_.profile);
    const Decision& d = *result_.decision;
    log_.line(std::string("apply: verify: ") + to_string(d.verdict) + ": " + d.reason);
    if (d.verdict == Verdict::rollback) return roll_back("verify: " + d.reason, ApplyOutcome::rolled_back);
    reason = d.reason;
  }
  // The copy `tune --rollback` reads first: dying between the two writes leaves the journal
  // unfinished (restored by the watchdog or the next run), never a kept apply without its copy.
  journal_.state = JournalState::kept;
  journal_.note = reason;
  if (auto s = write_journal(kept_journal_path(opt_.state_dir), journal_); !s)
    return roll_back("journal: " + s.error().message, ApplyOutcome::failed);
  if (auto s = save(JournalState::kept, reason); !s)
    return roll_back("journal: " + s.error().message, ApplyOutcome::failed);
  at("kept");
  return std::nullopt;
}

}  // namespace

const char* to_string(ApplyOutcome o) {
  switch (o) {
    case ApplyOutcome::kept: return "kept";
    case ApplyOutcome::rolled_back: return "rolled back";
    case ApplyOutcome::refused: return "refused";
    case ApplyOutcome::failed: return "failed";
    case ApplyOutcome::nothing_to_do: return "nothing to do";
    case ApplyOutcome::dry_run: return "dry run";
  }
  return "failed";
}

std::string journal_path(const std::string& state_dir) { return state_dir + "/journal"; }
std::string kept_journal_path(const std::string& state_dir) { return state_dir + "/journal.kept"; }

ApplyResult apply_plan(system::System& system, const std::vector<tune::Change>& changes, const ApplyOptions& options,
                       std::ostream& out) {
  return Applier(system, changes, options, out).run();
}

}  // namespace roce::apply
