#pragma once
// The deadline for a request's headers: a connection that has not sent a whole request line and
// headers within the limit of opening (or of its previous response) is shut down, so a client that
// trickles a byte at a time (slowloris) holds its socket for the limit at most. libmicrohttpd's own
// timeout is for inactivity only; it never fires while bytes keep coming.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace roce::cli {

class HeaderDeadlines {
 public:
  explicit HeaderDeadlines(std::chrono::milliseconds limit);
  ~HeaderDeadlines();
  HeaderDeadlines(const HeaderDeadlines&) = delete;
  HeaderDeadlines& operator=(const HeaderDeadlines&) = delete;

  /// A connection was accepted on socket `fd`: its headers are due within the limit.
  void opened(const void* connection, int fd);
  /// Its headers arrived: no deadline until its response is done.
  void headers_read(const void* connection);
  /// Its response is done: the next request's headers are due within the limit.
  void awaiting_headers(const void* connection);
  /// It is closing; its socket is closed after this returns, never shut down by the watcher.
  void closed(const void* connection);
  /// Connections shut down so far for sending their headers too slowly.
  std::uint64_t cut() const;

 private:
  struct Pending {
    int fd = -1;
    std::chrono::steady_clock::time_point since;
    bool waiting = true;  // for headers
  };
  void watch();

  const std::chrono::milliseconds limit_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t cut_ = 0;
  std::unordered_map<const void*, Pending> open_;
  std::thread watcher_;
};

}  // namespace roce::cli
