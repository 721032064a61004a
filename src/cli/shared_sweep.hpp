#pragma once
// What `serve` does at scrape time: one sweep at a time, shared by every scrape that arrives while
// it runs, and a bound on how long a scrape waits for it.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "util/expected.hpp"

namespace roce::cli {

class SharedSweep {
 public:
  /// `sweep` reads and judges the host and renders the exposition (it runs on a worker thread, one
  /// at a time). A result younger than `fresh` is served again without a new sweep.
  SharedSweep(std::function<Expected<std::string>()> sweep, std::chrono::milliseconds fresh);
  /// Waits for a running sweep to finish.
  ~SharedSweep();
  SharedSweep(const SharedSweep&) = delete;
  SharedSweep& operator=(const SharedSweep&) = delete;

  struct Reply {
    Expected<std::string> text = std::string();
    bool stale = false;  // the sweep did not end within the timeout: the last complete one
  };
  /// Starts a sweep unless one is running or a fresh result exists, and waits for it at most
  /// `timeout`. Past it: the last complete sweep (stale), or an error when there is none yet.
  Reply get(std::chrono::milliseconds timeout);

  /// The last sweep's outcome and when it ended, for the health path; nullopt before the first.
  struct Status {
    bool ok = false;
    std::string error;
    std::chrono::steady_clock::time_point ended;
    bool running = false;
  };
  Status status();

 private:
  std::function<Expected<std::string>()> sweep_;
  std::chrono::milliseconds fresh_;
  std::mutex mutex_;
  std::condition_variable done_;
  std::thread worker_;
  bool running_ = false;
  std::uint64_t generation_ = 0;               // sweeps finished
  std::optional<Expected<std::string>> last_;  // the last finished sweep's outcome
  std::optional<std::string> last_good_;       // the last sweep that succeeded
  std::chrono::steady_clock::time_point ended_{};
};

}  // namespace roce::cli
