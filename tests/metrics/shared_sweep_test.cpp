// serve's shared sweep: concurrent scrapes share one sweep, and none waits past its timeout.
#include "cli/shared_sweep.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <future>
#include <mutex>

namespace roce::test {

using namespace std::chrono_literals;

TEST_CASE("a slow sweep never holds a scrape past its timeout; the last complete sweep answers meanwhile") {
  std::atomic<int> sweeps{0};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<bool> block{false};
  cli::SharedSweep shared(
      [&]() -> Expected<std::string> {
        const int n = ++sweeps;
        if (block) released.wait();
        return "sweep " + std::to_string(n);
      },
      0ms);
  auto first = shared.get(2000ms);
  REQUIRE(first.text);
  CHECK(*first.text == "sweep 1");
  CHECK_FALSE(first.stale);

  block = true;
  const auto started = std::chrono::steady_clock::now();
  auto slow = shared.get(50ms);  // sweep 2 hangs: the scrape gets sweep 1, marked stale
  CHECK(std::chrono::steady_clock::now() - started < 1000ms);
  REQUIRE(slow.text);
  CHECK(*slow.text == "sweep 1");
  CHECK(slow.stale);
  auto again = shared.get(50ms);  // joins the running sweep instead of starting another
  CHECK(again.stale);
  CHECK(sweeps == 2);
  CHECK(shared.status().running);

  release.set_value();
  auto after = shared.get(2000ms);  // sweep 2 ended: this scrape gets it, or starts sweep 3
  REQUIRE(after.text);
  CHECK((*after.text == "sweep 2" || *after.text == "sweep 3"));
}

TEST_CASE("scrapes that arrive together share one sweep") {
  std::atomic<int> sweeps{0};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  cli::SharedSweep shared(
      [&]() -> Expected<std::string> {
        ++sweeps;
        released.wait();
        return std::string("text");
      },
      0ms);
  std::vector<std::future<cli::SharedSweep::Reply>> scrapes;
  for (int i = 0; i < 4; ++i) scrapes.push_back(std::async(std::launch::async, [&] { return shared.get(5000ms); }));
  while (!shared.status().running) std::this_thread::yield();
  std::this_thread::sleep_for(20ms);  // the four scrapes are waiting on the one sweep
  release.set_value();
  for (auto& s : scrapes) {
    auto reply = s.get();
    REQUIRE(reply.text);
    CHECK(*reply.text == "text");
  }
  CHECK(sweeps == 1);
}

TEST_CASE("before any sweep ended, a scrape past its timeout gets an error, not an empty page") {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  cli::SharedSweep shared(
      [&]() -> Expected<std::string> {
        released.wait();
        return std::string("late");
      },
      0ms);
  auto reply = shared.get(20ms);
  CHECK_FALSE(reply.text);
  CHECK(reply.stale);
  release.set_value();
}

}  // namespace roce::test
