#pragma once
// The apply journal: the prior state of every object an apply touches, written (and fsynced)
// before the first write, so that the applier, its watchdog or the next run can restore it.
//
// File format: one header line, then the body (JSON) of exactly the length the header gives:
//   roce-doctor-journal 1 crc32=1a2b3c4d bytes=1234\n{...}
// A file that is shorter than the header says is torn; one whose CRC-32 differs is corrupt.
// Neither is ever read as an empty journal.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "system/object.hpp"
#include "util/expected.hpp"

namespace roce::apply {

/// Where an apply stands. Unfinished states (pending, writing, verifying, restoring) must be
/// restored by whoever finds them; finished ones (kept, rolled_back, restored) are history, and a
/// kept journal is what `tune --rollback` restores.
enum class JournalState { pending, writing, verifying, restoring, kept, rolled_back, restored };
const char* to_string(JournalState state);
bool finished(JournalState state);

struct JournalEntry {
  system::ObjectRef object;
  system::Value prior;     // read fresh from the system before the first write
  system::Value proposed;  // what the apply writes (== prior for a derived object it only records)
  bool derived = false;    // recorded because the driver recomputes it (mlx5 buffer sizes), not written
  bool operator==(const JournalEntry&) const = default;
};

struct Journal {
  std::string system;  // System::name(), so another process can reopen it
  JournalState state = JournalState::pending;
  std::int64_t applier_pid = 0;
  std::string applier_command;
  std::int64_t started_unix_ms = 0;
  std::int64_t deadline_unix_ms = 0;  // the watchdog restores at this time if still unfinished
  std::string note;                   // why it ended: the verify reason, a failure, who restored it
  std::vector<JournalEntry> entries;  // in write order; restore goes in reverse
  bool operator==(const Journal&) const = default;
};

std::string encode_journal(const Journal& journal);
/// Rejects a torn, corrupt or malformed journal with a message that says which and where.
Expected<Journal> decode_journal(std::string_view bytes);

/// tmp file -> fsync -> rename -> fsync(dir).
Outcome write_journal(const std::string& path, const Journal& journal);
/// ENOENT is reported with sys_errno = ENOENT so callers can tell "no journal" from a bad one.
Expected<Journal> read_journal(const std::string& path);

std::uint32_t crc32(std::string_view bytes);

// The folder that holds a journal (or any state file): "." for a bare name.
std::string dir_of(const std::string& path);

}  // namespace roce::apply
