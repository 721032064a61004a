#pragma once
// The lock that serialises one user's processes on one model file. It lives in a runtime folder
// of that user's alone, never beside the model (which may be a package's read-only example):
// $XDG_RUNTIME_DIR/roce-doctor/ when set, /run/roce-doctor/ for root, else /tmp/roce-doctor-UID/.
// The folder is made 0700 and used only when it is a real folder (no symlink) owned by this user
// and closed to others, so nobody can plant a file or a link there; the lock file is opened with
// O_NOFOLLOW inside it and removed when released.
#include <string>

namespace roce::sim {

/// An exclusive flock on FOLDER/BASENAME-HASH.lock (HASH: of the model's absolute path), held
/// until destroyed; error() says why it could not be taken.
class SimLock {
 public:
  explicit SimLock(const std::string& model_file);
  ~SimLock();
  SimLock(const SimLock&) = delete;
  SimLock& operator=(const SimLock&) = delete;
  const std::string& error() const { return error_; }
  /// The lock file's path (empty when the folder could not be used).
  const std::string& path() const { return path_; }
  /// The path a lock on this model takes (the folder made if missing; empty when it is not safe).
  static std::string path_for(const std::string& model_file);

 private:
  int dir_ = -1;
  int fd_ = -1;
  std::string name_;
  std::string path_;
  std::string error_;
};

}  // namespace roce::sim
