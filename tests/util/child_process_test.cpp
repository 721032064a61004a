// Every child roce-doctor runs starts with no signal blocked and no standard signal ignored, in a
// process group of its own, whatever roce-doctor itself blocks or ignores.
#include "util/child_process.hpp"

#include <signal.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "support/files.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {
namespace {

// The hexadecimal mask of a "Field:\tMASK" line of /proc/PID/status text.
unsigned long long status_mask(const std::string& status, const std::string& field) {
  const auto at = status.find(field + ":");
  if (at == std::string::npos) return ~0ULL;
  return std::stoull(status.substr(at + field.size() + 1), nullptr, 16);
}

}  // namespace

TEST_CASE("a child starts with a clean signal state in a process group of its own") {
  const TempDir dir("child");
  sigset_t both, before;
  sigemptyset(&both);
  sigaddset(&both, SIGINT);
  sigaddset(&both, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &both, &before);
  struct sigaction ignore {};
  struct sigaction old_int {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGINT, &ignore, &old_int);

  auto child = process::Child::start({"cat", "/proc/self/status"}, dir.path("out"), dir.path("err"));
  ::sigaction(SIGINT, &old_int, nullptr);
  ::sigprocmask(SIG_SETMASK, &before, nullptr);
  REQUIRE(child);
  const pid_t pid = child->pid();
  REQUIRE(child->wait_until(process::Clock::now() + std::chrono::seconds(10)).ok());

  const std::string status = slurp(dir.path("out"));
  INFO(status << slurp(dir.path("err")));
  CHECK(status_mask(status, "SigBlk") == 0);
  CHECK((status_mask(status, "SigIgn") & 0x7fffffffULL) == 0);  // 32, 33: glibc's own
  CHECK(status.find("\nNSpgid:\t" + std::to_string(pid) + "\n") != std::string::npos);
}

TEST_CASE("a child whose output cannot be written is not started, and the error names the file") {
  const TempDir dir("child");
  auto unwritable = process::Child::start({"true"}, dir.path("no/such/folder/out"), dir.path("err"));
  REQUIRE_FALSE(unwritable);
  CHECK(unwritable.error().message == "open " + dir.path("no/such/folder/out") + ": No such file or directory");
}

}  // namespace roce::test
