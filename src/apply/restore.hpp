#pragma once
// Restores journaled objects in reverse order, each read first (an object already at its prior
// value is not written: a PFC write flaps an mlx5 link) and read back after the write.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "apply/journal.hpp"
#include "apply/log.hpp"
#include "system/system.hpp"

namespace roce::apply {

struct RestoreReport {
  std::vector<std::string> restored;  // "ens1f0np0 dcb_pfc: {...} -> {...}"
  std::vector<std::string> failures;  // objects that could not be restored, with the error
  bool ok() const { return failures.empty(); }
};

RestoreReport restore_entries(system::System& system, const std::vector<JournalEntry>& entries, ApplyLog& log,
                              const std::function<void(std::string_view)>& boundary = {});

}  // namespace roce::apply
