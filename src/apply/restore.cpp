#include "apply/restore.hpp"

#include "apply/value_json.hpp"

namespace roce::apply {

RestoreReport restore_entries(system::System& system, const std::vector<JournalEntry>& entries, ApplyLog& log,
                              const std::function<void(std::string_view)>& boundary) {
  RestoreReport report;
  for (std::size_t n = entries.size(); n-- > 0;) {
    const JournalEntry& e = entries[n];
    const std::string name = describe(e.object);
    if (boundary) boundary("restore " + std::to_string(n));
    auto now = system.read(e.object);
    if (now && same_setting(e.object.knob, *now, e.prior)) continue;
    if (auto written = system.write(e.object, e.prior); !written) {
      report.failures.push_back(name + ": " + written.error().message);
      log.line("restore: FAILED to write " + name + ": " + written.error().message);
      continue;
    }
    auto back = system.read(e.object);
    if (!back) {
      report.failures.push_back(name + ": read back: " + back.error().message);
      log.line("restore: FAILED to read back " + name + ": " + back.error().message);
      continue;
    }
    if (!same_setting(e.object.knob, *back, e.prior)) {
      report.failures.push_back(name + ": reads back " + describe(*back) + ", journal has " + describe(e.prior));
      log.line("restore: FAILED " + name + " reads back " + describe(*back) + ", journal has " + describe(e.prior));
      continue;
    }
    const std::string what =
        name + ": " + (now ? describe(*now) : std::string("(unreadable)")) + " -> " + describe(e.prior);
    report.restored.push_back(what);
    log.line("restore: " + what);
  }
  return report;
}

}  // namespace roce::apply
