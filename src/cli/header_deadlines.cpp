#include "cli/header_deadlines.hpp"

#include <sys/socket.h>

#include <algorithm>

namespace roce::cli {

HeaderDeadlines::HeaderDeadlines(std::chrono::milliseconds limit) : limit_(limit), watcher_([this] { watch(); }) {}

HeaderDeadlines::~HeaderDeadlines() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  watcher_.join();
}

void HeaderDeadlines::opened(const void* connection, int fd) {
  std::lock_guard lock(mutex_);
  open_[connection] = {fd, std::chrono::steady_clock::now(), true};
}

void HeaderDeadlines::headers_read(const void* connection) {
  std::lock_guard lock(mutex_);
  if (auto it = open_.find(connection); it != open_.end()) it->second.waiting = false;
}

void HeaderDeadlines::awaiting_headers(const void* connection) {
  std::lock_guard lock(mutex_);
  if (auto it = open_.find(connection); it != open_.end()) it->second = {it->second.fd, std::chrono::steady_clock::now(), true};
}

void HeaderDeadlines::closed(const void* connection) {
  std::lock_guard lock(mutex_);
  open_.erase(connection);
}

std::uint64_t HeaderDeadlines::cut() const {
  std::lock_guard lock(mutex_);
  return cut_;
}

// Shuts down (never closes: the library owns the socket) what is overdue; the library then reads
// end-of-file and closes the connection, calling closed() first under the same lock.
void HeaderDeadlines::watch() {
  const auto tick = std::clamp(limit_ / 10, std::chrono::milliseconds(10), std::chrono::milliseconds(500));
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, tick);
    const auto now = std::chrono::steady_clock::now();
    for (auto& [connection, pending] : open_) {
      if (!pending.waiting || now - pending.since < limit_) continue;
      ::shutdown(pending.fd, SHUT_RDWR);
      pending.waiting = false;
      ++cut_;
    }
  }
}

}  // namespace roce::cli
