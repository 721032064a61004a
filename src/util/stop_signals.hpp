#pragma once
// SIGINT and SIGTERM: one thread of roce-doctor waits for them; the first ends roce-doctor with
// 128 + the signal (130, 143) once it has killed the children it started and removed its temporary
// folders, unless a command asked to finish on its own (FinishOnStop).
#include <sys/types.h>

#include <string>

namespace roce::process {

/// Call first in main, before any thread: blocks SIGINT and SIGTERM in every thread (a thread
/// started later inherits the mask) and starts the thread that waits for them. SIGCHLD goes back
/// to its default disposition: ignored, the children would reap themselves and every wait fail.
/// roce-doctor acts on SIGINT and SIGTERM even when it was started with them ignored or blocked
/// (a background job of a shell script starts with SIGINT ignored).
void handle_stop_signals();

/// Has a stop signal come (while a FinishOnStop lived)?
bool stop_requested();
/// 128 + the first stop signal (130 for SIGINT, 143 for SIGTERM); 0 when none came.
int stop_exit_code();
/// Sleeps, with no timer, until a stop signal has come; for a command that only waits to be
/// stopped (serve), with a FinishOnStop alive.
void wait_for_stop();

/// While one lives, the first stop signal only sets stop_requested(): the command (collect,
/// record, serve) ends its work and exits itself. A second signal ends roce-doctor as usual.
class FinishOnStop {
 public:
  FinishOnStop();
  ~FinishOnStop();
  FinishOnStop(const FinishOnStop&) = delete;
  FinishOnStop& operator=(const FinishOnStop&) = delete;
};

/// What the stop thread does before roce-doctor exits: it kills the process group of every child
/// registered (and waits until its leader is dead), then removes every folder registered.
namespace on_stop {

/// Held while a child or folder is made and registered (the stop thread takes the same lock), so
/// that the stop thread sees it either not yet made or registered, never in between.
class Registering {
 public:
  Registering();
  ~Registering();
  Registering(const Registering&) = delete;
  Registering& operator=(const Registering&) = delete;
};

/// Registers a child's process group (its pid leads it), a Registering alive.
void add_child(pid_t pid);
/// Registers a folder, a Registering alive.
void add_folder(const std::string& path);
/// Forgets a child: call once it has ended, before reaping it (its pid stays ours until then).
void forget_child(pid_t pid);
/// Forgets a folder: call after removing it.
void forget_folder(const std::string& path);

}  // namespace on_stop

}  // namespace roce::process
