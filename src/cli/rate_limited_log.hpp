#pragma once
// Lines written at a bounded rate: at most one per interval; the ones in between are counted and
// the count is said with the next line written. A flood of refused connections writes a few lines
// to the journal, not one per refusal.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace roce::cli {

class RateLimitedLog {
 public:
  explicit RateLimitedLog(std::FILE* out, std::chrono::milliseconds every = std::chrono::seconds(10))
      : out_(out), every_(every) {}
  /// Writes "roce-doctor: serve: MESSAGE" unless a line was written less than the interval ago.
  void write(std::string message);

 private:
  std::FILE* out_;
  std::chrono::milliseconds every_;
  std::mutex mutex_;
  bool wrote_ = false;
  std::chrono::steady_clock::time_point last_;
  std::uint64_t suppressed_ = 0;
};

}  // namespace roce::cli
