#pragma once
// The only file I/O of the sysfs reader: read one attribute, list one directory, follow one link.
// Every failure carries the errno and the full path.
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::sources::sysfs {

// While an instance lives, this thread's reads (read_attribute, list_directory, link_target_name)
// stay inside `root` (an imported capture's copied tree): a path whose resolved location is outside
// it is refused with EXDEV and the refusal recorded, so a crafted archive cannot make the importer
// read /etc/... through a symlink. Links that resolve inside the tree (a copied
// class/net/X -> ../../devices/...) are followed as usual. The kernel resolves each open beneath the
// root (openat2 RESOLVE_BENEATH), so a link swapped in after a check cannot lead out either; a
// kernel without openat2 (< 5.6) gets the check alone. Without an instance, reads are unconfined
// (the live /sys). Not nestable.
class ConfinedReads {
 public:
  explicit ConfinedReads(const std::string& root);
  ~ConfinedReads();
  ConfinedReads(const ConfinedReads&) = delete;
  ConfinedReads& operator=(const ConfinedReads&) = delete;
  const std::string& root() const { return root_; }
  // "<path>: resolves outside <root> (to <target>); not read", one per refused read.
  const std::vector<std::string>& refused() const { return refused_; }

 private:
  friend Expected<int> open_for_read(const std::string& path, int flags);
  friend Expected<std::string> confined(const std::string& path);
  std::string given_root_;  // as passed: the paths read start with it
  std::string root_;        // resolved
  int root_fd_ = -1;
  std::vector<std::string> refused_;
};

// Joins "a" and "b" with exactly one '/'.
std::string join_path(const std::string& a, const std::string& b);
// The folder part of a path: "." for a bare name, "/" for a file in the root.
std::string parent_of(const std::string& path);

// The attribute's text with one trailing "\n" removed (real sysfs values end with one; copied
// trees sometimes do not) and the CR of CRLF line ends dropped (a tree copied through Windows).
// On failure: Error{"<path>: <strerror>", "", errno}.
Expected<std::string> read_attribute(const std::string& path);

// Entry names of a directory except "." and "..", sorted.
Expected<std::vector<std::string>> list_directory(const std::string& path);

// The last path component of the target of the symbolic link at `path` ("mlx5_core" for
// ".../device/driver -> ../../../../bus/pci/drivers/mlx5_core").
Expected<std::string> link_target_name(const std::string& path);

// The canonical absolute path (symlinks resolved), or the errno (ELOOP for a symlink loop).
Expected<std::string> canonical_path(const std::string& path);

}  // namespace roce::sources::sysfs
