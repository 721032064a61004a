#include "cli/rate_limited_log.hpp"

namespace roce::cli {

void RateLimitedLog::write(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == '\r')) message.pop_back();
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (wrote_ && now - last_ < every_) {
    ++suppressed_;
    return;
  }
  if (suppressed_ > 0)
    message += " (" + std::to_string(suppressed_) + " more message" + (suppressed_ == 1 ? "" : "s") +
               " in the last " + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now - last_).count()) +
               " s not shown)";
  std::fprintf(out_, "roce-doctor: serve: %s\n", message.c_str());
  std::fflush(out_);
  wrote_ = true;
  last_ = now;
  suppressed_ = 0;
}

}  // namespace roce::cli
