#pragma once
// Runs work(data) on its own thread and waits for it until a deadline. The thread owns the data
// (and the work functor) through a shared state, so a worker that finishes after its deadline
// writes into state nobody reads any more: harmless. A worker hung in the kernel stays hung, but
// only that device is lost.
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>

namespace roce::sources {

template <class T>
class DeadlineJob {
 public:
  template <class Work>
  DeadlineJob(T data, Work work) : state_(std::make_shared<State>()) {
    auto run = [state = state_, data = std::move(data), work = std::move(work)]() mutable {
      work(data);
      std::lock_guard lock(state->mutex);
      state->result = std::move(data);
      state->finished.notify_all();
    };
    try {
      std::thread(std::move(run)).detach();
    } catch (const std::system_error&) {  // no thread to spare: read it here, without a deadline
      run();
    }
  }

  // The worker's data, or nullopt when it missed the deadline.
  std::optional<T> wait_until(std::chrono::steady_clock::time_point deadline) {
    std::unique_lock lock(state_->mutex);
    state_->finished.wait_until(lock, deadline, [&] { return state_->result.has_value(); });
    return std::move(state_->result);
  }

 private:
  struct State {
    std::mutex mutex;
    std::condition_variable finished;
    std::optional<T> result;
  };
  std::shared_ptr<State> state_;
};

}  // namespace roce::sources
