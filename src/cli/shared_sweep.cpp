// One sweep at a time, shared by concurrent scrapes, each waiting at most its timeout.
#include "cli/shared_sweep.hpp"

namespace roce::cli {

SharedSweep::SharedSweep(std::function<Expected<std::string>()> sweep, std::chrono::milliseconds fresh)
    : sweep_(std::move(sweep)), fresh_(fresh) {}

SharedSweep::~SharedSweep() {
  if (worker_.joinable()) worker_.join();
}

SharedSweep::Reply SharedSweep::get(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (!running_ && last_ && last_->ok() && now - ended_ < fresh_) return {**last_, false};
  if (!running_) {
    if (worker_.joinable()) worker_.join();  // the previous sweep has ended: this returns at once
    running_ = true;
    worker_ = std::thread([this] {
      Expected<std::string> result = sweep_();
      std::lock_guard guard(mutex_);
      if (result) last_good_ = *result;
      last_ = std::move(result);
      ended_ = std::chrono::steady_clock::now();
      running_ = false;
      ++generation_;
      done_.notify_all();
    });
  }
  const std::uint64_t waiting_for = generation_ + 1;
  if (done_.wait_for(lock, timeout, [&] { return generation_ >= waiting_for; })) return {*last_, false};
  if (last_good_) return {*last_good_, true};
  return {fail("the first sweep has not ended within " + std::to_string(timeout.count()) + " ms",
               "a device is slow to answer; the next scrape gets the sweep once it ends"),
          true};
}

SharedSweep::Status SharedSweep::status() {
  std::lock_guard guard(mutex_);
  Status s;
  s.running = running_;
  if (last_) {
    s.ok = last_->ok();
    if (!s.ok) s.error = last_->error().with_hint();
    s.ended = ended_;
  }
  return s;
}

}  // namespace roce::cli
