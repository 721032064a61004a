#include <catch2/catch.hpp>

#include <thread>

#include "sources/deadline_job.hpp"
#include "sources/linux_host.hpp"

namespace roce::test {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

TEST_CASE("a worker that finishes in time hands its data back") {
  roce::sources::DeadlineJob<int> job(20, [](int& x) { x += 1; });
  auto got = job.wait_until(Clock::now() + 2s);
  REQUIRE(got.has_value());
  CHECK(*got == 21);
}

TEST_CASE("a hung worker does not stall the caller, and its late finish is harmless") {
  const auto start = Clock::now();
  {
    roce::sources::DeadlineJob<std::string> slow("eth9", [](std::string& s) {
      std::this_thread::sleep_for(300ms);
      s += " done";
    });
    roce::sources::DeadlineJob<std::string> fast("eth0", [](std::string& s) { s += " done"; });
    const auto deadline = Clock::now() + 50ms;
    CHECK_FALSE(slow.wait_until(deadline).has_value());
    CHECK(fast.wait_until(deadline) == std::optional<std::string>("eth0 done"));
  }  // both jobs destroyed while the slow worker still runs
  CHECK((Clock::now() - start < 250ms));
  std::this_thread::sleep_for(400ms);  // let it finish into state nobody reads (ASan checks this)
}

TEST_CASE("the timeout text names the deadline") {
  CHECK(roce::sources::timed_out_text(2000ms) == "timed out after 2 s");
  CHECK(roce::sources::timed_out_text(500ms) == "timed out after 500 ms");
}

}  // namespace roce::test
